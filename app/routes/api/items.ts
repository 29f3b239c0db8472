import { countItems, createItem, deleteItem, getItem, listItems, updateItem } from "~/models/item.server";
import { ItemCreateSchema, ItemPatchSchema } from "~/schemas/item";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, listPage, pageParams, parseBody, parseId } from "~/http/api.server";
import { parseIdParam } from "~/domain/ids";
import type { Route } from "./+types/items";
import type { RouteMethods } from "~/services/route-rules.server";

// docs/product.md §7 'Items': GET /api/items (an array, 500 rows unless `?limit=&offset=` say otherwise; `?projectId=` filters), GET one,
// POST, PATCH, DELETE. Writes need the pre-production or project-management key (docs/product.md (Decisions)).

/** The methods this module answers (services/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = { "api-items": ["GET", "POST"], "api-items-id": ["GET", "PATCH", "DELETE"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    if (params.id !== undefined) {
      const item = getItem(parseId(params.id, "Item"));
      return item ? json(item) : jsonError(404, "Item not found");
    }
    const url = new URL(request.url);
    const rawProject = url.searchParams.get("projectId");
    const projectId = rawProject === null || rawProject === "" ? undefined : parseIdParam(rawProject);
    if (projectId === null) return jsonError(400, "projectId must be a project id (a whole number)");
    const page = pageParams(url);
    return listPage(url, page, listItems({ projectId, ...page }), countItems({ projectId }));
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "projects:write");
    const actor = actorFrom(request, user);
    const method = request.method.toUpperCase();
    if (params.id === undefined) {
      if (method !== "POST") return jsonError(405, "Method not allowed");
      return json(createItem(await parseBody(request, ItemCreateSchema), actor), { status: 201 });
    }
    const id = parseId(params.id, "Item");
    if (method === "PATCH") {
      const { version, ...patch } = await parseBody(request, ItemPatchSchema);
      const item = updateItem(id, patch, actor, { version });
      return item ? json(item) : jsonError(404, "Item not found");
    }
    if (method === "DELETE") return deleteItem(id, actor) ? json({ message: "Item deleted successfully.", id }) : jsonError(404, "Item not found");
    return jsonError(405, "Method not allowed");
  });
}
