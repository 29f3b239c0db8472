import { floorPercent, goesThrough, hasPassed, itemSequence } from "~/domain/rules";
import { completedOnFloorNote } from "~/domain/job-end";
import { departmentLabel } from "~/domain/format";
import type { ChangeNotice } from "~/infra/change-notices.server";
import { type DB, getDb } from "~/infra/db.server";
import { writeAuditPrepared, type Actor } from "./audit.server";
import { prepared } from "./prepared.server";
import { enqueueProjectCompleted } from "./webhook-outbox.server";

// Steps follow the floor, projects complete themselves (docs/product.md, Decisions: The end of a job; decision 0048).
// Every write that moves items calls `followTheFloor` inside its own transaction: one aggregate read of the project's
// items (grouped by department, sequence and finished, so a project of 500 items is a handful of rows), one read of
// its steps with the project's status, and a write only for what changed. A scan stays a fixed number of statements.

export type Notice = Omit<ChangeNotice, "at">;

type Group = { department: string | null; sequence: readonly string[]; finished: number; n: number };
type GroupRow = { department: string | null; sequence: string | null; n: number; fin: number };
type StepRow = {
  projectStatus: string;
  completedAt: number | null;
  id: number | null;
  department: string | null;
  percent: number | null;
  status: string | null;
  byHand: number | null;
};

/**
 * The action of a step notice the floor caused (the step's percent and status followed its items). It changes
 * nothing but those two figures, so the forecast, which reads the project's due date and not its steps' progress,
 * takes no notice of it under a stream of scans.
 */
export const FLOOR_PROGRESS_ACTION = "floor-progress";

// What the project.completed webhook reads of the project (webhook-outbox's projectData), dates in milliseconds.
const PROJECT_COLUMNS = `id, name, status, priority, customer, external_reference AS externalReference, start_date AS startDate,
  end_date AS endDate, workflow_name AS workflowName, completed_at AS completedAt`;
type ProjectRow = Record<string, unknown> & { completedAt: number | null };

const queries = (db: DB) => prepared(db, "floor:queries", build);
const build = (db: DB) => ({
  groups: db.$client.prepare<GroupRow, { projectId: number }>(
    // Grouped first, then each group's category looked up once (not once per item). Grouped in the order of the
    // items_project_progress_idx index, finished ones counted in each group: one index range, no sort.
    `SELECT g.department AS department, c.department_sequence AS sequence, g.n AS n, g.fin AS fin
     FROM (SELECT i.department AS department, i.category AS category, count(*) AS n, count(i.finished_at) AS fin
           FROM items i WHERE i.project_id = $projectId GROUP BY i.department, i.category) g
       LEFT JOIN categories c ON c.name = g.category COLLATE NOCASE`,
  ),
  steps: db.$client.prepare<StepRow, { projectId: number }>(
    `SELECT p.status AS projectStatus, p.completed_at AS completedAt, s.id AS id, s.department AS department,
       s.percent_complete AS percent, s.status AS status, s.set_by_hand AS byHand
     FROM projects p LEFT JOIN project_workflow_instances w ON w.project_id = p.id
       LEFT JOIN project_workflow_steps s ON s.project_workflow_instance_id = w.id
     WHERE p.id = $projectId`,
  ),
  setStep: db.$client.prepare<unknown, { id: number; percent: number; status: string }>(
    "UPDATE project_workflow_steps SET percent_complete = $percent, status = $status, version = version + 1 WHERE id = $id",
  ),
  departmentName: db.$client.prepare<{ name: string }, { value: string }>("SELECT name FROM departments WHERE value = $value"),
  projectStatus: db.$client.prepare<{ status: string; completedAt: number | null }, { projectId: number }>(
    "SELECT status, completed_at AS completedAt FROM projects WHERE id = $projectId",
  ),
  // The whole row back: the project.completed webhook carries the project as the API shows it.
  setProjectStatus: db.$client.prepare<ProjectRow, { projectId: number; status: string; completedAt: number | null }>(
    `UPDATE projects SET status = $status, completed_at = $completedAt WHERE id = $projectId RETURNING ${PROJECT_COLUMNS}`,
  ),
});

// A shop has a few dozen categories: their sequences are parsed once, not on every scan (kept by their text, so an
// edited sequence is a new entry; held with the prepared queries, which the process state keeps per database).
export function sequenceFromText(db: DB, text: string | null): readonly string[] {
  const sequences = prepared(db, "floor:sequences", () => new Map<string, readonly string[]>());
  const key = text ?? "";
  let sequence = sequences.get(key);
  if (!sequence) {
    let list: string[] | null = null;
    try {
      const v = text ? JSON.parse(text) : null;
      list = Array.isArray(v) ? v.filter((d): d is string => typeof d === "string") : null;
    } catch {
      list = null;
    }
    sequence = itemSequence(list);
    if (sequences.size > 1000) sequences.clear();
    sequences.set(key, sequence);
  }
  return sequence;
}

/**
 * Brings the project's steps (those not set by hand) to the share of the items going through their departments that
 * are past them, and its status to 'completed' when every item is finished and every step completed (else
 * 'active'); call inside the transaction of the change that moved items. Returns the notices to announce after commit.
 */
export function followTheFloor(projectId: number, actor: Actor, now: number, db: DB = getDb()): Notice[] {
  const q = queries(db);
  const rows = q.steps.all({ projectId });
  if (rows.length === 0) return [];
  const groups: Group[] = q.groups.all({ projectId }).flatMap((g) => {
    const sequence = sequenceFromText(db, g.sequence);
    return [
      { department: g.department, sequence, finished: 1, n: g.fin },
      { department: g.department, sequence, finished: 0, n: g.n - g.fin },
    ].filter((x) => x.n > 0);
  });
  const total = groups.reduce((s, g) => s + g.n, 0);
  const finished = groups.reduce((s, g) => s + (g.finished ? g.n : 0), 0);
  const notices: Notice[] = [];
  let allCompleted = true;
  let steps = 0;
  for (const step of rows) {
    if (step.id === null || step.department === null) continue;
    steps++;
    let status = step.status ?? "pending";
    // With no items a step keeps its value; a step set by hand keeps its until 'Follow the floor'.
    if (total > 0 && !step.byHand) {
      // Only the items that go through the department count: a project of banners and letters shows Fabrication
      // at 0% until the letters pass it, not at the banners' share. A step none of its items go through is done.
      const department = step.department;
      let through = 0;
      let passed = 0;
      for (const g of groups) {
        if (!goesThrough(g.sequence, department)) continue;
        through += g.n;
        if (hasPassed(g.sequence, g.department, g.finished === 1, department)) passed += g.n;
      }
      const percent = through === 0 ? 100 : floorPercent(passed, through);
      status = percent >= 100 ? "completed" : percent > 0 || passed > 0 ? "in-progress" : "pending";
      if (percent !== step.percent || status !== step.status) {
        q.setStep.run({ id: step.id, percent, status });
        notices.push({ entity: "workflow-step", id: step.id, action: FLOOR_PROGRESS_ACTION, projectId, department: step.department });
        if (status === "completed" && step.status !== "completed") {
          const name = q.departmentName.get({ value: step.department })?.name ?? departmentLabel(step.department);
          writeAuditPrepared(actor, {
            action: "complete-on-floor",
            entity: "workflow-step",
            entityId: step.id,
            before: { department: step.department, percentComplete: step.percent, status: step.status },
            after: { department: step.department, percentComplete: 100, status, note: completedOnFloorNote(through, name, total) },
          });
        }
      }
    }
    if (status !== "completed") allCompleted = false;
  }
  const head = rows[0]!;
  const complete = (steps > 0 || total > 0) && allCompleted && finished === total;
  const want = complete ? "completed" : "active";
  if (want !== head.projectStatus) notices.push(...setProjectStatus(db, projectId, want, actor, now, complete ? "floor" : "reopened-work"));
  return notices;
}

/**
 * The project's status and completedAt, audited; a completion queues the one project.completed webhook (its audit
 * action is 'complete', which the outbox does not turn into another).
 */
export function setProjectStatus(db: DB, projectId: number, status: "active" | "completed", actor: Actor, now: number, reason: string): Notice[] {
  const q = queries(db);
  const was = q.projectStatus.get({ projectId });
  if (!was || was.status === status) return [];
  const before = { status: was.status, completedAt: was.completedAt === null ? null : new Date(was.completedAt) };
  const row = q.setProjectStatus.get({ projectId, status, completedAt: status === "completed" ? now : null });
  const after = row ? { ...row, completedAt: row.completedAt === null ? null : new Date(row.completedAt) } : null;
  if (!after) return [];
  writeAuditPrepared(actor, {
    action: status === "completed" ? "complete" : "reopen",
    entity: "project",
    entityId: projectId,
    before,
    after: { status, completedAt: after.completedAt, reason },
  });
  if (status === "completed") enqueueProjectCompleted(after, db);
  return [{ entity: "project", id: projectId, action: status === "completed" ? "complete" : "reopen", projectId }];
}
