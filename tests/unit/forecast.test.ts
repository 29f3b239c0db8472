import { describe, expect, test } from "bun:test";
import {
  compareQueue,
  DEFAULT_HANDS_ON_SECONDS,
  forecast,
  HandsOnStats,
  HANDS_ON_TRIM,
  median,
  NO_WORKING_TIME_REASON,
  remainingDepartments,
  sessionHandsOn,
  slippedProjects,
  type ForecastItem,
  typicalHandsOn,
} from "~/domain/forecast";
import { workingTime } from "~/domain/working-calendar";
import { at, calendar, dept, flat, H, item, MONDAY_8 } from "../helpers/forecast-shop";

// The forecast's arithmetic on small hand-made shops (docs/decisions/0038-finish-date-forecast.md). Chicago in
// winter is UTC-6: 8:00 CST is 14:00Z, 16:00 CST is 22:00Z. Mon Nov 30 2026 … Fri Dec 4, Tue Dec 8.

const iso = (ms: number | null | undefined) => (ms === null || ms === undefined ? ms : new Date(ms).toISOString());

describe("one department, one person, 8 hours a day", () => {
  test("items wait their turn: the work ahead divided by the capacity, then their own hands-on", () => {
    const items = [1, 2, 3].map((p) => item({ projectId: p, route: ["production"], arrivedAt: MONDAY_8 - p * 1000 }));
    const f = forecast({ now: MONDAY_8, calendar, departments: [dept("production")], items, handsOn: flat(2) });
    // Project 3 arrived first (3 s before now), then 2, then 1.
    expect(iso(f.project(3)!.finishAt)).toBe("2026-11-30T16:00:00.000Z");
    expect(iso(f.project(2)!.finishAt)).toBe("2026-11-30T18:00:00.000Z");
    expect(iso(f.project(1)!.finishAt)).toBe("2026-11-30T20:00:00.000Z");
    const last = f.item(items[0]!.id)!;
    expect(last.steps).toEqual([
      { department: "production", startAt: at("2026-11-30T18:00:00Z"), finishAt: at("2026-11-30T20:00:00Z"), waitSeconds: 4 * H, handsOnSeconds: 2 * H },
    ]);
    expect(f.project(1)!.heldUpBy).toBe("production");
    expect(f.project(1)!.heldUpSeconds).toBe(4 * H);
  });

  test("over a weekend: Friday 14:00, two items of 2 hours finish Friday 16:00 and Monday 10:00", () => {
    const now = at("2026-12-04T20:00:00Z");
    const items = [1, 2].map((p) => item({ projectId: p, route: ["production"], arrivedAt: now - (3 - p) * 1000 }));
    const f = forecast({ now, calendar, departments: [dept("production")], items, handsOn: flat(2) });
    expect(iso(f.project(1)!.finishAt)).toBe("2026-12-04T22:00:00.000Z");
    expect(iso(f.project(2)!.finishAt)).toBe("2026-12-07T16:00:00.000Z");
  });

  test("over a holiday: Monday Dec 7 off moves the second to Tuesday 10:00", () => {
    const now = at("2026-12-04T20:00:00Z");
    const items = [1, 2].map((p) => item({ projectId: p, route: ["production"], arrivedAt: now - (3 - p) * 1000 }));
    const f = forecast({ now, calendar: { ...calendar, holidays: ["2026-12-07"] }, departments: [dept("production")], items, handsOn: flat(2) });
    expect(iso(f.project(2)!.finishAt)).toBe("2026-12-08T16:00:00.000Z");
  });

  test("work starts with the day: at 6:00 a 1-hour item finishes at 9:00", () => {
    const f = forecast({
      now: at("2026-11-30T12:00:00Z"),
      calendar,
      departments: [dept("production")],
      items: [item({ route: ["production"] })],
      handsOn: flat(1),
    });
    expect(iso(f.project(1)!.finishAt)).toBe("2026-11-30T15:00:00.000Z");
  });
});

describe("queue order: rush, then due date, then arrival", () => {
  test("a rush item that arrived last goes first; then the earliest due; then the first to arrive", () => {
    const due = (d: string) => at(`${d}T18:00:00Z`);
    const items = [
      item({ projectId: 1, route: ["production"], arrivedAt: MONDAY_8 - 5000 }),
      item({ projectId: 2, route: ["production"], arrivedAt: MONDAY_8 - 4000, dueAt: due("2026-12-10") }),
      item({ projectId: 3, route: ["production"], arrivedAt: MONDAY_8 - 3000, dueAt: due("2026-12-03") }),
      item({ projectId: 4, route: ["production"], arrivedAt: MONDAY_8 - 1000, rush: true }),
      item({ projectId: 5, route: ["production"], arrivedAt: MONDAY_8 - 6000, dueAt: due("2026-12-10") }),
    ];
    const f = forecast({ now: MONDAY_8, calendar, departments: [dept("production")], items, handsOn: flat(1) });
    const order = [...f.projects()].sort((a, b) => a.finishAt! - b.finishAt!).map((p) => p.projectId);
    expect(order).toEqual([4, 3, 5, 2, 1]);
    // The same order as the comparator the work lists use.
    const keys = items.map((i) => ({ id: i.projectId, rush: i.rush, dueAt: i.dueAt, arrivedAt: i.arrivedAt }));
    expect(keys.sort(compareQueue).map((k) => k.id)).toEqual([4, 3, 5, 2, 1]);
  });

  test("a rush item reaching a department later does not stop the work in hand, but goes before everything waiting", () => {
    // Project 1's item waits in production (3 h); project 2's rush item is in pre-production (1 h), then production.
    // Projects 3 and 4 wait in production behind project 1 (they arrived later).
    const items = [
      item({ projectId: 1, route: ["production"], arrivedAt: MONDAY_8 - 9000 }),
      item({ projectId: 2, route: ["pre-production", "production"], rush: true }),
      item({ projectId: 3, route: ["production"], arrivedAt: MONDAY_8 - 8000 }),
      item({ projectId: 4, route: ["production"], arrivedAt: MONDAY_8 - 7000 }),
    ];
    const hours: Record<string, number> = { "pre-production": 1, production: 3 };
    const f = forecast({
      now: MONDAY_8,
      calendar,
      departments: [dept("pre-production"), dept("production", 1, 24)],
      items,
      handsOn: (_, d) => hours[d]! * H,
    });
    // Production works 24 hours in an 8-hour day: 3 hours of work take 1 hour. Project 1 runs 8:00–9:00; the rush
    // item arrives at 9:00 and goes next (9:00–10:00), before projects 3 and 4.
    expect(iso(f.project(1)!.finishAt)).toBe("2026-11-30T15:00:00.000Z");
    expect(iso(f.project(2)!.finishAt)).toBe("2026-11-30T16:00:00.000Z");
    expect(iso(f.project(3)!.finishAt)).toBe("2026-11-30T17:00:00.000Z");
    expect(iso(f.project(4)!.finishAt)).toBe("2026-11-30T18:00:00.000Z");
  });
});

describe("capacity", () => {
  test("two people share the queue: four items of 2 hours finish two at 10:00 and two at 12:00", () => {
    const items = [1, 2, 3, 4].map((p) => item({ projectId: p, route: ["fabrication"], arrivedAt: MONDAY_8 - p * 1000 }));
    const f = forecast({ now: MONDAY_8, calendar, departments: [dept("fabrication", 2)], items, handsOn: flat(2) });
    const finishes = [...f.projects()].map((p) => iso(p.finishAt)).sort();
    expect(finishes).toEqual(["2026-11-30T16:00:00.000Z", "2026-11-30T16:00:00.000Z", "2026-11-30T18:00:00.000Z", "2026-11-30T18:00:00.000Z"]);
  });

  test("one person working 4 hours of the 8-hour day takes the whole day for 4 hours of work", () => {
    const f = forecast({ now: MONDAY_8, calendar, departments: [dept("installation", 1, 4)], items: [item({ route: ["installation"] })], handsOn: flat(4) });
    expect(iso(f.project(1)!.finishAt)).toBe("2026-11-30T22:00:00.000Z");
  });

  test("a department at zero capacity: the finish is unknown and says why; nothing is Infinity or NaN", () => {
    const items = [
      item({ projectId: 1, route: ["installation"] }),
      item({ projectId: 2, route: ["production", "installation"] }),
      item({ projectId: 2, route: ["production"] }),
      item({ projectId: 3, route: ["production"] }),
    ];
    const f = forecast({
      now: MONDAY_8,
      calendar,
      departments: [dept("production"), { value: "installation", name: "Installation", people: 0, hoursPerPerson: null }],
      items,
      handsOn: flat(1),
    });
    for (const id of [1, 2]) {
      expect(f.project(id)).toMatchObject({ finishAt: null, blockedBy: "installation", reason: "Installation has no capacity set" });
    }
    // The production step of project 2's item is still placed; project 3 is not held up by the blocked department.
    expect(f.item(items[1]!.id)!.steps[1]).toMatchObject({ department: "installation", startAt: null, finishAt: null });
    expect(f.item(items[1]!.id)!.steps[0]!.finishAt).not.toBeNull();
    expect(f.project(3)!.finishAt).not.toBeNull();
    const json = JSON.stringify([...f.projects()]);
    expect(json).not.toMatch(/Infinity|NaN/);
    // Zero hours a day is no capacity too.
    const g = forecast({ now: MONDAY_8, calendar, departments: [dept("production", 3, 0)], items: [item({ route: ["production"] })], handsOn: flat(1) });
    expect(g.project(1)!.reason).toBe("Production has no capacity set");
  });

  test("a shop whose calendar has no working day: every finish is unknown, for that reason", () => {
    const f = forecast({
      now: MONDAY_8,
      calendar: { ...calendar, workingDays: [] },
      departments: [dept("production")],
      items: [item({ route: ["production"] })],
      handsOn: flat(1),
    });
    expect(f.project(1)).toMatchObject({ finishAt: null, blockedBy: null, reason: NO_WORKING_TIME_REASON });
  });

  test("a department the shop does not list works at the default capacity (1 person, the shop's day)", () => {
    const f = forecast({ now: MONDAY_8, calendar, departments: [], items: [item({ route: ["paint-shop"] })], handsOn: flat(3) });
    expect(iso(f.project(1)!.finishAt)).toBe("2026-11-30T17:00:00.000Z");
  });
});

describe("running items", () => {
  test("what a running session has already done counts against its hands-on; the queue waits for it", () => {
    // Estimate 2 h; running since 6:30 on the wall clock (1.5 h before now): half an hour left, then the next.
    const running = item({ projectId: 1, route: ["production"], runningSince: MONDAY_8 - 1.5 * H * 1000 });
    const waiting = item({ projectId: 2, route: ["production"] });
    const f = forecast({ now: MONDAY_8, calendar, departments: [dept("production")], items: [running, waiting], handsOn: flat(2) });
    expect(iso(f.project(1)!.finishAt)).toBe("2026-11-30T14:30:00.000Z");
    expect(iso(f.project(2)!.finishAt)).toBe("2026-11-30T16:30:00.000Z");
    expect(f.item(running.id)!.steps[0]!.startAt).toBe(MONDAY_8 - 1.5 * H * 1000);
  });

  test("a paused item's sittings in its department count against its estimate, running again or waiting", () => {
    // Estimate 2 h. Paused after 1.5 h of work: it waits with half an hour to do (8:00–8:30), then the next item.
    const paused = item({ projectId: 1, route: ["production", "installation"], doneSeconds: 1.5 * H });
    const waiting = item({ projectId: 2, route: ["production"] });
    const f = forecast({ now: MONDAY_8, calendar, departments: [dept("production"), dept("installation")], items: [paused, waiting], handsOn: flat(2) });
    expect(f.item(paused.id)!.steps[0]!.handsOnSeconds).toBe(0.5 * H);
    expect(iso(f.item(paused.id)!.steps[0]!.finishAt)).toBe("2026-11-30T14:30:00.000Z");
    expect(iso(f.project(2)!.finishAt)).toBe("2026-11-30T16:30:00.000Z");
    // Its next department is a new visit: the whole estimate there (8:30–10:30).
    expect(f.item(paused.id)!.steps[1]!.handsOnSeconds).toBe(2 * H);
    expect(iso(f.project(1)!.finishAt)).toBe("2026-11-30T16:30:00.000Z");
    // Running again for 20 minutes after 1 h of sittings: 40 minutes left (until 8:40).
    const resumed = item({ projectId: 3, route: ["production"], doneSeconds: 1 * H, runningSince: MONDAY_8 - 20 * 60_000 });
    const g = forecast({ now: MONDAY_8, calendar, departments: [dept("production")], items: [resumed], handsOn: flat(2) });
    expect(iso(g.project(3)!.finishAt)).toBe("2026-11-30T14:40:00.000Z");
    // Past its estimate, paused or running, a visit still expects a quarter of it.
    const long = item({ projectId: 4, route: ["production"], doneSeconds: 3 * H });
    expect(iso(forecast({ now: MONDAY_8, calendar, departments: [dept("production")], items: [long], handsOn: flat(2) }).project(4)!.finishAt)).toBe(
      "2026-11-30T14:30:00.000Z",
    );
  });

  test("a session running over the night counts the working hours it spanned, as a stopped one would", () => {
    // Estimate 4 h; running since Friday 15:00: an hour that day and half an hour on Monday, 2.5 h left from 8:30.
    const since = at("2026-11-27T21:00:00Z");
    const now = MONDAY_8 + 0.5 * H * 1000;
    const running = item({ route: ["production"], runningSince: since });
    const f = forecast({ now, calendar, departments: [dept("production")], items: [running], handsOn: flat(4) });
    expect(iso(f.project(1)!.finishAt)).toBe("2026-11-30T17:00:00.000Z");
  });

  test("a session past its estimate still expects a quarter of it", () => {
    const running = item({ route: ["production"], runningSince: MONDAY_8 - 5 * H * 1000 });
    const f = forecast({ now: MONDAY_8, calendar, departments: [dept("production")], items: [running], handsOn: flat(2) });
    expect(iso(f.project(1)!.finishAt)).toBe("2026-11-30T14:30:00.000Z");
  });

  test("more running than people: the waiting item starts when enough of them are done", () => {
    const items = [
      item({ projectId: 1, route: ["production"], runningSince: MONDAY_8 - 1 * H * 1000 }),
      item({ projectId: 2, route: ["production"], runningSince: MONDAY_8 }),
      item({ projectId: 3, route: ["production"] }),
    ];
    const f = forecast({ now: MONDAY_8, calendar, departments: [dept("production")], items, handsOn: flat(2) });
    expect(iso(f.project(1)!.finishAt)).toBe("2026-11-30T15:00:00.000Z");
    expect(iso(f.project(2)!.finishAt)).toBe("2026-11-30T16:00:00.000Z");
    // One person: project 3 needs both sessions over (one worker free), from 10:00 to 12:00.
    expect(iso(f.project(3)!.finishAt)).toBe("2026-11-30T18:00:00.000Z");
  });
});

describe("items flow through their departments", () => {
  test("an item reaches its next department when it finishes the previous one; a project finishes with its last item", () => {
    const hours: Record<string, number> = { "pre-production": 1, production: 2, installation: 3 };
    const items = [
      item({ projectId: 7, route: ["pre-production", "production", "installation"] }),
      item({ projectId: 7, route: ["installation"], arrivedAt: MONDAY_8 - 1000 }),
    ];
    const f = forecast({
      now: MONDAY_8,
      calendar,
      departments: [dept("pre-production"), dept("production"), dept("installation")],
      items,
      handsOn: (_, d) => hours[d]! * H,
    });
    const first = f.item(items[0]!.id)!;
    expect(first.steps.map((s) => [s.department, iso(s.startAt), iso(s.finishAt), s.waitSeconds])).toEqual([
      ["pre-production", "2026-11-30T14:00:00.000Z", "2026-11-30T15:00:00.000Z", 0],
      ["production", "2026-11-30T15:00:00.000Z", "2026-11-30T17:00:00.000Z", 0],
      // Installation is busy with the other item (8:00–11:00) when this one arrives at 11:00: no wait.
      ["installation", "2026-11-30T17:00:00.000Z", "2026-11-30T20:00:00.000Z", 0],
    ]);
    expect(f.project(7)).toMatchObject({ finishAt: at("2026-11-30T20:00:00Z"), lastItemId: items[0]!.id, openItems: 2 });
    // Waiting nowhere, it is held up by where it works longest.
    expect(f.project(7)!.heldUpBy).toBe("installation");
  });

  test("the hands-on estimate is asked per category and department", () => {
    const asked: string[] = [];
    const items = [item({ category: "Wrap", route: ["production", "installation"] }), item({ category: "Wrap", route: ["production"] })];
    forecast({
      now: MONDAY_8,
      calendar,
      departments: [dept("production"), dept("installation")],
      items,
      handsOn: (c, d) => {
        asked.push(`${c}/${d}`);
        return H;
      },
    });
    expect(asked).toEqual(["Wrap/production", "Wrap/installation"]);
  });
});

describe("hands-on estimates", () => {
  test("the category's last 50 visits in the department, else the department's, else 1 hour", () => {
    const stats = new HandsOnStats();
    expect(stats.estimate("Banner", "production")).toBe(DEFAULT_HANDS_ON_SECONDS);
    stats.record("production", "Wrap", 600);
    expect(stats.estimate("Banner", "production")).toBe(600);
    expect(stats.basis("Banner", "production")).toEqual({ seconds: 600, from: "department", visits: 1 });
    for (let s = 1; s <= 60; s++) stats.record("production", "Banner", s * 100);
    // Visits 11..60 remain (1100..6000); the 2 shortest and 2 longest are left out: the mean of 1300..5800 is 3550.
    expect(stats.estimate("banner", "production")).toBe(3550);
    expect(stats.basis("Banner", "production")).toEqual({ seconds: 3550, from: "category", visits: 50 });
    stats.load("installation", null, [100, 200, 900]);
    expect(stats.estimate("Banner", "installation")).toBe(200);
    expect(median([])).toBeNull();
    expect(median([4, 1, 3, 2])).toBe(2.5);
  });

  test("a typical visit is the mean of the visits without the extreme few: skewed work is not promised early", () => {
    expect(typicalHandsOn([])).toBeNull();
    // Most jobs take an hour, one in five takes four: the queue is worked off at about 1.5 h a job (the 2 shortest
    // and 2 longest left out: 38 of 1 h, 8 of 4 h), where a median says 1 h.
    const skewed = Array.from({ length: 50 }, (_, k) => (k % 5 === 4 ? 4 * H : H));
    expect(median(skewed)).toBe(H);
    expect(typicalHandsOn(skewed)).toBeCloseTo(((38 + 8 * 4) / 46) * H, 6);
    // One forgotten timer (a week of working time) among 50 visits of an hour moves nothing: it is left out.
    expect(HANDS_ON_TRIM * 50).toBeGreaterThanOrEqual(1);
    expect(typicalHandsOn([...Array.from({ length: 49 }, () => H), 42.5 * H])).toBe(H);
    // Under 20 visits the single shortest and longest are left out (from three on): a category's first visits are the
    // ones one forgotten timer would move most. Ten visits of an hour and a 40-hour timer: an hour.
    expect(typicalHandsOn([...Array.from({ length: 10 }, () => H), 40 * H])).toBe(H);
    expect(typicalHandsOn([H, 2 * H, 6 * H])).toBe(2 * H);
    expect(typicalHandsOn([H, 3 * H])).toBe(2 * H);
  });
});

describe("remaining departments", () => {
  test("the current one, then the rest of the category's sequence (else the standard order)", () => {
    expect(remainingDepartments(["pre-production", "production", "installation"], "production")).toEqual(["production", "installation"]);
    expect(remainingDepartments([], "fabrication")).toEqual(["fabrication", "quality-control", "installation"]);
    expect(remainingDepartments(["production", "installation"], "installation")).toEqual(["installation"]);
    // An item in a department its sequence does not name goes to the sequence's first when it is done there.
    expect(remainingDepartments(["production", "installation"], "pre-production")).toEqual(["pre-production", "production", "installation"]);
  });
});

describe("what if", () => {
  test("making a project rush moves it ahead and names the projects that slip", () => {
    const items = [1, 2, 3].map((p) => item({ projectId: p, route: ["production"], arrivedAt: MONDAY_8 - (4 - p) * 1000 }));
    const input = { now: MONDAY_8, calendar, departments: [dept("production")], items, handsOn: flat(2) };
    const base = forecast(input);
    const preview = forecast({ ...input, items: items.map((i) => (i.projectId === 3 ? { ...i, rush: true } : i)) });
    expect(iso(preview.project(3)!.finishAt)).toBe("2026-11-30T16:00:00.000Z");
    expect(slippedProjects(base, preview, 3)).toEqual([
      { projectId: 1, before: at("2026-11-30T16:00:00Z"), after: at("2026-11-30T18:00:00Z"), slipSeconds: 2 * H },
      { projectId: 2, before: at("2026-11-30T18:00:00Z"), after: at("2026-11-30T20:00:00Z"), slipSeconds: 2 * H },
    ]);
  });
});

describe("size", () => {
  test("200,000 items in 10,000 projects through five departments: linear work, not a step per pair of items", () => {
    const seq = ["pre-production", "production", "fabrication", "quality-control", "installation"];
    const routes = seq.map((_, k) => seq.slice(k));
    const items: ForecastItem[] = [];
    for (let i = 0; i < 200_000; i++) {
      items.push({
        id: i + 1,
        projectId: (i % 10_000) + 1,
        category: `c${i % 8}`,
        route: routes[i % 5]!,
        runningSince: i % 250 === 0 ? MONDAY_8 - 600_000 : null,
        rush: i % 8 === 0,
        dueAt: MONDAY_8 + (i % 40) * 86_400_000,
        arrivedAt: MONDAY_8 - i * 1000,
      });
    }
    // About 0.3 s on the shared 2-core machine (`npm run bench`, docs/benchmarks.md); work per pair of items
    // would take minutes and end at the test's timeout.
    const f = forecast({ now: MONDAY_8, calendar, departments: seq.map((d) => dept(d, 20)), items, handsOn: flat(0.5) });
    expect(f.projectCount).toBe(10_000);
    expect([...f.projects()].every((p) => p.finishAt !== null && Number.isFinite(p.finishAt))).toBe(true);
  });
});

describe("a session's hands-on", () => {
  const wt = workingTime(calendar);
  test("a timer left on overnight counts the working hours it spanned, not the night", () => {
    // Started Monday 15:00 CST (21:00Z), stopped Tuesday 9:00 (15:00Z): 18 hours logged, 1 + 1 working hours.
    expect(sessionHandsOn(wt, at("2026-12-01T15:00:00Z"), 18 * H) / H).toBe(2);
    // Over a weekend: Friday 15:00 to Monday 9:00.
    expect(sessionHandsOn(wt, at("2026-11-30T15:00:00Z"), 66 * H) / H).toBe(2);
  });

  test("a session inside the working day is its logged length; one wholly outside it keeps its length", () => {
    expect(sessionHandsOn(wt, at("2026-11-30T18:00:00Z"), 2 * H)).toBe(2 * H);
    // Saturday 10:00–12:00: no working time inside, the job still took two hours.
    expect(sessionHandsOn(wt, at("2026-12-05T18:00:00Z"), 2 * H)).toBe(2 * H);
    expect(sessionHandsOn(null, at("2026-12-01T15:00:00Z"), 18 * H)).toBe(18 * H);
  });
});
