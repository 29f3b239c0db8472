import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { departments, items, projects, workflows } from "#db/schema";
import { getDb, type DB } from "~/utils/db.server";
import { prepared } from "./prepared.server";

const projectWorkflow = alias(workflows, "project_workflow");
const productWorkflow = alias(workflows, "product_workflow");

// Five tables: building and compiling the SQL cost more than running it, so it is prepared once per database.
const productDetailsQuery = (db: DB) =>
  prepared(db, "items:product-details", (d) =>
    d
      .select({
        item: items,
        project: { id: projects.id, name: projects.name, description: projects.description, workflowName: projects.workflowName },
        projectWorkflowName: projectWorkflow.name,
        productWorkflowName: productWorkflow.name,
        departmentName: departments.name,
      })
      .from(items)
      .innerJoin(projects, eq(projects.id, items.projectId))
      .leftJoin(projectWorkflow, eq(projectWorkflow.id, projects.workflowId))
      .leftJoin(productWorkflow, eq(productWorkflow.id, items.productWorkflowId))
      .leftJoin(departments, eq(departments.value, items.department))
      .where(eq(items.id, sql.placeholder("id")))
      .prepare(),
  );

/** One item with what the product details page shows of its project and workflows, in one query. */
export function getProductDetails(id: number) {
  const row = productDetailsQuery(getDb()).get({ id });
  if (!row) return undefined;
  return { ...row, projectWorkflowName: row.projectWorkflowName ?? row.project.workflowName ?? null };
}

// The QR image route asks on every request whether the item still exists: prepared once per database.
const itemQrLookup = (db: DB) =>
  prepared(db, "items:qr", (d) =>
    d.select({ id: items.id, qrCode: items.qrCode }).from(items).where(eq(items.id, sql.placeholder("id"))).prepare(),
  );

/** The item's id and stored QR code, or undefined when there is no such item. */
export function getItemQrCode(id: number): { id: number; qrCode: string | null } | undefined {
  return itemQrLookup(getDb()).get({ id });
}
