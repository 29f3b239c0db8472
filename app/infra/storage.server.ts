import { mkdirSync, rmSync } from "node:fs";
import { open } from "node:fs/promises";
import path from "node:path";
import { getEnv } from "~/infra/env.server";

// Uploaded files live under DATA_DIR with names the server makes (docs/product.md, Decisions: Uploads); the database stores the
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
  // Owner-only (docs/product.md, Decisions: Files on disk): the uploads are the shop's drawings and logo.
  mkdirSync(full, { recursive: true, mode: 0o700 });
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

/**
 * Writes a stream to a stored file as it arrives, one chunk at a time (never the whole body in memory); past
 * `maxBytes` it stops and throws a RangeError. Returns the size written. The caller removes the file on error.
 */
export async function writeStream(body: ReadableStream<Uint8Array>, relative: string, maxBytes: number): Promise<number> {
  const full = storedFilePath(relative);
  if (!full) throw new Error(`Not a file inside the data directory: ${relative}`);
  const file = await open(full, "w", 0o600);
  const reader = body.getReader();
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) throw new RangeError("The request body is too large");
      await file.write(value);
    }
  } catch (error) {
    await reader.cancel().catch(() => {});
    throw error;
  } finally {
    await file.close();
  }
  return size;
}
