import { and, eq, inArray, sql } from "drizzle-orm";
import { auditLog, items, materials, projects, workflows } from "#db/schema";
import { DEFAULT_ITEM_DEPARTMENT } from "~/domain/constants";
import { zoneDate } from "~/domain/dates";
import { BadRequestError } from "~/domain/errors";
import {
  type ExistingProject,
  type OrderPlan,
  type OrderReferenceData,
  type OrderRow,
  planCounts,
  touchesItems,
  planOrderImport,
  type PlanCounts,
} from "~/domain/order-plan";
import { announce, type ChangeNotice } from "~/infra/change-notices.server";
import { getDb, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { writeAudit, type Actor } from "./audit.server";
import { getImportDateOrder } from "./shop-settings.server";
import type { Tx } from "./crud.server";
import { categoriesByName, insertItemInTx, qrCodeBase, updateItemInTx } from "./item.server";
import { followTheFloor } from "./floor-progress.server";
import { insertProjectInTx, type ProjectPatch, updateProjectInTx, workflowsForCreate } from "./project.server";

// The order import (decision 0045): a preview of what rows would do, and the import itself, which checks the
// rows again and writes every project and item in ONE transaction through the same model functions as the Projects
// page (steps, counts, QR codes alike), then announces the changes. Reference data is read in a fixed number of
// queries, however many lines.

export const IMPORT_ENTITY = "order-import";

type Db = Tx | DB;

/**
 * The shop's workflows, categories, materials, the projects (with items) the rows' references name, the projects
 * named like the lines without a reference, and how dates are read: seven queries.
 */
function referenceData(db: Db, rows: readonly OrderRow[]): OrderReferenceData {
  const tz = getEnv().SHOP_TIMEZONE;
  const refs = [...new Set(rows.map((r) => r.externalReference.trim().toLowerCase()).filter(Boolean))];
  const stored = refs.length
    ? db
        .select()
        .from(projects)
        .where(
          and(
            sql`${projects.externalReference} IS NOT NULL`,
            sql`${projects.externalReference} COLLATE NOCASE IN (${sql.join(
              refs.map((r) => sql`${r}`),
              sql`, `,
            )})`,
          ),
        )
        .all()
    : [];
  const storedItems = stored.length
    ? db
        .select({ id: items.id, name: items.name, quantity: items.quantity, category: items.category, material: items.material, projectId: items.projectId })
        .from(items)
        .where(
          inArray(
            items.projectId,
            stored.map((p) => p.id),
          ),
        )
        .orderBy(items.id)
        .all()
    : [];
  const itemsOf = new Map<number, ExistingProject["items"]>();
  for (const i of storedItems) {
    const list = itemsOf.get(i.projectId) ?? [];
    list.push(i);
    itemsOf.set(i.projectId, list);
  }
  const day = (d: Date | null) => (d ? zoneDate(d, tz) : null);
  // Lines without a reference make new projects: the shop's projects of those names are said in the preview
  // (SQLite's lower() knows only ASCII: a name differing only in the case of an accented letter is not flagged).
  const names = [...new Set(rows.filter((r) => !r.externalReference.trim()).map((r) => r.projectName.trim().toLowerCase()))].filter(Boolean);
  const sameNames = names.length
    ? db
        .select({ name: projects.name })
        .from(projects)
        .where(sql`lower(${projects.name}) IN (SELECT value FROM json_each(${JSON.stringify(names)}))`)
        .orderBy(projects.id)
        .all()
        .map((p) => p.name)
    : [];
  return {
    dayFirst: getImportDateOrder().dayFirst,
    sameNames,
    workflows: db.select({ id: workflows.id, name: workflows.name }).from(workflows).orderBy(workflows.name).all(),
    categories: [...categoriesByName(db).values()].map((c) => c.name).sort((a, b) => a.localeCompare(b)),
    materials: db
      .select({ name: materials.name })
      .from(materials)
      .orderBy(materials.name)
      .all()
      .map((m) => m.name),
    existing: stored.map((p) => ({
      id: p.id,
      name: p.name,
      customer: p.customer,
      externalReference: p.externalReference!,
      priority: p.priority,
      startDay: day(p.startDate),
      dueDay: day(p.endDate),
      workflowId: p.workflowId,
      workflowName: p.workflowName,
      items: itemsOf.get(p.id) ?? [],
    })),
  };
}

/** What importing `rows` would do now, and every bad line: nothing is written. */
export function previewOrderImport(rows: readonly OrderRow[]): OrderPlan {
  return planOrderImport(rows, referenceData(getDb(), rows));
}

export type ImportResult =
  /** Imported: what it did, and the projects it created or changed (ids). */
  | { status: "imported"; counts: PlanCounts; projectIds: number[]; plan: OrderPlan }
  /** Bad lines (the file may have been checked against data that changed since the preview): nothing written. */
  | { status: "refused"; plan: OrderPlan }
  /** The rows add or change items and the caller may not (`itemsWritable: false`): nothing written. */
  | { status: "items-refused"; plan: OrderPlan }
  /** This import (its id) was already done, by a second click on Confirm or a resend: nothing written again. */
  | { status: "already"; counts: PlanCounts; projectIds: number[] };

type ImportRecord = { counts: PlanCounts; projectIds: number[]; rows: number };

/**
 * Imports `rows` in one transaction: checked again inside it (against the data as it is now), every project and
 * item written with its audit row, and one 'order-import' audit row that names the import's id, so the same id
 * sent again (a double-click on Confirm, a client's retry) finds it and writes nothing a second time. Announced
 * after commit.
 */
export function importOrders(rows: readonly OrderRow[], actor: Actor, opts: { importId?: string | null; itemsWritable?: boolean } = {}): ImportResult {
  const importId = opts.importId || null;
  const notices: Omit<ChangeNotice, "at">[] = [];
  const result = getDb().transaction((tx): ImportResult => {
    if (importId) {
      const prior = tx
        .select({ after: auditLog.after })
        .from(auditLog)
        .where(and(eq(auditLog.entity, IMPORT_ENTITY), eq(auditLog.entityId, importId)))
        .get();
      if (prior) {
        const record = prior.after as ImportRecord;
        return { status: "already", counts: record.counts, projectIds: record.projectIds };
      }
    }
    const plan = planOrderImport(rows, referenceData(tx, rows));
    // Judged on the plan made inside the transaction, so a change since a preview cannot slip an item write through.
    if (opts.itemsWritable === false && touchesItems(planCounts(plan))) return { status: "items-refused", plan };
    if (plan.issues.length) return { status: "refused", plan };
    const workflowRows = workflowsForCreate(
      tx,
      plan.projects.flatMap((p) => (p.action === "create" && p.workflow ? [p.workflow.id] : [])),
    );
    const categories = categoriesByName(tx);
    const qrBase = qrCodeBase();
    const categoryOf = (name: string) => {
      const c = categories.get(name.toLowerCase());
      if (!c) throw new BadRequestError(`Unknown category "${name}"`);
      return c;
    };
    const projectIds: number[] = [];
    for (const p of plan.projects) {
      if (p.action === "same") continue;
      let project: { id: number; workflowId: number | null };
      if (p.action === "create") {
        const wf = workflowRows.get(p.workflow!.id);
        if (!wf) throw new BadRequestError("Project workflow is required");
        project = insertProjectInTx(
          tx,
          { name: p.name, description: "", priority: p.priority, customer: p.customer, externalReference: p.externalReference, endDate: p.dueDay },
          wf,
          actor,
        );
        notices.push({ entity: "project", id: project.id, action: "create", projectId: project.id });
      } else {
        const id = p.existingId!;
        // Only what changed: a due date the file repeats keeps the stored time of day.
        const patch: ProjectPatch = {};
        for (const field of p.changedFields) {
          if (field === "name") patch.name = p.name;
          else if (field === "customer") patch.customer = p.customer;
          else if (field === "dueDate") patch.endDate = p.dueDay;
          else patch.priority = p.priority;
        }
        const after = p.changedFields.length ? updateProjectInTx(tx, id, patch, actor) : undefined;
        project = { id, workflowId: after?.workflowId ?? p.workflow?.id ?? null };
        notices.push({ entity: "project", id, action: "update", projectId: id });
      }
      projectIds.push(project.id);
      const departments = new Set<string>();
      for (const item of p.items) {
        if (item.action === "create") {
          const row = insertItemInTx(
            tx,
            { name: item.name, quantity: item.quantity, material: item.material, department: DEFAULT_ITEM_DEPARTMENT },
            project,
            categoryOf(item.category),
            actor,
            qrBase,
          );
          departments.add(row.department);
        } else if (item.action === "update") {
          const done = updateItemInTx(
            tx,
            item.existingId!,
            { name: item.name, quantity: item.quantity, category: item.category, material: item.material },
            actor,
            { inProject: project.id },
            { categories },
          );
          if (done) departments.add(done.after.department);
        }
      }
      // New items on a project: its steps and status follow the floor (decision 0048), once per project.
      notices.push(...followTheFloor(project.id, actor, Date.now()));
      // One notice per project and department rather than one per item: the pages it moves reload once.
      for (const department of departments) notices.push({ entity: "item", id: null, action: "import", projectId: project.id, department });
    }
    const counts = planCounts(plan);
    const record: ImportRecord = { counts, projectIds, rows: rows.length };
    writeAudit(actor, { action: "import", entity: IMPORT_ENTITY, entityId: importId, after: record }, tx);
    return { status: "imported", counts, projectIds, plan };
  });
  for (const notice of notices) announce(notice);
  return result;
}

/** The names a file may use, for the template and the import screen's help: three queries. */
export function importChoices(): { workflows: string[]; categories: string[]; materials: string[] } {
  const ref = referenceData(getDb(), []);
  return { workflows: ref.workflows.map((w) => w.name), categories: ref.categories, materials: ref.materials };
}
