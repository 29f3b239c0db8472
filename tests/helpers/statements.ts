import type * as Hooks from "../../server/test-hooks";

type Statement = Record<string, (...a: unknown[]) => unknown>;
type Client = Record<"prepare" | "query", (...a: unknown[]) => Statement>;

/** The modules whose database and caches are watched: the bundle's or the source's (tests/helpers/fresh-database.ts). */
export type StatementModules = Pick<typeof Hooks, "getDb" | "forgetPreparedForTests" | "forgetSessions">;

/** `countStatements`, `captureStatements` and `statementsByTransaction` on the given modules. */
export function statementWatchers({ getDb, forgetPreparedForTests, forgetSessions }: StatementModules) {
  /**
   * Reports every execution of a statement on the test database to `seen` (its SQL and parameters) until the
   * returned function is called. The shared prepared-query cache (prepared.server.ts) is emptied first, so cached queries are
   * compiled again through the watched `prepare`; with `sessions`, remembered session lookups too, so a
   * request reads its session as the first one after a while does.
   */
  function watchStatements(seen: (sql: string, params: unknown[]) => void, sessions = true): () => void {
    const db = getDb();
    forgetPreparedForTests(db);
    if (sessions) forgetSessions(db);
    const client = db.$client as unknown as Client;
    const saved = { prepare: client.prepare, query: client.query };
    const wrap = (sql: string, stmt: Statement) => {
      for (const n of ["all", "get", "run", "values"]) {
        const f = stmt[n]!.bind(stmt);
        stmt[n] = (...a: unknown[]) => (seen(sql, a), f(...a));
      }
      return stmt;
    };
    client.prepare = (...a) => wrap(String(a[0]), saved.prepare.apply(client, a));
    client.query = (...a) => wrap(String(a[0]), saved.query.apply(client, a));
    return () => {
      client.prepare = saved.prepare;
      client.query = saved.query;
    };
  }

  /** Statements run while `fn` runs, every execution counted: the same for 3 rows and for 300 means no query per row. */
  async function countStatements(fn: () => unknown): Promise<number> {
    let count = 0;
    const stop = watchStatements(() => count++);
    try {
      await fn();
    } finally {
      stop();
    }
    return count;
  }

  /** The statements a synchronous `fn` runs, each with the parameters of its first execution: for EXPLAIN QUERY PLAN. */
  function captureStatements(fn: () => unknown): { sql: string; params: unknown[] }[] {
    const seen: { sql: string; params: unknown[] }[] = [];
    const stop = watchStatements((sql, params) => seen.push({ sql, params }), false);
    try {
      fn();
    } finally {
      stop();
    }
    return seen;
  }

  /**
   * The statements `fn` runs, each with the number of the transaction it ran in (0 when outside any): a write that
   * must be one transaction shows every statement on one table under one number.
   */
  async function statementsByTransaction(fn: () => Promise<unknown>): Promise<{ sql: string; tx: number }[]> {
    const db = getDb() as unknown as { transaction: (...a: unknown[]) => unknown };
    const transaction = db.transaction;
    const seen: { sql: string; tx: number }[] = [];
    let current = 0;
    let count = 0;
    db.transaction = (...a: unknown[]) => {
      const outer = current;
      current = ++count;
      try {
        return transaction.apply(db, a);
      } finally {
        current = outer;
      }
    };
    const stop = watchStatements((sql) => seen.push({ sql, tx: current }));
    try {
      await fn();
    } finally {
      stop();
      db.transaction = transaction;
    }
    return seen;
  }
  return { watchStatements, countStatements, captureStatements, statementsByTransaction };
}
