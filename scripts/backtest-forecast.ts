// `bun scripts/backtest-forecast.ts [--data-dir DIR | --seed [--projects N --items N --logs N]] [--days 90] [--now ISO]
//   [--sample N] [--write]`   (npm run backtest -- …)
// How right the finish-date forecast (app/domain/forecast.ts) would have been: for every project that finished in
// the last `days` days of a database (the seed-large shop, or a real one), the state of the shop is rebuilt from
// the timer logs as it stood the moment the project's first item started — every open item where it was, running or
// waiting since when, the medians of the sessions logged before then — the forecast is run on it, and its answer is
// compared with when the project's last item really finished. Errors are in working days of the shop's calendar.
// `--write` puts the figures into docs/benchmarks.md (docs/decisions/0039-forecast-backtest.md).
import { Database } from "bun:sqlite";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type ForecastDepartment, type ForecastItem, forecast, type Forecast, HandsOnStats, remainingDepartments, sessionHandsOn } from "~/domain/forecast";
import { itemSequence, nextDepartment } from "~/domain/rules";
import { type WorkingCalendar, workingTime } from "~/domain/working-calendar";

export type BacktestOptions = {
  /** Projects that finished in the last `days` days before `now`. */
  days?: number;
  /** The data's present; default the latest timer log. */
  now?: number;
  timeZone: string;
  /**
   * What a session's hands-on is: `clock`, its logged duration (what the app measures), or `working`, the working
   * time inside it (a timer left on overnight counts only the hours the shop worked).
   */
  sessions?: "clock" | "working";
  /** Also the forecast with each item's real hands-on (BacktestResult.hindsight); default true. */
  hindsight?: boolean;
  /** At most this many projects, a random choice (deterministic); default all. */
  sample?: number;
  log?: (line: string) => void;
};

export type ErrorStats = { median: number; p90: number; bias: number; within1: number };

export type BacktestRow = { projectId: number; priority: string; items: number; startedAt: number; forecastAt: number; finishedAt: number; errorDays: number };

export type BacktestResult = {
  now: number;
  since: number;
  days: number;
  sessions: "clock" | "working";
  /** Projects that finished in the window, and how many of them were forecast. */
  finished: number;
  projects: number;
  /** Open items the forecast was run on, the median over the projects. */
  openItems: number;
  /** |forecast − finish| in working days (bias: the median of finish − forecast; within1: the share within a day). */
  errors: ErrorStats;
  /** The same with the project's due date as the forecast, and with the forecast of a shop without queues. */
  dueDate: ErrorStats;
  noQueues: ErrorStats;
  /**
   * The forecast given each item's real hands-on in each department (the working time of its sessions there, known
   * only afterwards): what is left is the error of the model itself — queues, capacity, the orders that came later.
   */
  hindsight: ErrorStats;
  byPriority: Record<string, { projects: number; median: number; p90: number }>;
  rows: BacktestRow[];
  seconds: number;
};

/** The shop's working calendar from Global Settings (the defaults where the row is missing). */
export function shopCalendar(db: Database, timeZone: string): WorkingCalendar {
  const row = db
    .query<{ days: string; start: number; hours: number; holidays: string }, []>(
      "SELECT working_days AS days, day_start_minutes AS start, day_hours AS hours, holidays FROM shop_settings WHERE id = 1",
    )
    .get();
  return {
    timeZone,
    workingDays: row ? JSON.parse(row.days) : [1, 2, 3, 4, 5],
    dayStartMinutes: row?.start ?? 480,
    dayHours: row?.hours ?? 8,
    holidays: row ? JSON.parse(row.holidays) : [],
  };
}

/** The process departments with their capacity, as the forecast takes them. */
export function shopDepartments(db: Database): ForecastDepartment[] {
  return db
    .query<{ value: string; name: string; people: number; hours: number | null }, []>(
      "SELECT value, name, capacity_people AS people, capacity_hours AS hours FROM departments WHERE is_machine = 0 AND is_active = 1 ORDER BY sort_order, id",
    )
    .all()
    .map((d) => ({ value: d.value, name: d.name, people: d.people, hoursPerPerson: d.hours }));
}

const quantile = (sorted: readonly number[], q: number) =>
  sorted.length === 0 ? Number.NaN : sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)]!;
function stats(signed: readonly number[]): ErrorStats {
  const abs = signed.map(Math.abs).sort((a, b) => a - b);
  const s = [...signed].sort((a, b) => a - b);
  return {
    median: quantile(abs, 0.5),
    p90: quantile(abs, 0.9),
    bias: quantile(s, 0.5),
    within1: abs.length ? abs.filter((e) => e <= 1).length / abs.length : Number.NaN,
  };
}

// mulberry32, for a reproducible sample.
function prng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function backtest(db: Database, opts: BacktestOptions): BacktestResult {
  const began = performance.now();
  const log = opts.log ?? (() => {});
  const days = opts.days ?? 90;
  const sessions = opts.sessions ?? "clock";
  const calendar = shopCalendar(db, opts.timeZone);
  const wt = workingTime(calendar);
  const workingDay = calendar.dayHours * 3600;
  const departments = shopDepartments(db);
  // The same departments without limit: every item goes straight through (the "no queues" comparison).
  const unlimited = departments.map((d) => ({ ...d, people: 100_000, hoursPerPerson: d.hoursPerPerson ?? calendar.dayHours }));
  const now = opts.now ?? db.query<{ at: number | null }, []>("SELECT max(timestamp) AS at FROM timer_logs").get()?.at ?? Date.now();
  const since = now - days * 86_400_000;

  // The projects that finished in the window: completed, their last item's last finishing stop inside it.
  const candidates = db
    .query<{ id: number }, [number, number]>(
      `SELECT DISTINCT i.project_id AS id FROM timer_logs l JOIN items i ON i.id = l.item_id
       WHERE l.action = 'stop' AND l.finished = 1 AND l.timestamp > ? AND l.timestamp <= ?`,
    )
    .all(since, now);
  const about = db.query<{ status: string; started: number | null; finished: number | null; items: number }, [number]>(
    `SELECT (SELECT status FROM projects WHERE id = ?1) AS status,
       (SELECT min(l.timestamp) FROM items i JOIN timer_logs l ON l.item_id = i.id WHERE i.project_id = ?1) AS started,
       (SELECT max(l.timestamp) FROM items i JOIN timer_logs l ON l.item_id = i.id AND l.action = 'stop' AND l.finished = 1 WHERE i.project_id = ?1) AS finished,
       (SELECT count(*) FROM items WHERE project_id = ?1) AS items`,
  );
  let targets = candidates
    .map((c) => ({ projectId: c.id, ...about.get(c.id)! }))
    .filter((t) => t.status === "completed" && t.started !== null && t.finished !== null && t.finished <= now)
    .map((t) => ({ projectId: t.projectId, startedAt: t.started!, finishedAt: t.finished!, items: t.items }));
  const finished = targets.length;
  if (opts.sample !== undefined && opts.sample < targets.length) {
    const rnd = prng(opts.sample);
    const shuffled = targets.map((t) => ({ t, k: rnd() })).sort((a, b) => a.k - b.k);
    targets = shuffled.slice(0, opts.sample).map((x) => x.t);
  }
  targets.sort((a, b) => a.startedAt - b.startedAt || a.projectId - b.projectId);
  log(`  ${targets.length} of ${finished} projects finished since ${new Date(since).toISOString()}`);

  const lastT0 = targets.length ? targets[targets.length - 1]!.startedAt : 0;
  const replay = new ShopReplay(db, { calendar, sessions, until: lastT0 });
  const signed: number[] = [];
  const dueSigned: number[] = [];
  const noQueueSigned: number[] = [];
  const hindsightSigned: number[] = [];
  const openCounts: number[] = [];
  const rows: BacktestRow[] = [];
  let previous: Forecast | null = null;
  let previousFree: Forecast | null = null;
  let previousKnown: Forecast | null = null;
  const real = opts.hindsight === false ? null : realHandsOn(db, wt);
  for (const target of targets) {
    const t0 = target.startedAt;
    // The shop as it stood the moment the project's first item started.
    replay.advanceTo(t0);
    const input = replay.openItems();
    openCounts.push(input.length);
    const handsOn = replay.handsOn.estimator();
    const f = forecast({ now: t0, calendar, departments, items: input, handsOn }, { recycle: previous });
    previous = f;
    const free = forecast({ now: t0, calendar, departments: unlimited, items: input, handsOn }, { recycle: previousFree });
    previousFree = free;
    const at = f.project(target.projectId)?.finishAt ?? null;
    const freeAt = free.project(target.projectId)?.finishAt ?? null;
    let knownAt: number | null = Number.NaN;
    if (real) {
      // Each item its own category, so the hands-on asked for is the item's own (the estimate where it has none yet:
      // an item of a project still open at the end of the data).
      const categoryOf = new Map(input.map((i) => [`${i.id}`, i.category]));
      const known = forecast(
        {
          now: t0,
          calendar,
          departments,
          items: input.map((i) => ({ ...i, category: `${i.id}` })),
          handsOn: (id, d) => real.get(`${id} ${d}`) ?? handsOn(categoryOf.get(id)!, d),
        },
        { recycle: previousKnown },
      );
      previousKnown = known;
      knownAt = known.project(target.projectId)?.finishAt ?? null;
    }
    if (at === null || freeAt === null || knownAt === null) continue;
    const p = replay.projects.get(target.projectId)!;
    const error = wt.between(at, target.finishedAt) / workingDay;
    signed.push(error);
    noQueueSigned.push(wt.between(freeAt, target.finishedAt) / workingDay);
    if (real) hindsightSigned.push(wt.between(knownAt, target.finishedAt) / workingDay);
    if (p.due !== null) dueSigned.push(wt.between(p.due, target.finishedAt) / workingDay);
    rows.push({
      projectId: target.projectId,
      priority: p.priority,
      items: target.items,
      startedAt: t0,
      forecastAt: at,
      finishedAt: target.finishedAt,
      errorDays: error,
    });
  }
  const byPriority: BacktestResult["byPriority"] = {};
  for (const priority of ["rush", "high", "medium", "low"]) {
    const e = rows.filter((r) => r.priority === priority).map((r) => r.errorDays);
    if (e.length) byPriority[priority] = { projects: e.length, median: stats(e).median, p90: stats(e).p90 };
  }
  const sortedOpen = [...openCounts].sort((a, b) => a - b);
  return {
    now,
    since,
    days,
    sessions,
    finished,
    projects: rows.length,
    openItems: quantile(sortedOpen, 0.5),
    errors: stats(signed),
    dueDate: stats(dueSigned),
    noQueues: stats(noQueueSigned),
    hindsight: stats(hindsightSigned),
    byPriority,
    rows,
    seconds: (performance.now() - began) / 1000,
  };
}

/** Each item's working time in each department, over all its sessions there: "id department" → seconds. */
function realHandsOn(db: Database, wt: ReturnType<typeof workingTime>): Map<string, number> {
  const out = new Map<string, number>();
  let item = -1;
  let started = Number.NaN;
  for (const l of db
    .query<{ item: number; action: string; department: string; at: number }, []>(
      "SELECT item_id AS item, action, department, timestamp AS at FROM timer_logs ORDER BY item_id, timestamp, id",
    )
    .iterate()) {
    if (l.item !== item) {
      item = l.item;
      started = Number.NaN;
    }
    if (l.action === "start") started = l.at;
    else if (Number.isFinite(started)) {
      const key = `${l.item} ${l.department}`;
      out.set(key, (out.get(key) ?? 0) + wt.between(started, l.at));
      started = Number.NaN;
    }
  }
  return out;
}

type LogRow = { item: number; action: string; department: string; at: number; seconds: number | null; finished: number; paused: number };
type ProjectRow = { id: number; priority: string; due: number | null; status: string };

/**
 * The shop replayed from its database: items as they are entered, then every start and stop in time order, up to a
 * moment. What the forecast needs at that moment: each open item (not finished its last department, or started
 * again since) in the department it is in, since when it has been there, since when its timer runs, the hands-on of
 * its paused sittings there; and the visits logged so far (HandsOnStats). The same rules as the timer
 * (nextDepartment) and /analytics (done). A stop is a Pause when the item's next log starts it again in the same
 * department, or it has no next log and the item is still there, unfinished (the log keeps no outcome; the item
 * page reads it the same way, models/timer.server.ts logOutcomes).
 */
export class ShopReplay {
  readonly projects: Map<number, ProjectRow>;
  readonly handsOn = new HandsOnStats();
  private readonly items: { id: number; project: number; category: string; created: number }[];
  private readonly itemIndex: Int32Array;
  private readonly sequences: Map<string, readonly string[]>;
  private readonly dept: string[];
  private readonly arrivedAt: Float64Array;
  private readonly runningSince: Float64Array;
  /** The hands-on of each item's visit to the department it is in, so far (its paused sittings). */
  private readonly visitSeconds: Float64Array;
  private readonly open = new Set<number>();
  private readonly routes = new Map<string, string[]>();
  private readonly logs: IterableIterator<LogRow>;
  private nextLog: IteratorResult<LogRow>;
  private nextItem = 0;
  private readonly wt: ReturnType<typeof workingTime>;
  private readonly sessions: "clock" | "working";

  constructor(db: Database, opts: { calendar: WorkingCalendar; sessions?: "clock" | "working"; until: number }) {
    this.wt = workingTime(opts.calendar);
    this.sessions = opts.sessions ?? "clock";
    this.sequences = new Map(
      db
        .query<{ name: string; seq: string }, []>("SELECT name, department_sequence AS seq FROM categories")
        .all()
        .map((c) => [c.name.toLowerCase(), itemSequence(JSON.parse(c.seq) as string[])]),
    );
    this.projects = new Map(
      db
        .query<ProjectRow, []>("SELECT id, priority, end_date AS due, status FROM projects")
        .all()
        .map((p) => [p.id, p]),
    );
    this.items = db
      .query<{ id: number; project: number; category: string; created: number }, []>(
        "SELECT id, project_id AS project, category, created_at AS created FROM items ORDER BY created_at, id",
      )
      .all();
    this.itemIndex = new Int32Array(this.items.reduce((m, i) => Math.max(m, i.id), 0) + 1).fill(-1);
    this.items.forEach((item, k) => {
      this.itemIndex[item.id] = k;
    });
    // Before its first start an item is where it was entered: its sequence's first department.
    this.dept = this.items.map((i) => this.sequenceOf(i.category)[0]!);
    this.arrivedAt = new Float64Array(this.items.length);
    this.runningSince = new Float64Array(this.items.length).fill(Number.NaN);
    this.visitSeconds = new Float64Array(this.items.length);
    this.logs = db
      .query<LogRow, [number]>(
        `SELECT * FROM (
           SELECT item_id AS item, action, department, timestamp AS at, session_duration_seconds AS seconds, finished, id,
             coalesce(action = 'stop' AND finished = 0 AND CASE WHEN lead(action) OVER w IS NULL
               -- The item's last log: paused when it is still there, unfinished.
               THEN (SELECT i.department = l.department AND i.finished_at IS NULL FROM items i WHERE i.id = l.item_id)
               ELSE lead(action) OVER w = 'start' AND lead(department) OVER w = department END, 0) AS paused
           FROM timer_logs l WINDOW w AS (PARTITION BY item_id ORDER BY timestamp, id)
         ) WHERE at < ? ORDER BY at, id`,
      )
      .iterate(opts.until);
    this.nextLog = this.logs.next();
  }

  private sequenceOf(category: string) {
    return this.sequences.get(category.toLowerCase()) ?? itemSequence(null);
  }

  /** Applies the items entered at or before `t` and the logs before `t` (moments only move forward). */
  advanceTo(t: number) {
    const { items, itemIndex, dept, arrivedAt, runningSince, open } = this;
    for (;;) {
      const entry = this.nextLog.done ? null : this.nextLog.value;
      const item = this.nextItem < items.length ? items[this.nextItem]! : null;
      const logAt = entry && entry.at < t ? entry.at : Number.POSITIVE_INFINITY;
      const itemAt = item && item.created <= t ? item.created : Number.POSITIVE_INFINITY;
      if (logAt === Number.POSITIVE_INFINITY && itemAt === Number.POSITIVE_INFINITY) return;
      if (itemAt <= logAt) {
        arrivedAt[this.nextItem] = item!.created;
        open.add(this.nextItem);
        this.nextItem++;
        continue;
      }
      this.nextLog = this.logs.next();
      const k = itemIndex[entry!.item] ?? -1;
      if (k < 0) continue;
      if (entry!.action === "start") {
        runningSince[k] = entry!.at;
        dept[k] = entry!.department;
        open.add(k);
        continue;
      }
      const started = runningSince[k]!;
      runningSince[k] = Number.NaN;
      // "working" is what the app does (sessionHandsOn); "clock" the logged length, for comparison.
      const logged = entry!.seconds ?? (Number.isFinite(started) ? Math.round((entry!.at - started) / 1000) : 0);
      const seconds = this.sessions === "working" ? sessionHandsOn(this.wt, entry!.at, logged) : logged;
      this.visitSeconds[k]! += seconds;
      // A Pause keeps the item where it is, its visit going on; a finishing stop ends the item (until started
      // again), any other moves it on and it waits there from now. Either way its visit is one measured hands-on.
      if (entry!.paused === 1) continue;
      this.handsOn.record(entry!.department, items[k]!.category, this.visitSeconds[k]!);
      this.visitSeconds[k] = 0;
      if (entry!.finished === 1) open.delete(k);
      else {
        const next = nextDepartment(this.sequenceOf(items[k]!.category), entry!.department);
        if (next.kind === "next") {
          dept[k] = next.department;
          arrivedAt[k] = entry!.at;
        }
      }
    }
  }

  /** The open items now, as the forecast takes them. */
  openItems(): ForecastItem[] {
    const out: ForecastItem[] = [];
    for (const k of this.open) {
      const item = this.items[k]!;
      const p = this.projects.get(item.project);
      if (!p) continue;
      const key = `${item.category.toLowerCase()}\u0000${this.dept[k]}`;
      let route = this.routes.get(key);
      if (!route) this.routes.set(key, (route = remainingDepartments(this.sequenceOf(item.category), this.dept[k]!)));
      out.push({
        id: item.id,
        projectId: item.project,
        category: item.category,
        route,
        runningSince: Number.isNaN(this.runningSince[k]!) ? null : this.runningSince[k]!,
        rush: p.priority === "rush",
        dueAt: p.due,
        arrivedAt: this.arrivedAt[k]!,
        doneSeconds: this.visitSeconds[k]!,
      });
    }
    return out;
  }
}

const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(2) : "–");
const pct = (x: number) => (Number.isFinite(x) ? `${Math.round(x * 100)}%` : "–");

/** The figures as the lines of the docs/benchmarks.md section: `clock` and `working` are the two ways of measuring sessions. */
export function report(clock: BacktestResult, working: BacktestResult, data: string, command: string): string[] {
  const when = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const row = (what: string, e: ErrorStats) => `| ${what} | ${fmt(e.median)} | ${fmt(e.p90)} | ${fmt(e.bias)} | ${pct(e.within1)} |`;
  const r = working;
  return [
    `Run ${when} on ${data}: ${r.projects.toLocaleString("en-US")} projects that finished in the ${r.days} days before ${new Date(r.now).toISOString().slice(0, 10)}` +
      `${r.projects < r.finished ? ` (a random sample of the ${r.finished.toLocaleString("en-US")})` : ""}, each forecast with a median of ` +
      `${r.openItems.toLocaleString("en-US")} open items in the shop; the backtest took ${(clock.seconds + working.seconds).toFixed(1)} s. Command: \`${command}\`.`,
    "",
    "| forecast | median abs. error | 90th percentile | median of (finish − forecast) | within 1 working day |",
    "|---|---:|---:|---:|---:|",
    row("**the forecast**, sessions by the working time inside them (as the app measures them)", working.errors),
    row("the forecast, sessions by their logged length", clock.errors),
    row("the forecast with each item's real hands-on (hindsight: the model's own error)", clock.hindsight),
    row("the project's due date", clock.dueDate),
    row("hands-on only, no queues (logged lengths)", clock.noQueues),
    "",
    `Errors in working days (${r.days}-day window; negative: finished before the forecast). The forecast by priority, median / 90th percentile: ${Object.entries(
      r.byPriority,
    )
      .map(([p, s]) => `${p} ${fmt(s.median)} / ${fmt(s.p90)} (${s.projects})`)
      .join(", ")}. Target: median ≤ 1 working day — ${r.errors.median <= 1 ? "met" : "missed"}.`,
  ];
}

const START = "<!-- backtest:start (written by scripts/backtest-forecast.ts --write) -->";
const END = "<!-- backtest:end -->";

/** Replaces the figures between the backtest markers of docs/benchmarks.md (the rest of the file is kept). */
export function writeBenchmarks(file: string, lines: string[]) {
  const text = readFileSync(file, "utf8");
  const a = text.indexOf(START);
  const b = text.indexOf(END);
  if (a < 0 || b < a) throw new Error(`${file} has no backtest markers (${START} … ${END})`);
  writeFileSync(file, `${text.slice(0, a + START.length)}\n${lines.join("\n")}\n${text.slice(b)}`);
}

if (import.meta.main) {
  const { parseArgs } = await import("node:util");
  const USAGE =
    "Usage: bun scripts/backtest-forecast.ts [--data-dir DIR | --seed [--projects 10000 --items 200000 --logs 2000000]] [--days 90] [--now ISO] [--sample N] [--write]";
  // A mistake in the command line exits 2 with the usage, before anything is seeded or opened.
  const usageError = (message: string): never => {
    console.error(`backtest-forecast: ${message}\n${USAGE}`);
    process.exit(2);
  };
  let parsed: ReturnType<typeof parseOptions> | undefined;
  function parseOptions() {
    return parseArgs({
      options: {
        "data-dir": { type: "string" },
        days: { type: "string", default: "90" },
        now: { type: "string" },
        sample: { type: "string" },
        seed: { type: "boolean", default: false },
        projects: { type: "string" },
        items: { type: "string" },
        logs: { type: "string" },
        write: { type: "boolean", default: false },
        help: { type: "boolean", default: false },
      },
    });
  }
  try {
    parsed = parseOptions();
  } catch (error) {
    usageError((error as Error).message);
  }
  const { values } = parsed!;
  if (values.help) {
    console.log(USAGE);
    process.exit(0);
  }
  for (const flag of ["days", "sample", "projects", "items", "logs"] as const) {
    const v = values[flag];
    if (v !== undefined && !(Number.isSafeInteger(Number(v)) && Number(v) >= 1)) usageError(`--${flag} is a whole number, 1 or more, not "${v}".`);
  }
  if (values.now !== undefined && !Number.isFinite(Date.parse(values.now))) usageError(`--now is an ISO date and time, not "${values.now}".`);
  if (values.seed && values["data-dir"]) usageError("--seed fills a temporary folder of its own: give it or --data-dir, not both.");
  if (!values.seed && (values.projects || values.items || values.logs)) usageError("--projects, --items and --logs are the sizes of --seed.");
  let seeded: string | null = null;
  try {
    // --seed: a temporary folder filled by seed-large (its defaults, or the sizes given), removed afterwards.
    if (values.seed) {
      seeded = mkdtempSync(path.join(tmpdir(), "shopflow-backtest-"));
      const sizes = (["projects", "items", "logs"] as const).flatMap((k) => (values[k] ? [`--${k}`, values[k]!] : []));
      const seed = spawnSync(process.execPath, ["scripts/seed-large.ts", "--data-dir", seeded, ...sizes, ...(values.now ? ["--now", values.now] : [])], {
        cwd: path.join(import.meta.dir, ".."),
        stdio: "inherit",
      });
      if (seed.status !== 0) throw new Error("seed-large failed");
    }
    const dataDir = path.resolve(seeded ?? values["data-dir"] ?? process.env.DATA_DIR ?? "./data");
    const file = path.join(dataDir, "shopflow.db");
    const { getEnv } = await import("~/infra/env.server");
    const db = new Database(file, { readonly: true });
    const counts = db
      .query<{ p: number; i: number; l: number }, []>(
        "SELECT (SELECT count(*) FROM projects) AS p, (SELECT count(*) FROM items) AS i, (SELECT count(*) FROM timer_logs) AS l",
      )
      .get()!;
    const data = `${counts.p.toLocaleString("en-US")} projects / ${counts.i.toLocaleString("en-US")} items / ${counts.l.toLocaleString("en-US")} timer logs`;
    console.log(`Backtest on ${file} (${data})`);
    const base = {
      timeZone: getEnv().SHOP_TIMEZONE,
      days: Number(values.days),
      now: values.now ? Date.parse(values.now) : undefined,
      sample: values.sample ? Number(values.sample) : undefined,
    };
    const clock = backtest(db, { ...base, sessions: "clock", log: console.log });
    const working = backtest(db, { ...base, sessions: "working", hindsight: false });
    db.close();
    const command = `npm run backtest -- ${process.argv.slice(2).join(" ")}`.trim();
    const lines = report(clock, working, seeded ? `seed-large data (${data})` : `${data} in ${dataDir}`, command.replace(/ --write\b/, ""));
    console.log(lines.join("\n"));
    if (values.write) {
      writeBenchmarks(path.join(import.meta.dir, "..", "docs", "benchmarks.md"), lines);
      console.log("Written to docs/benchmarks.md.");
    }
  } catch (error) {
    console.error(`backtest-forecast: ${(error as Error).message}`);
    process.exitCode = 1;
  } finally {
    if (seeded) rmSync(seeded, { recursive: true, force: true });
  }
}
