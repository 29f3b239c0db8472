import { and, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { categories, departments, items, projectDesigns, projects, teamMembers, timerLogs, workflows } from "#db/schema";
import { getDb } from "~/infra/db.server";
import { itemSequence, nextDepartment, type NextDepartment } from "~/domain/rules";

// What the item screens (/items/{id}, /qr/{id}, the QR Timer page) show of one item: a fixed number of queries
// whatever the item's history — the item with its project, category, workflows and design in one, the newest
// part of its timer log in another.

const projectWorkflow = alias(workflows, "project_workflow");
const productWorkflow = alias(workflows, "product_workflow");
const itemWorkflow = alias(workflows, "item_workflow");
const finisher = alias(teamMembers, "finisher");

/** The timer log shows the newest sessions; an item scanned for years keeps a page that loads at once. */
export const TIMER_LOG_LIMIT = 200;

export type ItemCard = NonNullable<ReturnType<typeof getItemCard>>;

/**
 * The item with its project's name and priority and where its next stop moves it. `next` is 'none' only when
 * the item has neither a category sequence nor the standard order to follow (docs/product.md (Decisions)), which cannot happen
 * today; it stays in the type so the screens say 'No sequence defined' rather than guess.
 */
export function getItemCard(id: number) {
  const row = getDb()
    .select({
      item: items,
      project: { id: projects.id, name: projects.name, description: projects.description, priority: projects.priority, workflowName: projects.workflowName },
      categorySequence: categories.departmentSequence,
      departmentName: departments.name,
      projectWorkflowName: projectWorkflow.name,
      itemWorkflowName: itemWorkflow.name,
      productWorkflowName: productWorkflow.name,
      // Who finished it (decision 0048): 'Finished {date} by {name}'.
      finishedByName: finisher.name,
      design: {
        fileName: projectDesigns.fileName,
        filePath: projectDesigns.filePath,
        fileSize: projectDesigns.fileSize,
        uploadedAt: projectDesigns.uploadedAt,
      },
    })
    .from(items)
    .innerJoin(projects, eq(projects.id, items.projectId))
    // Items keep their category by name (any case, as the category unique index is NOCASE).
    .leftJoin(categories, sql`${categories.name} = ${items.category} COLLATE NOCASE`)
    .leftJoin(departments, eq(departments.value, items.department))
    .leftJoin(projectWorkflow, eq(projectWorkflow.id, projects.workflowId))
    .leftJoin(itemWorkflow, eq(itemWorkflow.id, items.workflowId))
    .leftJoin(productWorkflow, eq(productWorkflow.id, items.productWorkflowId))
    .leftJoin(projectDesigns, eq(projectDesigns.projectId, projects.id))
    .leftJoin(finisher, eq(finisher.id, items.finishedBy))
    .where(eq(items.id, id))
    .get();
  if (!row) return undefined;
  const sequence = itemSequence(row.categorySequence);
  const next: NextDepartment = nextDepartment(sequence, row.item.department);
  return {
    item: row.item,
    project: row.project,
    departmentName: row.departmentName,
    sequence,
    next,
    hasCategorySequence: !!row.categorySequence?.length,
    workflowName: row.itemWorkflowName ?? row.projectWorkflowName ?? row.project.workflowName ?? null,
    productWorkflowName: row.productWorkflowName,
    finishedByName: row.finishedByName,
    design: row.design?.filePath ? row.design : null,
  };
}

export type TimerLogRow = {
  id: number;
  action: "start" | "stop";
  department: string | null;
  timestamp: Date;
  sessionDurationSeconds: number | null;
  scannedBy: string | null;
  /** A stop that ended the item's last department. */
  finished: boolean;
};

/** The newest `limit` log rows of an item, newest first, with who scanned, and how many there are in all. */
export function listItemTimerLog(itemId: number, limit = TIMER_LOG_LIMIT): { rows: TimerLogRow[]; total: number } {
  const db = getDb();
  const rows = db
    .select({
      id: timerLogs.id,
      action: timerLogs.action,
      department: timerLogs.department,
      timestamp: timerLogs.timestamp,
      sessionDurationSeconds: timerLogs.sessionDurationSeconds,
      scannedBy: teamMembers.name,
      finished: timerLogs.finished,
    })
    .from(timerLogs)
    .leftJoin(teamMembers, eq(teamMembers.id, timerLogs.teamMemberId))
    .where(eq(timerLogs.itemId, itemId))
    .orderBy(desc(timerLogs.timestamp), desc(timerLogs.id))
    .limit(limit)
    .all();
  const total =
    rows.length < limit
      ? rows.length
      : (db
          .select({ n: sql<number>`count(*)` })
          .from(timerLogs)
          .where(and(eq(timerLogs.itemId, itemId)))
          .get()?.n ?? 0);
  return { rows, total };
}

/** Department display names by value (a small table), for the next department and the log. */
export function departmentNames(): Map<string, string> {
  return new Map(
    getDb()
      .select({ value: departments.value, name: departments.name })
      .from(departments)
      .all()
      .map((d) => [d.value, d.name]),
  );
}
