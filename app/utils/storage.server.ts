import { mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { getEnv } from "./env.server";

// Uploaded files live under DATA_DIR with names the server makes (PRODUCT.md 'Files'); the database stores the
// path relative to DATA_DIR. Nothing here ever follows a path out of the data directory.

export const DESIGNS_DIR = "designs";

export function dataDir(): string {
  return path.resolve(getEnv().DATA_DIR);
}

/** Absolute path of a stored file, or null when the relative path would leave the data directory. */
export function storedFilePath(relative: string): string | null {
  if (!relative || relative.includes("\0") || path.isAbsolute(relative)) return null;
  const root = dataDir();
  const full = path.resolve(root, relative);
  return full.startsWith(root + path.sep) ? full : null;
}

export function ensureDir(relative: string): string {
  const full = storedFilePath(relative);
  if (!full) throw new Error(`Not a folder inside the data directory: ${relative}`);
  mkdirSync(full, { recursive: true });
  return full;
}

/** Removes a stored file; a file already gone is fine (it is what we wanted). */
export function removeStoredFile(relative: string) {
  const full = storedFilePath(relative);
  if (!full) return;
  try {
    rmSync(full, { force: true });
  } catch (error) {
    console.error(`could not remove ${relative}:`, error instanceof Error ? error.message : error);
  }
}
