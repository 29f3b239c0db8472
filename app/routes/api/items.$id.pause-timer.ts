import { departmentLabel } from "~/domain/format";
import { pausedToast } from "~/domain/timer-words";
import { api, json, noBody, parseId } from "~/http/api.server";
import { departmentNames } from "~/models/item-detail.server";
import { pauseTimer } from "~/models/timer.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/items.$id.pause-timer";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/items/{id}/pause-timer (no body): the timer stops and the item stays in its department, its session's
// seconds kept (docs/product.md, Decisions: The end of a job; decision 0048). Whoever may stop a timer may pause it;
// 409 when it is not running.

export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "timers"));
    await noBody(request);
    const { item, stoppedIn, sessionSeconds } = pauseTimer(parseId(params.id, "Item"), actor);
    const department = departmentNames().get(item.department) ?? departmentLabel(item.department);
    const toast = pausedToast(item.name, department);
    return json({ ...item, previousDepartment: stoppedIn, sessionDurationSeconds: sessionSeconds, paused: true, message: toast.description, toast });
  });
}
