import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Temporal } from "@js-temporal/polyfill";
import { seedLarge, type SeedLargeResult } from "../../scripts/seed-large";
import { itemSequence, nextDepartment } from "~/domain/rules";
import { openDatabase, setDb, type DB } from "~/infra/db.server";
import { resetEnvForTests } from "~/infra/env.server";
import { setSecretForTests } from "~/infra/secret.server";

// The large seed's history comes from a queue model (docs/decisions/0039-forecast-backtest.md). These checks read
// the database it wrote the way the app would, with their own calendar arithmetic, so a model that cheats (works
// more people than a department has, outside the shop's hours, out of queue order) or logs what the timer would
// never write fails here.

const COUNTS = { projects: 40, items: 800, logs: 8000 };
// Wednesday 10:00 and Sunday 12:00 in America/Chicago (the default SHOP_TIMEZONE).
const WEEKDAY = Date.parse("2026-11-18T16:00:00Z");
const SUNDAY = Date.parse("2026-11-22T18:00:00Z");

type Log = {
  id: number;
  item: number;
  action: "start" | "stop";
  department: string;
  at: number;
  seconds: number | null;
  wait: number | null;
  finished: number;
};
type Item = {
  id: number;
  project: number;
  category: string;
  department: string;
  step: number;
  running: number;
  since: number | null;
  total: number;
  created: number;
};
type Project = { id: number; priority: string; status: string; due: number; created: number };
type Seeded = {
  db: DB;
  result: SeedLargeResult;
  now: number;
  logs: Log[];
  items: Item[];
  projects: Map<number, Project>;
  sequences: Map<string, readonly string[]>;
  capacity: Map<string, { people: number; hoursMs: number }>;
  /** Each working day's start, in order (the test's own reading of the settings). */
  dayStarts: number[];
};

const dirs: string[] = [];
function seeded(now: number): Seeded {
  const dir = mkdtempSync(path.join(tmpdir(), "shopflow-seed-model-"));
  dirs.push(dir);
  resetEnvForTests({ DATA_DIR: dir });
  setSecretForTests(undefined);
  const db = openDatabase(path.join(dir, "shopflow.db"));
  setDb(db);
  const result = seedLarge(db, { ...COUNTS, now });
  const q = <T>(sql: string) => db.$client.query(sql).all() as T[];
  const settings = q<{ days: string; start: number; hours: number; holidays: string }>(
    "SELECT working_days AS days, day_start_minutes AS start, day_hours AS hours, holidays FROM shop_settings WHERE id = 1",
  )[0]!;
  const workingDays = new Set(JSON.parse(settings.days) as number[]);
  const holidays = new Set(JSON.parse(settings.holidays) as string[]);
  const zone = result.model.timeZone;
  const dayStarts: number[] = [];
  const time = Temporal.PlainTime.from({ hour: Math.floor(settings.start / 60), minute: settings.start % 60 });
  const last = Temporal.Instant.fromEpochMilliseconds(now).toZonedDateTimeISO(zone).toPlainDate();
  for (let d = last.subtract({ days: 200 }); Temporal.PlainDate.compare(d, last) <= 0; d = d.add({ days: 1 })) {
    if (workingDays.has(d.dayOfWeek) && !holidays.has(d.toString())) dayStarts.push(d.toZonedDateTime({ timeZone: zone, plainTime: time }).epochMilliseconds);
  }
  const capacity = new Map(
    q<{ value: string; people: number; hours: number | null }>(
      "SELECT value, capacity_people AS people, capacity_hours AS hours FROM departments WHERE is_machine = 0",
    ).map((d) => [d.value, { people: d.people, hoursMs: (d.hours ?? settings.hours) * 3_600_000 }]),
  );
  return {
    db,
    result,
    now,
    logs: q<Log>(`SELECT id, item_id AS item, action, department, timestamp AS at, session_duration_seconds AS seconds, wait_seconds AS wait, finished
      FROM timer_logs ORDER BY item_id, timestamp, id`),
    items: q<Item>(`SELECT id, project_id AS project, category, department, current_step_index AS step, is_timer_active AS running,
      current_session_start AS since, total_time_seconds AS total, created_at AS created FROM items ORDER BY id`),
    projects: new Map(
      q<Project>("SELECT id, priority, status, end_date AS due, created_at AS created FROM projects").map((p) => [p.id, p] as [number, Project]),
    ),
    sequences: new Map(
      q<{ name: string; seq: string }>("SELECT name, department_sequence AS seq FROM categories").map((c) => [c.name, itemSequence(JSON.parse(c.seq))]),
    ),
    capacity,
    dayStarts,
  };
}

/** The working day an instant falls in or after (index into dayStarts), -1 before the first. */
function dayOf(s: Seeded, at: number) {
  let lo = -1;
  let hi = s.dayStarts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (s.dayStarts[mid]! <= at) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** Every session as its department and span (a running one until now). */
function sessions(s: Seeded) {
  const out: { department: string; from: number; to: number }[] = [];
  let item = -1;
  let open: Log | null = null;
  const flush = () => {
    if (open) out.push({ department: open.department, from: open.at, to: s.now });
    open = null;
  };
  for (const l of s.logs) {
    if (l.item !== item) {
      flush();
      item = l.item;
    }
    if (l.action === "start") open = l;
    else if (open) {
      out.push({ department: l.department, from: open.at, to: l.at });
      open = null;
    }
  }
  flush();
  return out;
}

let weekday: Seeded;
let sunday: Seeded;

beforeAll(() => {
  weekday = seeded(WEEKDAY);
  sunday = seeded(SUNDAY);
});

afterAll(() => {
  for (const s of [weekday, sunday]) s?.db.$client.close();
  setDb(undefined);
  setSecretForTests(undefined);
  resetEnvForTests();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe("seed-large's queue model", () => {
  test("writes the shop's calendar and every process department's capacity to the settings the forecast reads", () => {
    const row = weekday.db.$client.query("SELECT working_days AS days, day_start_minutes AS start, day_hours AS hours, holidays FROM shop_settings").get() as {
      days: string;
      start: number;
      hours: number;
      holidays: string;
    };
    expect(JSON.parse(row.days)).toEqual([1, 2, 3, 4, 5]);
    expect(row.start).toBe(450);
    expect(row.hours).toBe(8.5);
    // Thanksgiving and the day after, Christmas: the shop is closed.
    expect(JSON.parse(row.holidays)).toEqual(expect.arrayContaining(["2026-11-26", "2026-11-27", "2026-12-25"]));
    for (const d of weekday.result.model.departments) {
      const stored = weekday.capacity.get(d.value)!;
      expect(stored.people).toBe(d.people);
      expect(d.people).toBeGreaterThanOrEqual(1);
      expect(d.utilization).toBeGreaterThan(0.3);
      expect(d.utilization).toBeLessThan(0.95);
    }
    expect(weekday.capacity.get("quality-control")!.hoursMs).toBe(6 * 3_600_000);
    expect(weekday.capacity.get("production")!.hoursMs).toBe(8.5 * 3_600_000);
  });

  test("work starts and stops only in a department's working hours; a timer left on overnight is the only thing that spans them", () => {
    for (const s of [weekday, sunday]) {
      for (const l of s.logs) {
        const day = dayOf(s, l.at);
        expect(day).toBeGreaterThanOrEqual(0);
        const from = s.dayStarts[day]!;
        const hours = s.capacity.get(l.department)!.hoursMs;
        if (l.action === "start") expect(l.at - from).toBeLessThan(hours);
        else expect(l.at - from).toBeLessThanOrEqual(hours);
      }
    }
    // On a Sunday nobody works, yet the items someone was working on when Friday ended still have their timer on.
    expect(sunday.items.filter((i) => i.running).length).toBeGreaterThan(0);
    const lastWorkingDay = sunday.dayStarts[dayOf(sunday, SUNDAY)]!;
    expect(Math.max(...sunday.logs.map((l) => l.at))).toBeLessThanOrEqual(lastWorkingDay + 8.5 * 3_600_000);
  });

  test("no department ever has more sessions at once than its people, or works more than people × hours in a working day", () => {
    for (const s of [weekday, sunday]) {
      const byDept = new Map<string, [number, number][]>();
      const worked = new Map<string, number>();
      for (const x of sessions(s)) {
        const list = byDept.get(x.department) ?? [];
        list.push([x.from, 1], [x.to, -1]);
        byDept.set(x.department, list);
        const hours = s.capacity.get(x.department)!.hoursMs;
        for (let d = dayOf(s, x.from); d >= 0 && d < s.dayStarts.length && s.dayStarts[d]! < x.to; d++) {
          const overlap = Math.min(x.to, s.dayStarts[d]! + hours) - Math.max(x.from, s.dayStarts[d]!);
          if (overlap > 0) worked.set(`${x.department} ${d}`, (worked.get(`${x.department} ${d}`) ?? 0) + overlap);
        }
      }
      for (const [dept, events] of byDept) {
        // A stop and a start at the same instant: the person freed takes the next item.
        events.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        let busy = 0;
        let most = 0;
        for (const [, delta] of events) most = Math.max(most, (busy += delta));
        expect({ dept, most: Math.min(most, s.capacity.get(dept)!.people) }).toEqual({ dept, most });
      }
      for (const [key, ms] of worked) {
        const cap = s.capacity.get(key.split(" ")[0]!)!;
        expect({ key, over: ms > cap.people * cap.hoursMs }).toEqual({ key, over: false });
      }
    }
  });

  test("the logs pair up as the timer writes them: durations, waits, finished flags, totals, and where each stop moved the item", () => {
    const s = weekday;
    const byItem = new Map<number, Log[]>();
    for (const l of s.logs) byItem.set(l.item, [...(byItem.get(l.item) ?? []), l]);
    let restarts = 0;
    for (const item of s.items) {
      const seq = s.sequences.get(item.category)!;
      const logs = byItem.get(item.id) ?? [];
      let department = seq[0]!;
      let step = 0;
      let total = 0;
      let previous: Log | null = null;
      logs.forEach((l, k) => {
        expect(l.action).toBe(k % 2 === 0 ? "start" : "stop");
        // Every session is worked in the department the item is in.
        expect(l.department).toBe(department);
        expect(l.at).toBeGreaterThanOrEqual(item.created);
        expect(l.at).toBeLessThanOrEqual(s.now);
        if (l.action === "start") {
          const expected = previous && previous.department !== l.department ? Math.floor((l.at - previous.at) / 1000) : null;
          expect(l.wait).toBe(expected);
          if (previous && previous.department === l.department) restarts++;
        } else {
          expect(l.seconds).toBe(Math.floor((l.at - previous!.at) / 1000));
          const next = nextDepartment(seq, l.department);
          // Only the last sitting in the last department finishes the item; those before it were paused.
          expect(l.finished).toBe(next.kind === "final" && k === logs.length - 1 ? 1 : 0);
          total += l.seconds!;
          if (next.kind !== "none") {
            department = next.department;
            step = next.index;
          }
        }
        previous = l;
      });
      expect({ id: item.id, department: item.department, step: item.step, total: item.total }).toEqual({ id: item.id, department, step, total });
      const last = logs.at(-1);
      expect(item.running).toBe(last?.action === "start" ? 1 : 0);
      if (item.running) expect(item.since).toBe(last!.at);
    }
    // Restarts (after a Pause) happen only in an item's last department: the seed's sittings are there.
    expect(restarts).toBeGreaterThan(0);
    expect(s.logs.length).toBe(COUNTS.logs);
  });

  test("each department serves its queue rush first, then by due date, then by arrival", () => {
    for (const s of [weekday, sunday]) {
      // When each item arrived in each department it was queued in, and when it started there.
      type Visit = { item: number; department: string; arrived: number; started: number; key: [number, number, number] };
      const visits: Visit[] = [];
      const byItem = new Map<number, Log[]>();
      for (const l of s.logs) byItem.set(l.item, [...(byItem.get(l.item) ?? []), l]);
      // A project's items join their first queue together, when its last item has been entered.
      const released = new Map<number, number>();
      for (const item of s.items) released.set(item.project, Math.max(released.get(item.project) ?? 0, item.created));
      for (const item of s.items) {
        const p = s.projects.get(item.project)!;
        const seq = s.sequences.get(item.category)!;
        const logs = byItem.get(item.id) ?? [];
        let arrived = released.get(item.project)!;
        let department = seq[0]!;
        let started: number | null = null;
        let queued = true;
        for (const l of logs) {
          if (l.action === "start" && queued) {
            started = l.at;
            visits.push({ item: item.id, department, arrived, started, key: [p.priority === "rush" ? 0 : 1, p.due, arrived] });
            queued = false;
          }
          if (l.action === "stop") {
            const next = nextDepartment(seq, l.department);
            if (next.kind === "next") {
              department = next.department;
              arrived = l.at;
              queued = true;
            }
          }
        }
        if (queued)
          visits.push({ item: item.id, department, arrived, started: Number.POSITIVE_INFINITY, key: [p.priority === "rush" ? 0 : 1, p.due, arrived] });
      }
      const less = (a: Visit["key"], b: Visit["key"]) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2];
      let checked = 0;
      for (const dept of s.capacity.keys()) {
        const here = visits.filter((v) => v.department === dept);
        for (const v of here) {
          if (!Number.isFinite(v.started)) continue;
          checked++;
          // Anyone who had arrived and was still waiting when v was taken must not come before v.
          const jumped = here.filter((w) => w.arrived <= v.started && w.started > v.started && less(w.key, v.key) < 0);
          expect({ dept, item: v.item, jumped: jumped.map((w) => w.item) }).toEqual({ dept, item: v.item, jumped: [] });
        }
      }
      expect(checked).toBeGreaterThan(COUNTS.items);
    }
  });

  test("a project is completed exactly when every item has finished its last department; steps follow their items", () => {
    const s = weekday;
    const done = new Map<number, boolean>();
    const lastLog = new Map<number, Log>();
    for (const l of s.logs) lastLog.set(l.item, l);
    for (const item of s.items) {
      const l = lastLog.get(item.id);
      const finished = l?.action === "stop" && l.finished === 1;
      done.set(item.project, (done.get(item.project) ?? true) && finished);
    }
    let open = 0;
    for (const p of s.projects.values()) {
      expect({ id: p.id, status: p.status }).toEqual({ id: p.id, status: done.get(p.id) ? "completed" : "active" });
      if (p.status === "active") open++;
    }
    expect(open).toBe(s.result.model.openProjects);
    const steps = s.db.$client
      .query(
        `SELECT p.id AS id, p.status AS status, min(s.percent_complete) AS least, max(s.percent_complete) AS most FROM projects p
         JOIN project_workflow_instances i ON i.project_id = p.id JOIN project_workflow_steps s ON s.project_workflow_instance_id = i.id GROUP BY p.id`,
      )
      .all() as { id: number; status: string; least: number; most: number }[];
    for (const r of steps) if (r.status === "completed") expect(r.least).toBe(100);
    expect(steps.some((r) => r.status === "active" && r.most > 0)).toBe(true);
  });

  test("now, some work is running and queues exist: items wait in departments of projects still open", () => {
    const m = weekday.result.model;
    expect(m.running).toBeGreaterThan(0);
    expect(m.waiting).toBeGreaterThan(0);
    expect(m.openProjects).toBeGreaterThan(0);
    expect(weekday.items.filter((i) => i.running).length).toBe(m.running);
    // Projects arrived over the past months, not years, at this size.
    expect(m.arrivalDays).toBeGreaterThanOrEqual(40);
    expect(m.arrivalDays).toBeLessThan(260);
  });

  test("the same counts and moment give the same database", () => {
    const again = seeded(WEEKDAY);
    const digest = (s: Seeded) => Bun.hash(JSON.stringify([s.logs, s.items, [...s.projects.values()]])).toString();
    expect(digest(again)).toBe(digest(weekday));
    again.db.$client.close();
  });
});
