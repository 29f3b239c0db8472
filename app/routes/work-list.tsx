import { t as translate } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Icon } from "~/components/icons";
import { LiveIndicator, useLiveData } from "~/components/live";
import { PageLinks } from "~/components/page-links";
import { RouteError } from "~/components/route-error";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import { FollowActedOnRow, StationDialog, WorkRows } from "~/components/work/work-list-rows";
import { StationFilters } from "~/components/work/station-filters";
import { workListHref } from "~/domain/work-lists";
import type { Route } from "./+types/work-list";
import { intlLocaleFor } from "~/domain/languages";
export { action, loader } from "./work-list.server";

// /work/{department}: what a department has to do now (decision 0037). Running items first (who started
// each, since when, the time counting), then the waiting ones by rush, due date and arrival; Start and Stop on
// every row, with JavaScript or without. It follows the event stream, so a scan anywhere shows here.

/** The notices that can change what a work list shows; the server answers 304 when its own department's did not move. */
const CONCERNS = new Set(["item", "project", "design", "item-file", "machine-file", "department", "subdepartment", "team-member"]);

export function meta({ loaderData }: Route.MetaArgs) {
  const name = loaderData?.department?.name;
  return [{ title: name ? translate`${name} Work List · Shopflow` : translate`Work list · Shopflow` }];
}

export default function WorkList({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { department, stations, filter, counts, page, pages, items, now, stationFor } = loaderData;
  const numberLocale = intlLocaleFor(i18n.locale);
  const departmentName = department.name;
  const live = useLiveData((n) => CONCERNS.has(n.entity));
  const here = workListHref(department.value, filter, page);
  const running = items.filter((i) => i.running);
  const waiting = items.filter((i) => !i.running);
  const stationItem = stations.length && stationFor !== null ? items.find((i) => i.id === stationFor) : undefined;
  const stationName = filter.kind === "station" ? (stations.find((s) => s.value === filter.value)?.name ?? filter.value) : null;
  const where =
    filter.kind === "station"
      ? t`at ${stationName}`
      : filter.kind === "side"
        ? filter.side === "interior"
          ? t`at interior stations`
          : t`at exterior stations`
        : filter.kind === "unassigned"
          ? t`without a station`
          : null;
  const back = department.value === "fabrication" ? { to: "/fabrication", label: t`Back to Fabrication` } : null;
  const runningCount = counts.running.toLocaleString(numberLocale);
  const waitingCount = counts.waiting.toLocaleString(numberLocale);
  const countsText = t`${runningCount} running · ${waitingCount} waiting`;
  return (
    <FollowActedOnRow items={items}>
      <div className="floor-screen mx-auto max-w-7xl px-4 py-6 sm:px-6">
        <PageHeader
          back={
            back ? (
              <Link to={back.to} className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
                ← {back.label}
              </Link>
            ) : undefined
          }
          title={t`${departmentName} Work List`}
          subtitle={
            department.isActive
              ? t`Running items first, then what waits: rush first, then by due date and arrival`
              : t`This department is switched off in Global Settings`
          }
          actions={
            <>
              <LiveIndicator status={live} />
              <Link to="/qr-scanner" className={btn.secondary}>
                <Icon name="qr" />
                {t`QR Timer`}
              </Link>
            </>
          }
        />
        {stationItem ? <StationDialog item={stationItem} stations={stations} here={here} /> : null}
        <p id="work-counts" tabIndex={-1} className="text-base font-medium text-ink" aria-live="polite" data-testid="work-counts">
          {countsText}
          {where ? ` ${where}` : ""}
        </p>
        {stations.length ? <StationFilters department={department.value} stations={stations} filter={filter} /> : null}
        {items.length === 0 ? (
          <div className={`mt-6 ${cardClass}`}>
            <EmptyState
              icon="check"
              title={where ? t`Nothing waiting in ${departmentName} ${where}` : t`Nothing waiting in ${departmentName}`}
              action={
                <>
                  <Link to="/qr-scanner" className={btn.primary}>
                    <Icon name="qr" />
                    {t`Open the QR Timer`}
                  </Link>
                  {filter.kind !== "all" ? (
                    <Link to={workListHref(department.value)} className={btn.secondary}>
                      {t`Show all of ${departmentName}`}
                    </Link>
                  ) : (
                    <Link to="/board" className={btn.secondary}>
                      {t`See the floor board`}
                    </Link>
                  )}
                </>
              }
            >
              {t`Items show here when they arrive in ${departmentName}: when the department before stops their timer, or when they are added here.`}
            </EmptyState>
          </div>
        ) : (
          <>
            {running.length ? (
              <WorkRows id="work-running-now" title={t`Running now`} count={counts.running} items={running} stations={stations} here={here} now={now} />
            ) : null}
            {waiting.length ? (
              <WorkRows id="work-waiting" title={t`Waiting`} count={counts.waiting} items={waiting} stations={stations} here={here} now={now} />
            ) : null}
            <PageLinks page={page} pages={pages} href={(p) => workListHref(department.value, filter, p)} />
          </>
        )}
      </div>
    </FollowActedOnRow>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError error={error}>
      <h1 className="text-2xl font-bold text-ink">
        <Trans>Error loading the work list</Trans>
      </h1>
      <p className="mt-2 text-base text-ink-muted">
        <Trans>Please try again later</Trans>
      </p>
    </RouteError>
  );
}
