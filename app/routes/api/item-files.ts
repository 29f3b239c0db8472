import { assignFile, listFileAssociations, unassignFile } from "~/models/machine-file.server";
import { AssignFileSchema, UnassignFileSchema } from "~/schemas/machine-file";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/item-files";
import type { RouteMethods } from "~/services/route-rules.server";

// docs/product.md §7 'Items': GET /api/items/{id}/file-associations, POST …/assign-file {fileId, fileType}, DELETE
// …/unassign-file {fileType}. The member comes from the session; a `userId` in the body is ignored.

const verb = (request: Request) => new URL(request.url).pathname.split("/").pop();

/** The methods this module answers (services/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = { "api-items-file-associations": ["GET"], "api-items-assign-file": ["POST"], "api-items-unassign-file": ["DELETE"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    if (verb(request) !== "file-associations") return jsonError(405, "Method not allowed");
    const list = listFileAssociations(parseId(params.id, "Item"));
    return list ? json(list) : jsonError(404, "Item not found");
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "projects:write");
    const actor = actorFrom(request, user);
    const id = parseId(params.id, "Item");
    const method = request.method.toUpperCase();
    if (verb(request) === "assign-file" && method === "POST") {
      const { fileId, fileType } = await parseBody(request, AssignFileSchema);
      return json({ ...assignFile(id, fileId, fileType, actor), message: "File assignment updated successfully" });
    }
    if (verb(request) === "unassign-file" && method === "DELETE") {
      const { fileType } = await parseBody(request, UnassignFileSchema);
      const removed = unassignFile(id, fileType, actor);
      return removed ? json({ ...removed, message: "File assignment updated successfully" }) : jsonError(404, `This item has no ${fileType} file assigned`);
    }
    return jsonError(405, "Method not allowed");
  });
}
