import { t } from "@lingui/core/macro";
import { and, asc, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import {
  items,
  machineReadyFiles,
  projectCounts,
  projectDesigns,
  projects,
  projectWorkflowInstances,
  projectWorkflowSteps,
  stepAssignments,
  teamMembers,
  workflows,
  type Project,
} from "#db/schema";
import type { z } from "zod";
import { dayOf, dueBeforeStart, type ProjectCreateSchema, type ProjectPatchSchema, type StepPatchSchema } from "~/schemas/project";
import { COMPLETED_DEPARTMENT, PRIORITY_WEIGHTS } from "~/domain/constants";
import { noonInZone } from "~/domain/dates";
import { type DB, getDb } from "~/infra/db.server";
import { followTheFloor, setProjectStatus, type Notice } from "./floor-progress.server";
import { percentOf, stepStatusFromPercent } from "~/domain/rules";
import { getEnv } from "~/infra/env.server";
import { BadRequestError, ConflictError, NotFoundError } from "~/domain/errors";
import { announce } from "~/infra/change-notices.server";
import { removeStoredFile } from "~/infra/storage.server";
import { writeAudit, writeAuditPrepared, type Actor } from "./audit.server";
import { assertFresh, changedValues, type Tx, type UpdateGuard } from "./crud.server";
import { prepared } from "./prepared.server";
import { projectDueSql } from "./project-due.server";

// Projects, their workflow instance and steps (docs/product.md, Decisions: Projects and workflow steps). Every write is one
// transaction with its audit row and, after commit, a change notice.

export type ProjectMetrics = {
  totalTimeSeconds: number;
  activeTimers: number;
  completedSteps: number;
  totalSteps: number;
  stepCompletionPercentage: number;
  completedItems: number;
  totalItems: number;
  itemCompletionPercentage: number;
  itemsWithFiles: number;
  completedFiles: number;
  totalFiles: number;
  fileCompletionPercentage: number;
};

/** `expectedFinish`: the forecast's order (models/project-forecast.server.ts), read by id with the two helpers below. */
export type ProjectSort = "priority" | "name" | "startDate" | "endDate" | "workflow" | "created" | "expectedFinish";
export type SortDir = "asc" | "desc";

const EMPTY_METRICS: ProjectMetrics = {
  totalTimeSeconds: 0,
  activeTimers: 0,
  completedSteps: 0,
  totalSteps: 0,
  stepCompletionPercentage: 0,
  completedItems: 0,
  totalItems: 0,
  itemCompletionPercentage: 0,
  itemsWithFiles: 0,
  completedFiles: 0,
  totalFiles: 0,
  fileCompletionPercentage: 0,
};

const priorityWeightSql = sql<number>`CASE ${projects.priority} ${sql.raw(
  Object.entries(PRIORITY_WEIGHTS)
    .map(([p, w]) => `WHEN '${p}' THEN ${w}`)
    .join(" "),
)} ELSE 0 END`;

function orderFor(sort: ProjectSort, dir: SortDir): SQL[] {
  const d = dir === "asc" ? asc : desc;
  // Missing dates sort as the earliest (docs/product.md §2, pre-production list), whatever the direction.
  const nullsFirst = (col: SQL | typeof projects.startDate) => (dir === "asc" ? sql`${col} IS NOT NULL` : sql`${col} IS NULL`);
  switch (sort) {
    case "priority":
      return [d(priorityWeightSql), desc(projects.createdAt), desc(projects.id)];
    case "name":
      return [d(sql`${projects.name} COLLATE NOCASE`), asc(projects.id)];
    case "startDate":
      return [nullsFirst(projects.startDate), d(projects.startDate), asc(projects.id)];
    case "endDate": {
      // The due date, or the latest step end without one (Decisions: Due dates).
      const due = projectDueSql();
      return [nullsFirst(due), d(due), asc(projects.id)];
    }
    case "workflow":
      return [d(sql`coalesce(${projects.workflowName}, '') COLLATE NOCASE`), asc(projects.id)];
    default:
      return [d(projects.createdAt), d(projects.id)];
  }
}

/**
 * The four grouped queries of `metricsFor`, compiled once: for a page of projects their ids go in as one JSON
 * array (`json_each`), so the statement is the same whatever the page holds; without ids, over every project.
 */
const metricQueries = (db: DB, some: boolean) =>
  prepared(db, some ? "project-metrics:some" : "project-metrics:all", (d) => {
    const ids = sql`(select value from json_each(${sql.placeholder("ids")}))`;
    const onlyItems = some ? inArray(items.projectId, ids) : undefined;
    return {
      items: d
        .select({
          projectId: items.projectId,
          total: sql<number>`coalesce(sum(${items.totalTimeSeconds}), 0)`,
          n: count(),
          running: sql<number>`coalesce(sum(${items.isTimerActive}), 0)`,
          // Done: in installation (docs/product.md §4), or finished in its last department (decision 0048).
          done: sql<number>`coalesce(sum(${items.department} = ${COMPLETED_DEPARTMENT} OR ${items.finishedAt} IS NOT NULL), 0)`,
        })
        .from(items)
        .where(onlyItems)
        .groupBy(items.projectId)
        .prepare(),
      steps: d
        .select({
          projectId: projectWorkflowInstances.projectId,
          n: count(),
          done: sql<number>`coalesce(sum(${projectWorkflowSteps.status} = 'completed'), 0)`,
        })
        .from(projectWorkflowSteps)
        .innerJoin(projectWorkflowInstances, eq(projectWorkflowInstances.id, projectWorkflowSteps.projectWorkflowInstanceId))
        .where(some ? inArray(projectWorkflowInstances.projectId, ids) : undefined)
        .groupBy(projectWorkflowInstances.projectId)
        .prepare(),
      files: d
        .select({
          projectId: machineReadyFiles.projectId,
          n: count(),
          done: sql<number>`coalesce(sum(${machineReadyFiles.isCompleted}), 0)`,
        })
        .from(machineReadyFiles)
        .where(some ? inArray(machineReadyFiles.projectId, ids) : sql`${machineReadyFiles.projectId} IS NOT NULL`)
        .groupBy(machineReadyFiles.projectId)
        .prepare(),
      withFiles: d
        .select({ projectId: items.projectId, n: sql<number>`count(DISTINCT ${items.id})` })
        .from(items)
        .innerJoin(sql`item_file_associations ifa`, sql`ifa.item_id = ${items.id}`)
        .where(onlyItems)
        .groupBy(items.projectId)
        .prepare(),
    };
  });

/**
 * Metrics of the given projects (or all) in four grouped queries, whatever their number (decision 0011):
 * items (time, running timers, items in installation), steps of the instance, machine files, items with files.
 */
export function metricsFor(projectIds?: number[]): Map<number, ProjectMetrics> {
  const out = new Map<number, ProjectMetrics>();
  if (projectIds && projectIds.length === 0) return out;
  const get = (id: number) => {
    let m = out.get(id);
    if (!m) out.set(id, (m = { ...EMPTY_METRICS }));
    return m;
  };
  const q = projectIds ? metricQueries(getDb(), true) : metricQueries(getDb(), false);
  const args = projectIds ? { ids: JSON.stringify(projectIds) } : {};
  for (const r of q.items.all(args)) {
    Object.assign(get(r.projectId), { totalTimeSeconds: r.total, totalItems: r.n, activeTimers: r.running, completedItems: r.done });
  }
  for (const r of q.steps.all(args)) Object.assign(get(r.projectId), { totalSteps: r.n, completedSteps: r.done });
  for (const r of q.files.all(args)) {
    if (r.projectId !== null) Object.assign(get(r.projectId), { totalFiles: r.n, completedFiles: r.done });
  }
  for (const r of q.withFiles.all(args)) get(r.projectId).itemsWithFiles = r.n;
  for (const m of out.values()) {
    m.stepCompletionPercentage = percentOf(m.completedSteps, m.totalSteps);
    m.itemCompletionPercentage = percentOf(m.completedItems, m.totalItems);
    m.fileCompletionPercentage = percentOf(m.completedFiles, m.totalFiles);
  }
  return out;
}

export type ProjectWithMetrics = Project & ProjectMetrics;

function withMetrics(rows: Project[], metrics: Map<number, ProjectMetrics>): ProjectWithMetrics[] {
  return rows.map((p) => ({ ...p, ...(metrics.get(p.id) ?? EMPTY_METRICS) }));
}

export type ListOptions = { sort?: ProjectSort; dir?: SortDir; limit?: number; offset?: number };

/** Projects in the requested order, one page or all; a fixed number of queries whatever the count. */
export function listProjects(opts: ListOptions = {}): Project[] {
  const q = getDb()
    .select()
    .from(projects)
    .orderBy(...orderFor(opts.sort ?? "created", opts.dir ?? "desc"));
  return (opts.limit !== undefined ? q.limit(opts.limit).offset(opts.offset ?? 0) : q).all();
}

export function listProjectsWithMetrics(opts: ListOptions = {}): ProjectWithMetrics[] {
  const rows = listProjects(opts);
  // For a page, only its projects' rows are aggregated; for the whole list, every row once.
  return withMetrics(rows, metricsFor(opts.limit !== undefined ? rows.map((r) => r.id) : undefined));
}

/** The projects with these ids, in this order, with their metrics: a page the caller ordered. */
export function listProjectsWithMetricsByIds(ids: readonly number[]): ProjectWithMetrics[] {
  if (ids.length === 0) return [];
  const rows = getDb()
    .select()
    .from(projects)
    .where(inArray(projects.id, [...ids]))
    .all();
  const at = new Map(ids.map((id, i) => [id, i]));
  rows.sort((a, b) => at.get(a.id)! - at.get(b.id)!);
  return withMetrics(rows, metricsFor(rows.map((r) => r.id)));
}

/** One page of the projects other than these ids, newest first, with their metrics. */
export function listProjectsWithMetricsExcept(ids: readonly number[], page: { limit: number; offset: number }): ProjectWithMetrics[] {
  const rows = getDb()
    .select()
    .from(projects)
    .where(sql`${projects.id} NOT IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)
    .orderBy(desc(projects.createdAt), desc(projects.id))
    .limit(page.limit)
    .offset(page.offset)
    .all();
  return withMetrics(rows, metricsFor(rows.map((r) => r.id)));
}

/**
 * docs/product.md §2 summary strip: Active (not completed) and one count per priority. Kept by triggers on projects
 * (migration 0005), so the strip costs one row read at 100,000 projects as at 10.
 */
export function projectSummary() {
  const row = prepared(getDb(), "projects:summary", (d) => d.select().from(projectCounts).where(eq(projectCounts.id, 1)).prepare()).get();
  return row
    ? { total: row.total, active: row.active, rush: row.rush, high: row.high, medium: row.medium, low: row.low }
    : { total: 0, active: 0, rush: 0, high: 0, medium: 0, low: 0 };
}

export function getProject(id: number): Project | undefined {
  return getDb().select().from(projects).where(eq(projects.id, id)).get();
}

export function getProjectWithMetrics(id: number): ProjectWithMetrics | undefined {
  const row = getProject(id);
  return row ? withMetrics([row], metricsFor([id]))[0] : undefined;
}

const toDate = (value: string | null | undefined): Date | null | undefined => {
  if (value === undefined) return undefined;
  if (value === null) return null;
  const day = noonInZone(dayOf(value), getEnv().SHOP_TIMEZONE);
  if (!day) throw new BadRequestError(t`Invalid date`);
  return day;
};

function workflowOrThrow(tx: Tx, id: number) {
  const wf = tx.select().from(workflows).where(eq(workflows.id, id)).get();
  if (!wf) throw new BadRequestError(t`This workflow no longer exists. Someone else may have deleted it.`);
  return wf;
}

/**
 * Makes the project's steps match the workflow's sequence: one step per department, in order. Departments that
 * remain keep their dates, percent, notes and assignments; new ones start 'pending'; gone ones are removed.
 */
function syncSteps(tx: Tx, projectId: number, workflow: { id: number; name: string; description: string; departmentSequence: string[] }, actor: Actor) {
  const q = createStatements(getDb());
  let instance = q.instanceOf.get({ projectId });
  if (!instance) {
    instance = q.insertInstance.get({ projectId, workflowTemplateId: workflow.id, name: workflow.name, description: workflow.description })!;
  } else {
    tx.update(projectWorkflowInstances)
      .set({ workflowTemplateId: workflow.id, name: workflow.name, description: workflow.description })
      .where(eq(projectWorkflowInstances.id, instance.id))
      .run();
  }
  const existing = q.stepsOf.all({ instanceId: instance.id });
  const byDepartment = new Map(existing.map((s) => [s.department, s]));
  const wanted = new Set(workflow.departmentSequence);
  const gone = existing.filter((s) => !wanted.has(s.department)).map((s) => s.id);
  if (gone.length) tx.delete(projectWorkflowSteps).where(inArray(projectWorkflowSteps.id, gone)).run();
  workflow.departmentSequence.forEach((department, index) => {
    const step = byDepartment.get(department);
    if (step) {
      if (step.sortOrder !== index) tx.update(projectWorkflowSteps).set({ sortOrder: index }).where(eq(projectWorkflowSteps.id, step.id)).run();
    } else {
      q.insertStep.run({ instanceId: instance.id, department, sortOrder: index });
    }
  });
  // New steps follow the floor at once; the status follows the items and steps (decision 0048).
  const notices = followTheFloor(projectId, actor, Date.now());
  return { instance, notices };
}

export type ProjectCreate = z.infer<typeof ProjectCreateSchema>;
export type ProjectPatch = Omit<z.infer<typeof ProjectPatchSchema>, "version">;

export type ProjectInsert = {
  name: string;
  description: string;
  priority: ProjectCreate["priority"];
  customer?: string | null;
  externalReference?: string | null;
  /** The start and due dates, calendar days ('yyyy-mm-dd') or ISO timestamps: noon of that day in the shop's zone. */
  startDate?: string | null;
  endDate?: string | null;
};
type WorkflowRow = { id: number; name: string; description: string; departmentSequence: string[] };

/** Another project's external reference, any case (unique, decision 0045): refused with a sentence rather than the index's error. */
function referenceFreeOrThrow(_tx: Tx, reference: string | null | undefined, exceptId?: number) {
  if (!reference) return;
  const other = createStatements(getDb()).referenceHolder.get({ reference });
  if (other && other.id !== exceptId)
    throw new ConflictError(t`The external reference "${reference}" is already used by the project "${other.name}". Each project needs its own.`);
}

/** Decisions: Due dates: a due date before the start date is refused (the forms word it as the spec does). */
function datesInOrderOrThrow(start: Date | null, due: Date | null) {
  if (start && due && start.getTime() > due.getTime()) throw new BadRequestError(dueBeforeStart());
}

/**
 * The external reference's unique index refused the write (a save that raced another): the same sentence as the
 * check before it, never a 500.
 */
function referenceTaken<T>(reference: string | null | undefined, write: () => T): T {
  try {
    return write();
  } catch (error) {
    if ((error as { code?: string }).code === "SQLITE_CONSTRAINT_UNIQUE" && /projects_external_ref_uq|external_reference/.test(String(error))) {
      const taken = reference ?? "";
      throw new ConflictError(t`The external reference "${taken}" is already another project's.`);
    }
    throw error;
  }
}

/**
 * A new project with its workflow's steps and its audit row, inside the caller's transaction; the caller announces
 * it after commit. The Projects page, the API and the order import all create projects through here.
 */
export function insertProjectInTx(tx: Tx, input: ProjectInsert, wf: WorkflowRow, actor: Actor): Project {
  referenceFreeOrThrow(tx, input.externalReference);
  datesInOrderOrThrow(toDate(input.startDate) ?? null, toDate(input.endDate) ?? null);
  const q = createStatements(getDb());
  const row = q.insertProject.get({
    name: input.name,
    description: input.description,
    priority: input.priority,
    workflowId: wf.id,
    workflowName: wf.name,
    customer: input.customer || null,
    externalReference: input.externalReference || null,
    startDate: toDate(input.startDate)?.getTime() ?? null,
    endDate: toDate(input.endDate)?.getTime() ?? null,
  })!;
  syncSteps(tx, row.id, wf, actor);
  const after = q.projectById.get({ id: row.id })!;
  writeAuditPrepared(actor, { action: "create", entity: "project", entityId: row.id, after });
  return after;
}

// Compiled once per database: compiling a project's INSERT compiles the triggers that keep its counts and due date
// too, which cost more than the insert itself; an order import creates hundreds of projects in a row. They run on
// the one connection, so inside the caller's transaction.
const ph = (name: string) => sql`${sql.placeholder(name)}`;
const createStatements = (db: DB) =>
  prepared(db, "projects:create", (d) => ({
    referenceHolder: d
      .select({ id: projects.id, name: projects.name })
      .from(projects)
      .where(sql`${projects.externalReference} = ${sql.placeholder("reference")} COLLATE NOCASE`)
      .limit(1)
      .prepare(),
    insertProject: d
      .insert(projects)
      .values({
        name: ph("name"),
        description: ph("description"),
        priority: ph("priority"),
        workflowId: ph("workflowId"),
        workflowName: ph("workflowName"),
        customer: ph("customer"),
        externalReference: ph("externalReference"),
        startDate: ph("startDate"),
        endDate: ph("endDate"),
      })
      .returning({ id: projects.id })
      .prepare(),
    projectById: d
      .select()
      .from(projects)
      .where(eq(projects.id, sql.placeholder("id")))
      .prepare(),
    instanceOf: d
      .select()
      .from(projectWorkflowInstances)
      .where(eq(projectWorkflowInstances.projectId, sql.placeholder("projectId")))
      .prepare(),
    insertInstance: d
      .insert(projectWorkflowInstances)
      .values({ projectId: ph("projectId"), workflowTemplateId: ph("workflowTemplateId"), name: ph("name"), description: ph("description") })
      .returning()
      .prepare(),
    stepsOf: d
      .select()
      .from(projectWorkflowSteps)
      .where(eq(projectWorkflowSteps.projectWorkflowInstanceId, sql.placeholder("instanceId")))
      .prepare(),
    insertStep: d
      .insert(projectWorkflowSteps)
      .values({ projectWorkflowInstanceId: ph("instanceId"), department: ph("department"), status: "pending", percentComplete: 0, sortOrder: ph("sortOrder") })
      .prepare(),
  }));

export function createProject(input: ProjectInsert & { workflowId: number }, actor: Actor): Project {
  const project = referenceTaken(input.externalReference, () =>
    getDb().transaction((tx) => insertProjectInTx(tx, input, workflowOrThrow(tx, input.workflowId), actor)),
  );
  announce({ entity: "project", id: project.id, action: "create", projectId: project.id });
  return project;
}

/** The workflows by id, in one query, for creating many projects in one transaction. */
export function workflowsForCreate(tx: Tx, ids: readonly number[]): Map<number, WorkflowRow> {
  if (ids.length === 0) return new Map();
  return new Map(
    tx
      .select()
      .from(workflows)
      .where(inArray(workflows.id, [...new Set(ids)]))
      .all()
      .map((w) => [w.id, w]),
  );
}

/** The update of `updateProject` inside the caller's transaction: the row after (or before, when nothing changed); the caller announces it. */
export function updateProjectInTx(tx: Tx, id: number, patch: ProjectPatch, actor: Actor, guard?: UpdateGuard): Project | undefined {
  const before = tx.select().from(projects).where(eq(projects.id, id)).get();
  if (!before) return undefined;
  assertFresh("project", before, guard);
  const values: Partial<typeof projects.$inferInsert> = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.description !== undefined) values.description = patch.description;
  if (patch.priority !== undefined) values.priority = patch.priority;
  if (patch.customer !== undefined) values.customer = patch.customer || null;
  if (patch.externalReference !== undefined && (patch.externalReference || null) !== before.externalReference) {
    referenceFreeOrThrow(tx, patch.externalReference, id);
    values.externalReference = patch.externalReference || null;
  }
  const start = toDate(patch.startDate);
  const end = toDate(patch.endDate);
  if (start !== undefined) values.startDate = start;
  if (end !== undefined) values.endDate = end;
  const s = start === undefined ? before.startDate : start;
  const e = end === undefined ? before.endDate : end;
  datesInOrderOrThrow(s, e);
  let workflowChanged: { id: number; name: string; description: string; departmentSequence: string[] } | null = null;
  if (patch.workflowId !== undefined && patch.workflowId !== before.workflowId) {
    if (patch.workflowId === null) {
      values.workflowId = null;
      values.workflowName = null;
    } else {
      workflowChanged = workflowOrThrow(tx, patch.workflowId);
      values.workflowId = workflowChanged.id;
      values.workflowName = workflowChanged.name;
    }
  }
  const changed = changedValues(values, before);
  if (Object.keys(changed).length === 0) return before;
  tx.update(projects)
    .set({ ...changed, version: before.version + 1 })
    .where(eq(projects.id, id))
    .run();
  // A new workflow brings its departments; steps of departments that stay keep their schedule.
  if (workflowChanged) syncSteps(tx, id, workflowChanged, actor);
  const after = tx.select().from(projects).where(eq(projects.id, id)).get()!;
  writeAudit(actor, { action: "update", entity: "project", entityId: id, before, after }, tx);
  return after;
}

export function updateProject(id: number, patch: ProjectPatch, actor: Actor, guard?: UpdateGuard): Project | undefined {
  const project = referenceTaken(patch.externalReference, () => getDb().transaction((tx) => updateProjectInTx(tx, id, patch, actor, guard)));
  if (project) announce({ entity: "project", id, action: "update", projectId: id });
  return project;
}

/** Deletes the project with its items, steps, assignments, machine files and design (the file after commit). */
export function deleteProject(id: number, actor: Actor): Project | undefined {
  let designPath: string | null = null;
  const deleted = getDb().transaction((tx) => {
    const before = tx.select().from(projects).where(eq(projects.id, id)).get();
    if (!before) return undefined;
    designPath = tx.select({ p: projectDesigns.filePath }).from(projectDesigns).where(eq(projectDesigns.projectId, id)).get()?.p ?? null;
    const counts = {
      items: tx.select({ n: count() }).from(items).where(eq(items.projectId, id)).get()?.n ?? 0,
      machineFiles: tx.select({ n: count() }).from(machineReadyFiles).where(eq(machineReadyFiles.projectId, id)).get()?.n ?? 0,
    };
    // Foreign keys cascade: items (and their logs and file links), the instance and its steps and assignments,
    // machine files, the design record and upload tokens.
    tx.delete(projects).where(eq(projects.id, id)).run();
    writeAudit(actor, { action: "delete", entity: "project", entityId: id, before, after: counts }, tx);
    return before;
  });
  if (deleted) {
    if (designPath) removeStoredFile(designPath);
    announce({ entity: "project", id, action: "delete", projectId: id });
  }
  return deleted;
}

// ---------------------------------------------------------------------------------------------
// Workflow instance and steps

export function getWorkflowInstances(projectId: number) {
  return getDb().select().from(projectWorkflowInstances).where(eq(projectWorkflowInstances.projectId, projectId)).all();
}

export type StepWithMembers = typeof projectWorkflowSteps.$inferSelect & {
  assignedTeamMembers: { id: number; name: string }[];
  assignedTeamMemberName: string | null;
};

/** Steps of an instance (or of a project's instance), in order, each with its assigned members: two queries. */
export function getSteps(where: { instanceId: number } | { projectId: number }): StepWithMembers[] {
  const db = getDb();
  const steps =
    "instanceId" in where
      ? db
          .select()
          .from(projectWorkflowSteps)
          .where(eq(projectWorkflowSteps.projectWorkflowInstanceId, where.instanceId))
          .orderBy(asc(projectWorkflowSteps.sortOrder), asc(projectWorkflowSteps.id))
          .all()
      : db
          .select({ s: projectWorkflowSteps })
          .from(projectWorkflowSteps)
          .innerJoin(projectWorkflowInstances, eq(projectWorkflowInstances.id, projectWorkflowSteps.projectWorkflowInstanceId))
          .where(eq(projectWorkflowInstances.projectId, where.projectId))
          .orderBy(asc(projectWorkflowSteps.sortOrder), asc(projectWorkflowSteps.id))
          .all()
          .map((r) => r.s);
  if (steps.length === 0) return [];
  const ids = steps.map((s) => s.id);
  const people = db
    .select({ stepId: stepAssignments.projectWorkflowStepId, id: teamMembers.id, name: teamMembers.name })
    .from(stepAssignments)
    .innerJoin(teamMembers, eq(teamMembers.id, stepAssignments.teamMemberId))
    .where(inArray(stepAssignments.projectWorkflowStepId, ids))
    .orderBy(asc(stepAssignments.assignedAt), asc(teamMembers.id))
    .all();
  const leadIds = [...new Set(steps.map((s) => s.assignedTeamMemberId).filter((v): v is number => v !== null))];
  const leads = new Map(
    leadIds.length
      ? db
          .select({ id: teamMembers.id, name: teamMembers.name })
          .from(teamMembers)
          .where(inArray(teamMembers.id, leadIds))
          .all()
          .map((m) => [m.id, m.name])
      : [],
  );
  return steps.map((s) => ({
    ...s,
    assignedTeamMembers: people.filter((p) => p.stepId === s.id).map(({ id, name }) => ({ id, name })),
    assignedTeamMemberName: s.assignedTeamMemberId === null ? null : (leads.get(s.assignedTeamMemberId) ?? null),
  }));
}

function stepWithProject(tx: Tx, stepId: number) {
  return tx
    .select({ step: projectWorkflowSteps, projectId: projectWorkflowInstances.projectId })
    .from(projectWorkflowSteps)
    .innerJoin(projectWorkflowInstances, eq(projectWorkflowInstances.id, projectWorkflowSteps.projectWorkflowInstanceId))
    .where(eq(projectWorkflowSteps.id, stepId))
    .get();
}

export function stepStartAfterEnd() {
  return t`Start date cannot be later than end date.`;
}
export function stepEndBeforeStart() {
  return t`End date cannot be earlier than start date.`;
}

export type StepPatch = Omit<z.infer<typeof StepPatchSchema>, "version">;

/**
 * One step's schedule, assignee, percent, status, order or notes. Dates are noon in the shop's zone; a start
 * after the end is refused with the message of the field that was changed (docs/product.md §5 Step dates). The status
 * follows the percent unless the patch names one; the project's status follows its steps.
 */
export function updateStep(stepId: number, patch: StepPatch, actor: Actor, guard?: UpdateGuard) {
  const result = getDb().transaction((tx) => {
    const found = stepWithProject(tx, stepId);
    if (!found) return undefined;
    const before = found.step;
    assertFresh("workflow step", before, guard);
    const values: Partial<typeof projectWorkflowSteps.$inferInsert> = {};
    const start = toDate(patch.startDate);
    const end = toDate(patch.endDate);
    if (start !== undefined) values.startDate = start;
    if (end !== undefined) values.endDate = end;
    const s = start === undefined ? before.startDate : start;
    const e = end === undefined ? before.endDate : end;
    if (s && e && s.getTime() > e.getTime()) {
      throw new BadRequestError(start !== undefined ? stepStartAfterEnd() : stepEndBeforeStart());
    }
    if (patch.assignedTeamMemberId !== undefined) {
      if (patch.assignedTeamMemberId !== null) {
        const member = tx.select({ id: teamMembers.id }).from(teamMembers).where(eq(teamMembers.id, patch.assignedTeamMemberId)).get();
        if (!member) throw new BadRequestError(t`Team member not found`);
      }
      values.assignedTeamMemberId = patch.assignedTeamMemberId;
    }
    if (patch.percentComplete !== undefined) {
      values.percentComplete = patch.percentComplete;
      values.status = stepStatusFromPercent(patch.percentComplete);
    }
    if (patch.status !== undefined) values.status = patch.status;
    // A person's percent or status: the floor leaves the step alone until 'Follow the floor' (decision 0048).
    if (patch.percentComplete !== undefined || patch.status !== undefined) values.setByHand = true;
    if (patch.sortOrder !== undefined) values.sortOrder = patch.sortOrder;
    if (patch.notes !== undefined) values.notes = patch.notes;
    const changed = changedValues(values, before);
    if (Object.keys(changed).length === 0) return { step: before, projectId: found.projectId, unchanged: true };
    const after = tx
      .update(projectWorkflowSteps)
      .set({ ...changed, version: before.version + 1 })
      .where(eq(projectWorkflowSteps.id, stepId))
      .returning()
      .get();
    writeAudit(actor, { action: "update", entity: "workflow-step", entityId: stepId, before, after }, tx);
    const notices = changed.status !== undefined ? followTheFloor(found.projectId, actor, Date.now()) : [];
    return { step: after, projectId: found.projectId, notices };
  });
  if (result && !("unchanged" in result))
    announce({ entity: "workflow-step", id: stepId, action: "update", projectId: result.projectId, department: result.step.department });
  for (const n of result?.notices ?? []) announce(n);
  return result?.step;
}

/**
 * 'Follow the floor' on a step set by hand: the floor sets it again, at once (docs/product.md, Decisions: The end
 * of a job). Undefined when there is no such step.
 */
export function followFloorForStep(stepId: number, actor: Actor) {
  const result = getDb().transaction((tx) => {
    const found = stepWithProject(tx, stepId);
    if (!found) return undefined;
    const before = found.step;
    if (before.setByHand) {
      tx.update(projectWorkflowSteps)
        .set({ setByHand: false, version: before.version + 1 })
        .where(eq(projectWorkflowSteps.id, stepId))
        .run();
    }
    const notices = followTheFloor(found.projectId, actor, Date.now());
    const after = tx.select().from(projectWorkflowSteps).where(eq(projectWorkflowSteps.id, stepId)).get()!;
    writeAudit(
      actor,
      {
        action: "follow-floor",
        entity: "workflow-step",
        entityId: stepId,
        before: { department: before.department, setByHand: before.setByHand, percentComplete: before.percentComplete, status: before.status },
        after: { department: after.department, setByHand: false, percentComplete: after.percentComplete, status: after.status },
      },
      tx,
    );
    return { step: after, projectId: found.projectId, notices };
  });
  if (!result) return undefined;
  announce({ entity: "workflow-step", id: stepId, action: "update", projectId: result.projectId, department: result.step.department });
  for (const n of result.notices) announce(n);
  return result.step;
}

export function projectNotCompleted() {
  return t`This project is not completed.`;
}

/**
 * Reopen project (docs/product.md, Decisions: The end of a job): a completed project is active again, audited.
 * Undefined when there is no such project; ConflictError when it is not completed.
 */
export function reopenProject(id: number, actor: Actor, now = Date.now()): Project | undefined {
  const result = getDb().transaction((tx) => {
    const before = tx.select().from(projects).where(eq(projects.id, id)).get();
    if (!before) return undefined;
    if (before.status !== "completed") throw new ConflictError(projectNotCompleted());
    const notices: Notice[] = setProjectStatus(getDb(), id, "active", actor, now, "by-hand");
    return { project: tx.select().from(projects).where(eq(projects.id, id)).get()!, notices };
  });
  if (!result) return undefined;
  for (const n of result.notices) announce(n);
  return result.project;
}

/** Replaces who works on a step (docs/product.md §7 assign-team-members); the first also becomes its assignee. */
export function assignTeamMembers(stepId: number, memberIds: number[], actor: Actor) {
  const ids = [...new Set(memberIds)];
  const result = getDb().transaction((tx) => {
    const found = stepWithProject(tx, stepId);
    if (!found) return undefined;
    if (ids.length) {
      const known = tx.select({ id: teamMembers.id }).from(teamMembers).where(inArray(teamMembers.id, ids)).all();
      if (known.length !== ids.length) throw new BadRequestError(t`Team member not found`);
    }
    const before = tx.select({ id: stepAssignments.teamMemberId }).from(stepAssignments).where(eq(stepAssignments.projectWorkflowStepId, stepId)).all();
    tx.delete(stepAssignments).where(eq(stepAssignments.projectWorkflowStepId, stepId)).run();
    const now = Date.now();
    if (ids.length) {
      tx.insert(stepAssignments)
        .values(ids.map((teamMemberId, i) => ({ projectWorkflowStepId: stepId, teamMemberId, assignedAt: new Date(now + i) })))
        .run();
    }
    tx.update(projectWorkflowSteps)
      .set({ assignedTeamMemberId: ids[0] ?? null, version: found.step.version + 1 })
      .where(eq(projectWorkflowSteps.id, stepId))
      .run();
    writeAudit(actor, { action: "assign", entity: "workflow-step", entityId: stepId, before: before.map((b) => b.id), after: ids }, tx);
    return found;
  });
  if (!result) return undefined;
  announce({ entity: "workflow-step", id: stepId, action: "assign", projectId: result.projectId, department: result.step.department });
  return getSteps({ instanceId: result.step.projectWorkflowInstanceId }).find((s) => s.id === stepId);
}

/** The project's step ids in their order. */
function stepOrder(tx: Tx, projectId: number): number[] {
  return tx
    .select({ id: projectWorkflowSteps.id })
    .from(projectWorkflowSteps)
    .innerJoin(projectWorkflowInstances, eq(projectWorkflowInstances.id, projectWorkflowSteps.projectWorkflowInstanceId))
    .where(eq(projectWorkflowInstances.projectId, projectId))
    .orderBy(asc(projectWorkflowSteps.sortOrder), asc(projectWorkflowSteps.id))
    .all()
    .map((r) => r.id);
}

function writeStepOrder(tx: Tx, projectId: number, current: number[], stepIds: number[], actor: Actor) {
  for (const [index, id] of stepIds.entries()) tx.update(projectWorkflowSteps).set({ sortOrder: index }).where(eq(projectWorkflowSteps.id, id)).run();
  // Recorded under the project: its id under 'workflow-step' would read as the id of a step.
  writeAudit(actor, { action: "reorder-steps", entity: "project", entityId: projectId, before: current, after: stepIds }, tx);
}

/** docs/product.md §4: a reorder rewrites sortOrder as the zero-based index of every step of the project. */
export function reorderSteps(projectId: number, stepIds: number[], actor: Actor) {
  const done = getDb().transaction((tx) => {
    const current = stepOrder(tx, projectId);
    if (current.length === 0) return false;
    const same = current.length === stepIds.length && new Set(stepIds).size === stepIds.length && stepIds.every((id) => current.includes(id));
    if (!same) throw new BadRequestError(t`Send every step of the project once, in the new order`);
    writeStepOrder(tx, projectId, current, stepIds, actor);
    return true;
  });
  if (done) announce({ entity: "workflow-step", id: null, action: "reorder", projectId });
  return done;
}

/**
 * The project page's ↑/↓ on a step: it swaps places with its neighbour, the order read and written in one
 * transaction, so two moves at once each act on the order the other left. At either end nothing changes.
 */
export function moveStep(projectId: number, stepId: number, direction: "up" | "down", actor: Actor): "moved" | "at-end" {
  const moved = getDb().transaction((tx) => {
    const current = stepOrder(tx, projectId);
    const at = current.indexOf(stepId);
    if (at < 0) throw new NotFoundError(t`This workflow step no longer exists. Someone else may have removed it.`);
    const to = direction === "up" ? at - 1 : at + 1;
    if (to < 0 || to >= current.length) return false;
    const order = [...current];
    [order[at], order[to]] = [order[to]!, order[at]!];
    writeStepOrder(tx, projectId, current, order, actor);
    return true;
  });
  if (moved) announce({ entity: "workflow-step", id: null, action: "reorder", projectId });
  return moved ? "moved" : "at-end";
}

/** docs/product.md (Decisions) refresh-workflow: re-sync with the workflow's current sequence, keeping what remains. */
export function refreshWorkflow(projectId: number, actor: Actor) {
  const done = getDb().transaction((tx) => {
    const project = tx.select().from(projects).where(eq(projects.id, projectId)).get();
    if (!project) throw new NotFoundError(t`Project not found`);
    if (project.workflowId === null) throw new BadRequestError(t`This project has no workflow to refresh`);
    const wf = workflowOrThrow(tx, project.workflowId);
    const { instance, notices } = syncSteps(tx, projectId, wf, actor);
    writeAudit(actor, { action: "refresh-workflow", entity: "project", entityId: projectId, after: wf.departmentSequence }, tx);
    return { instance, notices };
  });
  announce({ entity: "workflow-step", id: null, action: "refresh", projectId });
  for (const n of done.notices) announce(n);
  return done.instance;
}

export type AssignedProject = {
  id: number;
  name: string;
  description: string;
  priority: string;
  stepStartDate: Date | null;
  stepEndDate: Date | null;
};

/**
 * docs/product.md §3 'pre-production list project': projects with a step of `department` assigned to the member, as the
 * step's assignee or through a step assignment; the step's dates come along. One query.
 */
export function assignedProjects(memberId: number, department: string): AssignedProject[] {
  return getDb()
    .select({
      id: projects.id,
      name: projects.name,
      description: projects.description,
      priority: projects.priority,
      stepStartDate: projectWorkflowSteps.startDate,
      stepEndDate: projectWorkflowSteps.endDate,
    })
    .from(projectWorkflowSteps)
    .innerJoin(projectWorkflowInstances, eq(projectWorkflowInstances.id, projectWorkflowSteps.projectWorkflowInstanceId))
    .innerJoin(projects, eq(projects.id, projectWorkflowInstances.projectId))
    .where(
      and(
        eq(projectWorkflowSteps.department, department),
        // The member's steps from the two indexes (assignee, step assignments), not a scan of every step of the
        // department: at 100,000 projects the OR EXISTS form read 100,000 steps (60 ms).
        sql`${projectWorkflowSteps.id} IN (SELECT s.id FROM ${projectWorkflowSteps} AS s WHERE s.assigned_team_member_id = ${memberId} UNION SELECT a.project_workflow_step_id FROM ${stepAssignments} AS a WHERE a.team_member_id = ${memberId})`,
      ),
    )
    .orderBy(asc(projects.id))
    .all();
}
