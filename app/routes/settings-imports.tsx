import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { formMessages, useAnswerToast } from "~/components/forms";
import { useReauthRetry } from "~/components/reauth";
import { btn, cardClass, PageHeader } from "~/components/ui";
import { i18n as pageI18n } from "~/domain/i18n-runtime";
import type { Route } from "./+types/settings-imports";
import { loadSettingsImports, settingsImportsAction } from "./settings-imports.server";

// Global Settings → Imported files (docs/product.md, Decisions: Due dates): whether an order import reads 01/02/2026
// month first (US) or day first. One form post, the same with JavaScript and without; the version it was opened
// with refuses a save over someone else's.

export const meta = () => [{ title: pageI18n._(msg`Imported files · Global Settings · Shopflow`) }];

export const loader = (args: Route.LoaderArgs) => loadSettingsImports(args);

export const action = (args: Route.ActionArgs) => settingsImportsAction(args);

export default function SettingsImports({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { timeZone, byZone, now } = loaderData;
  const actionData = useActionData<typeof action>();
  const answerToast = useAnswerToast(actionData);
  const reauth = useReauthRetry(actionData);
  const error = formMessages(actionData?.result)[0];
  const busy = useNavigation().state === "submitting";
  const choices = [
    { value: "month", title: t`Month first (US)`, text: t`12/18/2026 and 12/18/26 are the 18th of December; 01/02/2026 is January 2.` },
    { value: "day", title: t`Day first`, text: t`18/12/2026 and 18.12.2026 are the 18th of December; 01/02/2026 is February 1.` },
    {
      value: "zone",
      title: t`By the shop's time zone`,
      text: t`${timeZone}: ${byZone}. Month first in the Americas, day first elsewhere.`,
    },
  ] as const;
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6" onSubmitCapture={reauth.onSubmitCapture}>
      {reauth.dialog}
      {answerToast}
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Global Settings`}
      </Link>
      <PageHeader title={t`Imported files`} subtitle={t`How Import orders reads dates. Now: ${now}.`} />
      {/* Drawn afresh after each save (a new version), so it shows what is saved now. */}
      <Form method="post" key={loaderData.version} className={`p-5 ${cardClass}`}>
        <input type="hidden" name="version" value={loaderData.version} />
        <fieldset>
          <legend className="text-lg font-semibold text-ink">{t`Dates in imported files`}</legend>
          <p className="mt-1 text-sm text-ink-muted">
            {t`2026-12-18 and Excel's own date numbers are read the same either way, and so is a date that can be read only one way (13/12/2026).`}
          </p>
          {error ? (
            <p role="alert" className="mt-3 rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-800">
              {error}
            </p>
          ) : null}
          <div className="mt-3 grid gap-3">
            {choices.map((c) => (
              <label
                key={c.value}
                className="flex min-h-11 cursor-pointer gap-3 rounded-xl border-2 border-line p-4 hover:border-brand-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="dateOrder"
                  value={c.value}
                  defaultChecked={loaderData.dateOrder === c.value}
                  required
                  aria-describedby={`date-order-${c.value}`}
                  className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <span className="block text-base font-semibold text-ink">{c.title}</span>
                  <span id={`date-order-${c.value}`} className="mt-1 block text-sm text-ink-muted">
                    {c.text}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="mt-4 flex justify-end border-t border-line pt-4">
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? t`Saving...` : t`Save date order`}
          </button>
        </div>
      </Form>
    </div>
  );
}
