import { t } from "@lingui/core/macro";
import { assignFile } from "~/models/machine-file.server";
import { AssignFileSchema } from "~/schemas/machine-file";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/items.$id.assign-file";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/items/{id}/assign-file {fileId, fileType}. The member comes from the session; a `userId` in the body
// is ignored (docs/product.md §7 'Items').

export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "items:write"));
    const id = parseId(params.id, "Item");
    const { fileId, fileType } = await parseBody(request, AssignFileSchema);
    return json({ ...assignFile(id, fileId, fileType, actor), message: t`File assignment updated successfully` });
  });
}
