import { Database } from "bun:sqlite";
import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import path from "node:path";
import { lockDataDir } from "~/infra/data-dir-lock.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";

const DESIGNS = "designs";
const stamp = () => new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");

/**
 * Online, consistent copy: VACUUM INTO reads one snapshot while the server keeps serving, then the secret
 * (PIN hashes and signed URLs depend on it) and the uploaded design files are copied beside it.
 */
export function backup(dest?: string): string {
  const dataDir = path.resolve(getEnv().DATA_DIR);
  const dir = path.resolve(dest ?? path.join("backups", `shopflow-${stamp()}`));
  if (existsSync(path.join(dir, "shopflow.db"))) throw new Error(`${dir} already holds a backup`);
  mkdirSync(dir, { recursive: true });
  getDb().$client.run("VACUUM INTO ?", [path.join(dir, "shopflow.db")]);
  if (existsSync(path.join(dataDir, "secret.key"))) copyFileSync(path.join(dataDir, "secret.key"), path.join(dir, "secret.key"));
  if (existsSync(path.join(dataDir, DESIGNS))) cpSync(path.join(dataDir, DESIGNS), path.join(dir, DESIGNS), { recursive: true });
  return dir;
}

/** The refusal of a restore while a server runs on the data directory. */
export const serverRunning = (pid: number | null) => `Stop the server first: it is running on this data directory (pid ${pid ?? "unknown"})`;

/**
 * Replace DATA_DIR's database, secret and designs with a backup's. Refused (DataDirBusy, nothing changed) while
 * a server holds the data directory; holds it itself meanwhile, so no server starts on a half-restored one.
 */
export function restore(src: string): { restoredFrom: string; previousSavedAs: string | null } {
  const dataDir = path.resolve(getEnv().DATA_DIR);
  const lock = lockDataDir(dataDir, "restore", (holder) =>
    holder.role === "restore" ? `Another restore is running on this data directory (pid ${holder.pid ?? "unknown"})` : serverRunning(holder.pid),
  );
  try {
    return restoreInto(dataDir, src);
  } finally {
    lock.release();
  }
}

function restoreInto(dataDir: string, src: string): { restoredFrom: string; previousSavedAs: string | null } {
  const from = path.resolve(src);
  const dbFile = path.join(from, "shopflow.db");
  if (!existsSync(dbFile)) throw new Error(`${from} has no shopflow.db: not a Shopflow backup`);
  const check = new Database(dbFile, { readonly: true });
  try {
    const result = check.query<{ integrity_check: string }, []>("PRAGMA integrity_check").get();
    if (result?.integrity_check !== "ok") throw new Error(`${dbFile} fails PRAGMA integrity_check`);
  } finally {
    check.close();
  }
  mkdirSync(dataDir, { recursive: true });
  const target = path.join(dataDir, "shopflow.db");
  let previous: string | null = null;
  if (existsSync(target)) {
    previous = path.join(dataDir, `before-restore-${stamp()}`);
    mkdirSync(previous, { recursive: true });
    for (const f of ["shopflow.db", "shopflow.db-wal", "shopflow.db-shm", "secret.key"]) {
      if (existsSync(path.join(dataDir, f))) renameSync(path.join(dataDir, f), path.join(previous, f));
    }
    if (existsSync(path.join(dataDir, DESIGNS))) renameSync(path.join(dataDir, DESIGNS), path.join(previous, DESIGNS));
  }
  copyFileSync(dbFile, target);
  if (existsSync(path.join(from, "secret.key"))) copyFileSync(path.join(from, "secret.key"), path.join(dataDir, "secret.key"));
  if (existsSync(path.join(from, DESIGNS))) cpSync(path.join(from, DESIGNS), path.join(dataDir, DESIGNS), { recursive: true });
  rmSync(path.join(dataDir, "shopflow.db-wal"), { force: true });
  rmSync(path.join(dataDir, "shopflow.db-shm"), { force: true });
  return { restoredFrom: from, previousSavedAs: previous };
}
