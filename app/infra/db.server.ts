import { Database } from "bun:sqlite";
import { drizzle, type BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import * as schema from "#db/schema";
import { migrate } from "#db/migrate";
import { getEnv } from "~/infra/env.server";
import { processState } from "~/infra/process-state.server";

export type DB = BunSQLiteDatabase<typeof schema> & { $client: Database };

const g = processState;

export function openDatabase(file: string): DB {
  if (file !== ":memory:") {
    mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    // Made here, owner-only, rather than by SQLite with the umask's mode: its -wal and -shm files take the
    // database file's mode (docs/product.md, Decisions: Files on disk).
    if (!existsSync(file)) writeFileSync(file, "", { mode: 0o600, flag: "wx" });
  }
  const sqlite = new Database(file, { create: true, strict: true });
  sqlite.run("PRAGMA journal_mode = WAL");
  return connect(sqlite);
}

/**
 * The connection settings every handle gets, then any pending migrations. Also for a database handed over whole
 * (tests copy one migrated in-memory database instead of migrating each one: `Database.deserialize`).
 */
export function connect(sqlite: Database): DB {
  sqlite.run("PRAGMA foreign_keys = ON");
  sqlite.run("PRAGMA busy_timeout = 5000");
  sqlite.run("PRAGMA synchronous = NORMAL");
  // Savepoints (each scan of a batch has one) and statements that may abort keep the pages they change in a
  // side journal, which SQLite spills to a temporary file past 64 KB: on a busy floor that was a third of a
  // scan's time (decision 0019). In memory instead; so are sorts that do not fit the cache, a few MB at most here.
  sqlite.run("PRAGMA temp_store = MEMORY");
  migrate(sqlite);
  return drizzle({ client: sqlite, schema }) as DB;
}

export function databaseFile() {
  return path.resolve(getEnv().DATA_DIR, "shopflow.db");
}

export function getDb(): DB {
  g.db ??= openDatabase(databaseFile());
  return g.db;
}

/** Tests swap in an in-memory database; the server never calls this. */
export function setDb(db: DB | undefined) {
  g.db = db;
}
