import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { drizzle } from "drizzle-orm/bun-sqlite";
import * as schema from "../../db/schema";
import { migrate } from "../../db/migrate";
import { migrations } from "../../db/migrations.gen";
import { seedDemo } from "../../db/seed/demo";

// The timestamp defaults must work in the SQLite a shop's own tools have: Debian 12's sqlite3 is 3.40, and
// unixepoch('subsec') needs 3.42 (created_at came out NULL, so no row could be inserted). Migration 0014
// rebuilds every table that had it. `npm test` installs the sqlite3 CLI (scripts/test.ts); a missing one fails.

const at0014 = migrations.findIndex((m) => m.tag.startsWith("0014_"));
const dir = mkdtempSync(path.join(tmpdir(), "shopflow-sqlite3-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

type SchemaRow = { type: string; name: string; tbl_name: string; sql: string | null };
const schemaRows = (db: Database) =>
  db.query<SchemaRow, []>("SELECT type, name, tbl_name, sql FROM sqlite_schema WHERE name NOT LIKE 'sqlite_%' ORDER BY type, name").all();

/** Tables whose created_at has a default: the ones an insert without created_at relies on. */
const tablesWithCreatedAt = (db: Database) =>
  db
    .query<{ name: string }, []>("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
    .all()
    .map((t) => t.name)
    .filter((t) =>
      db
        .query<{ name: string; dflt_value: string | null }, []>(`PRAGMA table_info("${t}")`)
        .all()
        .some((c) => c.name === "created_at" && c.dflt_value !== null),
    );

const NEEDED: Record<string, Record<string, string>> = { calendar_keys: { department: "'installation'" } };

function sqlite3(file: string, sql: string) {
  const cli = Bun.which("sqlite3");
  if (!cli) throw new Error("sqlite3 is not installed; run: apt-get install -y --no-install-recommends sqlite3");
  return spawnSync(cli, ["-bail", file], { input: sql, encoding: "utf8" });
}

describe("the sqlite3 command-line tool of Debian 12 on a Shopflow database", () => {
  test("inserts a row into every table without naming created_at, and gets the time of the insert", () => {
    const file = path.join(dir, "fresh.db");
    const db = new Database(file, { create: true });
    migrate(db);
    const tables = tablesWithCreatedAt(db);
    expect(tables.length).toBeGreaterThanOrEqual(17);
    // Only the columns that have to be given: NOT NULL without a default (foreign keys are off in the CLI).
    const inserts = tables.map((t) => {
      const cols = db
        .query<{ name: string; type: string; notnull: number; dflt_value: string | null; pk: number }, []>(`PRAGMA table_info("${t}")`)
        .all()
        .filter((c) => c.notnull && c.dflt_value === null && !(c.pk && c.type.toLowerCase() === "integer"));
      const values = cols.map((c) => (c.type.toLowerCase() === "integer" ? "1" : `'cli ${t}'`));
      // A table whose checks need one of its optional columns: a calendar feed is for a department or a member.
      const needed = NEEDED[t] ?? {};
      const names = [...cols.map((c) => `"${c.name}"`), ...Object.keys(needed).map((n) => `"${n}"`)];
      return `INSERT INTO "${t}" (${names.join(", ")}) VALUES (${[...values, ...Object.values(needed)].join(", ")});`;
    });
    db.close();
    const version = sqlite3(":memory:", "SELECT sqlite_version();").stdout.trim();
    const before = Date.now();
    const run = sqlite3(file, inserts.join("\n"));
    const after = Date.now();
    expect({ version, stderr: run.stderr, status: run.status }).toEqual({ version, stderr: "", status: 0 });
    const check = new Database(file, { readonly: true });
    for (const t of tables) {
      const rows = check.query<{ created_at: number }, []>(`SELECT created_at FROM "${t}"`).all();
      expect(rows).toHaveLength(1);
      // Epoch milliseconds of the moment of the insert (julianday('now') is exact to the millisecond).
      expect(rows[0]!.created_at).toBeGreaterThanOrEqual(before - 5);
      expect(rows[0]!.created_at).toBeLessThanOrEqual(after + 5);
      expect(Number.isInteger(rows[0]!.created_at)).toBe(true);
    }
    check.close();
  });

  test("no default, trigger or index of the final schema uses unixepoch() or 'subsec'", () => {
    const db = new Database(":memory:");
    migrate(db);
    const offenders = schemaRows(db).filter((r) => /unixepoch|subsec/i.test(r.sql ?? ""));
    expect(offenders.map((r) => r.name)).toEqual([]);
  });
});

// Tables the triggers fill from the others: copying the others fills them.
const TRIGGER_KEPT = new Set(["workflow_item_counts", "project_counts", "item_category_counts", "department_item_counts"]);

/**
 * The demo shop in an older schema: today's seed writes today's columns, so it fills a database migrated to the end
 * and every column the older one has is copied across (the triggers of the older schema fill the counts).
 */
function seedDemoInto(old: Database) {
  const file = path.join(dir, "demo-today.db");
  const today = new Database(file, { create: true, strict: true });
  migrate(today);
  seedDemo(drizzle({ client: today, schema }), { hashPin: (p) => `h${p}`, adminName: "Administrator", now: new Date("2026-03-12T15:30:00Z") });
  today.close();
  old.run("PRAGMA foreign_keys = OFF");
  old.run(`ATTACH '${file}' AS today`);
  const tables = old
    .query<{ name: string }, []>("SELECT name FROM main.sqlite_schema WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> '__drizzle_migrations'")
    .all()
    .map((t) => t.name)
    .filter((t) => !TRIGGER_KEPT.has(t));
  for (const t of tables) {
    const cols = old
      .query<{ name: string }, []>(`PRAGMA main.table_info("${t}")`)
      .all()
      .map((c) => `"${c.name}"`)
      .join(", ");
    old.run(`INSERT OR REPLACE INTO main."${t}" (${cols}) SELECT ${cols} FROM today."${t}" ORDER BY rowid`);
  }
  old.run("DETACH today");
  old.run("PRAGMA foreign_keys = ON");
}

describe("migration 0014 (portable timestamp defaults) on a filled database made by 0013", () => {
  const sqlite = new Database(":memory:", { strict: true });
  sqlite.run("PRAGMA foreign_keys = ON");
  migrate(sqlite, migrations.slice(0, at0014));
  seedDemoInto(sqlite);
  // The demo leaves these empty; each rebuilt table gets rows.
  sqlite.run("INSERT INTO sessions (id, team_member_id, last_seen_at, ip) VALUES ('s1', 1, 1, '10.0.0.1')");
  sqlite.run("INSERT INTO step_templates (name, department) VALUES ('Cut', 'production'), ('Weed', 'production'), ('Spare', NULL)");
  sqlite.run("INSERT INTO board_keys (name, key_hash, created_by) VALUES ('Floor TV', 'hash1', 1), ('Office TV', 'hash2', NULL)");
  sqlite.run("INSERT INTO label_printers (name, host) VALUES ('Zebra', '10.0.0.50'), ('Spare', '10.0.0.51')");
  // Newest rows removed by hand: their ids must still never be handed out again.
  sqlite.run("DELETE FROM step_templates WHERE name = 'Spare'");
  sqlite.run("DELETE FROM label_printers WHERE name = 'Spare'");
  sqlite.run("DELETE FROM items WHERE id = (SELECT max(id) FROM items)");

  const tables = sqlite
    .query<{ name: string }, []>("SELECT name FROM sqlite_schema WHERE type = 'table' AND name <> '__drizzle_migrations' ORDER BY name")
    .all()
    .map((t) => t.name);
  // The AUTOINCREMENT counters by table name (a rebuilt table's counter row moves within sqlite_sequence; the
  // migrations' own counter grows by this one).
  const dump = () =>
    Object.fromEntries(
      tables.map((t) => [
        t,
        t === "sqlite_sequence"
          ? sqlite.query("SELECT name, seq FROM sqlite_sequence WHERE name <> '__drizzle_migrations' ORDER BY name").all()
          : sqlite.query(`SELECT * FROM "${t}" ORDER BY rowid`).all(),
      ]),
    );
  const rebuilt = tablesWithCreatedAt(sqlite);
  const rowsBefore = dump();
  const schemaBefore = schemaRows(sqlite);
  // Up to 0014 only: later migrations change tables on purpose.
  migrate(sqlite, migrations.slice(0, at0014 + 1));
  const schemaAfter = schemaRows(sqlite);

  test("every row of every table is kept, with its id and values; the AUTOINCREMENT counters too", () => {
    expect(rebuilt.length).toBe(17);
    for (const t of rebuilt) expect(rowsBefore[t]!.length).toBeGreaterThan(0);
    expect(dump()).toEqual(rowsBefore);
    expect((sqlite.query("PRAGMA integrity_check").get() as { integrity_check: string }).integrity_check).toBe("ok");
    expect(sqlite.query("PRAGMA foreign_key_check").all()).toEqual([]);
    expect((sqlite.query("PRAGMA foreign_keys").get() as { foreign_keys: number }).foreign_keys).toBe(1);
  });

  test("every index and trigger is back exactly as it was; tables differ only in the default", () => {
    const pick = (rows: SchemaRow[], type: string) => rows.filter((r) => r.type === type);
    expect(pick(schemaBefore, "trigger").length).toBeGreaterThanOrEqual(12);
    expect(pick(schemaAfter, "trigger")).toEqual(pick(schemaBefore, "trigger"));
    expect(pick(schemaAfter, "index")).toEqual(pick(schemaBefore, "index"));
    // A rebuilt table's CREATE TABLE names it in double quotes after the rename; the default is the one change.
    const normal = (r: SchemaRow) => ({
      ...r,
      sql: r
        .sql!.replace(/^CREATE TABLE (`[^`]+`|"[^"]+")/, `CREATE TABLE "${r.name}"`)
        .replaceAll("(CAST(unixepoch('subsec') * 1000 AS INTEGER))", "NOW")
        .replaceAll(schema.NOW_MS_SQL, "NOW"),
    });
    expect(pick(schemaAfter, "table").map(normal)).toEqual(pick(schemaBefore, "table").map(normal));
    expect(
      pick(schemaAfter, "table")
        .filter((r) => r.sql!.includes(schema.NOW_MS_SQL))
        .map((r) => r.name),
    ).toEqual(rebuilt);
  });

  test("the next id follows the largest ever handed out, not the largest left", () => {
    const seq = (t: string) => (sqlite.query(`SELECT seq FROM sqlite_sequence WHERE name = '${t}'`).get() as { seq: number }).seq;
    const next = (t: string, sql: string) => {
      const before = seq(t);
      sqlite.run(sql);
      return [before, (sqlite.query(`SELECT max(id) AS id FROM "${t}"`).get() as { id: number }).id];
    };
    const [tplSeq, tplId] = next("step_templates", "INSERT INTO step_templates (name) VALUES ('Laminate')");
    expect(tplId).toBe(tplSeq! + 1);
    expect(tplId).toBe(4);
    const [lpSeq, lpId] = next("label_printers", "INSERT INTO label_printers (name, host) VALUES ('Second', '10.0.0.52')");
    expect(lpId).toBe(lpSeq! + 1);
    expect(lpId).toBe(3);
  });

  test("the summary counts are still kept by their triggers", () => {
    const counts = () => ({
      workflow: sqlite.query("SELECT workflow_id, total, running FROM workflow_item_counts WHERE total > 0 ORDER BY workflow_id").all(),
      category: sqlite.query("SELECT category, total FROM item_category_counts WHERE total > 0 ORDER BY category").all(),
      department: sqlite.query("SELECT department, total, running FROM department_item_counts WHERE total > 0 ORDER BY department").all(),
      projects: sqlite.query("SELECT total, active, rush, high, medium, low FROM project_counts").get(),
    });
    const recount = () => ({
      workflow: sqlite
        .query("SELECT coalesce(workflow_id, 0) AS workflow_id, count(*) AS total, sum(is_timer_active) AS running FROM items GROUP BY 1 ORDER BY 1")
        .all(),
      category: sqlite.query("SELECT category, count(*) AS total FROM items GROUP BY 1 ORDER BY 1").all(),
      department: sqlite
        .query(
          "SELECT coalesce(department, 'pre-production') AS department, count(*) AS total, sum(is_timer_active) AS running FROM items GROUP BY 1 ORDER BY 1",
        )
        .all(),
      projects: sqlite
        .query(
          "SELECT count(*) AS total, sum(status <> 'completed') AS active, sum(priority = 'rush') AS rush, sum(priority = 'high') AS high, sum(priority = 'medium') AS medium, sum(priority = 'low') AS low FROM projects",
        )
        .get(),
    });
    expect(counts()).toEqual(recount());
    const item = sqlite.query<{ project_id: number; workflow_id: number | null }, []>("SELECT project_id, workflow_id FROM items LIMIT 1").get()!;
    sqlite.run("INSERT INTO items (name, category, project_id, workflow_id) VALUES ('After 0014', 'Brand new category', ?, ?)", [
      item.project_id,
      item.workflow_id,
    ]);
    sqlite.run("INSERT INTO projects (name, priority) VALUES ('After 0014', 'rush')");
    sqlite.run("DELETE FROM items WHERE id = (SELECT min(id) FROM items)");
    expect(counts()).toEqual(recount());
  });
});
