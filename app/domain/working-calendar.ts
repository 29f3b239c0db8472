import { t } from "@lingui/core/macro";
import { Temporal } from "@js-temporal/polyfill";

/**
 * The shop's working time, for the finish-date forecast (docs/decisions/0038-finish-date-forecast.md).
 *
 * A working day is a date whose ISO weekday is one of `workingDays` and that is not in `holidays`. Its work runs
 * from `dayStartMinutes` after midnight (wall clock in `timeZone`) for `dayHours` real hours, so every working day
 * holds the same working time across a daylight-saving change; a day whose work would run into the next day's
 * start is cut there. Weekdays and holidays are judged on the date the work starts.
 *
 * API (browser-safe, pure; every time is epoch milliseconds, every duration seconds):
 *   workingTime(calendar)                  the calendar's index, cached (cheap to call again)
 *     .add(from, seconds)                  the instant after `seconds` of working time from `from`
 *     .between(from, to)                   working seconds in [from, to) (negative when `to` is earlier)
 *     .position(at)                        working seconds from a fixed origin to `at` (differences are `between`)
 *     .atPosition(position)                the earliest instant at that position (the inverse of `position`)
 *     .dateOf(at)                          the calendar date of `at` in the zone, 'YYYY-MM-DD'
 *     .isWorkingDate(date)                 whether 'YYYY-MM-DD' is a working day
 *     .workingDaysAfter(from, to)          working dates d with from < d <= to ('YYYY-MM-DD'; negative when to < from)
 *   addWorkingSeconds, workingSecondsBetween, workingDaysBetween: the same as one call.
 * A calendar without working time (no working weekday, or no hours) throws NoWorkingTimeError; check
 * hasWorkingTime() first.
 */
export type WorkingCalendar = {
  /** IANA zone the shop's clock is in (SHOP_TIMEZONE). */
  timeZone: string;
  /** ISO weekdays the shop works: 1 Monday … 7 Sunday. */
  workingDays: readonly number[];
  /** When work starts, in minutes after midnight (0–1439). */
  dayStartMinutes: number;
  /** How many hours a working day lasts (more than 0, at most 24). */
  dayHours: number;
  /** Days off, 'YYYY-MM-DD' in the shop's zone. */
  holidays: readonly string[];
};

/** A date's work window (WorkingTime.day): instants in epoch ms, positions in working seconds. */
export type DayWindow = { date: string; works: boolean; start: number; end: number; startPosition: number; endPosition: number };

/** The calendar a shop has before anyone sets one: Monday to Friday, 8:00 for 8 hours, no holidays. */
export const DEFAULT_WORKING_DAYS = [1, 2, 3, 4, 5] as const;
export const DEFAULT_DAY_START_MINUTES = 480;
export const DEFAULT_DAY_HOURS = 8;

export class NoWorkingTimeError extends Error {
  constructor() {
    super(t`The shop's calendar has no working time: set its working days and hours.`);
  }
}

export function hasWorkingTime(calendar: Pick<WorkingCalendar, "workingDays" | "dayHours">): boolean {
  return calendar.dayHours > 0 && calendar.workingDays.some((d) => Number.isInteger(d) && d >= 1 && d <= 7);
}

const DAY_MS = 86_400_000;
/** Days added to the index at a time when a question reaches past it. */
const CHUNK_DAYS = 366;

/** Days since 1970-01-01 of a 'YYYY-MM-DD' date (NaN when it is not one). */
export function epochDayOf(date: string): number {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  if (!m) return Number.NaN;
  return Math.floor(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])) / DAY_MS);
}

const dayNames = new Map<number, string>();
/** 'YYYY-MM-DD' of a day number since 1970-01-01 (kept: a forecast names the same few hundred days 20,000 times). */
export function dateOfEpochDay(day: number): string {
  let name = dayNames.get(day);
  if (name === undefined) {
    name = new Date(day * DAY_MS).toISOString().slice(0, 10);
    if (dayNames.size > 20_000) dayNames.clear();
    dayNames.set(day, name);
  }
  return name;
}

/** ISO weekday (1 Monday … 7 Sunday) of a day number: 1970-01-01 was a Thursday. */
const weekdayOf = (day: number) => ((((day + 3) % 7) + 7) % 7) + 1;

/** Wall clock ↔ instant in one zone. Intl's offsets are fast; Temporal decides near a daylight-saving change. */
export class ZoneClock {
  private readonly parts: Intl.DateTimeFormat;
  constructor(readonly timeZone: string) {
    this.parts = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "numeric",
      day: "numeric",
      hour: "numeric",
      minute: "numeric",
      second: "numeric",
    });
  }

  /** The zone's offset from UTC at `at`, in milliseconds. */
  offsetAt(at: number): number {
    const whole = Math.floor(at / 1000) * 1000;
    const p: Record<string, number> = {};
    for (const part of this.parts.formatToParts(whole)) if (part.type !== "literal") p[part.type] = Number(part.value);
    return Date.UTC(p.year!, p.month! - 1, p.day!, p.hour! === 24 ? 0 : p.hour!, p.minute!, p.second!) - whole;
  }

  /** The instant a wall-clock time (as milliseconds of a UTC clock) shows; earlier of two, later across a gap. */
  instantOf(wall: number): number {
    const guess = wall - this.offsetAt(wall);
    const offset = this.offsetAt(guess);
    // Away from a change the offset is the same hours either side: the answer is exact.
    if (this.offsetAt(guess - 6 * 3_600_000) === offset && this.offsetAt(guess + 6 * 3_600_000) === offset) return wall - offset;
    const date = new Date(wall);
    return Temporal.ZonedDateTime.from(
      {
        timeZone: this.timeZone,
        year: date.getUTCFullYear(),
        month: date.getUTCMonth() + 1,
        day: date.getUTCDate(),
        hour: date.getUTCHours(),
        minute: date.getUTCMinutes(),
      },
      { disambiguation: "compatible" },
    ).epochMilliseconds;
  }

  /** The day number (since 1970-01-01) of `at`'s date in the zone. */
  dayOf(at: number): number {
    return Math.floor((at + this.offsetAt(at)) / DAY_MS);
  }
}

/**
 * The index behind every question: for each day of a range that grows as questions need, its midnight, its work
 * window and the working time before it. Built once per calendar (workingTime() caches it); a question is then a
 * binary search, so a forecast of 200,000 items asks about a few hundred days, not 200,000 time zone conversions.
 */
export class WorkingTime {
  private readonly clock: ZoneClock;
  private readonly weekdays: boolean[];
  private readonly perWeek: number;
  private readonly holidays: Set<number>;
  private readonly lengthMs: number;
  private readonly startMs: number;
  // Parallel arrays, one entry per day from `firstDay`.
  private firstDay = 0;
  private midnights: number[] = [];
  private starts: number[] = [];
  private ends: number[] = [];
  /** Working milliseconds from the first indexed day's window to this day's window. */
  private before: number[] = [];

  constructor(readonly calendar: WorkingCalendar) {
    if (!hasWorkingTime(calendar)) throw new NoWorkingTimeError();
    this.clock = new ZoneClock(calendar.timeZone);
    this.weekdays = Array.from({ length: 8 }, (_, d) => calendar.workingDays.includes(d));
    this.perWeek = this.weekdays.filter(Boolean).length;
    this.holidays = new Set(calendar.holidays.map(epochDayOf).filter((d) => Number.isFinite(d)));
    this.lengthMs = Math.round(Math.min(24, calendar.dayHours) * 3_600_000);
    this.startMs = Math.max(0, Math.min(1439, Math.floor(calendar.dayStartMinutes))) * 60_000;
    const today = this.clock.dayOf(Date.now());
    this.build(today - CHUNK_DAYS, today + CHUNK_DAYS);
  }

  isWorkingDate(date: string): boolean {
    const day = epochDayOf(date);
    return Number.isFinite(day) && this.works(day);
  }

  private works(day: number): boolean {
    return this.weekdays[weekdayOf(day)]! && !this.holidays.has(day);
  }

  /** (Re)builds the index for days [from, to), keeping what is known (each day's instants cost a conversion). */
  private build(from: number, to: number) {
    const n = to - from;
    const midnights = new Array<number>(n + 1);
    const starts = new Array<number>(n);
    for (let i = 0; i <= n; i++) {
      const known = from + i - this.firstDay;
      const day = from + i;
      midnights[i] = known >= 0 && known < this.midnights.length ? this.midnights[known]! : this.clock.instantOf(day * DAY_MS);
      if (i < n) starts[i] = known >= 0 && known < this.starts.length ? this.starts[known]! : this.clock.instantOf(day * DAY_MS + this.startMs);
    }
    // The day after the last needs its start too, to cut a window that would run into it.
    const after = this.clock.instantOf(to * DAY_MS + this.startMs);
    const ends = new Array<number>(n);
    const before = new Array<number>(n + 1);
    before[0] = 0;
    for (let i = 0; i < n; i++) {
      const nextStart = i + 1 < n ? starts[i + 1]! : after;
      ends[i] = this.works(from + i) ? Math.min(starts[i]! + this.lengthMs, nextStart) : starts[i]!;
      before[i + 1] = before[i]! + (ends[i]! - starts[i]!);
    }
    // Positions keep their origin (the first day ever indexed) so results stay comparable as the index grows.
    const shift = this.before.length > 0 && from < this.firstDay ? -before[this.firstDay - from]! : 0;
    const origin = this.before.length > 0 ? this.before[0]! : 0;
    this.firstDay = from;
    this.midnights = midnights;
    this.starts = starts;
    this.ends = ends;
    this.before = before.map((b) => b + shift + origin);
  }

  // Each extension at least doubles the index, so reaching years away costs a few rebuilds, not one per year.
  private growBack() {
    this.build(this.firstDay - Math.max(CHUNK_DAYS, this.starts.length), this.firstDay + this.starts.length);
  }
  private growForward() {
    this.build(this.firstDay, this.firstDay + this.starts.length + Math.max(CHUNK_DAYS, this.starts.length));
  }

  /** Grows the index until it covers `at` with a day to spare on each side. */
  private cover(at: number) {
    while (at < this.starts[1]!) this.growBack();
    while (at >= this.starts[this.starts.length - 2]!) this.growForward();
  }

  /** Index of the last day whose window starts at or before `at` (the index covers `at`). */
  private dayIndex(at: number): number {
    const s = this.starts;
    let lo = 0;
    let hi = s.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (s[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Working seconds from the index's origin to `at`. */
  position(at: number): number {
    this.cover(at);
    const i = this.dayIndex(at);
    return (this.before[i]! + Math.max(0, Math.min(at, this.ends[i]!) - this.starts[i]!)) / 1000;
  }

  /** The earliest instant whose position is `position` (a window's end rather than the next one's start). */
  atPosition(position: number): number {
    const target = position * 1000;
    while (target <= this.before[1]!) this.growBack();
    while (target > this.before[this.before.length - 2]!) this.growForward();
    // The first day whose window ends at or after the target.
    const b = this.before;
    let lo = 0;
    let hi = this.starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (b[mid + 1]! >= target) hi = mid;
      else lo = mid + 1;
    }
    return Math.round(this.starts[lo]! + (target - b[lo]!));
  }

  /** The instant after `seconds` of working time from `from`; `from` itself for 0 or less. */
  add(from: number, seconds: number): number {
    if (!(seconds > 0)) return from;
    return this.atPosition(this.position(from) + seconds);
  }

  /** Working seconds in [from, to); negative when `to` is before `from`. */
  between(from: number, to: number): number {
    return this.position(to) - this.position(from);
  }

  /**
   * The end of the shop's hours that `at` falls in, or else the next one: a date's start plus the day's hours (cut at
   * the next start), on any date, working or not, so a Saturday session ends on the same clock (docs/product.md,
   * Decisions: The end of a job).
   */
  hoursEndAfter(at: number): number {
    this.cover(at);
    const i = this.dayIndex(at);
    const end = (k: number) => Math.min(this.starts[k]! + this.lengthMs, this.starts[k + 1]!);
    return at < end(i) ? end(i) : end(i + 1);
  }

  /** The day number (days since 1970-01-01) of `at`'s date in the shop's zone. */
  dayOf(at: number): number {
    this.cover(at);
    const m = this.midnights;
    let lo = 0;
    let hi = m.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (m[mid]! <= at) lo = mid;
      else hi = mid - 1;
    }
    return this.firstDay + lo;
  }

  /** The date of `at` in the shop's zone, 'YYYY-MM-DD'. */
  dateOf(at: number): string {
    return dateOfEpochDay(this.dayOf(at));
  }

  /**
   * One date's work window: its instants and its positions (a day without work has an empty window at the
   * position reached by the end of the last working day before it, so a due date on a Saturday ends where Friday's
   * work ends). Null for a string that is not a date.
   */
  day(date: string): DayWindow | null {
    const day = epochDayOf(date);
    if (!Number.isFinite(day)) return null;
    while (day - this.firstDay < 1) this.build(this.firstDay - CHUNK_DAYS, this.firstDay + this.starts.length);
    while (day - this.firstDay + 2 >= this.starts.length) this.build(this.firstDay, this.firstDay + this.starts.length + CHUNK_DAYS);
    const i = day - this.firstDay;
    return {
      date: dateOfEpochDay(day),
      works: this.works(day),
      start: this.starts[i]!,
      end: this.ends[i]!,
      startPosition: this.before[i]! / 1000,
      endPosition: this.before[i + 1]! / 1000,
    };
  }

  /** The next `count` working days, the date of `from` first when it is one. */
  nextWorkingDays(from: number, count: number): DayWindow[] {
    const out: DayWindow[] = [];
    let day = epochDayOf(this.dateOf(from));
    // A calendar has working time (the constructor checks), so a working day comes within a week or so of holidays.
    for (let guard = 0; out.length < count && guard < count * 7 + 400; guard++, day++) {
      const w = this.day(dateOfEpochDay(day))!;
      if (w.works) out.push(w);
    }
    return out;
  }

  /** Working dates d with from < d <= to; negative (the dates to < d <= from) when `to` is before `from`. */
  workingDaysAfter(from: string, to: string): number {
    const a = epochDayOf(from);
    const b = epochDayOf(to);
    if (!Number.isFinite(a) || !Number.isFinite(b)) return 0;
    return this.workingDaysBetweenDays(a, b);
  }

  /** workingDaysAfter by day numbers. */
  workingDaysBetweenDays(a: number, b: number): number {
    if (b < a) return -this.workingDaysBetweenDays(b, a);
    // Whole weeks at once, then the days left over, less the holidays that fall on working weekdays in between.
    const weeks = Math.floor((b - a) / 7);
    let n = weeks * this.perWeek;
    for (let day = a + weeks * 7 + 1; day <= b; day++) if (this.weekdays[weekdayOf(day)]) n++;
    for (const h of this.holidays) if (h > a && h <= b && this.weekdays[weekdayOf(h)]) n--;
    return n;
  }
}

const cache = new Map<string, WorkingTime>();

/** The index of `calendar`, built once and kept (a few calendars at most: the shop's, and any being previewed). */
export function workingTime(calendar: WorkingCalendar): WorkingTime {
  const key = JSON.stringify([calendar.timeZone, calendar.workingDays, calendar.dayStartMinutes, calendar.dayHours, calendar.holidays]);
  let wt = cache.get(key);
  if (!wt) {
    wt = new WorkingTime(calendar);
    if (cache.size >= 8) cache.delete(cache.keys().next().value!);
    cache.set(key, wt);
  }
  return wt;
}

export const addWorkingSeconds = (calendar: WorkingCalendar, from: number, seconds: number) => workingTime(calendar).add(from, seconds);
export const workingSecondsBetween = (calendar: WorkingCalendar, from: number, to: number) => workingTime(calendar).between(from, to);
/** Working days after the date of `from` up to the date of `to` (both instants, dates in the shop's zone). */
export const workingDaysBetween = (calendar: WorkingCalendar, from: number, to: number) => {
  const wt = workingTime(calendar);
  return wt.workingDaysAfter(wt.dateOf(from), wt.dateOf(to));
};
