import {
  countMachineFiles,
  createMachineFile,
  deleteMachineFile,
  getMachineFile,
  importMachineFilesCsv,
  isOperatePatch,
  listMachineFiles,
  saveMachineFiles,
  updateMachineFile,
} from "~/models/machine-file.server";
import { MachineFileBulkSchema, MachineFileCreateSchema, MachineFilePatchSchema, UploadCsvSchema } from "~/schemas/machine-file";
import { CSV_BODY_LIMIT } from "~/services/http.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, listPage, pageParams, parseBody, parseId } from "~/http/api.server";
import { parseIdParam } from "~/domain/ids";
import { csvImportMessage, csvImportRefused, filesSavedSkippedMessage } from "~/domain/machine-file-messages";
import type { Route } from "./+types/machine-files";
import type { RouteMethods } from "~/services/route-rules.server";

// docs/product.md §7 'Machine files': GET/POST /api/machine-ready-files, POST …/bulk, PATCH/DELETE …/{id}, POST …/upload-csv.
// Details, imports and deletes are project work (pre-production, project-management); opening a file's QR and
// completing it are floor work that any signed-in member does (docs/product.md (Decisions) permissions).

const ERRORS_RETURNED = 1000;

const tail = (request: Request) => new URL(request.url).pathname.split("/").pop();

/** The methods this module answers (services/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = {
  "api-machine-files": ["GET", "POST"],
  "api-machine-files-bulk": ["POST"],
  "api-machine-files-upload-csv": ["POST"],
  "api-machine-files-id": ["GET", "PATCH", "DELETE"],
};

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    if (params.id !== undefined) {
      const file = getMachineFile(parseId(params.id, "Machine file"));
      return file ? json(file) : jsonError(404, "Machine file not found");
    }
    if (tail(request) !== "machine-ready-files") return jsonError(405, "Method not allowed");
    const url = new URL(request.url);
    const rawProject = url.searchParams.get("projectId");
    const projectId = rawProject === null || rawProject === "" ? undefined : parseIdParam(rawProject);
    if (projectId === null) return jsonError(400, "projectId must be a project id (a whole number)");
    const page = pageParams(url);
    return listPage(url, page, listMachineFiles({ projectId, ...page }), countMachineFiles({ projectId }));
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const method = request.method.toUpperCase();
    if (params.id !== undefined) {
      const id = parseId(params.id, "Machine file");
      if (method === "PATCH") {
        const user = requirePermission(request, "read");
        const { completedBy: _ignored, ...patch } = await parseBody(request, MachineFilePatchSchema);
        requirePermission(request, isOperatePatch(patch) ? "machine-files:operate" : "projects:write");
        const file = updateMachineFile(id, patch, actorFrom(request, user));
        return file ? json(file) : jsonError(404, "Machine file not found");
      }
      if (method === "DELETE") {
        const user = requirePermission(request, "projects:write");
        return deleteMachineFile(id, actorFrom(request, user))
          ? json({ message: "Machine file deleted successfully.", id })
          : jsonError(404, "Machine file not found");
      }
      return jsonError(405, "Method not allowed");
    }
    if (method !== "POST") return jsonError(405, "Method not allowed");
    const user = requirePermission(request, "projects:write");
    const actor = actorFrom(request, user);
    switch (tail(request)) {
      case "machine-ready-files":
        return json(createMachineFile(await parseBody(request, MachineFileCreateSchema), actor), { status: 201 });
      case "bulk": {
        // All or nothing, in one transaction; files already there (same project, name and machine) are skipped.
        const { files } = await parseBody(request, MachineFileBulkSchema, CSV_BODY_LIMIT);
        const { created, skipped } = saveMachineFiles({ creates: files }, actor);
        return json(
          { message: filesSavedSkippedMessage(created.length, skipped), files: created, saved: created.length, skipped },
          { status: created.length ? 201 : 200 },
        );
      }
      case "upload-csv": {
        const body = await parseBody(request, UploadCsvSchema, CSV_BODY_LIMIT);
        const result = await importMachineFilesCsv({ text: body.csvData }, { fileType: body.defaultFileType, projectId: body.defaultProjectId ?? null }, actor);
        const failed = result.problem ? 0 : result.errors.length;
        const message = csvImportMessage({ ...result, failed });
        // A refused file is a 400 whose errors the screen lists; a partial save is a 201 with them. A long list of
        // errors is cut, as a person reads it: the first ERRORS_RETURNED, then how many more.
        const errors =
          result.errors.length > ERRORS_RETURNED
            ? [...result.errors.slice(0, ERRORS_RETURNED), `... and ${result.errors.length - ERRORS_RETURNED} more`]
            : result.errors;
        const status = csvImportRefused(result) ? 400 : result.saved > 0 ? 201 : 200;
        return json({ message, errors, saved: result.saved, skipped: result.skipped, failed, files: result.files }, { status });
      }
      default:
        return jsonError(405, "Method not allowed");
    }
  });
}
