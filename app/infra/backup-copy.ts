import { Database } from "bun:sqlite";
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, readdirSync, statSync } from "node:fs";
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
  mkdirSync(job.dest, { mode: 0o700 });
  const target = path.join(job.dest, "shopflow.db");
  // A read-only connection is enough to read a snapshot, and cannot write to the shop's database by mistake.
  const source = new Database(job.dbFile, { readonly: true });
  try {
    source.run("PRAGMA busy_timeout = 5000");
    source.run("VACUUM INTO ?", [target]);
  } finally {
    source.close();
  }
  chmodSync(target, 0o600);
  hooks.afterVacuum?.(target);
  checkIntegrity(target);
  copyDataFiles(job.dataDir, job.dest);
  return { sizeBytes: folderSize(job.dest) };
}

/** The files a backup holds beside the database; `designs` and `branding` are copied whole. */
export const BACKUP_FILES = ["secret.key"] as const;
export const BACKUP_FOLDERS = ["designs", "branding"] as const;

/**
 * Copies the secret, the design files and the shop's logo from `dataDir` into `dest`, owner-only (folders 0700,
 * files 0600) whatever the modes they had: a backup share is often readable by more people than the server.
 */
export function copyDataFiles(dataDir: string, dest: string) {
  for (const name of BACKUP_FILES) {
    const from = path.join(dataDir, name);
    if (!existsSync(from)) continue;
    copyFileSync(from, path.join(dest, name));
    chmodSync(path.join(dest, name), 0o600);
  }
  for (const name of BACKUP_FOLDERS) {
    const from = path.join(dataDir, name);
    if (!existsSync(from)) continue;
    // Half-received uploads (designs/.upload-*) are not part of the shop's data.
    cpSync(from, path.join(dest, name), { recursive: true, filter: (src) => !path.basename(src).startsWith(".upload-") });
    ownerOnly(path.join(dest, name));
  }
}

/** chmod of a copied tree to 0700 folders and 0600 files (kept free of the app's modules: the worker carries this file). */
function ownerOnly(root: string) {
  const st = statSync(root);
  chmodSync(root, st.isDirectory() ? 0o700 : 0o600);
  if (!st.isDirectory()) return;
  for (const e of readdirSync(root, { withFileTypes: true, recursive: true })) {
    const p = path.join(e.parentPath, e.name);
    if (e.isDirectory()) chmodSync(p, 0o700);
    else if (e.isFile()) chmodSync(p, 0o600);
  }
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

export function folderSize(dir: string): number {
  let total = 0;
  for (const e of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (e.isFile()) total += statSync(path.join(e.parentPath, e.name)).size;
  }
  return total;
}
