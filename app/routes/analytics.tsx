import { data, Form, Link, useLocation } from "react-router";
import { BarChart, ColumnChart, StackedBar } from "~/components/charts";
import { btn, cardClass, EmptyState, inputClass, Label, PageHeader } from "~/components/ui";
import { MIN_WAITS_FOR_BOTTLENECK } from "~/models/analytics.server";
import { DEFAULT_RANGE_DAYS, readAnalytics } from "~/services/analytics-range.server";
import { requirePermission } from "~/services/permissions.server";
import { formatListDate, formatTimelineDate, zoneDate } from "~/domain/dates";
import { getEnv } from "~/infra/env.server";
import { formatDuration, formatSpan } from "~/domain/format";
import { addDays, isCalendarDay } from "~/infra/periods.server";
import type { Route } from "./+types/analytics";

// Flow analytics: hands-on time against waiting time per department, the bottleneck named in
// words, items finished, work in progress, projects on time, and the machines' files. Everything is drawn on the
// server (SVG), so the page reads the same without JavaScript; each table has a CSV download.

export const meta = () => [{ title: "Flow analytics · Shopflow" }];

const count = new Intl.NumberFormat("en-US");
// Hands-on time is worked hours, never days (a '2d' of work reads as two calendar days): '45h 12m', and past
// 100 hours whole hours, '2,340 h'.
const handsOnText = (seconds: number) => (seconds >= 100 * 3600 ? `${count.format(Math.round(seconds / 3600))} h` : formatDuration(seconds));
const PERIOD_WORD = { day: "day", week: "week", month: "month" } as const;

export function loader({ request }: Route.LoaderArgs) {
  requirePermission(request, "analytics:read");
  const tz = getEnv().SHOP_TIMEZONE;
  const now = Date.now();
  const a = readAnalytics(new URL(request.url), now);
  const { flow } = a;
  const today = zoneDate(now, tz);
  const quick = [
    { label: "Last 7 days", from: addDays(today, -6) },
    { label: `Last ${DEFAULT_RANGE_DAYS} days`, from: addDays(today, 1 - DEFAULT_RANGE_DAYS) },
    { label: "Last 90 days", from: addDays(today, -89) },
    { label: "Last 12 months", from: addDays(today, -364) },
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
      rangeError: a.rangeError
        ? `${a.rangeError} ${askedDay(a.asked.from, "No start")} – ${askedDay(a.asked.to, "no end")} was not applied: showing ${rangeText} instead.`
        : null,
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
      departments: flow.departments.map((d) => ({
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
      })),
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
          state: p.status === "late" ? `Finished ${formatListDate(p.finishedAt, tz)}` : `${p.finishedItems} of ${p.items} items finished`,
          status: p.status === "late" ? "Late" : "Overdue",
        })),
      },
      machines: flow.machines.map((m) => ({
        key: m.machine,
        label: m.label,
        completed: m.completed,
        completedText: count.format(m.completed),
        median: m.medianProcessingSeconds === null ? "—" : formatSpan(m.medianProcessingSeconds),
      })),
      ms: Math.round(a.ms),
      minWaits: MIN_WAITS_FOR_BOTTLENECK,
    },
    { headers: { "Cache-Control": "no-store", "Server-Timing": `analytics;dur=${a.ms.toFixed(1)}` } },
  );
}

// A calendar day as an instant that names that day in UTC (the range labels are plain dates).
const noonOf = (day: string) => Date.parse(`${day}T12:00:00Z`);

// Narrower cell padding below lg: the departments table has nine columns, and at 768 px they must fit without
// scrolling sideways.
const th = "px-1.5 py-2 text-left font-medium text-ink-muted lg:px-3";
const DEPARTMENT_COLUMNS = ["Hands-on time", "Sessions", "Median session", "Median wait before", "Average wait", "Hand-offs", "Waiting now", "Running now"];
const td = "px-1.5 py-2 tabular-nums max-md:px-0 md:whitespace-nowrap lg:px-3";

function CsvLink({ table, query, label }: { table: string; query: string; label: string }) {
  return (
    <a href={`/analytics/${table}.csv?${query}`} download className={`${btn.secondary} shrink-0`}>
      Download CSV<span className="sr-only"> of {label}</span>
    </a>
  );
}

export default function Analytics({ loaderData: d }: Route.ComponentProps) {
  // The From and To fields show the range the figures are for, a refused one included: people read a form as the
  // state of the page, and fields still holding the refused dates above figures for the last 30 days read as if
  // those dates had been applied (review 3). What was asked for stays in the explanation under the fields. The
  // fields are uncontrolled (the form works without JavaScript), so with JavaScript they are drawn afresh for
  // every navigation (its key), a repeated refused range too, instead of keeping what was typed.
  const location = useLocation();
  const sectionHead = (title: string, table: string, label: string) => (
    <div className="flex flex-wrap items-start justify-between gap-3">
      <h2 className="text-lg font-semibold text-ink">{title}</h2>
      <CsvLink table={table} query={d.query} label={label} />
    </div>
  );
  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6">
      <PageHeader title="Flow analytics" subtitle={`Where work is done and where it waits: ${d.rangeText} (${d.timeZone} time).`} />

      <section className={`p-4 sm:p-5 ${cardClass}`} aria-label="Date range">
        <Form key={location.key} method="get" className="flex flex-wrap items-end gap-3">
          <div>
            <Label htmlFor="from">From</Label>
            <input
              id="from"
              name="from"
              type="date"
              required
              defaultValue={d.from}
              className={inputClass}
              aria-describedby={d.rangeError ? "range-error" : undefined}
            />
          </div>
          <div>
            <Label htmlFor="to">To</Label>
            <input
              id="to"
              name="to"
              type="date"
              required
              defaultValue={d.to}
              className={inputClass}
              aria-describedby={d.rangeError ? "range-error" : undefined}
            />
          </div>
          <button type="submit" className={btn.primary}>
            Show
          </button>
        </Form>
        {d.rangeError ? (
          <p id="range-error" role="alert" className="mt-3 rounded-lg border border-danger-200 bg-danger-50 px-3 py-2 text-sm text-danger-800">
            {d.rangeError}
          </p>
        ) : null}
        <nav aria-label="Quick ranges" className="mt-3 flex flex-wrap gap-2">
          {d.quick.map((q) => (
            <Link
              key={q.label}
              to={`/analytics?from=${q.from}&to=${q.to}`}
              aria-current={q.current ? "page" : undefined}
              className={q.current ? btn.primary : btn.secondary}
            >
              {q.label}
            </Link>
          ))}
        </nav>
      </section>

      {d.empty ? (
        <section className={`mt-6 p-4 sm:p-5 ${cardClass}`}>
          <EmptyState
            icon="clock"
            title="No work was timed in this range"
            action={
              <Link to={`/analytics?from=${d.quick[3]!.from}&to=${d.quick[3]!.to}`} className={btn.secondary}>
                Show the last 12 months
              </Link>
            }
          >
            Figures appear once items are scanned in and out on the floor (QR Timer), or choose a wider range.
          </EmptyState>
        </section>
      ) : (
        <>
          <section aria-label="Bottleneck" className={`mt-6 p-4 sm:p-5 ${cardClass}`} data-testid="bottleneck">
            {d.bottleneck ? (
              <p className="text-ink">
                <span className="font-semibold">Bottleneck: {d.bottleneck.label}.</span> Items waited a median of{" "}
                <span className="font-semibold">{d.bottleneck.wait}</span> before work started there ({d.bottleneck.waits} hand-offs), longer than before any
                other department.
              </p>
            ) : (
              <p className="text-ink">No bottleneck to name: no department had {d.minWaits} or more hand-offs from another department in this range.</p>
            )}
          </section>

          <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
            {[
              ["Hands-on time", d.totals.handsOn],
              ["Items finished", d.totals.finished],
              ["Work in progress now", d.totals.wip],
              ["Machine files completed", d.totals.files],
            ].map(([k, v]) => (
              <div key={k} className={`p-4 ${cardClass}`}>
                <dt className="text-sm text-ink-muted">{k}</dt>
                <dd className="mt-1 text-2xl font-semibold text-ink tabular-nums">{v}</dd>
              </div>
            ))}
          </dl>

          <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-labelledby="departments-h">
            <div id="departments-h">{sectionHead("Departments", "departments", "the departments table")}</div>
            <div className="mt-4 grid gap-6 lg:grid-cols-2">
              <BarChart
                title="Median wait before work starts"
                note="From an item's stop in one department to its start in the next."
                empty="No hand-offs between departments in this range."
                bars={d.departments
                  .filter((x) => x.medianWait > 0)
                  .map((x) => ({ key: x.key, label: x.label, value: x.medianWait, display: x.medianWaitText, highlight: x.bottleneck }))}
              />
              <BarChart
                title="Hands-on time"
                note="Timer sessions that ended in this range."
                empty="No timer sessions ended in this range."
                bars={d.departments.filter((x) => x.handsOn > 0).map((x) => ({ key: x.key, label: x.label, value: x.handsOn, display: x.handsOnText }))}
              />
            </div>
            {/* A card per department on a phone (docs/design.md, 'Tables that become cards on phones'); from md the
                table fits 768 px, and should a name or a figure still make it wider, it scrolls in its card, never
                the page. */}
            <div className="md:overflow-x-auto">
              <table className="table-cards mt-4 w-full text-sm">
                <caption className="sr-only">Hands-on time, waiting time and work in progress per department</caption>
                <thead className="border-b border-line">
                  <tr>
                    <th scope="col" className={th}>
                      Department
                    </th>
                    {DEPARTMENT_COLUMNS.map((c) => (
                      <th key={c} scope="col" className={th}>
                        {c}
                      </th>
                    ))}
                  </tr>
                </thead>
                <tbody className="divide-y divide-line text-ink">
                  {d.departments.map((x) => (
                    <tr key={x.key} data-testid="department-row">
                      <th scope="row" className="px-1.5 py-2 text-left font-semibold max-md:block max-md:px-0 lg:px-3">
                        {x.label}
                        {x.bottleneck ? (
                          <span className="ml-2 inline-block rounded-full bg-danger-50 px-2 text-sm font-semibold whitespace-nowrap text-danger-800">
                            Bottleneck
                          </span>
                        ) : null}
                      </th>
                      {[x.handsOnText, x.sessions, x.medianSession, x.medianWaitText, x.averageWait, x.waits, x.wipWaiting, x.wipRunning].map((v, i) => (
                        <td key={DEPARTMENT_COLUMNS[i]} data-label={DEPARTMENT_COLUMNS[i]} className={td}>
                          {v}
                        </td>
                      ))}
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>

          <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-labelledby="finished-h">
            <div id="finished-h">{sectionHead(`Items finished per ${d.period}`, "finished", `items finished per ${d.period}`)}</div>
            <p className="mt-1 text-sm text-ink-muted">An item is finished when its timer stops in the last department of its sequence.</p>
            <div className="mt-4">
              <ColumnChart
                title={`Items finished per ${d.period}`}
                columns={d.finished}
                unit="items"
                empty="No item finished its last department in this range."
              />
            </div>
            <details className="mt-3">
              <summary className="min-h-tap cursor-pointer py-2 text-sm font-medium text-brand-800">Show the numbers</summary>
              <table className="mt-2 text-sm">
                <thead>
                  <tr>
                    <th scope="col" className={th}>
                      {d.period === "day" ? "Day" : d.period === "week" ? "Week" : "Month"}
                    </th>
                    <th scope="col" className={th}>
                      Items finished
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line text-ink">
                  {d.finished.map((p) => (
                    <tr key={p.key}>
                      <td className="px-3 py-1">{p.label}</td>
                      <td className="px-3 py-1 tabular-nums">{p.value}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </details>
          </section>

          <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-labelledby="projects-h">
            <div id="projects-h">{sectionHead("Projects due in this range", "projects", "the projects due in this range")}</div>
            <p className="mt-1 text-sm text-ink-muted">
              Against the end date of each project's last step: on time when every item finished by the end of that day.
            </p>
            <div className="mt-4">
              <StackedBar
                title="Projects on time and late"
                empty="No project's last step ends in this range."
                segments={[
                  { key: "on-time", label: "On time", value: d.projects.onTime, className: "fill-success-700" },
                  { key: "late", label: "Finished late", value: d.projects.late, className: "fill-brand-700" },
                  { key: "overdue", label: "Overdue, unfinished", value: d.projects.overdue, className: "fill-danger-700" },
                  { key: "not-yet-due", label: "Not yet due", value: d.projects.notYetDue, className: "fill-ink-subtle" },
                ]}
              />
            </div>
            {d.projects.lateList.length ? (
              <table className="table-cards mt-4 w-full text-sm">
                <caption className="px-3 pb-1 text-left font-semibold text-ink max-md:px-0">Late and overdue projects, latest due first</caption>
                <thead className="border-b border-line">
                  <tr>
                    <th scope="col" className={th}>
                      Project
                    </th>
                    <th scope="col" className={th}>
                      Due
                    </th>
                    <th scope="col" className={th}>
                      Status
                    </th>
                    <th scope="col" className={th}>
                      Items
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-line text-ink">
                  {d.projects.lateList.map((p) => (
                    <tr key={p.id}>
                      <td data-label="Project" className="px-3 py-2 max-md:px-0">
                        <Link to={`/projects/${p.id}`} className={btn.textLink}>
                          {p.name}
                        </Link>
                      </td>
                      <td data-label="Due" className="px-3 py-2 max-md:px-0 md:whitespace-nowrap">
                        {p.due}
                      </td>
                      <td data-label="Status" className="px-3 py-2 max-md:px-0">
                        {p.status}
                      </td>
                      <td data-label="Items" className="px-3 py-2 max-md:px-0">
                        {p.state}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            ) : null}
          </section>

          <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-labelledby="machines-h">
            <div id="machines-h">{sectionHead("Machines", "machines", "the machines table")}</div>
            <div className="mt-4 grid gap-6 lg:grid-cols-2">
              <BarChart
                title="Files completed"
                empty="No machine file was completed in this range."
                bars={d.machines.map((m) => ({ key: m.key, label: m.label, value: m.completed, display: m.completedText }))}
              />
              {d.machines.length ? (
                <table className="w-full text-sm">
                  <caption className="sr-only">Files completed and median processing time per machine</caption>
                  <thead className="border-b border-line">
                    <tr>
                      <th scope="col" className={th}>
                        Machine
                      </th>
                      <th scope="col" className={th}>
                        Files completed
                      </th>
                      <th scope="col" className={th}>
                        Median processing
                      </th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-line text-ink">
                    {d.machines.map((m) => (
                      <tr key={m.key}>
                        <th scope="row" className="px-1.5 py-2 text-left font-medium lg:px-3">
                          {m.label}
                        </th>
                        <td className={td}>{m.completedText}</td>
                        <td className={td}>{m.median}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              ) : null}
            </div>
          </section>
          <p className="mt-4 text-sm text-ink-muted">Figures computed in {d.ms} ms.</p>
        </>
      )}
    </div>
  );
}
