import { plural, t } from "@lingui/core/macro";
import { formatImportDay } from "~/domain/import-dates";
import { type OrderIssue, type OrderPlan, planCounts } from "~/domain/order-plan";

// How an order import's preview reads outside the model, for the API and the import screen alike (decision 0045).

/** An import's issues as the API lists them: the row's index (0-based), its path in the body, its line, why. */
export const issuesJson = (issues: readonly OrderIssue[]) => issues.map((i) => ({ path: `rows.${i.index}`, index: i.index, line: i.line, message: i.message }));

/** The projects a preview would create or update, with their items, and its warnings, as JSON. */
export const planJson = (plan: OrderPlan) => ({
  counts: planCounts(plan),
  warnings: issuesJson(plan.warnings),
  projects: plan.projects.map((p) => ({
    action: p.action,
    id: p.existingId ?? null,
    name: p.name,
    customer: p.customer,
    externalReference: p.externalReference,
    dueDate: p.dueDay,
    /** The due date as the import understood it ('Fri, Dec 18, 2026'). */
    dueDateText: p.dueDay ? formatImportDay(p.dueDay) : null,
    priority: p.priority,
    workflow: p.workflow?.name ?? null,
    changes: p.changes,
    note: p.note,
    lines: p.lines,
    items: p.items.map((i) => ({
      action: i.action,
      id: i.existingId ?? null,
      line: i.line,
      name: i.name,
      quantity: i.quantity,
      category: i.category,
      material: i.material,
      changes: i.changes,
    })),
  })),
});

/** 'Line 4: …' (or 'Row 4: …' for a body's rows) for the first issue, and how many there are. */
export function issuesMessage(issues: readonly OrderIssue[], unit: "Line" | "Row"): string {
  const first = issues[0]!;
  const line = first.line;
  const message = first.message;
  const where = unit === "Line" ? t`Nothing was imported. Line ${line}: ${message}` : t`Nothing was imported. Row ${line}: ${message}`;
  if (issues.length === 1) return where;
  const more = plural(issues.length - 1, { one: "(and # more problem)", other: "(and # more problems)" });
  return `${where} ${more}`;
}
