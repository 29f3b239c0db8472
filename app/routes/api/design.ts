import { acceptUpload, createUploadUrl, deleteDesign, getDesign, saveDesign, saveDesignFile, UploadRefused } from "~/models/design.server";
import { getProject } from "~/models/project.server";
import { DesignRecordSchema } from "~/schemas/project";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { uploadedFile } from "~/services/uploads.server";
import { api, json, jsonError, parseBody, parseId } from "~/http/api.server";
import { getEnv } from "~/infra/env.server";
import type { Route } from "./+types/design";
import type { RouteMethods } from "~/services/route-rules.server";

// docs/product.md §7 'Design': GET/POST/DELETE /api/projects/{id}/design, POST …/design/upload-url, and the PUT of the bytes
// to the URL it returns (/api/uploads/{token}). docs/product.md, Decisions: Uploads: only PDFs, at most MAX_UPLOAD_MB.

const maxBytes = () => Math.ceil(getEnv().MAX_UPLOAD_MB * 1024 * 1024);

function refusal(error: unknown) {
  if (error instanceof UploadRefused) return jsonError(error.status, error.message);
  throw error;
}

/** The methods this module answers (services/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = { "api-design": ["GET", "POST", "DELETE"], "api-design-upload-url": ["POST"], "api-uploads": ["PUT"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    if (params.token !== undefined) return jsonError(405, "Method not allowed");
    const id = parseId(params.id, "Project");
    if (!getProject(id)) return jsonError(404, "Project not found");
    const design = getDesign(id);
    return design ? json(design) : jsonError(404, "No design uploaded");
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "projects:write");
    const actor = actorFrom(request, user);
    const method = request.method.toUpperCase();
    const { pathname } = new URL(request.url);
    if (params.token !== undefined) {
      if (method !== "PUT") return jsonError(405, "Method not allowed");
      try {
        const done = await acceptUpload(params.token, request.body, maxBytes());
        return json({ uploadedPath: done.uploadedPath, fileSize: done.fileSize });
      } catch (error) {
        return refusal(error);
      }
    }
    const id = parseId(params.id, "Project");
    if (pathname.endsWith("/upload-url")) {
      if (method !== "POST") return jsonError(405, "Method not allowed");
      return json(createUploadUrl(id, actor));
    }
    if (method === "DELETE") {
      return deleteDesign(id, actor) ? json({ message: "Design removed successfully!" }) : jsonError(404, "No design uploaded");
    }
    if (method !== "POST") return jsonError(405, "Method not allowed");
    if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
      // The HTTP layer wrote the file to disk as it arrived (services/uploads.server).
      const file = uploadedFile(request, "file");
      if (!file || file.size === 0) return jsonError(400, "Please select a PDF file");
      try {
        return json(await saveDesignFile(id, file, actor, maxBytes()), { status: 201 });
      } catch (error) {
        return refusal(error);
      }
    }
    const body = await parseBody(request, DesignRecordSchema);
    return json(saveDesign(id, body, actor), { status: 201 });
  });
}
