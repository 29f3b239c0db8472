import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { referenceEndpoint } from "~/services/reference-api.server";
import { api, json, listSlice } from "~/http/api.server";
import type { Route } from "./+types/reference-list";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// GET /api/{entity} (any signed-in member) and POST /api/{entity} (the management key) for every reference entity;
// app/routes.ts mounts this module once per entity (docs/product.md §7 'Reference data').

export const methods: RouteMethods = ["GET", "POST"];

export async function loader({ request, pattern }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const url = new URL(request.url);
    return listSlice(url, referenceEndpoint(pattern).list(url.searchParams));
  });
}

export async function action({ request, pattern }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "settings:write"));
    return json(await referenceEndpoint(pattern).create(request, actor), { status: 201 });
  });
}
