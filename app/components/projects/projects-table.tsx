import type { MessageDescriptor } from "@lingui/core";
import { msg, plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { RowActions } from "~/components/row-actions";
import { RowLink } from "~/components/row-link";
import { Badge, cardClass } from "~/components/ui";
import { PRIORITY_COLORS } from "~/domain/colors";
import type { SortDir } from "~/models/project.server";
import { intlLocaleFor } from "~/domain/languages";

const PRIORITY_LABELS: Record<string, MessageDescriptor> = {
  rush: msg`Rush`,
  high: msg`High`,
  medium: msg`Medium`,
  low: msg`Low`,
};

/** One project of the list, with its metrics in words. */
export type ProjectListRow = {
  id: number;
  name: string;
  description: string;
  priority: string;
  status: string;
  workflowId: number | null;
  workflowName: string | null;
  /** What the Edit Project form shows: days in the shop's zone ('yyyy-mm-dd'), or null. */
  startDate: string | null;
  endDate: string | null;
  customer: string | null;
  externalReference: string | null;
  version: number;
  totalTime: string;
  activeTimers: number;
  completedSteps: number;
  totalSteps: number;
  progress: number;
  totalItems: number;
  /** 'Tue, Dec 8 · 2 working days late' (decision 0038); null when nothing is left to do. */
  expectedFinish: string | null;
  atRisk: boolean;
};

export type PriorityCounts = { active: number; rush: number; high: number; medium: number; low: number };

/** The counts over every project: the active ones, and how many of each priority. */
export function PriorityTiles({ summary }: { summary: PriorityCounts }) {
  const { t } = useLingui();
  return (
    <section aria-label={t`Summary`} className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
      <Tile label={t({ message: "Active", context: "projects" })} value={summary.active} tone="text-ink" />
      <Tile label={t`Rush`} value={summary.rush} tone="text-red-700" />
      <Tile label={t`High`} value={summary.high} tone="text-orange-800" />
      <Tile label={t`Medium`} value={summary.medium} tone="text-blue-800" />
      <Tile label={t`Low`} value={summary.low} tone="text-green-800" />
    </section>
  );
}

function Tile({ label, value, tone }: { label: string; value: number; tone: string }) {
  const { i18n } = useLingui();
  return (
    <div className={`p-4 ${cardClass}`}>
      <p className="text-sm font-semibold text-ink-muted">{label}</p>
      <p className={`mt-1 text-3xl font-bold tabular-nums ${tone}`}>{value.toLocaleString(intlLocaleFor(i18n.locale))}</p>
    </div>
  );
}

/**
 * One page of projects: name (with its workflow and items), priority (its header sorts by it), total time,
 * progress through the steps, and the row's actions.
 */
export function ProjectsTable({
  projects,
  priorityOrder,
  priorityHref,
  canWrite,
  withDialog,
}: {
  projects: ProjectListRow[];
  /** The list's order by priority, if that is its order; the header's link sorts the other way. */
  priorityOrder: SortDir | null;
  priorityHref: string;
  canWrite: boolean;
  withDialog: (name: string, id: number) => string;
}) {
  const { t, i18n } = useLingui();
  const next = priorityOrder === "desc" ? "asc" : "desc";
  // The row's repeated words, once per page.
  const nameLabel = t`Project Name`;
  const priorityLabel = t`Priority`;
  const timeLabel = t`Total Time`;
  const progressLabel = t`Progress`;
  const finishLabel = t`Expected Finish`;
  const noWorkflow = t`No workflow`;
  const completed = t` · Completed`;
  const atRisk = t`At risk`;
  return (
    <table className="table-cards mt-4 w-full text-left text-base">
      <thead className="border-b border-line text-sm text-ink-muted">
        <tr>
          <th scope="col" className="py-2 pr-3">
            {nameLabel}
          </th>
          <th scope="col" className="py-2 pr-3" aria-sort={priorityOrder ? (priorityOrder === "asc" ? "ascending" : "descending") : "none"}>
            <Link to={priorityHref} className="inline-flex min-h-tap items-center gap-1 font-semibold text-ink hover:text-brand-800">
              {priorityLabel}
              <span aria-hidden>{priorityOrder ? (priorityOrder === "asc" ? "▲" : "▼") : "↕"}</span>
              <span className="sr-only">{next === "asc" ? t`, sort ascending` : t`, sort descending`}</span>
            </Link>
          </th>
          <th scope="col" className="py-2 pr-3">
            {timeLabel}
          </th>
          <th scope="col" className="py-2 pr-3">
            {progressLabel}
          </th>
          <th scope="col" className="py-2 pr-3">
            {finishLabel}
          </th>
          <th scope="col" className="py-2">
            {t`Actions`}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {projects.map((p) => (
          <tr key={p.id} className={p.priority === "rush" ? "md:border-l-4 md:border-l-red-600" : undefined}>
            <td data-label={nameLabel} className="py-3 pr-3 cell-text">
              <RowLink to={`/projects/${p.id}`} className="inline-flex min-h-tap items-center font-semibold text-ink hover:text-brand-800 hover:underline">
                {p.name}
              </RowLink>
              {p.description ? <p className="line-clamp-2 text-sm text-ink-muted">{p.description}</p> : null}
              <p className="text-sm text-ink-muted">
                {p.workflowName ?? noWorkflow} · {plural(p.totalItems, { one: "# item", other: "# items" })}
                {p.status === "completed" ? completed : ""}
              </p>
            </td>
            <td data-label={priorityLabel} className="py-3 pr-3">
              <Badge color={PRIORITY_COLORS[p.priority] ?? "gray"}>{PRIORITY_LABELS[p.priority] ? i18n._(PRIORITY_LABELS[p.priority]!) : p.priority}</Badge>
            </td>
            <td data-label={timeLabel} className="py-3 pr-3">
              <span className="font-mono tabular-nums">{p.totalTime}</span>
              {p.activeTimers > 0 ? (
                <span className="ml-2">
                  <Badge color="green">{plural(p.activeTimers, { one: "# active", other: "# active" })}</Badge>
                </span>
              ) : null}
            </td>
            <td data-label={progressLabel} className="py-3 pr-3">
              <div className="flex items-center gap-2">
                <div
                  className="h-2 w-24 overflow-hidden rounded-full bg-slate-200"
                  role="progressbar"
                  aria-valuenow={p.progress}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-label={t`${p.name}: ${p.progress}% of steps completed`}
                >
                  <div className="h-full bg-brand-700" style={{ width: `${p.progress}%` }} />
                </div>
                <span className="text-sm tabular-nums">{t`${p.progress}% · ${p.completedSteps}/${p.totalSteps} steps`}</span>
              </div>
            </td>
            <td data-label={finishLabel} className="py-3 pr-3 text-sm">
              {p.atRisk ? (
                <span className="mb-1 block">
                  <Badge color="red">{atRisk}</Badge>
                </span>
              ) : null}
              {p.expectedFinish ?? <span className="text-ink-muted">—</span>}
            </td>
            <RowActions
              name={p.name}
              view={`/projects/${p.id}`}
              edit={canWrite ? withDialog("edit-project", p.id) : undefined}
              remove={canWrite ? withDialog("delete-project", p.id) : undefined}
            />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
