import { accessSync, constants, existsSync, mkdirSync, readFileSync, type Stats, statSync } from "node:fs";
import path from "node:path";

// Before the server opens anything in DATA_DIR: a folder it cannot write (a bind mount owned by root, a copy made
// with `cp -r` as another user, a read-only mount) used to end in SQLite's 'unable to open database file' and a
// page of the runtime's source. IT gets one line instead: the folder, its owner, the user the server runs as, and
// the command that fixes it (docs/product.md, Decisions: Files on disk).

/** The image's user (Dockerfile: distroless `nonroot`). */
export const CONTAINER_UID = 65532;

export type RunningAs = { uid: number; gid: number };

const runningAs = (): RunningAs | null => (process.getuid && process.getgid ? { uid: process.getuid(), gid: process.getgid() } : null);

/** In a container when running as the image's user, or when the container runtime left its mark (Docker's file, podman's file and variable). */
export function inContainer(who: RunningAs | null = runningAs()): boolean {
  return who?.uid === CONTAINER_UID || existsSync("/.dockerenv") || existsSync("/run/.containerenv") || Boolean(process.env.container);
}

/** A user's name from /etc/passwd, when it has one ("root"), else null. */
function userName(uid: number): string | null {
  try {
    for (const line of readFileSync("/etc/passwd", "utf8").split("\n")) {
      const [name, , id] = line.split(":");
      if (name && Number(id) === uid) return name;
    }
  } catch {
    // no passwd file (distroless has one; a scratch image may not)
  }
  return null;
}

const named = (uid: number) => {
  const name = userName(uid);
  return name ? `${name} (uid ${uid})` : `uid ${uid}`;
};

/** Null when this process may use `p` so, else why not (EACCES, EROFS…). */
const denied = (p: string, mode: number): string | null => {
  try {
    accessSync(p, mode);
    return null;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code ?? "EACCES";
  }
};

/** The files the server opens for writing as soon as it starts. */
const STARTUP_FILES = ["shopflow.db", "shopflow.db-wal", "shopflow.db-shm", "secret.key", "shopflow.lock", "shopflow.pid", "designs", "branding"];

/**
 * Why the server cannot use `dataDir` (one sentence with the fix), or null when it can. A folder that does not
 * exist yet is made (owner-only); when that fails the nearest folder above it is the one named.
 */
export function dataDirProblem(dataDir: string, who: RunningAs | null = runningAs(), container = inContainer(who)): string | null {
  const dir = path.resolve(dataDir);
  if (!existsSync(dir)) {
    try {
      mkdirSync(dir, { recursive: true, mode: 0o700 });
    } catch {
      let parent = path.dirname(dir);
      while (!existsSync(parent) && parent !== path.dirname(parent)) parent = path.dirname(parent);
      return refusal(dir, parent, who, true, container);
    }
  }
  let st: Stats;
  try {
    st = statSync(dir);
  } catch (error) {
    return `shopflow: DATA_DIR ${dir} cannot be read (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`;
  }
  if (!st.isDirectory()) return `shopflow: DATA_DIR ${dir} is not a folder. Point DATA_DIR at a folder (it is made when missing).`;
  const check = (p: string, pst: Stats, needs: number): string | null => {
    const why = denied(p, needs);
    if (why === "EROFS") return `shopflow: cannot write to DATA_DIR ${dir}: it is on a read-only file system. Mount it read-write.`;
    const theirs = who !== null && who.uid !== 0 && pst.uid !== who.uid;
    if (theirs || (why && who && pst.uid !== who.uid)) return refusal(dir, p, who, false, container);
    // Ours, yet closed to us: its mode, not its owner, is what to fix.
    if (why)
      return `shopflow: cannot write to DATA_DIR ${dir}: ${p === dir ? "its mode" : `the mode of ${p}`} (${(pst.mode & 0o777).toString(8)}) does not let its owner read and write it. Fix it with: chmod -R u+rwX ${dir}`;
    return null;
  };
  const problem = check(dir, st, constants.R_OK | constants.W_OK | constants.X_OK);
  if (problem) return problem;
  for (const name of STARTUP_FILES) {
    const file = path.join(dir, name);
    if (!existsSync(file)) continue;
    const fst = statSync(file);
    const found = check(file, fst, constants.R_OK | constants.W_OK | (fst.isDirectory() ? constants.X_OK : 0));
    if (found) return found;
  }
  return null;
}

function refusal(dir: string, culprit: string, who: RunningAs | null, create: boolean, container: boolean): string {
  let owner = "another user";
  try {
    owner = named(statSync(culprit).uid);
  } catch {
    // said without its owner's name
  }
  const what = create
    ? `cannot create DATA_DIR ${dir}: the folder above it, ${culprit},`
    : `cannot write to DATA_DIR ${dir}: ${culprit === dir ? "it" : culprit}`;
  if (!who) return `shopflow: ${what} belongs to ${owner}. Give it to the user the server runs as.`;
  const fix = container
    ? `Fix it on the host: sudo chown -R ${CONTAINER_UID}:${CONTAINER_UID} <the folder mounted at ${dir}> (or use a named volume)`
    : create
      ? `Fix it with: sudo install -d -m 700 -o ${who.uid} -g ${who.gid} ${dir}`
      : `Fix it with: sudo chown -R ${who.uid}:${who.gid} ${dir}`;
  return `shopflow: ${what} is owned by ${owner} and the server runs as ${named(who.uid)}. ${fix}`;
}
