import { t } from "@lingui/core/macro";
import { api, jsonError, listPage, pageParams, parseId } from "~/http/api.server";
import { countDeliveries, getWebhookEndpoint, listDeliveries } from "~/models/webhook.server";
import { requirePermission } from "~/services/permissions.server";
import type { RouteMethods } from "~/pipeline/route-rules.server";
import type { Route } from "./+types/webhooks.$id.deliveries";

// GET /api/webhooks/{id}/deliveries: the endpoint's delivery log, newest first, a page at a time (?limit=&offset=).

export const methods: RouteMethods = ["GET"];

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "settings:write");
    const id = parseId(params.id, "Webhook");
    if (!getWebhookEndpoint(id)) return jsonError(404, t`Webhook not found`);
    const url = new URL(request.url);
    const page = pageParams(url);
    const rows = listDeliveries(id, page).map(({ payload, ...d }) => ({ ...d, payload: JSON.parse(payload) as unknown }));
    return listPage(url, page, rows, countDeliveries(id));
  });
}
