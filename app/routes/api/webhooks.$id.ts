import { t } from "@lingui/core/macro";
import { api, json, jsonError, parseBody, parseId } from "~/http/api.server";
import { deleteWebhookEndpoint, getWebhookEndpoint, updateWebhookEndpoint } from "~/models/webhook.server";
import { WebhookEndpointPatchSchema } from "~/schemas/webhook";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import type { RouteMethods } from "~/pipeline/route-rules.server";
import type { Route } from "./+types/webhooks.$id";

// GET (with its secret), PATCH (with the `version` read) and DELETE /api/webhooks/{id}, with the management key.

export const methods: RouteMethods = ["GET", "PATCH", "DELETE"];

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "settings:write");
    const endpoint = getWebhookEndpoint(parseId(params.id, "Webhook"));
    return endpoint ? json(endpoint, { headers: { "Cache-Control": "no-store" } }) : jsonError(404, t`Webhook not found`);
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "settings:write"));
    const id = parseId(params.id, "Webhook");
    if (request.method.toUpperCase() === "DELETE") {
      const deleted = deleteWebhookEndpoint(id, actor);
      return json({ message: t`Webhook deleted`, id: deleted.id });
    }
    const { version, ...patch } = await parseBody(request, WebhookEndpointPatchSchema);
    return json(updateWebhookEndpoint(id, patch, actor, { version }));
  });
}
