import { Database } from "bun:sqlite";
import { copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

// One automatic backup's files (docs/decisions/0044-automatic-backups.md), written by the backup worker
// (infra/backup-worker.ts) on its own connection, so the request thread never waits for the copy or its check.
// Kept free of the app's server modules: the worker bundle carries this file and nothing else.

export type BackupCopy = { dbFile: string; dataDir: string; dest: string };

/**
 * Copies the database (VACUUM INTO: one consistent snapshot, read while the server keeps writing), the secret
 * (PIN hashes and signed links depend on it) and the design files into `dest`, a folder that must not exist yet,
 * then opens the copy read-only and runs PRAGMA integrity_check on it. Throws with a readable sentence when any
 * of it fails; returns the bytes written.
 */
export function writeBackupCopy(job: BackupCopy, hooks: { afterVacuum?: (file: string) => void } = {}): { sizeBytes: number } {
  mkdirSync(job.dest);
  const target = path.join(job.dest, "shopflow.db");
  // A read-only connection is enough to read a snapshot, and cannot write to the shop's database by mistake.
  const source = new Database(job.dbFile, { readonly: true });
  try {
    source.run("PRAGMA busy_timeout = 5000");
    source.run("VACUUM INTO ?", [target]);
  } finally {
    source.close();
  }
  hooks.afterVacuum?.(target);
  checkIntegrity(target);
  const secret = path.join(job.dataDir, "secret.key");
  if (existsSync(secret)) copyFileSync(secret, path.join(job.dest, "secret.key"));
  const designs = path.join(job.dataDir, "designs");
  if (existsSync(designs)) cpSync(designs, path.join(job.dest, "designs"), { recursive: true });
  return { sizeBytes: folderSize(job.dest) };
}

/** PRAGMA integrity_check on a copy opened read-only; throws with SQLite's first complaint. */
export function checkIntegrity(file: string) {
  let verdict: string;
  try {
    const copy = new Database(file, { readonly: true });
    try {
      const rows = copy.query<{ integrity_check: string }, []>("PRAGMA integrity_check").all();
      verdict = rows.map((r) => r.integrity_check).join("; ");
    } finally {
      copy.close();
    }
  } catch (error) {
    verdict = (error as Error).message;
  }
  if (verdict !== "ok") throw new Error(`The copy failed its integrity check (PRAGMA integrity_check: ${verdict.slice(0, 300)})`);
}

function folderSize(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) total += statSync(path.join(e.parentPath, e.name)).size;
  }
  return total;
}
