import { describe, expect, test } from "bun:test";
import { openDatabase } from "~/infra/db.server";
import { useTestDb } from "../helpers/db";

// Tests get a copy of one migrated database instead of migrating their own (tests/helpers/db.ts): the copy must
// be the database a real start makes, with the same connection settings, and each copy must stand alone.
const schemaOf = (db: ReturnType<typeof openDatabase>) => db.$client.query("SELECT type, name, sql FROM sqlite_master ORDER BY type, name").all();

describe("the test database copy", () => {
  test("has the schema, triggers and migration rows a migrated database has", () => {
    const fresh = openDatabase(":memory:");
    const copy = useTestDb();
    expect(schemaOf(copy)).toEqual(schemaOf(fresh));
    const migrations = "SELECT hash, created_at FROM __drizzle_migrations ORDER BY id";
    expect(copy.$client.query(migrations).all()).toEqual(fresh.$client.query(migrations).all());
    expect(copy.$client.query("SELECT * FROM shop_settings").all()).toEqual(fresh.$client.query("SELECT * FROM shop_settings").all());
  });

  test("has the connection settings: foreign keys on, busy timeout, temp store in memory", () => {
    const copy = useTestDb().$client;
    expect(copy.query("PRAGMA foreign_keys").get()).toEqual({ foreign_keys: 1 });
    expect(copy.query("PRAGMA busy_timeout").get()).toEqual({ timeout: 5000 });
    expect(copy.query("PRAGMA temp_store").get()).toEqual({ temp_store: 2 });
    expect(() => copy.run("INSERT INTO items (name, category, project_id, department) VALUES ('x', 'Banner', 999999, 'production')")).toThrow(/FOREIGN KEY/);
  });

  test("grows past the template's size, and one copy's rows are not another's", () => {
    const a = useTestDb().$client;
    const insert = a.prepare("INSERT INTO departments (name, value, is_machine) VALUES (?, ?, 0)");
    a.transaction(() => {
      for (let i = 0; i < 20_000; i++) insert.run(`Department ${i} ${"x".repeat(40)}`, `department-${i}`);
    })();
    expect(a.query("SELECT count(*) AS n FROM departments WHERE value LIKE 'department-%'").get()).toEqual({ n: 20_000 });
    const b = useTestDb().$client;
    expect(b.query("SELECT count(*) AS n FROM departments WHERE value LIKE 'department-%'").get()).toEqual({ n: 0 });
  });
});
