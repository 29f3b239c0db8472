import { t } from "@lingui/core/macro";
import { data } from "react-router";
import type { DepartmentFlow, MachineFlow, ProjectsDue } from "~/components/analytics/flow-types";
import { formatListDate, formatTimelineDate, zoneDate } from "~/domain/dates";
import { formatDuration, formatSpan } from "~/domain/format";
import { intlLocale } from "~/domain/forecast-words";
import { getEnv } from "~/infra/env.server";
import { addDays, isCalendarDay } from "~/infra/periods.server";
import { MIN_WAITS_FOR_BOTTLENECK } from "~/models/analytics.server";
import { DEFAULT_RANGE_DAYS, readAnalytics } from "~/views/analytics-range.server";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/analytics";

// Flow analytics' loader (routes/analytics.tsx holds the page): every figure is worked out here, in words and
// numbers, so the page only draws them.

const counts = new Map<string, Intl.NumberFormat>();
/** Whole numbers as the reader writes them ('2,340'). */
const count = {
  format(n: number) {
    const locale = intlLocale();
    let f = counts.get(locale);
    if (!f) counts.set(locale, (f = new Intl.NumberFormat(locale)));
    return f.format(n);
  },
};
// Hands-on time is worked hours, never days (a '2d' of work reads as two calendar days): '45h 12m', and past
// 100 hours whole hours, '2,340 h'.
const handsOnText = (seconds: number) => (seconds >= 100 * 3600 ? `${count.format(Math.round(seconds / 3600))} h` : formatDuration(seconds));
const PERIOD_WORD = { day: "day", week: "week", month: "month" } as const;

/** The figures of the range asked for (or of the default range, with the reason a range was refused). */
export function loadAnalytics({ request }: Route.LoaderArgs) {
  requirePermission(request, "analytics:read");
  const tz = getEnv().SHOP_TIMEZONE;
  const now = Date.now();
  const a = readAnalytics(new URL(request.url), now);
  const { flow } = a;
  const today = zoneDate(now, tz);
  const quick = [
    { label: t`Last 7 days`, from: addDays(today, -6) },
    { label: t`Last ${DEFAULT_RANGE_DAYS} days`, from: addDays(today, 1 - DEFAULT_RANGE_DAYS) },
    { label: t`Last 90 days`, from: addDays(today, -89) },
    { label: t`Last 12 months`, from: addDays(today, -364) },
  ].map((q) => ({ ...q, to: today, current: q.from === a.from && today === a.to }));
  const span = (s: number | null) => (s === null ? "—" : formatSpan(s));
  const handsOn = flow.departments.reduce((s, d) => s + d.handsOnSeconds, 0);
  const wip = flow.departments.reduce((s, d) => s + d.wipWaiting + d.wipRunning, 0);
  const rangeText = `${formatTimelineDate(noonOf(a.from), "UTC")} – ${formatTimelineDate(noonOf(a.to), "UTC")}`;
  // The refused range in words, as far as it reads as dates: 'Nov 20, 2026 – Nov 1, 2026', '"yesterday" – …'.
  const askedDay = (v: string, missing: string) =>
    !v ? missing : /^\d{4}-\d{2}-\d{2}$/.test(v) && isCalendarDay(v) ? formatTimelineDate(noonOf(v), "UTC") : `"${v.slice(0, 40)}"`;
  return data(
    {
      from: a.from,
      to: a.to,
      rangeText,
      timeZone: tz,
      rangeError: a.rangeError ? refusedText(a.rangeError, askedDay(a.asked.from, t`No start`), askedDay(a.asked.to, t`no end`), rangeText) : null,
      quick,
      query: `from=${a.from}&to=${a.to}`,
      totals: {
        handsOn: handsOnText(handsOn),
        finished: count.format(a.finished.reduce((s, p) => s + p.value, 0)),
        wip: count.format(wip),
        files: count.format(flow.machines.reduce((s, m) => s + m.completed, 0)),
      },
      empty: handsOn === 0 && flow.departments.every((d) => d.waits === 0) && flow.machines.length === 0 && flow.projects.all.length === 0,
      bottleneck: flow.bottleneck
        ? { label: flow.bottleneck.label, wait: span(flow.bottleneck.medianWaitSeconds), waits: count.format(flow.bottleneck.waits) }
        : null,
      departments: flow.departments.map(
        (d): DepartmentFlow => ({
          key: d.department,
          label: d.label,
          sessions: count.format(d.sessions),
          handsOn: d.handsOnSeconds,
          handsOnText: handsOnText(d.handsOnSeconds),
          medianSession: span(d.medianSessionSeconds),
          waits: count.format(d.waits),
          medianWait: d.medianWaitSeconds ?? 0,
          medianWaitText: span(d.medianWaitSeconds),
          averageWait: span(d.averageWaitSeconds),
          wipWaiting: count.format(d.wipWaiting),
          wipRunning: count.format(d.wipRunning),
          bottleneck: flow.bottleneck?.department === d.department,
        }),
      ),
      period: PERIOD_WORD[a.granularity],
      finished: a.finished,
      projects: {
        onTime: flow.projects.onTime,
        late: flow.projects.late,
        overdue: flow.projects.overdue,
        notYetDue: flow.projects.notYetDue,
        lateList: flow.projects.lateList.map((p) => ({
          id: p.id,
          name: p.name,
          due: formatListDate(p.dueAt, tz),
          state: p.status === "late" ? finishedOn(formatListDate(p.finishedAt, tz)) : itemsFinished(p.finishedItems, p.items),
          status: p.status === "late" ? t`Late` : t`Overdue`,
        })),
      } satisfies ProjectsDue,
      machines: flow.machines.map(
        (m): MachineFlow => ({
          key: m.machine,
          label: m.label,
          completed: m.completed,
          completedText: count.format(m.completed),
          median: m.medianProcessingSeconds === null ? "—" : formatSpan(m.medianProcessingSeconds),
        }),
      ),
      ms: Math.round(a.ms),
      minWaits: MIN_WAITS_FOR_BOTTLENECK,
    },
    { headers: { "Cache-Control": "no-store", "Server-Timing": `analytics;dur=${a.ms.toFixed(1)}` } },
  );
}

const refusedText = (error: string, from: string, to: string, shown: string) => t`${error} ${from} – ${to} was not applied: showing ${shown} instead.`;
const finishedOn = (date: string) => t`Finished ${date}`;
const itemsFinished = (finished: number, items: number) => t`${finished} of ${items} items finished`;

// A calendar day as an instant that names that day in UTC (the range labels are plain dates).
const noonOf = (day: string) => Date.parse(`${day}T12:00:00Z`);
