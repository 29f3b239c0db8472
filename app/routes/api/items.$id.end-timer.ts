import { timerToggleResponse } from "~/pipeline/timer-api.server";
import type { Route } from "./+types/items.$id.end-timer";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/items/{id}/end-timer (no body): the floor's hottest call. The HTTP layer answers it directly by route id
// (SCAN_ROUTES, pipeline/timer-api.server); this module answers it the same way for anything that reaches React Router.

export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return timerToggleResponse(request, params.id, "end-timer");
}
