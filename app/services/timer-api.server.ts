import { endTimerQueued, startTimerQueued } from "~/models/timer.server";
import { api, json, parseId } from "~/utils/api.server";
import { departmentLabel } from "~/utils/format";
import { actorFrom } from "./actor.server";
import { requirePermission } from "./permissions.server";

// Spec §7: POST /api/items/{id}/start-timer and end-timer (no body; the answer has name and department). The
// floor's hottest call: the HTTP layer answers it directly (see SCAN_PATH in http.server.ts) after its own checks
// (cross-site refusal, session, body limits), and the route module answers it the same way for anything that
// reaches React Router.

export const SCAN_PATH = /^\/api\/items\/([^/]+)\/(start-timer|end-timer)$/;

export function timerToggleResponse(request: Request, rawId: string | undefined, verb: "start-timer" | "end-timer"): Promise<Response> {
  return api(async () => {
    // PRODUCT.md: any signed-in member starts and stops timers; each change is audited with who made it.
    const user = requirePermission(request, "timers");
    const actor = actorFrom(request, user);
    const id = parseId(rawId, "Item");
    if (verb === "start-timer") {
      const item = await startTimerQueued(id, actor);
      return json({ ...item, message: "Timer Started" });
    }
    const { item, stoppedIn, sessionSeconds, final } = await endTimerQueued(id, actor);
    // Spec §8 'Timer Stopped & Advanced' names the department the item moved to ('Final Department' at the end).
    const message = final
      ? `Final Department: ${item.name} stays in ${departmentLabel(item.department)}.`
      : `${item.name} moved to ${departmentLabel(item.department)}.`;
    return json({ ...item, previousDepartment: stoppedIn, sessionDurationSeconds: sessionSeconds, finalDepartment: final, message });
  });
}
