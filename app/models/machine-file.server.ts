import { t } from "@lingui/core/macro";
import { and, asc, desc, eq, gte, inArray, or, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { z } from "zod";
import { departments, itemFileAssociations, items, machineReadyFiles, projects, teamMembers } from "#db/schema";
import type { FileType, MachineFileCreateSchema, MachineFilePatchSchema } from "~/schemas/machine-file";
import { getDb } from "~/infra/db.server";
import { BadRequestError, ConflictError, NotFoundError } from "~/domain/errors";
import { announce } from "~/infra/change-notices.server";
import { decodeCsvBytes, parseMachineFileCsvInSteps } from "~/domain/machine-file-csv";
import { writeAudit, type Actor } from "./audit.server";
import type { Tx } from "./crud.server";
import { prepared } from "./prepared.server";
import { batchesOf, IMPORT_BATCH_ROWS, pause } from "./batches.server";

export { IMPORT_BATCH_ROWS };

// Machine-ready files (docs/product.md §2 Machine Ready Files, Machine Files Spreadsheet, Machine Files for one machine; §3;
// §4 'Machine file'; §7 'Machine files'). A file is a record, not bytes (docs/product.md, Decisions: Uploads): its path is the
// placeholder '/files/{fileName}'. Its machine is the value of a department that is a machine.

export type MachineFile = typeof machineReadyFiles.$inferSelect;
export type MachineFileCreate = z.infer<typeof MachineFileCreateSchema>;
export type MachineFilePatch = Omit<z.infer<typeof MachineFilePatchSchema>, "completedBy">;

/** docs/product.md §9: file type 'Document', path '/files/{fileName}', description 'File for {machine}' without material. */
export const DEFAULT_FILE_TYPE = "Document";
export const placeholderPath = (fileName: string) => `/files/${fileName}`;
export const defaultDescription = (machineName: string) => `File for ${machineName}`;

export const CLICK_QR_FIRST = "Click QR first: open this file's QR code before marking it completed.";
/** CLICK_QR_FIRST in the language being spoken. */
export const clickQrFirst = () => t`Click QR first: open this file's QR code before marking it completed.`;

type Machine = { value: string; name: string };

/** The machine departments (docs/product.md: the spreadsheet's machine choices), active first by name. */
export function listMachineChoices(): (Machine & { isActive: boolean })[] {
  return getDb()
    .select({ value: departments.value, name: departments.name, isActive: departments.isActive })
    .from(departments)
    .where(eq(departments.isMachine, true))
    .orderBy(desc(departments.isActive), asc(departments.name))
    .all();
}

function machinesByKey(tx: Tx): Map<string, Machine> {
  const map = new Map<string, Machine>();
  for (const m of tx.select({ value: departments.value, name: departments.name }).from(departments).where(eq(departments.isMachine, true)).all()) {
    map.set(m.value.toLowerCase(), m);
    map.set(m.name.trim().toLowerCase(), m);
  }
  return map;
}

function machineOrThrow(machines: Map<string, Machine>, raw: string): Machine {
  const m = machines.get(raw.trim().toLowerCase());
  if (!m) throw new BadRequestError(t`Unknown machine "${raw}": choose a machine from Global Settings > Departments/Stations`);
  return m;
}

/** Reads run inside a write transaction or, for a long import's checks, on their own. */
type Reader = Pick<Tx, "select" | "all">;

function projectOrThrow(tx: Reader, id: number | null | undefined) {
  if (id === null || id === undefined) return null;
  const p = tx.select({ id: projects.id, priority: projects.priority }).from(projects).where(eq(projects.id, id)).get();
  if (!p) throw new BadRequestError(t`Project not found`);
  return p;
}

/** The end of each machine's queue, so new files join it last. */
function nextSortOrders(tx: Tx, machineValues: string[]): Map<string, number> {
  const rows = machineValues.length
    ? tx
        .select({ machine: machineReadyFiles.machine, max: sql<number>`max(${machineReadyFiles.sortOrder})` })
        .from(machineReadyFiles)
        .where(inArray(machineReadyFiles.machine, [...new Set(machineValues)]))
        .groupBy(machineReadyFiles.machine)
        .all()
    : [];
  return new Map(rows.map((r) => [r.machine, (r.max ?? 0) + 1]));
}

type Defaults = { fileType?: string; projectId?: number | null };
type Resolved = { input: MachineFileCreate; machine: Machine; projectId: number | null };

// A file is already there when its project has a file of that name (any case: Windows file names) on that machine.
const fileKey = (projectId: number | null, machine: string, fileName: string) => `${projectId ?? ""}\u0000${machine}\u0000${fileName.trim().toLowerCase()}`;

/** The files of the named projects (null: files of no project) with an id above `afterId`, as keys; and the last id. */
function existingKeys(tx: Reader, projectIds: readonly (number | null)[], afterId: number, limit = -1): { keys: string[]; lastId: number; count: number } {
  const ids = [...new Set(projectIds.filter((p): p is number => p !== null))];
  const loose = projectIds.includes(null);
  if (ids.length === 0 && !loose) return { keys: [], lastId: afterId, count: 0 };
  // Each project's files come from the project index (an OR of the two terms uses it for both).
  const inProjects = sql`project_id IN (${sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  )})`;
  const which = ids.length && loose ? sql`(${inProjects} OR project_id IS NULL)` : ids.length ? inProjects : sql`project_id IS NULL`;
  const rows = tx.all<{ id: number; projectId: number | null; machine: string; fileName: string }>(
    sql`SELECT id, project_id AS projectId, machine, file_name AS fileName FROM machine_ready_files
        WHERE ${which} AND id > ${afterId} ORDER BY id LIMIT ${limit}`,
  );
  return { keys: rows.map((r) => fileKey(r.projectId, r.machine, r.fileName)), lastId: rows.at(-1)?.id ?? afterId, count: rows.length };
}

function resolveInputs(tx: Tx, inputs: MachineFileCreate[], defaults: Defaults): Resolved[] {
  const machines = machinesByKey(tx);
  const checked = new Map<number, boolean>();
  return inputs.map((input) => {
    const projectId = input.projectId === undefined ? (defaults.projectId ?? null) : input.projectId;
    if (projectId !== null && !checked.has(projectId)) checked.set(projectId, projectOrThrow(tx, projectId) !== null);
    return { input, machine: machineOrThrow(machines, input.machine), projectId };
  });
}

// One row a statement, compiled once: a 500-row INSERT built by the query builder cost more to write and compile
// than to run, and a large import runs thousands of them.
const insertOne = () =>
  prepared(getDb(), "machine-files:insert", (d) =>
    d
      .insert(machineReadyFiles)
      .values({
        name: sql`${sql.placeholder("name")}`,
        fileName: sql`${sql.placeholder("fileName")}`,
        machine: sql`${sql.placeholder("machine")}`,
        fileType: sql`${sql.placeholder("fileType")}`,
        filePath: sql`${sql.placeholder("filePath")}`,
        fileSize: sql`${sql.placeholder("fileSize")}`,
        description: sql`${sql.placeholder("description")}`,
        projectId: sql`${sql.placeholder("projectId")}`,
        priority: sql`${sql.placeholder("priority")}`,
        sortOrder: sql`${sql.placeholder("sortOrder")}`,
        updatedAt: sql`${sql.placeholder("updatedAt")}`,
      })
      .returning({ id: machineReadyFiles.id })
      .prepare(),
  );

type Inserted = { id: number; fileName: string; machine: string; projectId: number | null };

/**
 * Insert resolved files at the end of their machines' queues, with one audit row; the caller's transaction holds
 * it all. With `known` (the keys of files already there), a file whose key is known is skipped and counted, and
 * each new key joins `known`, so a file listed twice in one save is saved once. `rows: false` skips reading the
 * new rows back (a large import returns only the first few).
 */
function insertFiles(
  tx: Tx,
  resolved: Resolved[],
  actor: Actor,
  defaults: Defaults,
  known?: Set<string>,
  opts: { rows: boolean } = { rows: true },
): { created: MachineFile[]; inserted: Inserted[]; skipped: number } {
  let skipped = 0;
  const fresh = known
    ? resolved.filter((r) => {
        const key = fileKey(r.projectId, r.machine.value, r.input.fileName);
        if (known.has(key)) return (skipped++, false);
        known.add(key);
        return true;
      })
    : resolved;
  const priorities = new Map<number, string>();
  const projectIds = [...new Set(fresh.map((r) => r.projectId).filter((p): p is number => p !== null))];
  for (let i = 0; i < projectIds.length; i += 500) {
    for (const p of tx
      .select({ id: projects.id, priority: projects.priority })
      .from(projects)
      .where(inArray(projects.id, projectIds.slice(i, i + 500)))
      .all())
      priorities.set(p.id, p.priority);
  }
  const next = nextSortOrders(
    tx,
    fresh.map((r) => r.machine.value),
  );
  const updatedAt = Date.now();
  const statement = insertOne();
  const inserted: Inserted[] = fresh.map(({ input, machine, projectId }) => {
    const sortOrder = next.get(machine.value) ?? 1;
    next.set(machine.value, sortOrder + 1);
    const { id } = statement.get({
      name: input.name ?? input.fileName,
      fileName: input.fileName,
      machine: machine.value,
      fileType: input.fileType ?? defaults.fileType ?? DEFAULT_FILE_TYPE,
      filePath: input.filePath ?? placeholderPath(input.fileName),
      fileSize: input.fileSize ?? null,
      description: input.description?.trim() ? input.description.trim() : defaultDescription(machine.name),
      projectId,
      priority: projectId === null ? null : (priorities.get(projectId) ?? null),
      sortOrder,
      updatedAt,
    })!;
    return { id, fileName: input.fileName, machine: machine.value, projectId };
  });
  const created: MachineFile[] = [];
  if (opts.rows) {
    const ids = inserted.map((f) => f.id);
    for (let i = 0; i < ids.length; i += 500)
      created.push(
        ...tx
          .select()
          .from(machineReadyFiles)
          .where(inArray(machineReadyFiles.id, ids.slice(i, i + 500)))
          .orderBy(asc(machineReadyFiles.id))
          .all(),
      );
  }
  if (inserted.length === 1) writeAudit(actor, { action: "create", entity: "machine-file", entityId: inserted[0]!.id, after: created[0] ?? inserted[0] }, tx);
  else if (inserted.length > 1) {
    // One row for a bulk save: the ids and names, not 5,000 copies of every column.
    writeAudit(actor, { action: "bulk-create", entity: "machine-file", entityId: null, after: inserted }, tx);
  }
  return { created, inserted, skipped };
}

type Touched = { projectId: number | null; machine: string };

function announceFiles(files: Touched[], action: string, id?: number) {
  const seen = new Set<string>();
  for (const f of files) {
    // A bulk save tells each machine and project once, not once per row.
    const key = `${f.projectId}|${f.machine}`;
    if (seen.has(key)) continue;
    seen.add(key);
    announce({ entity: "machine-file", id: files.length === 1 ? (id ?? null) : null, action, projectId: f.projectId, department: f.machine });
  }
}

export function getMachineFile(id: number): MachineFile | undefined {
  return getDb().select().from(machineReadyFiles).where(eq(machineReadyFiles.id, id)).get();
}

export function listMachineFiles(opts: { projectId?: number; limit?: number; offset?: number } = {}): MachineFile[] {
  const q = getDb().select().from(machineReadyFiles).where(fileScope(opts)).orderBy(asc(machineReadyFiles.id));
  return (opts.limit !== undefined ? q.limit(opts.limit).offset(opts.offset ?? 0) : q).all();
}

/** The files of one project, of one machine, of both, or (neither given) of the shop. */
function fileScope(opts: { projectId?: number; machine?: string }) {
  return and(
    opts.projectId === undefined ? undefined : eq(machineReadyFiles.projectId, opts.projectId),
    opts.machine === undefined ? undefined : eq(machineReadyFiles.machine, opts.machine),
  );
}

/** How many files a project has, or a machine, or the shop. */
export function countMachineFiles(opts: { projectId?: number; machine?: string } = {}): number {
  return getDb().select({ n: sql<number>`count(*)` }).from(machineReadyFiles).where(fileScope(opts)).get()?.n ?? 0;
}

/** One file, as given: POST /api/machine-ready-files (docs/product.md §7), which always adds. */
export function createMachineFile(input: MachineFileCreate, actor: Actor): MachineFile {
  const { created } = getDb().transaction((tx) => insertFiles(tx, resolveInputs(tx, [input], {}), actor, {}));
  announceFiles(created, "create", created[0]!.id);
  return created[0]!;
}

/** Files as given, all or nothing in one transaction (no duplicate check: seed data and tests). */
export function createMachineFiles(inputs: MachineFileCreate[], actor: Actor): MachineFile[] {
  const { created } = getDb().transaction((tx) => insertFiles(tx, resolveInputs(tx, inputs, {}), actor, {}));
  announceFiles(created, "create", created[0]?.id);
  return created;
}

export type FileEdit = { id: number; patch: MachineFilePatch };
export type SaveResult = { created: MachineFile[]; updated: MachineFile[]; skipped: number };

/**
 * A bulk save (docs/product.md §5): the spreadsheet's Save All, Save Selected and Save, and POST /api/machine-ready-files/bulk.
 * Edits and new files in ONE transaction, all or nothing. A new file whose project, file name and machine are
 * already there (or listed earlier in the same save) is skipped and counted, so a save sent twice adds nothing.
 */
export function saveMachineFiles(save: { creates: MachineFileCreate[]; edits?: FileEdit[] }, actor: Actor, defaults: Defaults = {}): SaveResult {
  const result = getDb().transaction((tx) => {
    const edits = (save.edits ?? []).map((e) => {
      const r = updateInTx(tx, e.id, e.patch, actor);
      if (!r) throw new NotFoundError(t`A file was deleted while you were editing it. Reload to see the project's files.`);
      return r;
    });
    const resolved = resolveInputs(tx, save.creates, defaults);
    const known = new Set(
      existingKeys(
        tx,
        resolved.map((r) => r.projectId),
        0,
      ).keys,
    );
    return { edits, ...insertFiles(tx, resolved, actor, defaults, known) };
  });
  for (const e of result.edits) announceUpdate(e);
  announceFiles(result.created, "create", result.created[0]?.id);
  return { created: result.created, updated: result.edits.map((e) => e.after), skipped: result.skipped };
}

/** The files of a save in batches already in the database: their keys, and the newest id read. */
type Seen = { known: Set<string>; lastId: number };

/** One batch of a save in batches: the files added since the last batch join `seen`, then the batch's new ones. */
function insertCatchingUp(
  tx: Tx,
  seen: Seen,
  projectIds: readonly (number | null)[],
  batch: MachineFileCreate[],
  actor: Actor,
  defaults: Defaults,
  opts?: { rows: boolean },
): ReturnType<typeof insertFiles> {
  const since = existingKeys(tx, projectIds, seen.lastId);
  for (const k of since.keys) seen.known.add(k);
  const result = insertFiles(tx, resolveInputs(tx, batch, defaults), actor, defaults, seen.known, opts);
  seen.lastId = result.inserted.reduce((max, f) => Math.max(max, f.id), since.lastId);
  return result;
}

/**
 * POST /api/machine-ready-files/bulk: up to 5,000 new files. Up to IMPORT_BATCH_ROWS it is saveMachineFiles, one
 * transaction. A longer list is checked whole first (every machine and project known: otherwise nothing is saved),
 * then written in transactions of IMPORT_BATCH_ROWS with a pause between them (docs/product.md, Decisions: Large
 * writes), each one catching up on files added meanwhile; a batch that fails removes the files the batches before it
 * added, so the save stays all or nothing.
 */
export async function saveMachineFilesInBatches(creates: MachineFileCreate[], actor: Actor): Promise<SaveResult> {
  if (creates.length <= IMPORT_BATCH_ROWS) return saveMachineFiles({ creates }, actor);
  const db = getDb();
  const projectIds = [...new Set(creates.map((c) => c.projectId ?? null))];
  const seen: Seen = { known: new Set(), lastId: 0 };
  db.transaction((tx) => {
    resolveInputs(tx, creates, {});
    const page = existingKeys(tx, projectIds, 0);
    for (const k of page.keys) seen.known.add(k);
    seen.lastId = page.lastId;
  });
  const created: MachineFile[] = [];
  let skipped = 0;
  for (const [n, batch] of batchesOf(creates).entries()) {
    await pause();
    let done: ReturnType<typeof insertFiles>;
    try {
      done = db.transaction((tx) => insertCatchingUp(tx, seen, projectIds, batch, actor, {}));
    } catch (error) {
      if (n > 0 && created.length) {
        const ids = created.map((f) => f.id);
        db.transaction((tx) => {
          tx.delete(machineReadyFiles)
            .where(sql`${machineReadyFiles.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))`)
            .run();
          writeAudit(actor, { action: "undo-save", entity: "machine-file", entityId: null, after: ids }, tx);
        });
        announceFiles(created, "delete");
      }
      throw error;
    }
    created.push(...done.created);
    skipped += done.skipped;
    announceFiles(done.created, "create");
  }
  return { created, updated: [], skipped };
}

export type CsvImportResult = {
  /** How many files were added, and how many rows were already there (same project, file name and machine). */
  saved: number;
  skipped: number;
  /** The first FILES_RETURNED of the files added. */
  files: MachineFile[];
  /** Rows not saved, by line. */
  errors: string[];
  /** A problem with the whole file: nothing was saved. */
  problem?: string;
};

export const FILES_RETURNED = 500;
// Reading a project's files for the duplicate check, a page at a time for the same reason as the batches.
const KEYS_PAGE = 5000;

/**
 * The CSV import (spreadsheet page and POST …/upload-csv). Everything is read and checked first; a problem with
 * the whole file (columns, a quote never closed, text that cannot be read) saves nothing. Good rows are then
 * written in transactions of IMPORT_BATCH_ROWS rows, pausing between them, so a 200,000-row file never holds the
 * server for more than a few milliseconds at a time. Rows already there are skipped and counted, so re-running an
 * import that stopped half-way (or the same file after fixing one line) adds only what is missing. A row naming an
 * unknown project is the caller's mistake: the whole import is refused.
 */
export async function importMachineFilesCsv(source: { bytes: Uint8Array } | { text: string }, defaults: Defaults, actor: Actor): Promise<CsvImportResult> {
  const nothing = (problem: string): CsvImportResult => ({ saved: 0, skipped: 0, files: [], errors: [problem], problem });
  let text: string;
  if ("bytes" in source) {
    const decoded = decodeCsvBytes(source.bytes);
    if ("error" in decoded) return nothing(decoded.error);
    text = decoded.text;
  } else text = source.text;
  const db = getDb();
  const projectId = defaults.projectId ?? null;
  projectOrThrow(db, projectId);
  const parsed = await parseMachineFileCsvInSteps(text, listMachineChoices(), pause);
  if (parsed.problem) return nothing(parsed.problem);
  const { rows, errors } = parsed;
  if (rows.length === 0) return { saved: 0, skipped: 0, files: [], errors };

  // The project's files already there, a page at a time; each batch then adds what arrived since.
  const seen: Seen = { known: new Set(), lastId: 0 };
  for (;;) {
    const page = existingKeys(db, [projectId], seen.lastId, KEYS_PAGE);
    for (const k of page.keys) seen.known.add(k);
    seen.lastId = page.lastId;
    if (page.count < KEYS_PAGE) break;
    await pause();
  }
  const files: MachineFile[] = [];
  const touched = new Map<string, Touched>();
  let saved = 0;
  let skipped = 0;
  for (const [n, slice] of batchesOf(rows).entries()) {
    if (n > 0) await pause();
    const batch = slice.map((r) => ({ fileName: r.fileName, machine: r.machine, description: r.material, projectId }));
    const done = db.transaction((tx) => insertCatchingUp(tx, seen, [projectId], batch, actor, defaults, { rows: files.length < FILES_RETURNED }));
    saved += done.inserted.length;
    skipped += done.skipped;
    files.push(...done.created.slice(0, FILES_RETURNED - files.length));
    for (const f of done.inserted) touched.set(`${f.projectId}|${f.machine}`, { projectId: f.projectId, machine: f.machine });
  }
  announceFiles([...touched.values()], "create", saved === 1 ? files[0]?.id : undefined);
  return { saved, skipped, files, errors };
}

const OPERATE_FIELDS = new Set(["isCompleted", "qrCodeClicked"]);
/** Opening the QR and completing are floor work (any member); changing a file's details is project work. */
export const isOperatePatch = (patch: Record<string, unknown>) =>
  Object.entries(patch).every(([k, v]) => v === undefined || k === "completedBy" || OPERATE_FIELDS.has(k));

type UpdateResult = { before: MachineFile; after: MachineFile; changed: boolean; action?: string };

function updateInTx(tx: Tx, id: number, patch: MachineFilePatch, actor: Actor): UpdateResult | undefined {
  const before = tx.select().from(machineReadyFiles).where(eq(machineReadyFiles.id, id)).get();
  if (!before) return undefined;
  const now = new Date();
  const values: Partial<typeof machineReadyFiles.$inferInsert> = {};
  if (patch.fileName !== undefined) values.fileName = patch.fileName;
  if (patch.name !== undefined) values.name = patch.name;
  if (patch.machine !== undefined) {
    const machine = machineOrThrow(machinesByKey(tx), patch.machine);
    if (machine.value !== before.machine) {
      values.machine = machine.value;
      values.sortOrder = nextSortOrders(tx, [machine.value]).get(machine.value) ?? 1;
    }
  }
  if (patch.description !== undefined) {
    const machineName = patch.machine ?? before.machine;
    values.description = patch.description.trim() || defaultDescription(machinesByKey(tx).get(machineName.toLowerCase())?.name ?? machineName);
  }
  // docs/product.md §4: opening the QR marks the file once; the first time counts for the processing time.
  const clickedAt = before.qrCodeClickedAt ?? (patch.qrCodeClicked ? now : null);
  if (patch.qrCodeClicked && !before.qrCodeClicked) {
    values.qrCodeClicked = true;
    values.qrCodeClickedAt = now;
  }
  if (patch.isCompleted === true && !before.isCompleted) {
    if (!(before.qrCodeClicked || values.qrCodeClicked)) throw new ConflictError(clickQrFirst());
    values.isCompleted = true;
    values.completedBy = actor.id;
    values.completedAt = now;
    values.processingTimeSeconds = clickedAt ? Math.max(0, Math.round((now.getTime() - clickedAt.getTime()) / 1000)) : null;
  } else if (patch.isCompleted === false && before.isCompleted) {
    values.isCompleted = false;
    values.completedBy = null;
    values.completedAt = null;
    values.processingTimeSeconds = null;
  }
  if (Object.keys(values).length === 0) return { before, after: before, changed: false };
  const after = tx
    .update(machineReadyFiles)
    .set({ ...values, updatedAt: now })
    .where(eq(machineReadyFiles.id, id))
    .returning()
    .get()!;
  const action =
    values.isCompleted === true
      ? "complete"
      : values.isCompleted === false
        ? "uncomplete"
        : values.qrCodeClicked && Object.keys(values).length === 2
          ? "qr-click"
          : "update";
  writeAudit(actor, { action, entity: "machine-file", entityId: id, before, after }, tx);
  return { before, after, changed: true, action };
}

function announceUpdate(result: UpdateResult) {
  if (!result.changed) return;
  const { before, after } = result;
  announce({ entity: "machine-file", id: after.id, action: result.action!, projectId: after.projectId, department: after.machine });
  if (before.machine !== after.machine)
    announce({ entity: "machine-file", id: after.id, action: "update", projectId: after.projectId, department: before.machine });
}

export function updateMachineFile(id: number, patch: MachineFilePatch, actor: Actor): MachineFile | undefined {
  const result = getDb().transaction((tx) => updateInTx(tx, id, patch, actor));
  if (!result) return undefined;
  announceUpdate(result);
  return result.after;
}

export type FileUse = {
  id: number;
  fileName: string;
  projectId: number | null;
  machine: string;
  machineName: string;
  isCompleted: boolean;
  /** Its place among the machine's open files (1 = next), and how many are open; null once completed. */
  queuePosition: number | null;
  queueLength: number;
  items: { id: number; name: string; fileType: FileType }[];
};

/** What deleting a file takes with it, for the question asked before: its machine queue and the items it is on. */
export function describeFileUse(id: number): FileUse | undefined {
  const db = getDb();
  const file = db.select().from(machineReadyFiles).where(eq(machineReadyFiles.id, id)).get();
  if (!file) return undefined;
  const [queue] = db.all<{ position: number; length: number }>(
    sql`SELECT
      (SELECT count(*) FROM machine_ready_files WHERE machine = ${file.machine} AND is_completed = 0
        AND (sort_order < ${file.sortOrder} OR (sort_order = ${file.sortOrder} AND id <= ${file.id}))) AS position,
      (SELECT count(*) FROM machine_ready_files WHERE machine = ${file.machine} AND is_completed = 0) AS length`,
  );
  const machineName = db.select({ name: departments.name }).from(departments).where(eq(departments.value, file.machine)).get()?.name ?? file.machine;
  const used = db
    .select({ id: items.id, name: items.name, fileType: itemFileAssociations.fileType })
    .from(itemFileAssociations)
    .innerJoin(items, eq(items.id, itemFileAssociations.itemId))
    .where(eq(itemFileAssociations.machineFileId, id))
    .orderBy(asc(items.name), asc(itemFileAssociations.fileType))
    .all();
  return {
    id,
    fileName: file.fileName,
    projectId: file.projectId,
    machine: file.machine,
    machineName,
    isCompleted: file.isCompleted,
    queuePosition: file.isCompleted ? null : (queue?.position ?? null),
    queueLength: queue?.length ?? 0,
    items: used.map((u) => ({ ...u, fileType: u.fileType as FileType })),
  };
}

/** Deletes the file and its item assignments (the foreign key cascades). */
export function deleteMachineFile(id: number, actor: Actor): MachineFile | undefined {
  const deleted = getDb().transaction((tx) => {
    const before = tx.select().from(machineReadyFiles).where(eq(machineReadyFiles.id, id)).get();
    if (!before) return undefined;
    tx.delete(machineReadyFiles).where(eq(machineReadyFiles.id, id)).run();
    writeAudit(actor, { action: "delete", entity: "machine-file", entityId: id, before }, tx);
    return before;
  });
  if (deleted) announce({ entity: "machine-file", id, action: "delete", projectId: deleted.projectId, department: deleted.machine });
  return deleted;
}

/** docs/product.md §7: POST /api/machine-files/reorder with {id, sortOrder} from 1 in the new order; all or nothing. */
export function reorderMachineFiles(order: { id: number; sortOrder: number }[], actor: Actor): { id: number; sortOrder: number }[] {
  const machinesTouched = getDb().transaction((tx) => {
    const ids = order.map((o) => o.id);
    const found = new Map<number, { id: number; sortOrder: number; machine: string }>();
    for (let i = 0; i < ids.length; i += 500) {
      for (const r of tx
        .select({ id: machineReadyFiles.id, sortOrder: machineReadyFiles.sortOrder, machine: machineReadyFiles.machine })
        .from(machineReadyFiles)
        .where(inArray(machineReadyFiles.id, ids.slice(i, i + 500)))
        .all())
        found.set(r.id, r);
    }
    const missing = ids.filter((id) => !found.has(id));
    if (missing.length) {
      const listed = missing.slice(0, 5).join(", ");
      const more = missing.length - 5;
      throw new NotFoundError(more > 0 ? t`Machine file not found: ${listed} and ${more} more` : t`Machine file not found: ${listed}`);
    }
    const changed = order.filter((o) => found.get(o.id)!.sortOrder !== o.sortOrder);
    const stmt = tx
      .update(machineReadyFiles)
      .set({ sortOrder: sql.placeholder("sortOrder") as unknown as number })
      .where(eq(machineReadyFiles.id, sql.placeholder("id")))
      .prepare();
    for (const o of changed) stmt.run({ id: o.id, sortOrder: o.sortOrder });
    if (changed.length) {
      writeAudit(
        actor,
        {
          action: "reorder",
          entity: "machine-file",
          entityId: null,
          before: changed.map((o) => ({ id: o.id, sortOrder: found.get(o.id)!.sortOrder })),
          after: changed,
        },
        tx,
      );
    }
    return changed.length ? [...new Set(changed.map((o) => found.get(o.id)!.machine))] : [];
  });
  for (const machine of machinesTouched) announce({ entity: "machine-file", id: null, action: "reorder", department: machine });
  return order;
}

// ---------------------------------------------------------------------------------------------
// Per-machine queue and analytics (docs/product.md §2 Machine Files for one machine; §3)

const owner = alias(teamMembers, "file_owner");
const completer = alias(teamMembers, "completer");
// The first item a file was assigned to names the file's item, owner and assignment time on the machine screen.
const firstAssociation = sql`(SELECT min(x.id) FROM item_file_associations AS x WHERE x.machine_file_id = ${machineReadyFiles.id})`;

/**
 * Files with what the machine screen and the printed label show of them (MachineFileWithDetails): the project, the
 * first item and who assigned it, plus `extra` columns; one query, the caller adds where and order.
 */
function selectFilesWithDetails<E extends Record<string, SQL | SQL.Aliased>>(extra: E) {
  return getDb()
    .select({
      file: machineReadyFiles,
      projectName: projects.name,
      projectPriority: projects.priority,
      itemId: items.id,
      itemName: items.name,
      itemCategory: items.category,
      itemMaterial: items.material,
      fileOwnerName: owner.name,
      fileAssignedAt: itemFileAssociations.createdAt,
      ...extra,
    })
    .from(machineReadyFiles)
    .leftJoin(projects, eq(projects.id, machineReadyFiles.projectId))
    .leftJoin(itemFileAssociations, eq(itemFileAssociations.id, firstAssociation))
    .leftJoin(items, eq(items.id, itemFileAssociations.itemId))
    .leftJoin(owner, eq(owner.id, itemFileAssociations.updatedBy));
}

export type MachineFileWithDetails = MachineFile & {
  projectName: string | null;
  projectPriority: string | null;
  itemId: number | null;
  itemName: string | null;
  itemCategory: string | null;
  itemMaterial: string | null;
  fileOwnerName: string | null;
  fileAssignedAt: Date | null;
};

/**
 * One machine's files in queue order (sortOrder, then oldest), with project, first item and who assigned it:
 * one query. `completedSince` keeps open files and files completed since then (the screen's working set).
 */
export function listMachineFilesWithDetails(machine: string, opts: { completedSince?: Date; limit?: number; offset?: number } = {}): MachineFileWithDetails[] {
  const db = getDb();
  // The working set's page by id first: the open files and the recent completions each come from their own index
  // (a plain OR read every file the machine ever completed, 8,000 at 100,000 projects), then one sort of that set.
  const ids =
    opts.completedSince !== undefined
      ? db
          .all<{ id: number }>(
            sql`SELECT id FROM (
              SELECT id, sort_order FROM machine_ready_files WHERE machine = ${machine} AND is_completed = 0
              UNION ALL
              SELECT id, sort_order FROM machine_ready_files WHERE machine = ${machine} AND is_completed = 1 AND completed_at >= ${opts.completedSince.getTime()}
            ) ORDER BY sort_order, id LIMIT ${opts.limit ?? -1} OFFSET ${opts.offset ?? 0}`,
          )
          .map((r) => r.id)
      : undefined;
  if (ids !== undefined && ids.length === 0) return [];
  const q = selectFilesWithDetails({})
    .where(ids !== undefined ? inArray(machineReadyFiles.id, ids) : eq(machineReadyFiles.machine, machine))
    .orderBy(asc(machineReadyFiles.sortOrder), asc(machineReadyFiles.id));
  const rows =
    ids === undefined && opts.limit !== undefined
      ? q
          .limit(opts.limit)
          .offset(opts.offset ?? 0)
          .all()
      : q.all();
  return rows.map(({ file, ...rest }) => ({ ...file, ...rest }));
}

/** How many files wait (not completed) on one machine. */
export function countOpenFiles(machine: string): number {
  return (
    getDb()
      .select({ n: sql<number>`count(*)` })
      .from(machineReadyFiles)
      .where(and(eq(machineReadyFiles.machine, machine), eq(machineReadyFiles.isCompleted, false)))
      .get()?.n ?? 0
  );
}

export type CompletedFileRow = {
  id: number;
  name: string;
  fileName: string;
  machine: string;
  projectId: number | null;
  projectName: string | null;
  itemName: string | null;
  itemMaterial: string | null;
  qrCodeClicked: boolean;
  qrCodeClickedAt: Date | null;
  completedByName: string | null;
  completedAt: Date | null;
  processingTimeSeconds: number | null;
};

/** docs/product.md §3 'completed-file analytics row', newest completion first; optionally one machine or one project. */
export function listCompletedFiles(filter: { machine?: string; projectId?: number; limit?: number; offset?: number } = {}): CompletedFileRow[] {
  const q = getDb()
    .select({
      id: machineReadyFiles.id,
      name: machineReadyFiles.name,
      fileName: machineReadyFiles.fileName,
      machine: machineReadyFiles.machine,
      projectId: machineReadyFiles.projectId,
      projectName: projects.name,
      itemName: items.name,
      itemMaterial: items.material,
      qrCodeClicked: machineReadyFiles.qrCodeClicked,
      qrCodeClickedAt: machineReadyFiles.qrCodeClickedAt,
      completedByName: completer.name,
      completedAt: machineReadyFiles.completedAt,
      processingTimeSeconds: machineReadyFiles.processingTimeSeconds,
    })
    .from(machineReadyFiles)
    .leftJoin(projects, eq(projects.id, machineReadyFiles.projectId))
    .leftJoin(itemFileAssociations, eq(itemFileAssociations.id, firstAssociation))
    .leftJoin(items, eq(items.id, itemFileAssociations.itemId))
    .leftJoin(completer, eq(completer.id, machineReadyFiles.completedBy))
    .where(and(eq(machineReadyFiles.isCompleted, true), fileScope(filter)))
    .orderBy(desc(machineReadyFiles.completedAt), desc(machineReadyFiles.id));
  return filter.limit !== undefined
    ? q
        .limit(filter.limit)
        .offset(filter.offset ?? 0)
        .all()
    : q.all();
}

export function countCompletedFiles(filter: { machine?: string; projectId?: number } = {}): number {
  return (
    getDb()
      .select({ n: sql<number>`count(*)` })
      .from(machineReadyFiles)
      .where(and(eq(machineReadyFiles.isCompleted, true), fileScope(filter)))
      .get()?.n ?? 0
  );
}

// ---------------------------------------------------------------------------------------------
// Item file associations (docs/product.md §3; §7 items' file calls)

export type FileAssociation = {
  itemId: number;
  machineFileId: number;
  fileType: FileType;
  updatedBy: number | null;
  updatedByName: string | null;
  createdAt: Date;
  fileName: string;
  name: string;
  machine: string;
  description: string;
};

const associationColumns = {
  itemId: itemFileAssociations.itemId,
  machineFileId: itemFileAssociations.machineFileId,
  fileType: itemFileAssociations.fileType,
  updatedBy: itemFileAssociations.updatedBy,
  updatedByName: teamMembers.name,
  createdAt: itemFileAssociations.createdAt,
  fileName: machineReadyFiles.fileName,
  name: machineReadyFiles.name,
  machine: machineReadyFiles.machine,
  description: machineReadyFiles.description,
};

/** An item's print and cut files with who assigned them; undefined when there is no such item. */
export function listFileAssociations(itemId: number): FileAssociation[] | undefined {
  const db = getDb();
  if (!db.select({ id: items.id }).from(items).where(eq(items.id, itemId)).get()) return undefined;
  return db
    .select(associationColumns)
    .from(itemFileAssociations)
    .innerJoin(machineReadyFiles, eq(machineReadyFiles.id, itemFileAssociations.machineFileId))
    .leftJoin(teamMembers, eq(teamMembers.id, itemFileAssociations.updatedBy))
    .where(eq(itemFileAssociations.itemId, itemId))
    .orderBy(asc(itemFileAssociations.fileType))
    .all();
}

/** Every association of a project's items, in one query (the Machine Ready Files screen and the Files column). */
export function listProjectFileAssociations(projectId: number): FileAssociation[] {
  return getDb()
    .select(associationColumns)
    .from(itemFileAssociations)
    .innerJoin(items, eq(items.id, itemFileAssociations.itemId))
    .innerJoin(machineReadyFiles, eq(machineReadyFiles.id, itemFileAssociations.machineFileId))
    .leftJoin(teamMembers, eq(teamMembers.id, itemFileAssociations.updatedBy))
    .where(eq(items.projectId, projectId))
    .all();
}

/** Assign (or replace) the item's print or cut file. The file must be one of the item's project. */
export function assignFile(itemId: number, fileId: number, fileType: FileType, actor: Actor): FileAssociation {
  const projectId = getDb().transaction((tx) => {
    const item = tx.select({ id: items.id, projectId: items.projectId }).from(items).where(eq(items.id, itemId)).get();
    if (!item) throw new NotFoundError(t`Item not found`);
    const file = tx
      .select({ id: machineReadyFiles.id, projectId: machineReadyFiles.projectId })
      .from(machineReadyFiles)
      .where(eq(machineReadyFiles.id, fileId))
      .get();
    if (!file) throw new BadRequestError(t`That file no longer exists. Reload to see the project's files.`);
    if (file.projectId !== null && file.projectId !== item.projectId)
      throw new BadRequestError(t`That file belongs to another project: choose one of this project's files.`);
    const before = tx
      .select()
      .from(itemFileAssociations)
      .where(and(eq(itemFileAssociations.itemId, itemId), eq(itemFileAssociations.fileType, fileType)))
      .get();
    const after = tx
      .insert(itemFileAssociations)
      .values({ itemId, machineFileId: fileId, fileType, updatedBy: actor.id, createdAt: new Date() })
      .onConflictDoUpdate({
        target: [itemFileAssociations.itemId, itemFileAssociations.fileType],
        set: { machineFileId: fileId, updatedBy: actor.id, createdAt: new Date() },
      })
      .returning()
      .get();
    writeAudit(actor, { action: "assign-file", entity: "item", entityId: itemId, before: before ?? null, after }, tx);
    return item.projectId;
  });
  announce({ entity: "item-file", id: itemId, action: "assign", projectId });
  return listFileAssociations(itemId)!.find((a) => a.fileType === fileType)!;
}

/** Remove the item's print or cut file; undefined when the item had none of that type. */
export function unassignFile(itemId: number, fileType: FileType, actor: Actor): { itemId: number; fileType: FileType } | undefined {
  const result = getDb().transaction((tx) => {
    const item = tx.select({ id: items.id, projectId: items.projectId }).from(items).where(eq(items.id, itemId)).get();
    if (!item) throw new NotFoundError(t`Item not found`);
    const before = tx
      .select()
      .from(itemFileAssociations)
      .where(and(eq(itemFileAssociations.itemId, itemId), eq(itemFileAssociations.fileType, fileType)))
      .get();
    if (!before) return undefined;
    tx.delete(itemFileAssociations).where(eq(itemFileAssociations.id, before.id)).run();
    writeAudit(actor, { action: "unassign-file", entity: "item", entityId: itemId, before }, tx);
    return item.projectId;
  });
  if (result === undefined) return undefined;
  announce({ entity: "item-file", id: itemId, action: "unassign", projectId: result });
  return { itemId, fileType };
}

/** The machine department of a value (the per-machine screen's header), or undefined. */
/**
 * The per-machine screen's reorder: `ids` are the files the screen shows, in their new order. They take the
 * queue places they held before, in the new order, so files the screen does not show keep theirs. Places that
 * collide (files added with equal sortOrder) are first renumbered 1..N over the whole machine.
 */
export function reorderMachineQueue(machine: string, ids: number[], actor: Actor): void {
  const changed = getDb().transaction((tx) => {
    const read = () =>
      tx
        .select({ id: machineReadyFiles.id, sortOrder: machineReadyFiles.sortOrder, machine: machineReadyFiles.machine })
        .from(machineReadyFiles)
        .where(inArray(machineReadyFiles.id, ids))
        .all();
    let rows = read();
    if (rows.length !== ids.length || rows.some((r) => r.machine !== machine))
      throw new ConflictError(t`The queue changed while you were moving files. Reload to see the latest order.`);
    if (new Set(rows.map((r) => r.sortOrder)).size !== rows.length || rows.some((r) => r.sortOrder < 1)) {
      tx.run(
        sql`UPDATE machine_ready_files SET sort_order = ranked.rn FROM (SELECT id, row_number() OVER (ORDER BY sort_order, id) AS rn FROM machine_ready_files WHERE machine = ${machine}) AS ranked WHERE machine_ready_files.id = ranked.id`,
      );
      rows = read();
    }
    const before = new Map(rows.map((r) => [r.id, r.sortOrder]));
    const places = rows.map((r) => r.sortOrder).sort((a, b) => a - b);
    const moves = ids.map((id, i) => ({ id, sortOrder: places[i]! })).filter((m) => before.get(m.id) !== m.sortOrder);
    for (const m of moves) tx.update(machineReadyFiles).set({ sortOrder: m.sortOrder }).where(eq(machineReadyFiles.id, m.id)).run();
    if (moves.length)
      writeAudit(
        actor,
        { action: "reorder", entity: "machine-file", entityId: null, before: moves.map((m) => ({ id: m.id, sortOrder: before.get(m.id) })), after: moves },
        tx,
      );
    return moves.length;
  });
  if (changed) announce({ entity: "machine-file", id: null, action: "reorder", department: machine });
}

/** How many files the per-machine screen lists: open ones and those completed since `completedSince`. */
export function countMachineQueue(machine: string, completedSince: Date): number {
  // Two index counts (open; completed since) rather than one OR over every file the machine has had.
  const [row] = getDb().all<{ n: number }>(
    sql`SELECT (SELECT count(*) FROM machine_ready_files WHERE machine = ${machine} AND is_completed = 0)
      + (SELECT count(*) FROM machine_ready_files WHERE machine = ${machine} AND is_completed = 1 AND completed_at >= ${completedSince.getTime()}) AS n`,
  );
  return row?.n ?? 0;
}

/** One file with what its printed QR label shows (the print page). */
export function getMachineFileLabel(id: number): (MachineFileWithDetails & { machineName: string }) | undefined {
  const row = selectFilesWithDetails({
    machineName: sql<string | null>`(SELECT ${departments.name} FROM ${departments} WHERE ${departments.value} = ${machineReadyFiles.machine})`,
  })
    .where(eq(machineReadyFiles.id, id))
    .get();
  if (!row) return undefined;
  const { file, machineName, ...details } = row;
  return { ...file, ...details, machineName: machineName ?? file.machine };
}
