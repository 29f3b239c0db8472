import { api, json, parseBody } from "~/http/api.server";
import { createWebhookEndpoint, listWebhookEndpoints } from "~/models/webhook.server";
import { WebhookEndpointBodySchema } from "~/schemas/webhook";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import type { RouteMethods } from "~/pipeline/route-rules.server";
import type { Route } from "./+types/webhooks";

// GET and POST /api/webhooks: Global Settings → Webhooks for programs (docs/decisions/0042-webhooks.md), with the
// management key. The list leaves the secrets out; the answer to POST and GET /api/webhooks/{id} carry it.

export const methods: RouteMethods = ["GET", "POST"];

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "settings:write");
    return json(listWebhookEndpoints());
  });
}

export async function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "settings:write"));
    const body = await parseBody(request, WebhookEndpointBodySchema);
    return json(createWebhookEndpoint(body, actor), { status: 201 });
  });
}
