import { and, asc, eq, getTableColumns, ne, sql, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import { getDb, type DB } from "~/utils/db.server";
import { ConflictError } from "~/utils/errors";
import { writeAudit, type Actor } from "./audit.server";

type Tx = Parameters<Parameters<DB["transaction"]>[0]>[0];
type AnyRow = Record<string, unknown> & { id: number };

export type Use = [count: number, singular: string, plural: string];

/** 'Category "Channel Letters" is used by 12 items', or null when nothing uses it. */
export function usageMessage(label: string, name: string, uses: Use[], verb = "is used by"): string | null {
  const parts = uses.filter(([n]) => n > 0).map(([n, one, many]) => `${n} ${n === 1 ? one : many}`);
  if (parts.length === 0) return null;
  const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}`;
  return `${label} "${name}" ${verb} ${list}`;
}

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/i.test(error.message);
}

type Config<Row extends AnyRow, Create, Patch> = {
  table: SQLiteTable & { id: SQLiteColumn; name: SQLiteColumn };
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
  /** list() order; by name (case-insensitive) when absent. */
  orderBy?: SQL[];
};

/**
 * List/get/create/update/delete for a reference table, each write in one transaction with its audit row.
 * Duplicate names are refused with 409 (case-insensitive), in-use deletes with 409 and what uses the row.
 */
export function crud<Row extends AnyRow, Create extends object, Patch extends object>(cfg: Config<Row, Create, Patch>) {
  const t = cfg.table;
  const cols = getTableColumns(t);
  const nameTaken = (tx: Tx, name: unknown, exceptId?: number) =>
    typeof name === "string" &&
    tx
      .select({ id: t.id })
      .from(t)
      .where(and(sql`lower(${t.name}) = lower(${name})`, exceptId ? ne(t.id, exceptId) : undefined))
      .get() !== undefined;
  const duplicate = (name: unknown) => new ConflictError(`A ${cfg.label.toLowerCase()} named "${String(name)}" already exists`);

  function run<T>(fn: (tx: Tx) => T, name: unknown): T {
    try {
      return getDb().transaction(fn);
    } catch (error) {
      if (isUniqueViolation(error)) throw duplicate(name);
      throw error;
    }
  }

  return {
    list(where?: SQL): Row[] {
      return getDb()
        .select()
        .from(t)
        .where(where)
        .orderBy(...(cfg.orderBy ?? [asc(sql`${t.name} COLLATE NOCASE`), asc(t.id)]))
        .all() as unknown as Row[];
    },
    get(id: number): Row | undefined {
      return getDb().select().from(t).where(eq(t.id, id)).get() as unknown as Row | undefined;
    },
    create(input: Create, actor: Actor): Row {
      const name = (input as Record<string, unknown>).name;
      return run((tx) => {
        const values = { ...input, ...cfg.prepareCreate?.(input, tx) } as Record<string, unknown>;
        if (cfg.uniqueName && nameTaken(tx, values.name)) throw duplicate(values.name);
        const row = tx.insert(t).values(values as never).returning().get() as unknown as Row;
        writeAudit(actor, { action: "create", entity: cfg.entity, entityId: row.id, after: row }, tx);
        return row;
      }, name);
    },
    update(id: number, patch: Patch, actor: Actor): Row | undefined {
      const name = (patch as Record<string, unknown>).name;
      return run((tx) => {
        const before = tx.select().from(t).where(eq(t.id, id)).get() as unknown as Row | undefined;
        if (!before) return undefined;
        const values = Object.fromEntries(
          Object.entries({ ...patch, ...cfg.preparePatch?.(patch, before, tx) }).filter(
            ([k, v]) => v !== undefined && k in cols && k !== "id" && k !== "createdAt",
          ),
        );
        if (cfg.uniqueName && "name" in values && nameTaken(tx, values.name, id)) {
          throw duplicate(values.name);
        }
        const after =
          Object.keys(values).length === 0
            ? before
            : (tx.update(t).set(values as never).where(eq(t.id, id)).returning().get() as unknown as Row);
        cfg.afterUpdate?.(before, after, tx);
        writeAudit(actor, { action: "update", entity: cfg.entity, entityId: id, before, after }, tx);
        return after;
      }, name);
    },
    remove(id: number, actor: Actor): Row | undefined {
      return run((tx) => {
        const before = tx.select().from(t).where(eq(t.id, id)).get() as unknown as Row | undefined;
        if (!before) return undefined;
        const reason = cfg.inUse?.(before, tx);
        if (reason) throw new ConflictError(reason);
        tx.delete(t).where(eq(t.id, id)).run();
        writeAudit(actor, { action: "delete", entity: cfg.entity, entityId: id, before }, tx);
        return before;
      }, undefined);
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
