import { plural, t } from "@lingui/core/macro";
import { currentI18n } from "~/domain/i18n-runtime";
import {
  compareQueue,
  type ForecastDepartment,
  type ForecastItem,
  type HandsOnEstimator,
  NO_WORKING_TIME_REASON,
  noCapacityReason,
  type QueueKey,
  visitLeft,
} from "~/domain/forecast";
import { departmentLabel } from "~/domain/format";
import { epochDayOf, hasWorkingTime, workingTime, type WorkingCalendar } from "~/domain/working-calendar";
import { intlLocaleFor } from "~/domain/languages";

/**
 * 'Plan the steps' (docs/product.md, Decisions: Due dates): a project's workflow steps' empty start and end dates,
 * filled backwards from its due date. Pure and browser-safe; models/step-planner.server.ts feeds it the forecast's own
 * figures and writes what it planned.
 *
 * Each step, last first, is as long as the forecast expects this project's open items to spend in its department
 * (forecastSpans: the item finishing last, its wait and its work there), so the plan fits before the due date exactly
 * when the forecast says the project will (docs/decisions/0053-plan-the-steps-from-the-forecast.md). Without open
 * items, a department's queue ahead of the project at its capacity (departmentWork). That time is laid out in
 * working time on the shop's calendar: the last step ends when the due date's working day ends, each earlier step
 * ends where the next one starts. A date a person set is kept, and anchors the steps before it.
 */

/**
 * `spanSeconds`: how long, in working seconds, the forecast expects this project's items to spend in the department
 * (their wait there and their work, from the first to arrive to the last to leave): when known, it is the step's
 * length, so the plan and the project's expected finish tell the same story (forecastSpans).
 */
export type DepartmentWork = { handsOnSeconds: number; queueSeconds: number; spanSeconds?: number };

/**
 * Each department's span for the project's open items, from the forecast's own steps (ItemForecast.steps), in
 * working time. The item expected to finish last sets the spans of the departments it still passes: its wait there
 * and its work, one after the other, so they add up to the project's expected finish and a backward plan fits
 * before the due date exactly when the forecast says the project will. A department only other items pass spans
 * from their earliest arrival (a step's start less its wait) to their latest finish there. A step the forecast
 * cannot place (a department without capacity) gives none, so the plan says what blocks it.
 */
export function forecastSpans(
  items: readonly { finishAt: number | null; steps: readonly { department: string; startAt: number | null; finishAt: number | null; waitSeconds: number }[] }[],
  position: (at: number) => number,
  now: number,
): Map<string, number> {
  // Time already gone (a running item's session so far) is no part of what is left to plan.
  const fromNow = (at: number) => Math.max(position(at), position(now));
  const placed = (step: { startAt: number | null; finishAt: number | null }): step is { startAt: number; finishAt: number } =>
    step.startAt !== null && step.finishAt !== null;
  const last = items.reduce<(typeof items)[number] | null>((a, b) => (b.finishAt !== null && (a === null || b.finishAt > a.finishAt!) ? b : a), null);
  const spans = new Map<string, number>();
  for (const step of last?.steps ?? []) {
    if (!placed(step)) continue;
    const span = position(step.finishAt) - fromNow(step.startAt) + Math.max(0, step.waitSeconds);
    spans.set(step.department, (spans.get(step.department) ?? 0) + Math.max(0, span));
  }
  const bounds = new Map<string, { from: number; to: number }>();
  for (const item of items) {
    for (const step of item.steps) {
      if (!placed(step) || spans.has(step.department)) continue;
      const from = Math.max(position(now), position(step.startAt) - Math.max(0, step.waitSeconds));
      const to = position(step.finishAt);
      const b = bounds.get(step.department);
      if (!b) bounds.set(step.department, { from, to });
      else {
        b.from = Math.min(b.from, from);
        b.to = Math.max(b.to, to);
      }
    }
  }
  for (const [department, b] of bounds) spans.set(department, Math.max(0, b.to - b.from));
  return spans;
}

/**
 * Each department's work for `projectId`'s plan: its hands-on for the project's items, and the queue ahead of them
 * there. A department works its waiting items in the forecast's order (compareQueue: rush, then due date, then
 * arrival), so only another project's item it would take first is charged: one running, or one that order puts
 * before this project's (`project`: its rush and due date; where none of its items are yet, they arrive last). A
 * rush job does not wait for the ordinary queue, and a job due next month for none due later.
 */
export function departmentWork(input: {
  projectId: number;
  project: { rush: boolean; dueAt: number | null };
  items: readonly ForecastItem[];
  handsOn: HandsOnEstimator;
  /** Working seconds a running session has already done (the shop's calendar); plain elapsed time without one. */
  ranFor: (since: number) => number;
}): Map<string, DepartmentWork> {
  const out = new Map<string, DepartmentWork>();
  const of = (department: string) => {
    let w = out.get(department);
    if (!w) out.set(department, (w = { handsOnSeconds: 0, queueSeconds: 0 }));
    return w;
  };
  // Where this project's items are now, the first of them to arrive there: its place in that department's queue.
  const arrived = new Map<string, number>();
  for (const item of input.items) {
    if (item.projectId !== input.projectId || item.route.length === 0) continue;
    const at = arrived.get(item.route[0]!);
    if (at === undefined || item.arrivedAt < at) arrived.set(item.route[0]!, item.arrivedAt);
  }
  const ours = (department: string): QueueKey => ({
    id: Number.MAX_SAFE_INTEGER,
    rush: input.project.rush,
    dueAt: input.project.dueAt,
    arrivedAt: arrived.get(department) ?? Number.POSITIVE_INFINITY,
  });
  for (const item of input.items) {
    if (item.route.length === 0) continue;
    // The step it is in now: its paused sittings and a running session have done part of it (as the forecast counts).
    const done = (item.doneSeconds ?? 0) + (item.runningSince !== null ? input.ranFor(item.runningSince) : 0);
    const first = visitLeft(Math.max(0, input.handsOn(item.category, item.route[0]!)), done);
    if (item.projectId === input.projectId) {
      item.route.forEach((d, s) => {
        of(d).handsOnSeconds += s === 0 ? first : Math.max(0, input.handsOn(item.category, d));
      });
    } else if (item.runningSince !== null || compareQueue(item, ours(item.route[0]!)) < 0) {
      of(item.route[0]!).queueSeconds += first;
    }
  }
  return out;
}

export type PlanStepInput = {
  id: number;
  department: string;
  /** 'YYYY-MM-DD' in the shop's zone, or null when empty. */
  start: string | null;
  end: string | null;
};

export type PlannedStep = {
  id: number;
  department: string;
  name: string;
  /** The step's dates after planning ('YYYY-MM-DD'). */
  start: string;
  end: string;
  /** Which of them the plan fills (the others a person set, and stay). */
  setsStart: boolean;
  setsEnd: boolean;
  /** The department's work for this project's plan, and the working time it takes at the department's capacity. */
  workSeconds: number;
  durationSeconds: number;
};

/** `endsAfterDue`: the last planned end ('YYYY-MM-DD') when the steps, at the shop's pace, cannot all end by the due date. */
export type StepPlan = { ok: true; steps: PlannedStep[]; changed: PlannedStep[]; endsAfterDue: string | null } | { ok: false; reason: string };

// The English words of the two refusals (tests compare them); the plan says them in the request's language.
export const SET_DUE_DATE_FIRST = "Set a due date first: the steps are planned backwards from it.";
export const NO_STEPS_TO_PLAN = "This project has no workflow steps to plan.";
const setDueDateFirst = () => t`Set a due date first: the steps are planned backwards from it.`;
const noStepsToPlan = () => t`This project has no workflow steps to plan.`;

/** The departments' throughput in working seconds of work per working second (0: no capacity). */
function throughput(departments: readonly ForecastDepartment[], dayHours: number) {
  const byValue = new Map(departments.map((d) => [d.value, d]));
  return (value: string) => {
    const d = byValue.get(value);
    // A department the shop does not list works at the default capacity, as in the forecast: 1 person, the shop's day.
    if (!d) return 1;
    const hours = d.hoursPerPerson ?? dayHours;
    if (!(d.people > 0) || !(hours > 0)) return 0;
    return Math.max(1, Math.floor(d.people)) * (hours / dayHours);
  };
}

/**
 * The steps' dates, planned backwards from `due` (see the top of this module). `steps` in the workflow's order;
 * `work` from departmentWork. No planned step starts before `now` or the project's own start date (`earliest`): when
 * the backward plan would, the steps are laid out forwards from there at the same pace instead, and the plan says
 * where the last one ends, after the due date.
 */
export function planSteps(input: {
  calendar: WorkingCalendar;
  due: string | null;
  steps: readonly PlanStepInput[];
  departments: readonly ForecastDepartment[];
  work: ReadonlyMap<string, DepartmentWork>;
  now: number;
  earliest?: string | null;
}): StepPlan {
  const { calendar, due, steps } = input;
  if (!due || !Number.isFinite(epochDayOf(due))) return { ok: false, reason: setDueDateFirst() };
  if (steps.length === 0) return { ok: false, reason: noStepsToPlan() };
  if (!hasWorkingTime(calendar)) return { ok: false, reason: `${NO_WORKING_TIME_REASON}: set them in Global Settings → Capacity and calendar.` };
  const wt = workingTime(calendar);
  const speed = throughput(input.departments, calendar.dayHours);
  const nameOf = (value: string) => input.departments.find((d) => d.value === value)?.name || departmentLabel(value);
  // A date at a position: where a step's work ends is the end of the window it ends in (never the next day's start),
  // where it starts is the window it starts in (never the previous day's end).
  const endDateAt = (position: number) => wt.dateOf(wt.atPosition(position));
  const startDateAt = (position: number) => wt.dateOf(wt.atPosition(position + 1));

  let cursor = wt.day(due)!.endPosition;
  let earliestPlanned = Number.POSITIVE_INFINITY;
  const planned: PlannedStep[] = [];
  for (let i = steps.length - 1; i >= 0; i--) {
    const step = steps[i]!;
    const work = input.work.get(step.department);
    const workSeconds = work ? work.handsOnSeconds + work.queueSeconds : 0;
    const rate = speed(step.department);
    if (rate === 0 && workSeconds > 0 && (!step.start || !step.end)) return { ok: false, reason: noCapacityReason(nameOf(step.department)) };
    // The forecast's span when it has one (its queue worked off in parallel, as the floor does); else the work at the
    // department's pace, which charges the whole queue ahead to this step.
    const durationSeconds = work?.spanSeconds !== undefined ? work.spanSeconds : workSeconds > 0 ? workSeconds / rate : 0;
    const endPosition = step.end ? wt.day(step.end)!.endPosition : cursor;
    let end = step.end ?? endDateAt(endPosition);
    let startPosition: number;
    let start: string;
    if (step.start) {
      start = step.start;
      startPosition = wt.day(step.start)!.startPosition;
      // A start a person set after where the plan would end it: the step ends the day it starts.
      if (!step.end && end < start) end = start;
    } else {
      startPosition = endPosition - durationSeconds;
      start = startDateAt(startPosition);
      if (start > end) start = end;
      earliestPlanned = Math.min(earliestPlanned, startPosition);
    }
    cursor = Math.min(cursor, startPosition);
    planned.push({
      id: step.id,
      department: step.department,
      name: nameOf(step.department),
      start,
      end,
      setsStart: !step.start,
      setsEnd: !step.end,
      workSeconds,
      durationSeconds,
    });
  }
  planned.reverse();
  const earliestDay = input.earliest ? wt.day(input.earliest) : undefined;
  const floor = Math.max(wt.position(input.now), earliestDay?.startPosition ?? Number.NEGATIVE_INFINITY);
  const laidOut = earliestPlanned < floor ? forwardFrom(floor, steps, planned) : planned;
  const changed = laidOut.filter((s) => s.setsStart || s.setsEnd);
  // Of the ends the plan sets: a person's own date after the due date is theirs to see on its row.
  const lastEnd = laidOut.reduce((latest, s) => (s.setsEnd && s.end > latest ? s.end : latest), "");
  return { ok: true, steps: laidOut, changed, endsAfterDue: lastEnd > due ? lastEnd : null };

  /** The steps from `floor` on, in order, each taking the time the backward plan gave it; a person's dates kept. */
  function forwardFrom(floor: number, steps: readonly PlanStepInput[], backward: readonly PlannedStep[]): PlannedStep[] {
    let cursor = floor;
    return steps.map((step, i) => {
      const planned = backward[i]!;
      const startPosition = step.start ? wt.day(step.start)!.startPosition : cursor;
      const start = step.start ?? startDateAt(startPosition);
      const endPosition = step.end ? wt.day(step.end)!.endPosition : startPosition + planned.durationSeconds;
      let end = step.end ?? endDateAt(endPosition);
      if (!step.end && end < start) end = start;
      cursor = Math.max(cursor, endPosition);
      return { ...planned, start, end };
    });
  }
}

const monthDays = new Map<string, Intl.DateTimeFormat>();
/** 'Dec 14' of 'YYYY-MM-DD' (a calendar date: no zone to convert through), in the language being spoken. */
export const formatPlanDay = (date: string) => {
  const locale = intlLocaleFor(currentI18n().locale);
  let format = monthDays.get(locale);
  if (!format) monthDays.set(locale, (format = new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "short", day: "numeric" })));
  return format.format(new Date(`${date}T12:00:00Z`));
};

/** 'Planned 3 steps: Production Dec 14 – Dec 16, …': what a plan set, for its toast and audit. */
export function planStepsSummary(plan: Extract<StepPlan, { ok: true }>): string {
  const n = plan.changed.length;
  if (n === 0) return t`Nothing to plan: every step already has its dates.`;
  const ranges = plan.changed
    .map((s) => `${s.name} ${s.start === s.end ? formatPlanDay(s.start) : `${formatPlanDay(s.start)} – ${formatPlanDay(s.end)}`}`)
    .join(", ");
  const planned = plural(n, { one: `Planned # step: ${ranges}.`, other: `Planned # steps: ${ranges}.` });
  if (!plan.endsAfterDue) return planned;
  const last = formatPlanDay(plan.endsAfterDue);
  return t`${planned} At the shop's pace they cannot all end by the due date: the last ends ${last}.`;
}
