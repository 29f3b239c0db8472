import { and, asc, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { PLAIN_DATE, zoneDate } from "~/domain/dates";
import { getDb, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { ConflictError } from "~/domain/errors";
import { announce } from "~/infra/change-notices.server";
import { compareNames } from "~/domain/format";
import { writeAudit, type Actor } from "./audit.server";
import { prepared } from "./prepared.server";

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];
type AnyRow = Record<string, unknown> & { id: number; version: number };

export type Use = [count: number, singular: string, plural: string];

/** 'Category "Channel Letters" is used by 12 items', or null when nothing uses it. */
export function usageMessage(label: string, name: string, uses: Use[], verb = "is used by"): string | null {
  const parts = uses.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
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
  /** The record's version when the client read it: any change since then is a conflict. */
  version?: number;
  /** The values the client saw of the fields it changes: a field someone else changed since is a conflict. */
  expected?: Record<string, unknown>;
};

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A stored value as the client saw it. A date input shows a stored timestamp (a step's noon in the shop's zone) as
 * its calendar day there, so a form that says it saw '2026-12-11' saw any instant of that day, not the string.
 */
function asSeen(stored: unknown, seen: unknown): unknown {
  if (!(stored instanceof Date) || typeof seen !== "string" || !PLAIN_DATE.test(seen)) return stored;
  return Number.isNaN(stored.getTime()) ? null : zoneDate(stored, getEnv().SHOP_TIMEZONE);
}

export function staleMessage(label: string) {
  return `This ${label.toLowerCase()} was changed by someone else. Reload to see the latest.`;
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
  afterUpdate?: (before: Row, after: Row, tx: Tx) => void;
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
  const t = cfg.table;
  const cols = getTableColumns(t);
  const nameTaken = (tx: Tx, name: unknown, exceptId?: number) =>
    typeof name === "string" &&
    tx
      .select({ id: t.id })
      .from(t)
      .where(and(sql`${t.name} = ${name} COLLATE NOCASE`, exceptId ? ne(t.id, exceptId) : undefined))
      .get() !== undefined;
  const duplicate = (name: unknown) => new ConflictError(`A ${cfg.label.toLowerCase()} named "${String(name)}" already exists`);

  function run<T>(fn: (tx: Tx) => T, values: () => Record<string, unknown>): T {
    try {
      return getDb().transaction(fn);
    } catch (error) {
      const column = uniqueViolationColumn(error);
      if (column === null) throw error;
      const field = snakeToCamel(column);
      if (field === "name") throw duplicate(values().name);
      const value = values()[field];
      throw new ConflictError(
        `A ${cfg.label.toLowerCase()} with ${field ? `this ${field}` : "these values"}${value === undefined ? "" : ` ("${String(value)}")`} already exists`,
      );
    }
  }

  const order = () => cfg.orderBy ?? [asc(t.id)];
  // The unfiltered list and the read by id serve every settings screen and /api read: prepared once per
  // database (see prepared.server.ts). A filtered list is rarer and built per call.
  const listAll = (db: DB) =>
    prepared(db, `crud:${cfg.entity}:list`, (d) =>
      d
        .select()
        .from(t)
        .orderBy(...order())
        .prepare(),
    );
  const getById = (db: DB) =>
    prepared(db, `crud:${cfg.entity}:get`, (d) =>
      d
        .select()
        .from(t)
        .where(eq(t.id, sql.placeholder("id")))
        .prepare(),
    );

  return {
    list(where?: SQL): Row[] {
      const db = getDb();
      const rows = (where
        ? db
            .select()
            .from(t)
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
            .insert(t)
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
          const before = tx.select().from(t).where(eq(t.id, id)).get() as unknown as Row | undefined;
          if (!before) return undefined;
          assertFresh(cfg.label, before, guard);
          values = Object.fromEntries(
            Object.entries({ ...patch, ...cfg.preparePatch?.(patch, before, tx) }).filter(
              ([k, v]) => v !== undefined && k in cols && k !== "id" && k !== "createdAt" && k !== "version",
            ),
          );
          if (cfg.uniqueName && "name" in values && nameTaken(tx, values.name, id)) {
            throw duplicate(values.name);
          }
          const after =
            Object.keys(values).length === 0
              ? before
              : (tx
                  .update(t)
                  .set({ ...values, version: before.version + 1 } as never)
                  .where(eq(t.id, id))
                  .returning()
                  .get() as unknown as Row);
          cfg.afterUpdate?.(before, after, tx);
          writeAudit(actor, { action: "update", entity: cfg.entity, entityId: id, before, after }, tx);
          return after;
        },
        () => values,
      );
      if (row) announce({ entity: cfg.entity, id, action: "update" });
      return row;
    },
    remove(id: number, actor: Actor): Row | undefined {
      const row = run(
        (tx) => {
          const before = tx.select().from(t).where(eq(t.id, id)).get() as unknown as Row | undefined;
          if (!before) return undefined;
          const reason = cfg.inUse?.(before, tx);
          if (reason) throw new ConflictError(reason);
          tx.delete(t).where(eq(t.id, id)).run();
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
