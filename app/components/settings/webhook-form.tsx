import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useLingui } from "@lingui/react/macro";
import { Form, useNavigation } from "react-router";
import { WEBHOOK_EVENTS, webhookEventLabel } from "~/domain/webhooks";
import { WebhookEndpointEditSchema, WebhookEndpointSchema } from "~/schemas/webhook";
import { btn, CancelLink, checkboxClass, checkRowClass, FieldError, inputClass, Label } from "../ui";
import { FormErrors, TextField } from "~/components/forms";
import { WEBHOOKS_PAGE } from "./webhook-failed-notice";

export { WEBHOOKS_PAGE, WebhookFailedNotice } from "./webhook-failed-notice";

export type WebhookFormValues = { id: number; name: string; url: string; events: string[]; isActive: boolean; version: number };

/** Add (no `endpoint`) or edit one endpoint: the same fields, checked by the same schema here and in the action. */
export function WebhookForm({ endpoint, lastResult }: { endpoint?: WebhookFormValues; lastResult?: SubmissionResult<string[]> | null }) {
  const { t } = useLingui();
  const schema = endpoint ? WebhookEndpointEditSchema : WebhookEndpointSchema;
  const busy = useNavigation().state === "submitting";
  const [form, fields] = useForm({
    id: endpoint ? `edit-webhook-${endpoint.id}` : "new-webhook",
    lastResult,
    defaultValue: endpoint ? { name: endpoint.name, url: endpoint.url } : undefined,
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const here = endpoint ? `${WEBHOOKS_PAGE}/${endpoint.id}` : WEBHOOKS_PAGE;
  const chosen = new Set(
    (Array.isArray(fields.events.value) ? fields.events.value : fields.events.value ? [fields.events.value] : (endpoint?.events ?? [])).map(String),
  );
  return (
    <Form method="post" action={endpoint ? `${here}?edit=1` : here} className="mt-3 grid gap-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={endpoint ? "update" : "create"} />
      {endpoint ? <input type="hidden" name="version" value={endpoint.version} /> : null}
      <FormErrors errors={form.errors} />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.name} label={t`Name`} placeholder={t`Accounting`} />
        <div>
          <Label htmlFor={fields.url.id}>{t`Address (URL)`}</Label>
          <input
            className={inputClass}
            placeholder="https://erp.example.com/hooks/shopflow"
            inputMode="url"
            autoComplete="off"
            aria-describedby={`${fields.url.id}-hint`}
            {...getInputProps(fields.url, { type: "text" })}
          />
          <p id={`${fields.url.id}-hint`} className="mt-1 text-sm text-ink-muted">
            {t`https://, or http:// on the shop's own network`}
          </p>
          <FieldError id={fields.url.errorId} errors={fields.url.errors} />
        </div>
      </div>
      <fieldset aria-describedby={fields.events.errorId}>
        <legend className="text-sm font-semibold text-ink">{t`Events to send`}</legend>
        <div className="mt-1 grid gap-1 sm:grid-cols-2">
          {WEBHOOK_EVENTS.map((e) => (
            <label key={e} className={checkRowClass}>
              <input type="checkbox" name={fields.events.name} value={e} defaultChecked={chosen.has(e)} className={checkboxClass} />
              <span>
                {webhookEventLabel(e)} <code className="font-mono text-xs text-ink-muted">{e}</code>
              </span>
            </label>
          ))}
        </div>
        <FieldError id={fields.events.errorId} errors={fields.events.errors} />
      </fieldset>
      {endpoint ? (
        <label className={checkRowClass}>
          <input type="checkbox" name="isActive" defaultChecked={endpoint.isActive} className={checkboxClass} /> {t`Active (deliveries are sent)`}
        </label>
      ) : null}
      {endpoint ? (
        <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
          <CancelLink to={here} />
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? t`Saving...` : t`Save webhook`}
          </button>
        </div>
      ) : (
        <div>
          <button type="submit" className={btn.primary}>
            {t`Add webhook`}
          </button>
        </div>
      )}
    </Form>
  );
}
