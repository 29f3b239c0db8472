import { departmentLabel } from "~/domain/format";
import { itemSequence, nextDepartment } from "~/domain/rules";
import { dateOfEpochDay, DEFAULT_DAY_HOURS, hasWorkingTime, workingTime, type WorkingCalendar, type WorkingTime } from "~/domain/working-calendar";

/**
 * When each open item and project is expected to finish (docs/decisions/0038-finish-date-forecast.md). Pure and
 * browser-safe: the model (models/project-forecast.server.ts) and the backtest feed it; nothing here reads a database.
 *
 * API:
 *   forecast(input, { recycle? }) → Forecast (recycle: a forecast the caller will not read again, whose memory the
 *                        run reuses; a model recomputing after every change alternates two)
 *     input.now          the instant forecast from (epoch ms)
 *     input.calendar     the shop's working calendar (domain/working-calendar.ts)
 *     input.departments  [{ value, name, people, hoursPerPerson }]: people × hours a day is the department's
 *                        capacity; hoursPerPerson null = the shop's hours a day; 0 people (or 0 hours) = no work
 *     input.items        the open items: [{ id, projectId, category, route, runningSince, rush, dueAt, arrivedAt }]
 *                        route = remainingDepartments(sequence, current department): the current one first
 *     input.handsOn      (category, department) → expected hands-on seconds (HandsOnStats.estimator())
 *   Forecast.project(id) / .projects() → ProjectForecast: finishAt (epoch ms) or null with `blockedBy` (the
 *                        department without capacity) and `reason` ('Installation has no capacity set'), the
 *                        department that holds it up (`heldUpBy`, its wait in working seconds), the last item
 *   Forecast.item(id) → ItemForecast, with each remaining step's start, finish, wait and hands-on
 *   HandsOnStats: the last 50 visits per (department, category) and per department (a visit: one item's
 *                        sittings in a department, added up); estimate() is their mean without the extreme 5% at
 *                        each end (typicalHandsOn): the category's, else the department's, else 1 hour
 *   compareQueue(a, b): the order a department works in (rush, then due date, then arrival, then id)
 *   remainingDepartments(sequence, current): the departments an item still goes through
 *   slippedProjects(base, preview): the projects a what-if moves later
 *   dueStanding(workingTime, finishAt, dueAt): the finish's date against the due date, in working days
 *
 * The model: each department is `people` workers, each doing `hoursPerPerson` of work in a working day of
 * `calendar.dayHours`. Time runs in working seconds from `now`. Items already in a department wait in queue order;
 * a free worker takes the first; a running item holds a worker until its expected hands-on less what it has already
 * run in this visit, its paused sittings included (at least a quarter of the estimate: a visit past its typical
 * length is not done yet); a paused item waits with the rest of its visit to do. An item reaches its
 * next department when it finishes the previous one, and joins that queue in order then, so downstream queues see
 * it arrive when it really would. With one worker this is exactly "the work queued ahead divided by the capacity":
 * with more, the queue is shared among them. Every step of every item is one event: 200,000 items take a fraction
 * of a second.
 */

export type ForecastDepartment = {
  value: string;
  name: string;
  /** Workers at once; 0 = the department does no work (its items' finish is unknown). */
  people: number;
  /** Hours each works in a day; null = the shop's hours a day. */
  hoursPerPerson: number | null;
};

export type ForecastItem = {
  id: number;
  projectId: number;
  category: string;
  /** The departments it still goes through, the one it is in first (remainingDepartments()). */
  route: readonly string[];
  /** When its running session started; null when its timer is not running. */
  runningSince: number | null;
  rush: boolean;
  /** Its project's due date (an instant on that day), null when it has none. */
  dueAt: number | null;
  /** When it reached the department it is in. */
  arrivedAt: number;
  /**
   * Hands-on already logged in the department it is in (its sittings there ended by Pause), in the same measure as
   * the estimates (sessionHandsOn): it counts against the estimate as a running session's time does. Default 0.
   */
  doneSeconds?: number;
};

/** Expected hands-on seconds of one item of `category` in `department`: one visit, all its sittings there. */
export type HandsOnEstimator = (category: string, department: string) => number;

export type ForecastInput = {
  now: number;
  calendar: WorkingCalendar;
  departments: readonly ForecastDepartment[];
  items: readonly ForecastItem[];
  handsOn: HandsOnEstimator;
};

export type StepForecast = {
  department: string;
  /** When work on it starts (or started, for a running item) and ends; null past a department without capacity. */
  startAt: number | null;
  finishAt: number | null;
  /** Working seconds it waits in the queue, and the hands-on it is expected to take (the rest, when running). */
  waitSeconds: number;
  handsOnSeconds: number;
};

export type ItemForecast = {
  id: number;
  projectId: number;
  finishAt: number | null;
  /** The department without capacity that it cannot pass, when finishAt is null. */
  blockedBy: string | null;
  /** The department where it waits longest (where it works longest when it waits nowhere). */
  heldUpBy: string | null;
  steps: StepForecast[];
};

export type ProjectForecast = {
  projectId: number;
  /** When its last open item is expected to finish; null when one of them cannot (see `reason`). */
  finishAt: number | null;
  blockedBy: string | null;
  /** Why the finish is unknown ('Installation has no capacity set'); null when it is known. */
  reason: string | null;
  /** The department that holds up its last item (its longest wait), and that wait in working seconds. */
  heldUpBy: string | null;
  heldUpSeconds: number;
  /** The item that finishes last (or the one that cannot finish). */
  lastItemId: number | null;
  dueAt: number | null;
  openItems: number;
};

/**
 * A timed session's hands-on, in the shop's working time: a timer left running overnight or over a weekend counts
 * the working hours it spanned, not the night (docs/decisions/0039-forecast-backtest.md: logged lengths made the
 * forecast late). A session wholly outside working hours (a Saturday job) keeps its logged length; without working
 * time (`wt` null) every session does.
 */
export function sessionHandsOn(wt: WorkingTime | null, stoppedAt: number, seconds: number): number {
  if (!wt || !(seconds > 0)) return seconds;
  const worked = wt.between(stoppedAt - seconds * 1000, stoppedAt);
  return worked > 0 ? Math.min(seconds, worked) : seconds;
}

/** An item's hands-on when no visit to its department was ever timed. */
export const DEFAULT_HANDS_ON_SECONDS = 3600;
/** How many of the latest visits an estimate is taken over. */
export const HANDS_ON_SESSIONS = 50;
/** The share of those visits, at each end, that the estimate leaves out (a forgotten timer, a mis-scan). */
export const HANDS_ON_TRIM = 0.05;
/** A running session expects at least this share of its estimate still to come. */
export const MIN_REMAINING_SHARE = 0.25;

/**
 * What is left of a visit estimated at `estimate` seconds when `done` seconds of it were already worked (its paused
 * sittings, its running session): at least a quarter of the estimate, since a visit past its typical length is not
 * done yet.
 */
export function visitLeft(estimate: number, done: number): number {
  return done > 0 ? Math.max(estimate - done, estimate * MIN_REMAINING_SHARE) : estimate;
}

/**
 * The hands-on an item has already done in the department it is in: its paused sittings there and its running
 * session, measured as a stopped one would be (sessionHandsOn: the working time inside it).
 */
export function visitDone(item: Pick<ForecastItem, "doneSeconds" | "runningSince">, wt: WorkingTime | null, now: number): number {
  const running = item.runningSince === null ? 0 : sessionHandsOn(wt, now, Math.max(0, (now - item.runningSince) / 1000));
  return Math.max(0, item.doneSeconds ?? 0) + running;
}

export const noCapacityReason = (departmentName: string) => `${departmentName} has no capacity set`;
export const NO_WORKING_TIME_REASON = "The shop's calendar has no working days set";

/** The departments an item still goes through, the one it is in first (the timer's rules, domain/rules.ts). */
export function remainingDepartments(categorySequence: readonly string[] | null | undefined, current: string): string[] {
  const sequence = itemSequence(categorySequence);
  const out = [current];
  let at = current;
  // nextDepartment walks on from an unknown department to the sequence's first; a sequence naming a department
  // twice would loop: an item never passes more departments than its sequence has.
  for (let guard = 0; guard <= sequence.length; guard++) {
    const next = nextDepartment(sequence, at);
    if (next.kind !== "next") break;
    out.push(next.department);
    at = next.department;
  }
  return out;
}

export type QueueKey = { id: number; rush: boolean; dueAt: number | null; arrivedAt: number };

/** The order a department takes its waiting items in: rush first, then the earliest due date (none last), then the first to arrive. */
export function compareQueue(a: QueueKey, b: QueueKey): number {
  if (a.rush !== b.rush) return a.rush ? -1 : 1;
  const da = a.dueAt ?? Number.POSITIVE_INFINITY;
  const db = b.dueAt ?? Number.POSITIVE_INFINITY;
  if (da !== db) return da < db ? -1 : 1;
  if (a.arrivedAt !== b.arrivedAt) return a.arrivedAt < b.arrivedAt ? -1 : 1;
  return a.id - b.id;
}

/**
 * The estimate of a visit's hands-on from the visits measured: their mean without the shortest and the longest
 * HANDS_ON_TRIM of them (at least one at each end from three visits on). A department's queue is worked off at the
 * mean, not the median: hands-on times are skewed (a few long jobs), so a median promised work too early
 * (docs/decisions/0038-finish-date-forecast.md).
 */
export function typicalHandsOn(values: ArrayLike<number>): number | null {
  const n = values.length;
  if (n === 0) return null;
  const sorted = Array.from(values).sort((a, b) => a - b);
  // From three visits on, at least the single shortest and longest are left out: a category's first few visits
  // are the ones a forgotten timer would move most.
  const cut = n >= 3 ? Math.max(1, Math.floor(n * HANDS_ON_TRIM)) : 0;
  let sum = 0;
  for (let k = cut; k < n - cut; k++) sum += sorted[k]!;
  return sum / (n - 2 * cut);
}

export function median(values: ArrayLike<number>): number | null {
  const n = values.length;
  if (n === 0) return null;
  const sorted = Array.from(values).sort((a, b) => a - b);
  const mid = n >> 1;
  return n % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** A list of visits' hands-on seconds, oldest first, and beside each what tells the visit apart (or null). */
type VisitList = { seconds: number[]; visits: (number | null)[] };

/**
 * The measured hands-on times: the last HANDS_ON_SESSIONS visits of each category in each department and of each
 * department. A visit is all of one item's sittings in a department (sessions ended by Pause add up; the visit ends
 * when the item moves on or finishes). Feed it visits oldest first (record), or a pair's latest at once (load).
 */
export class HandsOnStats {
  private readonly pairs = new Map<string, VisitList>();
  private readonly departments = new Map<string, VisitList>();
  private readonly estimates = new Map<string, number | null>();

  /** A category's key in a department (the category's case does not matter). */
  static key = (department: string, category: string) => `${department}\u0000${category.toLowerCase()}`;

  private push(map: Map<string, VisitList>, key: string, seconds: number, visit: number | null) {
    let list = map.get(key);
    if (!list) map.set(key, (list = { seconds: [], visits: [] }));
    // The same visit measured again (its item came back by Undo and moved on later): the new figure replaces it.
    const at = visit === null ? -1 : list.visits.indexOf(visit);
    if (at >= 0) {
      list.seconds.splice(at, 1);
      list.visits.splice(at, 1);
    }
    list.seconds.push(seconds);
    list.visits.push(visit);
    if (list.seconds.length > HANDS_ON_SESSIONS) {
      list.seconds.shift();
      list.visits.shift();
    }
    this.estimates.delete(map === this.pairs ? `p${key}` : `d${key}`);
  }

  /**
   * One finished visit (the newest so far): its hands-on seconds, and what tells it apart (its first stop's id), so
   * that the same visit recorded again replaces its earlier figure instead of counting twice.
   */
  record(department: string, category: string, seconds: number, visit: number | null = null) {
    if (!Number.isFinite(seconds) || seconds < 0) return;
    this.push(this.pairs, HandsOnStats.key(department, category), seconds, visit);
    this.push(this.departments, department, seconds, visit);
  }

  /** A pair's (or, with category null, a department's) latest visits, oldest first, replacing what it had. */
  load(department: string, category: string | null, seconds: readonly number[], visits: readonly (number | null)[] = []) {
    const list: VisitList = { seconds: [], visits: [] };
    seconds.forEach((x, k) => {
      if (!Number.isFinite(x) || x < 0) return;
      list.seconds.push(x);
      list.visits.push(visits[k] ?? null);
    });
    list.seconds.splice(0, Math.max(0, list.seconds.length - HANDS_ON_SESSIONS));
    list.visits.splice(0, Math.max(0, list.visits.length - HANDS_ON_SESSIONS));
    if (category === null) {
      this.departments.set(department, list);
      this.estimates.delete(`d${department}`);
    } else {
      const key = HandsOnStats.key(department, category);
      this.pairs.set(key, list);
      this.estimates.delete(`p${key}`);
    }
  }

  private cachedEstimate(map: Map<string, VisitList>, key: string, tag: string): number | null {
    const k = tag + key;
    if (this.estimates.has(k)) return this.estimates.get(k)!;
    const m = typicalHandsOn(map.get(key)?.seconds ?? []);
    this.estimates.set(k, m);
    return m;
  }

  /** The category's typical visit in the department (typicalHandsOn), else the department's, else one hour. */
  estimate(category: string, department: string): number {
    return (
      this.cachedEstimate(this.pairs, HandsOnStats.key(department, category), "p") ??
      this.cachedEstimate(this.departments, department, "d") ??
      DEFAULT_HANDS_ON_SECONDS
    );
  }

  /** Where the estimate comes from, for a page that explains it. */
  basis(category: string, department: string): { seconds: number; from: "category" | "department" | "default"; visits: number } {
    const pair = this.pairs.get(HandsOnStats.key(department, category))?.seconds.length ?? 0;
    const dept = this.departments.get(department)?.seconds.length ?? 0;
    return { seconds: this.estimate(category, department), from: pair > 0 ? "category" : dept > 0 ? "department" : "default", visits: pair || dept };
  }

  estimator(): HandsOnEstimator {
    return (category, department) => this.estimate(category, department);
  }
}

// --- The simulation ---

/** Queue keys: any due date (epoch ms, until the year 30,000) sorts before NO_DUE, and every rush key before any other. */
const NO_DUE = 9e14;
const RUSH_OFFSET = 1e15;
/** itemBlocked: not blocked, or blocked because the shop has no working time at all. */
const NOT_BLOCKED = -1;
const NO_CALENDAR = -2;

function filledF64(n: number, value: number): Float64Array {
  const a = new Float64Array(n);
  if (value !== 0) a.fill(value);
  return a;
}

/**
 * Scratch arrays kept from one run to the next: a forecast is synchronous and keeps none of them, and a fresh
 * array of 600,000 steps costs more to touch the first time than the run spends using it.
 */
const scratch = {
  i32: [new Int32Array(0), new Int32Array(0), new Int32Array(0), new Int32Array(0), new Int32Array(0), new Int32Array(0)],
  f64: [new Float64Array(0), new Float64Array(0), new Float64Array(0)],
};
function scratchI32(slot: number, n: number): Int32Array {
  if (scratch.i32[slot]!.length < n) scratch.i32[slot] = new Int32Array(Math.ceil(n * 1.25));
  return scratch.i32[slot]!;
}
function scratchF64(slot: number, n: number): Float64Array {
  if (scratch.f64[slot]!.length < n) scratch.f64[slot] = new Float64Array(Math.ceil(n * 1.25));
  return scratch.f64[slot]!;
}

/** `n` elements over a recycled array's memory when it has room, else over new memory with some to spare. */
function reuseF64(old: Float64Array | undefined, n: number): Float64Array {
  const buffer = old && old.buffer.byteLength >= n * 8 ? old.buffer : new ArrayBuffer(Math.ceil(n * 1.1) * 8);
  return new Float64Array(buffer, 0, n);
}
function reuseI32(old: Int32Array | undefined, n: number): Int32Array {
  const buffer = old && old.buffer.byteLength >= n * 4 ? old.buffer : new ArrayBuffer(Math.ceil(n * 1.1) * 4);
  return new Int32Array(buffer, 0, n);
}

/** What the simulation leaves, per step (flattened: item i's steps are [stepOffset[i], stepOffset[i + 1])) and per item. */
type Simulated = {
  deptValues: readonly string[];
  stepOffset: Int32Array;
  stepDept: Int32Array;
  /** When each step ends (its start is the end less its work); valid before the item's itemPlaced step. */
  stepEnd: Float64Array;
  stepWait: Float64Array;
  stepWork: Float64Array;
  /** Workers' speed per department (work seconds per working second). */
  speed: readonly number[];
  /** Each item's project, as an index into projectIds. */
  project: Int32Array;
  projectIds: readonly number[];
  itemEnd: Float64Array;
  /** The first of the item's steps that was not placed (its stepOffset[i + 1] when all were). */
  itemPlaced: Int32Array;
  /** A department index, NOT_BLOCKED or NO_CALENDAR. */
  itemBlocked: Int32Array;
  /** The step that holds the item up, or -1. */
  itemHeld: Int32Array;
  reasons: ReadonlyMap<number, string>;
};

/**
 * One run of the model (see the top of this module), in working seconds after `now`. Everything is in typed arrays
 * indexed by item or by step, so 600,000 steps cost no allocation per step:
 * - queue keys (rush and due date) are numbered once, so a department's queue is one bucket per key, each a linked
 *   list of steps in arrival order, found by index, and a small heap (by key) of its non-empty buckets;
 * - the end of every step in progress is an event; events leave in time order, and ties by item id, so arrivals at
 *   one instant join a bucket in id order, which is the queue's last tie-break.
 */
class Simulation {
  readonly n: number;
  // Departments.
  readonly deptIndex = new Map<string, number>();
  readonly deptValues: string[] = [];
  readonly names: string[] = [];
  servers: number[] = [];
  speed: number[] = [];
  // Items: their id, queue rank, project (a dense index), running start (NaN when not running) and arrival.
  readonly ids: Float64Array;
  readonly rank: Int32Array;
  readonly project: Int32Array;
  readonly projectIds: number[] = [];
  readonly running: Float64Array;
  readonly arrival: Float64Array;
  readonly itemEnd: Float64Array;
  readonly itemPlaced: Int32Array;
  readonly itemBlocked: Int32Array;
  readonly itemHeld: Int32Array;
  // Steps.
  stepOffset!: Int32Array;
  stepDept!: Int32Array;
  stepItem!: Int32Array;
  stepWork!: Float64Array;
  stepEnd!: Float64Array;
  /** While a step waits, when it became ready; once it starts, how long it waited. */
  stepWait!: Float64Array;
  stepNext!: Int32Array;
  readonly reasons = new Map<number, string>();
  // Queues: bucket (department d, key number r) is d × ranks + r; per department its busy workers and non-empty buckets.
  private ranks = 0;
  private keys: number[] = [];
  private bucketHead!: Int32Array;
  private bucketTail!: Int32Array;
  private rankHeaps: number[][] = [];
  private busy!: Int32Array;
  // Events: (time, item id, step), a binary heap.
  private evTime = new Float64Array(64);
  private evId = new Float64Array(64);
  private evStep = new Int32Array(64);
  private evSize = 0;

  constructor(
    private readonly input: ForecastInput,
    private readonly dayHours: number,
    /** A previous run's arrays, to fill again instead of allocating (see ForecastOptions.recycle). */
    private readonly old: Simulated | null,
  ) {
    const n = input.items.length;
    this.n = n;
    this.ids = scratchF64(0, n);
    this.running = scratchF64(1, n);
    this.arrival = scratchF64(2, n);
    this.rank = scratchI32(2, n);
    this.project = reuseI32(old?.project, n);
    this.itemEnd = reuseF64(old?.itemEnd, n);
    this.itemPlaced = reuseI32(old?.itemPlaced, n);
    this.itemBlocked = reuseI32(old?.itemBlocked, n).fill(NOT_BLOCKED);
    this.itemHeld = reuseI32(old?.itemHeld, n).fill(-1);
    for (const d of input.departments) if (!this.deptIndex.has(d.value)) this.addDept(d.value, d.name || departmentLabel(d.value), d.people, d.hoursPerPerson);
  }

  private addDept(value: string, name: string, people: number, hours: number | null): number {
    const index = this.deptValues.length;
    this.deptIndex.set(value, index);
    this.deptValues.push(value);
    this.names.push(name);
    const h = hours ?? this.dayHours;
    const working = people > 0 && h > 0;
    this.servers.push(working ? Math.max(1, Math.floor(people)) : 0);
    this.speed.push(working ? h / this.dayHours : 0);
    return index;
  }

  /** A route naming a department the shop does not list works it at the default capacity (1 person, the shop's day). */
  private deptOf(value: string): number {
    return this.deptIndex.get(value) ?? this.addDept(value, departmentLabel(value), 1, null);
  }

  /** One pass over the items: their fields, steps, hands-on estimates (asked once per category and department). */
  setup() {
    const { items } = this.input;
    const n = this.n;
    // A route's department indexes, kept on the route itself for this run: the items of one category in one
    // department share their route, so 200,000 items have a few dozen, and a property read costs less than a lookup.
    const run = ++runCounter;
    const routes: Int32Array[] = new Array(n);
    const old = this.old;
    const stepOffset = reuseI32(old?.stepOffset, n + 1);
    stepOffset[0] = 0;
    const keyRank = new Map<number, number>();
    const keys: number[] = [];
    const projectIndex = new Map<number, number>();
    for (let i = 0; i < n; i++) {
      const item = items[i]!;
      const route = item.route as RouteWithCache;
      let cached = route[ROUTE_CACHE];
      if (cached === undefined || cached.run !== run) {
        cached = { run, depts: Int32Array.from(route.length > 0 ? route : [""], (v) => this.deptOf(v)) };
        // Frozen routes (or any that refuse a property) are simply mapped again next time.
        if (Object.isExtensible(route)) route[ROUTE_CACHE] = cached;
      }
      const r = cached.depts;
      routes[i] = r;
      stepOffset[i + 1] = stepOffset[i]! + r.length;
      this.ids[i] = item.id;
      this.running[i] = item.runningSince === null ? Number.NaN : item.runningSince;
      this.arrival[i] = item.arrivedAt;
      const key = (item.rush ? 0 : RUSH_OFFSET) + (item.dueAt !== null && Number.isFinite(item.dueAt) ? Math.max(0, Math.min(item.dueAt, NO_DUE)) : NO_DUE);
      let k = keyRank.get(key);
      if (k === undefined) {
        k = keys.length;
        keyRank.set(key, k);
        keys.push(key);
      }
      this.rank[i] = k;
      let p = projectIndex.get(item.projectId);
      if (p === undefined) {
        p = this.projectIds.length;
        projectIndex.set(item.projectId, p);
        this.projectIds.push(item.projectId);
      }
      this.project[i] = p;
    }
    // Keys are numbered in order of first sight; the queues' heaps compare the keys themselves.
    this.keys = keys;
    this.ranks = Math.max(1, keys.length);

    const steps = stepOffset[n]!;
    this.stepOffset = stepOffset;
    this.stepDept = reuseI32(old?.stepDept, steps);
    this.stepItem = scratchI32(0, steps);
    this.stepWork = reuseF64(old?.stepWork, steps);
    this.stepEnd = reuseF64(old?.stepEnd, steps);
    this.stepWait = reuseF64(old?.stepWait, steps);
    this.stepNext = scratchI32(1, steps);
    const D = this.deptValues.length;
    this.busy = new Int32Array(D);
    this.rankHeaps = Array.from({ length: D }, () => []);
    this.bucketHead = scratchI32(3, D * this.ranks).fill(-1, 0, D * this.ranks);
    this.bucketTail = scratchI32(4, D * this.ranks).fill(-1, 0, D * this.ranks);

    // Steps with their departments and estimates; an estimate is asked once per category and department.
    const categoryIndex = new Map<string, number>();
    const estimates: Float64Array[] = [];
    const itemCategory = scratchI32(5, n);
    for (let i = 0; i < n; i++) {
      const category = items[i]!.category;
      let c = categoryIndex.get(category);
      if (c === undefined) {
        c = estimates.length;
        categoryIndex.set(category, c);
        estimates.push(filledF64(D, -1));
      }
      itemCategory[i] = c;
    }
    const categories = [...categoryIndex.keys()];
    const { stepDept, stepItem, stepWork } = this;
    for (let i = 0; i < n; i++) {
      const c = itemCategory[i]!;
      const row = estimates[c]!;
      const route = routes[i]!;
      for (let k = 0, s = stepOffset[i]!; k < route.length; k++, s++) {
        const d = route[k]!;
        stepDept[s] = d;
        stepItem[s] = i;
        let e = row[d]!;
        if (e < 0) {
          const asked = this.input.handsOn(categories[c]!, this.deptValues[d]!);
          e = row[d] = Number.isFinite(asked) && asked > 0 ? asked : DEFAULT_HANDS_ON_SECONDS;
        }
        stepWork[s] = e;
      }
    }
  }

  /** Every finish unknown, for one reason (a calendar without working time). */
  blockAll(reason: string) {
    this.itemBlocked.fill(NO_CALENDAR);
    for (let i = 0; i < this.n; i++) this.itemPlaced[i] = this.stepOffset[i]!;
    this.reasons.set(NO_CALENDAR, reason);
  }

  /** Item i cannot take step s: its department d has no capacity. */
  private block(i: number, s: number, d: number) {
    this.itemBlocked[i] = d;
    this.itemPlaced[i] = s;
    if (!this.reasons.has(d)) this.reasons.set(d, noCapacityReason(this.names[d]!));
  }

  // --- queues ---

  private enqueue(d: number, s: number) {
    const r = this.rank[this.stepItem[s]!]!;
    const b = d * this.ranks + r;
    this.stepNext[s] = -1;
    const tail = this.bucketTail[b]!;
    if (tail < 0) {
      this.bucketHead[b] = s;
      heapPush(this.rankHeaps[d]!, r, this.keys);
    } else this.stepNext[tail] = s;
    this.bucketTail[b] = s;
  }

  private dequeue(d: number): number {
    const heap = this.rankHeaps[d]!;
    if (heap.length === 0) return -1;
    const b = d * this.ranks + heap[0]!;
    const s = this.bucketHead[b]!;
    const next = this.stepNext[s]!;
    this.bucketHead[b] = next;
    if (next < 0) {
      this.bucketTail[b] = -1;
      heapPop(heap, this.keys);
    }
    return s;
  }

  // --- events ---

  private evBefore(t: number, id: number, u: number, jd: number) {
    return t < u || (t === u && id < jd);
  }

  private evPush(time: number, step: number) {
    if (this.evSize === this.evTime.length) {
      const grow = <T extends Float64Array | Int32Array>(a: T, b: T) => (b.set(a), b);
      const size = this.evSize * 2;
      this.evTime = grow(this.evTime, new Float64Array(size));
      this.evId = grow(this.evId, new Float64Array(size));
      this.evStep = grow(this.evStep, new Int32Array(size));
    }
    const { evTime, evId, evStep } = this;
    const id = this.ids[this.stepItem[step]!]!;
    let i = this.evSize++;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.evBefore(time, id, evTime[parent]!, evId[parent]!)) break;
      evTime[i] = evTime[parent]!;
      evId[i] = evId[parent]!;
      evStep[i] = evStep[parent]!;
      i = parent;
    }
    evTime[i] = time;
    evId[i] = id;
    evStep[i] = step;
  }

  private evPop(): number {
    const { evTime, evId, evStep } = this;
    const top = evStep[0]!;
    const n = --this.evSize;
    const t = evTime[n]!;
    const id = evId[n]!;
    const s = evStep[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && this.evBefore(evTime[c + 1]!, evId[c + 1]!, evTime[c]!, evId[c]!)) c++;
      if (!this.evBefore(evTime[c]!, evId[c]!, t, id)) break;
      evTime[i] = evTime[c]!;
      evId[i] = evId[c]!;
      evStep[i] = evStep[c]!;
      i = c;
    }
    evTime[i] = t;
    evId[i] = id;
    evStep[i] = s;
    return top;
  }

  // --- the run ---

  /** Now: running items hold a worker for what is left of their visit (visitDone); the others wait where they are, in order. */
  start(wt: WorkingTime) {
    const { now } = this.input;
    const { stepOffset, stepDept, stepWork, stepWait, stepEnd, busy, servers, speed, running } = this;
    const waiting: number[] = [];
    for (let i = 0; i < this.n; i++) {
      const s = stepOffset[i]!;
      const d = stepDept[s]!;
      const since = running[i]!;
      const left = visitLeft(stepWork[s]!, visitDone(this.input.items[i]!, wt, now));
      if (!Number.isNaN(since)) {
        stepWork[s] = left;
        // Someone is at it even where the department has no capacity set: it finishes as one person would.
        const end = left / (speed[d]! > 0 ? speed[d]! : 1);
        stepWait[s] = 0;
        stepEnd[s] = end;
        busy[d]!++;
        this.evPush(end, s);
      } else if (servers[d] === 0) {
        this.block(i, s, d);
      } else {
        // Paused after some work here: what is left of the visit, by the same rule as a running session.
        stepWork[s] = left;
        stepWait[s] = 0;
        waiting.push(i);
      }
    }
    // Those already waiting join their queues by arrival, then id: each bucket is then in queue order.
    for (const i of this.byArrival(waiting)) this.enqueue(stepDept[stepOffset[i]!]!, stepOffset[i]!);
    for (let d = 0; d < this.deptValues.length; d++) this.dispatch(d, 0);
  }

  /**
   * `list` (item indexes) by arrival, then id. A numeric sort of (whole seconds since the first arrival, index), then
   * the few that share a second put right: the same order as a comparison sort, without a call per comparison.
   */
  private byArrival(list: number[]): number[] {
    const { arrival, ids } = this;
    const exact = (a: number, b: number) => arrival[a]! - arrival[b]! || ids[a]! - ids[b]!;
    if (list.length < 2) return list;
    // A caller that keeps its items in arrival order (the model does) needs no sort at all.
    let ordered = true;
    for (let k = 1; k < list.length; k++) {
      const a = list[k - 1]!;
      const b = list[k]!;
      if (arrival[a]! > arrival[b]! || (arrival[a] === arrival[b] && ids[a]! > ids[b]!)) {
        ordered = false;
        break;
      }
    }
    if (ordered) return list;
    let min = Number.POSITIVE_INFINITY;
    let max = Number.NEGATIVE_INFINITY;
    for (const i of list) {
      min = Math.min(min, arrival[i]!);
      max = Math.max(max, arrival[i]!);
    }
    const SHIFT = 2 ** 21;
    if (this.n >= SHIFT || !Number.isFinite(min) || !Number.isFinite(max) || (max - min) / 1000 >= 2 ** 31) return list.sort(exact);
    const packed = new Float64Array(list.length);
    for (let k = 0; k < list.length; k++) packed[k] = Math.floor((arrival[list[k]!]! - min) / 1000) * SHIFT + list[k]!;
    packed.sort();
    const out = new Array<number>(list.length);
    for (let k = 0; k < packed.length; k++) out[k] = packed[k]! % SHIFT;
    // Within one second the packing ordered by index: insertion sort each such run by (arrival, id).
    for (let k = 1; k < out.length; k++) {
      const x = out[k]!;
      const second = Math.floor(packed[k]! / SHIFT);
      let j = k - 1;
      while (j >= 0 && Math.floor(packed[j]! / SHIFT) === second && exact(out[j]!, x) > 0) {
        out[j + 1] = out[j]!;
        j--;
      }
      out[j + 1] = x;
    }
    return out;
  }

  /** Free workers of department d take the first waiting steps at time t. */
  private dispatch(d: number, t: number) {
    const k = this.servers[d]!;
    const speed = this.speed[d]!;
    while (this.busy[d]! < k) {
      const s = this.dequeue(d);
      if (s < 0) return;
      this.stepWait[s] = t - this.stepWait[s]!;
      const end = t + this.stepWork[s]! / speed;
      this.stepEnd[s] = end;
      this.busy[d]!++;
      this.evPush(end, s);
    }
  }

  /** Every step's end in time order; the steps that end at one moment all arrive before anyone chooses. */
  run() {
    const D = this.deptValues.length;
    const touched = new Uint8Array(D);
    const touchedList: number[] = [];
    const { stepDept, stepItem, stepOffset, stepWait, busy, servers, itemEnd, itemPlaced } = this;
    while (this.evSize > 0) {
      const t = this.evTime[0]!;
      do {
        const s = this.evPop();
        const d = stepDept[s]!;
        busy[d]!--;
        if (touched[d] === 0) {
          touched[d] = 1;
          touchedList.push(d);
        }
        const i = stepItem[s]!;
        const next = s + 1;
        if (next >= stepOffset[i + 1]!) {
          itemEnd[i] = t;
          itemPlaced[i] = next;
          continue;
        }
        const nd = stepDept[next]!;
        if (servers[nd] === 0) {
          this.block(i, next, nd);
          continue;
        }
        stepWait[next] = t;
        this.enqueue(nd, next);
        if (touched[nd] === 0) {
          touched[nd] = 1;
          touchedList.push(nd);
        }
      } while (this.evSize > 0 && this.evTime[0] === t);
      for (let k = 0; k < touchedList.length; k++) {
        const d = touchedList[k]!;
        touched[d] = 0;
        this.dispatch(d, t);
      }
      touchedList.length = 0;
    }
  }

  /** What holds each item up: the step it waits longest at (a minute or more), else the one it works longest at. */
  heldUp() {
    const { stepOffset, stepWait, stepWork, itemBlocked, itemHeld } = this;
    for (let i = 0; i < this.n; i++) {
      if (itemBlocked[i] !== NOT_BLOCKED) continue;
      let best = -1;
      let bestWait = 60;
      let longest = -1;
      for (let s = stepOffset[i]!; s < stepOffset[i + 1]!; s++) {
        if (stepWait[s]! >= bestWait) {
          bestWait = stepWait[s]!;
          best = s;
        }
        if (longest < 0 || stepWork[s]! > stepWork[longest]!) longest = s;
      }
      itemHeld[i] = best >= 0 ? best : longest;
    }
  }

  result(): Simulated {
    return {
      deptValues: this.deptValues,
      stepOffset: this.stepOffset,
      stepDept: this.stepDept,
      stepEnd: this.stepEnd,
      stepWait: this.stepWait,
      stepWork: this.stepWork,
      speed: this.speed,
      project: this.project,
      projectIds: this.projectIds,
      itemEnd: this.itemEnd,
      itemPlaced: this.itemPlaced,
      itemBlocked: this.itemBlocked,
      itemHeld: this.itemHeld,
      reasons: this.reasons,
    };
  }
}

/** A min-heap of key numbers, ordered by their keys (a department's non-empty queue buckets). */
function heapPush(heap: number[], x: number, keys: readonly number[]) {
  let i = heap.length;
  heap.push(x);
  const key = keys[x]!;
  while (i > 0) {
    const parent = (i - 1) >> 1;
    if (keys[heap[parent]!]! <= key) break;
    heap[i] = heap[parent]!;
    i = parent;
  }
  heap[i] = x;
}

function heapPop(heap: number[], keys: readonly number[]) {
  const last = heap.pop()!;
  const n = heap.length;
  if (n === 0) return;
  const key = keys[last]!;
  let i = 0;
  for (;;) {
    let c = 2 * i + 1;
    if (c >= n) break;
    if (c + 1 < n && keys[heap[c + 1]!]! < keys[heap[c]!]!) c++;
    if (keys[heap[c]!]! >= key) break;
    heap[i] = heap[c]!;
    i = c;
  }
  heap[i] = last;
}

const ROUTE_CACHE = Symbol("forecast route");
type RouteWithCache = readonly string[] & { [ROUTE_CACHE]?: { run: number; depts: Int32Array } };
let runCounter = 0;

export type ForecastOptions = {
  /**
   * A forecast its owner will not read again: its arrays are filled again instead of allocating new ones (a model
   * recomputing after every change keeps two and alternates). Reading it afterwards throws; the ProjectForecast
   * objects it gave out stay valid.
   */
  recycle?: Forecast | null;
};

export class Forecast {
  private itemIndex: Map<number, number> | null = null;
  private byProject: Map<number, number[]> | null = null;
  private readonly projectMap = new Map<number, ProjectForecast>();
  private retired = false;

  constructor(
    readonly now: number,
    private readonly wt: WorkingTime | null,
    /** Working-time position of `now`; the simulation's times are working seconds after it. */
    private readonly origin: number,
    private readonly items: readonly ForecastItem[],
    private readonly sim: Simulated,
  ) {
    this.buildProjects();
  }

  /** An instant from a simulation time (working seconds after now). */
  private instant(t: number): number | null {
    if (!this.wt) return null;
    return t <= 0 ? this.now : this.wt.atPosition(this.origin + t);
  }

  private blockedBy(i: number): string | null {
    const b = this.sim.itemBlocked[i]!;
    return b >= 0 ? this.sim.deptValues[b]! : null;
  }

  private buildProjects() {
    const { itemBlocked, itemEnd, itemHeld, stepDept, stepWait, deptValues, reasons, project, projectIds } = this.sim;
    const P = projectIds.length;
    const count = new Int32Array(P);
    const last = new Int32Array(P).fill(-1);
    for (let i = 0; i < this.items.length; i++) {
      const p = project[i]!;
      count[p]!++;
      const j = last[p]!;
      // An item that cannot finish decides the project (its finish is unknown); otherwise the latest finish does.
      if (j < 0) last[p] = i;
      else {
        const bi = itemBlocked[i] !== NOT_BLOCKED;
        const bj = itemBlocked[j] !== NOT_BLOCKED;
        if ((bi && !bj) || (!bi && !bj && itemEnd[i]! > itemEnd[j]!)) last[p] = i;
      }
    }
    for (let p = 0; p < P; p++) {
      const i = last[p]!;
      const item = this.items[i]!;
      const blocked = itemBlocked[i]!;
      const held = itemHeld[i]!;
      this.projectMap.set(projectIds[p]!, {
        projectId: projectIds[p]!,
        finishAt: blocked !== NOT_BLOCKED ? null : this.instant(itemEnd[i]!),
        blockedBy: this.blockedBy(i),
        reason: blocked !== NOT_BLOCKED ? (reasons.get(blocked) ?? null) : null,
        heldUpBy: held >= 0 ? deptValues[stepDept[held]!]! : null,
        heldUpSeconds: held >= 0 ? Math.round(stepWait[held]!) : 0,
        lastItemId: item.id,
        dueAt: item.dueAt,
        openItems: count[p]!,
      });
    }
  }

  project(id: number): ProjectForecast | undefined {
    return this.projectMap.get(id);
  }

  projects(): IterableIterator<ProjectForecast> {
    return this.projectMap.values();
  }

  get projectCount() {
    return this.projectMap.size;
  }

  /** Hands this forecast's arrays to the next run (ForecastOptions.recycle). */
  retire(): Simulated {
    if (this.retired) throw new Error("This forecast was already recycled");
    this.retired = true;
    return this.sim;
  }

  /** The ids of a project's items in this forecast, in its input's order. */
  itemIdsOf(projectId: number): readonly number[] {
    if (!this.byProject) {
      const map = new Map<number, number[]>();
      for (const item of this.items) {
        const list = map.get(item.projectId);
        if (list) list.push(item.id);
        else map.set(item.projectId, [item.id]);
      }
      this.byProject = map;
    }
    return this.byProject.get(projectId) ?? [];
  }

  item(id: number): ItemForecast | undefined {
    if (this.retired) throw new Error("This forecast was recycled: read the newer one");
    if (!this.itemIndex) {
      this.itemIndex = new Map(this.items.map((item, i) => [item.id, i]));
    }
    const i = this.itemIndex.get(id);
    if (i === undefined) return undefined;
    const item = this.items[i]!;
    const { stepOffset, stepDept, stepEnd, stepWait, stepWork, speed, itemBlocked, itemEnd, itemHeld, itemPlaced, deptValues } = this.sim;
    const steps: StepForecast[] = [];
    for (let s = stepOffset[i]!; s < stepOffset[i + 1]!; s++) {
      const placed = s < itemPlaced[i]!;
      const first = s === stepOffset[i]!;
      const d = stepDept[s]!;
      steps.push({
        department: deptValues[d]!,
        // A running item's step started when its session did; any other started its work before its end.
        startAt: !placed ? null : first && item.runningSince !== null ? item.runningSince : this.instant(stepEnd[s]! - stepWork[s]! / speed[d]!),
        finishAt: placed ? this.instant(stepEnd[s]!) : null,
        waitSeconds: placed ? Math.round(stepWait[s]!) : 0,
        handsOnSeconds: Math.round(stepWork[s]!),
      });
    }
    const held = itemHeld[i]!;
    return {
      id: item.id,
      projectId: item.projectId,
      finishAt: itemBlocked[i] !== NOT_BLOCKED ? null : this.instant(itemEnd[i]!),
      blockedBy: this.blockedBy(i),
      heldUpBy: held >= 0 ? deptValues[stepDept[held]!]! : null,
      steps,
    };
  }
}

/** The forecast for `input` (see the top of this module). */
export function forecast(input: ForecastInput, options: ForecastOptions = {}): Forecast {
  const { now, calendar } = input;
  const dayHours = calendar.dayHours > 0 ? calendar.dayHours : DEFAULT_DAY_HOURS;
  const sim = new Simulation(input, dayHours, options.recycle ? options.recycle.retire() : null);
  sim.setup();
  if (!hasWorkingTime(calendar)) {
    // Without working time nothing can be placed on the calendar.
    sim.blockAll(NO_WORKING_TIME_REASON);
    return new Forecast(now, null, 0, input.items, sim.result());
  }
  const wt = workingTime(calendar);
  sim.start(wt);
  sim.run();
  sim.heldUp();
  return new Forecast(now, wt, wt.position(now), input.items, sim.result());
}

export type Slip = { projectId: number; before: number | null; after: number | null; slipSeconds: number };

/**
 * The projects `preview` finishes later than `base` (by at least `minSeconds` of real time), the worst first;
 * `except` (the project being previewed) is left out.
 */
export function slippedProjects(base: Forecast, preview: Forecast, except: number | null = null, minSeconds = 60): Slip[] {
  const out: Slip[] = [];
  for (const p of preview.projects()) {
    if (p.projectId === except) continue;
    const b = base.project(p.projectId);
    if (!b) continue;
    const before = b.finishAt;
    const after = p.finishAt;
    if (before === null || after === null) continue;
    const slip = (after - before) / 1000;
    if (slip >= minSeconds) out.push({ projectId: p.projectId, before, after, slipSeconds: slip });
  }
  return out.sort((a, b) => b.slipSeconds - a.slipSeconds || a.projectId - b.projectId);
}

export type DueStanding = {
  /** The expected finish's date and the due date in the shop's zone ('YYYY-MM-DD'), null when unknown or unset. */
  finishDate: string | null;
  dueDate: string | null;
  /** Where the finish falls against the due date; null without both. */
  relation: "after" | "on" | "before" | null;
  /** Working days between them: after the due date (at least 1 when the date is later), or before it. */
  workingDays: number;
  /** Expected to finish on a later date than its due date. */
  atRisk: boolean;
};

/** An expected finish against a due date (an instant on that day), by their dates in the shop's zone. */
export function dueStanding(wt: WorkingTime, finishAt: number | null, dueAt: number | null): DueStanding {
  const finishDay = finishAt === null ? null : wt.dayOf(finishAt);
  const dueDay = dueAt === null ? null : wt.dayOf(dueAt);
  const finishDate = finishDay === null ? null : dateOfEpochDay(finishDay);
  const dueDate = dueDay === null ? null : dateOfEpochDay(dueDay);
  if (finishDay === null || dueDay === null) return { finishDate, dueDate, relation: null, workingDays: 0, atRisk: false };
  if (finishDay > dueDay) {
    // A finish on a later date is late even when no working day lies between (a shift that ends after midnight).
    return { finishDate, dueDate, relation: "after", workingDays: Math.max(1, wt.workingDaysBetweenDays(dueDay, finishDay)), atRisk: true };
  }
  if (finishDay === dueDay) return { finishDate, dueDate, relation: "on", workingDays: 0, atRisk: false };
  return { finishDate, dueDate, relation: "before", workingDays: wt.workingDaysBetweenDays(finishDay, dueDay), atRisk: false };
}
