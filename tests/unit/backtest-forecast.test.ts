import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { backtest, type BacktestResult, ShopReplay, shopCalendar } from "../../scripts/backtest-forecast";
import { seedLarge } from "../../scripts/seed-large";
import { openDatabase, setDb, type DB } from "~/infra/db.server";
import { resetEnvForTests } from "~/infra/env.server";
import { setSecretForTests } from "~/infra/secret.server";

// The forecast backtest (docs/decisions/0039-forecast-backtest.md) on a small seed-large shop: its rebuilt state
// must be the state the database really holds, and the forecast's errors must stay within bounds.

const NOW = Date.parse("2026-11-18T16:00:00Z");
const ZONE = "America/Chicago";
let dir: string;
let db: DB;
let clock: BacktestResult;
let working: BacktestResult;

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "shopflow-backtest-"));
  resetEnvForTests({ DATA_DIR: dir });
  setSecretForTests(undefined);
  db = openDatabase(path.join(dir, "shopflow.db"));
  setDb(db);
  seedLarge(db, { projects: 40, items: 800, logs: 8000, now: NOW, timeZone: ZONE });
  clock = backtest(db.$client, { timeZone: ZONE, now: NOW, sessions: "clock" });
  working = backtest(db.$client, { timeZone: ZONE, now: NOW, sessions: "working", hindsight: false });
});

afterAll(() => {
  db.$client.close();
  setDb(undefined);
  setSecretForTests(undefined);
  resetEnvForTests();
  rmSync(dir, { recursive: true, force: true });
});

describe("forecast backtest", () => {
  test("replaying the logs up to now rebuilds every open item exactly as the database holds it", () => {
    const replay = new ShopReplay(db.$client, { calendar: shopCalendar(db.$client, ZONE), until: NOW + 1 });
    replay.advanceTo(NOW + 1);
    const rebuilt = new Map(replay.openItems().map((i) => [i.id, i]));
    // Open, as /analytics and the TV board count work in progress: an active project's item that has not finished
    // its last department (or was started again since).
    const open = db.$client
      .query(
        `SELECT i.id AS id, i.department AS department, i.current_session_start AS since FROM items i JOIN projects p ON p.id = i.project_id
         WHERE p.status = 'active' AND NOT (i.is_timer_active = 0 AND EXISTS (SELECT 1 FROM timer_logs l WHERE l.item_id = i.id AND l.action = 'stop'
           AND l.finished = 1 AND l.department = i.department))`,
      )
      .all() as { id: number; department: string; since: number | null }[];
    expect(open.length).toBeGreaterThan(0);
    expect([...rebuilt.keys()].sort((a, b) => a - b)).toEqual(open.map((i) => i.id).sort((a, b) => a - b));
    for (const i of open) {
      const r = rebuilt.get(i.id)!;
      expect({ id: i.id, department: r.route[0], since: r.runningSince }).toEqual({ id: i.id, department: i.department, since: i.since });
    }
  });

  test("an item started again in its last department is open again from that moment, and done again after its stop", () => {
    // A start whose previous log is a finishing stop of the same item in the same department.
    const restart = db.$client
      .query(
        `SELECT s.item_id AS item, s.timestamp AS at, (SELECT min(t.timestamp) FROM timer_logs t WHERE t.item_id = s.item_id AND t.action = 'stop' AND t.timestamp >= s.timestamp) AS stop
         FROM timer_logs s WHERE s.action = 'start' AND (SELECT p.finished FROM timer_logs p WHERE p.item_id = s.item_id AND p.timestamp <= s.timestamp AND p.id <> s.id
           ORDER BY p.timestamp DESC, p.id DESC LIMIT 1) = 1 ORDER BY s.timestamp LIMIT 1`,
      )
      .get() as { item: number; at: number; stop: number };
    expect(restart).toBeTruthy();
    const replay = new ShopReplay(db.$client, { calendar: shopCalendar(db.$client, ZONE), until: NOW + 1 });
    replay.advanceTo(restart.at - 1);
    expect(replay.openItems().some((i) => i.id === restart.item)).toBe(false);
    replay.advanceTo(restart.at + 1);
    expect(replay.openItems().find((i) => i.id === restart.item)?.runningSince).toBe(restart.at);
    replay.advanceTo(restart.stop + 1);
    expect(replay.openItems().some((i) => i.id === restart.item)).toBe(false);
  });

  test("every project that finished in the last 90 days is forecast from the moment its first item started", () => {
    const expected = db.$client
      .query(
        `SELECT p.id AS id, (SELECT min(l.timestamp) FROM items i JOIN timer_logs l ON l.item_id = i.id WHERE i.project_id = p.id) AS started,
           (SELECT max(l.timestamp) FROM items i JOIN timer_logs l ON l.item_id = i.id WHERE i.project_id = p.id AND l.action = 'stop' AND l.finished = 1) AS finished
         FROM projects p WHERE p.status = 'completed' AND finished > ? ORDER BY p.id`,
      )
      .all(NOW - 90 * 86_400_000) as { id: number; started: number; finished: number }[];
    expect(expected.length).toBeGreaterThan(20);
    expect(clock.projects).toBe(expected.length);
    expect(clock.rows.map((r) => ({ id: r.projectId, started: r.startedAt, finished: r.finishedAt })).sort((a, b) => a.id - b.id)).toEqual(expected);
    for (const r of clock.rows) expect(r.forecastAt).toBeGreaterThan(r.startedAt);
    expect(clock.openItems).toBeGreaterThan(0);
  });

  test("with each item's real hands-on the forecast lands on the day: the seeded shop runs as the forecast models it", () => {
    // What is left is the model's own error: well under a working day for most projects. The worst are low-priority
    // projects that later orders with earlier due dates went ahead of, which no forecast made at the start can know.
    expect(clock.hindsight.median).toBeLessThanOrEqual(0.35);
    expect(clock.hindsight.p90).toBeLessThanOrEqual(3);
  });

  test("the forecast's errors stay bounded, and it beats the due date", () => {
    // Sessions measured in working time, as the app measures them (sessionHandsOn): the target, a median within one
    // working day.
    expect(working.errors.median).toBeLessThanOrEqual(1);
    expect(working.errors.p90).toBeLessThanOrEqual(3.5);
    // Sessions by their logged length, for comparison: timers left on overnight make estimates
    // long (docs/decisions/0039-forecast-backtest.md), but the error stays bounded and far below the due date's.
    expect(clock.errors.median).toBeLessThanOrEqual(2.5);
    expect(clock.errors.p90).toBeLessThanOrEqual(8);
    for (const r of [clock, working]) expect(r.errors.median).toBeLessThan(r.dueDate.median);
  });
});
