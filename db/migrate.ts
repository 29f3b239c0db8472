import type { Database } from "bun:sqlite";
import { migrations } from "./migrations.gen";

// Same bookkeeping table as drizzle-kit's migrator, so either tool sees the same history.
export function migrate(sqlite: Database) {
  sqlite.run(`CREATE TABLE IF NOT EXISTS __drizzle_migrations (
    id INTEGER PRIMARY KEY AUTOINCREMENT, hash text NOT NULL, created_at numeric)`);
  const applied = new Set(
    sqlite.query<{ created_at: number }, []>("SELECT created_at FROM __drizzle_migrations").all()
      .map((r) => Number(r.created_at)),
  );
  const pending = migrations.filter((m) => !applied.has(m.when));
  if (pending.length === 0) return;
  // SQLite adds a CHECK constraint only by rebuilding a table; with foreign keys on, dropping the old table
  // would cascade-delete its children. The pragma is a no-op inside a transaction, so it is set around it, and
  // the foreign keys are checked before the transaction commits.
  const fkWasOn = sqlite.query<{ foreign_keys: number }, []>("PRAGMA foreign_keys").get()?.foreign_keys === 1;
  sqlite.run("PRAGMA foreign_keys = OFF");
  try {
    for (const m of pending) {
      sqlite.transaction(() => {
        for (const stmt of m.sql.split("--> statement-breakpoint")) {
          if (stmt.trim()) sqlite.run(stmt);
        }
        const broken = sqlite.query("PRAGMA foreign_key_check").all();
        if (broken.length) throw new Error(`Migration ${m.tag} leaves ${broken.length} broken foreign key(s)`);
        sqlite.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)", [m.hash, m.when]);
      })();
    }
  } finally {
    if (fkWasOn) sqlite.run("PRAGMA foreign_keys = ON");
  }
}
