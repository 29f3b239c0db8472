import { t } from "@lingui/core/macro";
import { z } from "zod";
import { WEBHOOK_EVENTS, webhookUrlRefusal } from "~/domain/webhooks";
import { bool, distinct, requiredText } from "./common";
import { check, oneOf } from "./messages";

// Global Settings → Webhooks: the add and edit forms (docs/decisions/0042-webhooks.md).

const events = z.preprocess(
  (v) => (v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v : [v]),
  distinct(
    z.array(oneOf(WEBHOOK_EVENTS)).min(
      1,
      check(() => t`Choose at least one event to send`),
    ),
    () => t`Events`,
  ),
);

const url = requiredText(() => t`Address is required`, 2000).superRefine((value, ctx) => {
  const refusal = webhookUrlRefusal(value);
  if (refusal) ctx.addIssue({ code: "custom", message: refusal });
});

export const WebhookEndpointSchema = z.object({
  name: requiredText(() => t`Name is required`, 100),
  url,
  events,
});

/** The edit form: an unticked 'Active' box is not sent at all, so it means off. */
export const WebhookEndpointEditSchema = WebhookEndpointSchema.extend({ isActive: bool.default(false) });

/** POST /api/webhooks: the add form's fields as JSON. */
export const WebhookEndpointBodySchema = WebhookEndpointSchema;

/** PATCH /api/webhooks/{id}: any of the fields, 'isActive', and the `version` read. */
export const WebhookEndpointPatchSchema = z
  .object({
    name: WebhookEndpointSchema.shape.name.optional(),
    url: url.optional(),
    events: events.optional(),
    isActive: z.boolean({ error: () => t`isActive must be true or false` }).optional(),
    version: z.number().int().positive().optional(),
  })
  .strict();
