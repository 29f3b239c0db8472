import { t } from "@lingui/core/macro";
import { endTimerQueued, startTimerQueued, type ScanMeta } from "~/models/timer.server";
import { isScanId, NO_SCAN_BODY, ScanBodySchema } from "~/schemas/scan";
import { apiFailure, json, jsonError, jsonFields, parseBody, parseId } from "~/http/api.server";
import { departmentLabel } from "~/domain/format";
import { startedToast, stoppedToast } from "~/domain/timer-words";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";

// docs/product.md §7: POST /api/items/{id}/start-timer and end-timer (no body needed; the answer has name and department). The
// floor's hottest call: the HTTP layer answers it directly (see SCAN_ROUTES in http.server.ts) after its own checks
// (cross-site refusal, session, body limits), and the route module answers it the same way for anything that
// reaches React Router.

/** The scan routes by their id in app/routes.ts: the HTTP layer finds them as React Router would. */
export const SCAN_ROUTES: Readonly<Record<string, "start-timer" | "end-timer">> = {
  "api-items-start-timer": "start-timer",
  "api-items-end-timer": "end-timer",
};

export async function timerToggleResponse(request: Request, rawId: string | undefined, verb: "start-timer" | "end-timer"): Promise<Response> {
  // api()'s rule, written out: the floor's hottest call makes no closure for it.
  try {
    // docs/product.md (Decisions): any signed-in member starts and stops timers; each change is audited with who made it.
    const user = requirePermission(request, "timers");
    const actor = actorFrom(request, user);
    const id = parseId(rawId, "Item");
    // Optional: a scan id, in the body or as Idempotency-Key, and the device's time of the scan. A scanner's program
    // sends none (Content-Length: 0), and then there is nothing to wait for.
    const body = request.headers.get("content-length") === "0" ? NO_SCAN_BODY : await parseBody(request, ScanBodySchema);
    const meta: ScanMeta = { scanId: body.scanId ?? request.headers.get("idempotency-key")?.trim() ?? null, deviceTime: body.deviceTime ?? null };
    if (meta.scanId && !isScanId(meta.scanId)) return jsonError(400, t`Idempotency-Key must be 8 to 100 letters, digits, '-' or '_'`);
    if (verb === "start-timer") {
      const started = await startTimerQueued(id, actor, meta);
      if ("replayed" in started) return json(Object.assign(jsonFields(started.item), { replayed: true, message: t`This scan was already recorded.` }));
      const toast = startedToast(started.name, departmentLabel(started.department));
      return json(Object.assign(jsonFields(started), { message: toast.title, toast }));
    }
    const stopped = await endTimerQueued(id, actor, meta);
    if ("replayed" in stopped) return json(Object.assign(jsonFields(stopped.item), { replayed: true, message: t`This scan was already recorded.` }));
    const { item, stoppedIn, sessionSeconds, final } = stopped;
    // docs/product.md §8: 'Timer Stopped & Advanced' names the department the item moved to; at the end, 'Final Department'.
    // `toast` is what a client shows, as the QR Timer does.
    const toast = stoppedToast(item.name, departmentLabel(item.department), final);
    const description = toast.description;
    const message = final ? t`Final Department: ${description}` : description;
    // The item's fields, then the stop's own (jsonFields: the answer is written on JSON's fast path).
    return json(
      Object.assign(jsonFields(item), { previousDepartment: stoppedIn, sessionDurationSeconds: sessionSeconds, finalDepartment: final, message, toast }),
    );
  } catch (error) {
    return apiFailure(error);
  }
}
