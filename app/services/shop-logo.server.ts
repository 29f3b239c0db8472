import { t } from "@lingui/core/macro";
import { randomBytes } from "node:crypto";
import { open } from "node:fs/promises";
import { renameSync } from "node:fs";
import path from "node:path";
import { BadRequestError } from "~/domain/errors";
import { LOGO_MAX_BYTES, LOGO_TYPES, type LogoExtension, logoKind } from "~/domain/logo-image";
import { ensureDir, storedFilePath } from "~/infra/storage.server";
import type { Actor } from "~/models/audit.server";
import { getShopBrand, updateShopBrand } from "~/models/shop-brand.server";

// The shop's logo file (docs/decisions/0043-calendar-feeds-and-customer-links.md): checked by its bytes and size,
// then kept as DATA_DIR/branding/logo-{random}.{png|jpg|webp}, a name the server makes.

const BRANDING_DIR = "branding";

async function firstBytes(relative: string): Promise<Uint8Array> {
  const file = await open(storedFilePath(relative)!, "r");
  try {
    const buffer = new Uint8Array(16);
    const { bytesRead } = await file.read(buffer, 0, 16, 0);
    return buffer.subarray(0, bytesRead);
  } finally {
    await file.close();
  }
}

/**
 * Keeps an uploaded logo (the HTTP layer wrote it to disk: `path` under DATA_DIR, `size` in bytes) and makes it the
 * shop's; a refused one is a BadRequestError.
 */
export async function saveLogo(upload: { path: string; size: number }, actor: Actor): Promise<void> {
  // The same sentences as domain/logo-image's, in the language of the request.
  const kb = LOGO_MAX_BYTES / 1024;
  if (upload.size > LOGO_MAX_BYTES) throw new BadRequestError(t`The logo is too large: at most ${kb} KB.`);
  const kind = logoKind(await firstBytes(upload.path));
  if (!kind) throw new BadRequestError(t`The logo must be a PNG, JPEG or WebP picture.`);
  ensureDir(BRANDING_DIR);
  const stored = `${BRANDING_DIR}/logo-${randomBytes(8).toString("hex")}.${kind}`;
  renameSync(storedFilePath(upload.path)!, storedFilePath(stored)!);
  updateShopBrand({ logo: stored }, actor);
}

/** The logo's file and content type, or null when the shop has none (or its file is gone). */
export function logoFile(): { file: string; type: string; etag: string } | null {
  const stored = getShopBrand().shopLogo;
  const full = stored ? storedFilePath(stored) : null;
  if (!stored || !full) return null;
  const ext = path.extname(stored).slice(1) as LogoExtension;
  const type = LOGO_TYPES[ext];
  if (!type) return null;
  return { file: full, type, etag: `"${path.basename(stored, path.extname(stored))}"` };
}
