import { getCollectionProps } from "@conform-to/react";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { TextField } from "~/components/forms";
import { LanguageChoice } from "~/components/language-choice";
import { KeyedLinkPage } from "~/components/settings/keyed-link-page";
import { btn, checkboxClass, checkRowClass, FieldError, inputClass } from "~/components/ui";
import { API_TOKEN_SCOPES, apiTokenScopeLabel, isApiTokenScope } from "~/domain/api-tokens";
import { i18n } from "~/domain/i18n-runtime";
import { useHydrated } from "~/hooks/use-hydrated";
import { ApiTokenFormSchema } from "~/schemas/api-token";
import type { Route } from "./+types/settings-api-tokens";
export { loader, action } from "./settings-api-tokens.server";

// Global Settings → API tokens (decision 0041): management gives each program (quoting software, a
// monitoring server) its own key with only the scopes it needs, sees when each was last used, and revokes one
// that leaked. The token is shown once, when made.

export const meta = () => [{ title: i18n._(msg`API tokens · Global Settings · Shopflow`) }];

export default function SettingsApiTokens({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const tokens = loaderData.links;
  const live = tokens.filter((k) => !k.revoked).length;
  return (
    <KeyedLinkPage
      width="max-w-5xl"
      title={t`API tokens`}
      subtitle={t`Keys for other programs (quoting, accounting, monitoring) to use Shopflow's API: each with only the scopes it needs. A token never opens a page or changes Global Settings.`}
      schema={ApiTokenFormSchema}
      form={{
        heading: t`New API token`,
        headingId: "new-api-token-heading",
        className: "mt-3 space-y-4",
        fields: (fields) => (
          <>
            <TextField field={fields.name} label={t`Token name (the program that uses it)`} className="max-w-md" placeholder={t`Quoting`} />
            <fieldset aria-describedby={`${fields.scopes.id}-hint`}>
              <legend className="block text-sm font-semibold text-ink">{t`Scopes`}</legend>
              <p id={`${fields.scopes.id}-hint`} className="text-sm text-ink-muted">
                {t`What the program may do. Give only what it needs; make a new token to change them.`}
              </p>
              <div className="mt-1 grid gap-x-4 sm:grid-cols-2">
                {getCollectionProps(fields.scopes, { type: "checkbox", options: [...API_TOKEN_SCOPES] }).map(({ key, ...props }) => (
                  <label key={key} className={checkRowClass}>
                    <input {...props} className={checkboxClass} />
                    <span>
                      <code className="font-mono font-semibold">{props.value}</code>
                      <span className="block text-ink-muted">{isApiTokenScope(props.value) ? apiTokenScopeLabel(props.value) : null}</span>
                    </span>
                  </label>
                ))}
              </div>
              <FieldError id={fields.scopes.errorId} errors={fields.scopes.errors} />
            </fieldset>
            <LanguageChoice kind="token" className="max-w-md" />
          </>
        ),
        submit: t`Make API token`,
      }}
      reveal={({ name, token }: { name: string; token: string }) => (
        <>
          <p className="font-semibold">{t`API token for ${name} made. Copy it now: it is not shown again.`}</p>
          <label htmlFor="new-api-token" className="mt-2 block text-sm">
            <Trans>
              Token (send it as <code className="font-mono">Authorization: Bearer …</code>)
            </Trans>
          </label>
          <div className="mt-1 flex gap-2">
            <input
              id="new-api-token"
              readOnly
              value={token}
              data-testid="api-token"
              className={`${inputClass} min-w-0 flex-1 font-mono text-sm`}
              onFocus={(e) => e.currentTarget.select()}
            />
            <CopyButton text={token} />
          </div>
        </>
      )}
      list={{
        heading: (
          <>
            {t`Tokens`} {tokens.length ? <span className="text-base font-normal text-ink-muted">{t`(${live} in use)`}</span> : null}
          </>
        ),
        headingId: "api-tokens",
        columns: [
          { label: t`Scopes`, cell: (k) => <span className="font-mono text-sm">{k.scopes.join(", ")}</span> },
          { label: t`Made`, cell: ({ created, createdBy }) => t`${created} by ${createdBy}` },
          { label: t`Last used`, cell: (k) => k.lastUsed },
        ],
        revokeLabel: ({ name }) => t`API token ${name}`,
        empty: {
          icon: "lock",
          title: t`No API tokens yet`,
          text: t`Make one above for the program that should talk to Shopflow, and paste it into that program's settings.`,
        },
      }}
      rows={tokens}
    />
  );
}

/** With JavaScript, one tap copies the token (a phone's field is too narrow to select it by hand); without, the field is selected on focus. */
function CopyButton({ text }: { text: string }) {
  const { t } = useLingui();
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
      <span aria-live="polite">{copied ? t`Copied` : t`Copy`}</span>
    </button>
  );
}
