import { t } from "@lingui/core/macro";
import { ScanToggleSchema } from "~/schemas/scan";
import { actorFrom } from "~/services/actor.server";
import { can, requirePermission } from "~/services/permissions.server";
import { scanCode, scannedItem } from "~/services/scan.server";
import { api, json, jsonError, parseBody } from "~/http/api.server";
import type { Route } from "./+types/scans";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/scans: one scan of a label as the QR Timer page makes it — the text scanned, and
// for a scan queued while offline its id and the device's time — toggling that item's timer. A scan id already
// applied answers 200 with `replayed: true` and changes nothing. A double read of a label its member scanned a moment
// ago answers 409 with the item as it is (still running), and changes nothing.

/** The methods this module answers (pipeline/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = ["POST"];

export async function action({ request }: Route.ActionArgs) {
  return api(async () => {
    if (request.method.toUpperCase() !== "POST") return jsonError(405, t`Method not allowed`);
    const user = requirePermission(request, "timers");
    const body = await parseBody(request, ScanToggleSchema);
    const outcome = scanCode(
      request,
      actorFrom(request, user),
      body.code,
      { scanId: body.scanId ?? null, deviceTime: body.deviceTime ?? null },
      can(user, "projects:write"),
    );
    if (outcome.kind === "redirect") return json({ message: t`That code is another page's address; open it instead.`, redirect: outcome.url }, { status: 400 });
    if (outcome.kind === "error") {
      const item = outcome.itemId === undefined ? null : scannedItem(outcome.itemId);
      // A double read of a scan that moved or finished the item still offers that scan's `undo`.
      return json(
        { message: outcome.message, toast: outcome.toast, ...(item ? { item } : {}), ...(outcome.undo ? { undo: outcome.undo } : {}) },
        { status: outcome.status },
      );
    }
    const item = scannedItem(outcome.id);
    if (!item) return jsonError(404, t`Item not found`);
    // `undo`: a stop that moved the item on can be undone for 30 seconds (POST /api/items/{id}/undo-advance).
    return json({ ok: true, replayed: outcome.replayed, item, toast: outcome.toast, ...(outcome.undo ? { undo: outcome.undo } : {}) });
  });
}

export async function loader() {
  return jsonError(405, t`Method not allowed`);
}
