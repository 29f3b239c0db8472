import { sql } from "drizzle-orm";
import { STANDARD_DEPARTMENT_ORDER } from "~/domain/constants";
import { getDb } from "~/infra/db.server";
import { departmentLabel } from "~/domain/format";

// Flow analytics: where work is done and where it waits. Every figure is one grouped read of an
// index that holds what it needs (migration 0010): the timer logs carry each start's wait and each stop's finish,
// so a date range costs what the range holds, never the 20,000,000 rows of the table. Seven statements a page.

export type Range = { from: number; to: number };

export type DepartmentFlow = {
  department: string;
  label: string;
  /** Sessions that ended in the range, and their seconds. */
  sessions: number;
  handsOnSeconds: number;
  medianSessionSeconds: number | null;
  /** Starts in the range that followed a stop in another department, and how long they waited. */
  waits: number;
  medianWaitSeconds: number | null;
  averageWaitSeconds: number | null;
  /** Now: items of open projects sitting in the department, not yet finished there. */
  wipWaiting: number;
  wipRunning: number;
};

export type MachineFlow = { machine: string; label: string; completed: number; medianProcessingSeconds: number | null };

export type ProjectDue = {
  id: number;
  name: string;
  dueAt: number;
  /** When the project completed (projects.completed_at), else null. */
  finishedAt: number | null;
  items: number;
  finishedItems: number;
  status: "on-time" | "late" | "overdue" | "not-yet-due";
};

export type ProjectsOnTime = {
  onTime: number;
  late: number;
  overdue: number;
  notYetDue: number;
  /** The late and overdue projects, the latest due first (at most LATE_LISTED). */
  lateList: ProjectDue[];
  /** Every project judged, the latest due first (the CSV download). */
  all: ProjectDue[];
};

export type Flow = {
  departments: DepartmentFlow[];
  /** The department with the longest median wait, when at least MIN_WAITS_FOR_BOTTLENECK waits were seen. */
  bottleneck: DepartmentFlow | null;
  /** Finishing stops per period asked for, in the same order. */
  finishedPerPeriod: number[];
  projects: ProjectsOnTime;
  machines: MachineFlow[];
};

export const MIN_WAITS_FOR_BOTTLENECK = 3;
export const LATE_LISTED = 10;
// Step end dates are stored at noon in the shop's zone: the day they name ends 12 hours later.
const DUE_DAY_END_MS = 12 * 3600_000;

type Named = { value: string; name: string; isMachine: number; sortOrder: number };

/**
 * The departments the logs name for one action, by a walk down the per-department index: one seek each, where a
 * DISTINCT would read every entry. Grouping by these lets SQLite read each department's range in index order.
 */
export function loggedDepartments(action: "start" | "stop") {
  return sql`WITH RECURSIVE depts(v) AS (
    SELECT min(department) FROM timer_logs WHERE action = ${action}
    UNION ALL
    SELECT (SELECT min(department) FROM timer_logs WHERE action = ${action} AND department > depts.v) FROM depts WHERE depts.v IS NOT NULL
  )`;
}

/**
 * Items in progress (SQL condition on `i`, an items row joined to its project `p`): an active project's item that
 * is not finished (items.finished_at, set by the stop in its last department and cleared by Reopen, decision 0048;
 * the items_open_department_idx index holds only these). /analytics, the work lists, the forecast and the TV board
 * count by this one rule.
 */
export const IN_PROGRESS = sql`p.status = 'active' AND i.finished_at IS NULL`;

/** Work in progress now, per department: `n` items in progress, `r` of them running. One statement. */
export function workInProgress(): { department: string; n: number; r: number }[] {
  // Open projects are few next to all projects ever made, so this starts from them.
  return getDb().all<{ department: string; n: number; r: number }>(sql`
    SELECT i.department AS department, count(*) AS n, coalesce(sum(i.is_timer_active), 0) AS r
    FROM projects p CROSS JOIN items i ON i.project_id = p.id
    WHERE ${IN_PROGRESS}
    GROUP BY i.department`);
}

/** The figures for `range`; `periods` (consecutive, [start, end)) are what items finished are counted by. */
export function flowAnalytics(range: Range, periods: readonly { start: number; end: number }[], now = Date.now()): Flow {
  const db = getDb();
  const { from, to } = range;
  const named = db.all<Named>(sql`SELECT value, name, is_machine AS isMachine, sort_order AS sortOrder FROM departments`);
  const nameOf = new Map(named.map((d) => [d.value, d.name]));
  const label = (value: string) => nameOf.get(value) ?? departmentLabel(value);

  const handsOn = db.all<{ department: string | null; n: number; s: number; m: number | null }>(sql`
    ${loggedDepartments("stop")}
    SELECT department, count(*) AS n, coalesce(sum(session_duration_seconds), 0) AS s, median(session_duration_seconds) AS m
    FROM timer_logs WHERE action = 'stop' AND department IN (SELECT v FROM depts) AND timestamp >= ${from} AND timestamp < ${to}
    GROUP BY department`);
  const waits = db.all<{ department: string | null; n: number; m: number | null; a: number | null }>(sql`
    ${loggedDepartments("start")}
    SELECT department, count(*) AS n, median(wait_seconds) AS m, avg(wait_seconds) AS a
    FROM timer_logs WHERE action = 'start' AND department IN (SELECT v FROM depts) AND timestamp >= ${from} AND timestamp < ${to}
      AND wait_seconds IS NOT NULL
    GROUP BY department`);
  const wip = workInProgress();
  // One count per period, each a range of the finishing stops' index.
  const bounds = JSON.stringify(periods.map((p) => [p.start, p.end]));
  const perPeriod = db.all<{ i: number; n: number }>(sql`
    SELECT p.key AS i, (SELECT count(*) FROM timer_logs l WHERE l.action = 'stop' AND l.finished = 1
      AND l.timestamp >= p.value ->> 0 AND l.timestamp < p.value ->> 1) AS n
    FROM json_each(${bounds}) p`);
  const finishedPerPeriod = periods.map((_, i) => perPeriod.find((r) => r.i === i)?.n ?? 0);

  const rows = new Map<string, DepartmentFlow>();
  const row = (department: string | null) => {
    const key = department ?? "pre-production";
    let r = rows.get(key);
    if (!r) {
      r = {
        department: key,
        label: label(key),
        sessions: 0,
        handsOnSeconds: 0,
        medianSessionSeconds: null,
        waits: 0,
        medianWaitSeconds: null,
        averageWaitSeconds: null,
        wipWaiting: 0,
        wipRunning: 0,
      };
      rows.set(key, r);
    }
    return r;
  };
  for (const h of handsOn) Object.assign(row(h.department), { sessions: h.n, handsOnSeconds: h.s, medianSessionSeconds: round(h.m) });
  for (const w of waits) Object.assign(row(w.department), { waits: w.n, medianWaitSeconds: round(w.m), averageWaitSeconds: round(w.a) });
  for (const w of wip) Object.assign(row(w.department), { wipWaiting: w.n - w.r, wipRunning: w.r });
  // The shop's department order (Global Settings), then the standard order, then by name.
  const order = new Map(named.filter((d) => !d.isMachine).map((d) => [d.value, d.sortOrder]));
  const standard = (v: string) => {
    const i = (STANDARD_DEPARTMENT_ORDER as readonly string[]).indexOf(v);
    return i === -1 ? STANDARD_DEPARTMENT_ORDER.length : i;
  };
  const departmentsOut = [...rows.values()].sort(
    (a, b) =>
      (order.get(a.department) ?? 1e9) - (order.get(b.department) ?? 1e9) || standard(a.department) - standard(b.department) || a.label.localeCompare(b.label),
  );
  const bottleneck = departmentsOut
    .filter((d) => d.waits >= MIN_WAITS_FOR_BOTTLENECK && d.medianWaitSeconds !== null)
    .reduce<DepartmentFlow | null>((best, d) => (best === null || d.medianWaitSeconds! > best.medianWaitSeconds! ? d : best), null);

  const machines = db
    .all<{ machine: string; n: number; m: number | null }>(sql`
      SELECT machine, count(*) AS n, median(processing_time_seconds) AS m FROM machine_ready_files
      WHERE is_completed = 1 AND completed_at >= ${from} AND completed_at < ${to} GROUP BY machine`)
    .map((m) => ({ machine: m.machine, label: label(m.machine), completed: m.n, medianProcessingSeconds: round(m.m) }))
    .sort((a, b) => b.completed - a.completed || a.label.localeCompare(b.label));

  return { departments: departmentsOut, bottleneck, finishedPerPeriod, projects: projectsOnTime(range, now), machines };
}

/**
 * Projects due in the range (their due date, else their last step's end date), against when they completed
 * (projects.completed_at, decision 0048): on time when completed by the end of the due day, late when after it,
 * overdue when the day has passed and it is not completed, not yet due otherwise. A project without items is
 * judged by nothing and left out. A project completed before the date was kept counts its last item's finish.
 */
function projectsOnTime(range: Range, now: number): ProjectsOnTime {
  const db = getDb();
  const judged = sql`
    WITH due AS (
      SELECT id, end_date AS due FROM projects WHERE end_date >= ${range.from} AND end_date < ${range.to}
      UNION ALL
      SELECT pwi.project_id AS id, max(s.end_date) AS due
      FROM project_workflow_steps s JOIN project_workflow_instances pwi ON pwi.id = s.project_workflow_instance_id
        JOIN projects p ON p.id = pwi.project_id
      WHERE s.end_date IS NOT NULL AND p.end_date IS NULL GROUP BY pwi.project_id HAVING due >= ${range.from} AND due < ${range.to}
    ),
    per_project AS (
      SELECT due.id AS id, due.due AS due, count(*) AS items, count(i.finished_at) AS finished, max(i.finished_at) AS lastItem,
        p.status AS projectStatus, p.completed_at AS completedAt
      FROM due CROSS JOIN projects p ON p.id = due.id CROSS JOIN items i ON i.project_id = due.id GROUP BY due.id
    ),
    done AS (
      SELECT *, CASE WHEN projectStatus = 'completed' THEN coalesce(completedAt, lastItem) END AS last FROM per_project
    )
    SELECT id, due, items, finished, last, CASE
      WHEN last IS NOT NULL AND last <= due + ${DUE_DAY_END_MS} THEN 'on-time'
      WHEN last IS NOT NULL THEN 'late'
      WHEN due + ${DUE_DAY_END_MS} < ${now} THEN 'overdue'
      ELSE 'not-yet-due' END AS status
    FROM done`;
  const judgedRows = db.all<{ id: number; name: string; due: number; items: number; finished: number; last: number | null; status: ProjectDue["status"] }>(
    sql`SELECT j.*, p.name FROM (${judged}) j CROSS JOIN projects p ON p.id = j.id ORDER BY j.due DESC, j.id DESC`,
  );
  const all: ProjectDue[] = judgedRows.map((p) => ({
    id: p.id,
    name: p.name,
    dueAt: p.due,
    finishedAt: p.last,
    items: p.items,
    finishedItems: p.finished,
    status: p.status,
  }));
  const n = (s: ProjectDue["status"]) => all.reduce((sum, r) => sum + (r.status === s ? 1 : 0), 0);
  return {
    onTime: n("on-time"),
    late: n("late"),
    overdue: n("overdue"),
    notYetDue: n("not-yet-due"),
    lateList: all.filter((p) => p.status === "late" || p.status === "overdue").slice(0, LATE_LISTED),
    all,
  };
}

const round = (v: number | null) => (v === null ? null : Math.round(v));
