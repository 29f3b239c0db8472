import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { auditLog, backupRuns, teamMembers } from "#db/schema";
import { BACKUP_INTERRUPTED, everyText, parseBackupEvery } from "~/domain/backup-schedule";
import { writeBackupCopy } from "~/infra/backup-copy";
import { pruneBackupFolders } from "~/infra/backup-folders.server";
import { openDatabase, setDb } from "~/infra/db.server";
import { parseEnv, resetEnvForTests } from "~/infra/env.server";
import { backupHistory } from "~/models/backup-run.server";
import { nextBackupDue, runBackup, startBackupScheduler, startupDelay, type BackupSettings } from "~/services/backups.server";

// Automatic backups (docs/decisions/0044-automatic-backups.md): the settings, the schedule, pruning and the
// failures that must be recorded and not counted.

const dirs: string[] = [];
const tempDir = (label: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `shopflow-${label}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  setDb(undefined);
  resetEnvForTests();
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const HOUR = 3_600_000;
const quiet = { log: () => undefined, logError: () => undefined };

describe("BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP", () => {
  test("defaults: off without BACKUP_DIR; every 24 hours, keeping 14, with it", () => {
    expect(parseEnv({}).BACKUP_DIR).toBeUndefined();
    expect(parseEnv({ BACKUP_DIR: "/mnt/nas/shopflow" })).toMatchObject({ BACKUP_DIR: "/mnt/nas/shopflow", BACKUP_EVERY: 24 * HOUR, BACKUP_KEEP: 14 });
  });

  test("BACKUP_EVERY takes a whole number with s, m, h or d", () => {
    expect(parseEnv({ BACKUP_DIR: "/b", BACKUP_EVERY: "6h" }).BACKUP_EVERY).toBe(6 * HOUR);
    expect(parseEnv({ BACKUP_DIR: "/b", BACKUP_EVERY: "30m" }).BACKUP_EVERY).toBe(30 * 60_000);
    expect(parseEnv({ BACKUP_DIR: "/b", BACKUP_EVERY: "2s" }).BACKUP_EVERY).toBe(2_000);
    expect(parseEnv({ BACKUP_DIR: "/b", BACKUP_EVERY: "7d" }).BACKUP_EVERY).toBe(7 * 24 * HOUR);
    expect(parseBackupEvery(" 12 H ")).toBe(12 * HOUR);
    expect(everyText(24 * HOUR)).toBe("every day");
    expect(everyText(6 * HOUR)).toBe("every 6 hours");
    expect(everyText(90 * 60_000)).toBe("every 90 minutes");
  });

  test("a bad value stops the start with a sentence that says what to write", () => {
    for (const bad of ["24", "1.5h", "daily", "0h", "1s", "-6h", "400d"]) {
      expect(() => parseEnv({ BACKUP_DIR: "/b", BACKUP_EVERY: bad })).toThrow(
        "BACKUP_EVERY: must be a whole number with s, m, h or d, from 2s to 366d, e.g. 24h, 6h or 30m",
      );
    }
    for (const bad of ["0", "-1", "two", "1.5"]) {
      expect(() => parseEnv({ BACKUP_DIR: "/b", BACKUP_KEEP: bad })).toThrow("BACKUP_KEEP: must be a whole number of backups to keep, 1 or more, e.g. 14");
    }
  });

  test("BACKUP_EVERY or BACKUP_KEEP without BACKUP_DIR is refused: it would look like backups and make none", () => {
    expect(() => parseEnv({ BACKUP_EVERY: "6h" })).toThrow("BACKUP_EVERY: needs BACKUP_DIR, the folder the backups go to, e.g. BACKUP_DIR=/mnt/nas/shopflow");
    expect(() => parseEnv({ BACKUP_KEEP: "3" })).toThrow("BACKUP_KEEP: needs BACKUP_DIR");
  });
});

describe("the schedule", () => {
  test("the next backup is due BACKUP_EVERY after the last one started; an overdue one waits for the start-up delay", () => {
    const start = Date.UTC(2026, 10, 26, 8);
    expect(startupDelay(24 * HOUR)).toBe(60_000);
    expect(startupDelay(2_000)).toBe(2_000);
    // Never made: shortly after the start, not in its first second.
    expect(nextBackupDue(null, 24 * HOUR, start)).toBe(start + 60_000);
    // Made 3 hours before the start: 21 hours after it.
    expect(nextBackupDue({ at: start - 3 * HOUR, ok: true }, 24 * HOUR, start)).toBe(start + 21 * HOUR);
    // Due while the server was down: a minute after the start, once.
    expect(nextBackupDue({ at: start - 30 * HOUR, ok: true }, 24 * HOUR, start)).toBe(start + 60_000);
    // A failed run is tried again after an hour, not a day (or after BACKUP_EVERY when that is shorter).
    expect(nextBackupDue({ at: start + 2 * HOUR, ok: false }, 24 * HOUR, start)).toBe(start + 3 * HOUR);
    expect(nextBackupDue({ at: start + 2 * HOUR, ok: false }, 30 * 60_000, start)).toBe(start + 2 * HOUR + 30 * 60_000);
  });
});

describe("making backups", () => {
  const dataDir = tempDir("data");
  resetEnvForTests({ DATA_DIR: dataDir });
  writeFileSync(path.join(dataDir, "secret.key"), "cd".repeat(32));
  mkdirSync(path.join(dataDir, "designs"));
  writeFileSync(path.join(dataDir, "designs", "p1.pdf"), "%PDF-1.4 test");
  const db = openDatabase(path.join(dataDir, "shopflow.db"));
  setDb(db);
  db.insert(teamMembers).values({ name: "Kept", pinHash: "x" }).run();
  const clear = () => db.delete(backupRuns).run();

  test("the scheduler makes the due backup on a worker thread: checked, renamed, recorded; then not again until the next is due", async () => {
    clear();
    const dir = tempDir("backups");
    let now = Date.UTC(2026, 10, 26, 8);
    const settings: BackupSettings = { dir, everyMs: 6 * HOUR, keep: 3 };
    const scheduler = startBackupScheduler(settings, { now: () => now, timers: false, ...quiet });
    expect(scheduler.nextAt()).toBe(now + 60_000);
    expect(await scheduler.tick()).toBeNull(); // not in the first minute
    now += 60_000;
    const result = await scheduler.tick();
    expect(result?.kind).toBe("made");
    const names = readdirSync(dir);
    expect(names).toEqual(["shopflow-auto-20261126-080100"]);
    const folder = path.join(dir, names[0]!);
    const copy = new Database(path.join(folder, "shopflow.db"), { readonly: true });
    expect(copy.query("SELECT name FROM team_members").all()).toEqual([{ name: "Kept" }]);
    copy.close();
    expect(readFileSync(path.join(folder, "secret.key"), "utf8")).toBe("cd".repeat(32));
    expect(existsSync(path.join(folder, "designs", "p1.pdf"))).toBe(true);
    const { lastGood, failure } = backupHistory();
    expect(lastGood).toMatchObject({ ok: true, path: folder, error: null });
    expect(lastGood!.sizeBytes).toBeGreaterThan(10_000);
    expect(failure).toBeNull();
    // A scheduled run is logged, not audited.
    expect(
      db
        .select()
        .from(auditLog)
        .all()
        .filter((a) => a.entity === "backup"),
    ).toEqual([]);
    // The schedule survives a restart: a new scheduler reads the last run from the database.
    await scheduler.stop();
    now += HOUR;
    const again = startBackupScheduler(settings, { now: () => now, timers: false, ...quiet });
    expect(again.nextAt()).toBe(Date.UTC(2026, 10, 26, 8, 1) + 6 * HOUR);
    expect(await again.tick()).toBeNull();
    await again.stop();
  });

  test("one backup at a time: a second asked for meanwhile is told, not started", async () => {
    clear();
    const dir = tempDir("backups");
    const settings: BackupSettings = { dir, everyMs: HOUR, keep: 3 };
    const first = runBackup(settings, quiet);
    const second = await runBackup(settings, quiet);
    expect(second.kind).toBe("busy");
    expect((await first).kind).toBe("made");
    expect(db.select().from(backupRuns).all()).toHaveLength(1);
  });

  test("pruning keeps exactly BACKUP_KEEP automatic backups and never touches anything else in the folder", async () => {
    clear();
    const dir = tempDir("backups");
    // What else lives there: a manual backup, a file, a folder of another program, a look-alike name.
    mkdirSync(path.join(dir, "shopflow-20260101-000000"));
    mkdirSync(path.join(dir, "photos"));
    mkdirSync(path.join(dir, "shopflow-auto-latest"));
    writeFileSync(path.join(dir, "shopflow-auto-20200101-000000"), "a file, not a backup folder");
    const settings: BackupSettings = { dir, everyMs: HOUR, keep: 3 };
    let now = Date.UTC(2026, 10, 1);
    for (let i = 0; i < 5; i++, now += HOUR) expect((await runBackup(settings, { now: () => now, ...quiet })).kind).toBe("made");
    expect(readdirSync(dir).sort()).toEqual([
      "photos",
      "shopflow-20260101-000000",
      "shopflow-auto-20200101-000000",
      "shopflow-auto-20261101-020000",
      "shopflow-auto-20261101-030000",
      "shopflow-auto-20261101-040000",
      "shopflow-auto-latest",
    ]);
  });

  test("pruning never removes the backup just made, even when the clock was set back", async () => {
    const dir = tempDir("backups");
    for (const n of ["shopflow-auto-20300101-000000", "shopflow-auto-20300102-000000", "shopflow-auto-20200101-000000"]) mkdirSync(path.join(dir, n));
    expect(await pruneBackupFolders(dir, 2, path.join(dir, "shopflow-auto-20200101-000000"))).toEqual(["shopflow-auto-20300101-000000"]);
    expect(readdirSync(dir).sort()).toEqual(["shopflow-auto-20200101-000000", "shopflow-auto-20300102-000000"]);
  });

  test("a copy that fails PRAGMA integrity_check is recorded as failed, not kept, and does not count for pruning", async () => {
    clear();
    const dir = tempDir("backups");
    mkdirSync(path.join(dir, "shopflow-auto-20261101-000000"));
    const errors: string[] = [];
    // The same copy the worker makes, in this thread, with the copy damaged after VACUUM INTO: a page of the
    // file overwritten, as a failing disk or NAS would.
    const corrupting = (job: Parameters<typeof writeBackupCopy>[0]) => ({
      done: Promise.resolve().then(() =>
        writeBackupCopy(job, {
          afterVacuum: (file) => {
            const bytes = readFileSync(file);
            bytes.fill(0xa5, 4096 * 2, bytes.length - 1);
            writeFileSync(file, bytes);
          },
        }),
      ),
      cancel: () => undefined,
    });
    const result = await runBackup({ dir, everyMs: HOUR, keep: 1 }, { copy: corrupting, log: () => undefined, logError: (l) => errors.push(l) });
    expect(result.kind).toBe("failed");
    const { failure, lastGood } = backupHistory();
    expect(failure?.error).toStartWith("The copy failed its integrity check (PRAGMA integrity_check:");
    expect(lastGood).toBeNull();
    expect(errors[0]).toStartWith("Backup failed: The copy failed its integrity check");
    // Neither the bad copy nor its temporary folder is left; the older backup is not pruned for it.
    expect(readdirSync(dir)).toEqual(["shopflow-auto-20261101-000000"]);
  });

  test("a missing backup folder (an unmounted NAS) is recorded and logged, and not created", async () => {
    clear();
    const dir = path.join(tempDir("backups"), "nas-not-mounted");
    const errors: string[] = [];
    const result = await runBackup({ dir, everyMs: HOUR, keep: 3 }, { log: () => undefined, logError: (l) => errors.push(l) });
    expect(result.kind).toBe("failed");
    expect(backupHistory().failure).toMatchObject({
      ok: false,
      path: dir,
      error: `The backup folder ${dir} does not exist. Is the disk or NAS mounted? Shopflow does not create it, so a missing mount never fills the server's own disk.`,
    });
    expect(errors).toHaveLength(1);
    expect(existsSync(dir)).toBe(false);
  });

  test("after a failed run the scheduler tries again an hour later, not a whole BACKUP_EVERY later", async () => {
    clear();
    const dir = path.join(tempDir("backups"), "nas");
    let now = Date.UTC(2026, 10, 26, 8);
    const scheduler = startBackupScheduler({ dir, everyMs: 24 * HOUR, keep: 3 }, { now: () => now, timers: false, ...quiet });
    now += 60_000;
    expect((await scheduler.tick())?.kind).toBe("failed");
    now += 30 * 60_000;
    expect(await scheduler.tick()).toBeNull();
    now += 30 * 60_000;
    mkdirSync(dir); // the NAS is back
    expect((await scheduler.tick())?.kind).toBe("made");
    expect(scheduler.nextAt()).toBe(now + 24 * HOUR);
    expect(
      db
        .select()
        .from(backupRuns)
        .all()
        .map((r) => r.ok),
    ).toEqual([false, true]);
    await scheduler.stop();
  });

  test("stopping the server during a backup leaves nothing counted: the run is recorded as interrupted and its folder removed", async () => {
    clear();
    const dir = tempDir("backups");
    let release = () => undefined as void;
    // The copy says when it has begun writing, so the test waits for that and not for a time (a busy machine).
    const { promise: copying, resolve: begun } = Promise.withResolvers<void>();
    const slow = (job: Parameters<typeof writeBackupCopy>[0]) => ({
      done: new Promise<{ sizeBytes: number }>((resolve, reject) => {
        mkdirSync(job.dest);
        writeFileSync(path.join(job.dest, "shopflow.db"), "half");
        release = () => reject(new Error("cancelled"));
        begun();
      }),
      cancel: () => release(),
    });
    let now = Date.now();
    const scheduler = startBackupScheduler({ dir, everyMs: 2_000, keep: 3 }, { now: () => now, copy: slow, timers: false, ...quiet });
    now += 2_000;
    const run = scheduler.tick();
    await copying;
    expect(readdirSync(dir)[0]).toMatch(/^\.shopflow-auto-.*\.partial$/);
    await scheduler.stop();
    expect((await run)?.kind).toBe("failed");
    expect(readdirSync(dir)).toEqual([]);
    expect(backupHistory().failure?.error).toBe(BACKUP_INTERRUPTED);
  });

  test("a run a crash cut short (started, never finished) is recorded as interrupted at the next start", async () => {
    clear();
    db.insert(backupRuns).values({ startedAt: new Date(), path: "/x", ok: false }).run();
    const scheduler = startBackupScheduler({ dir: tempDir("backups"), everyMs: HOUR, keep: 3 }, { timers: false, ...quiet });
    expect(backupHistory().failure?.error).toBe(BACKUP_INTERRUPTED);
    await scheduler.stop();
  });
});
