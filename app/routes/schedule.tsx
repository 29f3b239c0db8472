import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { AtRiskTable } from "~/components/schedule/at-risk-table";
import { LoadTable } from "~/components/schedule/load-table";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import type { Route } from "./+types/schedule";
import { loadSchedule } from "./schedule.server";

// The schedule: the next working days per department, hours booked against capacity with the overloaded days
// marked, and the projects at risk with why (docs/decisions/0040-schedule.md). Drawn on the server: it reads the
// same without JavaScript, and each table has a CSV download.

export const meta = () => [{ title: `${t`Schedule`} · Shopflow` }];

export const loader = (args: Route.LoaderArgs) => loadSchedule(args);

function Csv({ table, label }: { table: string; label: string }) {
  const { t } = useLingui();
  return (
    <a href={`/schedule/${table}.csv`} download className={`${btn.secondary} shrink-0`}>
      {t`Download CSV`}
      <span className="sr-only"> {t`of ${label}`}</span>
    </a>
  );
}

export default function SchedulePage({ loaderData: d }: Route.ComponentProps) {
  const { t } = useLingui();
  const days = d.days.length;
  const timeZone = d.timeZone;
  const overloadPercent = d.overloadPercent;
  const atRiskTotal = d.atRiskTotal;
  const computedAt = d.computedAt;
  const ms = d.ms;
  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <PageHeader
        title={t`Schedule`}
        subtitle={t`The next ${days} working days: the work each department must do for every project to ship on time, against what it can do (${timeZone} time).`}
        actions={
          <Link to="/settings/capacity" className={btn.secondary}>
            <Trans>Capacity and calendar</Trans>
          </Link>
        }
      />

      {d.departments.length === 0 || d.days.length === 0 ? (
        <section className={`mt-6 p-4 sm:p-5 ${cardClass}`}>
          <EmptyState
            icon="departments"
            title={d.days.length === 0 ? t`The shop's calendar has no working days` : t`No departments to schedule`}
            action={
              <Link to={d.days.length === 0 ? "/settings/capacity" : "/settings?tab=departments"} className={btn.primary}>
                {d.days.length === 0 ? t`Set the working days` : t`Add departments`}
              </Link>
            }
          >
            <Trans>The schedule places each project's remaining work on the shop's working days, department by department.</Trans>
          </EmptyState>
        </section>
      ) : (
        <>
          <section aria-labelledby="overloads-h" className={`mt-6 p-4 sm:p-5 ${cardClass}`} data-testid="overloads">
            <h2 id="overloads-h" className="text-lg font-semibold text-ink">
              <Trans>Overloaded days</Trans>
            </h2>
            {d.overloads.length > 0 ? (
              <ul className="mt-2 list-disc space-y-1 pl-5 text-ink">
                {d.overloads.map((o) => (
                  <li key={o}>{o}</li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-ink">{t`No department is booked past its capacity in the next ${days} working days.`}</p>
            )}
          </section>

          <section aria-labelledby="risk-h" className={`mt-6 p-4 sm:p-5 ${cardClass}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h2 id="risk-h" className="text-lg font-semibold text-ink">
                {t`Projects at risk (${atRiskTotal})`}
              </h2>
              {d.atRiskTotal > 0 ? <Csv table="at-risk" label={t`the projects at risk`} /> : null}
            </div>
            <AtRiskTable projects={d.atRisk} total={d.atRiskTotal} />
          </section>

          <section aria-labelledby="load-h" className={`mt-6 p-4 sm:p-5 ${cardClass}`}>
            <div className="flex flex-wrap items-start justify-between gap-3">
              <h2 id="load-h" className="text-lg font-semibold text-ink">
                <Trans>Booked against capacity</Trans>
              </h2>
              <Csv table="load" label={t`the hours booked per department and day`} />
            </div>
            <p className="mt-2 text-sm text-ink-muted">
              {t`Each department's share of a project's remaining work is spread over the days it can be done in: after the departments before it, in time for the due date. Above ${overloadPercent}% a day holds more than its people can do. 'Already late' is work that cannot meet its due date even if started now; 'No due date' is work of projects without one.`}
            </p>
            <LoadTable rows={d.departments} days={d.days} />
          </section>
          <p className="mt-4 text-sm text-ink-muted">{t`Forecast of ${computedAt}; worked out in ${ms} ms.`}</p>
        </>
      )}
    </div>
  );
}
