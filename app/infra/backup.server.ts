import { Database, constants as sqlite } from "bun:sqlite";
import {
  accessSync,
  chmodSync,
  constants,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmdirSync,
  rmSync,
  statSync,
} from "node:fs";
import path from "node:path";
import { migrations } from "#db/migrations.gen";
import { BACKUP_FOLDERS, copyDataFiles } from "~/infra/backup-copy";
import { dataDirProblem } from "~/infra/data-dir-check.server";
import { lockDataDir } from "~/infra/data-dir-lock.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "~/infra/private-files.server";

const stamp = () => new Date().toISOString().replace(/[-:]/g, "").replace(/\..*/, "").replace("T", "-");

/** The folders a restore leaves in DATA_DIR with the data it replaced. */
export const BEFORE_RESTORE = /^before-restore-\d{8}-\d{6}(-\d+)?$/;

/**
 * Online, consistent copy: VACUUM INTO reads one snapshot while the server keeps serving, then the secret
 * (PIN hashes and signed URLs depend on it), the uploaded design files and the shop's logo are copied beside it.
 * The folder and everything in it are the owner's alone.
 */
export function backup(dest?: string): string {
  const dataDir = path.resolve(getEnv().DATA_DIR);
  const dir = path.resolve(dest ?? path.join("backups", `shopflow-${stamp()}`));
  if (existsSync(path.join(dir, "shopflow.db"))) throw new Error(`${dir} already holds a backup`);
  // A folder made here is owner-only by its mode; one that was there (a mount point, say) is the operator's to set,
  // and the files written into it are owner-only either way.
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const file = path.join(dir, "shopflow.db");
  getDb().$client.run("VACUUM INTO ?", [file]);
  chmodSync(file, PRIVATE_FILE_MODE);
  copyDataFiles(dataDir, dir);
  return dir;
}

/** The refusal of a restore while a server runs on the data directory. */
export const serverRunning = (pid: number | null) => `Stop the server first: it is running on this data directory (pid ${pid ?? "unknown"})`;

/** A restore refused before anything in DATA_DIR was touched. */
export class RestoreRefused extends Error {}

export type RestoreOptions = {
  /** Restore a backup of a shop with nothing in it (the `--allow-empty` flag). */
  allowEmpty?: boolean;
  /** The swap's rename (tests make it fail part-way). */
  rename?: (from: string, to: string) => void;
};

export type RestoreResult = { restoredFrom: string; previousSavedAs: string | null };

/**
 * Replace DATA_DIR's database, secret, designs and logo with a backup's. The backup is checked first, and a
 * refusal changes nothing; refused (DataDirBusy) while a server holds the data directory, and holds it itself
 * meanwhile, so no server starts on a half-restored one.
 */
export function restore(src: string, opts: RestoreOptions = {}): RestoreResult {
  const dataDir = path.resolve(getEnv().DATA_DIR);
  checkBackup(path.resolve(src), opts);
  const problem = dataDirProblem(dataDir);
  if (problem) throw new RestoreRefused(`${problem.replace(/^shopflow: /, "")}. Nothing was changed`);
  const lock = lockDataDir(dataDir, "restore", (holder) =>
    holder.role === "restore" ? `Another restore is running on this data directory (pid ${holder.pid ?? "unknown"})` : serverRunning(holder.pid),
  );
  try {
    return swapIn(dataDir, path.resolve(src), opts);
  } finally {
    lock.release();
  }
}

const me = () => (process.getuid ? `uid ${process.getuid()}` : "this user");
const refuse = (cause: string, hint = ""): never => {
  throw new RestoreRefused(`${cause}: nothing was changed${hint ? `. ${hint}` : ""}`);
};

/** The tables every Shopflow database has had since its first version. */
const SHOPFLOW_TABLES = ["__drizzle_migrations", "team_members", "departments", "projects", "items", "audit_log"];
/** What a first start fills in (docs/product.md, First start): with none of it and at most one member, a shop is empty. */
const SHOP_TABLES = ["departments", "projects", "categories", "workflows", "materials"];

function readable(file: string, shown: string, mode = constants.R_OK) {
  try {
    accessSync(file, mode);
  } catch {
    refuse(`This backup's ${shown} cannot be read by this user (${me()})`);
  }
}

/**
 * Everything a restore needs from the backup, checked before anything is moved: a finished folder, a sound
 * Shopflow database this version can open that is not an empty shop (unless allowed), and a readable secret,
 * designs and logo. Throws RestoreRefused with the cause.
 */
export function checkBackup(from: string, opts: RestoreOptions = {}) {
  if (/\.partial$/.test(path.basename(from))) refuse(`This backup did not finish (${from} is the temporary folder of a backup that was stopped or failed)`);
  let st: ReturnType<typeof statSync> | null = null;
  try {
    st = statSync(from);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EACCES") refuse(`This backup's folder ${from} cannot be read by this user (${me()})`);
    refuse(`There is no backup at ${from}`);
  }
  if (!st!.isDirectory()) refuse(`${from} is not a backup folder`);
  readable(from, `folder ${from}`, constants.R_OK | constants.X_OK);
  const dbFile = path.join(from, "shopflow.db");
  if (!existsSync(dbFile)) refuse(`${from} has no shopflow.db: not a Shopflow backup`);
  readable(dbFile, "shopflow.db");
  if (statSync(dbFile).size === 0) refuse(`This backup's shopflow.db is empty (0 bytes, no shop in it)`);
  checkDatabase(dbFile, opts);
  const secret = path.join(from, "secret.key");
  if (!existsSync(secret)) refuse(`This backup has no secret.key (every PIN and signed link depends on it)`);
  let hex = "";
  try {
    hex = readFileSync(secret, "utf8").trim();
  } catch {
    refuse(`This backup's secret.key cannot be read by this user (${me()})`);
  }
  if (!/^[0-9a-f]{64}$/.test(hex)) refuse(`This backup's secret.key is not a Shopflow secret (64 hex characters)`);
  for (const folder of BACKUP_FOLDERS) {
    const root = path.join(from, folder);
    if (!existsSync(root)) continue;
    readable(root, `${folder} folder`, constants.R_OK | constants.X_OK);
    for (const e of readdirSync(root, { withFileTypes: true, recursive: true })) {
      const p = path.join(e.parentPath, e.name);
      readable(p, path.relative(from, p), e.isDirectory() ? constants.R_OK | constants.X_OK : constants.R_OK);
    }
  }
}

function checkDatabase(dbFile: string, opts: RestoreOptions) {
  let db: Database;
  try {
    // Immutable: SQLite neither locks the file nor makes a -wal or -shm beside it, so a backup on a read-only mount
    // opens, and checking it leaves its folder exactly as it was. What is checked is the file a restore copies.
    const uri = `file:${dbFile.split(path.sep).map(encodeURIComponent).join("/")}?immutable=1`;
    db = new Database(uri, sqlite.SQLITE_OPEN_READONLY | sqlite.SQLITE_OPEN_URI);
  } catch (error) {
    return refuse(`This backup's shopflow.db cannot be opened (${(error as Error).message})`);
  }
  try {
    let verdict: string;
    try {
      verdict = db
        .query<{ integrity_check: string }, []>("PRAGMA integrity_check")
        .all()
        .map((r) => r.integrity_check)
        .join("; ");
    } catch (error) {
      verdict = (error as Error).message;
    }
    if (verdict !== "ok") refuse(`This backup's shopflow.db is damaged (PRAGMA integrity_check: ${verdict.slice(0, 200)})`);
    const tables = new Set(
      db
        .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table'")
        .all()
        .map((r) => r.name),
    );
    const missing = SHOPFLOW_TABLES.filter((t) => !tables.has(t));
    if (missing.length === SHOPFLOW_TABLES.length) refuse(`This backup's shopflow.db holds no Shopflow tables: it is not a Shopflow database`);
    if (missing.length) refuse(`This backup's shopflow.db is not a whole Shopflow database (no ${missing.join(", ")} table)`);
    const applied = db
      .query<{ when: number }, []>('SELECT created_at AS "when" FROM __drizzle_migrations')
      .all()
      .map((r) => Number(r.when));
    if (applied.length === 0) refuse(`This backup's shopflow.db has no migration record: it is not a Shopflow database`);
    const known = new Set(migrations.map((m) => m.when));
    if (applied.some((w) => !known.has(w))) refuse(`This backup was made by a newer version of Shopflow: restore it with that version`);
    const count = (t: string) => (tables.has(t) ? (db.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${t}`).get()?.n ?? 0) : 0);
    const members = count("team_members");
    if (!opts.allowEmpty && members <= 1 && SHOP_TABLES.every((t) => count(t) === 0)) {
      refuse(
        `This backup holds an empty shop (no departments, projects, workflows or materials; ${members} team member${members === 1 ? "" : "s"}): restoring it would leave the shop with nothing`,
        "Add --allow-empty to restore it anyway",
      );
    }
  } finally {
    db.close();
  }
}

/** What a restore replaces in DATA_DIR: the database with its log, the secret, the designs and the logo. */
const REPLACED = ["shopflow.db", "shopflow.db-wal", "shopflow.db-shm", "secret.key", "designs", "branding"];

function freeName(dir: string, base: string): string {
  for (let n = 1; ; n++) {
    const name = n === 1 ? base : `${base}-${n}`;
    if (!existsSync(path.join(dir, name))) return path.join(dir, name);
  }
}

/**
 * The swap, after the checks: the backup's files are first copied into a folder beside them in DATA_DIR (same
 * disk, so every move after it is a rename), then the current files are renamed into `before-restore-<time>` and
 * the prepared ones into place. A failure at any step renames back whatever had moved: DATA_DIR is as it was.
 */
export function restoreInto(dataDir: string, src: string, opts: RestoreOptions = {}): RestoreResult {
  checkBackup(path.resolve(src), opts);
  return swapIn(dataDir, path.resolve(src), opts);
}

function swapIn(dataDir: string, from: string, opts: RestoreOptions): RestoreResult {
  const rename = opts.rename ?? renameSync;
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR_MODE });
  const at = stamp();
  // A restore killed while it copied left its prepared folder; this one holds the lock, so none is in use.
  for (const n of readdirSync(dataDir)) if (/^\.restore-\d{8}-\d{6}(-\d+)?\.partial$/.test(n)) rmSync(path.join(dataDir, n), { recursive: true, force: true });
  const staging = freeName(dataDir, `.restore-${at}.partial`);
  try {
    mkdirSync(staging, { mode: PRIVATE_DIR_MODE });
    copyFileSync(path.join(from, "shopflow.db"), path.join(staging, "shopflow.db"));
    chmodSync(path.join(staging, "shopflow.db"), PRIVATE_FILE_MODE);
    copyDataFiles(from, staging);
  } catch (error) {
    rmSync(staging, { recursive: true, force: true });
    return refuse(`The backup could not be copied into ${dataDir} (${(error as Error).message})`);
  }
  // Only what the backup brings is replaced; a backup made before logos were backed up leaves the logo as it is.
  const incoming = readdirSync(staging);
  const replaced = REPLACED.filter((n) => existsSync(path.join(dataDir, n)) && (n !== "branding" || incoming.includes(n)));
  const previous = replaced.length ? freeName(dataDir, `before-restore-${at}`) : null;
  const moved: [string, string][] = [];
  const move = (a: string, b: string) => {
    rename(a, b);
    moved.push([a, b]);
  };
  let previousMade = false;
  try {
    if (previous) {
      mkdirSync(previous, { mode: PRIVATE_DIR_MODE });
      previousMade = true;
      for (const n of replaced) move(path.join(dataDir, n), path.join(previous, n));
    }
    for (const n of incoming) move(path.join(staging, n), path.join(dataDir, n));
  } catch (error) {
    const stuck: string[] = [];
    for (const [a, b] of moved.reverse()) {
      try {
        renameSync(b, a);
      } catch {
        stuck.push(`${b} (belongs at ${a})`);
      }
    }
    if (stuck.length) {
      throw new Error(
        `The restore failed while moving the files (${(error as Error).message}) and could not put back ${stuck.join(", ")}: move ${stuck.length === 1 ? "it" : "them"} back by hand before starting the server`,
      );
    }
    if (previousMade) rmdirSync(previous!);
    rmSync(staging, { recursive: true, force: true });
    return refuse(`The restore failed while moving the files (${(error as Error).message}) and put every file back`);
  }
  rmSync(staging, { recursive: true, force: true });
  return { restoredFrom: from, previousSavedAs: previous };
}
