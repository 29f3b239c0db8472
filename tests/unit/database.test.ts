import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "~/utils/db.server";

describe("database file", () => {
  const dir = mkdtempSync(path.join(tmpdir(), "shopflow-db-"));
  const file = path.join(dir, "shopflow.db");
  const db = openDatabase(file);
  afterAll(() => {
    db.$client.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const q = (sql: string) => db.$client.query(sql).get() as Record<string, unknown>;

  test("WAL, foreign keys on, busy timeout, integrity ok", () => {
    expect(q("PRAGMA journal_mode").journal_mode).toBe("wal");
    expect(q("PRAGMA foreign_keys").foreign_keys).toBe(1);
    expect(q("PRAGMA busy_timeout").timeout).toBe(5000);
    expect(q("PRAGMA integrity_check").integrity_check).toBe("ok");
  });

  test("migrations run once: reopening applies nothing twice", () => {
    const again = openDatabase(file);
    expect((again.$client.query("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n).toBe(1);
  });

  test("every foreign key column has an index", () => {
    const tables = db.$client.query("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'").all() as { name: string }[];
    const missing: string[] = [];
    for (const { name } of tables) {
      const fks = db.$client.query(`PRAGMA foreign_key_list(${name})`).all() as { from: string }[];
      const indexes = db.$client.query(`PRAGMA index_list(${name})`).all() as { name: string }[];
      const firstCols = new Set<string>();
      for (const ix of indexes) {
        const cols = db.$client.query(`PRAGMA index_info(${ix.name})`).all() as { seqno: number; name: string }[];
        const first = cols.find((c) => c.seqno === 0);
        if (first) firstCols.add(first.name);
      }
      const pk = (db.$client.query(`PRAGMA table_info(${name})`).all() as { name: string; pk: number }[])
        .filter((c) => c.pk === 1).map((c) => c.name);
      for (const fk of fks) if (!firstCols.has(fk.from) && !pk.includes(fk.from)) missing.push(`${name}.${fk.from}`);
    }
    expect(missing.join(", ")).toBe("");
  });

  test("a foreign key violation is refused", () => {
    expect(() => db.$client.run("INSERT INTO items (name, category, project_id) VALUES ('x', 'y', 999)")).toThrow();
  });
});
