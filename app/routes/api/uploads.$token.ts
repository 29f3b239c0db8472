import { acceptUpload } from "~/models/design.server";
import { requirePermission } from "~/services/permissions.server";
import { maxUploadBytes } from "~/pipeline/uploads.server";
import { api, json } from "~/http/api.server";
import type { Route } from "./+types/uploads.$token";
import type { RouteBody, RouteMethods } from "~/pipeline/route-rules.server";

// PUT /api/uploads/{token}: the design PDF's bytes, to the address POST …/design/upload-url gave. They are written to
// disk as they arrive; a refused upload is a DomainError with its status and sentence.

export const methods: RouteMethods = ["PUT"];

/** The bytes decide (they must start with %PDF-): a browser may send a file with no type at all. */
export const body: RouteBody = {
  PUT: { limit: "upload", permission: "projects:write", upload: "raw", types: ["application/pdf", "application/octet-stream", ""] },
};

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    requirePermission(request, "projects:write");
    const done = await acceptUpload(params.token, request.body, maxUploadBytes());
    return json({ uploadedPath: done.uploadedPath, fileSize: done.fileSize });
  });
}
