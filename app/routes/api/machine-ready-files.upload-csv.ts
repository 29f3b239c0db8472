import { importMachineFilesCsv } from "~/models/machine-file.server";
import { UploadCsvSchema } from "~/schemas/machine-file";
import { actorFrom } from "~/services/actor.server";
import { CSV_BODY_LIMIT } from "~/pipeline/http.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, parseBody } from "~/http/api.server";
import { csvImportMessage, csvImportRefused } from "~/domain/machine-file-messages";
import type { Route } from "./+types/machine-ready-files.upload-csv";
import type { RouteBody, RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/machine-ready-files/upload-csv: a CSV of machine files (docs/product.md §7 'Machine files').

const ERRORS_RETURNED = 1000;

export const methods: RouteMethods = ["POST"];

/** An import of thousands of rows is a large body by design (pipeline/route-rules.server). */
export const body: RouteBody = { POST: { limit: "csv", permission: "machine-files:write" } };

export async function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "machine-files:write");
    const body = await parseBody(request, UploadCsvSchema, CSV_BODY_LIMIT);
    const result = await importMachineFilesCsv(
      { text: body.csvData },
      { fileType: body.defaultFileType, projectId: body.defaultProjectId ?? null },
      actorFrom(request, user),
    );
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
  });
}
