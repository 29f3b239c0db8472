import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Database } from "bun:sqlite";
import { migrations } from "../../db/migrations.gen";
import { migrate, MigrationError } from "../../db/migrate";
import { openDatabase } from "~/infra/db.server";

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
    expect((again.$client.query("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n).toBe(migrations.length);
  });

  test("every foreign key column has an index", () => {
    const tables = db.$client.query("SELECT name FROM sqlite_master WHERE type='table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'").all() as {
      name: string;
    }[];
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
      const pk = (db.$client.query(`PRAGMA table_info(${name})`).all() as { name: string; pk: number }[]).filter((c) => c.pk === 1).map((c) => c.name);
      for (const fk of fks) if (!firstCols.has(fk.from) && !pk.includes(fk.from)) missing.push(`${name}.${fk.from}`);
    }
    expect(missing.join(", ")).toBe("");
  });

  test("a foreign key violation is refused", () => {
    expect(() => db.$client.run("INSERT INTO items (name, category, project_id) VALUES ('x', 'y', 999)")).toThrow();
  });
});

describe("migration 0001 (constraints) on a database made by 0000", () => {
  // A shop that ran the first release has data; rebuilding tables for the CHECK constraints must keep every row,
  // including children of rebuilt parents (a DROP TABLE with foreign keys on would cascade into them).
  const sqlite = new Database(":memory:", { strict: true });
  sqlite.run("PRAGMA foreign_keys = ON");
  for (const stmt of migrations[0]!.sql.split("--> statement-breakpoint")) if (stmt.trim()) sqlite.run(stmt);
  sqlite.run("CREATE TABLE __drizzle_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, hash text NOT NULL, created_at numeric)");
  sqlite.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)", [migrations[0]!.hash, migrations[0]!.when]);
  sqlite.run("INSERT INTO team_members (name, pin_hash) VALUES ('Ann', 'h1')");
  sqlite.run("INSERT INTO workflows (name, department_sequence) VALUES ('Standard', '[\"production\"]')");
  sqlite.run("INSERT INTO projects (name, priority, workflow_id) VALUES ('Job', 'rush', 1)");
  sqlite.run("INSERT INTO items (name, category, project_id, total_time_seconds) VALUES ('Sign', 'Letters', 1, 90)");
  sqlite.run("INSERT INTO timer_logs (item_id, action, timestamp, session_duration_seconds) VALUES (1, 'stop', 1, 90)");
  sqlite.run("INSERT INTO machine_ready_files (name, file_name, machine, project_id) VALUES ('F', 'f.pdf', 'zund', 1)");
  sqlite.run("INSERT INTO item_file_associations (item_id, machine_file_id) VALUES (1, 1)");
  migrate(sqlite);
  const count = (t: string) => (sqlite.query(`SELECT count(*) AS n FROM ${t}`).get() as { n: number }).n;

  test("every row survives, foreign keys are back on and intact", () => {
    for (const t of ["team_members", "workflows", "projects", "items", "timer_logs", "machine_ready_files", "item_file_associations"]) {
      expect(count(t)).toBe(1);
    }
    expect((sqlite.query("PRAGMA foreign_keys").get() as { foreign_keys: number }).foreign_keys).toBe(1);
    expect(sqlite.query("PRAGMA foreign_key_check").all()).toEqual([]);
    expect((sqlite.query("SELECT version FROM items").get() as { version: number }).version).toBe(1);
  });

  test("the new constraints hold", () => {
    expect(() => sqlite.run("UPDATE items SET quantity = 0")).toThrow(/CHECK constraint failed/);
    expect(() => sqlite.run("UPDATE items SET is_timer_active = 1, current_session_start = NULL")).toThrow(/CHECK/);
    expect(() => sqlite.run("UPDATE projects SET priority = 'urgent'")).toThrow(/CHECK/);
    expect(() => sqlite.run("INSERT INTO workflows (name) VALUES ('STANDARD')")).toThrow(/UNIQUE/);
    expect(() => sqlite.run("INSERT INTO project_workflow_instances (project_id, name) VALUES (1, 'a'), (1, 'b')")).toThrow(/UNIQUE/);
  });
});

describe("upgrades", () => {
  test("a failed migration leaves the database as it was, with a message that says so", () => {
    const sqlite = new Database(":memory:");
    const previous = migrations.slice(0, -1);
    migrate(sqlite, previous);
    sqlite.run("INSERT INTO materials (name, category) VALUES ('Vinyl', 'Film')");
    const schemaBefore = sqlite.query("SELECT name, sql FROM sqlite_master ORDER BY name").all();
    const broken = [
      ...migrations,
      { tag: "9998_ok", hash: "a", when: 9_999_999_999_998, sql: "CREATE TABLE upgrade_probe (id integer)" },
      { tag: "9999_broken", hash: "b", when: 9_999_999_999_999, sql: "ALTER TABLE no_such_table ADD x integer" },
    ];
    let error: unknown;
    try {
      migrate(sqlite, broken);
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(MigrationError);
    expect((error as Error).message).toStartWith(
      "Upgrading the database failed in migration 9999_broken: no such table: no_such_table. Nothing was changed: the database is still at",
    );
    expect((error as Error).message).toContain(previous.at(-1)!.tag);
    // Neither the newest real migration nor the good one before the broken one was kept.
    expect(sqlite.query("SELECT name, sql FROM sqlite_master ORDER BY name").all()).toEqual(schemaBefore);
    expect((sqlite.query("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n).toBe(previous.length);
    expect(sqlite.query("SELECT name FROM materials").all()).toEqual([{ name: "Vinyl" }]);
    // The real upgrade then applies cleanly, once.
    migrate(sqlite);
    migrate(sqlite);
    expect((sqlite.query("SELECT count(*) AS n FROM __drizzle_migrations").get() as { n: number }).n).toBe(migrations.length);
    expect(sqlite.query("SELECT name FROM materials").all()).toEqual([{ name: "Vinyl" }]);
  });
});

describe("migration 0012 (audit_log.actor_id without a foreign key) on a database made by 0011", () => {
  // The audit trail is rebuilt: every row keeps its id and values, every index comes back (audit_log_kind_idx from
  // 0011 too), ids are never reused, and deleting a member no longer touches the rows they wrote.
  const sqlite = new Database(":memory:", { strict: true });
  sqlite.run("PRAGMA foreign_keys = ON");
  const at0012 = migrations.findIndex((m) => m.tag.startsWith("0012_"));
  migrate(sqlite, migrations.slice(0, at0012));
  sqlite.run("INSERT INTO team_members (name, pin_hash) VALUES ('Ann', 'h1'), ('Ben', 'h2')");
  const insert = sqlite.prepare(
    "INSERT INTO audit_log (at, actor_id, actor_name, action, entity, entity_id, before, after, ip) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
  );
  for (let i = 1; i <= 6; i++)
    insert.run(1000 + i, (i % 2) + 1, i % 2 ? "Ben" : "Ann", "update", "item", String(i), '{"name":"a"}', '{"name":"b"}', "10.0.0.1");
  // The newest entry is gone (as if removed by hand): its id must still never come back.
  sqlite.run("DELETE FROM audit_log WHERE id = 6");
  const rowsBefore = sqlite.query("SELECT * FROM audit_log ORDER BY id").all();
  const indexNames = () =>
    (sqlite.query("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'audit_log' ORDER BY name").all() as { name: string }[]).map(
      (r) => r.name,
    );
  const indexesBefore = indexNames();
  migrate(sqlite);

  test("every row survives with its id and values; every index is back", () => {
    expect(rowsBefore).toHaveLength(5);
    expect(sqlite.query("SELECT * FROM audit_log ORDER BY id").all()).toEqual(rowsBefore);
    expect(indexesBefore).toContain("audit_log_kind_idx");
    expect(indexNames()).toEqual(indexesBefore);
    expect(sqlite.query("PRAGMA foreign_key_list(audit_log)").all()).toEqual([]);
    expect((sqlite.query("PRAGMA foreign_keys").get() as { foreign_keys: number }).foreign_keys).toBe(1);
    expect((sqlite.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check).toBe("ok");
  });

  test("the next id follows the largest ever handed out, not the largest left", () => {
    insert.run(2000, 1, "Ann", "create", "item", "7", null, null, null);
    expect((sqlite.query("SELECT max(id) AS id FROM audit_log").get() as { id: number }).id).toBe(7);
  });

  test("deleting a member leaves their audit rows as they were", () => {
    const ann = () => sqlite.query("SELECT id, actor_id, actor_name FROM audit_log WHERE actor_name = 'Ann' ORDER BY id").all();
    const before = ann();
    sqlite.run("DELETE FROM team_members WHERE name = 'Ann'");
    expect(ann()).toEqual(before);
    expect(before.every((r) => (r as { actor_id: number }).actor_id === 1)).toBe(true);
  });
});
