import { Database } from "bun:sqlite";
import { randomBytes } from "node:crypto";
import { connect, openDatabase, setDb, type DB } from "~/infra/db.server";
import { resetEnvForTests } from "~/infra/env.server";
import { setSecretForTests } from "~/infra/secret.server";

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

/** A fresh, migrated in-memory database (and secret) that every model and route of this process uses. */
export function useTestDb(env: Record<string, string | undefined> = {}): DB {
  resetEnvForTests({ DATA_DIR: process.env.DATA_DIR, ...env });
  setSecretForTests(randomBytes(32));
  const db = connect(Database.deserialize(migratedTemplate(), { strict: true }));
  setDb(db);
  return db;
}
