import { workflowItemCounts as counts } from "#db/schema";
import { getDb } from "~/infra/db.server";

export type WorkflowCounts = { totalItems: number; activeTimers: number; completed: number };

/**
 * docs/product.md §2 Project Workflow overview: per workflow, its items, their running timers and the items in installation
 * (decision 0012: an item counts under its own workflow, which it takes from its project when created; items with
 * none count under 'Standard Manufacturing Process', key null). One grouped query, whatever the number of workflows.
 */
export function workflowItemCounts(): Map<number | null, WorkflowCounts> {
  // Kept by triggers on items (migration 0004): one row per workflow, 0 for none, instead of counting every item.
  const rows = getDb().select().from(counts).all();
  return new Map(
    rows
      .filter((r) => r.total > 0)
      .map((r) => [r.workflowId === 0 ? null : r.workflowId, { totalItems: r.total, activeTimers: r.running, completed: r.completed }]),
  );
}
