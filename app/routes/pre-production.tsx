import { plural, t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link, useNavigation } from "react-router";
import { LiveIndicator, useLiveData } from "~/components/live";
import { PageLinks } from "~/components/page-links";
import { AssignedSearch } from "~/components/pre-production/assigned-search";
import { AssignedTable } from "~/components/pre-production/assigned-table";
import { LateRiskList } from "~/components/late-risk";
import { RouteError } from "~/components/route-error";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import type { Route } from "./+types/pre-production";
import { loadPreProduction } from "./pre-production.server";

export function meta() {
  return [{ title: t`Pre-Production Dashboard · Shopflow` }];
}

export const loader = (args: Route.LoaderArgs) => loadPreProduction(args);

// docs/product.md §2: a failed load says so, with a way to try again.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  return (
    <RouteError error={error}>
      <h1 className="text-2xl font-bold text-ink">{t`Failed to load projects`}</h1>
      <p className="mt-3 text-base text-ink-muted">{t`Failed to load projects. Please try again.`}</p>
      <a href="/pre-production" className={`mt-6 ${btn.secondary}`}>
        {t`Try again`}
      </a>
    </RouteError>
  );
}

export default function PreProduction({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const { q, priority, sort, dir, projects, assignedCount, rushCount, page, pages, offset, matching } = loaderData;
  // Assignments, dates and priorities change on the projects' pages.
  const live = useLiveData((n) => n.entity === "project" || n.entity === "workflow-step");
  const navigation = useNavigation();

  const query = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams();
    // Any change but the page itself starts again at page 1.
    const base: Record<string, string | null> = { q: q || null, priority, sort, dir, page: null };
    for (const [k, v] of Object.entries({ ...base, ...changes })) if (v) next.set(k, v);
    const s = next.toString();
    return `/pre-production${s ? `?${s}` : ""}`;
  };
  const filtering = Boolean(q || priority);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/pre-production";

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PageHeader
        title={t`Pre-Production Dashboard`}
        subtitle={t`The projects whose Pre-Production step is assigned to you.`}
        actions={<LiveIndicator status={live} />}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className={`p-5 ${cardClass}`}>
          <p className="text-sm font-semibold text-ink-muted">{t`Number of Projects Currently Assigned`}</p>
          <p className="mt-1 text-3xl font-bold text-ink tabular-nums">{assignedCount}</p>
        </div>
        <div className={`p-5 ${cardClass}`}>
          <p className="text-sm font-semibold text-ink-muted">{t`Number of Rush Projects Assigned`}</p>
          <p className="mt-1 text-3xl font-bold text-red-700 tabular-nums">{rushCount}</p>
        </div>
      </div>

      {assignedCount > 0 ? (
        <div className="mt-6">
          <LateRiskList
            rows={loaderData.lateRisk.rows}
            total={loaderData.lateRisk.total}
            empty={t`None of your projects is expected to finish after its due date.`}
          />
        </div>
      ) : null}

      <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-label={t`Assigned projects`}>
        <AssignedSearch q={q} priority={priority} sort={sort} dir={dir} />
        <p className="sr-only" aria-live="polite">
          {loading ? t`Loading projects...` : plural(matching, { one: "# project found", other: "# projects found" })}
        </p>

        {projects.length === 0 ? (
          <div className="mt-4">
            {filtering ? (
              <EmptyState
                icon="search"
                title={t`No projects match your search criteria`}
                action={
                  <Link to={query({ q: null, priority: null })} className={btn.secondary}>
                    {t`Clear search`}
                  </Link>
                }
              />
            ) : (
              <EmptyState icon="folder" title={t`No Pre Production projects assigned to you`}>
                {t`A project manager assigns you on a project's Pre-Production step; it shows here.`}
              </EmptyState>
            )}
          </div>
        ) : (
          <AssignedTable projects={projects} sort={sort} dir={dir} query={query} />
        )}
        {pages > 1 ? (
          <>
            <p className="mt-4 text-sm text-ink-muted">{t`Showing ${offset + 1}–${offset + projects.length} of ${matching}`}</p>
            <PageLinks page={page} pages={pages} href={(n) => query({ page: n > 1 ? String(n) : null })} />
          </>
        ) : null}
      </section>
    </div>
  );
}
