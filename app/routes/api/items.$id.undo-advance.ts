import { departmentLabel } from "~/domain/format";
import { undoneToast, unfinishedToast } from "~/domain/timer-words";
import { api, json, parseBody, parseId } from "~/http/api.server";
import { departmentNames } from "~/models/item-detail.server";
import { undoAdvance } from "~/models/timer.server";
import { UndoAdvanceSchema } from "~/schemas/scan";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/items.$id.undo-advance";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/items/{id}/undo-advance {stopId}: the QR Timer's 'Undo — keep it in {department}' with JavaScript
// (docs/product.md, Decisions: The end of a job). The item goes back to the department the scan stopped it in, its
// time kept; 409 with the reason after 30 seconds or when the item changed since. As stopping a timer, any member.

export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "timers"));
    const id = parseId(params.id, "Item");
    const { stopId } = await parseBody(request, UndoAdvanceSchema);
    const { item, department, unfinished } = undoAdvance(id, stopId, actor);
    const toast = (unfinished ? unfinishedToast : undoneToast)(item.name, departmentNames().get(department) ?? departmentLabel(department));
    return json({ ...item, message: toast.description, toast });
  });
}
