import { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import type * as Hooks from "../../server/test-hooks";

/**
 * The modules a test database is set up through: the server bundle's (`hooks`, tests/helpers/app.ts) for tests
 * that serve requests, the source modules (tests/helpers/db.ts) for unit tests that never load the bundle. Never
 * both in one process (decision 0047, tests/unit/one-module-graph.test.ts).
 */
export type DatabaseModules = Pick<
  typeof Hooks,
  "connect" | "openDatabase" | "setDb" | "resetProcessState" | "resetEnvForTests" | "setSecretForTests" | "setForecastTimingForTests"
>;

/** `useTestDb` on the given modules. */
export function freshDatabases(m: DatabaseModules) {
  // Migrated once per test file, then copied for each test: a copy takes a few milliseconds where running every
  // migration took 30–60 (tests/unit/test-db.test.ts checks that a copy is the same database, empty and writable).
  let template: Uint8Array | undefined;
  function migratedTemplate(): Uint8Array {
    if (!template) {
      const db = m.openDatabase(":memory:");
      template = db.$client.serialize();
      db.$client.close();
    }
    return template;
  }

  /**
   * A fresh, migrated in-memory database (and secret) that every model and route of this process uses, in a
   * process state started again: the previous database closed, every cache, queue and setting dropped.
   */
  function freshDatabase(env: Record<string, string | undefined> = {}) {
    m.resetProcessState();
    // A forecast is reused after scans for a while that depends on how long it took to compute (decision 0038): on
    // a busy machine a test would read a stale one. Tests measure no computation unless they say so (the reuse
    // rule's own test sets a clock of its own).
    m.setForecastTimingForTests({ clock: () => 0 });
    m.resetEnvForTests({ DATA_DIR: process.env.DATA_DIR, ...env });
    m.setSecretForTests(randomBytes(32));
    const db = m.connect(Database.deserialize(migratedTemplate(), { strict: true }));
    m.setDb(db);
    return db;
  }
  return { useTestDb: freshDatabase };
}
