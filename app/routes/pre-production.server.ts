import { t } from "@lingui/core/macro";
import { data } from "react-router";
import { type AssignedProject, PRE_PRODUCTION_SORTS, type SortDir, type SortKey } from "~/components/pre-production/assigned-table";
import { PRIORITIES } from "~/domain/constants";
import { formatListDate } from "~/domain/dates";
import { pageOf, requestedPage } from "~/domain/paging";
import { priorityWeight } from "~/domain/rules";
import { getEnv } from "~/infra/env.server";
import { assignedProjects } from "~/models/project.server";
import { requirePermission } from "~/services/permissions.server";
import { lateRisk } from "~/views/forecast-view.server";
import type { Route } from "./+types/pre-production";

// The Pre-Production Dashboard's loader (routes/pre-production.tsx holds the page).

/** docs/product.md §2 Pre-Production Dashboard: what a signed-out visitor is told. */
export function preProductionSignedOut() {
  return t`Please log in to view your assigned projects`;
}

// A designer has a few dozen projects; a manager assigned to thousands gets pages instead of a page that takes
// seconds to render on a floor PC.
export const PRE_PRODUCTION_PAGE_SIZE = 50;

function listState(url: URL) {
  const q = (url.searchParams.get("q") ?? "").trim().slice(0, 200);
  const p = url.searchParams.get("priority");
  const priority = PRIORITIES.find((x) => x === p) ?? null;
  const s = url.searchParams.get("sort");
  const sort = PRE_PRODUCTION_SORTS.find((x) => x === s) ?? null;
  const d = url.searchParams.get("dir");
  const dir: SortDir | null = sort ? (d === "desc" ? "desc" : "asc") : null;
  const page = requestedPage(url.searchParams.get("page"));
  return { q, priority, sort, dir, page };
}

/** The signed-in member's projects with a Pre-Production step assigned to them: searched, filtered, sorted, one page. */
export function loadPreProduction({ request }: Route.LoaderArgs) {
  const user = requirePermission(request, "screen:pre-production", preProductionSignedOut());
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
      // 'Late risk' (decision 0038): which of these projects are expected to finish after their due date.
      lateRisk: lateRisk(5, new Map(all.map((p) => [p.id, p.name]))),
      projects: rows.slice(offset, offset + limit).map(
        (p): AssignedProject => ({
          id: p.id,
          name: p.name,
          description: p.description,
          priority: p.priority,
          start: formatListDate(p.stepStartDate, tz),
          end: formatListDate(p.stepEndDate, tz),
        }),
      ),
    },
    // docs/product.md §2: the list is always fetched fresh.
    { headers: { "Cache-Control": "no-store" } },
  );
}
