import { chmodSync, lstatSync, readdirSync } from "node:fs";
import path from "node:path";

// The shop's files are the owner's alone (docs/product.md, Decisions: Files on disk): the database holds webhook
// secrets and the secret.key signs sessions and links, so a copy readable by another account on the machine, or by
// anyone who can read the backup share, is a way in. Folders 0700, files 0600, whatever umask the server was
// started with: the process narrows its umask at start, and the code that makes files also names their mode.

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Every file and folder this process creates from here on is owner-only, whatever umask it was started with. */
export function keepNewFilesPrivate() {
  process.umask(0o077);
}

/**
 * Takes the group's and others' rights off `root` and everything under it (symbolic links are left alone: their
 * target is not ours to change). Returns the paths it changed; one it may not change (another owner) is in `failed`.
 */
export function makePrivate(root: string): { changed: string[]; failed: string[] } {
  const changed: string[] = [];
  const failed: string[] = [];
  const visit = (p: string) => {
    let st: ReturnType<typeof lstatSync>;
    try {
      st = lstatSync(p);
    } catch {
      return;
    }
    if (st.isSymbolicLink()) return;
    if ((st.mode & 0o077) !== 0) {
      try {
        chmodSync(p, st.mode & 0o7700);
        changed.push(p);
      } catch {
        failed.push(p);
      }
    }
    if (st.isDirectory()) {
      let names: string[] = [];
      try {
        names = readdirSync(p);
      } catch {
        return;
      }
      for (const n of names) visit(path.join(p, n));
    }
  };
  visit(root);
  return { changed, failed };
}

/**
 * At start: DATA_DIR made owner-only. Files a previous version (or `cp -r`, or a restore by hand) left readable by
 * others are tightened and said in one line, so the first start after an upgrade reports it and later ones are quiet.
 */
export function tightenDataDir(dataDir: string, log: (line: string) => void = console.log): number {
  const { changed, failed } = makePrivate(dataDir);
  if (changed.length) {
    const n = changed.length;
    log(
      `Made ${dataDir} private: ${n} file${n === 1 ? "" : "s"} or folder${n === 1 ? "" : "s"} open to other accounts ${n === 1 ? "is" : "are"} now owner-only (folders 0700, files 0600)`,
    );
  }
  if (failed.length)
    log(`Could not make ${failed.length} file${failed.length === 1 ? "" : "s"} in ${dataDir} owner-only (owned by another user), e.g. ${failed[0]}`);
  return changed.length;
}
