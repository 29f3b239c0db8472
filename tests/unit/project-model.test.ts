import { beforeEach, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { items, machineReadyFiles, projectDesigns, projects, projectWorkflowSteps, stepAssignments, timerLogs } from "#db/schema";
import {
  assignTeamMembers,
  createProject,
  deleteProject,
  getSteps,
  listProjectsWithMetrics,
  metricsFor,
  projectSummary,
  refreshWorkflow,
  reorderSteps,
  updateProject,
  updateStep,
} from "~/models/project.server";
import { workflowModel } from "~/models/workflow.server";
import { departmentModel } from "~/models/department.server";
import { onChange, type ChangeNotice } from "~/infra/change-notices.server";
import { dataDir } from "~/infra/storage.server";
import type { DB } from "~/infra/db.server";
import { addMember, countStatements, useTestDb } from "../helpers/db";

const actor = { id: null, name: "test", ip: null };
let db: DB;
let wfId: number;

beforeEach(() => {
  db = useTestDb({ SHOP_TIMEZONE: "America/Chicago" });
  for (const name of ["Pre-Production", "Production", "Fabrication", "Installation"])
    departmentModel.create({ name, description: "", color: "blue", sortOrder: 0 } as never, actor);
  wfId = workflowModel.create({ name: "Standard", description: "", departmentSequence: ["pre-production", "production", "installation"] }, actor).id;
});

const newProject = (name = "Job", priority: "rush" | "high" | "medium" | "low" = "medium") =>
  createProject({ name, description: "d", priority, workflowId: wfId }, actor);

describe("projects and their steps", () => {
  test("creating a project makes its instance and one pending step per department, in order; changes are announced", () => {
    const seen: ChangeNotice[] = [];
    const off = onChange((n) => seen.push(n));
    const p = newProject();
    off();
    expect(p.workflowName).toBe("Standard");
    expect(p.status).toBe("active");
    const steps = getSteps({ projectId: p.id });
    expect(steps.map((s) => [s.department, s.status, s.sortOrder, s.percentComplete])).toEqual([
      ["pre-production", "pending", 0, 0],
      ["production", "pending", 1, 0],
      ["installation", "pending", 2, 0],
    ]);
    expect(seen).toEqual([expect.objectContaining({ entity: "project", id: p.id, action: "create", projectId: p.id })]);
  });

  test("step dates are noon in the shop's zone; a start after the end names the field changed", () => {
    const p = newProject();
    const [first] = getSteps({ projectId: p.id });
    const s = updateStep(first!.id, { startDate: "2026-07-01", endDate: "2026-07-03" }, actor)!;
    expect(s.startDate!.toISOString()).toBe("2026-07-01T17:00:00.000Z");
    expect(() => updateStep(first!.id, { startDate: "2026-07-05" }, actor)).toThrow("Start date cannot be later than end date.");
    expect(() => updateStep(first!.id, { endDate: "2026-06-30" }, actor)).toThrow("End date cannot be earlier than start date.");
    expect(updateStep(first!.id, { startDate: null }, actor)!.startDate).toBeNull();
  });

  test("status follows percent; the project is completed when every step is, and active again when one is not", () => {
    const p = newProject();
    const steps = getSteps({ projectId: p.id });
    expect(updateStep(steps[0]!.id, { percentComplete: 40 }, actor)!.status).toBe("in-progress");
    for (const s of steps) updateStep(s.id, { percentComplete: 100 }, actor);
    expect(db.select().from(projects).where(eq(projects.id, p.id)).get()!.status).toBe("completed");
    updateStep(steps[1]!.id, { percentComplete: 99 }, actor);
    expect(db.select().from(projects).where(eq(projects.id, p.id)).get()!.status).toBe("active");
    // An explicit status in the same patch wins.
    expect(updateStep(steps[1]!.id, { percentComplete: 100, status: "in-progress" }, actor)!.status).toBe("in-progress");
  });

  test("assign team members: names on the step, the first is the assignee; reorder rewrites zero-based indexes", () => {
    const p = newProject();
    const ann = addMember("Ann", "1111", []);
    const bob = addMember("Bob", "2222", []);
    const steps = getSteps({ projectId: p.id });
    const assigned = assignTeamMembers(steps[0]!.id, [bob.id, ann.id], actor)!;
    expect(assigned.assignedTeamMembers.map((m) => m.name)).toEqual(["Bob", "Ann"]);
    expect(assigned.assignedTeamMemberId).toBe(bob.id);
    expect(() => assignTeamMembers(steps[0]!.id, [99999], actor)).toThrow("Team member not found");
    reorderSteps(p.id, [steps[2]!.id, steps[0]!.id, steps[1]!.id], actor);
    expect(getSteps({ projectId: p.id }).map((s) => [s.department, s.sortOrder])).toEqual([
      ["installation", 0],
      ["pre-production", 1],
      ["production", 2],
    ]);
    expect(() => reorderSteps(p.id, [steps[0]!.id], actor)).toThrow("Send every step of the project once, in the new order");
  });

  test("refresh-workflow follows the workflow's new sequence and keeps dates, percent, notes and people of what remains", () => {
    const p = newProject();
    const ann = addMember("Ann", "1111", []);
    const steps = getSteps({ projectId: p.id });
    updateStep(steps[1]!.id, { startDate: "2026-07-01", percentComplete: 30, notes: "order vinyl" }, actor);
    assignTeamMembers(steps[1]!.id, [ann.id], actor);
    workflowModel.update(wfId, { departmentSequence: ["production", "fabrication", "installation"] }, actor);
    refreshWorkflow(p.id, actor);
    const after = getSteps({ projectId: p.id });
    expect(after.map((s) => s.department)).toEqual(["production", "fabrication", "installation"]);
    expect(after[0]).toMatchObject({ percentComplete: 30, notes: "order vinyl", status: "in-progress", assignedTeamMemberId: ann.id });
    expect(after[0]!.assignedTeamMembers.map((m) => m.name)).toEqual(["Ann"]);
    expect(after[1]).toMatchObject({ status: "pending", percentComplete: 0 });
  });

  test("a project's start date cannot be after its due date", () => {
    const p = newProject();
    updateProject(p.id, { startDate: "2026-07-10", endDate: "2026-07-12" }, actor);
    expect(() => updateProject(p.id, { endDate: "2026-07-01" }, actor)).toThrow("The due date is before the start date");
  });

  test("delete removes items, logs, steps, assignments, machine files and the design file", () => {
    const p = newProject();
    const ann = addMember("Ann", "1111", []);
    assignTeamMembers(getSteps({ projectId: p.id })[0]!.id, [ann.id], actor);
    const item = db.insert(items).values({ name: "Sign", category: "Letters", projectId: p.id }).returning().get();
    db.insert(timerLogs).values({ itemId: item.id, action: "start", timestamp: new Date() }).run();
    db.insert(machineReadyFiles).values({ name: "F", fileName: "f.pdf", machine: "zund", projectId: p.id }).run();
    mkdirSync(path.join(dataDir(), "designs"), { recursive: true });
    const rel = `designs/test-${p.id}-${Date.now()}.pdf`;
    writeFileSync(path.join(dataDir(), rel), "%PDF-1.4");
    db.insert(projectDesigns).values({ projectId: p.id, fileName: "d.pdf", filePath: rel, fileSize: 8, uploadedAt: new Date() }).run();
    expect(deleteProject(p.id, actor)).toBeTruthy();
    for (const t of [items, timerLogs, projectWorkflowSteps, stepAssignments, machineReadyFiles, projectDesigns]) {
      expect(db.select().from(t).all()).toHaveLength(0);
    }
    expect(existsSync(path.join(dataDir(), rel))).toBe(false);
    expect(deleteProject(p.id, actor)).toBeUndefined();
  });
});

describe("metrics and lists", () => {
  test("every metric of product §3, from grouped queries", () => {
    const p = newProject();
    const steps = getSteps({ projectId: p.id });
    updateStep(steps[0]!.id, { percentComplete: 100 }, actor);
    const a = db.insert(items).values({ name: "A", category: "x", projectId: p.id, totalTimeSeconds: 100, department: "installation" }).returning().get();
    db.insert(items).values({ name: "B", category: "x", projectId: p.id, totalTimeSeconds: 20, isTimerActive: true, currentSessionStart: new Date() }).run();
    const f = db.insert(machineReadyFiles).values({ name: "F", fileName: "f", machine: "m", projectId: p.id, isCompleted: true }).returning().get();
    db.insert(machineReadyFiles).values({ name: "G", fileName: "g", machine: "m", projectId: p.id }).run();
    db.$client.run("INSERT INTO item_file_associations (item_id, machine_file_id) VALUES (?, ?)", [a.id, f.id]);
    expect(metricsFor([p.id]).get(p.id)).toEqual({
      totalTimeSeconds: 120,
      activeTimers: 1,
      completedSteps: 1,
      totalSteps: 3,
      stepCompletionPercentage: 33,
      completedItems: 1,
      totalItems: 2,
      itemCompletionPercentage: 50,
      itemsWithFiles: 1,
      completedFiles: 1,
      totalFiles: 2,
      fileCompletionPercentage: 50,
    });
  });

  test("the list with metrics runs the same number of queries for 3 projects and for 60", async () => {
    for (let i = 0; i < 3; i++) newProject(`P${i}`);
    const small = await countStatements(() => listProjectsWithMetrics());
    for (let i = 0; i < 57; i++) newProject(`Q${i}`, (["rush", "high", "medium", "low"] as const)[i % 4]);
    let list = listProjectsWithMetrics();
    const large = await countStatements(() => (list = listProjectsWithMetrics()));
    expect(list).toHaveLength(60);
    expect(small).toBeGreaterThan(0);
    expect(small).toBeLessThanOrEqual(6);
    expect(large).toBe(small);
    const page = await countStatements(() => (list = listProjectsWithMetrics({ sort: "priority", dir: "desc", limit: 50, offset: 0 })));
    expect(list).toHaveLength(50);
    expect(page).toBe(small);
    expect(list[0]!.priority).toBe("rush");
  });

  test("the summary strip counts active projects and each priority", () => {
    newProject("a", "rush");
    newProject("b", "rush");
    newProject("c", "low");
    expect(projectSummary()).toEqual({ total: 3, active: 3, rush: 2, high: 0, medium: 0, low: 1 });
  });
});
