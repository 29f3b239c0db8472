import { sql } from "drizzle-orm";
import { DEFAULT_ITEM_DEPARTMENT } from "~/domain/constants";
import {
  DEFAULT_HANDS_ON_SECONDS,
  dueStanding,
  type DueStanding,
  forecast,
  type Forecast,
  type ForecastDepartment,
  type ForecastItem,
  type HandsOnEstimator,
  HandsOnStats,
  type ItemForecast,
  remainingDepartments,
  sessionHandsOn,
  slippedProjects,
} from "~/domain/forecast";
import { departmentLabel } from "~/domain/format";
import { DAY_END_PAUSE_ACTION } from "~/domain/timer-words";
import { hasWorkingTime, type WorkingCalendar, workingTime } from "~/domain/working-calendar";
import { type ChangeNotice, onChange } from "~/infra/change-notices.server";
import { type DB, getDb } from "~/infra/db.server";
import { type ForecastTiming, type ForecastWake, processState } from "~/infra/process-state.server";
import { IN_PROGRESS, loggedDepartments } from "./analytics.server";
import { FLOOR_PROGRESS_ACTION } from "./floor-progress.server";
import { projectDueSql } from "./project-due.server";
import { getWorkingCalendar } from "./shop-settings.server";
import { enqueueAtRisk } from "./webhook-outbox.server";

// The finish-date forecast of every open project, kept in memory (docs/decisions/0038-finish-date-forecast.md).
//
// What the engine (domain/forecast.ts) needs is read once, with a fixed number of statements: the open items with
// their projects' priority and due date, the departments' capacity, the categories' sequences, the calendar, and
// the latest visits of every department (the hands-on estimates: a visit is all of one item's sittings in a
// department). After that, change notices say what to read again: an item notice that item, a project notice or a
// person's change to a step that project and its items (the floor's own step progress changes nothing read here), a department or shop-settings notice the reference data; new
// timer stops are read by id, past the last one seen, and a stop whose item has left its department adds a visit. Only the
// simulation runs again, when something changed or a minute passed. While someone watches, changes are read and
// computed in the background in short pieces (docs/decisions/0054-forecast-work-in-small-pieces.md).

/** How many of each department's latest sessions its visits are read from (per category: the latest 50 visits among them). */
export const STATS_WINDOW = 20_000;
/**
 * After timer changes (a scan's start or stop, a Pause: the floor's steady stream of changes) a forecast that took `ms` to compute is reused for up to
 * 5 × ms, at most a second, so the forecast never takes more than a fifth of the server; one that takes under 20 ms
 * is always computed again. Any other change (settings, a project, an item's edit) is shown at the next read.
 */
const MAX_REUSE_MS = 1_000;
const defaultReuseMs = (computeMs: number) => (computeMs < 20 ? 0 : Math.min(MAX_REUSE_MS, 5 * computeMs));
/**
 * How long a computation took is read from `clock`, and how long it is reused from `reuse`: tests set both, so a
 * slow machine cannot turn a test of what a scan changes into a test of how fast the forecast ran.
 */
const clock = () => processState.forecastTiming.clock?.() ?? performance.now();
const reuseMs = (computeMs: number) => (processState.forecastTiming.reuse ?? defaultReuseMs)(computeMs);
/** The time of day for the background work (when a change came, when it runs), and how it is put off: tests set both. */
const wallNow = () => processState.forecastTiming.now?.() ?? Date.now();
const later = (run: () => void, ms: number): ForecastWake => {
  const own = processState.forecastTiming.schedule;
  if (own) return own(run, ms);
  const timer = setTimeout(run, ms);
  // A wake-up alone does not keep the process running.
  (timer as { unref?: () => void }).unref?.();
  return { cancel: () => clearTimeout(timer) };
};

/**
 * Tests: the clock that measures a computation, the reuse rule, the time of day and the scheduler of background
 * work (none given: the server's own).
 */
export function setForecastTimingForTests(options: Partial<ForecastTiming> = {}) {
  processState.forecastTiming = { ...options };
}
/** Without any change, the forecast follows the clock this often (running sessions, the working day going by). */
const MAX_AGE_MS = 60_000;
/** While someone has looked at a forecast this recently, changes are taken in and computed in the background. */
const WATCHED_MS = 10 * 60_000;
/**
 * The background work keeps every piece it does on the request thread short (docs/decisions/0054-forecast-work-in-small-pieces.md):
 * a scan's item is read again within ABSORB_DELAY_MS, at most ABSORB_BATCH items at a time with requests answered in
 * between, and after scans alone the simulation runs at most once every BACKGROUND_COMPUTE_MS. Any other change is
 * read and computed in full as soon as the reuse rule above lets a read compute it.
 */
const ABSORB_DELAY_MS = 50;
export const ABSORB_BATCH = 200;
export const BACKGROUND_COMPUTE_MS = 1_000;

type ProjectRow = { id: number; priority: string; dueAt: number | null };
type ItemRow = {
  id: number;
  projectId: number;
  category: string;
  department: string;
  running: number;
  since: number | null;
  createdAt: number;
  arrived: number | null;
  /** Its stops in the department it is in, as JSON [[stopped at, seconds, finished], …], when its latest stop was a Pause there. */
  doneLogs: string | null;
};

export type ProjectOutlook = DueStanding & {
  projectId: number;
  /** When its last open item is expected to finish; null when one of them cannot (see `reason`). */
  finishAt: number | null;
  dueAt: number | null;
  /** Why the finish is unknown ('Installation has no capacity set'). */
  reason: string | null;
  /** The department that holds it up (value and name) and that wait, in working seconds. */
  heldUpBy: string | null;
  heldUpName: string | null;
  heldUpSeconds: number;
  openItems: number;
};

/**
 * The open items in arrival order (the engine then has no sort to do): an item read again keeps its place, one that
 * moved on goes last, leaving a hole that is closed up once holes are a tenth of the list. An array, not a Map: the
 * engine takes 200,000 items as a list on every computation, and copying an array costs a tenth of walking a Map.
 */
class ItemList {
  private list: (ForecastItem | null)[] = [];
  private readonly at = new Map<number, number>();
  private holes = 0;

  get size() {
    return this.at.size;
  }

  get(id: number): ForecastItem | undefined {
    const i = this.at.get(id);
    return i === undefined ? undefined : (this.list[i] ?? undefined);
  }

  /** The same item, read again: it keeps its place. */
  replace(item: ForecastItem) {
    const i = this.at.get(item.id);
    if (i === undefined) this.append(item);
    else this.list[i] = item;
  }

  append(item: ForecastItem) {
    this.at.set(item.id, this.list.length);
    this.list.push(item);
  }

  delete(id: number) {
    const i = this.at.get(id);
    if (i === undefined) return;
    this.list[i] = null;
    this.at.delete(id);
    this.holes++;
  }

  /** The items in order, as a new array. */
  dense(): ForecastItem[] {
    if (this.holes > 0 && this.holes * 10 > this.list.length) {
      this.list = this.list.filter((x) => x !== null);
      for (let i = 0; i < this.list.length; i++) this.at.set(this.list[i]!.id, i);
      this.holes = 0;
    }
    return this.holes === 0 ? (this.list.slice() as ForecastItem[]) : (this.list.filter((x) => x !== null) as ForecastItem[]);
  }
}

type State = {
  /** The database it is of: a wake-up after the process state was reset finds it gone and stops. */
  db: DB;
  loaded: boolean;
  calendar: WorkingCalendar;
  departments: ForecastDepartment[];
  names: Map<string, string>;
  /** Category name (lower case) → its department sequence. */
  sequences: Map<string, string[]>;
  projects: Map<number, ProjectRow>;
  items: ItemList;
  itemsOf: Map<number, Set<number>>;
  stats: HandsOnStats;
  /** The last timer log id the statistics have seen. */
  lastLogId: number;
  /** Routes shared by every item of one category in one department. */
  routes: Map<string, string[]>;
  // What changed since the last computation.
  dirtyItems: Set<number>;
  dirtyProjects: Set<number>;
  reloadReference: boolean;
  reloadAll: boolean;
  /** Something changed since the last computation; `urgent`: something other than a timer. */
  changed: boolean;
  urgent: boolean;
  // The current computation, and the one before it (whose memory the next reuses).
  current: Forecast | null;
  spare: Forecast | null;
  /**
   * The current computation's own items and estimates. Between computations the background reads newer items and
   * visits (docs/decisions/0054-forecast-work-in-small-pieces.md); what is worked out from the computation ('Preview
   * as rush', the schedule) uses these, so it never mixes the two.
   */
  computedItems: ForecastItem[];
  computedHandsOn: HandsOnEstimator;
  outlooks: Map<number, ProjectOutlook>;
  computedAt: number;
  computeMs: number;
  generation: number;
  watchedAt: number;
  /** The pending background wake-up, and when it is due (wall clock). */
  wake: ForecastWake | null;
  wakeAt: number;
  preview: { key: string; value: RushPreview } | null;
  /** The at-risk projects in order, for the computation `generation` (the board asks on every TV's reload). */
  risky: { generation: number; list: ProjectOutlook[] } | null;
};

declare module "~/infra/process-state.server" {
  interface ForecastState extends State {}
}
const states = () => processState.forecasts;

function stateOf(db: DB): State {
  let s = states().get(db);
  if (!s) {
    s = {
      db,
      loaded: false,
      calendar: getWorkingCalendar(),
      departments: [],
      names: new Map(),
      sequences: new Map(),
      projects: new Map(),
      items: new ItemList(),
      itemsOf: new Map(),
      stats: new HandsOnStats(),
      lastLogId: 0,
      routes: new Map(),
      dirtyItems: new Set(),
      dirtyProjects: new Set(),
      reloadReference: false,
      reloadAll: false,
      changed: true,
      urgent: false,
      current: null,
      spare: null,
      computedItems: [],
      computedHandsOn: () => DEFAULT_HANDS_ON_SECONDS,
      outlooks: new Map(),
      computedAt: 0,
      computeMs: 0,
      generation: 0,
      watchedAt: 0,
      wake: null,
      wakeAt: 0,
      preview: null,
      risky: null,
    };
    states().set(db, s);
  }
  listen();
  return s;
}

// --- Change notices ---

/** The floor's own timer changes: a scan's start or stop, a Pause, the end of the day's pause. */
const TIMER_NOTICES = new Set(["start-timer", "end-timer", "pause-timer", DAY_END_PAUSE_ACTION]);

/** One listener for the process; it notes what to read again for the database the notice was written to. */
function listen() {
  processState.forecastListener ??= onChange(noted);
}

function noted(notice: ChangeNotice) {
  const state = states().get(getDb());
  if (!state || !state.loaded) return;
  const timer = notice.entity === "item" && TIMER_NOTICES.has(notice.action);
  switch (notice.entity) {
    case "item":
      if (typeof notice.id === "number") state.dirtyItems.add(notice.id);
      break;
    case "workflow-step":
      // The floor moving a step's percent on changes nothing the forecast reads (a due date comes from projects.due_at).
      if (notice.action === FLOOR_PROGRESS_ACTION) return;
      if (typeof notice.projectId === "number") state.dirtyProjects.add(notice.projectId);
      break;
    case "project":
      if (typeof notice.projectId === "number") state.dirtyProjects.add(notice.projectId);
      break;
    case "category":
      // A renamed category renames its items' category without a notice for each: read everything again.
      state.reloadAll = true;
      break;
    case "department":
      state.reloadReference = true;
      break;
    case "shop-settings":
      // Sessions are measured in the calendar's working time (sessionMeasure): a new calendar measures them again.
      state.reloadAll = true;
      break;
    default:
      // Machine files, designs, members and the like change nothing the forecast reads.
      return;
  }
  state.changed = true;
  if (!timer) state.urgent = true;
  state.preview = null;
  // Someone is looking at forecasts: have the next one ready before they ask.
  if (wallNow() - state.watchedAt < WATCHED_MS) wakeIn(state, ABSORB_DELAY_MS);
}

/** Runs the background work in `ms`, unless a wake-up is already due sooner. */
function wakeIn(state: State, ms: number) {
  const at = wallNow() + ms;
  if (state.wake && state.wakeAt <= at) return;
  state.wake?.cancel();
  state.wakeAt = at;
  state.wake = later(() => {
    state.wake = null;
    background(state);
  }, ms);
}

/**
 * One piece of background work: a change other than a scan is read and computed once the reuse rule allows (at
 * once after a computation that took under 20 ms); after scans, the changed
 * items are read ABSORB_BATCH at a time (the next batch after the requests waiting meanwhile), and the simulation
 * runs once they are all in and BACKGROUND_COMPUTE_MS have passed since the last one. A read in between still gets
 * a fresh forecast (fresh() reads what is left and computes).
 */
function background(state: State) {
  if (states().get(state.db) !== state || getDb() !== state.db || !state.loaded || !state.changed) return;
  const now = wallNow();
  const age = now - state.computedAt;
  if (state.urgent || state.reloadAll || state.reloadReference) {
    // Paced as a read is (reuseMs): a stream of edits costs the server no more than the reads would.
    const reuse = reuseMs(state.computeMs);
    if (age >= 0 && age < reuse) wakeIn(state, reuse - age);
    else refresh(state, now);
    return;
  }
  if (state.dirtyItems.size > 0 || state.dirtyProjects.size > 0) {
    applyChanges(state, ABSORB_BATCH);
    if (state.dirtyItems.size > 0) {
      wakeIn(state, 0);
      return;
    }
  }
  // A computation dated ahead of the clock (a read given a later `now`) is no reason to wait.
  if (age < 0 || age >= BACKGROUND_COMPUTE_MS) compute(state, now);
  else wakeIn(state, BACKGROUND_COMPUTE_MS - age);
}

// --- Reading ---

function readReference(state: State) {
  const db = getDb();
  state.calendar = getWorkingCalendar();
  const departments = db.all<{ value: string; name: string; people: number; hours: number | null }>(
    sql`SELECT value, name, capacity_people AS people, capacity_hours AS hours FROM departments`,
  );
  state.departments = departments.map((d) => ({ value: d.value, name: d.name, people: d.people, hoursPerPerson: d.hours }));
  state.names = new Map(departments.map((d) => [d.value, d.name]));
  const categories = db.all<{ name: string; seq: string | null }>(sql`SELECT name, department_sequence AS seq FROM categories`);
  state.sequences = new Map(categories.map((c) => [c.name.toLowerCase(), parseList(c.seq)]));
  state.routes.clear();
}

const parseList = (json: string | null): string[] => {
  try {
    const v = JSON.parse(json ?? "[]");
    return Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];
  } catch {
    return [];
  }
};

const PROJECT_COLUMNS = sql`p.id AS id, p.priority AS priority, ${projectDueSql("p")} AS dueAt`;
// When it reached its department: the latest stop elsewhere (the one that brought it here), its creation before any;
// a Pause keeps its place in the queue. Its sittings in its department are read only when its latest stop was a Pause
// there (the rest have none).
const ITEM_COLUMNS = sql`i.id AS id, i.project_id AS projectId, i.category AS category,
  coalesce(i.department, ${DEFAULT_ITEM_DEPARTMENT}) AS department, i.is_timer_active AS running, i.current_session_start AS since,
  i.created_at AS createdAt, (SELECT l.timestamp FROM timer_logs l WHERE l.item_id = i.id AND l.action = 'stop'
    AND l.department <> coalesce(i.department, ${DEFAULT_ITEM_DEPARTMENT}) ORDER BY l.timestamp DESC LIMIT 1) AS arrived,
  CASE WHEN (SELECT l.department = coalesce(i.department, ${DEFAULT_ITEM_DEPARTMENT}) AND l.finished = 0 FROM timer_logs l
    WHERE l.item_id = i.id AND l.action = 'stop' ORDER BY l.timestamp DESC, l.id DESC LIMIT 1)
  THEN (SELECT json_group_array(json_array(l.timestamp, l.session_duration_seconds, l.finished)) FROM timer_logs l WHERE l.item_id = i.id
    AND l.action = 'stop' AND l.department = coalesce(i.department, ${DEFAULT_ITEM_DEPARTMENT}) AND l.session_duration_seconds IS NOT NULL) END AS doneLogs`;

function routeOf(state: State, category: string, department: string): string[] {
  const key = `${category.toLowerCase()}\u0000${department}`;
  let route = state.routes.get(key);
  if (!route) {
    route = remainingDepartments(state.sequences.get(category.toLowerCase()), department);
    state.routes.set(key, route);
  }
  return route;
}

function toItem(state: State, r: ItemRow, project: ProjectRow): ForecastItem {
  return {
    id: r.id,
    projectId: r.projectId,
    category: r.category,
    route: routeOf(state, r.category, r.department),
    runningSince: r.running ? r.since : null,
    rush: project.priority === "rush",
    dueAt: project.dueAt,
    arrivedAt: r.arrived ?? r.createdAt,
    doneSeconds: doneSeconds(state, r.doneLogs),
  };
}

/**
 * The hands-on of an item's sittings so far in the department it is in (paused there, or brought back by Undo);
 * a reopened item starts a new visit (its sittings before it finished are a visit done).
 */
function doneSeconds(state: State, json: string | null): number {
  if (!json || json === "[]") return 0;
  let sum = 0;
  const measure = sessionMeasure(state);
  const sittings = (JSON.parse(json) as [number, number, number][]).sort((a, b) => a[0] - b[0]);
  for (const [at, seconds, finished] of sittings) sum = finished === 1 ? 0 : sum + measure(at, seconds);
  return sum;
}

function addItem(state: State, item: ForecastItem) {
  state.items.append(item);
  let set = state.itemsOf.get(item.projectId);
  if (!set) state.itemsOf.set(item.projectId, (set = new Set()));
  set.add(item.id);
}

/**
 * An item read again: it keeps its place in the list unless its arrival changed (a stop moved it on: it goes last).
 * The list stays in arrival order, so the engine has no sort to do (domain/forecast.ts).
 */
function upsertItem(state: State, item: ForecastItem) {
  const old = state.items.get(item.id);
  if (old && old.arrivedAt === item.arrivedAt && old.projectId === item.projectId) state.items.replace(item);
  else {
    removeItem(state, item.id);
    addItem(state, item);
  }
}

function removeItem(state: State, id: number) {
  const item = state.items.get(id);
  if (!item) return;
  state.items.delete(id);
  const set = state.itemsOf.get(item.projectId);
  set?.delete(id);
  if (set && set.size === 0) state.itemsOf.delete(item.projectId);
}

/** Everything, from scratch: six statements whatever the size of the shop. */
function loadAll(state: State) {
  const db = getDb();
  readReference(state);
  state.projects = new Map(db.all<ProjectRow>(sql`SELECT ${PROJECT_COLUMNS} FROM projects p WHERE p.status = 'active'`).map((p) => [p.id, p]));
  state.items = new ItemList();
  state.itemsOf = new Map();
  const rows = db.all<ItemRow>(sql`SELECT ${ITEM_COLUMNS} FROM projects p CROSS JOIN items i ON i.project_id = p.id WHERE ${IN_PROGRESS}`);
  const arrival = (r: ItemRow) => r.arrived ?? r.createdAt;
  rows.sort((a, b) => arrival(a) - arrival(b) || a.id - b.id);
  for (const r of rows) {
    const project = state.projects.get(r.projectId);
    if (project) addItem(state, toItem(state, r, project));
  }
  loadStats(state);
  state.loaded = true;
  state.reloadAll = false;
  state.reloadReference = false;
  state.dirtyItems.clear();
  state.dirtyProjects.clear();
}

const lastLogId = (db: DB) => db.all<{ id: number | null }>(sql`SELECT max(id) AS id FROM timer_logs`)[0]?.id ?? 0;

/** A session's hands-on in the shop's working time (domain/forecast.ts sessionHandsOn), the calendar looked up once. */
function sessionMeasure(state: State): (stoppedAt: number, seconds: number) => number {
  const wt = hasWorkingTime(state.calendar) ? workingTime(state.calendar) : null;
  return (stoppedAt, seconds) => sessionHandsOn(wt, stoppedAt, seconds);
}

/**
 * A stop in one department: [stopped at, seconds logged, the item's category, item id, finished (0/1), the item has
 * left the department (0/1), the stop's id].
 */
type StopTuple = [number, number, string, number, number, number, number];
/** A visit: [its last stop's time, hands-on in working time, category, item, its first stop's id (what tells it apart), its last stop's id, closed by the item leaving (not by finishing)]. */
type Visit = [number, number, string, number, number, number, boolean];

/**
 * The visits in one department's stops: per item, its sittings up to a finishing stop are a visit; those after its
 * last finishing stop are a visit only when the item has left the department, else it is still at it (paused there)
 * and they do not count yet. Oldest first. Sorts `stops` in place.
 */
function visitsIn(state: State, stops: StopTuple[]): Visit[] {
  stops.sort((a, b) => a[3] - b[3] || a[0] - b[0] || a[6] - b[6]);
  const measure = sessionMeasure(state);
  const out: Visit[] = [];
  for (let k = 0; k < stops.length; ) {
    const item = stops[k]![3];
    let sum = 0;
    let first = -1;
    for (; k < stops.length && stops[k]![3] === item; k++) {
      const [at, seconds, category, , finished, left, id] = stops[k]!;
      sum += measure(at, seconds);
      if (first < 0) first = id;
      const lastOfItem = k + 1 === stops.length || stops[k + 1]![3] !== item;
      if (finished === 1 || (left === 1 && lastOfItem)) {
        out.push([at, sum, category, item, first, id, finished !== 1]);
        sum = 0;
        first = -1;
      }
    }
  }
  return out.sort((a, b) => a[0] - b[0] || a[5] - b[5]);
}

/** Each department's latest visits, from its latest sessions (the stops index read backwards) with their items' categories. One statement. */
function loadStats(state: State) {
  const db = getDb();
  const last = lastLogId(db);
  const rows = db.all<{ department: string; sessions: string | null }>(sql`
    ${loggedDepartments("stop")}
    SELECT d.v AS department, (
      SELECT json_group_array(json_array(x.ts, x.s, i.category, x.item, x.f,
        coalesce(i.department, ${DEFAULT_ITEM_DEPARTMENT}) <> d.v OR i.finished_at IS NOT NULL, x.id)) FROM (
        SELECT l.id AS id, l.item_id AS item, l.timestamp AS ts, l.session_duration_seconds AS s, l.finished AS f FROM timer_logs l
        WHERE l.action = 'stop' AND l.department = d.v AND l.id <= ${last} AND l.session_duration_seconds IS NOT NULL
        ORDER BY l.timestamp DESC LIMIT ${STATS_WINDOW}
      ) x JOIN items i ON i.id = x.item
    ) AS sessions
    FROM depts d WHERE d.v IS NOT NULL`);
  const stats = new HandsOnStats();
  for (const r of rows) {
    const visits = visitsIn(state, JSON.parse(r.sessions ?? "[]") as StopTuple[]);
    stats.load(
      r.department,
      null,
      visits.map((v) => v[1]),
      visits.map((v) => v[4]),
    );
    const byCategory = new Map<string, Visit[]>();
    for (const v of visits) {
      const key = v[2].toLowerCase();
      let list = byCategory.get(key);
      if (!list) byCategory.set(key, (list = []));
      list.push(v);
    }
    for (const [category, list] of byCategory)
      stats.load(
        r.department,
        category,
        list.map((v) => v[1]),
        list.map((v) => v[4]),
      );
  }
  state.stats = stats;
  state.lastLogId = last;
}

/**
 * The visits that ended since the last look: every visit a new stop closed (a finishing stop, or the last one
 * before its item left the department), and the visit of an item moved by hand out of a department it was paused
 * in (`moved`: no stop says so). A visit is told apart by its first stop: measured again (its item came back by
 * Undo and left later), it replaces its earlier figure. Two statements, whatever the number of stops.
 */
function recordVisits(state: State, moved: readonly { item: number; department: string }[]) {
  const db = getDb();
  const since = state.lastLogId;
  const stops = db.all<{ id: number; item: number; department: string; left: number }>(sql`
    SELECT l.id AS id, l.item_id AS item, coalesce(l.department, ${DEFAULT_ITEM_DEPARTMENT}) AS department,
      coalesce(i.department, ${DEFAULT_ITEM_DEPARTMENT}) <> coalesce(l.department, ${DEFAULT_ITEM_DEPARTMENT}) OR i.finished_at IS NOT NULL AS "left"
    FROM timer_logs l JOIN items i ON i.id = l.item_id WHERE l.id > ${since} AND l.action = 'stop' ORDER BY l.id`);
  if (stops.length > 0) state.lastLogId = stops[stops.length - 1]!.id;
  // Each item and department touched, and whether the item has left it.
  const left = new Map<string, number>();
  for (const s of stops) left.set(`${s.item} ${s.department}`, s.left);
  const movedKeys = new Set(moved.map((m) => `${m.item} ${m.department}`));
  for (const key of movedKeys) left.set(key, 1);
  if (left.size === 0) return;
  const items = JSON.stringify([...new Set([...stops.map((s) => s.item), ...moved.map((m) => m.item)])]);
  const byDepartment = new Map<string, StopTuple[]>();
  for (const l of db.all<{ id: number; item: number; department: string; ts: number; s: number; f: number; category: string }>(sql`
    SELECT l.id AS id, l.item_id AS item, coalesce(l.department, ${DEFAULT_ITEM_DEPARTMENT}) AS department, l.timestamp AS ts,
      l.session_duration_seconds AS s, l.finished AS f, i.category AS category
    FROM timer_logs l JOIN items i ON i.id = l.item_id
    WHERE l.item_id IN (SELECT value FROM json_each(${items})) AND l.action = 'stop' AND l.session_duration_seconds IS NOT NULL`)) {
    const key = `${l.item} ${l.department}`;
    const gone = left.get(key);
    if (gone === undefined) continue;
    let list = byDepartment.get(l.department);
    if (!list) byDepartment.set(l.department, (list = []));
    list.push([l.ts, l.s, l.category, l.item, l.f, gone, l.id]);
  }
  const ended: [Visit, string][] = [];
  for (const [department, list] of byDepartment) {
    for (const v of visitsIn(state, list)) {
      if (v[5] > since || (v[6] && movedKeys.has(`${v[3]} ${department}`))) ended.push([v, department]);
    }
  }
  ended.sort((a, b) => a[0][0] - b[0][0] || a[0][5] - b[0][5]);
  for (const [v, department] of ended) state.stats.record(department, v[2], v[1], v[4]);
}

/**
 * Reads what the notices since the last computation changed: a fixed number of statements. `batch`: at most this
 * many of the changed items (the rest stay to read), for a piece of background work.
 */
function applyChanges(state: State, batch = Number.POSITIVE_INFINITY) {
  if (state.reloadAll) {
    loadAll(state);
    return;
  }
  const db = getDb();
  if (state.reloadReference) {
    readReference(state);
    state.reloadReference = false;
    // Routes are drawn from the sequences again; capacity and the calendar are read by the next computation.
    for (const item of state.items.dense()) {
      const route = routeOf(state, item.category, item.route[0]!);
      if (route !== item.route) state.items.replace({ ...item, route });
    }
  }

  const projectIds = [...state.dirtyProjects];
  state.dirtyProjects.clear();
  const itemIds: number[] = [];
  for (const id of state.dirtyItems) {
    if (itemIds.length >= batch) break;
    itemIds.push(id);
  }
  if (itemIds.length === state.dirtyItems.size) state.dirtyItems.clear();
  else for (const id of itemIds) state.dirtyItems.delete(id);
  // Every item these changes may concern; those not read back as open are gone from the forecast.
  const maybeGone = new Set(itemIds);
  const readBack = new Set<number>();
  // Items moved by hand out of a department they were paused in: that visit ended without a stop to say so.
  const moved: { item: number; department: string }[] = [];
  const take = (r: ItemRow) => {
    const project = state.projects.get(r.projectId);
    if (!project) return;
    readBack.add(r.id);
    const old = state.items.get(r.id);
    if (old && old.route[0] !== r.department && (old.doneSeconds ?? 0) > 0) moved.push({ item: r.id, department: old.route[0]! });
    upsertItem(state, toItem(state, r, project));
  };
  if (projectIds.length > 0) {
    for (const id of projectIds) {
      state.projects.delete(id);
      for (const itemId of state.itemsOf.get(id) ?? []) maybeGone.add(itemId);
    }
    const list = JSON.stringify(projectIds);
    for (const p of db.all<ProjectRow>(
      sql`SELECT ${PROJECT_COLUMNS} FROM projects p WHERE p.status = 'active' AND p.id IN (SELECT value FROM json_each(${list}))`,
    ))
      state.projects.set(p.id, p);
    db.all<ItemRow>(
      sql`SELECT ${ITEM_COLUMNS} FROM projects p CROSS JOIN items i ON i.project_id = p.id WHERE p.id IN (SELECT value FROM json_each(${list})) AND ${IN_PROGRESS} ORDER BY i.id`,
    ).forEach(take);
  }
  if (itemIds.length > 0) {
    const list = JSON.stringify(itemIds);
    db.all<ItemRow>(
      sql`SELECT ${ITEM_COLUMNS} FROM items i CROSS JOIN projects p ON p.id = i.project_id WHERE i.id IN (SELECT value FROM json_each(${list})) AND ${IN_PROGRESS} ORDER BY i.id`,
    ).forEach(take);
  }
  for (const id of maybeGone) if (!readBack.has(id)) removeItem(state, id);
  // The visits that ended since the last look (a stop's row, whatever brought it: a scan, a replayed offline scan).
  recordVisits(state, moved);
}

// --- Computing ---

/**
 * The estimates of one computation: each as it was when the simulation first asked (once per category and
 * department), so a view worked out later from the same computation gets the same figures after newer visits.
 */
function heldEstimator(stats: HandsOnStats): HandsOnEstimator {
  const live = stats.estimator();
  const held = new Map<string, number>();
  return (category, department) => {
    const key = HandsOnStats.key(department, category);
    let seconds = held.get(key);
    if (seconds === undefined) held.set(key, (seconds = live(category, department)));
    return seconds;
  };
}

function compute(state: State, now: number) {
  const started = clock();
  const items = state.items.dense();
  const handsOn = heldEstimator(state.stats);
  const next = forecast({ now, calendar: state.calendar, departments: state.departments, items, handsOn }, { recycle: state.spare });
  state.spare = state.current;
  state.current = next;
  state.computedItems = items;
  state.computedHandsOn = handsOn;
  const wt = hasWorkingTime(state.calendar) ? workingTime(state.calendar) : null;
  const outlooks = new Map<number, ProjectOutlook>();
  for (const p of next.projects()) {
    const standing: DueStanding = wt
      ? dueStanding(wt, p.finishAt, p.dueAt)
      : { finishDate: null, dueDate: null, relation: null, workingDays: 0, atRisk: false };
    outlooks.set(p.projectId, {
      ...standing,
      projectId: p.projectId,
      finishAt: p.finishAt,
      dueAt: p.dueAt,
      reason: p.reason,
      heldUpBy: p.heldUpBy,
      heldUpName: p.heldUpBy === null ? null : departmentName(state, p.heldUpBy),
      heldUpSeconds: p.heldUpSeconds,
      openItems: p.openItems,
    });
  }
  // The project.at_risk webhook: projects that were not at risk in the previous computation. The first one after
  // a start only sets the baseline (decision 0042), so a restart does not report every late project again.
  if (state.computedAt > 0) {
    const risen = [...outlooks.values()].filter((o) => o.atRisk && !state.outlooks.get(o.projectId)?.atRisk);
    if (risen.length > 0) enqueueAtRisk(risen);
  }
  state.outlooks = outlooks;
  state.computedAt = now;
  state.computeMs = clock() - started;
  state.generation++;
  state.changed = false;
  state.urgent = false;
  state.preview = null;
}

const departmentName = (state: State, value: string) => state.names.get(value) || departmentLabel(value);

function refresh(state: State, now: number) {
  if (!state.loaded) loadAll(state);
  else applyChanges(state);
  compute(state, now);
}

/** The state, brought up to date: loaded on first use, computed again after changes (see reuseMs) or after a minute. */
function fresh(now = Date.now()): State {
  const state = stateOf(getDb());
  state.watchedAt = now;
  const age = now - state.computedAt;
  const stale = !state.loaded || !state.current || age < 0 || age >= MAX_AGE_MS || (state.changed && (state.urgent || age >= reuseMs(state.computeMs)));
  if (stale) refresh(state, now);
  return state;
}

// --- What the screens and the API read ---

/** The forecast of a project, or null when it has nothing left to do (no open item, or it is completed). */
export function projectOutlook(projectId: number, now?: number): ProjectOutlook | null {
  return fresh(now).outlooks.get(projectId) ?? null;
}

/** Forecasts of several projects at once (a page of a list). */
export function projectOutlooks(projectIds: readonly number[], now?: number): Map<number, ProjectOutlook> {
  const outlooks = fresh(now).outlooks;
  const out = new Map<number, ProjectOutlook>();
  for (const id of projectIds) {
    const o = outlooks.get(id);
    if (o) out.set(id, o);
  }
  return out;
}

/** The open projects expected to finish after their due date, the latest first (by working days, then by finish). */
export function atRiskProjects(limit = 10, now?: number): { total: number; projects: (ProjectOutlook & { name: string; priority: string })[] } {
  const state = fresh(now);
  if (state.risky?.generation !== state.generation) {
    const list = [...state.outlooks.values()]
      .filter((o) => o.atRisk)
      .sort((a, b) => b.workingDays - a.workingDays || (b.finishAt ?? 0) - (a.finishAt ?? 0) || a.projectId - b.projectId);
    state.risky = { generation: state.generation, list };
  }
  const risky = state.risky.list;
  const shown = risky.slice(0, limit);
  const names = projectNames(shown.map((o) => o.projectId));
  return {
    total: risky.length,
    projects: shown.map((o) => ({
      ...o,
      name: names.get(o.projectId)?.name ?? `Project ${o.projectId}`,
      priority: names.get(o.projectId)?.priority ?? "medium",
    })),
  };
}

function projectNames(ids: number[]): Map<number, { name: string; priority: string }> {
  if (ids.length === 0) return new Map();
  const rows = getDb().all<{ id: number; name: string; priority: string }>(
    sql`SELECT id, name, priority FROM projects WHERE id IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`,
  );
  return new Map(rows.map((r) => [r.id, r]));
}

/** Open projects by expected finish, earliest first and unknown finishes last ("asc"), or the other way round ("desc"). */
export function projectIdsByExpectedFinish(dir: "asc" | "desc" = "asc", now?: number): number[] {
  const sign = dir === "asc" ? 1 : -1;
  return [...fresh(now).outlooks.values()]
    .sort((a, b) => sign * ((a.finishAt ?? Number.POSITIVE_INFINITY) - (b.finishAt ?? Number.POSITIVE_INFINITY)) || a.projectId - b.projectId)
    .map((o) => o.projectId);
}

export type ItemOutlook = Omit<ItemForecast, "steps"> & { steps: (ItemForecast["steps"][number] & { name: string })[] };

/** Each open item of the project, with its remaining steps (department names included). */
export function itemOutlooks(projectId: number, now?: number): ItemOutlook[] {
  const state = fresh(now);
  const out: ItemOutlook[] = [];
  for (const id of state.current?.itemIdsOf(projectId) ?? []) {
    const f = state.current?.item(id);
    if (f) out.push({ ...f, steps: f.steps.map((s) => ({ ...s, name: departmentName(state, s.department) })) });
  }
  return out.sort((a, b) => (a.finishAt ?? Number.POSITIVE_INFINITY) - (b.finishAt ?? Number.POSITIVE_INFINITY) || a.id - b.id);
}

export type Slipped = {
  projectId: number;
  name: string;
  before: number;
  after: number;
  slipSeconds: number;
  beforeStanding: DueStanding;
  afterStanding: DueStanding;
};
export type RushPreview = { outlook: ProjectOutlook | null; before: ProjectOutlook | null; slipped: Slipped[]; slippedTotal: number };

/** Slipped projects a preview lists by name; the rest are counted. */
export const SLIPPED_LISTED = 20;

/**
 * 'Preview as rush': the forecast again with this project's items rush, compared with the forecast as it is. Nothing
 * is written; the answer is kept until the next change.
 */
export function previewRush(projectId: number, now?: number): RushPreview {
  const state = fresh(now);
  const key = `${state.generation}:${projectId}`;
  if (state.preview?.key === key) return state.preview.value;
  const base = state.current!;
  const items = state.computedItems.map((i) => (i.projectId === projectId && !i.rush ? { ...i, rush: true } : i));
  const preview = forecast({ now: state.computedAt, calendar: state.calendar, departments: state.departments, items, handsOn: state.computedHandsOn });
  const wt = hasWorkingTime(state.calendar) ? workingTime(state.calendar) : null;
  const p = preview.project(projectId);
  const before = state.outlooks.get(projectId) ?? null;
  const outlook: ProjectOutlook | null =
    p && before
      ? {
          ...before,
          ...(wt ? dueStanding(wt, p.finishAt, p.dueAt) : {}),
          finishAt: p.finishAt,
          reason: p.reason,
          heldUpBy: p.heldUpBy,
          heldUpName: p.heldUpBy === null ? null : departmentName(state, p.heldUpBy),
          heldUpSeconds: p.heldUpSeconds,
        }
      : null;
  const slips = slippedProjects(base, preview, projectId);
  const listed = slips.slice(0, SLIPPED_LISTED);
  const names = projectNames(listed.map((s) => s.projectId));
  const none: DueStanding = { finishDate: null, dueDate: null, relation: null, workingDays: 0, atRisk: false };
  const value: RushPreview = {
    outlook,
    before,
    slipped: listed.map((s) => {
      const due = state.outlooks.get(s.projectId)?.dueAt ?? null;
      return {
        projectId: s.projectId,
        name: names.get(s.projectId)?.name ?? `Project ${s.projectId}`,
        before: s.before!,
        after: s.after!,
        slipSeconds: s.slipSeconds,
        beforeStanding: wt ? dueStanding(wt, s.before, due) : none,
        afterStanding: wt ? dueStanding(wt, s.after, due) : none,
      };
    }),
    slippedTotal: slips.length,
  };
  state.preview = { key, value };
  return value;
}

/** Where an estimate of hands-on time comes from: the category's sessions, the department's, or the 1-hour default. */
export function handsOnBasis(category: string, department: string, now?: number) {
  return fresh(now).stats.basis(category, department);
}

/** How the last computation went: for the benchmark and the API. */
export function forecastStatus(now?: number): { computedAt: number; computeMs: number; openItems: number; openProjects: number; generation: number } {
  const state = fresh(now);
  return {
    computedAt: state.computedAt,
    computeMs: state.computeMs,
    openItems: state.items.size,
    openProjects: state.outlooks.size,
    generation: state.generation,
  };
}

/**
 * The inputs of the current forecast, for a view worked out from them (the schedule: models/booked-schedule.server.ts).
 * `generation` changes with every computation, so a caller can keep what it derived until it does.
 */
export function forecastSnapshot(now?: number): {
  generation: number;
  computedAt: number;
  calendar: WorkingCalendar;
  departments: readonly ForecastDepartment[];
  /** The open items (a new array: read it only when the generation moved). */
  items: () => ForecastItem[];
  handsOn: (category: string, department: string) => number;
} {
  const state = fresh(now);
  return {
    generation: state.generation,
    computedAt: state.computedAt,
    calendar: state.calendar,
    departments: state.departments,
    items: () => state.computedItems.slice(),
    handsOn: state.computedHandsOn,
  };
}

/**
 * Where the background work stands, without bringing the forecast up to date: the computation shown, and the changed
 * items not read yet, and when the next piece of work is due (for tests).
 */
export function forecastBacklog(): { generation: number; computedAt: number; pendingItems: number; wakeAt: number | null } {
  const state = stateOf(getDb());
  return { generation: state.generation, computedAt: state.computedAt, pendingItems: state.dirtyItems.size, wakeAt: state.wake ? state.wakeAt : null };
}

/** Drops what is kept for the current database (tests that change rows behind the models' back). */
export function forgetForecast() {
  states().get(getDb())?.wake?.cancel();
  states().delete(getDb());
}
