import { sql } from "drizzle-orm";
import { items } from "#db/schema";
import { COMPLETED_DEPARTMENT } from "~/utils/constants";
import { getDb } from "~/utils/db.server";

export type WorkflowCounts = { totalItems: number; activeTimers: number; completed: number };

/**
 * Spec §2 Project Workflow overview: per workflow, its items, their running timers and the items in installation
 * (decision 0012: an item counts under its own workflow, which it takes from its project when created; items with
 * none count under 'Standard Manufacturing Process', key null). One grouped query, whatever the number of workflows.
 */
export function workflowItemCounts(): Map<number | null, WorkflowCounts> {
  const rows = getDb()
    .select({
      workflowId: items.workflowId,
      totalItems: sql<number>`count(*)`,
      activeTimers: sql<number>`coalesce(sum(${items.isTimerActive}), 0)`,
      completed: sql<number>`coalesce(sum(${items.department} = ${COMPLETED_DEPARTMENT}), 0)`,
    })
    .from(items)
    .groupBy(items.workflowId)
    .all();
  return new Map(rows.map((r) => [r.workflowId, { totalItems: r.totalItems, activeTimers: r.activeTimers, completed: r.completed }]));
}
