import { plural, select, t } from "@lingui/core/macro";
import { and, asc, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { PLAIN_DATE, zoneDate } from "~/domain/dates";
import { getDb, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { ConflictError } from "~/domain/errors";
import { announce, type ChangeNotice } from "~/infra/change-notices.server";
import { compareNames } from "~/domain/format";
import { writeAudit, type Actor } from "./audit.server";
import { prepared } from "./prepared.server";

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];
type AnyRow = Record<string, unknown> & { id: number; version: number };

export type Use = [count: number, singular: string, plural: string];

/**
 * The kind of record a label names ('Step template' → 'step_template'): what the messages below select on, so a
 * language whose words agree with the noun (Spanish: "esta categoría", "este material") can say it right.
 */
const kindOf = (label: string) => label.toLowerCase().replace(/[^a-z]+/g, "_");

/** '12 items': a count of what uses a record, in the words the shop's records have. */
function useCount(n: number, one: string, many: string): string {
  // The count as written (1000, not 1,000), as the English always had it.
  const count = String(n);
  switch (one) {
    case "item":
      return plural(n, { one: `${count} item`, other: `${count} items` });
    case "project":
      return plural(n, { one: `${count} project`, other: `${count} projects` });
    case "product":
      return plural(n, { one: `${count} product`, other: `${count} products` });
    case "workflow":
      return plural(n, { one: `${count} workflow`, other: `${count} workflows` });
    case "subdepartment":
      return plural(n, { one: `${count} subdepartment`, other: `${count} subdepartments` });
    case "workflow step":
      return plural(n, { one: `${count} workflow step`, other: `${count} workflow steps` });
    case "project step":
      return plural(n, { one: `${count} project step`, other: `${count} project steps` });
    case "machine file":
      return plural(n, { one: `${count} machine file`, other: `${count} machine files` });
    case "step template":
      return plural(n, { one: `${count} step template`, other: `${count} step templates` });
    default:
      return `${n} ${n === 1 ? one : many}`;
  }
}

/** 'Category "Channel Letters" is used by 12 items', or null when nothing uses it. */
export function usageMessage(label: string, name: string, uses: Use[], verb = "is used by"): string | null {
  const parts = uses.filter(([n]) => n > 0).map(([n, one, many]) => useCount(n, one, many));
  if (parts.length === 0) return null;
  const first = parts.slice(0, -1).join(", ");
  const last = parts.at(-1) ?? "";
  const list = parts.length === 1 ? parts[0] : t`${first} and ${last}`;
  const kind = kindOf(label);
  if (verb === "is used by") return select(kind, { other: `${label} "${name}" is used by ${list}` });
  if (verb === "is assigned to") return select(kind, { other: `${label} "${name}" is assigned to ${list}` });
  return `${label} "${name}" ${verb} ${list}`;
}

/**
 * The column a UNIQUE constraint refused, from SQLite's own error (code SQLITE_CONSTRAINT_UNIQUE, message
 * 'UNIQUE constraint failed: table.column'), or null when the error is something else.
 */
export function uniqueViolationColumn(error: unknown): string | null {
  if (!(error instanceof Error) || (error as { code?: string }).code !== "SQLITE_CONSTRAINT_UNIQUE") return null;
  const column = /UNIQUE constraint failed: [\w]+\.(\w+)/.exec(error.message)?.[1];
  return column ?? "";
}

const snakeToCamel = (s: string) => s.replace(/_(\w)/g, (_, c: string) => c.toUpperCase());

/** What a stale form or API client may say about the record it read (PATCH with the changed fields only). */
export type UpdateGuard = {
  /** The project the form was opened in: a record of another project is treated as gone (a stale or forged id). */
  inProject?: number;
  /** The record's version when the client read it: any change since then is a conflict. */
  version?: number;
  /** The values the client saw of the fields it changes: a field someone else changed since is a conflict. */
  expected?: Record<string, unknown>;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * The values of a patch that differ from the stored row. A PATCH that sends nothing, or only the values already
 * stored, changes nothing: it must not bump the version (every client holding the record would then be refused as
 * stale) nor leave an audit row or a webhook saying it changed.
 */
export function changedValues<T extends Record<string, unknown>>(values: T, before: object): Partial<T> {
  const stored = before as Record<string, unknown>;
  return Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== undefined && !same(v, stored[k]))) as Partial<T>;
}

/**
 * A stored value as the client saw it. A date input shows a stored timestamp (a step's noon in the shop's zone) as
 * its calendar day there, so a form that says it saw '2026-12-11' saw any instant of that day, not the string.
 */
function asSeen(stored: unknown, seen: unknown): unknown {
  if (!(stored instanceof Date) || typeof seen !== "string" || !PLAIN_DATE.test(seen)) return stored;
  return Number.isNaN(stored.getTime()) ? null : zoneDate(stored, getEnv().SHOP_TIMEZONE);
}

export function staleMessage(label: string) {
  const lower = label.toLowerCase();
  const kind = kindOf(label);
  return select(kind, { other: `This ${lower} was changed by someone else. Reload to see the latest.` });
}

/** 'A category named "Banners" already exists'. */
function duplicateNameMessage(label: string, name: string) {
  const lower = label.toLowerCase();
  const kind = kindOf(label);
  return select(kind, { other: `A ${lower} named "${name}" already exists` });
}

/** 'A department with this value ("cnc") already exists': another unique field than the name. */
function duplicateFieldMessage(label: string, field: string, value: unknown) {
  const lower = label.toLowerCase();
  const shown = String(value);
  if (!field) return value === undefined ? t`A ${lower} with these values already exists` : t`A ${lower} with these values ("${shown}") already exists`;
  return value === undefined ? t`A ${lower} with this ${field} already exists` : t`A ${lower} with this ${field} ("${shown}") already exists`;
}

/** Refuse a save based on what the client read when the record has moved on (version or per-field). */
export function assertFresh(label: string, before: Record<string, unknown>, guard: UpdateGuard | undefined) {
  if (!guard) return;
  if (guard.version !== undefined && guard.version !== before.version) throw new ConflictError(staleMessage(label));
  for (const [key, value] of Object.entries(guard.expected ?? {})) {
    if (key in before && !same(asSeen(before[key], value), value)) throw new ConflictError(staleMessage(label));
  }
}

type Config<Row extends AnyRow, Create, Patch> = {
  table: SQLiteTable & { id: SQLiteColumn; name: SQLiteColumn; version: SQLiteColumn };
  /** Audit entity and message label, e.g. "category" / "Category". */
  entity: string;
  label: string;
  uniqueName: boolean;
  /** Extra checks or derived fields, run inside the write transaction. */
  prepareCreate?: (input: Create, tx: Tx) => Record<string, unknown>;
  preparePatch?: (patch: Patch, before: Row, tx: Tx) => Record<string, unknown>;
  /** Follow-up writes of an update, in its transaction; the notices they return are announced after commit. */
  afterUpdate?: (before: Row, after: Row, tx: Tx, actor: Actor) => Omit<ChangeNotice, "at">[] | void;
  /** Why the row cannot be deleted, or null. */
  inUse?: (row: Row, tx: Tx) => string | null;
  /** list() order; by name in the locale's collation when absent. */
  orderBy?: SQL[];
};

/**
 * List/get/create/update/delete for a reference table, each write in one transaction with its audit row and,
 * once committed, a change notice. Duplicate names are refused with 409 (the database's NOCASE unique index
 * has the last word), in-use deletes with 409 and what uses the row, stale saves with 409.
 */
export function crud<Row extends AnyRow, Create extends object, Patch extends object>(cfg: Config<Row, Create, Patch>) {
  const table = cfg.table;
  const cols = getTableColumns(table);
  const nameTaken = (tx: Tx, name: unknown, exceptId?: number) =>
    typeof name === "string" &&
    tx
      .select({ id: table.id })
      .from(table)
      .where(and(sql`${table.name} = ${name} COLLATE NOCASE`, exceptId ? ne(table.id, exceptId) : undefined))
      .get() !== undefined;
  const duplicate = (name: unknown) => new ConflictError(duplicateNameMessage(cfg.label, String(name)));

  function run<T>(fn: (tx: Tx) => T, values: () => Record<string, unknown>): T {
    try {
      return getDb().transaction(fn);
    } catch (error) {
      const column = uniqueViolationColumn(error);
      if (column === null) throw error;
      const field = snakeToCamel(column);
      if (field === "name") throw duplicate(values().name);
      const value = values()[field];
      throw new ConflictError(duplicateFieldMessage(cfg.label, field, value));
    }
  }

  const order = () => cfg.orderBy ?? [asc(table.id)];
  // The unfiltered list and the read by id serve every settings screen and /api read: prepared once per
  // database (see prepared.server.ts). A filtered list is rarer and built per call.
  const listAll = (db: DB) =>
    prepared(db, `crud:${cfg.entity}:list`, (d) =>
      d
        .select()
        .from(table)
        .orderBy(...order())
        .prepare(),
    );
  const getById = (db: DB) =>
    prepared(db, `crud:${cfg.entity}:get`, (d) =>
      d
        .select()
        .from(table)
        .where(eq(table.id, sql.placeholder("id")))
        .prepare(),
    );

  return {
    list(where?: SQL): Row[] {
      const db = getDb();
      const rows = (where
        ? db
            .select()
            .from(table)
            .where(where)
            .orderBy(...order())
            .all()
        : listAll(db).all()) as unknown as Row[];
      // Reference lists are short; sorting here follows the locale (SQLite's NOCASE puts 'Émile' after 'Zoe').
      return cfg.orderBy ? rows : rows.sort((a, b) => compareNames(String(a.name), String(b.name)) || a.id - b.id);
    },
    get(id: number): Row | undefined {
      return getById(getDb()).get({ id }) as unknown as Row | undefined;
    },
    create(input: Create, actor: Actor): Row {
      let values: Record<string, unknown> = { ...(input as Record<string, unknown>) };
      const row = run(
        (tx) => {
          values = { ...input, ...cfg.prepareCreate?.(input, tx) };
          if (cfg.uniqueName && nameTaken(tx, values.name)) throw duplicate(values.name);
          const inserted = tx
            .insert(table)
            .values(values as never)
            .returning()
            .get() as unknown as Row;
          writeAudit(actor, { action: "create", entity: cfg.entity, entityId: inserted.id, after: inserted }, tx);
          return inserted;
        },
        () => values,
      );
      announce({ entity: cfg.entity, id: row.id, action: "create" });
      return row;
    },
    update(id: number, patch: Patch, actor: Actor, guard?: UpdateGuard): Row | undefined {
      let values: Record<string, unknown> = { ...(patch as Record<string, unknown>) };
      const row = run(
        (tx) => {
          const before = tx.select().from(table).where(eq(table.id, id)).get() as unknown as Row | undefined;
          if (!before) return undefined;
          assertFresh(cfg.label, before, guard);
          values = changedValues(
            Object.fromEntries(
              Object.entries({ ...patch, ...cfg.preparePatch?.(patch, before, tx) }).filter(
                ([k]) => k in cols && k !== "id" && k !== "createdAt" && k !== "version",
              ),
            ),
            before,
          );
          if (Object.keys(values).length === 0) return { after: before, changed: false };
          if (cfg.uniqueName && "name" in values && nameTaken(tx, values.name, id)) {
            throw duplicate(values.name);
          }
          const after = tx
            .update(table)
            .set({ ...values, version: before.version + 1 } as never)
            .where(eq(table.id, id))
            .returning()
            .get() as unknown as Row;
          writeAudit(actor, { action: "update", entity: cfg.entity, entityId: id, before, after }, tx);
          const notices = cfg.afterUpdate?.(before, after, tx, actor) ?? [];
          return { after, changed: true, notices };
        },
        () => values,
      );
      if (row?.changed) {
        announce({ entity: cfg.entity, id, action: "update" });
        for (const n of row.notices ?? []) announce(n);
      }
      return row?.after;
    },
    remove(id: number, actor: Actor): Row | undefined {
      const row = run(
        (tx) => {
          const before = tx.select().from(table).where(eq(table.id, id)).get() as unknown as Row | undefined;
          if (!before) return undefined;
          const reason = cfg.inUse?.(before, tx);
          if (reason) throw new ConflictError(reason);
          tx.delete(table).where(eq(table.id, id)).run();
          writeAudit(actor, { action: "delete", entity: cfg.entity, entityId: id, before }, tx);
          return before;
        },
        () => ({}),
      );
      if (row) announce({ entity: cfg.entity, id, action: "delete" });
      return row;
    },
  };
}

export function countWhere(tx: Tx, table: SQLiteTable, where: SQL): number {
  return tx.select({ n: sql<number>`count(*)` }).from(table).where(where).get()?.n ?? 0;
}

/** Rows whose JSON list column contains the value (department sequences). */
export function jsonListContains(column: SQLiteColumn, value: string): SQL {
  return sql`EXISTS (SELECT 1 FROM json_each(${column}) WHERE json_each.value = ${value})`;
}

export type { Tx };
