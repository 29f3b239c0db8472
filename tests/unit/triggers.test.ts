import { describe, expect, test } from "bun:test";
import { migrations } from "#db/migrations.gen";
import { openDatabase } from "~/infra/db.server";
import { COMPLETED_DEPARTMENT } from "~/domain/constants";

// The summary counts (items per workflow, category and department; projects by status and priority) are kept by
// triggers. SQLite drops a table's triggers with the table, and drizzle-kit changes a column by rebuilding its
// table — so a generated migration can silently stop the counts. Each migration that rebuilds a table must create
// its triggers again (as 0014 does); these tests fail when one does not.

/** The triggers the migrations mean to leave: every CREATE TRIGGER, less every DROP TRIGGER, in order. */
function intendedTriggers(): Set<string> {
  const names = new Set<string>();
  for (const m of migrations) {
    for (const [, verb, name] of m.sql.matchAll(/\b(CREATE|DROP)\s+TRIGGER\s+(?:IF\s+(?:NOT\s+)?EXISTS\s+)?[`"]?(\w+)/gi)) {
      if (verb!.toUpperCase() === "CREATE") names.add(name!);
      else names.delete(name!);
    }
  }
  return names;
}

type Sqlite = ReturnType<typeof openDatabase>["$client"];
const triggersOf = (db: Sqlite) =>
  db.query<{ name: string; sql: string }, []>("SELECT name, sql FROM sqlite_master WHERE type = 'trigger' ORDER BY name").all();
/** The triggers the migrations mean to leave that the database does not have. */
const missingTriggers = (db: Sqlite) => {
  const present = new Set(triggersOf(db).map((t) => t.name));
  return [...intendedTriggers()].filter((name) => !present.has(name)).sort();
};

describe("the summary counts' triggers", () => {
  const db = openDatabase(":memory:").$client;

  test("every trigger a migration created and none dropped is in the migrated database, and no other", () => {
    expect(intendedTriggers().size).toBeGreaterThanOrEqual(12);
    expect(missingTriggers(db)).toEqual([]);
    expect(
      triggersOf(db)
        .map((t) => t.name)
        .sort(),
    ).toEqual([...intendedTriggers()].sort());
  });

  test("the triggers' final department is the one the code completes items in", () => {
    // SQL cannot import the TypeScript constant: the literal is written into the trigger when it is created, so
    // renaming the final department takes a migration that recreates these triggers.
    const finals = triggersOf(db).flatMap((t) => [...t.sql.matchAll(/`department`\s*=\s*'([^']+)'/g)].map((m) => m[1]));
    expect(finals.length).toBeGreaterThan(0);
    expect(new Set(finals)).toEqual(new Set([COMPLETED_DEPARTMENT]));
  });

  test("a table rebuilt without its triggers is caught", () => {
    const copy = openDatabase(":memory:").$client;
    // A rebuild of `items` that forgets the triggers: they go with the old table.
    copy.run("PRAGMA foreign_keys = OFF");
    copy.run("ALTER TABLE `items` RENAME TO `__old_items`");
    copy.run("CREATE TABLE `items` AS SELECT * FROM `__old_items`");
    copy.run("DROP TABLE `__old_items`");
    expect(missingTriggers(copy)).toContain("items_counts_insert");
  });
});
