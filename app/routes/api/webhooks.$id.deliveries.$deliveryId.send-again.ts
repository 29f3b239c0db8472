import { api, noBody, json, methodNotAllowed, parseId } from "~/http/api.server";
import { resendDelivery } from "~/models/webhook.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import type { RouteMethods } from "~/pipeline/route-rules.server";
import type { Route } from "./+types/webhooks.$id.deliveries.$deliveryId.send-again";

// POST /api/webhooks/{id}/deliveries/{deliveryId}/send-again: 'Send again', with the same webhook-id
// (docs/decisions/0042-webhooks.md).

export const methods: RouteMethods = ["POST"];

export const loader = () => methodNotAllowed();

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "settings:write"));
    await noBody(request);
    const delivery = resendDelivery(parseId(params.id, "Webhook"), parseId(params.deliveryId, "Delivery"), actor);
    const { payload: _payload, ...rest } = delivery;
    return json(rest);
  });
}
