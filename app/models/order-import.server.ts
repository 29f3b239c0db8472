import { createHash } from "node:crypto";
import { t } from "@lingui/core/macro";
import { and, eq, inArray, sql } from "drizzle-orm";
import { auditLog, items, materials, projects, workflows } from "#db/schema";
import { DEFAULT_ITEM_DEPARTMENT } from "~/domain/constants";
import { runStepsPausing } from "~/domain/csv-read";
import { zoneDate } from "~/domain/dates";
import { BadRequestError } from "~/domain/errors";
import {
  type ExistingProject,
  type OrderPlan,
  type OrderReferenceData,
  ORDER_FIELDS,
  type OrderRow,
  type PlannedProject,
  planCounts,
  touchesItems,
  planOrderImport,
  planOrderImportSteps,
  type PlanCounts,
} from "~/domain/order-plan";
import { announce } from "~/infra/change-notices.server";
import { getDb, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { writeAudit, type Actor } from "./audit.server";
import { getImportDateOrder } from "./shop-settings.server";
import type { Tx } from "./crud.server";
import { categoriesByName, insertItemInTx, qrCodeBase, updateItemInTx } from "./item.server";
import { followTheFloor, type Notice } from "./floor-progress.server";
import { batchDeadline, batchesOf, IMPORT_BATCH_ROWS, pause } from "./batches.server";
import { insertProjectInTx, type ProjectPatch, updateProjectInTx, workflowsForCreate } from "./project.server";

// The order import (decision 0045): a preview of what rows would do, and the import itself, which checks the
// rows again and writes every project and item through the same model functions as the Projects page (steps,
// counts, QR codes alike), in batches of whole projects that never hold the server long, then announces the
// changes. Reference data is read in a fixed number of queries, however many lines.

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

/**
 * What importing `rows` would do now, and every bad line: nothing is written. Planned in slices of lines with a
 * pause between them, so a 10,000-line preview does not hold the server either.
 */
export function previewOrderImport(rows: readonly OrderRow[]): Promise<OrderPlan> {
  return runStepsPausing(planOrderImportSteps(rows, referenceData(getDb(), rows)), pause);
}

export type ImportResult =
  /** Imported: what it did, and the projects it created or changed (ids). */
  | { status: "imported"; counts: PlanCounts; projectIds: number[]; plan: OrderPlan }
  /** Bad lines (the file may have been checked against data that changed since the preview): nothing written. */
  | { status: "refused"; plan: OrderPlan }
  /** The rows add or change items and the caller may not (`itemsWritable: false`): nothing written. */
  | { status: "items-refused"; plan: OrderPlan }
  /** This import (its id) was already done, by a second click on Confirm or a resend: nothing written again. */
  | { status: "already"; counts: PlanCounts; projectIds: number[] }
  /** The id was already used for other rows: nothing written (these rows were never imported). */
  | { status: "reused" };

/** `digest`: of the rows it imported (rowsDigest); records written before it was kept have none. */
type ImportRecord = { counts: PlanCounts; projectIds: number[]; rows: number; digest?: string };

/**
 * What an import id stands for: its rows, line by line, each field as sent. The same id sent again with other rows
 * (a client that reuses its ids) would otherwise be answered 'already done' while its rows were never imported.
 */
function rowsDigest(rows: readonly OrderRow[]): string {
  const hash = createHash("sha256");
  for (const row of rows) hash.update(JSON.stringify([row.line, ...ORDER_FIELDS.map((f) => row[f] ?? "")]));
  return hash.digest("hex");
}

/** What the committed transactions of an import changed, to put back if a later one is refused. */
type Undo = {
  /** Projects the import created (their items, steps and files go with them). */
  created: number[];
  /** Existing projects and items as they were before the import changed them. */
  projects: (typeof projects.$inferSelect)[];
  items: (typeof items.$inferSelect)[];
  /** Items the import added to existing projects. */
  added: number[];
  /** The existing projects it touched, whose steps follow their items again once put back. */
  existing: number[];
};

class BatchRefused extends Error {
  constructor(
    readonly plan: OrderPlan,
    readonly status: "refused" | "items-refused" = "refused",
  ) {
    super(status);
  }
}

/** A project's own writes (its row, workflow steps, floor check and audit row) weigh about as much as this many items. */
const PROJECT_WEIGHT = 10;
/** An order row writes three rows (the item, its QR code, its audit row) where a machine-file row writes one. */
export const ORDER_BATCH_WEIGHT = IMPORT_BATCH_ROWS / 4;

// The same import id sent again while it runs (a second click on Confirm): it waits for the first, then finds it done.
const running = new Map<string, Promise<unknown>>();

/**
 * Imports `rows`: all of them are checked first; the projects are then written in batches of whole projects, each
 * in one transaction that checks its lines again against the data as it is then, with a pause between batches in
 * which the server answers other requests (docs/product.md, Decisions: Large writes). Every project and item is
 * written with its audit row, and the last batch writes one 'order-import' audit row naming the import's id, so the
 * same id sent again (a double-click on Confirm, a client's retry) finds it and writes nothing a second time. Each
 * batch is announced after its commit. A batch refused (the data changed under the import) or failing puts back
 * what the batches before it wrote, so the import stays all or nothing.
 */
export async function importOrders(
  rows: readonly OrderRow[],
  actor: Actor,
  opts: { importId?: string | null; itemsWritable?: boolean } = {},
): Promise<ImportResult> {
  const importId = opts.importId || null;
  const itemsWritable = opts.itemsWritable !== false;
  if (!importId) return runImport(rows, actor, null, itemsWritable);
  const work = (running.get(importId) ?? Promise.resolve()).catch(() => undefined).then(() => runImport(rows, actor, importId, itemsWritable));
  running.set(importId, work);
  try {
    return await work;
  } finally {
    if (running.get(importId) === work) running.delete(importId);
  }
}

async function runImport(rows: readonly OrderRow[], actor: Actor, importId: string | null, itemsWritable: boolean): Promise<ImportResult> {
  const db = getDb();
  const prior = importId ? importRecord(db, importId) : null;
  const digest = rowsDigest(rows);
  if (prior?.digest !== undefined && prior.digest !== digest) return { status: "reused" };
  if (prior) return { status: "already", counts: prior.counts, projectIds: prior.projectIds };
  let mark = writeMark(db);
  const plan = await previewOrderImport(rows);
  if (plan.issues.length) return { status: "refused", plan };
  const counts = planCounts(plan);
  if (!itemsWritable && touchesItems(counts)) return { status: "items-refused", plan };
  const byLine = new Map(rows.map((r) => [r.line, r]));
  const undo: Undo = { created: [], projects: [], items: [], added: [], existing: [] };
  const projectIds: number[] = [];
  const total = plan.projects.length;
  let next = 0;
  for (let n = 0; next < total; n++) {
    if (n > 0) await pause();
    const batch = batchesOf(plan.projects.slice(next), ORDER_BATCH_WEIGHT, (p) => p.items.length + PROJECT_WEIGHT)[0]!;
    const lines = batch.flatMap((p) => p.lines.map((line) => byLine.get(line)!));
    const notices: Notice[] = [];
    try {
      next += db.transaction((tx) => {
        // The batch's lines checked again, inside its transaction, when anything was written since they were
        // checked: the shop may have changed under the import. Nothing written, the check above still holds.
        const part = writeMark(tx) === mark ? { projects: batch, issues: [] } : planOrderImport(lines, referenceData(tx, lines));
        if (part.issues.length) throw new BatchRefused(part as OrderPlan);
        // Judged again on the batch's own plan, so a change since the check cannot slip an item write through.
        if (!itemsWritable && touchesItems(planCounts(part as OrderPlan))) throw new BatchRefused(part as OrderPlan, "items-refused");
        // A batch also ends when it has held the server long enough; the rest of it is checked again in the next.
        const written = writeProjects(tx, part.projects, actor, undo, notices, projectIds, batchDeadline());
        if (next + written === total) {
          const record: ImportRecord = { counts, projectIds, rows: rows.length, digest };
          writeAudit(actor, { action: "import", entity: IMPORT_ENTITY, entityId: importId, after: record }, tx);
        }
        return written;
      });
    } catch (error) {
      if (n > 0) for (const notice of undoImport(undo, actor, importId)) announce(notice);
      if (error instanceof BatchRefused) return { status: error.status, plan: error.plan };
      throw error;
    }
    mark = writeMark(db);
    for (const notice of notices) announce(notice);
  }
  return { status: "imported", counts, projectIds, plan };
}

/**
 * Moves whenever anything is written to the database: this connection's row changes (every request's writes, and
 * the import's own) and other connections' commits (a command-line tool).
 */
function writeMark(db: Db): string {
  // A raw query through the query builder answers the row as an array of values.
  const [changes, version] = db.get<[number, number]>(sql`SELECT total_changes(), (SELECT data_version FROM pragma_data_version)`);
  return `${changes}/${version}`;
}

function importRecord(db: Db, importId: string): ImportRecord | null {
  const prior = db
    .select({ after: auditLog.after })
    .from(auditLog)
    .where(and(eq(auditLog.entity, IMPORT_ENTITY), eq(auditLog.action, "import"), eq(auditLog.entityId, importId)))
    .get();
  return prior ? (prior.after as ImportRecord) : null;
}

/**
 * Writes planned projects and their items through the Projects page's model functions, in order, until
 * `deadline()` says the batch has run long enough (at least one project is always written); returns how many.
 */
function writeProjects(
  tx: Tx,
  planned: readonly PlannedProject[],
  actor: Actor,
  undo: Undo,
  notices: Notice[],
  projectIds: number[],
  deadline: () => boolean,
): number {
  const workflowRows = workflowsForCreate(
    tx,
    planned.flatMap((p) => (p.action === "create" && p.workflow ? [p.workflow.id] : [])),
  );
  const categories = categoriesByName(tx);
  const qrBase = qrCodeBase();
  const categoryOf = (name: string) => {
    const c = categories.get(name.toLowerCase());
    if (!c) throw new BadRequestError(t`Unknown category "${name}"`);
    return c;
  };
  let written = 0;
  for (const p of planned) {
    if (written > 0 && deadline()) break;
    written++;
    if (p.action === "same") continue;
    let project: { id: number; workflowId: number | null };
    if (p.action === "create") {
      const wf = workflowRows.get(p.workflow!.id);
      if (!wf) throw new BadRequestError(t`This workflow no longer exists. Someone else may have deleted it.`);
      project = insertProjectInTx(
        tx,
        { name: p.name, description: "", priority: p.priority, customer: p.customer, externalReference: p.externalReference, endDate: p.dueDay },
        wf,
        actor,
      );
      undo.created.push(project.id);
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
      undo.existing.push(id);
      const before = p.changedFields.length ? tx.select().from(projects).where(eq(projects.id, id)).get() : undefined;
      if (before) undo.projects.push(before);
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
        if (p.action !== "create") undo.added.push(row.id);
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
        if (done) {
          undo.items.push(done.before);
          departments.add(done.after.department);
        }
      }
    }
    // New items on a project: its steps and status follow the floor (decision 0048), once per project.
    notices.push(...followTheFloor(project.id, actor, Date.now()));
    // One notice per project and department rather than one per item: the pages it moves reload once.
    for (const department of departments) notices.push({ entity: "item", id: null, action: "import", projectId: project.id, department });
  }
  return written;
}

/**
 * Puts back what the committed batches of an import wrote, in one transaction: the projects it created are removed
 * (with their items and steps), the items it added to existing projects too, and the projects and items it changed
 * get their values back; one 'order-import' audit row says what was undone. Returns the notices to announce.
 */
function undoImport(undo: Undo, actor: Actor, importId: string | null): Notice[] {
  const ids = (list: readonly number[]) => sql`(SELECT value FROM json_each(${JSON.stringify(list)}))`;
  const notices: Notice[] = [];
  getDb().transaction((tx) => {
    if (undo.added.length)
      tx.delete(items)
        .where(sql`${items.id} IN ${ids(undo.added)}`)
        .run();
    for (const before of undo.items) {
      tx.update(items)
        .set({
          name: before.name,
          quantity: before.quantity,
          category: before.category,
          material: before.material,
          currentStepIndex: before.currentStepIndex,
          version: sql`${items.version} + 1`,
        })
        .where(eq(items.id, before.id))
        .run();
    }
    for (const before of undo.projects) {
      tx.update(projects)
        .set({ name: before.name, customer: before.customer, endDate: before.endDate, priority: before.priority, version: sql`${projects.version} + 1` })
        .where(eq(projects.id, before.id))
        .run();
    }
    if (undo.created.length)
      tx.delete(projects)
        .where(sql`${projects.id} IN ${ids(undo.created)}`)
        .run();
    for (const id of undo.created) notices.push({ entity: "project", id, action: "delete", projectId: id });
    for (const id of new Set(undo.existing)) {
      notices.push(...followTheFloor(id, actor, Date.now()));
      notices.push({ entity: "project", id, action: "update", projectId: id }, { entity: "item", id: null, action: "import", projectId: id });
    }
    writeAudit(
      actor,
      {
        action: "undo-import",
        entity: IMPORT_ENTITY,
        entityId: importId,
        after: {
          removedProjects: undo.created,
          restoredProjects: undo.projects.map((p) => p.id),
          removedItems: undo.added,
          restoredItems: undo.items.map((i) => i.id),
        },
      },
      tx,
    );
  });
  return notices;
}

/** The names a file may use, for the template and the import screen's help: three queries. */
export function importChoices(): { workflows: string[]; categories: string[]; materials: string[] } {
  const ref = referenceData(getDb(), []);
  return { workflows: ref.workflows.map((w) => w.name), categories: ref.categories, materials: ref.materials };
}
