import { describe, expect, test } from "bun:test";
import { migrations } from "#db/migrations.gen";
import { openDatabase } from "~/infra/db.server";
import { COMPLETED_DEPARTMENT } from "~/domain/constants";
import { seededRandom } from "../helpers/random";

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

  test("the counts equal the items after any mix of starts, stops, moves, workflow changes, inserts and deletes", () => {
    const copy = openDatabase(":memory:").$client;
    // A fixed seed: the same mix on every run; TRIGGER_MIX_SEED tries another.
    const random = seededRandom("TRIGGER_MIX_SEED", 20261203);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(random.next() * xs.length)]!;
    const departments = ["pre-production", "production", "quality-control", COMPLETED_DEPARTMENT] as const;
    for (const name of ["A", "B", "C"]) copy.run("INSERT INTO workflows (name) VALUES (?)", [name]);
    const workflows = [
      null,
      ...copy
        .query<{ id: number }, []>("SELECT id FROM workflows")
        .all()
        .map((w) => w.id),
    ];
    copy.run("INSERT INTO projects (name) VALUES ('P')");
    const project = copy.query<{ id: number }, []>("SELECT id FROM projects").get()!.id;
    const insert = () =>
      copy.run(
        "INSERT INTO items (name, category, project_id, workflow_id, department, is_timer_active, current_session_start) VALUES ('x', 'Banner', ?, ?, ?, ?, ?)",
        ((running: boolean) => [project, pick(workflows), pick(departments), running ? 1 : 0, running ? 1 : null])(random.next() < 0.3),
      );
    for (let i = 0; i < 30; i++) insert();
    const truth = () => ({
      workflows: copy
        .query(
          "SELECT coalesce(workflow_id, 0) AS id, count(*) AS total, sum(is_timer_active) AS running, sum(department = 'installation') AS completed FROM items GROUP BY 1 ORDER BY 1",
        )
        .all(),
      departments: copy.query("SELECT department, count(*) AS total, sum(is_timer_active) AS running FROM items GROUP BY 1 ORDER BY 1").all(),
    });
    const kept = () => ({
      workflows: copy
        .query("SELECT workflow_id AS id, total, running, completed FROM workflow_item_counts WHERE total <> 0 OR running <> 0 OR completed <> 0 ORDER BY 1")
        .all(),
      departments: copy.query("SELECT department, total, running FROM department_item_counts WHERE total <> 0 OR running <> 0 ORDER BY 1").all(),
    });
    const ids = () =>
      copy
        .query<{ id: number }, []>("SELECT id FROM items")
        .all()
        .map((r) => r.id);
    const changes = [
      // A start and a stop where the item is.
      (id: number) => copy.run("UPDATE items SET is_timer_active = 1, current_session_start = 1 WHERE id = ?", [id]),
      (id: number) => copy.run("UPDATE items SET is_timer_active = 0, current_session_start = NULL WHERE id = ?", [id]),
      // A stop that moves the item on, and a move alone.
      (id: number) => copy.run("UPDATE items SET is_timer_active = 0, current_session_start = NULL, department = ? WHERE id = ?", [pick(departments), id]),
      (id: number) => copy.run("UPDATE items SET department = ? WHERE id = ?", [pick(departments), id]),
      // Another workflow (or none), alone and with everything else at once.
      (id: number) => copy.run("UPDATE items SET workflow_id = ? WHERE id = ?", [pick(workflows), id]),
      (id: number) =>
        copy.run("UPDATE items SET workflow_id = ?, department = ?, is_timer_active = 1, current_session_start = 1 WHERE id = ?", [
          pick(workflows),
          pick(departments),
          id,
        ]),
      // Every column written with the value it has.
      (id: number) => copy.run("UPDATE items SET workflow_id = workflow_id, department = department, is_timer_active = is_timer_active WHERE id = ?", [id]),
      (id: number) => copy.run("DELETE FROM items WHERE id = ?", [id]),
      () => insert(),
    ];
    for (let round = 0; round < 40; round++) {
      for (let n = 0; n < 25; n++) {
        const all = ids();
        if (all.length === 0) insert();
        else pick(changes)(pick(all));
      }
      expect({ replay: random.replay, round, ...kept() }).toEqual({ replay: random.replay, round, ...truth() });
    }
  });
});
