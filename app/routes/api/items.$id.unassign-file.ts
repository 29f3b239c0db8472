import { t } from "@lingui/core/macro";
import { unassignFile } from "~/models/machine-file.server";
import { UnassignFileSchema } from "~/schemas/machine-file";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/items.$id.unassign-file";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// DELETE /api/items/{id}/unassign-file {fileType} (docs/product.md §7 'Items').

export const methods: RouteMethods = ["DELETE"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "items:write"));
    const id = parseId(params.id, "Item");
    const { fileType } = await parseBody(request, UnassignFileSchema);
    const removed = unassignFile(id, fileType, actor);
    return removed
      ? json({ ...removed, message: t`File assignment updated successfully` })
      : jsonError(404, fileType === "print" ? t`This item has no print file assigned` : t`This item has no cut file assigned`);
  });
}
