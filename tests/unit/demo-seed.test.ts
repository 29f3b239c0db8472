import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import * as schema from "../../db/schema";
import { migrate } from "../../db/migrate";
import { seedDemo } from "../../db/seed/demo";

const NOW = new Date("2025-03-12T15:30:00Z");

function freshDb() {
  const sqlite = new Database(":memory:", { strict: true });
  sqlite.run("PRAGMA foreign_keys = ON");
  migrate(sqlite);
  const db = drizzle({ client: sqlite, schema });
  return { sqlite, db };
}

const hashPin = (p: string) => "h" + p;

function seeded(adminPin?: string) {
  const { sqlite, db } = freshDb();
  const result = seedDemo(db, { hashPin, adminName: "Administrator", adminPin, now: NOW });
  return { sqlite, db, result };
}

describe("seedDemo", () => {
  const { sqlite, db, result } = seeded();

  test("8 members with distinct PINs and hashes, one administrator", () => {
    const rows = db.select().from(schema.teamMembers).all();
    expect(rows).toHaveLength(8);
    expect(result.members).toHaveLength(8);
    expect(new Set(result.members.map((m) => m.pin)).size).toBe(8);
    expect(new Set(rows.map((r) => r.pinHash)).size).toBe(8);
    for (const m of result.members) {
      expect(m.pin).toMatch(/^\d{4}$/);
      const row = rows.find((r) => r.name === m.name)!;
      expect(row.pinHash).toBe(hashPin(m.pin));
      expect(row.accessibleDepartments).toEqual(m.access);
    }
    const admins = rows.filter((r) => r.accessibleDepartments.includes("management"));
    expect(admins).toHaveLength(1);
    expect(admins[0]!.name).toBe("Administrator");
    expect(result.members[0]!.pin).toBe("1234");
    expect(rows.some((r) => r.isActive && r.accessibleDepartments.length === 0)).toBe(true);
  });

  test("departments, machines and fabrication subdepartments", () => {
    const depts = db.select().from(schema.departments).all();
    const values = depts.map((d) => d.value);
    for (const v of ["pre-production", "production", "fabrication", "quality-control", "installation", "project-management"]) {
      expect(values).toContain(v);
    }
    const machinesAsDepts = depts.filter((d) => d.isMachine && d.isActive);
    expect(machinesAsDepts.length).toBeGreaterThanOrEqual(4);
    expect(db.select().from(schema.machines).all().length).toBeGreaterThanOrEqual(4);
    const subs = db.select().from(schema.subdepartments).all();
    expect(subs.some((s) => /interior/i.test(s.name))).toBe(true);
    expect(subs.some((s) => /exterior|channel/i.test(s.name))).toBe(true);
  });

  test("project steps follow the workflow sequence in order", () => {
    const workflows = db.select().from(schema.workflows).all();
    expect(workflows).toHaveLength(3);
    const projects = db.select().from(schema.projects).all();
    expect(projects.length).toBeGreaterThanOrEqual(25);
    const instances = db.select().from(schema.projectWorkflowInstances).all();
    const steps = db.select().from(schema.projectWorkflowSteps).all();
    for (const p of projects) {
      const wf = workflows.find((w) => w.id === p.workflowId)!;
      expect(wf).toBeDefined();
      expect(p.workflowName).toBe(wf.name);
      const inst = instances.filter((i) => i.projectId === p.id);
      expect(inst).toHaveLength(1);
      const mine = steps.filter((s) => s.projectWorkflowInstanceId === inst[0]!.id).sort((a, b) => a.sortOrder - b.sortOrder);
      expect(mine.map((s) => s.department)).toEqual(wf.departmentSequence);
      expect(mine.map((s) => s.sortOrder)).toEqual(mine.map((_, k) => k));
      for (const s of mine) {
        const expected = s.percentComplete === 0 ? "pending" : s.percentComplete === 100 ? "completed" : "in-progress";
        expect(s.status).toBe(expected);
      }
    }
    expect(projects.filter((p) => p.status === "completed").length).toBeGreaterThanOrEqual(3);
  });

  test("the steps follow the floor; finished items and completed projects say when and who (decision 0048)", () => {
    const rows = sqlite
      .query<{ projectId: number; department: string; percent: number; items: number; open: number }, []>(
        `SELECT i.project_id AS projectId, s.department AS department, s.percent_complete AS percent, count(DISTINCT it.id) AS items,
           count(DISTINCT CASE WHEN it.finished_at IS NULL AND it.department = s.department THEN it.id END) AS open
         FROM project_workflow_steps s JOIN project_workflow_instances i ON i.id = s.project_workflow_instance_id
           JOIN items it ON it.project_id = i.project_id
         GROUP BY s.id`,
      )
      .all();
    expect(rows.length).toBeGreaterThan(50);
    // No step says 100% while an item still sits unfinished in its department (running or waiting there).
    for (const r of rows) if (r.open > 0) expect(r.percent, `${r.department} of project ${r.projectId}`).toBeLessThan(100);
    const finished = db
      .select()
      .from(schema.items)
      .all()
      .filter((i) => i.finishedAt !== null);
    expect(finished.length).toBeGreaterThan(5);
    expect(finished.every((i) => i.finishedBy !== null && !i.isTimerActive)).toBe(true);
    const projects = db.select().from(schema.projects).all();
    const completed = projects.filter((p) => p.status === "completed");
    expect(completed.length).toBeGreaterThanOrEqual(1);
    expect(completed.every((p) => p.completedAt !== null)).toBe(true);
    // Active projects hold finished items too.
    const activeIds = new Set(projects.filter((p) => p.status === "active").map((p) => p.id));
    expect(finished.some((i) => activeIds.has(i.projectId))).toBe(true);
  });

  test("every priority appears; Maria has rush pre-production work", () => {
    const projects = db.select().from(schema.projects).all();
    for (const pr of schema.PRIORITIES) expect(projects.some((p) => p.priority === pr)).toBe(true);
    const rows = sqlite
      .query<{ priority: string }, []>(
        `SELECT p.priority FROM project_workflow_steps s
         JOIN project_workflow_instances i ON i.id = s.project_workflow_instance_id
         JOIN projects p ON p.id = i.project_id
         JOIN step_assignments a ON a.project_workflow_step_id = s.id
         JOIN team_members m ON m.id = a.team_member_id
         WHERE m.name = 'Maria Lopez' AND s.department = 'pre-production'`,
      )
      .all();
    expect(rows.length).toBeGreaterThanOrEqual(5);
    expect(rows.some((r) => r.priority === "rush")).toBe(true);
  });

  test("items sit in their category's sequence", () => {
    const categories = db.select().from(schema.categories).all();
    const materials = new Set(
      db
        .select()
        .from(schema.materials)
        .all()
        .map((m) => m.name),
    );
    const items = db.select().from(schema.items).all();
    expect(items.length).toBeGreaterThan(60);
    for (const it of items) {
      const cat = categories.find((c) => c.name === it.category)!;
      expect(cat).toBeDefined();
      expect(cat.departmentSequence).toContain(it.department);
      expect(cat.departmentSequence[it.currentStepIndex]).toBe(it.department);
      expect(materials.has(it.material)).toBe(true);
      expect(it.qrCode).toBe(`/qr/${it.id}`);
    }
    expect(items.filter((i) => i.isTimerActive).length).toBeGreaterThanOrEqual(2);
    expect(items.filter((i) => i.totalTimeSeconds > 0).length).toBeGreaterThan(items.length / 3);
  });

  test("timer logs add up", () => {
    const items = db.select().from(schema.items).all();
    const logs = db.select().from(schema.timerLogs).all();
    for (const it of items) {
      const mine = logs.filter((l) => l.itemId === it.id).sort((a, b) => a.timestamp.getTime() - b.timestamp.getTime());
      const sum = mine.filter((l) => l.action === "stop").reduce((s, l) => s + (l.sessionDurationSeconds ?? 0), 0);
      expect(sum).toBe(it.totalTimeSeconds);
      for (const l of mine) expect(l.timestamp.getTime()).toBeLessThanOrEqual(NOW.getTime());
      // Alternating start/stop; a running item ends with a start.
      mine.forEach((l, k) => expect(l.action).toBe(k % 2 === 0 ? "start" : "stop"));
      if (it.isTimerActive) {
        expect(mine.at(-1)?.action).toBe("start");
        // Who started it: the work lists say 'by …' on every running item.
        expect(mine.at(-1)?.teamMemberId).toEqual(expect.any(Number));
        expect(it.currentSessionStart!.getTime()).toBeLessThan(NOW.getTime());
      } else if (mine.length) {
        expect(mine.at(-1)?.action).toBe("stop");
      }
    }
  });

  test("machine files and associations", () => {
    const files = db.select().from(schema.machineReadyFiles).all();
    const machineValues = new Set(
      db
        .select()
        .from(schema.departments)
        .all()
        .filter((d) => d.isMachine)
        .map((d) => d.value),
    );
    expect(files.length).toBeGreaterThan(20);
    for (const f of files) {
      expect(machineValues.has(f.machine)).toBe(true);
      if (f.isCompleted) expect(f.qrCodeClicked).toBe(true);
      expect(f.filePath).toBe(`/files/${f.fileName}`);
    }
    expect(files.some((f) => f.isCompleted)).toBe(true);
    expect(files.some((f) => f.qrCodeClicked && !f.isCompleted)).toBe(true);
    const assoc = db.select().from(schema.itemFileAssociations).all();
    const items = db.select().from(schema.items).all();
    let mismatches = 0;
    for (const a of assoc) {
      const f = files.find((x) => x.id === a.machineFileId)!;
      const it = items.find((x) => x.id === a.itemId)!;
      expect(f.projectId).toBe(it.projectId);
      if (f.description !== it.material) mismatches++;
    }
    expect(mismatches).toBeGreaterThanOrEqual(1);
    expect(mismatches).toBeLessThan(assoc.length / 4);
  });

  test("step dates are noon in the shop's zone (through the dates module), summer and winter alike", () => {
    const steps = db.select().from(schema.projectWorkflowSteps).all();
    const hourThere = (d: Date) => new Intl.DateTimeFormat("en-US", { timeZone: "America/Chicago", hour: "numeric", hour12: false }).format(d);
    for (const s of steps) {
      expect(hourThere(s.startDate!)).toBe("12");
      expect(hourThere(s.endDate!)).toBe("12");
    }
    // NOW is in March, after DST began: some steps fall on both sides of it (17:00Z and 18:00Z noons).
    expect(new Set(steps.map((s) => s.startDate!.getUTCHours())).size).toBe(2);
  });

  test("statuses follow the shared rules: step status from percent; a project completes when every step and item is done", () => {
    const steps = db.select().from(schema.projectWorkflowSteps).all();
    for (const s of steps) {
      expect(s.status).toBe(s.percentComplete === 0 ? "pending" : s.percentComplete === 100 ? "completed" : "in-progress");
    }
    const byInstance = Map.groupBy(steps, (s) => s.projectWorkflowInstanceId);
    const instances = db.select().from(schema.projectWorkflowInstances).all();
    const items = db.select().from(schema.items).all();
    for (const p of db.select().from(schema.projects).all()) {
      const own = byInstance.get(instances.find((i) => i.projectId === p.id)!.id) ?? [];
      const mine = items.filter((i) => i.projectId === p.id);
      const done = own.every((s) => s.status === "completed") && mine.length > 0 && mine.every((i) => i.finishedAt !== null);
      expect(p.status).toBe(done ? "completed" : "active");
    }
  });

  test("foreign keys hold", () => {
    expect(sqlite.query("PRAGMA foreign_key_check").all()).toEqual([]);
  });

  test("deterministic for the same now", () => {
    const again = seeded();
    const dump = (s: Database) =>
      JSON.stringify([
        s.query("SELECT name, start_date, end_date, priority, status FROM projects ORDER BY id").all(),
        s.query("SELECT * FROM timer_logs ORDER BY id").all(),
        s.query("SELECT name, machine, description, is_completed, completed_at FROM machine_ready_files ORDER BY id").all(),
      ]);
    expect(dump(again.sqlite)).toBe(dump(sqlite));
  });

  test("admin PIN colliding with a staff PIN still gives 8 distinct PINs", () => {
    const other = seeded("1111");
    const pins = other.result.members.map((m) => m.pin);
    expect(pins[0]).toBe("1111");
    expect(new Set(pins).size).toBe(8);
    expect(pins).toContain("8888");
    const hashes = other.db
      .select()
      .from(schema.teamMembers)
      .all()
      .map((r) => r.pinHash);
    expect(new Set(hashes).size).toBe(8);
  });
});
