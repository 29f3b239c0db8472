import { t } from "@lingui/core/macro";
import { countTimerLogs, listTimerLogsWithOutcome } from "~/models/timer.server";
import { requirePermission } from "~/services/permissions.server";
import { api, jsonError, listPage, pageParams, parseId } from "~/http/api.server";
import type { Route } from "./+types/items.$id.timer-logs";

// GET /api/items/{id}/timer-logs: the item's timer log, oldest first, paged, each stop with what it did (`outcome`:
// docs/product.md §7 'Items' and Decisions: The end of a job).

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const url = new URL(request.url);
    const page = pageParams(url);
    const id = parseId(params.id, "Item");
    const logs = listTimerLogsWithOutcome(id, page);
    return logs ? listPage(url, page, logs, countTimerLogs(id)) : jsonError(404, t`Item not found`);
  });
}
