import { Database } from "bun:sqlite";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";

// One process at a time owns a data directory: the server while it runs, `restore` while it swaps the files.
// A restore under a running server moved the database aside while the server kept writing to the moved file,
// and everything written after it was lost. Why an operating-system lock and not a pid check: see
// docs/decisions/0024-http-and-operations.md.
//
// The lock is SQLite's own file lock (POSIX fcntl on Linux and macOS, LockFileEx on Windows) on a small file,
// DATA_DIR/shopflow.lock: the owner keeps a write transaction open on it for as long as it runs. The kernel
// drops the lock when the process ends however it ends (kill -9, a crash, a power cut), so a stale file never
// blocks anybody; and it holds across containers sharing a volume, where every server is "pid 1". The owner's
// pid and role are written beside it (shopflow.pid) only to name it in the refusal.

const LOCK_FILE = "shopflow.lock";
const PID_FILE = "shopflow.pid";

export type DataDirRole = "serve" | "restore";

export class DataDirBusy extends Error {
  constructor(
    public holder: { pid: number | null; role: DataDirRole | null },
    message: string,
  ) {
    super(message);
  }
}

export type DataDirLock = { release(): void };

// Kept reachable for the life of the process: a garbage-collected handle closes its file and drops the lock.
const held = new Map<string, Database>();

function readHolder(dir: string): { pid: number | null; role: DataDirRole | null } {
  try {
    const [pid, role] = readFileSync(path.join(dir, PID_FILE), "utf8").trim().split(/\s+/);
    const n = Number(pid);
    return { pid: Number.isInteger(n) && n > 0 ? n : null, role: role === "serve" || role === "restore" ? role : null };
  } catch {
    return { pid: null, role: null };
  }
}

/** Tries to take the lock: the open handle, or null when another process (or handle) holds it. */
function tryLock(dir: string): Database | null {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  const lockFile = path.join(dir, LOCK_FILE);
  if (!existsSync(lockFile)) writeFileSync(lockFile, "", { mode: 0o600, flag: "a" });
  const db = new Database(lockFile, { create: true });
  try {
    // Never wait: a held lock is an answer, not a reason to hang.
    db.run("PRAGMA busy_timeout = 0");
    db.run("BEGIN IMMEDIATE");
    return db;
  } catch (error) {
    db.close();
    if ((error as { code?: string }).code === "SQLITE_BUSY") return null;
    throw error;
  }
}

/**
 * Takes the data directory for this process, or throws DataDirBusy naming the process that has it. `message`
 * words the refusal from the holder's pid and role.
 */
export function lockDataDir(dataDir: string, role: DataDirRole, message: (holder: { pid: number | null; role: DataDirRole | null }) => string): DataDirLock {
  const dir = path.resolve(dataDir);
  if (held.has(dir)) throw new DataDirBusy({ pid: process.pid, role }, message({ pid: process.pid, role }));
  const db = tryLock(dir);
  if (!db) {
    // The holder writes its pid just after it takes the lock: a refusal in between waits a moment for it.
    let holder = readHolder(dir);
    for (let i = 0; i < 25 && holder.pid === null; i++) {
      Bun.sleepSync(20);
      holder = readHolder(dir);
    }
    throw new DataDirBusy(holder, message(holder));
  }
  held.set(dir, db);
  const pidFile = path.join(dir, PID_FILE);
  const tmp = `${pidFile}.${process.pid}.tmp`;
  writeFileSync(tmp, `${process.pid} ${role}\n`, { mode: 0o600 });
  renameSync(tmp, pidFile);
  let released = false;
  return {
    release() {
      if (released) return;
      released = true;
      // The pid file goes first: once the lock is free another process may already be writing its own.
      if (readHolder(dir).pid === process.pid) rmSync(pidFile, { force: true });
      try {
        db.run("ROLLBACK");
      } catch {
        // nothing was open
      }
      db.close();
      held.delete(dir);
    },
  };
}
