import { parseWithZod } from "@conform-to/zod/v4";
import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { BadRequestError } from "~/domain/errors";
import { formatDateTime } from "~/domain/dates";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import { createWebhookEndpoint, failedDeliveryCount, listWebhookEndpoints } from "~/models/webhook.server";
import { WebhookEndpointSchema } from "~/schemas/webhook";
import { actorFrom } from "~/services/actor.server";
import { domainError, intentOf, invalid, readForm, unreadableForm } from "~/views/form-action.server";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/settings-webhooks";

// Global Settings → Webhooks' loader and action (routes/settings-webhooks.tsx holds the page): the endpoints with
// their queues, and the add form. Each endpoint's page (settings-webhook.tsx) has its log, edit and delete.

export function loadSettingsWebhooks({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const tz = getEnv().SHOP_TIMEZONE;
  const endpoints = listWebhookEndpoints().map((e) => ({
    id: e.id,
    name: e.name,
    url: e.url,
    events: e.events,
    isActive: e.isActive,
    pending: e.pending,
    failed: e.failed,
    delivered: e.delivered,
    lastAttempt: e.lastAttemptAt ? formatDateTime(e.lastAttemptAt, tz) : null,
    lastStatus: e.lastStatus,
  }));
  return data({ endpoints, failed: failedDeliveryCount() }, { headers: { "Cache-Control": "no-store" } });
}

export async function settingsWebhooksAction({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  const form = await readForm(request);
  if (!form) return unreadableForm();
  intentOf(form, ["create"], { fallback: "create" });
  const submission = parseWithZod(form, { schema: WebhookEndpointSchema });
  if (submission.status !== "success") return invalid("new", submission.reply());
  try {
    const endpoint = createWebhookEndpoint(submission.value, actor);
    // Its page shows the secret the receiver needs.
    const name = endpoint.name;
    return redirectWithToast(request, `/settings/webhooks/${endpoint.id}`, {
      title: t`Webhook added`,
      description: t`${name}: copy its secret into the receiving program, then its deliveries show here.`,
    });
  } catch (error) {
    const e = domainError(error);
    return invalid("new", submission.reply(e instanceof BadRequestError ? { fieldErrors: { url: [e.message] } } : { formErrors: [e.message] }), e.status);
  }
}
