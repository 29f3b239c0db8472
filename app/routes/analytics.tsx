import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { DepartmentsFlow } from "~/components/analytics/departments-flow";
import { FinishedItems } from "~/components/analytics/finished-items";
import { MachinesFlow } from "~/components/analytics/machines-flow";
import { ProjectsDueSection } from "~/components/analytics/projects-due";
import { RangeForm } from "~/components/analytics/range-form";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import type { Route } from "./+types/analytics";
import { loadAnalytics } from "./analytics.server";

// Flow analytics: hands-on time against waiting time per department, the bottleneck named in
// words, items finished, work in progress, projects on time, and the machines' files. Everything is drawn on the
// server (SVG), so the page reads the same without JavaScript; each table has a CSV download.

export const meta = () => [{ title: `${t`Flow analytics`} · Shopflow` }];

export const loader = (args: Route.LoaderArgs) => loadAnalytics(args);

export default function Analytics({ loaderData: d }: Route.ComponentProps) {
  const { t } = useLingui();
  const { rangeText, timeZone, minWaits, ms } = d;
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PageHeader title={t`Flow analytics`} subtitle={t`Where work is done and where it waits: ${rangeText} (${timeZone} time).`} />
      <RangeForm from={d.from} to={d.to} rangeError={d.rangeError} quick={d.quick} />

      {d.empty ? (
        <section className={`mt-6 p-4 sm:p-5 ${cardClass}`}>
          <EmptyState
            icon="clock"
            title={t`No work was timed in this range`}
            action={
              <Link to={`/analytics?from=${d.quick[3]!.from}&to=${d.quick[3]!.to}`} className={btn.secondary}>
                <Trans>Show the last 12 months</Trans>
              </Link>
            }
          >
            <Trans>Figures appear once items are scanned in and out on the floor (QR Timer), or choose a wider range.</Trans>
          </EmptyState>
        </section>
      ) : (
        <>
          <section aria-label={t`Bottleneck`} className={`mt-6 p-4 sm:p-5 ${cardClass}`} data-testid="bottleneck">
            {d.bottleneck ? (
              <p className="text-ink">
                <Trans>
                  <span className="font-semibold">Bottleneck: {d.bottleneck.label}.</span> Items waited a median of{" "}
                  <span className="font-semibold">{d.bottleneck.wait}</span> before work started there ({d.bottleneck.waits} hand-offs), longer than before any
                  other department.
                </Trans>
              </p>
            ) : (
              <p className="text-ink">{t`No bottleneck to name: no department had ${minWaits} or more hand-offs from another department in this range.`}</p>
            )}
          </section>

          <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[
              [t`Hands-on time`, d.totals.handsOn],
              [t`Items finished`, d.totals.finished],
              [t`Work in progress now`, d.totals.wip],
              [t`Machine files completed`, d.totals.files],
            ].map(([k, v]) => (
              <div key={k} className={`p-4 ${cardClass}`}>
                <dt className="text-sm text-ink-muted">{k}</dt>
                <dd className="mt-1 text-2xl font-semibold text-ink tabular-nums">{v}</dd>
              </div>
            ))}
          </dl>

          <DepartmentsFlow departments={d.departments} query={d.query} />
          <FinishedItems finished={d.finished} period={d.period} query={d.query} />
          <ProjectsDueSection projects={d.projects} query={d.query} />
          <MachinesFlow machines={d.machines} query={d.query} />
          <p className="mt-4 text-sm text-ink-muted">{t`Figures computed in ${ms} ms.`}</p>
        </>
      )}
    </div>
  );
}
