import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link, useNavigate } from "react-router";
import { Icon } from "../icons";
import { RowLink } from "../row-link";
import { Badge, btn } from "../ui";

/** The columns the Pre-Production Dashboard sorts by (`?sort=`). */
export const PRE_PRODUCTION_SORTS = ["name", "start", "end", "priority"] as const;
export type SortKey = (typeof PRE_PRODUCTION_SORTS)[number];
export type SortDir = "asc" | "desc";

// docs/product.md §2: badge colours on this screen (rush red, high orange, medium yellow, low green, other grey).
const BADGE: Record<string, string> = { rush: "red", high: "orange", medium: "yellow", low: "green" };
export const PRIORITY_LABELS: Record<string, MessageDescriptor> = { rush: msg`Rush`, high: msg`High`, medium: msg`Medium`, low: msg`Low` };

export type AssignedProject = { id: number; name: string; description: string; priority: string; start: string; end: string };

/**
 * The member's assigned projects: a row opens its project, Files and Design open those. A header sorts by its
 * column (`query` builds the list's address with changes).
 */
export function AssignedTable({
  projects,
  sort,
  dir,
  query,
}: {
  projects: AssignedProject[];
  sort: SortKey | null;
  dir: SortDir | null;
  query: (changes: Record<string, string | null>) => string;
}) {
  const { t, i18n } = useLingui();
  const navigate = useNavigate();
  // The row's repeated words, once per page.
  const labels = { name: t`Project Name`, start: t`Start Date`, end: t`End Date`, priority: t`Priority`, actions: t`Actions` };
  /** docs/product.md §2: a header cycles ascending, descending, none; another column starts ascending. */
  const headerHref = (key: SortKey) =>
    sort !== key ? query({ sort: key, dir: "asc" }) : dir === "asc" ? query({ sort: key, dir: "desc" }) : query({ sort: null, dir: null });
  const ariaSort = (key: SortKey) => (sort === key ? (dir === "asc" ? "ascending" : "descending") : "none");
  // A render function, not a component: one made inside the table would be a new component type on every render.
  const header = (k: SortKey, label: string) => (
    <th key={k} scope="col" className="py-2 pr-3" aria-sort={ariaSort(k)}>
      <Link to={headerHref(k)} preventScrollReset className="inline-flex min-h-tap items-center gap-1 font-semibold text-ink hover:text-brand-800">
        {label}
        <span aria-hidden>{sort === k ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
      </Link>
    </th>
  );
  return (
    <table className="table-cards mt-4 w-full text-left text-base">
      <thead className="border-b border-line text-sm text-ink-muted">
        <tr>
          {header("name", labels.name)}
          {header("start", labels.start)}
          {header("end", labels.end)}
          {header("priority", labels.priority)}
          <th scope="col" className="py-2">
            {labels.actions}
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
            <td data-label={labels.name} className="py-3 pr-3 cell-text">
              <RowLink to={`/projects/${p.id}`} className="inline-flex min-h-tap items-center font-semibold text-ink hover:text-brand-800 hover:underline">
                {p.name}
              </RowLink>
              {p.description ? <p className="line-clamp-2 text-sm text-ink-muted">{p.description}</p> : null}
            </td>
            <td data-label={labels.start} className="py-3 pr-3">
              {p.start}
            </td>
            <td data-label={labels.end} className="py-3 pr-3">
              {p.end}
            </td>
            <td data-label={labels.priority} className="py-3 pr-3">
              <Badge color={BADGE[p.priority] ?? "gray"}>{PRIORITY_LABELS[p.priority] ? i18n._(PRIORITY_LABELS[p.priority]!) : p.priority}</Badge>
            </td>
            <td data-label={labels.actions} className="cell-actions py-3">
              <div className="flex flex-wrap gap-2">
                <RowLink to={`/projects/${p.id}/machine-files`} className={btn.small} aria-label={t`Files of ${p.name}`}>
                  <Icon name="file" />
                  {t`Files`}
                </RowLink>
                <RowLink to={`/projects/${p.id}?view=design`} className={btn.small} aria-label={t`Design of ${p.name}`}>
                  <Icon name="eye" />
                  {t`Design`}
                </RowLink>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
