import { countItems, createItem, listItems } from "~/models/item.server";
import { ItemCreateSchema } from "~/schemas/item";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, listPage, pageParams, parseBody, projectIdQuery } from "~/http/api.server";
import type { Route } from "./+types/items";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// docs/product.md §7 'Items': GET /api/items (an array, 500 rows unless `?limit=&offset=` say otherwise; `?projectId=`
// filters) and POST. Writes need the pre-production or project-management key (docs/product.md (Decisions)).

export const methods: RouteMethods = ["GET", "POST"];

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const url = new URL(request.url);
    const projectId = projectIdQuery(url);
    const page = pageParams(url);
    return listPage(url, page, listItems({ projectId, ...page }), countItems({ projectId }));
  });
}

export async function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "items:write");
    return json(createItem(await parseBody(request, ItemCreateSchema), actorFrom(request, user)), { status: 201 });
  });
}
