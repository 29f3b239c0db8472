import { parseWithZod } from "@conform-to/zod/v4";
import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { BadRequestError } from "~/domain/errors";
import { formatDateTime } from "~/domain/dates";
import { parseIdParam } from "~/domain/ids";
import { pageOf, requestedPage } from "~/domain/paging";
import { possessive } from "~/domain/words";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import {
  countDeliveries,
  deleteWebhookEndpoint,
  getWebhookEndpoint,
  listDeliveries,
  resendDelivery,
  tryEndpointNow,
  rotateWebhookSecret,
  updateWebhookEndpoint,
} from "~/models/webhook.server";
import { WebhookEndpointEditSchema } from "~/schemas/webhook";
import { actorFrom } from "~/services/actor.server";
import { domainError, intentOf, invalid, readForm, unreadableForm } from "~/views/form-action.server";
import { requirePermission } from "~/services/permissions.server";
import { deliveryErrorWords } from "~/services/webhook-sender.server";
import type { Route } from "./+types/settings-webhook";

// One webhook's page: its secret, its settings, and its delivery log with 'Send again' (routes/settings-webhook.tsx).

const LIST = "/settings/webhooks";
const PAGE_SIZE = 25;
const gone = () => t`This webhook no longer exists. It may have been deleted by someone else.`;

export function loadSettingsWebhook({ request, params }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const id = parseIdParam(params.id ?? "");
  const endpoint = id === null ? undefined : getWebhookEndpoint(id);
  if (!endpoint) throw data(t`Webhook not found`, { status: 404 });
  const url = new URL(request.url);
  const tz = getEnv().SHOP_TIMEZONE;
  const total = countDeliveries(endpoint.id);
  const paging = pageOf(requestedPage(url.searchParams.get("page")), total, PAGE_SIZE);
  const deliveries = listDeliveries(endpoint.id, paging).map((d) => ({
    id: d.id,
    messageId: d.messageId,
    eventType: d.eventType,
    status: d.status,
    attempts: d.attempts,
    httpStatus: d.lastStatus,
    responseMs: d.lastResponseMs,
    error: d.lastError === null ? null : deliveryErrorWords(d.lastError),
    created: formatDateTime(d.createdAt, tz),
    lastAttempt: d.lastAttemptAt ? formatDateTime(d.lastAttemptAt, tz) : null,
    nextAttempt: d.status === "pending" && d.nextAttemptAt ? formatDateTime(d.nextAttemptAt, tz) : null,
  }));
  return data(
    {
      endpoint: { id: endpoint.id, name: endpoint.name, url: endpoint.url, events: endpoint.events, isActive: endpoint.isActive, version: endpoint.version },
      secret: endpoint.secret,
      // After 'Make a new secret': until when the secret it replaced still signs beside it, in the shop's zone.
      previousSignsUntil:
        endpoint.previousSecretUntil && endpoint.previousSecretUntil.getTime() > Date.now() ? formatDateTime(endpoint.previousSecretUntil, tz) : null,
      deliveries,
      total,
      page: paging.page,
      pages: paging.pages,
      editing: url.searchParams.get("edit") === "1",
      deleting: url.searchParams.get("delete") === "1",
    },
    // The secret is on this page: never kept by a cache.
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function settingsWebhookAction({ request, params }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  const form = await readForm(request);
  if (!form) return unreadableForm();
  const intent = intentOf(form, ["update", "toggle", "new-secret", "delete", "send-again", "try-now"]);
  const id = parseIdParam(params.id ?? "");
  const endpoint = id === null ? undefined : getWebhookEndpoint(id);
  if (!endpoint) return redirectWithToast(request, LIST, { title: t`Error`, description: gone(), variant: "destructive" });
  const here = `${LIST}/${endpoint.id}`;
  const back = (title: string, description: string, destructive = false, to = here) =>
    redirectWithToast(request, to, { title, description, variant: destructive ? "destructive" : "default" });

  if (intent === "update") {
    const submission = parseWithZod(form, { schema: WebhookEndpointEditSchema });
    if (submission.status !== "success") return invalid("edit", submission.reply());
    const version = Number(form.get("version"));
    try {
      const saved = updateWebhookEndpoint(endpoint.id, submission.value, actor, { version: Number.isInteger(version) && version > 0 ? version : undefined });
      const savedName = saved.name;
      return back(t`Webhook updated`, saved.isActive ? t`${savedName}.` : t`${savedName}, switched off.`);
    } catch (error) {
      const e = domainError(error);
      return invalid("edit", submission.reply(e instanceof BadRequestError ? { fieldErrors: { url: [e.message] } } : { formErrors: [e.message] }), e.status);
    }
  }
  const name = endpoint.name;
  try {
    if (intent === "delete") {
      deleteWebhookEndpoint(endpoint.id, actor);
      return back(t`Webhook deleted`, t`${name} gets no more deliveries; its log is gone with it.`, false, LIST);
    }
    if (intent === "new-secret") {
      const rotated = rotateWebhookSecret(endpoint.id, actor);
      const until = rotated.previousSecretUntil ? formatDateTime(rotated.previousSecretUntil, getEnv().SHOP_TIMEZONE) : null;
      // The name and its possessive ending apart: a language without one leaves the ending out.
      const owner = name.trim();
      const ending = possessive(owner).slice(owner.length);
      return back(
        t`New secret made`,
        until
          ? t`Give ${owner}${ending} receiver the new secret. Until ${until} deliveries are signed with both, so it keeps verifying meanwhile.`
          : t`Give ${owner}${ending} receiver the new secret: deliveries from now on are signed with it.`,
      );
    }
    if (intent === "try-now") {
      const n = tryEndpointNow(endpoint.id, actor);
      return back(
        t`Trying again now`,
        n
          ? n === 1
            ? t`The waiting delivery is sent now, in order.`
            : t`The ${n} waiting deliveries are sent now, in order.`
          : t`Nothing was waiting: every delivery is sent or being sent.`,
      );
    }
    if (intent === "send-again") {
      const deliveryId = parseIdParam(String(form.get("delivery") ?? ""));
      if (deliveryId === null) return back(t`Error`, t`This delivery is no longer in the log.`, true);
      resendDelivery(endpoint.id, deliveryId, actor);
      const page = parseIdParam(String(form.get("page") ?? ""));
      return back(
        t`Delivery queued again`,
        t`It is sent again with the same webhook-id, so a receiver that already has it can drop the repeat.`,
        false,
        page && page > 1 ? `${here}?page=${page}` : here,
      );
    }
    // The button says what it does ('Switch off'): two people pressing it at once leave it off, not on.
    const to = form.get("to");
    const on = to === "on" ? true : to === "off" ? false : !endpoint.isActive;
    if (on !== endpoint.isActive) updateWebhookEndpoint(endpoint.id, { isActive: on }, actor);
    return back(
      on ? t`Webhook switched on` : t`Webhook switched off`,
      on
        ? t`${name} gets deliveries again; those that were waiting go first.`
        : t`${name} gets no deliveries while it is off, and changes made meanwhile are not sent to it.`,
    );
  } catch (error) {
    return back(t`Error`, domainError(error).message, true);
  }
}
