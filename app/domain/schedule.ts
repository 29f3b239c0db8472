import { t } from "@lingui/core/macro";
import type { ForecastDepartment, ForecastItem, HandsOnEstimator, ProjectForecast } from "~/domain/forecast";
import { visitDone, visitLeft } from "~/domain/forecast";
import { intlLocale, reasonText } from "~/domain/forecast-words";
import { hasWorkingTime, workingTime, type DayWindow, type WorkingCalendar } from "~/domain/working-calendar";

/**
 * The shop's schedule for the next working days (docs/decisions/0040-schedule.md). Pure and browser-safe.
 *
 * Booked work: every open item's remaining work, department by department, needs doing between the earliest it can
 * start (its earlier departments done back to back from now, as if nothing queued) and the latest it can finish for
 * its project to ship on its due date (its later departments done back to back up to the end of the due date's
 * working day). Each department's work is spread evenly over the working time of that window: a day booked past
 * its capacity is a day the shop cannot keep every promise on, however the work is ordered. An item whose window
 * is shorter than its work is already late: its work is placed from its earliest start on, back to back, and
 * counted as late. Items whose project has no due date have no window: their work is counted per department as
 * work without a due date.
 *
 * Capacity: people × hours a day (the shop's day when a department's hours are not set); today counts only the
 * part of its working window still ahead.
 */

export const SCHEDULE_DAYS = 15;
/** A day is overloaded above this share of its capacity. */
export const OVERLOAD_PERCENT = 100;

export type ScheduleDay = {
  date: string;
  bookedSeconds: number;
  capacitySeconds: number;
  /** Booked against capacity, rounded; null when the department can do no work that day but has work booked. */
  percent: number | null;
  overloaded: boolean;
};

export type ScheduleDepartment = {
  value: string;
  name: string;
  capacitySecondsPerDay: number;
  days: ScheduleDay[];
  /** Remaining work of items whose project has no due date. */
  undatedSeconds: number;
  /** Work of items that cannot meet their due date even if started now (placed from now on, back to back). */
  lateSeconds: number;
};

export type OverloadRun = { department: string; name: string; from: string; to: string; percent: number };

export type Schedule = {
  days: DayWindow[];
  departments: ScheduleDepartment[];
  overloads: OverloadRun[];
};

export type ScheduleInput = {
  now: number;
  calendar: WorkingCalendar;
  departments: readonly ForecastDepartment[];
  items: readonly ForecastItem[];
  handsOn: HandsOnEstimator;
  days?: number;
};

const capacityOf = (d: ForecastDepartment, dayHours: number) => Math.max(0, d.people) * Math.max(0, d.hoursPerPerson ?? dayHours) * 3600;

/** The next working days with the work booked on each, per department (see the top of this module). */
export function buildSchedule(input: ScheduleInput): Schedule {
  const { now, calendar, items, handsOn } = input;
  const departments = input.departments;
  if (!hasWorkingTime(calendar)) {
    return { days: [], departments: departments.map((d) => emptyDepartment(d, 0, [])), overloads: [] };
  }
  const wt = workingTime(calendar);
  const nowPos = wt.position(now);
  const count = input.days ?? SCHEDULE_DAYS;
  // Today counts while some of its working time is still ahead; after hours the schedule starts with the next day.
  const days = wt
    .nextWorkingDays(now, count + 1)
    .filter((d) => d.endPosition > nowPos)
    .slice(0, count);
  const index = new Map(departments.map((d, i) => [d.value, i]));
  const booked = departments.map(() => new Float64Array(days.length));
  const undated = new Float64Array(departments.length);
  const lateWork = new Float64Array(departments.length);
  const firstPos = days.length > 0 ? Math.max(days[0]!.startPosition, nowPos) : nowPos;
  const lastPos = days.length > 0 ? days[days.length - 1]!.endPosition : nowPos;
  const dueEnd = new Map<number, number>();

  const stepSeconds: number[] = [];
  for (const item of items) {
    stepSeconds.length = 0;
    for (let s = 0; s < item.route.length; s++) {
      let h = Math.max(0, handsOn(item.category, item.route[s]!));
      // Its paused sittings and a running session have done part of its first department's work (as the forecast counts).
      if (s === 0) h = visitLeft(h, visitDone(item, wt, now));
      stepSeconds.push(h);
    }
    if (item.dueAt === null) {
      item.route.forEach((dept, s) => {
        const d = index.get(dept);
        if (d !== undefined) undated[d]! += stepSeconds[s]!;
      });
      continue;
    }
    let end = dueEnd.get(item.dueAt);
    if (end === undefined) {
      end = wt.day(wt.dateOf(item.dueAt))!.endPosition;
      dueEnd.set(item.dueAt, end);
    }
    const total = stepSeconds.reduce((a, b) => a + b, 0);
    const late = nowPos + total > end;
    // Earliest start of each step (back to back from now) and latest finish (back to back up to the due date).
    let earliest = nowPos;
    let latestAfter = total;
    for (let s = 0; s < item.route.length; s++) {
      const h = stepSeconds[s]!;
      latestAfter -= h;
      const from = earliest;
      const to = late ? from + h : end - latestAfter;
      earliest += h;
      const d = index.get(item.route[s]!);
      if (d === undefined || h <= 0) continue;
      if (late) lateWork[d]! += h;
      if (from >= lastPos || to <= firstPos) continue;
      spread(booked[d]!, days, from, to, h);
    }
  }

  const out = departments.map((dep, i): ScheduleDepartment => {
    const perDay = capacityOf(dep, calendar.dayHours);
    const row = emptyDepartment(dep, perDay, days);
    row.undatedSeconds = Math.round(undated[i]!);
    row.lateSeconds = Math.round(lateWork[i]!);
    row.days = days.map((day, k) => {
      const length = day.endPosition - day.startPosition;
      // Today: only the part of the window still ahead.
      const ahead = length > 0 ? Math.max(0, Math.min(1, (day.endPosition - Math.max(day.startPosition, nowPos)) / length)) : 0;
      const capacitySeconds = Math.round(perDay * ahead);
      const bookedSeconds = Math.round(booked[i]![k]!);
      const percent = capacitySeconds > 0 ? Math.round((bookedSeconds / capacitySeconds) * 100) : bookedSeconds > 0 ? null : 0;
      return { date: day.date, bookedSeconds, capacitySeconds, percent, overloaded: percent === null || percent > OVERLOAD_PERCENT };
    });
    return row;
  });
  return { days, departments: out, overloads: overloadRuns(out) };
}

function emptyDepartment(d: ForecastDepartment, perDay: number, days: DayWindow[]): ScheduleDepartment {
  return {
    value: d.value,
    name: d.name,
    capacitySecondsPerDay: perDay,
    days: days.map((day) => ({ date: day.date, bookedSeconds: 0, capacitySeconds: perDay, percent: 0, overloaded: false })),
    undatedSeconds: 0,
    lateSeconds: 0,
  };
}

/** Spreads `work` seconds evenly over the working time of [from, to) (positions) and adds each day's share. */
function spread(row: Float64Array, days: readonly DayWindow[], from: number, to: number, work: number) {
  const span = to - from;
  if (!(span > 0)) return;
  // Days are few (15): a linear walk.
  for (let k = 0; k < days.length; k++) {
    const day = days[k]!;
    if (day.endPosition <= from) continue;
    if (day.startPosition >= to) break;
    row[k]! += (work * (Math.min(to, day.endPosition) - Math.max(from, day.startPosition))) / span;
  }
}

/** Consecutive overloaded working days per department, each with its booked share over the run. */
export function overloadRuns(departments: readonly ScheduleDepartment[]): OverloadRun[] {
  const runs: OverloadRun[] = [];
  for (const d of departments) {
    let k = 0;
    while (k < d.days.length) {
      if (!d.days[k]!.overloaded) {
        k++;
        continue;
      }
      let booked = 0;
      let capacity = 0;
      const from = k;
      while (k < d.days.length && d.days[k]!.overloaded) {
        booked += d.days[k]!.bookedSeconds;
        capacity += d.days[k]!.capacitySeconds;
        k++;
      }
      runs.push({
        department: d.value,
        name: d.name,
        from: d.days[from]!.date,
        to: d.days[k - 1]!.date,
        percent: capacity > 0 ? Math.round((booked / capacity) * 100) : 0,
      });
    }
  }
  return runs;
}

/** 'Dec 3', 'Dec 3–5', 'Nov 30 – Dec 2' from 'YYYY-MM-DD' dates (calendar dates: no zone involved). */
export function dateRangeText(from: string, to: string): string {
  const f = new Date(`${from}T12:00:00Z`);
  const to_ = new Date(`${to}T12:00:00Z`);
  const locale = intlLocale();
  const monthOf = (d: Date) => d.toLocaleString(locale, { month: "short", timeZone: "UTC" });
  const month = monthOf(f);
  const day = f.getUTCDate();
  const lastMonth = monthOf(to_);
  const lastDay = to_.getUTCDate();
  if (from === to) return t`${month} ${day}`;
  if (f.getUTCMonth() === to_.getUTCMonth() && f.getUTCFullYear() === to_.getUTCFullYear()) return t`${month} ${day}–${lastDay}`;
  return t`${month} ${day} – ${lastMonth} ${lastDay}`;
}

/** Hours as a person reads them: '6.5', '12' (tenths below 10 hours). */
export const hoursNumber = (seconds: number) => {
  const h = seconds / 3600;
  return h >= 10 ? Math.round(h) : Math.round(h * 10) / 10;
};
/** '6.5 h', '12 h', '0 h'. */
export const hoursText = (seconds: number) => `${hoursNumber(seconds)} h`;

/**
 * Why a project is at risk, in a sentence: the department without capacity; else the overloaded days of the
 * department that holds it up (the run that starts before its due date, the heaviest first); else how long it
 * waits there.
 */
export function riskReason(
  p: Pick<ProjectForecast, "reason" | "heldUpBy" | "heldUpSeconds">,
  schedule: Schedule,
  departmentName: (value: string) => string,
  dueDate: string | null,
): string {
  if (p.reason) return reasonText(p.reason);
  const held = p.heldUpBy;
  if (!held) return t`Its remaining work takes longer than the time left before the due date`;
  const runs = schedule.overloads.filter((r) => r.department === held);
  const relevant = runs.filter((r) => dueDate === null || r.from <= dueDate);
  const run = (relevant.length > 0 ? relevant : runs).reduce<OverloadRun | null>((best, r) => (!best || r.percent > best.percent ? r : best), null);
  if (run) return overloadText(run);
  const hours = hoursText(p.heldUpSeconds);
  const department = departmentName(held);
  return t`It waits about ${hours} of working time for ${department}`;
}

/** 'Installation is booked 140% on Dec 3–5'. */
export function overloadText(run: Pick<OverloadRun, "name" | "percent" | "from" | "to">): string {
  const name = run.name;
  const percent = run.percent;
  const range = dateRangeText(run.from, run.to);
  return t`${name} is booked ${percent}% on ${range}`;
}
