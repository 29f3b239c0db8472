import { t } from "@lingui/core/macro";
import { deleteDesign, getDesign, saveDesign, saveDesignFile } from "~/models/design.server";
import { getProject } from "~/models/project.server";
import { DesignRecordSchema } from "~/schemas/project";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { maxUploadBytes, uploadedFile } from "~/pipeline/uploads.server";
import { api, noBody, json, jsonError, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/projects.$id.design";
import type { RouteBody, RouteMethods } from "~/pipeline/route-rules.server";

// docs/product.md §7 'Design': GET/POST/DELETE /api/projects/{id}/design. POST takes the design's record (JSON,
// after a PUT to an upload URL) or the PDF itself (multipart). Only PDFs, at most MAX_UPLOAD_MB
// (docs/product.md (Decisions) Uploads); a refused upload is a DomainError with its status and sentence.

export const methods: RouteMethods = ["GET", "POST", "DELETE"];

/** A design PDF up to MAX_UPLOAD_MB, from members who may change projects (pipeline/route-rules.server). */
export const body: RouteBody = {
  POST: { limit: "upload", permission: "projects:write", upload: "multipart", types: ["application/json", "multipart/form-data"] },
};

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const id = parseId(params.id, "Project");
    if (!getProject(id)) return jsonError(404, t`Project not found`);
    const design = getDesign(id);
    return design ? json(design) : jsonError(404, t`No design uploaded`);
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "projects:write"));
    const id = parseId(params.id, "Project");
    if (request.method.toUpperCase() === "DELETE") {
      await noBody(request);
      return deleteDesign(id, actor) ? json({ message: t`Design removed successfully!` }) : jsonError(404, t`No design uploaded`);
    }
    if ((request.headers.get("content-type") ?? "").startsWith("multipart/form-data")) {
      // The HTTP layer wrote the file to disk as it arrived (pipeline/uploads.server).
      const file = uploadedFile(request, "file");
      if (!file || file.size === 0) return jsonError(400, t`Please select a PDF file`);
      return json(await saveDesignFile(id, file, actor, maxUploadBytes()), { status: 201 });
    }
    return json(saveDesign(id, await parseBody(request, DesignRecordSchema), actor), { status: 201 });
  });
}
