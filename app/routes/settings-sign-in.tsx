import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Form, Link, useActionData, useNavigation } from "react-router";
import { formMessages, useAnswerToast } from "~/components/forms";
import { btn, cardClass, PageHeader } from "~/components/ui";
import { i18n as pageI18n } from "~/domain/i18n-runtime";
import type { Route } from "./+types/settings-sign-in";
import type { action } from "./settings-sign-in.server";
import { signInModes } from "~/domain/sign-in-messages";
export { loader, action } from "./settings-sign-in.server";

// Global Settings → Sign-in (decision 0025): 'PIN only' or 'Choose your name, then PIN'. One form post, the
// same with JavaScript and without; the version it was opened with refuses a save over someone else's.

export const meta = () => [{ title: pageI18n._(msg`Sign-in · Global Settings · Shopflow`) }];

export default function SettingsSignIn({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const actionData = useActionData<typeof action>();
  const answerToast = useAnswerToast(actionData);
  const error = formMessages(actionData?.result)[0];
  const busy = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-3xl px-4 py-6 sm:px-6">
      {answerToast}
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Global Settings`}
      </Link>
      <PageHeader title={t`Sign-in`} subtitle={t`How staff sign in on the shop's screens, phones and the login page.`} />
      {/* Drawn afresh after each save (a new version), so it shows what is saved now. */}
      <Form method="post" key={loaderData.version} className={`p-5 ${cardClass}`}>
        <input type="hidden" name="version" value={loaderData.version} />
        <fieldset>
          <legend className="text-lg font-semibold text-ink">{t`Sign-in mode`}</legend>
          {error ? (
            <p role="alert" className="mt-3 rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm font-medium text-danger-800">
              {error}
            </p>
          ) : null}
          <div className="mt-3 grid gap-3">
            {signInModes().map((m) => (
              <label
                key={m.value}
                className="flex min-h-11 cursor-pointer gap-3 rounded-xl border-2 border-line p-4 hover:border-brand-300 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
              >
                <input
                  type="radio"
                  name="signInMode"
                  value={m.value}
                  defaultChecked={loaderData.signInMode === m.value}
                  required
                  aria-describedby={`sign-in-mode-${m.value}`}
                  className="mt-1 h-5 w-5 shrink-0 accent-brand-700"
                />
                <span className="min-w-0">
                  <span className="block text-base font-semibold text-ink">{m.title}</span>
                  <span id={`sign-in-mode-${m.value}`} className="mt-1 block text-sm text-ink-muted">
                    {m.text}
                  </span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <p className="mt-4 text-sm text-ink-muted">
          {t`Either way, a browser that has signed in here before keeps working when someone elsewhere floods the sign-in with wrong PINs.`}
        </p>
        <div className="mt-4 flex justify-end border-t border-line pt-4">
          <button type="submit" className={btn.primary} disabled={busy}>
            {busy ? t`Saving...` : t`Save sign-in mode`}
          </button>
        </div>
      </Form>
    </div>
  );
}
