import { and, desc, eq, isNotNull, isNull, type SQL } from "drizzle-orm";
import { backupRuns } from "#db/schema";
import { BACKUP_INTERRUPTED } from "~/domain/backup-schedule";
import { getDb } from "~/infra/db.server";
import { writeAudit, type Actor } from "./audit.server";

// Every backup, made or failed (docs/decisions/0044-automatic-backups.md): the automatic ones and, recorded when
// they end, the `backup` command's (`manual`), which the schedule and the failure notice leave out. A run is recorded when it
// starts and completed when it ends, so one cut short by a crash is still seen, and the next is due from the last
// start. No change notice: a backup changes nothing a page shows but Global Settings → Backups, and a short
// schedule would otherwise reload every open screen each time.

export type BackupRun = typeof backupRuns.$inferSelect;

const AUTOMATIC = eq(backupRuns.kind, "automatic");

export function startBackupRun(at: number, intendedPath: string): number {
  return getDb()
    .insert(backupRuns)
    .values({ startedAt: new Date(at), path: intendedPath, ok: false })
    .returning({ id: backupRuns.id })
    .get().id;
}

export type BackupOutcome = { ok: true; path: string; sizeBytes: number } | { ok: false; error: string };

/**
 * Completes run `id`. A run a manager asked for ('Back up now') is audited under their name with its outcome, in
 * the same transaction; scheduled runs are logged to the console instead.
 */
export function finishBackupRun(id: number, at: number, outcome: BackupOutcome, actor?: Actor): BackupRun {
  return getDb().transaction((tx) => {
    const started = tx.select({ startedAt: backupRuns.startedAt }).from(backupRuns).where(eq(backupRuns.id, id)).get();
    const durationMs = started ? Math.max(0, at - started.startedAt.getTime()) : null;
    const row = tx
      .update(backupRuns)
      .set(
        outcome.ok
          ? { finishedAt: new Date(at), ok: true, path: outcome.path, sizeBytes: outcome.sizeBytes, durationMs, error: null }
          : { finishedAt: new Date(at), ok: false, durationMs, error: outcome.error.slice(0, 2000) },
      )
      .where(eq(backupRuns.id, id))
      .returning()
      .get();
    if (actor) {
      const after = outcome.ok ? { path: outcome.path, sizeBytes: outcome.sizeBytes, durationMs } : { error: row.error };
      writeAudit(actor, { action: outcome.ok ? "backup-now" : "backup-now-failed", entity: "backup", entityId: id, after }, tx);
    }
    return row;
  });
}

/**
 * A backup the `backup` command made (or failed to make), recorded once it has ended: the copy itself then holds no
 * run of its own that a restore would find unfinished.
 */
export function recordManualBackup(startedAt: number, finishedAt: number, outcome: BackupOutcome): BackupRun {
  return getDb()
    .insert(backupRuns)
    .values({
      kind: "manual",
      startedAt: new Date(startedAt),
      finishedAt: new Date(finishedAt),
      durationMs: Math.max(0, finishedAt - startedAt),
      ...(outcome.ok ? { ok: true, path: outcome.path, sizeBytes: outcome.sizeBytes } : { ok: false, error: outcome.error.slice(0, 2000) }),
    })
    .returning()
    .get();
}

/** A manager removed a folder of data a restore replaced: audited with its name and size. */
export function recordBeforeRestoreRemoved(actor: Actor, folder: { name: string; sizeBytes: number }) {
  getDb().transaction((tx) => writeAudit(actor, { action: "remove-before-restore", entity: "backup", entityId: folder.name, before: folder }, tx));
}

/** Runs a previous process started and never finished (it was stopped or killed meanwhile): failed, not kept. */
export function closeInterruptedBackupRuns(): number {
  return getDb()
    .update(backupRuns)
    .set({ ok: false, error: BACKUP_INTERRUPTED })
    .where(and(isNull(backupRuns.finishedAt), isNull(backupRuns.error)))
    .returning({ id: backupRuns.id })
    .all().length;
}

export type BackupHistory = {
  /** The newest run, made, failed or running. */
  last: BackupRun | null;
  lastGood: BackupRun | null;
  /** The newest run, when it failed: what management is told about. */
  failure: BackupRun | null;
  /** The newest failed run, however old. */
  lastFailure: BackupRun | null;
  recent: BackupRun[];
};

/** What Global Settings → Backups shows: a few small reads, whatever the number of runs. */
export function backupHistory(recentCount = 10): BackupHistory {
  const db = getDb();
  const recent = db.select().from(backupRuns).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(recentCount).all();
  const automatic = (where?: SQL) =>
    db.select().from(backupRuns).where(and(AUTOMATIC, where)).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(1).get() ?? null;
  const last = automatic();
  const lastGood = automatic(eq(backupRuns.ok, true));
  const failure = last && !last.ok && (last.finishedAt || last.error) ? last : null;
  const lastFailure = automatic(and(eq(backupRuns.ok, false), isNotNull(backupRuns.error)));
  return { last, lastGood, failure, lastFailure, recent };
}

/** When the newest run started, and whether it made a backup: the schedule counts from it. */
export function lastBackupStart(): { at: number; ok: boolean } | null {
  const row = getDb()
    .select({ at: backupRuns.startedAt, ok: backupRuns.ok })
    .from(backupRuns)
    .where(AUTOMATIC)
    .orderBy(desc(backupRuns.startedAt), desc(backupRuns.id))
    .limit(1)
    .get();
  return row ? { at: row.at.getTime(), ok: row.ok } : null;
}

/** The newest failed run when it is also the newest run, for the notice on Home and Global Settings. */
export function backupFailureNotice(): { at: number; error: string } | null {
  const last = getDb().select().from(backupRuns).where(AUTOMATIC).orderBy(desc(backupRuns.startedAt), desc(backupRuns.id)).limit(1).get();
  if (!last || last.ok || !last.error) return null;
  return { at: last.startedAt.getTime(), error: last.error };
}
