import { describe, expect, test } from "bun:test";
import {
  departmentWork,
  forecastSpans,
  formatPlanDay,
  NO_STEPS_TO_PLAN,
  type PlanStepInput,
  planSteps,
  planStepsSummary,
  SET_DUE_DATE_FIRST,
} from "~/domain/step-plan";
import { at, calendar, dept, flat, H, item, MONDAY_8 } from "../helpers/forecast-shop";

// 'Plan the steps' arithmetic (docs/product.md, Decisions: Due dates) on small hand-made shops: Chicago, Monday to
// Friday from 8:00 for 8 hours. Mon Dec 14 2026 … Fri Dec 18.

/** Project 1 as the queue sees it: not rush, no due date of its own (so every other waiting item is ahead of it). */
const ordinary = { rush: false, dueAt: null };
const departments = [dept("pre-production"), dept("production"), dept("installation")];
const route = ["pre-production", "production", "installation"];
const steps = (over: Partial<Record<string, Partial<PlanStepInput>>> = {}): PlanStepInput[] =>
  route.map((department, i) => ({ id: i + 1, department, start: null, end: null, ...over[department] }));
/** Two Banners of project 1 through every department (4 h each there), and another project's Banner waiting in Production. */
const work = () =>
  departmentWork({
    projectId: 1,
    project: ordinary,
    items: [item({ route }), item({ route }), item({ projectId: 2, route: ["production", "installation"] })],
    handsOn: flat(4),
    ranFor: () => 0,
  });
const plan = (over: Partial<Parameters<typeof planSteps>[0]> = {}) =>
  planSteps({ calendar, due: "2026-12-18", steps: steps(), departments, work: work(), now: MONDAY_8, ...over });
const dates = (p: ReturnType<typeof planSteps>) => (p.ok ? p.steps.map((s) => [s.department, s.start, s.end]) : p.reason);

describe("departmentWork: the forecast's figures per department", () => {
  test("this project's items give hands-on in every department they still pass; other projects' give the queue where they are", () => {
    const w = work();
    expect(Object.fromEntries([...w].map(([d, x]) => [d, [x.handsOnSeconds / H, x.queueSeconds / H]]))).toEqual({
      "pre-production": [8, 0],
      production: [8, 4],
      installation: [8, 0],
    });
  });

  test("a running item counts only what is left of its session (at least a quarter of the estimate)", () => {
    const w = departmentWork({
      projectId: 1,
      project: ordinary,
      items: [item({ route: ["production"], runningSince: 0 }), item({ projectId: 2, route: ["production"], runningSince: 0 })],
      handsOn: flat(4),
      ranFor: () => 3.5 * H,
    });
    expect(w.get("production")).toEqual({ handsOnSeconds: 1 * H, queueSeconds: 1 * H });
  });

  test("a paused item counts only what is left of its visit, its sittings there done", () => {
    const w = departmentWork({
      projectId: 1,
      project: ordinary,
      items: [item({ route: ["production", "installation"], doneSeconds: 3 * H }), item({ projectId: 2, route: ["production"], doneSeconds: 1 * H })],
      handsOn: flat(4),
      ranFor: () => 0,
    });
    // Its next department is a whole visit.
    expect(w.get("production")).toEqual({ handsOnSeconds: 1 * H, queueSeconds: 3 * H });
    expect(w.get("installation")).toEqual({ handsOnSeconds: 4 * H, queueSeconds: 0 });
  });
});

describe("departmentWork: only the queue ahead of this project's items", () => {
  const DAY = 24 * H * 1000;
  const queue = (
    project: { rush: boolean; dueAt: number | null },
    others: Parameters<typeof item>[0][],
    mine = [item({ route: ["pre-production", "production"] })],
  ) =>
    departmentWork({ projectId: 1, project, items: [...mine, ...others.map((o) => item({ projectId: 2, ...o }))], handsOn: flat(4), ranFor: () => 0 }).get(
      "production",
    )?.queueSeconds ?? 0;
  const waiting = (over: Partial<Parameters<typeof item>[0]> = {}) => ({ route: ["production"], ...over });

  test("a rush project is not charged for the ordinary queue; a running item is always ahead", () => {
    expect(queue({ rush: true, dueAt: null }, [waiting(), waiting()]) / H).toBe(0);
    expect(queue({ rush: true, dueAt: null }, [waiting({ runningSince: MONDAY_8 }), waiting({ rush: true })]) / H).toBe(8);
    expect(queue({ rush: false, dueAt: null }, [waiting(), waiting()]) / H).toBe(8);
  });

  test("waiting items due later (or never) are worked after this project's, those due sooner before it", () => {
    const due = MONDAY_8 + 10 * DAY;
    // Due sooner: ahead. Due later, or no due date: behind a project with one.
    expect(queue({ rush: false, dueAt: due }, [waiting({ dueAt: due - DAY }), waiting({ dueAt: due + DAY }), waiting({ dueAt: null })]) / H).toBe(4);
    // The same due date: the one that arrived first goes first; this project's items reach Production later.
    expect(queue({ rush: false, dueAt: due }, [waiting({ dueAt: due })]) / H).toBe(4);
  });

  test("where this project's items already wait, those that arrived after them are behind them", () => {
    const due = MONDAY_8 + 10 * DAY;
    const mine = [item({ route: ["production"], arrivedAt: MONDAY_8 - 2 * DAY })];
    const w = queue(
      { rush: false, dueAt: due },
      [waiting({ dueAt: due, arrivedAt: MONDAY_8 - 3 * DAY }), waiting({ dueAt: due, arrivedAt: MONDAY_8 - DAY })],
      mine,
    );
    expect(w / H).toBe(4);
  });
});

describe("forecastSpans: each step as long as the forecast expects the project there", () => {
  // Positions are plain seconds here: the working calendar's own arithmetic is tested with it.
  const step = (department: string, startAt: number | null, finishAt: number | null, waitSeconds = 0) => ({ department, startAt, finishAt, waitSeconds });
  test("the item finishing last sets the spans of its departments (its wait and its work), which add up to its finish", () => {
    const spans = forecastSpans(
      [
        { finishAt: 50, steps: [step("design", 0, 10), step("production", 40, 50, 30)] },
        { finishAt: 90, steps: [step("design", 10, 20, 10), step("production", 50, 70, 30), step("installation", 70, 90)] },
      ],
      (at) => at,
      0,
    );
    expect(Object.fromEntries(spans)).toEqual({ design: 20, production: 50, installation: 20 });
    expect([...spans.values()].reduce((a, b) => a + b, 0)).toBe(90);
  });

  test("a department only other items pass spans their first arrival to their last finish; time gone and unplaceable steps count nothing", () => {
    const spans = forecastSpans(
      [
        { finishAt: 40, steps: [step("cutting", 5, 15, 5), step("welding", 20, 40)] },
        { finishAt: 30, steps: [step("cutting", -20, 30)] },
        { finishAt: null, steps: [step("painting", null, null)] },
      ],
      (at) => at,
      0,
    );
    // The last item: cutting 0 (arrived) to 15, welding 20 to 40. The running one started before now: from now.
    expect(Object.fromEntries(spans)).toEqual({ cutting: 15, welding: 20 });
  });

  test("planSteps takes a department's span as its length, not its work at its pace", () => {
    const work = new Map([["installation", { handsOnSeconds: 40 * H, queueSeconds: 0, spanSeconds: 8 * H }]]);
    expect(
      dates(
        planSteps({ calendar, due: "2026-12-18", steps: [{ id: 1, department: "installation", start: null, end: null }], departments, work, now: MONDAY_8 }),
      ),
    ).toEqual([["installation", "2026-12-18", "2026-12-18"]]);
  });
});

describe("planSteps: backwards from the due date in working time", () => {
  test("the last step ends on the due date; each earlier one ends where the next starts", () => {
    // Installation 8 h: Friday. Production 8 h + 4 h queued = 12 h: Wednesday noon to Thursday's end. Pre-production
    // 8 h: Tuesday noon to Wednesday noon.
    const p = plan();
    expect(dates(p)).toEqual([
      ["pre-production", "2026-12-15", "2026-12-16"],
      ["production", "2026-12-16", "2026-12-17"],
      ["installation", "2026-12-18", "2026-12-18"],
    ]);
    expect(p.ok && planStepsSummary(p)).toBe("Planned 3 steps: Pre Production Dec 15 – Dec 16, Production Dec 16 – Dec 17, Installation Dec 18.");
  });

  test("capacity shortens a department's time; holidays and weekends are skipped", () => {
    const two = [dept("pre-production"), dept("production", 2), dept("installation")];
    // Production's 12 h at two people: 6 h, Thursday 10:00 to its end. Thursday a holiday: Wednesday instead.
    expect(dates(plan({ departments: two }))).toEqual([
      ["pre-production", "2026-12-16", "2026-12-17"],
      ["production", "2026-12-17", "2026-12-17"],
      ["installation", "2026-12-18", "2026-12-18"],
    ]);
    expect(dates(plan({ departments: two, calendar: { ...calendar, holidays: ["2026-12-17"] } }))).toEqual([
      ["pre-production", "2026-12-15", "2026-12-16"],
      ["production", "2026-12-16", "2026-12-16"],
      ["installation", "2026-12-18", "2026-12-18"],
    ]);
    // A due date on a Saturday ends with Friday's work: 24 h of installation are Wednesday to Friday.
    const long = departmentWork({ projectId: 1, project: ordinary, items: [item({ route: ["installation"] })], handsOn: flat(24), ranFor: () => 0 });
    expect(dates(plan({ due: "2026-12-19", steps: steps().slice(2), work: long }))).toEqual([["installation", "2026-12-16", "2026-12-18"]]);
  });

  test("never overwrites a date a person set, and plans the steps before it from it", () => {
    // Production must end Monday (typed): it starts 12 h before, Friday Dec 11 noon; pre-production before that.
    const p = plan({ steps: steps({ production: { end: "2026-12-14" } }) });
    expect(dates(p)).toEqual([
      ["pre-production", "2026-12-10", "2026-12-11"],
      ["production", "2026-12-11", "2026-12-14"],
      ["installation", "2026-12-18", "2026-12-18"],
    ]);
    const production = p.ok ? p.steps[1]! : null;
    expect(production).toMatchObject({ setsStart: true, setsEnd: false });
    // A step with both dates is left out of what the plan sets; one with neither missing means nothing to plan.
    const set = plan({ steps: steps({ installation: { start: "2026-12-21", end: "2026-12-22" } }) });
    expect(set.ok && set.changed.map((s) => s.department)).toEqual(["pre-production", "production"]);
    const all = plan({ steps: steps(Object.fromEntries(route.map((d) => [d, { start: "2026-12-01", end: "2026-12-02" }]))) });
    expect(all.ok && planStepsSummary(all)).toBe("Nothing to plan: every step already has its dates.");
  });

  test("a department without work gets the day its next step starts; without items only the queues count", () => {
    const queueOnly = departmentWork({
      projectId: 1,
      project: ordinary,
      items: [item({ projectId: 2, route: ["production"] })],
      handsOn: flat(8),
      ranFor: () => 0,
    });
    expect(dates(plan({ work: queueOnly }))).toEqual([
      ["pre-production", "2026-12-17", "2026-12-17"],
      ["production", "2026-12-18", "2026-12-18"],
      ["installation", "2026-12-18", "2026-12-18"],
    ]);
  });

  test("refusals: no due date, no steps, a department that can do no work", () => {
    expect(dates(plan({ due: null }))).toBe(SET_DUE_DATE_FIRST);
    expect(SET_DUE_DATE_FIRST).toMatch(/^Set a due date first/);
    expect(dates(plan({ steps: [] }))).toBe(NO_STEPS_TO_PLAN);
    expect(dates(plan({ departments: [dept("pre-production"), dept("production", 0), dept("installation")] }))).toBe("Production has no capacity set");
  });

  test("no planned step starts before now: from there at the same pace, and the plan says where the last one ends", () => {
    // Wednesday 14:00 local: the backward plan's pre-production would have started Tuesday noon. Forwards instead:
    // pre-production's 8 h from Wednesday 14:00 to Thursday 14:00, production's 12 h to Friday's end and Monday
    // 10:00, installation's 8 h on to Tuesday 10:00.
    const p = plan({ now: at("2026-12-16T20:00:00Z") });
    expect(dates(p)).toEqual([
      ["pre-production", "2026-12-16", "2026-12-17"],
      ["production", "2026-12-17", "2026-12-21"],
      ["installation", "2026-12-21", "2026-12-22"],
    ]);
    expect(p.ok && p.endsAfterDue).toBe("2026-12-22");
    expect(p.ok && planStepsSummary(p)).toBe(
      "Planned 3 steps: Pre Production Dec 16 – Dec 17, Production Dec 17 – Dec 21, Installation Dec 21 – Dec 22. At the shop's pace they cannot all end by the due date: the last ends Dec 22.",
    );
    expect(formatPlanDay("2026-01-02")).toBe("Jan 2");
  });

  test("no planned step starts before the project's own start date", () => {
    // Starting Thursday: pre-production Thursday, production Friday and Monday, installation into Tuesday.
    const p = plan({ earliest: "2026-12-17" });
    expect(dates(p)).toEqual([
      ["pre-production", "2026-12-17", "2026-12-17"],
      ["production", "2026-12-18", "2026-12-21"],
      ["installation", "2026-12-21", "2026-12-22"],
    ]);
    expect(p.ok && p.endsAfterDue).toBe("2026-12-22");
    // A start date the backward plan already keeps to changes nothing.
    expect(dates(plan({ earliest: "2026-12-14" }))).toEqual(dates(plan()));
    expect(plan().ok && (plan() as { endsAfterDue: string | null }).endsAfterDue).toBeNull();
  });
});
