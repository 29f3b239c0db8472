import { randomBytes } from "node:crypto";
import { openDatabase, setDb, type DB } from "~/utils/db.server";
import { resetEnvForTests } from "~/utils/env.server";
import { setSecretForTests } from "~/utils/secret.server";

/** A fresh, migrated in-memory database (and secret) that every model and route of this process uses. */
export function useTestDb(env: Record<string, string | undefined> = {}): DB {
  resetEnvForTests({ DATA_DIR: process.env.DATA_DIR, ...env });
  setSecretForTests(randomBytes(32));
  const db = openDatabase(":memory:");
  setDb(db);
  return db;
}
