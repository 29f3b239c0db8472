import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { referenceEndpoint } from "~/services/reference-api.server";
import { api, json, jsonError, parseId } from "~/http/api.server";
import type { Route } from "./+types/reference-record";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// GET /api/{entity}/{id} (any signed-in member), PATCH with the `version` read and DELETE (the management key) for
// every reference entity; app/routes.ts mounts this module once per entity (docs/product.md §7 'Reference data').

export const methods: RouteMethods = ["GET", "PATCH", "DELETE"];

export async function loader({ request, params, pattern }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const e = referenceEndpoint(pattern);
    const row = e.get(parseId(params.id, e.label));
    return row ? json(row) : jsonError(404, `${e.label} not found`);
  });
}

export async function action({ request, params, pattern }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "settings:write"));
    const e = referenceEndpoint(pattern);
    const id = parseId(params.id, e.label);
    if (request.method.toUpperCase() === "DELETE") {
      const row = e.remove(id, actor);
      return row ? json({ message: `${e.label} deleted successfully`, id }) : jsonError(404, `${e.label} not found`);
    }
    const row = await e.update(request, id, actor);
    return row ? json(row) : jsonError(404, `${e.label} not found`);
  });
}
