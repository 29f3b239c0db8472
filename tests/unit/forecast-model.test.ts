import { afterAll, beforeEach, describe, expect, test } from "bun:test";
import { categoryModel } from "~/models/category.server";
import { departmentModel } from "~/models/department.server";
import {
  ABSORB_BATCH,
  BACKGROUND_COMPUTE_MS,
  forecastBacklog,
  forecastSnapshot,
  forecastStatus,
  forgetForecast,
  handsOnBasis,
  itemOutlooks,
  previewRush,
  projectOutlook,
  setForecastTimingForTests,
} from "~/models/project-forecast.server";
import { createItem, reopenItem, updateItem } from "~/models/item.server";
import { createProject, getSteps, updateProject, updateStep } from "~/models/project.server";
import { updateShopSettings } from "~/models/shop-settings.server";
import { endTimer, pauseTimer, startTimer, undoableStop, undoAdvance } from "~/models/timer.server";
import { workflowModel } from "~/models/workflow.server";
import { countStatements, useTestDb } from "../helpers/db";

// The forecast model (docs/decisions/0038-finish-date-forecast.md): what it reads, and how change notices move it.
// Chicago in winter is UTC-6; Monday Nov 30 2026, 8:00 is 14:00Z. Every department: 1 person, 8 hours.

const actor = { id: null, name: "test", ip: null };
const MONDAY_8 = Date.parse("2026-11-30T14:00:00Z");
const MIN = 60_000;
const iso = (ms: number | null | undefined) => (ms == null ? ms : new Date(ms).toISOString());

let wfId: number;
let installationId: number;

beforeEach(() => {
  useTestDb({ SHOP_TIMEZONE: "America/Chicago" });
  // Every computation "takes" no time, so none is reused: each read sees the change before it, however slow the
  // machine (tests/helpers/fresh-database.ts does the same for every test; the reuse rule has a test of its own below).
  setForecastTimingForTests({ clock: () => 0 });
  departmentModel.create({ name: "Production", description: "", color: "blue", sortOrder: 0, isMachine: false } as never, actor);
  installationId = departmentModel.create({ name: "Installation", description: "", color: "blue", sortOrder: 1, isMachine: false } as never, actor).id;
  categoryModel.create({ name: "Banner", description: "", color: "blue", departmentSequence: ["production", "installation"] }, actor);
  wfId = workflowModel.create({ name: "W", description: "", departmentSequence: ["production", "installation"] }, actor).id;
});
afterAll(() => setForecastTimingForTests({ clock: () => 0 }));

function project(name: string, endDate: string | null = null) {
  const p = createProject({ name, description: "", priority: "medium", workflowId: wfId }, actor);
  if (endDate) updateProject(p.id, { endDate }, actor);
  return p.id;
}
const item = (projectId: number, name = "Banner item") =>
  createItem({ name, category: "Banner", material: "Vinyl", quantity: 1, department: "production", projectId } as never, actor).id;

describe("the forecast model", () => {
  test("open items by queue order; a project's finish is its last item's; rush moves a project ahead", () => {
    const a = project("Bakery", "2026-12-01");
    item(a);
    item(a);
    const b = project("Hospital");
    item(b);
    // No sessions yet: 1 hour a department. Production: Bakery 8–9, 9–10, Hospital 10–11; Installation one hour later.
    const bakery = projectOutlook(a, MONDAY_8)!;
    expect(iso(bakery.finishAt)).toBe("2026-11-30T17:00:00.000Z");
    expect(bakery).toMatchObject({ dueDate: "2026-12-01", relation: "before", workingDays: 1, atRisk: false, openItems: 2, reason: null });
    expect(iso(projectOutlook(b, MONDAY_8)!.finishAt)).toBe("2026-11-30T18:00:00.000Z");
    expect(projectOutlook(b, MONDAY_8)!.relation).toBeNull();

    updateProject(b, { priority: "rush" }, actor);
    expect(iso(projectOutlook(b, MONDAY_8)!.finishAt)).toBe("2026-11-30T16:00:00.000Z");
    expect(iso(projectOutlook(a, MONDAY_8)!.finishAt)).toBe("2026-11-30T18:00:00.000Z");
  });

  test("a running session counts against its estimate; a stop ends a visit for the estimates and moves the item on", () => {
    const a = project("Bakery");
    const first = item(a);
    const second = item(a);
    startTimer(first, actor, MONDAY_8 - 30 * MIN);
    // Half an hour left on the first; the second waits for it: 8:30–9:30, then Installation 9:30–10:30.
    expect(iso(projectOutlook(a, MONDAY_8)!.finishAt)).toBe("2026-11-30T16:30:00.000Z");
    endTimer(first, actor, MONDAY_8 - 10 * MIN);
    // Banner's production visits are now one of 20 minutes: the second runs 8:00–8:20. Installation takes the first at 8:00
    // (until 9:00), then the second (9:00–10:00).
    const outlook = projectOutlook(a, MONDAY_8)!;
    expect(iso(outlook.finishAt)).toBe("2026-11-30T16:00:00.000Z");
    const items = itemOutlooks(a, MONDAY_8);
    expect(items.find((i) => i.id === second)!.steps.map((s) => [s.name, s.handsOnSeconds])).toEqual([
      ["Production", 20 * 60],
      ["Installation", 3600],
    ]);
    // Each visit counts once, however many times the forecast is computed again after other changes.
    expect(handsOnBasis("Banner", "production", MONDAY_8)).toEqual({ seconds: 20 * 60, from: "category", visits: 1 });
    for (let k = 1; k <= 3; k++) {
      // Its second Installation stop finished it: reopened, as a person does for more work (decision 0048).
      if (k === 3) reopenItem(second, actor);
      startTimer(second, actor, MONDAY_8 + k * MIN);
      endTimer(second, actor, MONDAY_8 + k * MIN + 30 * MIN);
      projectOutlook(a, MONDAY_8 + 61 * MIN * k);
    }
    // 20 minutes, then the second item's 30 in Production; its later sessions were in Installation: two visits,
    // one before it finished and one after it was reopened.
    expect(handsOnBasis("Banner", "production", MONDAY_8 + 200 * MIN)).toEqual({ seconds: 25 * 60, from: "category", visits: 2 });
    expect(handsOnBasis("Banner", "installation", MONDAY_8 + 200 * MIN)).toEqual({ seconds: 30 * 60, from: "category", visits: 2 });
  });

  test("a paused item's sittings count against its visit; the visit enters the estimates when the item moves on", () => {
    const a = project("Bakery");
    const first = item(a);
    item(a);
    startTimer(first, actor, MONDAY_8 - 60 * MIN);
    pauseTimer(first, actor, MONDAY_8 - 40 * MIN);
    // No visit timed yet (a pause ends none): an hour a department. The first has 40 minutes left in Production
    // (8:00–8:40), the second 8:40–9:40; Installation 8:40–9:40 and 9:40–10:40.
    expect(handsOnBasis("Banner", "production", MONDAY_8)).toEqual({ seconds: 3600, from: "default", visits: 0 });
    expect(itemOutlooks(a, MONDAY_8).find((i) => i.id === first)!.steps[0]!.handsOnSeconds).toBe(40 * 60);
    expect(iso(projectOutlook(a, MONDAY_8)!.finishAt)).toBe("2026-11-30T16:40:00.000Z");
    // Resumed at 7:50: 20 minutes of sittings and 10 running leave half an hour.
    startTimer(first, actor, MONDAY_8 - 10 * MIN);
    expect(itemOutlooks(a, MONDAY_8).find((i) => i.id === first)!.steps[0]!.handsOnSeconds).toBe(30 * 60);
    // Done at 7:55: one visit of 25 minutes, its two sittings together.
    endTimer(first, actor, MONDAY_8 - 5 * MIN);
    expect(handsOnBasis("Banner", "production", MONDAY_8)).toEqual({ seconds: 25 * 60, from: "category", visits: 1 });
    // The model read from scratch (a new calendar reads everything again) finds the same visit in the log.
    updateShopSettings({ holidays: ["2027-01-01"] }, actor);
    expect(handsOnBasis("Banner", "production", MONDAY_8 + MIN)).toEqual({ seconds: 25 * 60, from: "category", visits: 1 });
  });

  test("the visits counted as the floor goes equal those read from scratch: Undo, Reopen, a move by hand", () => {
    const a = project("Bakery");
    const [undone, reopened, handMoved] = [item(a), item(a), item(a)];
    let t = MONDAY_8 - 7 * 60 * MIN;
    const session = (id: number, minutes: number, stop: (id: number, at: number) => unknown = (i, at) => endTimer(i, actor, at)) => {
      startTimer(id, actor, t);
      t += minutes * MIN;
      stop(id, t);
      t += MIN;
    };
    const read = () => projectOutlook(a, t);
    // Done after 20 minutes, read, undone ('keep it in Production'), 10 more minutes, Done: one visit of 30.
    session(undone, 20);
    read();
    undoAdvance(undone, undoableStop(undone)!.stopId, actor, t - MIN + 10_000);
    read();
    session(undone, 10);
    read();
    // Through Production (15), then finished in Installation (20), reopened, 5 more, finished again, with no read
    // between: two visits in Installation, 20 and 5.
    session(reopened, 15);
    session(reopened, 20);
    reopenItem(reopened, actor);
    session(reopened, 5);
    read();
    // Paused after 40 minutes in Production, then moved to Installation by hand: a visit of 40.
    session(handMoved, 40, (i, at) => pauseTimer(i, actor, at));
    read();
    updateItem(handMoved, { department: "installation" }, actor);
    read();
    const figures = () => ({
      production: handsOnBasis("Banner", "production", t),
      installation: handsOnBasis("Banner", "installation", t),
    });
    const counted = figures();
    // Production: 30, 15, 40 (the mean of those three without the shortest and longest: 30); Installation: 20 and 5.
    expect(counted).toEqual({
      production: { seconds: 30 * 60, from: "category", visits: 3 },
      installation: { seconds: 12.5 * 60, from: "category", visits: 2 },
    });
    // A new calendar reads everything again: the same visits.
    updateShopSettings({ holidays: ["2027-01-01"] }, actor);
    expect(figures()).toEqual(counted);
  });

  test("a reopened item paused in its last department has done only its sittings since it was reopened", () => {
    const a = project("Bakery");
    const id = item(a);
    let t = MONDAY_8 - 7 * 60 * MIN;
    for (const [minutes, stop] of [
      [10, endTimer],
      [30, endTimer],
      [12, pauseTimer],
    ] as const) {
      if (minutes === 12) reopenItem(id, actor);
      startTimer(id, actor, t);
      t += minutes * MIN;
      stop(id, actor, t);
      t += MIN;
    }
    // Installation's one visit so far took 30 minutes; 12 of the next are done: 18 left.
    expect(itemOutlooks(a, t).find((i) => i.id === id)!.steps[0]!.handsOnSeconds).toBe(18 * 60);
  });

  test("the estimates take the latest 50 visits by when they ended, not by item", () => {
    const a = project("Bakery");
    const ids = Array.from({ length: 55 }, () => item(a));
    // On the weekend before (outside working hours, so each session counts as logged).
    let t = Date.parse("2026-11-28T06:00:00Z");
    // The highest item ids go first, with the shortest sessions: the latest 50 visits are 6..55 minutes.
    ids.reverse().forEach((id, k) => {
      startTimer(id, actor, t);
      t += (k + 1) * MIN;
      endTimer(id, actor, t);
      t += MIN;
    });
    // Without the 2 shortest and 2 longest of 6..55 minutes: the mean of 8..53, 30.5 minutes.
    expect(handsOnBasis("Banner", "production", t)).toEqual({ seconds: 30.5 * 60, from: "category", visits: 50 });
    updateShopSettings({ holidays: ["2027-01-01"] }, actor);
    expect(handsOnBasis("Banner", "production", t + MIN)).toEqual({ seconds: 30.5 * 60, from: "category", visits: 50 });
  });

  test("a department at zero capacity: no finish, and why", () => {
    const a = project("Bakery");
    item(a);
    departmentModel.update(installationId, { capacityPeople: 0 } as never, actor);
    expect(projectOutlook(a, MONDAY_8)).toMatchObject({ finishAt: null, reason: "Installation has no capacity set", atRisk: false });
  });

  test("an item that finished its last department leaves the forecast; a completed project has none", () => {
    const a = project("Bakery");
    const first = item(a);
    const second = item(a);
    expect(projectOutlook(a, MONDAY_8)!.openItems).toBe(2);
    for (const [start, end] of [
      [-50, -40],
      [-30, -20],
    ]) {
      startTimer(first, actor, MONDAY_8 + start! * MIN);
      endTimer(first, actor, MONDAY_8 + end! * MIN);
    }
    expect(projectOutlook(a, MONDAY_8)!.openItems).toBe(1);
    // The other item through both departments too: every item finished, the steps follow, the project completes.
    for (const [start, end] of [
      [-18, -15],
      [-12, -10],
    ]) {
      startTimer(second, actor, MONDAY_8 + start! * MIN);
      endTimer(second, actor, MONDAY_8 + end! * MIN);
    }
    expect(getSteps({ projectId: a }).every((s) => s.status === "completed")).toBe(true);
    expect(projectOutlook(a, MONDAY_8)).toBeNull();
  });

  test("after a change, the same few statements whether one item changed or twenty", async () => {
    const a = project("Bakery");
    const ids = Array.from({ length: 21 }, () => item(a));
    projectOutlook(a, MONDAY_8);
    startTimer(ids[0]!, actor, MONDAY_8 - MIN);
    const afterOne = await countStatements(() => projectOutlook(a, MONDAY_8));
    for (const id of ids.slice(1)) startTimer(id, actor, MONDAY_8 - MIN);
    const afterTwenty = await countStatements(() => projectOutlook(a, MONDAY_8));
    expect(afterTwenty).toBe(afterOne);
    expect(afterOne).toBeLessThanOrEqual(6);
    expect(forecastStatus(MONDAY_8).openItems).toBe(21);
  });

  test("'Preview as rush' writes nothing and names the projects that would slip", () => {
    const a = project("Bakery");
    item(a);
    const b = project("Hospital");
    item(b);
    const before = forecastStatus(MONDAY_8).generation;
    const preview = previewRush(b, MONDAY_8);
    expect(iso(preview.outlook!.finishAt)).toBe("2026-11-30T16:00:00.000Z");
    expect(iso(preview.before!.finishAt)).toBe("2026-11-30T17:00:00.000Z");
    expect(preview.slipped.map((s) => [s.name, iso(s.before), iso(s.after)])).toEqual([["Bakery", "2026-11-30T16:00:00.000Z", "2026-11-30T17:00:00.000Z"]]);
    // The stored forecast is the same one, and the project is not rush.
    expect(forecastStatus(MONDAY_8).generation).toBe(before);
    expect(iso(projectOutlook(b, MONDAY_8)!.finishAt)).toBe("2026-11-30T17:00:00.000Z");
  });
});

describe("reusing a forecast under a stream of scans", () => {
  test("one that took 100 ms is reused for 500 ms after a scan; any other change is shown at the next read", () => {
    // A clock that moves 100 ms between a computation's start and end: each one "takes" 100 ms.
    let t = 0;
    setForecastTimingForTests({ clock: () => (t += 50) });
    const a = project("Bakery");
    const first = item(a);
    item(a);
    const computed = forecastStatus(MONDAY_8);
    expect(computed.computeMs).toBe(50);
    setForecastTimingForTests({ clock: () => (t += 100) });
    projectOutlook(a, MONDAY_8 + 1);
    updateProject(a, { description: "changed" }, actor);
    const base = forecastStatus(MONDAY_8 + 2);
    expect(base.computeMs).toBe(100);
    startTimer(first, actor, MONDAY_8 + 3);
    // Within 5 × 100 ms of the last computation the scan is not computed yet...
    expect(forecastStatus(MONDAY_8 + 2 + 499).generation).toBe(base.generation);
    // ...and from then on it is.
    expect(forecastStatus(MONDAY_8 + 2 + 500).generation).toBe(base.generation + 1);
    // A change other than a scan is computed at once.
    const after = forecastStatus(MONDAY_8 + 503).generation;
    updateProject(a, { priority: "rush" }, actor);
    expect(forecastStatus(MONDAY_8 + 504).generation).toBe(after + 1);
  });

  test("one that took under 20 ms is never reused", () => {
    let t = 0;
    setForecastTimingForTests({ clock: () => (t += 9) });
    const a = project("Bakery");
    const first = item(a);
    const base = forecastStatus(MONDAY_8).generation;
    startTimer(first, actor, MONDAY_8 + 1);
    expect(forecastStatus(MONDAY_8 + 2).generation).toBe(base + 1);
  });
});

describe("background work while someone watches the forecast", () => {
  // The scheduler and the time of day are the test's: a wake-up runs when the test says, at the time it was due.
  type Wake = { run: () => void; at: number; cancelled: boolean };
  let wakes: Wake[];
  let now: number;
  const processTiming = () => ({
    clock: () => 0,
    now: () => now,
    schedule: (run: () => void, ms: number) => {
      const wake = { run, at: now + ms, cancelled: false };
      wakes.push(wake);
      return {
        cancel: () => {
          wake.cancelled = true;
        },
      };
    },
  });
  beforeEach(() => {
    wakes = [];
    now = MONDAY_8;
    setForecastTimingForTests(processTiming());
  });
  const pending = () => wakes.filter((w) => !w.cancelled).sort((a, b) => a.at - b.at);
  function runNext() {
    const wake = pending()[0];
    if (!wake) throw new Error("No background work is scheduled");
    wake.cancelled = true;
    now = Math.max(now, wake.at);
    wake.run();
  }

  /** A person makes a watched project rush, and the background's first wake-up runs; the generation before it. */
  function rushWatchedProject() {
    const a = project("Bakery");
    item(a);
    projectOutlook(a, now);
    const base = forecastBacklog().generation;
    updateProject(a, { priority: "rush" }, actor);
    runNext();
    return base;
  }

  test("scans are read back a batch at a time with requests in between, then computed once, as from scratch", () => {
    const a = project("Bakery");
    const ids = Array.from({ length: 2 * ABSORB_BATCH + 50 }, () => item(a));
    projectOutlook(a, now);
    const base = forecastBacklog().generation;
    for (const id of ids) startTimer(id, actor, now - MIN);
    expect(forecastBacklog()).toMatchObject({ pendingItems: ids.length, wakeAt: MONDAY_8 + 50 });
    runNext();
    expect(forecastBacklog()).toMatchObject({ pendingItems: ABSORB_BATCH + 50, generation: base });
    // The next batch comes as soon as the requests waiting meanwhile are answered.
    expect(pending()[0]!.at).toBe(now);
    runNext();
    expect(forecastBacklog().pendingItems).toBe(50);
    runNext();
    // Everything is read; the last computation was 50 ms ago, so the simulation waits for its second.
    expect(forecastBacklog()).toMatchObject({ pendingItems: 0, generation: base, wakeAt: MONDAY_8 + BACKGROUND_COMPUTE_MS });
    runNext();
    expect(forecastBacklog()).toMatchObject({ generation: base + 1, computedAt: MONDAY_8 + BACKGROUND_COMPUTE_MS, wakeAt: null });
    const kept = itemOutlooks(a, now);
    expect(kept.every((i) => i.steps[0]!.startAt === MONDAY_8 - MIN)).toBe(true);
    forgetForecast();
    expect(itemOutlooks(a, now)).toEqual(kept);
  });

  test("a scan every 100 ms for three seconds: the simulation runs three times, not thirty", () => {
    const a = project("Bakery");
    const ids = Array.from({ length: 30 }, () => item(a));
    projectOutlook(a, now);
    const base = forecastBacklog().generation;
    for (const id of ids) {
      startTimer(id, actor, now);
      const until = now + 100;
      while (pending()[0] && pending()[0]!.at <= until) runNext();
      now = until;
    }
    expect(forecastBacklog()).toMatchObject({ generation: base + 3, pendingItems: 0, computedAt: MONDAY_8 + 3 * BACKGROUND_COMPUTE_MS });
  });

  test("a change other than a scan, after a computation that took no time, is computed in full at the first wake-up", () => {
    const base = rushWatchedProject();
    expect(forecastBacklog()).toMatchObject({ generation: base + 1, computedAt: MONDAY_8 + 50, wakeAt: null });
  });

  test("the floor moving a step on is part of the scan, not a change to the project", () => {
    const a = project("Bakery");
    const first = item(a);
    item(a);
    startTimer(first, actor, now - 30 * MIN);
    projectOutlook(a, now);
    const base = forecastBacklog().generation;
    endTimer(first, actor, now);
    // The stop moved Production to 50%: still a scan, so the computation waits for its second.
    expect(getSteps({ projectId: a }).find((s) => s.department === "production")!.percentComplete).toBe(50);
    runNext();
    expect(forecastBacklog()).toMatchObject({ generation: base, pendingItems: 0, wakeAt: MONDAY_8 + BACKGROUND_COMPUTE_MS });
    runNext();
    expect(forecastBacklog().generation).toBe(base + 1);
  });

  test("between computations, 'Preview as rush' and the schedule's inputs are those of the computation shown", () => {
    const a = project("Bakery");
    item(a);
    const b = project("Hospital");
    item(b);
    const c = project("Clinic");
    const third = item(c);
    // Reads reuse the computation for a while, as a big shop's do.
    setForecastTimingForTests({ ...processTiming(), reuse: () => 10_000 });
    const before = previewRush(b, now);
    const snapshot = forecastSnapshot(now);
    const inputs = snapshot.items();
    // A scan is read back but not computed yet: the Clinic's item is running now, in the items kept in memory.
    startTimer(third, actor, now - 30 * MIN);
    runNext();
    expect(forecastBacklog()).toMatchObject({ pendingItems: 0, generation: snapshot.generation });
    expect(previewRush(b, now)).toEqual(before);
    const again = forecastSnapshot(now);
    expect(again.items()).toEqual(inputs);
    expect(again.handsOn("Banner", "production")).toBe(snapshot.handsOn("Banner", "production"));
    // Once computed, both move on with the scan.
    runNext();
    expect(
      forecastSnapshot(now)
        .items()
        .find((i) => i.id === third)!.runningSince,
    ).toBe(MONDAY_8 - 30 * MIN);
    expect(previewRush(b, now)).not.toEqual(before);
  });

  test("a stream of edits is paced as reads are: a forecast that took 100 ms is computed again 500 ms after the last", () => {
    let t = 0;
    setForecastTimingForTests({
      ...processTiming(),
      clock: () => (t += 100),
    });
    const base = rushWatchedProject();
    expect(forecastBacklog()).toMatchObject({ generation: base, wakeAt: MONDAY_8 + 500 });
    runNext();
    expect(forecastBacklog()).toMatchObject({ generation: base + 1, computedAt: MONDAY_8 + 500 });
  });

  test("a computation dated ahead of the clock does not hold the background back", () => {
    const a = project("Bakery");
    const first = item(a);
    projectOutlook(a, now + 10 * MIN);
    const base = forecastBacklog().generation;
    startTimer(first, actor, now);
    runNext();
    expect(forecastBacklog()).toMatchObject({ generation: base + 1, computedAt: MONDAY_8 + 50, wakeAt: null });
  });

  test("when no one has looked for ten minutes, nothing runs in the background", () => {
    const a = project("Bakery");
    const first = item(a);
    projectOutlook(a, now);
    now += 10 * MIN;
    startTimer(first, actor, now);
    expect(pending()).toEqual([]);
    expect(forecastBacklog()).toMatchObject({ pendingItems: 1, wakeAt: null });
    // The next read takes it in.
    expect(iso(itemOutlooks(a, now)[0]!.steps[0]!.startAt)).toBe(iso(now));
  });
});
