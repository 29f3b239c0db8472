import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { backtest, type BacktestResult, ShopReplay, shopCalendar } from "../../scripts/backtest-forecast";
import { seedLarge } from "../../scripts/seed-large";
import { openDatabase, setDb, type DB } from "~/infra/db.server";
import { handsOnBasis } from "~/models/project-forecast.server";
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

  test("the app's model measures the same visits as the replay: every category's estimate in every department", () => {
    const replay = new ShopReplay(db.$client, { calendar: shopCalendar(db.$client, ZONE), sessions: "working", until: NOW + 1 });
    replay.advanceTo(NOW + 1);
    const categories = (db.$client.query("SELECT name FROM categories").all() as { name: string }[]).map((c) => c.name);
    const departments = (db.$client.query("SELECT DISTINCT department FROM timer_logs").all() as { department: string }[]).map((d) => d.department);
    let compared = 0;
    for (const c of categories)
      for (const d of departments) {
        const model = handsOnBasis(c, d, NOW);
        const replayed = replay.handsOn.basis(c, d);
        expect({ c, d, from: model.from, visits: model.visits, seconds: Math.round(model.seconds) }).toEqual({
          c,
          d,
          from: replayed.from,
          visits: replayed.visits,
          seconds: Math.round(replayed.seconds),
        });
        if (model.from === "category") compared++;
      }
    expect(compared).toBeGreaterThan(10);
  });

  test("a paused item stays open in its department with its sittings' hands-on, and is done after its finishing stop", () => {
    // A stop followed by a start of the same item in the same department: a Pause.
    const pause = db.$client
      .query(
        `SELECT p.item_id AS item, p.department AS department, p.timestamp AS at,
           (SELECT min(s.timestamp) FROM timer_logs s WHERE s.item_id = p.item_id AND s.action = 'start' AND s.timestamp > p.timestamp) AS resumed,
           (SELECT min(f.timestamp) FROM timer_logs f WHERE f.item_id = p.item_id AND f.action = 'stop' AND f.finished = 1) AS finished
         FROM timer_logs p WHERE p.action = 'stop' AND p.finished = 0
           AND (SELECT n.department FROM timer_logs n WHERE n.item_id = p.item_id AND n.timestamp > p.timestamp ORDER BY n.timestamp, n.id LIMIT 1) = p.department
         ORDER BY p.timestamp LIMIT 1`,
      )
      .get() as { item: number; department: string; at: number; resumed: number; finished: number | null };
    expect(pause).toBeTruthy();
    expect(pause.finished).not.toBeNull();
    const sittings = db.$client
      .query("SELECT sum(session_duration_seconds) AS s FROM timer_logs WHERE item_id = ? AND department = ? AND action = 'stop' AND timestamp <= ?")
      .get(pause.item, pause.department, pause.at) as { s: number };
    const replay = new ShopReplay(db.$client, { calendar: shopCalendar(db.$client, ZONE), until: NOW + 1 });
    replay.advanceTo(pause.at + 1);
    const paused = replay.openItems().find((i) => i.id === pause.item)!;
    expect({ department: paused.route[0], runningSince: paused.runningSince, doneSeconds: paused.doneSeconds }).toEqual({
      department: pause.department,
      runningSince: null,
      doneSeconds: sittings.s,
    });
    replay.advanceTo(pause.resumed + 1);
    expect(replay.openItems().find((i) => i.id === pause.item)).toMatchObject({ runningSince: pause.resumed, doneSeconds: sittings.s });
    replay.advanceTo(pause.finished! + 1);
    expect(replay.openItems().some((i) => i.id === pause.item)).toBe(false);
  });

  test("an item paused a moment ago (no log after its Pause) stays where it is, its sitting done", () => {
    // An item waiting in a department it has not worked in yet, its last log well before now.
    const waiting = db.$client
      .query(
        `SELECT i.id AS item, i.department AS department FROM items i JOIN projects p ON p.id = i.project_id
         WHERE p.status = 'active' AND i.is_timer_active = 0 AND i.finished_at IS NULL
           AND NOT EXISTS (SELECT 1 FROM timer_logs l WHERE l.item_id = i.id AND (l.department = i.department OR l.timestamp > ?))
         ORDER BY i.id LIMIT 1`,
      )
      .get(NOW - 3 * 3_600_000) as { item: number; department: string };
    expect(waiting).toBeTruthy();
    const insert = db.$client.query(
      "INSERT INTO timer_logs (item_id, action, department, timestamp, session_duration_seconds, finished) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    );
    const ids = [
      insert.get(waiting.item, "start", waiting.department, NOW - 2 * 3_600_000, null, 0) as { id: number },
      insert.get(waiting.item, "stop", waiting.department, NOW - 1.5 * 3_600_000, 1800, 0) as { id: number },
    ];
    try {
      const replay = new ShopReplay(db.$client, { calendar: shopCalendar(db.$client, ZONE), until: NOW + 1 });
      replay.advanceTo(NOW + 1);
      const paused = replay.openItems().find((i) => i.id === waiting.item)!;
      expect({ department: paused.route[0], runningSince: paused.runningSince, doneSeconds: paused.doneSeconds }).toEqual({
        department: waiting.department,
        runningSince: null,
        doneSeconds: 1800,
      });
    } finally {
      for (const { id } of ids) db.$client.run("DELETE FROM timer_logs WHERE id = ?", [id]);
    }
  });

  test("an item started again after it finished (reopened) is open again from that moment, a new visit, and done after its stop", () => {
    const done = db.$client
      .query(
        `SELECT l.item_id AS item, l.department AS department, l.timestamp AS at FROM timer_logs l
         WHERE l.action = 'stop' AND l.finished = 1 AND l.timestamp < ? AND l.timestamp = (SELECT max(x.timestamp) FROM timer_logs x WHERE x.item_id = l.item_id)
         ORDER BY l.timestamp DESC LIMIT 1`,
      )
      .get(NOW - 3 * 3_600_000) as { item: number; department: string; at: number };
    expect(done).toBeTruthy();
    const insert = db.$client.query(
      "INSERT INTO timer_logs (item_id, action, department, timestamp, session_duration_seconds, finished) VALUES (?, ?, ?, ?, ?, ?) RETURNING id",
    );
    const ids = [
      insert.get(done.item, "start", done.department, done.at + 3_600_000, null, 0) as { id: number },
      insert.get(done.item, "stop", done.department, done.at + 7_200_000, 3600, 1) as { id: number },
    ];
    try {
      const replay = new ShopReplay(db.$client, { calendar: shopCalendar(db.$client, ZONE), until: NOW + 1 });
      replay.advanceTo(done.at + 1);
      expect(replay.openItems().some((i) => i.id === done.item)).toBe(false);
      replay.advanceTo(done.at + 3_600_001);
      expect(replay.openItems().find((i) => i.id === done.item)).toMatchObject({ runningSince: done.at + 3_600_000, doneSeconds: 0 });
      replay.advanceTo(done.at + 7_200_001);
      expect(replay.openItems().some((i) => i.id === done.item)).toBe(false);
    } finally {
      for (const { id } of ids) db.$client.run("DELETE FROM timer_logs WHERE id = ?", [id]);
    }
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
    // working day. Estimates from whole visits and their mean keep it well inside (0.87 on this shop when they were
    // the median of single sittings: the last department's breaks made its work look short).
    expect(working.errors.median).toBeLessThanOrEqual(0.45);
    expect(working.errors.within1).toBeGreaterThanOrEqual(0.75);
    expect(working.errors.p90).toBeLessThanOrEqual(3.5);
    // Sessions by their logged length, for comparison: timers left on overnight make estimates long
    // (docs/decisions/0039-forecast-backtest.md), which is why the app measures the working time inside them.
    expect(clock.errors.median).toBeGreaterThan(working.errors.median);
    expect(working.errors.median).toBeLessThan(working.dueDate.median);
  });
});
