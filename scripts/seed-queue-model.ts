// The shop that scripts/seed-large.ts simulates (docs/decisions/0039-forecast-backtest.md): a working calendar,
// departments of known capacity, and a queue in front of each served rush first, then by due date, then by
// arrival. Pure code without the database, so the seed, its tests and the forecast backtest share one model.

export type ShopCalendar = {
  /** ISO weekdays, 1 Monday … 7 Sunday. */
  workingDays: readonly number[];
  dayStartMinutes: number;
  dayHours: number;
  /** 'YYYY-MM-DD' in the shop's zone. */
  holidays: readonly string[];
};

const HOUR = 3_600_000;
const DAY_MS = 24 * HOUR;

/** The zone's offset from UTC at an instant, ms (wall clock minus UTC), from the platform's time zone data. */
function zoneOffset(timeZone: string): (instant: number) => number {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "numeric",
    day: "numeric",
    hour: "numeric",
    minute: "numeric",
    second: "numeric",
  });
  return (instant) => {
    const part: Record<string, number> = {};
    for (const p of format.formatToParts(instant)) if (p.type !== "literal") part[p.type] = Number(p.value);
    const wall = Date.UTC(part.year!, part.month! - 1, part.day!, part.hour!, part.minute!, part.second!);
    return wall - Math.floor(instant / 1000) * 1000;
  };
}

/**
 * Working time: the shop's working days laid end to end, `dayMs` each. Working time t falls on working day
 * floor(t / dayMs); the instants of the day starts come from the calendar in the shop's zone (so daylight saving
 * moves them, not the length of a working day).
 */
export class WorkingTime {
  readonly dayMs: number;
  /** UTC instant each working day begins, in order. */
  readonly starts: Float64Array;
  /** Each working day's date, 'YYYY-MM-DD'. */
  readonly dates: string[];

  constructor(calendar: ShopCalendar, timeZone: string, from: number, to: number) {
    this.dayMs = Math.round(calendar.dayHours * HOUR);
    const holidays = new Set(calendar.holidays);
    const weekdays = new Set(calendar.workingDays);
    const offset = zoneOffset(timeZone);
    const starts: number[] = [];
    const dates: string[] = [];
    // Calendar days as UTC midnights (plain dates); each working day's start is its wall-clock time in the zone.
    const first = Math.floor((from + offset(from)) / DAY_MS) * DAY_MS;
    const last = Math.floor((to + offset(to)) / DAY_MS) * DAY_MS;
    for (let day = first; day <= last; day += DAY_MS) {
      const iso = new Date(day).toISOString().slice(0, 10);
      const weekday = new Date(day).getUTCDay() || 7;
      if (!weekdays.has(weekday) || holidays.has(iso)) continue;
      const wall = day + calendar.dayStartMinutes * 60_000;
      const guess = wall - offset(wall);
      starts.push(wall - offset(guess));
      dates.push(iso);
    }
    if (starts.length === 0) throw new Error("the calendar has no working day in the range");
    this.starts = Float64Array.from(starts);
    this.dates = dates;
  }

  get days() {
    return this.starts.length;
  }

  /** The last working day that began at or before `instant` (-1 before the first). */
  dayAt(instant: number): number {
    let lo = 0;
    let hi = this.starts.length - 1;
    if (instant < this.starts[0]!) return -1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.starts[mid]! <= instant) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Working time elapsed at `instant` (outside working hours: the end of the last working day). */
  wtOf(instant: number): number {
    const d = this.dayAt(instant);
    if (d < 0) return 0;
    return d * this.dayMs + Math.min(instant - this.starts[d]!, this.dayMs);
  }

  /** The instant working time `wt` begins: at a day's boundary, the next day's start. */
  startInstant(wt: number): number {
    const d = Math.min(Math.floor(wt / this.dayMs), this.starts.length - 1);
    return this.starts[d]! + (wt - d * this.dayMs);
  }

  /** The instant working time `wt` is reached: at a day's boundary, the end of the earlier day. */
  endInstant(wt: number): number {
    const d = Math.min(Math.ceil(wt / this.dayMs) - 1, this.starts.length - 1);
    return d < 0 ? this.starts[0]! : this.starts[d]! + (wt - d * this.dayMs);
  }
}

/** US shop holidays (observed on the nearest weekday when they fall on a weekend), 'YYYY-MM-DD'. */
export function shopHolidays(fromYear: number, toYear: number): string[] {
  const out = new Set<string>();
  const iso = (t: number) => new Date(t).toISOString().slice(0, 10);
  const weekday = (t: number) => new Date(t).getUTCDay();
  // The n-th given weekday (0 Sunday … 6 Saturday) of a month; n = -1 for the last.
  const nth = (year: number, month: number, day: number, n: number) => {
    if (n < 0) {
      const last = Date.UTC(year, month, 0);
      return last - ((weekday(last) - day + 7) % 7) * DAY_MS;
    }
    const first = Date.UTC(year, month - 1, 1);
    return first + (((day - weekday(first) + 7) % 7) + 7 * (n - 1)) * DAY_MS;
  };
  const observed = (t: number) => (weekday(t) === 6 ? t - DAY_MS : weekday(t) === 0 ? t + DAY_MS : t);
  for (let y = fromYear; y <= toYear; y++) {
    const thanksgiving = nth(y, 11, 4, 4);
    for (const t of [
      observed(Date.UTC(y, 0, 1)),
      nth(y, 5, 1, -1),
      observed(Date.UTC(y, 6, 4)),
      nth(y, 9, 1, 1),
      thanksgiving,
      thanksgiving + DAY_MS,
      observed(Date.UTC(y, 11, 25)),
    ])
      out.add(iso(t));
  }
  return [...out].sort();
}

/** A binary min-heap of int values by float keys, in typed arrays (millions of pushes without garbage). */
export class MinHeap {
  private keys = new Float64Array(64);
  private vals = new Int32Array(64);
  size = 0;

  push(key: number, val: number) {
    if (this.size === this.keys.length) {
      const k = new Float64Array(this.size * 2);
      k.set(this.keys);
      this.keys = k;
      const v = new Int32Array(this.size * 2);
      v.set(this.vals);
      this.vals = v;
    }
    let i = this.size++;
    const keys = this.keys;
    const vals = this.vals;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (keys[parent]! <= key) break;
      keys[i] = keys[parent]!;
      vals[i] = vals[parent]!;
      i = parent;
    }
    keys[i] = key;
    vals[i] = val;
  }

  peekKey() {
    return this.keys[0]!;
  }

  /** Removes and returns the value with the smallest key. */
  pop(): number {
    const keys = this.keys;
    const vals = this.vals;
    const top = vals[0]!;
    const n = --this.size;
    const key = keys[n]!;
    const val = vals[n]!;
    let i = 0;
    for (;;) {
      let c = 2 * i + 1;
      if (c >= n) break;
      if (c + 1 < n && keys[c + 1]! < keys[c]!) c++;
      if (keys[c]! >= key) break;
      keys[i] = keys[c]!;
      vals[i] = vals[c]!;
      i = c;
    }
    keys[i] = key;
    vals[i] = val;
    return top;
  }
}

export type ModelDepartment = {
  /** People working in the department on a working day. */
  people: number;
  /** Hours each works, from the start of the shop's day (at most the shop's day). */
  hoursPerDay: number;
};

export type QueueModelInput = {
  departments: readonly ModelDepartment[];
  /** Length of the shop's working day, ms. */
  dayMs: number;
  /** When each item joins the queue of its first department (working time, non-decreasing in item order). */
  created: Float64Array;
  /** Item i's department visits are visits visitOffset[i] … visitOffset[i+1]-1, in sequence order. */
  visitOffset: Uint32Array;
  /** The department (index into `departments`) of each visit. */
  visitDept: Uint8Array;
  /** Hands-on working time of each visit, ms (whole seconds). */
  service: Float64Array;
  /** Item i's place in every queue before its arrival time: smaller is served first (rush, then due date). */
  priorityKey: Float64Array;
  /** Simulate up to this working time. */
  until: number;
};

export type QueueModelOutput = {
  /** Working time each visit started (NaN: not started by `until`). */
  start: Float64Array;
  /** Working time it ends (the simulation may place it past `until`). */
  end: Float64Array;
  /** Which of its department's people works it (0-based within the department). */
  slot: Int32Array;
  /** Arrival working time in the visit's queue (NaN: not arrived). */
  arrived: Float64Array;
};

/**
 * Every department serves its queue in priority order with its people, each working `hoursPerDay` from the start
 * of every working day. A person who takes an item works it to the end, across the night if need be (the timer
 * stays on: stopping it would move the item on); nobody works outside the window, and a person is never idle
 * while an item waits in working hours. Items move to their next department the moment a visit ends.
 */
export function simulateQueues(input: QueueModelInput): QueueModelOutput {
  const { departments, dayMs, created, visitOffset, visitDept, service, priorityKey, until } = input;
  const items = created.length;
  const visits = visitDept.length;
  const start = new Float64Array(visits).fill(Number.NaN);
  const end = new Float64Array(visits).fill(Number.NaN);
  const arrived = new Float64Array(visits).fill(Number.NaN);
  const slot = new Int32Array(visits).fill(-1);
  const itemOf = new Int32Array(visits);
  for (let i = 0; i < items; i++) for (let v = visitOffset[i]!; v < visitOffset[i + 1]!; v++) itemOf[v] = i;
  const D = departments.length;
  const windowMs = departments.map((d) => Math.min(dayMs, Math.round(d.hoursPerDay * HOUR)));
  const queues = departments.map(() => new MinHeap());
  const idle = departments.map((d) => Array.from({ length: d.people }, (_, k) => d.people - 1 - k));
  const wakePending = new Uint8Array(D);
  // Events: a visit's end (value ≥ 0: the visit) or a department's morning (value -1 - department).
  const events = new MinHeap();

  // Where a person who starts `ms` of work at t finishes, working only in the department's daily window.
  const finishOf = (d: number, t: number, ms: number) => {
    const w = windowMs[d]!;
    const day = Math.floor(t / dayMs);
    const rem = day * dayMs + w - t;
    if (ms <= rem) return t + ms;
    const rest = ms - rem;
    const k = Math.floor(rest / w);
    const r = rest - k * w;
    return r === 0 ? (day + k) * dayMs + w : (day + 1 + k) * dayMs + r;
  };
  const dispatch = (d: number, t: number) => {
    const q = queues[d]!;
    const free = idle[d]!;
    if (q.size === 0 || free.length === 0) return;
    const day = Math.floor(t / dayMs);
    if (t >= day * dayMs + windowMs[d]!) {
      if (!wakePending[d]) {
        wakePending[d] = 1;
        events.push((day + 1) * dayMs, -1 - d);
      }
      return;
    }
    while (q.size > 0 && free.length > 0) {
      const v = q.pop();
      const s = free.pop()!;
      start[v] = t;
      slot[v] = s;
      end[v] = finishOf(d, t, service[v]!);
      events.push(end[v]!, v);
    }
  };
  // Everything that happens at one moment is applied before anyone takes an item: a person freed at t and an item
  // arriving at t (created, or finished in the department before) meet, and the queue order decides among all.
  const touched = new Uint8Array(D);
  const touchedList: number[] = [];
  const touch = (d: number) => {
    if (!touched[d]) {
      touched[d] = 1;
      touchedList.push(d);
    }
  };
  // The queue key: the item's priority, then its arrival in this department.
  const arrive = (v: number, t: number) => {
    arrived[v] = t;
    const d = visitDept[v]!;
    queues[d]!.push(priorityKey[itemOf[v]!]! + t, v);
    touch(d);
  };

  let nextItem = 0;
  for (;;) {
    const nextCreated = nextItem < items ? created[nextItem]! : Number.POSITIVE_INFINITY;
    const nextEvent = events.size > 0 ? events.peekKey() : Number.POSITIVE_INFINITY;
    const t = Math.min(nextCreated, nextEvent);
    if (!(t < until)) break;
    while (events.size > 0 && events.peekKey() === t) {
      const e = events.pop();
      if (e < 0) {
        wakePending[-1 - e] = 0;
        touch(-1 - e);
        continue;
      }
      const d = visitDept[e]!;
      idle[d]!.push(slot[e]!);
      touch(d);
      if (e + 1 < visitOffset[itemOf[e]! + 1]!) arrive(e + 1, t);
    }
    while (nextItem < items && created[nextItem] === t) {
      const v = visitOffset[nextItem]!;
      if (v < visitOffset[nextItem + 1]!) arrive(v, t);
      nextItem++;
    }
    for (const d of touchedList) {
      touched[d] = 0;
      dispatch(d, t);
    }
    touchedList.length = 0;
  }
  return { start, end, slot, arrived };
}

/** A standard normal draw from two uniform ones (Box–Muller). */
export function normal(next: () => number): number {
  const u = 1 - next();
  const v = next();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}
