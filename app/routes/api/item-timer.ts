import { endTimer, listTimerLogs, resetTimer, startTimer } from "~/models/timer.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, parseId } from "~/utils/api.server";
import { departmentLabel } from "~/utils/format";
import type { Route } from "./+types/item-timer";

// Spec §7 'Items': POST /api/items/{id}/start-timer, end-timer and reset-timer (no body), GET …/timer-logs.
// PRODUCT.md: any signed-in member starts, stops and resets timers; each change is audited with who made it.

const verb = (request: Request) => new URL(request.url).pathname.split("/").pop();

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    if (verb(request) !== "timer-logs") return jsonError(405, "Method not allowed");
    const logs = listTimerLogs(parseId(params.id, "Item"));
    return logs ? json(logs) : jsonError(404, "Item not found");
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(() => {
    const user = requirePermission(request, "timers");
    const actor = actorFrom(request, user);
    if (request.method.toUpperCase() !== "POST") return jsonError(405, "Method not allowed");
    const id = parseId(params.id, "Item");
    switch (verb(request)) {
      case "start-timer": {
        const item = startTimer(id, actor);
        return json({ ...item, message: "Timer Started" });
      }
      case "end-timer": {
        const { item, stoppedIn, sessionSeconds, final } = endTimer(id, actor);
        // Spec §8 'Timer Stopped & Advanced' names the department the item moved to ('Final Department' at the end).
        const message = final
          ? `Final Department: ${item.name} stays in ${departmentLabel(item.department)}.`
          : `${item.name} moved to ${departmentLabel(item.department)}.`;
        return json({ ...item, previousDepartment: stoppedIn, sessionDurationSeconds: sessionSeconds, finalDepartment: final, message });
      }
      case "reset-timer":
        return json({ ...resetTimer(id, actor), message: "Timer reset successfully." });
      default:
        return jsonError(405, "Method not allowed");
    }
  });
}
