import type { Database } from "bun:sqlite";
import { migrations as embedded } from "./migrations.gen";

type Migration = { tag: string; hash: string; when: number; sql: string };

/** A migration that failed: nothing of the upgrade was kept, and the message says so. */
export class MigrationError extends Error {
  override name = "MigrationError";
}

// Same bookkeeping table as drizzle-kit's migrator, so either tool sees the same history.
export function migrate(sqlite: Database, migrations: readonly Migration[] = embedded) {
  sqlite.run(`CREATE TABLE IF NOT EXISTS __drizzle_migrations (
    id INTEGER PRIMARY KEY AUTOINCREMENT, hash text NOT NULL, created_at numeric)`);
  const applied = new Set(
    sqlite
      .query<{ created_at: number }, []>("SELECT created_at FROM __drizzle_migrations")
      .all()
      .map((r) => Number(r.created_at)),
  );
  const pending = migrations.filter((m) => !applied.has(m.when));
  if (pending.length === 0) return;
  // SQLite adds a CHECK constraint only by rebuilding a table; with foreign keys on, dropping the old table
  // would cascade-delete its children. The pragma is a no-op inside a transaction, so it is set around it, and
  // the foreign keys are checked before the transaction commits.
  const fkWasOn = sqlite.query<{ foreign_keys: number }, []>("PRAGMA foreign_keys").get()?.foreign_keys === 1;
  sqlite.run("PRAGMA foreign_keys = OFF");
  let current = "";
  try {
    // Every pending migration in one transaction: an upgrade that fails half-way leaves the database exactly as
    // the previous version left it, so that version (or a fixed new one) still starts on it.
    sqlite.transaction(() => {
      for (const m of pending) {
        current = m.tag;
        for (const stmt of m.sql.split("--> statement-breakpoint")) {
          if (stmt.trim()) sqlite.run(stmt);
        }
        const broken = sqlite.query("PRAGMA foreign_key_check").all();
        if (broken.length) throw new Error(`it leaves ${broken.length} broken foreign key(s)`);
        sqlite.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)", [m.hash, m.when]);
      }
    })();
  } catch (error) {
    const last = migrations.filter((m) => applied.has(m.when)).at(-1)?.tag ?? "an empty database";
    throw new MigrationError(
      `Upgrading the database failed in migration ${current}: ${(error as Error).message}. Nothing was changed: the database is still at ${last}. Restore a backup or start the previous version of Shopflow, and report this message.`,
    );
  } finally {
    if (fkWasOn) sqlite.run("PRAGMA foreign_keys = ON");
  }
}
