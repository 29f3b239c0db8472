import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { departments, teamMembers } from "#db/schema";
import { backup, restore } from "~/infra/backup.server";
import { openDatabase, setDb } from "~/infra/db.server";
import { resetEnvForTests } from "~/infra/env.server";

describe("backup and restore", () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shopflow-data-"));
  resetEnvForTests({ DATA_DIR: dataDir });
  writeFileSync(path.join(dataDir, "secret.key"), "ab".repeat(32));
  mkdirSync(path.join(dataDir, "designs"));
  writeFileSync(path.join(dataDir, "designs", "p1.pdf"), "%PDF-1.4 test");
  const db = openDatabase(path.join(dataDir, "shopflow.db"));
  setDb(db);
  db.insert(teamMembers).values({ name: "Before", pinHash: "x" }).run();
  // A shop with something in it: a backup of an empty one is refused unless --allow-empty.
  db.insert(departments).values({ name: "Production", value: "production" }).run();
  const backupRoot = mkdtempSync(path.join(tmpdir(), "shopflow-backup-"));
  const dest = path.join(backupRoot, "b1");
  const emptyDir = mkdtempSync(path.join(tmpdir(), "shopflow-empty-"));
  afterAll(() => {
    setDb(undefined);
    for (const d of [dataDir, backupRoot, emptyDir]) rmSync(d, { recursive: true, force: true });
  });

  test("backup writes a consistent copy of the database, the secret and the designs while the server runs", () => {
    expect(backup(dest)).toBe(dest);
    const copy = new Database(path.join(dest, "shopflow.db"), { readonly: true });
    expect(copy.query("PRAGMA integrity_check").get()).toEqual({ integrity_check: "ok" });
    expect(copy.query("SELECT name FROM team_members").all()).toEqual([{ name: "Before" }]);
    copy.close();
    expect(readFileSync(path.join(dest, "secret.key"), "utf8")).toBe("ab".repeat(32));
    expect(existsSync(path.join(dest, "designs", "p1.pdf"))).toBe(true);
    expect(() => backup(dest)).toThrow("already holds a backup");
  });

  test("restore puts the backup back and keeps the replaced data aside", () => {
    db.insert(teamMembers).values({ name: "After", pinHash: "y" }).run();
    db.$client.close();
    setDb(undefined);
    const r = restore(dest);
    expect(r.previousSavedAs).not.toBeNull();
    expect(existsSync(path.join(r.previousSavedAs!, "shopflow.db"))).toBe(true);
    const restored = new Database(path.join(dataDir, "shopflow.db"), { readonly: true });
    expect(restored.query("SELECT name FROM team_members").all()).toEqual([{ name: "Before" }]);
    restored.close();
  });

  test("restore refuses a folder that is not a backup", () => {
    expect(() => restore(emptyDir)).toThrow("not a Shopflow backup");
  });
});
