import { t as translate } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Icon } from "~/components/icons";
import { RouteError } from "~/components/route-error";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import type { FabricationStation } from "~/models/production-floor.server";
import { stationDescription, stationIcon } from "~/domain/fabrication";
import { workListHref } from "~/domain/work-lists";
import type { Route } from "./+types/fabrication";
export { loader } from "./fabrication.server";

// docs/product.md §2 'Fabrication Department' (/fabrication): the Fabrication department's active subdepartments, split into
// interior and exterior work. Each card leads to the department's work list at that station (decision 0037).

export function meta() {
  return [{ title: translate`Fabrication Department · Shopflow` }];
}

export default function Fabrication({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { department, interior, exterior, canSettings } = loaderData;
  const settingsLink = canSettings ? (
    <Link to="/settings?tab=departments" className={btn.secondary}>
      {t`Open Global Settings`}
    </Link>
  ) : null;
  if (!department) {
    return (
      <div className="floor-screen mx-auto max-w-5xl px-4 py-6 sm:px-6">
        <PageHeader title={t`Fabrication Department`} subtitle={t`Interior and exterior fabrication stations`} />
        <div className={cardClass}>
          <EmptyState icon="fabrication" title={t`No Fabrication Department Found`} action={settingsLink}>
            {t`Create a 'Fabrication' department in Global Settings, then add its stations as subdepartments.`}
          </EmptyState>
        </div>
      </div>
    );
  }
  const name = department.name;
  return (
    <div className="floor-screen mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PageHeader
        title={t`${name} Department`}
        subtitle={t`Interior and exterior fabrication stations`}
        actions={
          <Link to={workListHref(department.value)} className={btn.primary}>
            <Icon name="check" />
            {t`${name} work list`}
          </Link>
        }
      />
      <Section
        department={department.value}
        id="interior-fabrication"
        title={t`Interior Fabrication`}
        stations={interior}
        empty={t`No interior fabrication departments configured.`}
        hint={t`Add subdepartments with 'Interior' in the name under ${name} in Global Settings.`}
        action={settingsLink}
      />
      <Section
        department={department.value}
        id="exterior-fabrication"
        title={t`Exterior Fabrication`}
        stations={exterior}
        empty={t`No exterior fabrication departments configured.`}
        hint={t`Add subdepartments with 'Exterior' or 'Channel' in the name under ${name} in Global Settings.`}
        action={settingsLink}
      />
    </div>
  );
}

function Section({
  id,
  department,
  title,
  stations,
  empty,
  hint,
  action,
}: {
  id: string;
  department: string;
  title: string;
  stations: FabricationStation[];
  empty: string;
  hint: string;
  action: React.ReactNode;
}) {
  return (
    <section className="mt-6" aria-labelledby={id}>
      <h2 id={id} className="text-xl font-semibold text-ink">
        {title}
      </h2>
      {stations.length === 0 ? (
        <div className={`mt-3 ${cardClass}`}>
          <EmptyState icon="fabrication" title={empty} action={action}>
            {hint}
          </EmptyState>
        </div>
      ) : (
        <ul className="mt-3 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {stations.map((s) => (
            <li key={s.id}>
              <Link
                to={workListHref(department, { kind: "station", value: s.value })}
                className={`flex h-full items-start gap-3 p-5 hover:border-brand-300 hover:bg-brand-50 ${cardClass}`}
              >
                <span className="flex h-12 w-12 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={stationIcon(s.name)} className="h-6 w-6" />
                </span>
                <span className="min-w-0">
                  <span className="block text-lg font-semibold text-ink wrap-anywhere">{s.name}</span>
                  <span className="mt-0.5 block text-sm text-ink-muted wrap-anywhere">{stationDescription(s)}</span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError error={error}>
      <h1 className="text-2xl font-bold text-ink">
        <Trans>Error loading fabrication departments</Trans>
      </h1>
      <p className="mt-2 text-base text-ink-muted">
        <Trans>Please try again later</Trans>
      </p>
    </RouteError>
  );
}
