import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link, useActionData } from "react-router";
import { useReauthRetry } from "~/components/reauth";
import { CalendarForm, CapacityForm } from "~/components/settings/capacity-forms";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import { i18n as pageI18n } from "~/domain/i18n-runtime";
import type { Route } from "./+types/settings-capacity";
import { loadSettingsCapacity, settingsCapacityAction } from "./settings-capacity.server";

// Global Settings → Capacity and calendar (docs/decisions/0038-finish-date-forecast.md): the shop's working days, hours
// and holidays, and each department's people × hours, which the expected finish of every project is computed from.
// Two plain forms, the same with JavaScript and without.

export const meta = () => [{ title: pageI18n._(msg`Capacity and calendar · Global Settings · Shopflow`) }];

export const loader = (args: Route.LoaderArgs) => loadSettingsCapacity(args);

export const action = (args: Route.ActionArgs) => settingsCapacityAction(args);

export default function SettingsCapacity({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { calendar, departments, version, timeZone } = loaderData;
  const summary = calendar.summary;
  const dayHours = calendar.dayHours;
  const actionData = useActionData<typeof action>();
  const resultFor = (formId: string) => (actionData?.formId === formId ? actionData.result : undefined);
  const reauth = useReauthRetry(actionData);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6" onSubmitCapture={reauth.onSubmitCapture}>
      {reauth.dialog}
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Global Settings`}
      </Link>
      <PageHeader
        title={t`Capacity and calendar`}
        subtitle={t`When the shop works and how much each department can do in a day: every project's expected finish is worked out from these and the shop's own timed sessions.`}
      />

      <section className={`p-5 ${cardClass}`} aria-labelledby="calendar-heading">
        <h2 id="calendar-heading" className="text-lg font-semibold text-ink">
          {t`The shop's week`}
        </h2>
        <p className="mt-1 text-base text-ink-muted">{t`Now: ${summary} (${timeZone}). A new shop works Monday to Friday, from 8:00 AM for 8 hours.`}</p>
        {/* Drawn afresh after each save (a new version), so it shows what is saved now. */}
        <CalendarForm key={version} calendar={calendar} version={version} lastResult={resultFor("calendar")} />
      </section>

      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="capacity-heading">
        <h2 id="capacity-heading" className="text-lg font-semibold text-ink">
          {t`What each department can do in a day`}
        </h2>
        <p className="mt-1 text-base text-ink-muted">
          {t`People working at once, and the hours each works in a day (empty: the shop's ${dayHours}). A new department has 1 person. With 0 people a department does no work, and items that still need it get no expected finish.`}
        </p>
        {departments.length === 0 ? (
          <div className="mt-3">
            <EmptyState
              icon="departments"
              title={t`No departments configured`}
              action={
                <Link to="/settings?tab=departments" className={btn.primary}>
                  {t`Set up departments first`}
                </Link>
              }
            >
              {t`Items move through departments; each one's capacity sets how fast its queue goes.`}
            </EmptyState>
          </div>
        ) : (
          <CapacityForm
            key={departments.map((d) => d.version).join(".")}
            departments={departments}
            dayHours={calendar.dayHours}
            lastResult={resultFor("capacity")}
          />
        )}
      </section>
    </div>
  );
}
