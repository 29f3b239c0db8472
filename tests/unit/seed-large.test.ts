import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { seedLarge, type SeedLargeResult } from "../../scripts/seed-large";
import { findActiveMemberByPin } from "~/models/team-member.server";
import { openDatabase, setDb, type DB } from "~/infra/db.server";
import { resetEnvForTests } from "~/infra/env.server";
import { setSecretForTests } from "~/infra/secret.server";

const COUNTS = { projects: 20, items: 200, logs: 2000 };
let dir: string;
let db: DB;
let result: SeedLargeResult;
const all = <T = Record<string, number>>(sql: string) => db.$client.query(sql).all() as T[];
const one = (sql: string) => Object.values(db.$client.query(sql).get() as Record<string, number>)[0];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), "shopflow-seed-large-"));
  // The PIN hashes use the secret of the data folder, as the server started on it will.
  resetEnvForTests({ DATA_DIR: dir });
  setSecretForTests(undefined);
  db = openDatabase(path.join(dir, "shopflow.db"));
  setDb(db);
  result = seedLarge(db, COUNTS);
});

afterAll(() => {
  db.$client.close();
  setDb(undefined);
  setSecretForTests(undefined);
  resetEnvForTests();
  rmSync(dir, { recursive: true, force: true });
});

describe("seed-large", () => {
  test("makes exactly the counts asked for, in a file with the app's journal mode", () => {
    expect(one("SELECT count(*) FROM projects")).toBe(20);
    expect(one("SELECT count(*) FROM items")).toBe(200);
    expect(one("SELECT count(*) FROM timer_logs")).toBe(2000);
    expect(result.counts).toMatchObject({ projects: 20, items: 200, timer_logs: 2000, project_workflow_instances: 20 });
    expect(result.itemIds).toEqual({ first: 1, last: 200 });
    expect(one("PRAGMA journal_mode")).toBe("wal" as never);
  });

  test("every constraint holds: integrity, foreign keys", () => {
    expect(all("PRAGMA integrity_check")).toEqual([{ integrity_check: "ok" } as never]);
    expect(all("PRAGMA foreign_key_check")).toEqual([]);
  });

  test("the standard departments, machine stations and an administrator who signs in with the PIN", () => {
    const values = all<{ value: string }>("SELECT value FROM departments WHERE is_machine = 0").map((r) => r.value);
    expect(values.sort()).toEqual(["fabrication", "installation", "pre-production", "production", "project-management", "quality-control"]);
    expect(one("SELECT count(*) FROM departments WHERE is_machine = 1")).toBeGreaterThan(0);
    const admin = findActiveMemberByPin("1234");
    expect(admin?.accessibleDepartments).toContain("management");
    expect(one("SELECT count(DISTINCT pin_hash) = count(*) FROM team_members WHERE is_active = 1")).toBe(1);
  });

  test("projects of every priority, one workflow instance each with one step per department of its workflow", () => {
    expect(all<{ priority: string }>("SELECT DISTINCT priority FROM projects ORDER BY 1").map((r) => r.priority)).toEqual(["high", "low", "medium", "rush"]);
    expect(one("SELECT count(*) FROM projects p WHERE (SELECT count(*) FROM project_workflow_instances i WHERE i.project_id = p.id) <> 1")).toBe(0);
    const mismatched = one(`SELECT count(*) FROM project_workflow_instances i JOIN workflows w ON w.id = i.workflow_template_id
      WHERE (SELECT count(*) FROM project_workflow_steps s WHERE s.project_workflow_instance_id = i.id) <> json_array_length(w.department_sequence)`);
    expect(mismatched).toBe(0);
    // A project is completed exactly when every step is (docs/product.md (Decisions)).
    const wrongStatus = one(`SELECT count(*) FROM projects p JOIN project_workflow_instances i ON i.project_id = p.id
      WHERE p.status <> CASE WHEN (SELECT min(s.status = 'completed') FROM project_workflow_steps s WHERE s.project_workflow_instance_id = i.id) = 1 THEN 'completed' ELSE 'active' END`);
    expect(wrongStatus).toBe(0);
    expect(one("SELECT count(*) FROM projects p WHERE NOT EXISTS (SELECT 1 FROM items WHERE project_id = p.id)")).toBe(0);
  });

  test("per item, the logged stop durations add up to total_time_seconds", () => {
    const wrong = all(`SELECT i.id, i.total_time_seconds, (SELECT coalesce(sum(session_duration_seconds), 0) FROM timer_logs t
      WHERE t.item_id = i.id AND t.action = 'stop') AS logged FROM items i WHERE logged <> i.total_time_seconds`);
    expect(wrong).toEqual([]);
    expect(one("SELECT sum(total_time_seconds) > 0 FROM items")).toBe(1);
  });

  test("running timers have a session start that is their last log, a start; stopped items end on a stop", () => {
    const running = one("SELECT count(*) FROM items WHERE is_timer_active = 1");
    expect(running).toBeGreaterThan(0);
    expect(one("SELECT count(*) FROM items WHERE is_timer_active = 1 AND current_session_start IS NULL")).toBe(0);
    const last = all<{ active: number; start: number | null; action: string | null; ts: number | null }>(`
      SELECT i.is_timer_active AS active, i.current_session_start AS start,
        (SELECT action FROM timer_logs t WHERE t.item_id = i.id ORDER BY timestamp DESC, id DESC LIMIT 1) AS action,
        (SELECT timestamp FROM timer_logs t WHERE t.item_id = i.id ORDER BY timestamp DESC, id DESC LIMIT 1) AS ts
      FROM items i`);
    for (const r of last) {
      if (r.active) expect([r.action, r.ts]).toEqual(["start", r.start]);
      else expect(r.action === null || r.action === "stop").toBe(true);
    }
    const byAction = Object.fromEntries(
      all<{ action: string; n: number }>("SELECT action, count(*) AS n FROM timer_logs GROUP BY action").map((r) => [r.action, r.n]),
    );
    expect(byAction.start).toBe(byAction.stop! + running!);
    expect(one(`SELECT count(*) FROM timer_logs WHERE timestamp > ${Date.now()}`)).toBe(0);
  });

  test("an item's department is where its stops moved it along its category's sequence", () => {
    const rows = all<{ dept: string; idx: number; stops: number; seq: string }>(`
      SELECT i.department AS dept, i.current_step_index AS idx, c.department_sequence AS seq,
        (SELECT count(*) FROM timer_logs t WHERE t.item_id = i.id AND t.action = 'stop') AS stops
      FROM items i JOIN categories c ON c.name = i.category`);
    expect(rows).toHaveLength(200);
    const standard = ["pre-production", "production", "fabrication", "quality-control", "installation"];
    for (const r of rows) {
      const seq = JSON.parse(r.seq) as string[];
      const order = seq.length ? seq : standard;
      expect(r.idx).toBe(Math.min(r.stops, order.length - 1));
      expect(r.dept).toBe(order[r.idx]!);
    }
  });

  test("items whose last stop was in their last department are finished, by that stop's member; their projects completed then", () => {
    // The stop in an item's last department finishes it (decision 0048); the 'finished' log row marks that stop.
    const wrong = all(`SELECT i.id FROM items i
      LEFT JOIN timer_logs t ON t.id = (SELECT id FROM timer_logs WHERE item_id = i.id AND action = 'stop' AND finished = 1 ORDER BY timestamp DESC LIMIT 1)
      WHERE (t.id IS NULL) <> (i.finished_at IS NULL) OR i.finished_at <> t.timestamp OR i.finished_by IS NOT t.team_member_id
        OR (i.finished_at IS NOT NULL AND i.is_timer_active = 1)`);
    expect(wrong).toEqual([]);
    expect(one("SELECT count(*) FROM items WHERE finished_at IS NOT NULL")).toBeGreaterThan(0);
    expect(one("SELECT count(*) FROM items WHERE finished_at IS NULL")).toBeGreaterThan(0);
    // Completed projects: every item finished, completed when the last one was; open ones carry no completion.
    expect(
      one(`SELECT count(*) FROM projects p WHERE p.status = 'completed'
      AND (p.completed_at IS NOT (SELECT max(finished_at) FROM items WHERE project_id = p.id)
        OR EXISTS (SELECT 1 FROM items WHERE project_id = p.id AND finished_at IS NULL))`),
    ).toBe(0);
    expect(one("SELECT count(*) FROM projects WHERE status = 'active' AND completed_at IS NOT NULL")).toBe(0);
  });

  test("machine files, some assigned to items", () => {
    expect(one("SELECT count(*) FROM machine_ready_files")).toBeGreaterThan(0);
    expect(one("SELECT count(*) FROM item_file_associations")).toBeGreaterThan(0);
  });

  test("step assignments include every step's assignee; one project in ten has a design record", () => {
    expect(one("SELECT count(*) FROM step_assignments")).toBeGreaterThan(0);
    expect(
      one(`SELECT count(*) FROM project_workflow_steps s WHERE s.assigned_team_member_id IS NOT NULL
        AND NOT EXISTS (SELECT 1 FROM step_assignments a WHERE a.project_workflow_step_id = s.id AND a.team_member_id = s.assigned_team_member_id)`),
    ).toBe(0);
    expect(one("SELECT count(*) FROM project_designs")).toBe(2);
  });

  test("refuses a database that already has data", () => {
    expect(() => seedLarge(db, COUNTS)).toThrow(/not empty/);
  });
});
