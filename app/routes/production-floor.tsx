import { plural, t as translate } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Icon } from "~/components/icons";
import { RouteError } from "~/components/route-error";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import { colorClass } from "~/domain/colors";
import type { Route } from "./+types/production-floor";
import { LiveIndicator, useLiveData } from "~/components/live";
export { loader } from "./production-floor.server";

// docs/product.md §2 'Production Floor' (/production and /production-floor): every active machine station by name, each
// opening its queue, with how many files wait there; and the way to the QR Timer for scanning items.

export function meta() {
  return [{ title: translate`Production Floor · Shopflow` }];
}

export default function ProductionFloor({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { stations, canSettings } = loaderData;
  // The English status words are lower case and shown capitalised; the Spanish ones are written as shown.
  const capitalize = i18n.locale === "es" ? "" : "capitalize";
  const stationCount = stations.length;
  const waitingText = (waiting: number) =>
    waiting === 0 ? t`No files waiting` : plural(waiting, { one: `${waiting} file waiting`, other: `${waiting} files waiting` });
  // Scans move items between stations; files come and go on the machines.
  const live = useLiveData((n) => n.entity === "item" || n.entity === "machine-file" || n.entity === "department");
  return (
    <div className="floor-screen mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PageHeader
        title={t`Production Floor`}
        subtitle={t`Monitor and manage all production stations and machines`}
        actions={
          <>
            <LiveIndicator status={live} />
            <Link to="/qr-scanner" className={`${btn.primary} whitespace-normal`}>
              <Icon name="qr" />
              {t`QR Timer — scan items`}
            </Link>
          </>
        }
      />
      <p className="text-base font-medium text-ink">{t`${stationCount} active stations`}</p>
      {stations.length === 0 ? (
        <div className={`mt-4 ${cardClass}`}>
          <EmptyState
            icon="machine"
            title={t`No Production Stations Available`}
            action={
              canSettings ? (
                <Link to="/settings?tab=departments" className={btn.primary}>
                  {t`Open Departments/Stations`}
                </Link>
              ) : null
            }
          >
            {canSettings
              ? t`Add stations in Global Settings, Departments/Stations.`
              : t`Add stations in Global Settings, Departments/Stations (ask a manager).`}
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-4 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {stations.map((s) => (
            <li key={s.value}>
              <Link
                to={`/production/${encodeURIComponent(s.value)}`}
                className={`flex h-full min-h-28 flex-col gap-3 p-5 hover:border-brand-300 hover:bg-brand-50 ${cardClass}`}
              >
                <span className="flex items-start gap-3">
                  <span className={`flex h-12 w-12 shrink-0 items-center justify-center rounded-xl border ${colorClass(s.color)}`}>
                    <Icon name="machine" className="h-6 w-6" />
                  </span>
                  <span className="min-w-0">
                    <span className="block text-lg font-semibold text-ink wrap-anywhere">{s.name}</span>
                    {s.description ? <span className="mt-0.5 block text-sm text-ink-muted wrap-anywhere">{s.description}</span> : null}
                  </span>
                </span>
                <span className="mt-auto flex items-center justify-between gap-2 text-base">
                  <span className={s.waiting > 0 ? "font-semibold text-ink" : "text-ink-muted"}>{waitingText(s.waiting)}</span>
                  {s.machineStatus !== "active" ? (
                    <span className={`rounded-full border border-warning-300 bg-warning-50 px-2 py-0.5 text-sm font-medium text-warning-900 ${capitalize}`}>
                      {s.machineStatus === "maintenance"
                        ? t({ message: "maintenance", comment: "A machine's status" })
                        : s.machineStatus === "offline"
                          ? t({ message: "offline", comment: "A machine's status" })
                          : s.machineStatus}
                    </span>
                  ) : null}
                  <Icon name="arrowRight" className="h-5 w-5 text-ink-muted" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError error={error}>
      <h1 className="text-2xl font-bold text-ink">
        <Trans>Error Loading Production Floor</Trans>
      </h1>
      <p className="mt-2 text-base text-ink-muted">
        <Trans>Please try again later</Trans>
      </p>
      <a href="/production" className={`mt-6 ${btn.secondary}`}>
        <Trans>Try again</Trans>
      </a>
    </RouteError>
  );
}
