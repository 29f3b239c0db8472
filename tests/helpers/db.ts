import { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { connect, openDatabase, setDb, type DB } from "~/infra/db.server";
import { resetEnvForTests } from "~/infra/env.server";
import { resetProcessState } from "~/infra/process-state.server";
import { setSecretForTests } from "~/infra/secret.server";
import { setForecastTimingForTests } from "~/models/project-forecast.server";

// Migrated once per test file, then copied for each test: a copy takes a few milliseconds where running every
// migration took 30–60 (tests/unit/test-db.test.ts checks that a copy is the same database, empty and writable).
let template: Uint8Array | undefined;
export function migratedTemplate(): Uint8Array {
  if (!template) {
    const db = openDatabase(":memory:");
    template = db.$client.serialize();
    db.$client.close();
  }
  return template;
}

/**
 * A fresh, migrated in-memory database (and secret) that every model and route of this process uses, in a process
 * state started again (the previous database closed, every cache and queue emptied). Forecast computations take no
 * time (decision 0038): on a busy machine a test would read a forecast reused from before its change.
 */
export function useTestDb(env: Record<string, string | undefined> = {}): DB {
  resetProcessState();
  setForecastTimingForTests({ clock: () => 0 });
  resetEnvForTests({ DATA_DIR: process.env.DATA_DIR, ...env });
  setSecretForTests(randomBytes(32));
  const db = connect(Database.deserialize(migratedTemplate(), { strict: true }));
  setDb(db);
  return db;
}
