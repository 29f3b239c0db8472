import { existsSync, readdirSync, rmSync, statSync } from "node:fs";
import { rm } from "node:fs/promises";
import path from "node:path";
import { BACKUP_INTERRUPTED, everyWords } from "~/domain/backup-schedule";
import { formatLogTime } from "~/domain/dates";
import { type BackupCopy, folderSize } from "~/infra/backup-copy";
import { BEFORE_RESTORE, backup } from "~/infra/backup.server";
import { copyOnWorker, newBackupFolder, pruneBackupFolders, publishBackupFolder, removePartialFolders, type RunningCopy } from "~/infra/backup-folders.server";
import { databaseFile } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { type BackupScheduler, processState, type RunningBackup } from "~/infra/process-state.server";
import type { Actor } from "~/models/audit.server";
import {
  backupFailureNotice,
  type BackupRun,
  closeInterruptedBackupRuns,
  finishBackupRun,
  lastBackupStart,
  recordBeforeRestoreRemoved,
  recordManualBackup,
  startBackupRun,
} from "~/models/backup-run.server";

// Automatic backups (docs/decisions/0044-automatic-backups.md): every BACKUP_EVERY a copy of the database, the
// secret and the design files goes to a new folder in BACKUP_DIR, made on a worker thread (infra/backup-worker.ts)
// so pages and scans go on meanwhile, checked with PRAGMA integrity_check before it counts, and the oldest past
// BACKUP_KEEP are removed. One backup at a time, scheduled or asked for ('Back up now'). The schedule lives in the
// database: the next backup is due BACKUP_EVERY after the last one started, across restarts; one that came due
// while the server was down runs shortly after it starts.

export type BackupSettings = { dir: string; everyMs: number; keep: number };

/** The server's BACKUP_DIR, BACKUP_EVERY and BACKUP_KEEP; null when BACKUP_DIR is not set. */
export function backupSettings(): BackupSettings | null {
  const env = getEnv();
  return env.BACKUP_DIR ? { dir: path.resolve(env.BACKUP_DIR), everyMs: env.BACKUP_EVERY, keep: env.BACKUP_KEEP } : null;
}

/**
 * How long after the server starts an overdue backup waits: the start itself (migrations, the first requests of the
 * screens that reconnect) goes first, and a server restarting in a loop does not copy the database each time.
 */
export const startupDelay = (everyMs: number) => Math.min(60_000, Math.max(2_000, everyMs));

/**
 * After a failed run (a NAS not mounted yet, a full disk, a stop during the copy) the next try comes after this
 * long, or BACKUP_EVERY if shorter: a shop that backs up daily should not lose a whole day to a NAS that was
 * rebooting. Each try that fails is recorded and logged.
 */
export const RETRY_AFTER_FAILURE_MS = 3_600_000;

/**
 * When the next backup is due: BACKUP_EVERY after the last one started (an hour after it when it failed), and not
 * before the start-up delay.
 */
export function nextBackupDue(last: { at: number; ok: boolean } | null, everyMs: number, serverStart: number): number {
  const earliest = serverStart + startupDelay(everyMs);
  if (last === null) return earliest;
  return Math.max(last.at + (last.ok ? everyMs : Math.min(everyMs, RETRY_AFTER_FAILURE_MS)), earliest);
}

export type BackupDeps = {
  now?: () => number;
  /** Writes and checks the files (default: on a worker thread). */
  copy?: (job: BackupCopy) => RunningCopy;
  log?: (line: string) => void;
  logError?: (line: string) => void;
};

export type BackupResult = { kind: "made"; run: BackupRun; pruned: string[] } | { kind: "failed"; run: BackupRun } | { kind: "busy"; since: number };

type Running = RunningBackup;
const state = () => processState.backups;
declare module "~/infra/process-state.server" {
  interface BackupScheduler extends Scheduler {}
}

/** Whether a backup is being made now, and since when. */
export const backupRunningSince = () => state().running?.since ?? null;

/** Makes one backup now, unless one is already being made. `actor`: a manager's 'Back up now' (audited). */
export function runBackup(settings: BackupSettings, opts: BackupDeps & { actor?: Actor } = {}): Promise<BackupResult> {
  const busy = state().running;
  if (busy) return Promise.resolve({ kind: "busy", since: busy.since });
  const now = opts.now ?? Date.now;
  const running: Running = { since: now(), copy: null, finished: Promise.resolve() };
  state().running = running;
  const finished = makeBackup(settings, running, opts).finally(() => {
    if (state().running === running) state().running = null;
  });
  running.finished = finished;
  return finished;
}

async function makeBackup(settings: BackupSettings, running: Running, opts: BackupDeps & { actor?: Actor }): Promise<BackupResult> {
  const now = opts.now ?? Date.now;
  const log = opts.log ?? ((line: string) => console.log(line));
  const logError = opts.logError ?? ((line: string) => console.error(line));
  const who = opts.actor?.name ? ` (asked for by ${opts.actor.name})` : "";
  const fail = (id: number, message: string): BackupResult => {
    const run = finishBackupRun(id, now(), { ok: false, error: message }, opts.actor);
    logError(`Backup failed${who}: ${message}`);
    return { kind: "failed", run };
  };
  let folder: { final: string; partial: string };
  try {
    folder = newBackupFolder(settings.dir, running.since);
  } catch (error) {
    return fail(startBackupRun(running.since, settings.dir), (error as Error).message);
  }
  const id = startBackupRun(running.since, folder.final);
  try {
    await removePartialFolders(settings.dir);
    if (state().stopping) throw new Error(BACKUP_INTERRUPTED);
    const dataDir = path.resolve(getEnv().DATA_DIR);
    running.copy = (opts.copy ?? copyOnWorker)({ dbFile: databaseFile(), dataDir, dest: folder.partial });
    const { sizeBytes } = await running.copy.done;
    if (state().stopping) throw new Error(BACKUP_INTERRUPTED);
    await publishBackupFolder(folder.partial, folder.final);
    const run = finishBackupRun(id, now(), { ok: true, path: folder.final, sizeBytes }, opts.actor);
    const pruned = await pruneBackupFolders(settings.dir, settings.keep, folder.final).catch((error) => {
      logError(`Backup made, but older backups could not be removed from ${settings.dir}: ${(error as Error).message}`);
      return [] as string[];
    });
    log(
      `Backup made${who}: ${folder.final} (${(run.sizeBytes! / 1024 ** 2).toFixed(1)} MB in ${((run.durationMs ?? 0) / 1000).toFixed(1)} s)${pruned.length ? `; removed the oldest: ${pruned.join(", ")}` : ""}`,
    );
    return { kind: "made", run, pruned };
  } catch (error) {
    await rm(folder.partial, { recursive: true, force: true }).catch(() => undefined);
    const message = state().stopping ? BACKUP_INTERRUPTED : (error as Error).message;
    return fail(id, /ENOSPC|disk is full/i.test(message) ? `The backup disk is full: ${message}` : message);
  }
}

type Scheduler = {
  /** When the next backup is due (ms since the epoch). */
  nextAt(): number;
  /** Makes the backup if it is due; what the timer calls. */
  tick(): Promise<BackupResult | null>;
  /** Stops the timer; a backup being made is cut short, recorded as failed and its folder removed. */
  stop(): Promise<void>;
};

/** The running server's scheduler, if BACKUP_DIR is set (null in one-off commands and tests that start none). */
export const backupScheduler = () => state().scheduler;

/** Starts the schedule (server/app.ts): `timers: false` leaves the ticking to the caller (tests). */
export function startBackupScheduler(settings: BackupSettings, deps: BackupDeps & { timers?: boolean } = {}): BackupScheduler {
  const now = deps.now ?? Date.now;
  const serverStart = now();
  state().stopping = false;
  const closed = closeInterruptedBackupRuns();
  if (closed) (deps.logError ?? console.error)(`Backup: ${closed} backup${closed === 1 ? "" : "s"} cut short by the last stop recorded as failed`);
  let timer: ReturnType<typeof setTimeout> | null = null;
  let stopped = false;
  const nextAt = () => nextBackupDue(lastBackupStart(), settings.everyMs, serverStart);
  const arm = () => {
    if (stopped || deps.timers === false) return;
    if (timer) clearTimeout(timer);
    // Woken at least every minute: a clock set forward or back, or a 'Back up now', moves the next one.
    timer = setTimeout(() => void tick(), Math.min(Math.max(nextAt() - now(), 0), 60_000));
    timer.unref?.();
  };
  const tick = async (): Promise<BackupResult | null> => {
    if (stopped) return null;
    let result: BackupResult | null = null;
    try {
      if (!state().running && now() >= nextAt()) result = await runBackup(settings, deps);
    } catch (error) {
      (deps.logError ?? console.error)(`Backup could not run: ${(error as Error).message}`);
    }
    arm();
    return result;
  };
  const scheduler: BackupScheduler = {
    nextAt,
    tick,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      if (state().scheduler === scheduler) state().scheduler = null;
      const running = state().running;
      if (!running) return;
      state().stopping = true;
      running.copy?.cancel();
      await running.finished.catch(() => undefined);
    },
  };
  state().scheduler = scheduler;
  if (!existsSync(settings.dir))
    (deps.logError ?? console.error)(`Backup folder ${settings.dir} does not exist: backups will fail until the disk or NAS is mounted there.`);
  (deps.log ?? console.log)(
    `Automatic backups ${everyWords(settings.everyMs)} into ${settings.dir}, keeping the newest ${settings.keep}; the next at ${new Date(nextAt()).toISOString()}`,
  );
  arm();
  return scheduler;
}

/** For Home and Global Settings: the newest backup failed (while backups are on), in words for management. */
export function backupFailureNote(): { at: string; error: string } | null {
  if (!backupSettings()) return null;
  const failure = backupFailureNotice();
  return failure ? { at: formatLogTime(failure.at, getEnv().SHOP_TIMEZONE), error: failure.error } : null;
}

/**
 * The `backup` command: the copy (infra/backup.server.ts), then a record of it, made or failed, so Global Settings →
 * Backups lists it beside the automatic ones. A record that cannot be written does not undo a good copy.
 */
export function backUpByHand(dest: string | undefined, now: () => number = Date.now): string {
  const startedAt = now();
  const record = (outcome: Parameters<typeof recordManualBackup>[2]) => {
    try {
      recordManualBackup(startedAt, now(), outcome);
    } catch (error) {
      console.error(`The backup was not recorded in the database: ${(error as Error).message}`);
    }
  };
  let dir: string;
  try {
    dir = backup(dest);
  } catch (error) {
    record({ ok: false, error: (error as Error).message });
    throw error;
  }
  record({ ok: true, path: dir, sizeBytes: folderSize(dir) });
  return dir;
}

/** Whether a backup's folder is still there (BACKUP_KEEP removes the oldest; IT may move or delete any). */
export const backupFolderExists = (folder: string) => {
  try {
    return statSync(folder).isDirectory();
  } catch {
    return false;
  }
};

export type BeforeRestoreFolder = { name: string; path: string; sizeBytes: number; at: number | null };

/** The folders restores left in DATA_DIR with the data they replaced, newest first. */
export function beforeRestoreFolders(): BeforeRestoreFolder[] {
  const dataDir = path.resolve(getEnv().DATA_DIR);
  let names: string[] = [];
  try {
    names = readdirSync(dataDir).filter((n) => BEFORE_RESTORE.test(n));
  } catch {
    return [];
  }
  return names
    .sort()
    .reverse()
    .flatMap((name) => {
      const full = path.join(dataDir, name);
      if (!backupFolderExists(full)) return [];
      const m = /(\d{4})(\d{2})(\d{2})-(\d{2})(\d{2})(\d{2})/.exec(name);
      const at = m ? Date.UTC(+m[1]!, +m[2]! - 1, +m[3]!, +m[4]!, +m[5]!, +m[6]!) : null;
      return [{ name, path: full, sizeBytes: folderSize(full), at }];
    });
}

/**
 * Removes one of those folders (by its name: nothing else in DATA_DIR can be named), audited under the manager's
 * name. Null when there is no such folder.
 */
export function removeBeforeRestoreFolder(name: string, actor: Actor): BeforeRestoreFolder | null {
  const folder = beforeRestoreFolders().find((f) => f.name === name);
  if (!folder) return null;
  rmSync(folder.path, { recursive: true, force: true });
  recordBeforeRestoreRemoved(actor, { name: folder.name, sizeBytes: folder.sizeBytes });
  return folder;
}
