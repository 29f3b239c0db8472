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
  for (const m of migrations) {
    if (applied.has(m.when)) continue;
    sqlite.transaction(() => {
      for (const stmt of m.sql.split("--> statement-breakpoint")) {
        if (stmt.trim()) sqlite.run(stmt);
      }
      sqlite.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)", [m.hash, m.when]);
    })();
  }
}
