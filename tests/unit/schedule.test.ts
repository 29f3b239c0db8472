import { describe, expect, test } from "bun:test";
import { forecast } from "~/domain/forecast";
import { buildSchedule, dateRangeText, riskReason } from "~/domain/schedule";
import { workingTime } from "~/domain/working-calendar";
import { at, calendar, dept, flat, H, item, MONDAY_8 } from "../helpers/forecast-shop";

// The schedule's arithmetic on small hand-made shops (docs/decisions/0040-schedule.md). Chicago in winter is UTC-6:
// 8:00 CST is 14:00Z, 16:00 CST is 22:00Z. Mon Nov 30 2026 … Fri Dec 4, then Mon Dec 7.

const noon = (date: string) => at(`${date}T18:00:00Z`);
const hours = (s: number) => s / H;

describe("working days", () => {
  test("the next working days skip weekends and holidays and know their windows", () => {
    const wt = workingTime({ ...calendar, holidays: ["2026-12-02"] });
    const days = wt.nextWorkingDays(MONDAY_8, 5);
    expect(days.map((d) => d.date)).toEqual(["2026-11-30", "2026-12-01", "2026-12-03", "2026-12-04", "2026-12-07"]);
    expect(new Date(days[0]!.start).toISOString()).toBe("2026-11-30T14:00:00.000Z");
    expect(new Date(days[0]!.end).toISOString()).toBe("2026-11-30T22:00:00.000Z");
    expect(days[1]!.startPosition - days[0]!.startPosition).toBe(8 * H);
    // A Saturday ends where Friday's work ended.
    expect(wt.day("2026-12-05")!.endPosition).toBe(wt.day("2026-12-04")!.endPosition);
    expect(wt.day("not a date")).toBeNull();
  });
});

describe("booked work", () => {
  test("a step's work is spread over the time it can be done in: after the steps before it, before the ones after it", () => {
    // Production then installation, 8 h each, due Tuesday: Monday is production's, Tuesday installation's.
    const tight = [item({ route: ["production", "installation"], dueAt: noon("2026-12-01") })];
    const departments = [dept("production"), dept("installation")];
    let s = buildSchedule({ now: MONDAY_8, calendar, departments, items: tight, handsOn: flat(8), days: 5 });
    expect(s.days.map((d) => d.date)).toEqual(["2026-11-30", "2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04"]);
    expect(s.departments[0]!.days.map((d) => hours(d.bookedSeconds))).toEqual([8, 0, 0, 0, 0]);
    expect(s.departments[1]!.days.map((d) => hours(d.bookedSeconds))).toEqual([0, 8, 0, 0, 0]);
    expect(s.departments[1]!.days[1]!.percent).toBe(100);
    // Due Thursday instead, one 8 h step: 2 h a day Monday to Thursday.
    const loose = [item({ route: ["installation"], dueAt: noon("2026-12-03") })];
    s = buildSchedule({ now: MONDAY_8, calendar, departments, items: loose, handsOn: flat(8), days: 5 });
    expect(s.departments[1]!.days.map((d) => d.percent)).toEqual([25, 25, 25, 25, 0]);
    expect(s.overloads).toEqual([]);
  });

  test("more work than the days hold is an overloaded run, named with its share of the capacity", () => {
    // Five 8 h installations due Thursday: 40 h over Monday to Thursday's 32 h.
    const items = [1, 2, 3, 4, 5].map((p) => item({ projectId: p, route: ["installation"], dueAt: noon("2026-12-03") }));
    const s = buildSchedule({ now: MONDAY_8, calendar, departments: [dept("installation")], items, handsOn: flat(8), days: 5 });
    expect(s.departments[0]!.days.map((d) => d.percent)).toEqual([125, 125, 125, 125, 0]);
    expect(s.overloads).toEqual([{ department: "installation", name: "Installation", from: "2026-11-30", to: "2026-12-03", percent: 125 }]);
  });

  test("two people double the capacity; hours a person override the shop's day", () => {
    const items = [1, 2].map((p) => item({ projectId: p, route: ["installation"], dueAt: noon("2026-12-01") }));
    const s = buildSchedule({ now: MONDAY_8, calendar, departments: [dept("installation", 2, 6)], items, handsOn: flat(6), days: 2 });
    expect(s.departments[0]!.capacitySecondsPerDay).toBe(12 * H);
    // Each 6 h item has Monday and Tuesday: 3 h a day each, 6 h of 12.
    expect(s.departments[0]!.days.map((d) => d.percent)).toEqual([50, 50]);
  });

  test("a department without people has no capacity: any work booked on it is an overload", () => {
    const items = [item({ route: ["installation"], dueAt: noon("2026-12-01") })];
    const s = buildSchedule({ now: MONDAY_8, calendar, departments: [dept("installation", 0)], items, handsOn: flat(2), days: 3 });
    expect(s.departments[0]!.days[1]).toEqual({ date: "2026-12-01", bookedSeconds: 1 * H, capacitySeconds: 0, percent: null, overloaded: true });
    expect(s.departments[0]!.days[2]).toEqual({ date: "2026-12-02", bookedSeconds: 0, capacitySeconds: 0, percent: 0, overloaded: false });
  });

  test("work already too late for its due date starts now and is counted as late; undated work is counted apart", () => {
    const now = at("2026-12-01T18:00:00Z"); // Tuesday noon: half of Tuesday is left
    const items = [
      item({ projectId: 1, route: ["production"], dueAt: noon("2026-11-30") }), // due yesterday
      item({ projectId: 2, route: ["production"], dueAt: null }),
    ];
    const s = buildSchedule({ now, calendar, departments: [dept("production")], items, handsOn: flat(6), days: 3 });
    const p = s.departments[0]!;
    expect(p.undatedSeconds).toBe(6 * H);
    expect(p.lateSeconds).toBe(6 * H);
    // Today's capacity is what is left of it (4 h): the late item's 6 h start now, 4 today and 2 tomorrow.
    expect(p.days.map((d) => hours(d.capacitySeconds))).toEqual([4, 8, 8]);
    expect(p.days.map((d) => hours(d.bookedSeconds))).toEqual([4, 2, 0]);
    expect(p.days[0]!.percent).toBe(100);
  });

  test("a running item has part of its first department's work behind it", () => {
    const now = at("2026-11-30T16:00:00Z"); // Monday 10:00
    // Running since 9:00 (one working hour done) with 4 h expected, due Monday: 3 h left between 10:00 and 16:00.
    const items = [item({ route: ["production"], dueAt: noon("2026-11-30"), runningSince: at("2026-11-30T15:00:00Z") })];
    const s = buildSchedule({ now, calendar, departments: [dept("production")], items, handsOn: flat(4), days: 1 });
    expect(hours(s.departments[0]!.days[0]!.bookedSeconds)).toBe(3);
    expect(hours(s.departments[0]!.days[0]!.capacitySeconds)).toBe(6);
  });

  test("a paused item has its sittings there behind it, running again or not", () => {
    const now = at("2026-11-30T16:00:00Z"); // Monday 10:00
    // 4 h expected, 1.5 h done before a Pause: 2.5 h left; resumed at 9:00 after 1.5 h of sittings: 1.5 h left.
    const paused = item({ route: ["production"], dueAt: noon("2026-11-30"), doneSeconds: 1.5 * 3600 });
    const resumed = item({ route: ["production"], dueAt: noon("2026-11-30"), doneSeconds: 1.5 * 3600, runningSince: at("2026-11-30T15:00:00Z") });
    const booked = (i: typeof paused) =>
      hours(buildSchedule({ now, calendar, departments: [dept("production")], items: [i], handsOn: flat(4), days: 1 }).departments[0]!.days[0]!.bookedSeconds);
    expect(booked(paused)).toBe(2.5);
    expect(booked(resumed)).toBe(1.5);
  });

  test("after hours the schedule starts with the next working day, not with a day that has no time left", () => {
    const evening = at("2026-11-30T23:30:00Z"); // Monday 17:30
    const s = buildSchedule({ now: evening, calendar, departments: [dept("production")], items: [], handsOn: flat(1), days: 3 });
    expect(s.days.map((d) => d.date)).toEqual(["2026-12-01", "2026-12-02", "2026-12-03"]);
    expect(s.departments[0]!.days.map((d) => hours(d.capacitySeconds))).toEqual([8, 8, 8]);
  });

  test("a calendar without working days gives an empty schedule, not an error", () => {
    const s = buildSchedule({
      now: MONDAY_8,
      calendar: { ...calendar, workingDays: [] },
      departments: [dept("production")],
      items: [item({ route: ["production"], dueAt: noon("2026-12-01") })],
      handsOn: flat(1),
    });
    expect(s.days).toEqual([]);
    expect(s.overloads).toEqual([]);
  });
});

describe("projects at risk", () => {
  test("a project the forecast finishes after its due date is at risk, with the overloaded days of the department that holds it up", () => {
    const departments = [dept("installation")];
    // Four 8 h installations due Wednesday Dec 2 (24 working hours away); one person.
    const items = [1, 2, 3, 4].map((p) => item({ projectId: p, route: ["installation"], dueAt: noon("2026-12-02"), arrivedAt: MONDAY_8 - p }));
    const input = { now: MONDAY_8, calendar, departments, items, handsOn: flat(8) };
    const f = forecast(input);
    const s = buildSchedule({ ...input, days: 5 });
    expect(s.departments[0]!.days.map((d) => d.percent)).toEqual([133, 133, 133, 0, 0]);
    // Project 4 arrived first ... project 1 last, finishing Thursday, a day after its due date; the others make it.
    const finishes = [1, 2, 3, 4].map((p) => new Date(f.project(p)!.finishAt!).toISOString());
    expect(finishes).toEqual(["2026-12-03T22:00:00.000Z", "2026-12-02T22:00:00.000Z", "2026-12-01T22:00:00.000Z", "2026-11-30T22:00:00.000Z"]);
    expect(riskReason(f.project(1)!, s, (v) => v, "2026-12-02")).toBe("Installation is booked 133% on Nov 30 – Dec 2");
  });

  test("the overloaded run can lie ahead: upstream work first, then the crunch", () => {
    // 16 h of production, then 4 h of installation, due Thursday: installation's window is Wednesday and Thursday.
    const departments = [dept("production", 10), dept("installation")];
    const handsOn = (_: string, d: string) => (d === "production" ? 16 : 4) * H;
    const items = [1, 2, 3, 4, 5].map((p) => item({ projectId: p, route: ["production", "installation"], dueAt: noon("2026-12-03") }));
    const s = buildSchedule({ now: MONDAY_8, calendar, departments, items, handsOn, days: 5 });
    expect(s.departments[1]!.days.map((d) => d.percent)).toEqual([0, 0, 125, 125, 0]);
    const p = {
      projectId: 1,
      finishAt: noon("2026-12-04"),
      blockedBy: null,
      reason: null,
      heldUpBy: "installation",
      heldUpSeconds: 8 * H,
      lastItemId: 1,
      dueAt: noon("2026-12-03"),
      openItems: 1,
    };
    expect(riskReason(p, s, (v) => v, "2026-12-03")).toBe("Installation is booked 125% on Dec 2–3");
    expect(riskReason({ ...p, reason: "Installation has no capacity set" }, s, (v) => v, "2026-12-03")).toBe("Installation has no capacity set");
    expect(riskReason({ ...p, heldUpBy: "production" }, s, (v) => v, "2026-12-03")).toBe("It waits about 8 h of working time for production");
  });

  test("date ranges read as a person writes them", () => {
    expect(dateRangeText("2026-12-03", "2026-12-05")).toBe("Dec 3–5");
    expect(dateRangeText("2026-12-03", "2026-12-03")).toBe("Dec 3");
    expect(dateRangeText("2026-11-30", "2026-12-02")).toBe("Nov 30 – Dec 2");
  });
});
