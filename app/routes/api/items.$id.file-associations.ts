import { t } from "@lingui/core/macro";
import { listFileAssociations } from "~/models/machine-file.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, parseId } from "~/http/api.server";
import type { Route } from "./+types/items.$id.file-associations";

// GET /api/items/{id}/file-associations: the print and cut files assigned to the item (docs/product.md §7 'Items').

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const list = listFileAssociations(parseId(params.id, "Item"));
    return list ? json(list) : jsonError(404, t`Item not found`);
  });
}
