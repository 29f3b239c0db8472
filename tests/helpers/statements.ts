import { forgetSessions } from "~/models/session-store.server";
import { getDb } from "~/infra/db.server";

/**
 * Statements run while `fn` runs, every execution counted: the shared prepared-query cache (prepared.server.ts)
 * is emptied first, so cached queries are compiled again through the counting `prepare`.
 */
export async function countStatements(fn: () => Promise<unknown>): Promise<number> {
  const db = getDb();
  (globalThis as unknown as { __shopflowPrepared?: WeakMap<object, unknown> }).__shopflowPrepared?.delete(db);
  // Remembered session lookups too, so every counted request reads its session as a first request does.
  forgetSessions(db);
  const client = db.$client as unknown as Record<"prepare" | "query", (...a: unknown[]) => Record<string, (...a: unknown[]) => unknown>>;
  const saved = { prepare: client.prepare, query: client.query };
  let count = 0;
  const wrap = (stmt: Record<string, (...a: unknown[]) => unknown>) => {
    for (const n of ["all", "get", "run", "values"]) {
      const f = stmt[n]!.bind(stmt);
      stmt[n] = (...a: unknown[]) => (count++, f(...a));
    }
    return stmt;
  };
  client.prepare = (...a) => wrap(saved.prepare.apply(client, a));
  client.query = (...a) => wrap(saved.query.apply(client, a));
  try {
    await fn();
  } finally {
    client.prepare = saved.prepare;
    client.query = saved.query;
  }
  return count;
}

/** The statements `fn` runs, each with the parameters of its first execution: for EXPLAIN QUERY PLAN. */
export function captureStatements(fn: () => unknown): { sql: string; params: unknown[] }[] {
  const db = getDb();
  (globalThis as unknown as { __shopflowPrepared?: WeakMap<object, unknown> }).__shopflowPrepared?.delete(db);
  const client = db.$client as unknown as Record<"prepare" | "query", (...a: unknown[]) => Record<string, (...a: unknown[]) => unknown>>;
  const saved = { prepare: client.prepare, query: client.query };
  const seen: { sql: string; params: unknown[] }[] = [];
  const wrap = (sql: string, stmt: Record<string, (...a: unknown[]) => unknown>) => {
    for (const n of ["all", "get", "run", "values"]) {
      const f = stmt[n]!.bind(stmt);
      stmt[n] = (...a: unknown[]) => (seen.push({ sql, params: a }), f(...a));
    }
    return stmt;
  };
  client.prepare = (...a) => wrap(String(a[0]), saved.prepare.apply(client, a));
  client.query = (...a) => wrap(String(a[0]), saved.query.apply(client, a));
  try {
    fn();
  } finally {
    client.prepare = saved.prepare;
    client.query = saved.query;
  }
  return seen;
}

/**
 * The statements `fn` runs, each with the number of the transaction it ran in (0 when outside any): a write that
 * must be one transaction shows every statement on one table under one number.
 */
export async function statementsByTransaction(fn: () => Promise<unknown>): Promise<{ sql: string; tx: number }[]> {
  const db = getDb();
  (globalThis as unknown as { __shopflowPrepared?: WeakMap<object, unknown> }).__shopflowPrepared?.delete(db);
  forgetSessions(db);
  const client = db.$client as unknown as Record<"prepare" | "query", (...a: unknown[]) => Record<string, (...a: unknown[]) => unknown>>;
  const saved = { prepare: client.prepare, query: client.query, transaction: db.transaction };
  const seen: { sql: string; tx: number }[] = [];
  let current = 0;
  let count = 0;
  const wrap = (sql: string, stmt: Record<string, (...a: unknown[]) => unknown>) => {
    for (const n of ["all", "get", "run", "values"]) {
      const f = stmt[n]!.bind(stmt);
      stmt[n] = (...a: unknown[]) => (seen.push({ sql, tx: current }), f(...a));
    }
    return stmt;
  };
  client.prepare = (...a) => wrap(String(a[0]), saved.prepare.apply(client, a));
  client.query = (...a) => wrap(String(a[0]), saved.query.apply(client, a));
  (db as unknown as { transaction: (...a: unknown[]) => unknown }).transaction = (...a: unknown[]) => {
    const outer = current;
    current = ++count;
    try {
      return (saved.transaction as (...a: unknown[]) => unknown).apply(db, a);
    } finally {
      current = outer;
    }
  };
  try {
    await fn();
  } finally {
    client.prepare = saved.prepare;
    client.query = saved.query;
    (db as unknown as { transaction: unknown }).transaction = saved.transaction;
  }
  return seen;
}
