import { existsSync, statSync } from "node:fs";
import { readdir, rename, rm } from "node:fs/promises";
import path from "node:path";
import type { BackupCopy } from "~/infra/backup-copy";
import type { BackupWorkerCommand, BackupWorkerReport } from "~/infra/backup-worker";

// The folders of automatic backups in BACKUP_DIR (docs/decisions/0044-automatic-backups.md). Each backup is written
// under a hidden temporary name and renamed only once its copy passed the integrity check, so a folder with the
// final name is always a whole, checked backup. Pruning and clean-up touch only names this module makes: whatever
// else lives in BACKUP_DIR (manual backups, other programs' files) is never removed.

const PREFIX = "shopflow-auto-";
/** shopflow-auto-20261126-061822, and -2, -3… when two backups start within the same second. */
const FINAL = /^shopflow-auto-\d{8}-\d{6}(-\d+)?$/;
const PARTIAL = /^\.shopflow-auto-\d{8}-\d{6}(-\d+)?\.partial$/;

const stampOf = (at: number) => new Date(at).toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");

/** Whether `name` is a finished automatic backup's folder name. */
export const isBackupFolderName = (name: string) => FINAL.test(name);

/**
 * The final and temporary folders for a backup started at `at`. Refuses (with the sentence the manager sees) when
 * BACKUP_DIR is missing or is not a folder: on a NAS that is not mounted, creating it would put the backups on
 * the server's own disk, where they do not survive the disk.
 */
export function newBackupFolder(dir: string, at: number): { final: string; partial: string } {
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new Error(
      `The backup folder ${dir} does not exist. Is the disk or NAS mounted? Shopflow does not create it, so a missing mount never fills the server's own disk.`,
    );
  }
  if (!isDir) throw new Error(`The backup folder ${dir} is not a folder.`);
  const base = `${PREFIX}${stampOf(at)}`;
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    const final = path.join(dir, name);
    const partial = path.join(dir, `.${name}.partial`);
    if (!existsSync(final) && !existsSync(partial)) return { final, partial };
  }
}

/** Removes temporary folders left by a backup the server was stopped or killed during. One backup runs at a time, so none is in use. */
export async function removePartialFolders(dir: string): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[])).filter((n) => PARTIAL.test(n));
  for (const n of names) await rm(path.join(dir, n), { recursive: true, force: true });
  return names;
}

/**
 * Keeps the `keep` newest automatic backups (by the time in their names) and removes the older ones, never
 * `newest` (the one just made: even if the clock was set back, it is the good copy that counts) and nothing
 * that is not an automatic backup's folder.
 */
export async function pruneBackupFolders(dir: string, keep: number, newest: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const others = entries
    .filter((e) => e.isDirectory() && FINAL.test(e.name) && path.join(dir, e.name) !== newest)
    .map((e) => e.name)
    .sort()
    .reverse();
  const removed = others.slice(Math.max(0, keep - 1));
  for (const n of removed) await rm(path.join(dir, n), { recursive: true, force: true });
  return removed;
}

/** Renames a checked copy to its final name: from here on it counts as a backup. */
export const publishBackupFolder = (partial: string, final: string) => rename(partial, final);

/**
 * The worker's entry point: the .ts source when this module runs from source (the unit tests), the built entry
 * beside the server bundle otherwise (vite.config.ts; as infra/checkpointer.server.ts).
 */
const WORKER_FILE = import.meta.url.endsWith(".ts") ? "./backup-worker.ts" : "./backup-worker.js";

export type RunningCopy = { done: Promise<{ sizeBytes: number }>; cancel(): void };

/** Writes and checks one backup's files on a worker thread with its own read-only connection to the database. */
export function copyOnWorker(job: BackupCopy): RunningCopy {
  const worker = new Worker(new URL(WORKER_FILE, import.meta.url));
  let settle: { resolve(v: { sizeBytes: number }): void; reject(e: Error): void } | null = null;
  const done = new Promise<{ sizeBytes: number }>((resolve, reject) => (settle = { resolve, reject }));
  const finish = (error: Error | null, sizeBytes = 0) => {
    if (!settle) return;
    const s = settle;
    settle = null;
    worker.terminate();
    if (error) s.reject(error);
    else s.resolve({ sizeBytes });
  };
  worker.onmessage = (event: MessageEvent<BackupWorkerReport>) => {
    const msg = event.data;
    if (msg.kind === "done") finish(null, msg.sizeBytes);
    else finish(new Error(msg.message));
  };
  worker.onerror = (event) => finish(new Error((event as ErrorEvent).message || "The backup worker failed"));
  worker.postMessage({ kind: "copy", ...job } satisfies BackupWorkerCommand);
  return { done, cancel: () => finish(new Error("cancelled")) };
}
