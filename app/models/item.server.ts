import { t } from "@lingui/core/macro";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { categories, departments, itemCategoryCounts, items, projects, workflowItemCounts, workflows } from "#db/schema";
import type { ItemCreateSchema, ItemPatchSchema } from "~/schemas/item";
import { DEFAULT_ITEM_DEPARTMENT, STANDARD_DEPARTMENT_ORDER } from "~/domain/constants";
import { getDb, type DB } from "~/infra/db.server";
import { itemSequence } from "~/domain/rules";
import { BadRequestError, ConflictError, NotFoundError } from "~/domain/errors";
import { announce } from "~/infra/change-notices.server";
import { writeAudit, writeAuditPrepared, type Actor } from "./audit.server";
import { assertFresh, changedValues, type Tx, type UpdateGuard } from "./crud.server";
import { knownShopAddress } from "./shop-settings.server";
import { prepared } from "./prepared.server";
import { followTheFloor, type Notice } from "./floor-progress.server";

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

// ---------------------------------------------------------------------------------------------
// Items on a project (docs/product.md §7 Items; §5 Item form and Product form)

export type Item = typeof items.$inferSelect;
export type ItemCreate = z.infer<typeof ItemCreateSchema>;
export type ItemPatch = Omit<z.infer<typeof ItemPatchSchema>, "version">;

/**
 * An item's QR code is `{shop address}/qr/{id}` (docs/product.md (Decisions)); until the address is known the path,
 * completed with the origin when shown. The base is read once for many items.
 */
export const qrCodeBase = () => knownShopAddress() ?? "";

export function getItem(id: number): Item | undefined {
  return getDb().select().from(items).where(eq(items.id, id)).get();
}

export function listItems(opts: { projectId?: number; limit?: number; offset?: number } = {}): Item[] {
  const q = getDb()
    .select()
    .from(items)
    .where(opts.projectId === undefined ? undefined : eq(items.projectId, opts.projectId))
    .orderBy(asc(items.id));
  return (opts.limit !== undefined ? q.limit(opts.limit).offset(opts.offset ?? 0) : q).all();
}

/** The category by name (any case), its canonical name and its department sequence. */
function categoryOrThrow(tx: Tx, name: string) {
  const row = tx
    .select({ name: categories.name, departmentSequence: categories.departmentSequence })
    .from(categories)
    .where(sql`${categories.name} = ${name} COLLATE NOCASE`)
    .get();
  if (!row) throw new BadRequestError(t`Unknown category "${name}": choose one from Global Settings > Products`);
  return row;
}

function departmentOrThrow(tx: Tx, value: string) {
  const row = tx.select({ value: departments.value }).from(departments).where(eq(departments.value, value)).get();
  if (!row && !(STANDARD_DEPARTMENT_ORDER as readonly string[]).includes(value)) throw new BadRequestError(t`Unknown department "${value}"`);
  return value;
}

function workflowExists(tx: Tx, id: number | null | undefined) {
  if (id === null || id === undefined) return;
  if (!tx.select({ id: workflows.id }).from(workflows).where(eq(workflows.id, id)).get()) throw new BadRequestError(t`Workflow not found`);
}

const stepIndexOf = (sequence: readonly string[], department: string) => Math.max(0, itemSequence(sequence).indexOf(department));

/** A category as items need it: its canonical name and its department sequence. */
export type ItemCategory = { name: string; departmentSequence: string[] };

/** Every category by lower-case name, in one query, for writing many items in one transaction. */
export function categoriesByName(tx: Tx | DB): Map<string, ItemCategory> {
  const rows = tx.select({ name: categories.name, departmentSequence: categories.departmentSequence }).from(categories).all();
  return new Map(rows.map((c) => [c.name.toLowerCase(), c]));
}

export type ItemInsert = {
  name: string;
  material: string;
  quantity: number;
  department: string;
  workflowId?: number | null;
  productWorkflowId?: number | null;
};

/**
 * A new item with its QR code and audit row, inside the caller's transaction, on a project and category the caller
 * has looked up; the caller announces it after commit. The project page, the API and the order import all add
 * items through here.
 */
export function insertItemInTx(
  tx: Tx,
  input: ItemInsert,
  project: { id: number; workflowId: number | null },
  category: ItemCategory,
  actor: Actor,
  qrBase = qrCodeBase(),
): Item {
  // Compiled once (an import adds thousands of items in one transaction); they run on the one connection, so
  // inside the caller's transaction.
  const db = getDb();
  const { id } = itemInsert(db).get({
    name: input.name,
    category: category.name,
    material: input.material,
    quantity: input.quantity,
    department: input.department,
    projectId: project.id,
    workflowId: input.workflowId === undefined ? project.workflowId : input.workflowId,
    productWorkflowId: input.productWorkflowId ?? null,
    currentStepIndex: stepIndexOf(category.departmentSequence, input.department),
  })!;
  const after = itemQrSet(db).get({ id, qrCode: `${qrBase}/qr/${id}` })!;
  writeAuditPrepared(actor, { action: "create", entity: "item", entityId: id, after });
  return after;
}

const itemInsert = (db: DB) =>
  prepared(db, "items:insert", (d) =>
    d
      .insert(items)
      .values({
        name: sql`${sql.placeholder("name")}`,
        category: sql`${sql.placeholder("category")}`,
        material: sql`${sql.placeholder("material")}`,
        quantity: sql`${sql.placeholder("quantity")}`,
        department: sql`${sql.placeholder("department")}`,
        projectId: sql`${sql.placeholder("projectId")}`,
        workflowId: sql`${sql.placeholder("workflowId")}`,
        productWorkflowId: sql`${sql.placeholder("productWorkflowId")}`,
        currentStepIndex: sql`${sql.placeholder("currentStepIndex")}`,
      })
      .returning({ id: items.id })
      .prepare(),
  );
const itemQrSet = (db: DB) =>
  prepared(db, "items:set-qr", (d) =>
    d
      .update(items)
      .set({ qrCode: sql`${sql.placeholder("qrCode")}` })
      .where(eq(items.id, sql.placeholder("id")))
      .returning()
      .prepare(),
  );

export function createItem(input: ItemCreate, actor: Actor): Item {
  const item = getDb().transaction((tx) => {
    const project = tx.select({ id: projects.id, workflowId: projects.workflowId }).from(projects).where(eq(projects.id, input.projectId)).get();
    if (!project) throw new BadRequestError(t`This project no longer exists.`);
    const category = categoryOrThrow(tx, input.category);
    const department = departmentOrThrow(tx, input.department ?? DEFAULT_ITEM_DEPARTMENT);
    workflowExists(tx, input.workflowId);
    workflowExists(tx, input.productWorkflowId);
    const row = insertItemInTx(tx, { ...input, department }, project, category, actor);
    // One more item to pass every department: the steps and the project's status follow (decision 0048).
    return { row, notices: followTheFloor(project.id, actor, Date.now()) };
  });
  announce({ entity: "item", id: item.row.id, action: "create", projectId: item.row.projectId, department: item.row.department });
  for (const n of item.notices) announce(n);
  return item.row;
}

export const movingRunningItemMessage = () => t`This item's timer is running. Stop or pause it before moving the item to another department.`;

/**
 * The update of `updateItem` inside the caller's transaction (undefined: no such item, or not in the guard's
 * project); `known.categories` (categoriesByName) spares a category query per item when many change at once.
 */
export function updateItemInTx(
  tx: Tx,
  id: number,
  patch: ItemPatch,
  actor: Actor,
  guard?: UpdateGuard,
  known: { categories?: ReadonlyMap<string, ItemCategory> } = {},
): { before: Item; after: Item; notices?: Notice[] } | undefined {
  const before = tx.select().from(items).where(eq(items.id, id)).get();
  if (!before || (guard?.inProject !== undefined && before.projectId !== guard.inProject)) return undefined;
  assertFresh("item", before, guard);
  const values: Partial<typeof items.$inferInsert> = {};
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.material !== undefined) values.material = patch.material;
  if (patch.quantity !== undefined) values.quantity = patch.quantity;
  if (patch.projectId !== undefined && patch.projectId !== before.projectId) {
    if (!tx.select({ id: projects.id }).from(projects).where(eq(projects.id, patch.projectId)).get())
      throw new BadRequestError(t`This project no longer exists.`);
    values.projectId = patch.projectId;
  }
  const categoryName = patch.category ?? before.category;
  const category = known.categories?.get(categoryName.toLowerCase()) ?? categoryOrThrow(tx, categoryName);
  if (patch.category !== undefined) values.category = category.name;
  if (patch.department !== undefined) {
    const department = departmentOrThrow(tx, patch.department);
    // A running session belongs to the department it was started in: its stop is logged there and moves the item on
    // from there (docs/product.md, Decisions: Timers). Moved under it, the log would say it was stopped elsewhere.
    if (department !== before.department && before.isTimerActive) throw new ConflictError(movingRunningItemMessage());
    values.department = department;
  }
  if (patch.category !== undefined || patch.department !== undefined) {
    values.currentStepIndex = stepIndexOf(category.departmentSequence, values.department ?? before.department);
  }
  if (patch.workflowId !== undefined) {
    workflowExists(tx, patch.workflowId);
    values.workflowId = patch.workflowId;
  }
  if (patch.productWorkflowId !== undefined) {
    workflowExists(tx, patch.productWorkflowId);
    values.productWorkflowId = patch.productWorkflowId;
  }
  const changed = changedValues(values, before);
  if (Object.keys(changed).length === 0) return { before, after: before };
  const after = tx
    .update(items)
    .set({ ...changed, version: before.version + 1 })
    .where(eq(items.id, id))
    .returning()
    .get();
  writeAudit(actor, { action: "update", entity: "item", entityId: id, before, after }, tx);
  // An item that moved (department, sequence or project) moves its project's steps (decision 0048); a new category is
  // a new sequence, which decides the steps the item counts in, even where its step index stays the same.
  const notices: Notice[] = [];
  if (changed.department !== undefined || changed.category !== undefined || changed.currentStepIndex !== undefined || changed.projectId !== undefined) {
    notices.push(...followTheFloor(after.projectId, actor, Date.now()));
    if (after.projectId !== before.projectId) notices.push(...followTheFloor(before.projectId, actor, Date.now()));
  }
  return { before, after, notices };
}

export function updateItem(id: number, patch: ItemPatch, actor: Actor, guard?: UpdateGuard): Item | undefined {
  const result = getDb().transaction((tx) => updateItemInTx(tx, id, patch, actor, guard));
  if (!result) return undefined;
  if (result.after === result.before) return result.after;
  announce({
    entity: "item",
    id,
    action: "update",
    projectId: result.after.projectId,
    department: result.after.department,
    fromDepartment: result.before.department,
  });
  for (const n of result.notices ?? []) announce(n);
  return result.after;
}

/** Deletes an item with its timer logs and file links (foreign keys cascade). */
/** Deletes the item (undefined: no such item, or, with `inProject`, none in that project). */
export function deleteItem(id: number, actor: Actor, scope: { inProject?: number } = {}): Item | undefined {
  const deleted = getDb().transaction((tx) => {
    const before = tx.select().from(items).where(eq(items.id, id)).get();
    if (!before || (scope.inProject !== undefined && before.projectId !== scope.inProject)) return undefined;
    tx.delete(items).where(eq(items.id, id)).run();
    writeAudit(actor, { action: "delete", entity: "item", entityId: id, before }, tx);
    return { before, notices: followTheFloor(before.projectId, actor, Date.now()) };
  });
  if (!deleted) return undefined;
  announce({ entity: "item", id, action: "delete", projectId: deleted.before.projectId, department: deleted.before.department });
  for (const n of deleted.notices) announce(n);
  return deleted.before;
}

export function itemNotFinished() {
  return t`This item is not finished.`;
}

/**
 * Reopen (docs/product.md, Decisions: The end of a job): a finished item is unfinished again, back in the last
 * department of its sequence, and its project follows (a completed project is active again). Audited. Undefined
 * when there is no such item; ConflictError when it is not finished.
 */
export function reopenItem(id: number, actor: Actor, scope: { inProject?: number } = {}): Item | undefined {
  const result = getDb().transaction((tx) => {
    const before = tx.select().from(items).where(eq(items.id, id)).get();
    if (!before || (scope.inProject !== undefined && before.projectId !== scope.inProject)) return undefined;
    if (!before.finishedAt) throw new ConflictError(itemNotFinished());
    const sequenceRow = tx
      .select({ departmentSequence: categories.departmentSequence })
      .from(categories)
      .where(sql`${categories.name} = ${before.category} COLLATE NOCASE`)
      .get();
    const sequence = itemSequence(sequenceRow?.departmentSequence);
    const department = sequence[sequence.length - 1] ?? before.department;
    const after = tx
      .update(items)
      .set({
        finishedAt: null,
        finishedBy: null,
        department,
        currentStepIndex: Math.max(0, sequence.length - 1),
        version: before.version + 1,
      })
      .where(eq(items.id, id))
      .returning()
      .get();
    writeAudit(
      actor,
      {
        action: "reopen",
        entity: "item",
        entityId: id,
        before: { department: before.department, finishedAt: before.finishedAt, finishedBy: before.finishedBy },
        after: { department: after.department, finishedAt: null, finishedBy: null },
      },
      tx,
    );
    return { before, after, notices: followTheFloor(after.projectId, actor, Date.now()) };
  });
  if (!result) return undefined;
  announce({
    entity: "item",
    id,
    action: "update",
    projectId: result.after.projectId,
    department: result.after.department,
    fromDepartment: result.before.department,
  });
  for (const n of result.notices) announce(n);
  return result.after;
}

/** reopenItem for a form or call that names the item: NotFoundError when it is gone. */
export function reopenItemOrThrow(id: number, actor: Actor): Item {
  const item = reopenItem(id, actor);
  if (!item) throw new NotFoundError(t`Item not found`);
  return item;
}

// The QR image route asks on every request whether the item still exists: prepared once per database.
const itemQrLookup = (db: DB) =>
  prepared(db, "items:qr", (d) =>
    d
      .select({ id: items.id, qrCode: items.qrCode })
      .from(items)
      .where(eq(items.id, sql.placeholder("id")))
      .prepare(),
  );

/** The item's id and stored QR code, or undefined when there is no such item. */
export function getItemQrCode(id: number): { id: number; qrCode: string | null } | undefined {
  return itemQrLookup(getDb()).get({ id });
}

export type ProjectItem = Item & { fileCount: number; fileDescriptions: string[] };

/**
 * The items of one project for its screen, oldest first, each with how many files it has: one query (the count
 * is a lookup in the (item_id, file_type) index per item, not a scan of every association).
 */
const projectItemsQuery = (db: DB) =>
  prepared(db, "items:of-project", (d) =>
    d
      .select({
        item: items,
        // Spelled out: drizzle writes a lone column unqualified, and inside the subquery "id" would be the association's.
        fileCount: sql<number>`(SELECT count(*) FROM item_file_associations AS ifa WHERE ifa.item_id = "items"."id")`,
        // The assigned files' materials, for the green / red file indicator (compared in JavaScript, which lowercases
        // every script; SQLite's lower() knows only ASCII).
        fileDescriptions: sql<string>`(SELECT json_group_array(f.description) FROM item_file_associations AS ifa JOIN machine_ready_files AS f ON f.id = ifa.machine_file_id WHERE ifa.item_id = "items"."id")`,
      })
      .from(items)
      .where(eq(items.projectId, sql.placeholder("projectId")))
      .orderBy(asc(items.id))
      .limit(sql.placeholder("limit"))
      .prepare(),
  );

export function listProjectItems(projectId: number, limit = 1000): ProjectItem[] {
  return projectItemsQuery(getDb())
    .all({ projectId, limit })
    .map((r) => ({ ...r.item, fileCount: r.fileCount, fileDescriptions: JSON.parse(r.fileDescriptions ?? "[]") as string[] }));
}

// ---------------------------------------------------------------------------------------------
// The items screen (docs/product.md §2 Items list): a page of 200,000 items, filtered by category and project.

/** `q`: a name search; every word of it must appear in the name, anywhere, in any case (ASCII letters). */
export type ItemListFilter = { category?: string; projectId?: number; q?: string };
export type ItemListRow = Item & { projectName: string };

/** The words of a name search, at most 8: "letters 3" finds "Channel Letters #3". */
export function searchWords(q: string | undefined): string[] {
  return (q ?? "").trim().split(/\s+/).filter(Boolean).slice(0, 8);
}

// LIKE's own wildcards in what was typed are plain characters ("50%" finds "50% off").
const nameContains = (word: string) => sql`${items.name} LIKE ${`%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} ESCAPE '\\'`;

const itemFilter = (f: ItemListFilter) =>
  and(
    // Exact: items keep the category's own spelling, and a NOCASE comparison could not use the category index.
    f.category === undefined ? undefined : eq(items.category, f.category),
    f.projectId === undefined ? undefined : eq(items.projectId, f.projectId),
    ...searchWords(f.q).map(nameContains),
  );

/**
 * How many items match. The whole list and a category come from the counts triggers keep (migrations 0004 and
 * 0005): counting a category's share of 2,000,000 items took 9 ms a page. A project's items are few: counted.
 */
export function countItems(filter: ItemListFilter): number {
  const db = getDb();
  // A search counts its matches: a scan of the name index alone (name and rowid, no table row), 12 ms at 200,000.
  if (filter.projectId !== undefined || searchWords(filter.q).length)
    return db.select({ n: sql<number>`count(*)` }).from(items).where(itemFilter(filter)).get()?.n ?? 0;
  if (filter.category !== undefined)
    return (
      prepared(db, "items:category-count", (d) =>
        d
          .select({ n: itemCategoryCounts.total })
          .from(itemCategoryCounts)
          .where(eq(itemCategoryCounts.category, sql.placeholder("category")))
          .prepare(),
      ).get({ category: filter.category })?.n ?? 0
    );
  return (
    prepared(db, "items:count", (d) =>
      d
        .select({ n: sql<number>`coalesce(sum(${workflowItemCounts.total}), 0)` })
        .from(workflowItemCounts)
        .prepare(),
    ).get()?.n ?? 0
  );
}

/**
 * A name search without a category or project matches few items or many. Few (up to this many): the page's ids come
 * from the name index alone and are sorted (12 ms at 200,000 items, however rare the word). Many: newest first
 * along the rowids stops after the page's matches (under 1 ms for a common word), where a rare word would read every
 * row (37 ms).
 */
const FEW_MATCHES = 2_000;

/**
 * One page, newest first, with each item's project name, and how many items match: three queries whatever the page.
 * Newest first is the rowid order inside the category and project indexes, so a filtered page reads no more
 * than it shows (plus the offset).
 */
export function listItemsPage(filter: ItemListFilter, limit: number, offset: number): { rows: ItemListRow[]; total: number } {
  const db = getDb();
  const where = itemFilter(filter);
  const total = countItems(filter);
  const fromNameIndex = filter.category === undefined && filter.projectId === undefined && searchWords(filter.q).length > 0 && total <= FEW_MATCHES;
  // The page's ids first, from the index alone: a deep page (offset 150,000) then skips rowids, not joined rows.
  const ids = fromNameIndex
    ? db
        .all<{ id: number }>(sql`SELECT id FROM items INDEXED BY items_name_idx WHERE ${where} ORDER BY id DESC LIMIT ${limit} OFFSET ${offset}`)
        .map((r) => r.id)
    : db
        .select({ id: items.id })
        .from(items)
        .where(where)
        .orderBy(desc(items.id))
        .limit(limit)
        .offset(offset)
        .all()
        .map((r) => r.id);
  const rows = ids.length
    ? db
        .select({ item: items, projectName: projects.name })
        .from(items)
        .innerJoin(projects, eq(projects.id, items.projectId))
        .where(inArray(items.id, ids))
        .orderBy(desc(items.id))
        .all()
        .map((r) => ({ ...r.item, projectName: r.projectName }))
    : [];
  return { rows, total };
}

/** The projects the items screen offers in its filter and form: the newest `limit`, plus `keep` if it exists. */
export function projectChoices(limit: number, keep?: number): { id: number; name: string }[] {
  const db = getDb();
  const rows = db.select({ id: projects.id, name: projects.name }).from(projects).orderBy(desc(projects.id)).limit(limit).all();
  if (keep !== undefined && !rows.some((r) => r.id === keep)) {
    const extra = db.select({ id: projects.id, name: projects.name }).from(projects).where(eq(projects.id, keep)).get();
    if (extra) rows.unshift(extra);
  }
  return rows;
}
