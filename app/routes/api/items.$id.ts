import { t } from "@lingui/core/macro";
import { deleteItem, getItem, updateItem } from "~/models/item.server";
import { ItemPatchSchema } from "~/schemas/item";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, noBody, json, jsonError, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/items.$id";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// GET, PATCH (with the `version` read) and DELETE /api/items/{id} (docs/product.md §7 'Items').

export const methods: RouteMethods = ["GET", "PATCH", "DELETE"];

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const item = getItem(parseId(params.id, "Item"));
    return item ? json(item) : jsonError(404, t`Item not found`);
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "items:write"));
    const id = parseId(params.id, "Item");
    if (request.method.toUpperCase() === "DELETE") {
      await noBody(request);
      return deleteItem(id, actor) ? json({ message: t`Item deleted successfully.`, id }) : jsonError(404, t`Item not found`);
    }
    const { version, ...patch } = await parseBody(request, ItemPatchSchema);
    const item = updateItem(id, patch, actor, { version });
    return item ? json(item) : jsonError(404, t`Item not found`);
  });
}
