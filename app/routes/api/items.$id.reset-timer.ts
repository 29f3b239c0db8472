import { t } from "@lingui/core/macro";
import { resetTimer } from "~/models/timer.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, noBody, json, parseId } from "~/http/api.server";
import type { Route } from "./+types/items.$id.reset-timer";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/items/{id}/reset-timer (no body): resetting a timer needs the project keys (pre-production,
// project-management, management: docs/product.md (Decisions)); audited with who did it.

export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "timers:reset"));
    await noBody(request);
    return json({ ...resetTimer(parseId(params.id, "Item"), actor), message: t`Timer reset successfully.` });
  });
}
