import { useEffect, useRef } from "react";
import { data, Form, Link, useNavigate, useNavigation, useSubmit } from "react-router";
import { Icon } from "~/components/icons";
import { PageLinks } from "~/components/page-links";
import { RouteError } from "~/components/route-error";
import { Badge, btn, cardClass, EmptyState, inputClass, PageHeader } from "~/components/ui";
import { assignedProjects } from "~/models/project.server";
import { requirePermission } from "~/services/permissions.server";
import { PRIORITIES } from "~/domain/constants";
import { formatListDate } from "~/domain/dates";
import { pageOf, requestedPage } from "~/domain/paging";
import { priorityWeight } from "~/domain/rules";
import { getEnv } from "~/infra/env.server";
import type { Route } from "./+types/pre-production";
import { RowLink } from "~/components/row-link";
import { LiveIndicator, useLiveData } from "~/components/live";

export function meta() {
  return [{ title: "Pre-Production Dashboard · Shopflow" }];
}

/** docs/product.md §2 Pre-Production Dashboard: what a signed-out visitor is told. */
export const PRE_PRODUCTION_SIGNED_OUT = "Please log in to view your assigned projects";

const SORT_KEYS = ["name", "start", "end", "priority"] as const;
type SortKey = (typeof SORT_KEYS)[number];
type Dir = "asc" | "desc";

// docs/product.md §2: badge colours on this screen (rush red, high orange, medium yellow, low green, other grey).
const BADGE: Record<string, string> = { rush: "red", high: "orange", medium: "yellow", low: "green" };
const PRIORITY_LABELS: Record<string, string> = { rush: "Rush", high: "High", medium: "Medium", low: "Low" };

function listState(url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const p = url.searchParams.get("priority");
  const priority = PRIORITIES.find((x) => x === p) ?? null;
  const s = url.searchParams.get("sort");
  const sort = SORT_KEYS.find((x) => x === s) ?? null;
  const d = url.searchParams.get("dir");
  const dir: Dir | null = sort ? (d === "desc" ? "desc" : "asc") : null;
  const page = requestedPage(url.searchParams.get("page"));
  return { q, priority, sort, dir, page };
}

// A designer has a few dozen projects; a manager assigned to thousands gets pages instead of a page that takes
// seconds to render on a floor PC.
export const PRE_PRODUCTION_PAGE_SIZE = 50;

export function loader({ request }: Route.LoaderArgs) {
  const user = requirePermission(request, "screen:pre-production", PRE_PRODUCTION_SIGNED_OUT);
  const state = listState(new URL(request.url));
  const tz = getEnv().SHOP_TIMEZONE;
  // docs/product.md §3 'pre-production list project': a step of Pre-Production assigned to this member. One query; a
  // member's own list is short, so the search, filter and order are done here.
  const all = assignedProjects(user.id, "pre-production");
  const needle = state.q.toLowerCase();
  let rows = all.filter(
    (p) =>
      (!needle || p.name.toLowerCase().includes(needle) || p.description.toLowerCase().includes(needle)) && (!state.priority || p.priority === state.priority),
  );
  if (state.sort) {
    const time = (d: Date | null) => (d ? d.getTime() : Number.NEGATIVE_INFINITY); // missing dates sort as earliest
    const key: Record<SortKey, (p: (typeof rows)[number]) => number | string> = {
      name: (p) => p.name.toLowerCase(),
      start: (p) => time(p.stepStartDate),
      end: (p) => time(p.stepEndDate),
      priority: (p) => priorityWeight(p.priority),
    };
    const k = key[state.sort];
    const sign = state.dir === "desc" ? -1 : 1;
    rows = [...rows].sort((a, b) => {
      const x = k(a);
      const y = k(b);
      return (x < y ? -1 : x > y ? 1 : 0) * sign || a.id - b.id;
    });
  }
  const { page, pages, offset, limit } = pageOf(state.page, rows.length, PRE_PRODUCTION_PAGE_SIZE);
  return data(
    {
      ...state,
      page,
      pages,
      offset,
      matching: rows.length,
      assignedCount: all.length,
      rushCount: all.filter((p) => p.priority === "rush").length,
      projects: rows.slice(offset, offset + limit).map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        priority: p.priority,
        start: formatListDate(p.stepStartDate, tz),
        end: formatListDate(p.stepEndDate, tz),
      })),
    },
    // docs/product.md §2: the list is always fetched fresh.
    { headers: { "Cache-Control": "no-store" } },
  );
}

// docs/product.md §2: a failed load says so, with a way to try again.
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <RouteError error={error}>
      <h1 className="text-2xl font-bold text-ink">Failed to load projects</h1>
      <p className="mt-3 text-base text-ink-muted">Failed to load projects. Please try again.</p>
      <a href="/pre-production" className={`mt-6 ${btn.secondary}`}>
        Try again
      </a>
    </RouteError>
  );
}

export default function PreProduction({ loaderData }: Route.ComponentProps) {
  const { q, priority, sort, dir, projects, assignedCount, rushCount, page, pages, offset, matching } = loaderData;
  // Assignments, dates and priorities change on the projects' pages.
  const live = useLiveData((n) => n.entity === "project" || n.entity === "workflow-step");
  const navigate = useNavigate();
  const navigation = useNavigation();
  const submit = useSubmit();
  const form = useRef<HTMLFormElement>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const query = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams();
    // Any change but the page itself starts again at page 1.
    const base: Record<string, string | null> = { q: q || null, priority, sort, dir, page: null };
    for (const [k, v] of Object.entries({ ...base, ...changes })) if (v) next.set(k, v);
    const s = next.toString();
    return `/pre-production${s ? `?${s}` : ""}`;
  };
  /** docs/product.md §2: a header cycles ascending, descending, none; another column starts ascending. */
  const headerHref = (key: SortKey) =>
    sort !== key ? query({ sort: key, dir: "asc" }) : dir === "asc" ? query({ sort: key, dir: "desc" }) : query({ sort: null, dir: null });
  const ariaSort = (key: SortKey) => (sort === key ? (dir === "asc" ? "ascending" : "descending") : "none");
  // A render function, not a component: one made inside the page would be a new component type on every render.
  const header = (k: SortKey, label: string) => (
    <th key={k} scope="col" className="py-2 pr-3" aria-sort={ariaSort(k)}>
      <Link to={headerHref(k)} preventScrollReset className="inline-flex min-h-tap items-center gap-1 font-semibold text-ink hover:text-brand-800">
        {label}
        <span aria-hidden>{sort === k ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
      </Link>
    </th>
  );
  const filtering = Boolean(q || priority);
  const loading = navigation.state === "loading" && navigation.location.pathname === "/pre-production";

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PageHeader
        title="Pre-Production Dashboard"
        subtitle="The projects whose Pre-Production step is assigned to you."
        actions={<LiveIndicator status={live} />}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <div className={`p-5 ${cardClass}`}>
          <p className="text-sm font-semibold text-ink-muted">Number of Projects Currently Assigned</p>
          <p className="mt-1 text-3xl font-bold text-ink tabular-nums">{assignedCount}</p>
        </div>
        <div className={`p-5 ${cardClass}`}>
          <p className="text-sm font-semibold text-ink-muted">Number of Rush Projects Assigned</p>
          <p className="mt-1 text-3xl font-bold text-red-700 tabular-nums">{rushCount}</p>
        </div>
      </div>

      <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-label="Assigned projects">
        <Form method="get" ref={form} role="search" className="flex flex-wrap items-end gap-3">
          {sort ? <input type="hidden" name="sort" value={sort} /> : null}
          {dir ? <input type="hidden" name="dir" value={dir} /> : null}
          <div className="min-w-0 flex-1 basis-56">
            <label htmlFor="q" className="block text-sm font-semibold text-ink">
              Search
            </label>
            <input
              id="q"
              name="q"
              type="search"
              defaultValue={q}
              placeholder="Search projects..."
              className={`${inputClass} mt-1`}
              onChange={(e) => {
                const target = e.currentTarget.form;
                clearTimeout(timer.current);
                timer.current = setTimeout(() => target && submit(target, { replace: true, preventScrollReset: true }), 300);
              }}
            />
          </div>
          <div>
            <label htmlFor="priority" className="block text-sm font-semibold text-ink">
              Priority
            </label>
            <select
              id="priority"
              name="priority"
              defaultValue={priority ?? ""}
              className={`${inputClass} mt-1`}
              onChange={(e) => e.currentTarget.form && submit(e.currentTarget.form, { replace: true, preventScrollReset: true })}
            >
              <option value="">All Priorities</option>
              {PRIORITIES.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p]}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className={btn.secondary}>
            <Icon name="search" />
            Search
          </button>
        </Form>
        <p className="sr-only" aria-live="polite">
          {loading ? "Loading projects..." : `${matching} project${matching === 1 ? "" : "s"} found`}
        </p>

        {projects.length === 0 ? (
          <div className="mt-4">
            {filtering ? (
              <EmptyState
                icon="search"
                title="No projects match your search criteria"
                action={
                  <Link to={query({ q: null, priority: null })} className={btn.secondary}>
                    Clear search
                  </Link>
                }
              />
            ) : (
              <EmptyState icon="folder" title="No Pre Production projects assigned to you">
                A project manager assigns you on a project's Pre-Production step; it shows here.
              </EmptyState>
            )}
          </div>
        ) : (
          <table className="table-cards mt-4 w-full text-left text-base">
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                {header("name", "Project Name")}
                {header("start", "Start Date")}
                {header("end", "End Date")}
                {header("priority", "Priority")}
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {projects.map((p) => (
                <tr
                  key={p.id}
                  className="cursor-pointer hover:bg-slate-50"
                  onClick={(e) => {
                    // The whole row opens the project; its own links and buttons keep their job.
                    if ((e.target as HTMLElement).closest("a,button")) return;
                    navigate(`/projects/${p.id}`);
                  }}
                >
                  <td data-label="Project Name" className="py-3 pr-3 cell-text">
                    <RowLink
                      to={`/projects/${p.id}`}
                      className="inline-flex min-h-tap items-center font-semibold text-ink hover:text-brand-800 hover:underline"
                    >
                      {p.name}
                    </RowLink>
                    {p.description ? <p className="line-clamp-2 text-sm text-ink-muted">{p.description}</p> : null}
                  </td>
                  <td data-label="Start Date" className="py-3 pr-3">
                    {p.start}
                  </td>
                  <td data-label="End Date" className="py-3 pr-3">
                    {p.end}
                  </td>
                  <td data-label="Priority" className="py-3 pr-3">
                    <Badge color={BADGE[p.priority] ?? "gray"}>{PRIORITY_LABELS[p.priority] ?? p.priority}</Badge>
                  </td>
                  <td data-label="Actions" className="py-3">
                    <div className="flex flex-wrap gap-2">
                      <RowLink to={`/projects/${p.id}/machine-files`} className={btn.small} aria-label={`Files of ${p.name}`}>
                        <Icon name="file" />
                        Files
                      </RowLink>
                      <RowLink to={`/projects/${p.id}?view=design`} className={btn.small} aria-label={`Design of ${p.name}`}>
                        <Icon name="eye" />
                        Design
                      </RowLink>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {pages > 1 ? (
          <>
            <p className="mt-4 text-sm text-ink-muted">{`Showing ${offset + 1}–${offset + projects.length} of ${matching}`}</p>
            <PageLinks page={page} pages={pages} href={(n) => query({ page: n > 1 ? String(n) : null })} />
          </>
        ) : null}
      </section>
    </div>
  );
}
