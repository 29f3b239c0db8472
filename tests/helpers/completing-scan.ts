// A project readied for a scan that completes one of its steps or the project itself: raw rows, for figures only.
import type { Database } from "bun:sqlite";

/**
 * Readies project `projectId` so that stopping its one item `id` completes something (the figures of
 * tests/bench/figures.bench.ts and scripts/bench-completing-scans.ts): `others` more items of the same kind beside it in
 * Production, the item running since a minute ago, and the project's two steps (Pre-Production, Production) set as
 * the floor would have them. "step": the item runs in Pre-Production, the others wait in Production, so its stop
 * completes the Pre-Production step. "project": the others are finished and it runs in Production, so its stop
 * finishes it and completes the project. The item must have been made in the department that says.
 */
export function readyCompletingScan(db: Database, opts: { id: number; projectId: number; completes: "step" | "project"; others: number }) {
  const { id, projectId, completes } = opts;
  db.query(
    `INSERT INTO items (name, category, material, quantity, department, project_id, workflow_id, current_step_index, finished_at, created_at)
     SELECT i.name || ' ' || n.value, i.category, i.material, 1, 'production', i.project_id, i.workflow_id, 1, $finished, i.created_at
     FROM items i, json_each($others) n WHERE i.id = $id`,
  ).run({ id, others: JSON.stringify(Array.from({ length: opts.others }, (_, i) => i)), finished: completes === "project" ? Date.now() : null });
  db.query("UPDATE items SET is_timer_active = 1, current_session_start = $at WHERE id = $id").run({ id, at: Date.now() - 60_000 });
  db.query(
    `UPDATE project_workflow_steps SET percent_complete = CASE department WHEN 'pre-production' THEN $pp ELSE 99 END,
       status = CASE WHEN department = 'pre-production' AND $pp = 100 THEN 'completed' ELSE 'in-progress' END
     WHERE project_workflow_instance_id IN (SELECT id FROM project_workflow_instances WHERE project_id = $projectId)`,
  ).run({ projectId, pp: completes === "step" ? 99 : 100 });
  if (completes === "step")
    db.query(
      `UPDATE project_workflow_steps SET percent_complete = 0, status = 'pending' WHERE department = 'production'
       AND project_workflow_instance_id IN (SELECT id FROM project_workflow_instances WHERE project_id = $projectId)`,
    ).run({ projectId });
}
