import { getCollectionProps } from "@conform-to/react";
import { useState } from "react";
import { TextField } from "~/components/forms";
import { LanguageChoice } from "~/components/language-choice";
import { KeyedLinkPage } from "~/components/settings/keyed-link-page";
import { btn, checkboxClass, checkRowClass, FieldError, inputClass } from "~/components/ui";
import { API_TOKEN_SCOPE_LABELS, API_TOKEN_SCOPES, isApiTokenScope } from "~/domain/api-tokens";
import { useHydrated } from "~/hooks/use-hydrated";
import { ApiTokenFormSchema } from "~/schemas/api-token";
import type { Route } from "./+types/settings-api-tokens";
export { loader, action } from "./settings-api-tokens.server";

// Global Settings → API tokens (decision 0041): management gives each program (quoting software, a
// monitoring server) its own key with only the scopes it needs, sees when each was last used, and revokes one
// that leaked. The token is shown once, when made.

export const meta = () => [{ title: "API tokens · Global Settings · Shopflow" }];

export default function SettingsApiTokens({ loaderData }: Route.ComponentProps) {
  const tokens = loaderData.links;
  const live = tokens.filter((t) => !t.revoked).length;
  return (
    <KeyedLinkPage
      width="max-w-5xl"
      title="API tokens"
      subtitle="Keys for other programs (quoting, accounting, monitoring) to use Shopflow's API: each with only the scopes it needs. A token never opens a page or changes Global Settings."
      schema={ApiTokenFormSchema}
      form={{
        heading: "New API token",
        headingId: "new-api-token-heading",
        className: "mt-3 space-y-4",
        fields: (fields) => (
          <>
            <TextField field={fields.name} label="Token name (the program that uses it)" className="max-w-md" placeholder="Quoting" />
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
            <LanguageChoice kind="token" className="max-w-md" />
          </>
        ),
        submit: "Make API token",
      }}
      reveal={(created: { name: string; token: string }) => (
        <>
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
        </>
      )}
      list={{
        heading: <>Tokens {tokens.length ? <span className="text-base font-normal text-ink-muted">({live} in use)</span> : null}</>,
        headingId: "api-tokens",
        columns: [
          { label: "Scopes", cell: (t) => <span className="font-mono text-sm">{t.scopes.join(", ")}</span> },
          { label: "Made", cell: (t) => `${t.created} by ${t.createdBy}` },
          { label: "Last used", cell: (t) => t.lastUsed },
        ],
        revokeLabel: (t) => `API token ${t.name}`,
        empty: {
          icon: "lock",
          title: "No API tokens yet",
          text: "Make one above for the program that should talk to Shopflow, and paste it into that program's settings.",
        },
      }}
      rows={tokens}
    />
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
