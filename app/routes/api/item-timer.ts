import { countTimerLogs, listTimerLogs, resetTimer } from "~/models/timer.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { timerToggleResponse } from "~/services/timer-api.server";
import { api, json, jsonError, listPage, pageParams, parseId } from "~/http/api.server";
import type { Route } from "./+types/item-timer";
import type { RouteMethods } from "~/services/route-rules.server";

// docs/product.md §7 'Items': POST /api/items/{id}/start-timer, end-timer and reset-timer (no body), GET …/timer-logs.
// docs/product.md (Decisions): any signed-in member starts and stops timers; resetting one needs the project keys (pre-production,
// project-management, management). Each change is audited with who made it.

const verb = (request: Request) => new URL(request.url).pathname.split("/").pop();

/** The methods this module answers (services/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = (id) => (id === "api-items-timer-logs" ? ["GET"] : ["POST"]);

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    if (verb(request) !== "timer-logs") return jsonError(405, "Method not allowed");
    const url = new URL(request.url);
    const page = pageParams(url);
    const id = parseId(params.id, "Item");
    const logs = listTimerLogs(id, page);
    return logs ? listPage(url, page, logs, countTimerLogs(id)) : jsonError(404, "Item not found");
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  const which = verb(request);
  if (request.method.toUpperCase() === "POST" && (which === "start-timer" || which === "end-timer")) return timerToggleResponse(request, params.id, which);
  return api(() => {
    if (request.method.toUpperCase() !== "POST" || which !== "reset-timer") {
      requirePermission(request, "timers");
      return jsonError(405, "Method not allowed");
    }
    const actor = actorFrom(request, requirePermission(request, "timers:reset"));
    return json({ ...resetTimer(parseId(params.id, "Item"), actor), message: "Timer reset successfully." });
  });
}
