import { RevokeCell } from "~/components/settings/revoke-cell";
import { getCollectionProps, getFormProps, getInputProps, useForm } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useState } from "react";
import { Form, Link, useActionData } from "react-router";
import { useHydrated } from "~/hooks/use-hydrated";
import { btn, cardClass, checkboxClass, checkRowClass, EmptyState, FieldError, inputClass, Label, PageHeader } from "~/components/ui";
import { API_TOKEN_SCOPE_LABELS, API_TOKEN_SCOPES, isApiTokenScope } from "~/domain/api-tokens";
import { ApiTokenFormSchema } from "~/schemas/api-token";
import type { Route } from "./+types/settings-api-tokens";
import type { action } from "./settings-api-tokens.server";
export { loader, action } from "./settings-api-tokens.server";

// Global Settings → API tokens (decision 0041): management gives each program (quoting software, a
// monitoring server) its own key with only the scopes it needs, sees when each was last used, and revokes one
// that leaked. The token is shown once, when made.

export const meta = () => [{ title: "API tokens · Global Settings · Shopflow" }];

export default function SettingsApiTokens({ loaderData }: Route.ComponentProps) {
  const actionData = useActionData<typeof action>();
  const [form, fields] = useForm({
    lastResult: actionData?.result,
    constraint: getZodConstraint(ApiTokenFormSchema),
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ApiTokenFormSchema }),
  });
  const created = actionData?.created ?? null;
  const live = loaderData.tokens.filter((t) => !t.revoked).length;
  return (
    <div className="mx-auto max-w-5xl px-4 py-6 sm:px-6">
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← Back to Global Settings
      </Link>
      <PageHeader
        title="API tokens"
        subtitle="Keys for other programs (quoting, accounting, monitoring) to use Shopflow's API: each with only the scopes it needs. A token never opens a page or changes Global Settings."
      />
      {created ? (
        <div role="status" className="mb-6 rounded-xl border border-success-700 bg-success-50 p-4 text-success-800">
          <p className="font-semibold">API token for {created.name} made. Copy it now: it is not shown again.</p>
          <label htmlFor="new-api-token" className="mt-2 block text-sm">
            Token (send it as <code className="font-mono">Authorization: Bearer …</code>)
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="new-api-token"
              readOnly
              value={created.token}
              data-testid="api-token"
              className={`${inputClass} min-w-0 flex-1 font-mono text-sm`}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={created.token} />
          </div>
        </div>
      ) : null}
      <section className={`p-5 ${cardClass}`} aria-labelledby="new-api-token-heading">
        <h2 id="new-api-token-heading" className="text-lg font-semibold text-ink">
          New API token
        </h2>
        <Form method="post" className="mt-3 space-y-4" {...getFormProps(form)}>
          <input type="hidden" name="intent" value="create" />
          <div className="max-w-md">
            <Label htmlFor={fields.name.id}>Token name (the program that uses it)</Label>
            <input className={inputClass} placeholder="Quoting" {...getInputProps(fields.name, { type: "text" })} />
            <FieldError id={fields.name.errorId} errors={fields.name.errors} />
          </div>
          <fieldset aria-describedby={`${fields.scopes.id}-hint`}>
            <legend className="block text-sm font-semibold text-ink">Scopes</legend>
            <p id={`${fields.scopes.id}-hint`} className="text-sm text-ink-muted">
              What the program may do. Give only what it needs; make a new token to change them.
            </p>
            <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
              {getCollectionProps(fields.scopes, { type: "checkbox", options: [...API_TOKEN_SCOPES] }).map(({ key, ...props }) => (
                <label key={key} className={checkRowClass}>
                  <input {...props} className={checkboxClass} />
                  <span>
                    <code className="font-mono font-semibold">{props.value}</code>
                    <span className="block text-ink-muted">{isApiTokenScope(props.value) ? API_TOKEN_SCOPE_LABELS[props.value] : null}</span>
                  </span>
                </label>
              ))}
            </div>
            <FieldError id={fields.scopes.errorId} errors={fields.scopes.errors} />
          </fieldset>
          <button type="submit" className={btn.primary}>
            Make API token
          </button>
        </Form>
      </section>
      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="api-tokens">
        <h2 id="api-tokens" className="text-lg font-semibold text-ink">
          Tokens {loaderData.tokens.length ? <span className="text-base font-normal text-ink-muted">({live} in use)</span> : null}
        </h2>
        {loaderData.tokens.length === 0 ? (
          <div className="mt-3">
            <EmptyState icon="lock" title="No API tokens yet">
              Make one above for the program that should talk to Shopflow, and paste it into that program's settings.
            </EmptyState>
          </div>
        ) : (
          <table className="table-cards mt-3 w-full text-left text-base">
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3">
                  Scopes
                </th>
                <th scope="col" className="py-2 pr-3">
                  Made
                </th>
                <th scope="col" className="py-2 pr-3">
                  Last used
                </th>
                <th scope="col" className="py-2">
                  Status
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {loaderData.tokens.map((t) => (
                <tr key={t.id}>
                  <td data-label="Name" className="py-3 pr-3 font-medium cell-text">
                    {t.name}
                  </td>
                  <td data-label="Scopes" className="py-3 pr-3">
                    <span className="font-mono text-sm">{t.scopes.join(", ")}</span>
                  </td>
                  <td data-label="Made" className="py-3 pr-3">
                    {t.created} by {t.createdBy}
                  </td>
                  <td data-label="Last used" className="py-3 pr-3">
                    {t.lastUsed}
                  </td>
                  <RevokeCell id={t.id} revoked={t.revoked} label={`API token ${t.name}`} />
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}

/** With JavaScript, one tap copies the token (a phone's field is too narrow to select it by hand); without, the field is selected on focus. */
function CopyButton({ text }: { text: string }) {
  const hydrated = useHydrated();
  const [copied, setCopied] = useState(false);
  if (!hydrated || !navigator.clipboard) return null;
  return (
    <button
      type="button"
      className={btn.secondary}
      onClick={() =>
        navigator.clipboard.writeText(text).then(
          () => setCopied(true),
          () => setCopied(false),
        )
      }
    >
      <span aria-live="polite">{copied ? "Copied" : "Copy"}</span>
    </button>
  );
}
