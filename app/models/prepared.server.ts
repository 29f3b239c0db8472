import type { DB } from "~/infra/db.server";
import { processState } from "~/infra/process-state.server";

// A drizzle query builder writes its SQL text and has SQLite compile it on every call; on the paths every
// request takes (the session lookup, the reference lists) that was most of the request's database time. A
// query made here is built and compiled once per database handle and then run with placeholders. Keyed by the
// handle because tests swap in a new database.
const cache = () => processState.prepared;

/** The query `build` makes for this database, built on first use. `key` names it; one key, one query. */
export function prepared<T>(db: DB, key: string, build: (db: DB) => T): T {
  let queries = cache().get(db);
  if (!queries) cache().set(db, (queries = new Map()));
  let query = queries.get(key) as T | undefined;
  if (query === undefined) {
    query = build(db);
    queries.set(key, query);
  }
  return query;
}

/** Tests that count statements start from uncompiled queries: the next request builds and compiles them again. */
export function forgetPreparedForTests(db: DB) {
  cache().delete(db);
}
