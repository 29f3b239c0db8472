import { t } from "@lingui/core/macro";
import { randomBytes } from "node:crypto";
import { existsSync, renameSync, statSync } from "node:fs";
import path from "node:path";
import { and, eq, isNotNull, isNull, lt, or } from "drizzle-orm";
import { projectDesigns, projects, uploadTokens } from "#db/schema";
import { withoutBidiControls } from "~/domain/bidi";
import { getDb } from "~/infra/db.server";
import { hashKey, newKey } from "~/infra/secret-key.server";
import { BadRequestError, DomainError, NotFoundError } from "~/domain/errors";
import { announce } from "~/infra/change-notices.server";
import { DESIGNS_DIR, ensureDir, removeStoredFile, storedFilePath, writeStream } from "~/infra/storage.server";
import { writeAudit, type Actor } from "./audit.server";

// Design PDFs (docs/product.md §7 'Design', docs/product.md, Decisions: Uploads): a signed, single-use, same-origin upload URL valid for 10
// minutes; a PUT of the bytes to it (streamed to disk, only real PDFs); then the record. Without JavaScript the
// same happens in one multipart post. Stored under DATA_DIR/designs with names the server makes.

export const UPLOAD_URL_TTL_MS = 10 * 60_000;
export const PDF_MAGIC = "%PDF-";
export function notAPdf() {
  return t`Please select a PDF file`;
}

export type Design = { projectId: number; fileName: string; filePath: string; fileSize: number; uploadedAt: Date };

export function getDesign(projectId: number): Design | undefined {
  return getDb().select().from(projectDesigns).where(eq(projectDesigns.projectId, projectId)).get();
}

/** The design a stored path belongs to: the PDF proxy serves nothing the database does not know. */
export function findDesignByPath(filePath: string): Design | undefined {
  return getDb().select().from(projectDesigns).where(eq(projectDesigns.filePath, filePath)).get();
}

/** Issues an upload URL for the project: the token is random (256 bits) and only its hash is stored. */
export function createUploadUrl(projectId: number, actor: Actor): { uploadURL: string; expiresAt: Date } {
  const db = getDb();
  if (!db.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).get()) throw new NotFoundError(t`Project not found`);
  const token = newKey();
  const expiresAt = new Date(Date.now() + UPLOAD_URL_TTL_MS);
  const storedPath = `${DESIGNS_DIR}/${projectId}-${randomBytes(12).toString("hex")}.pdf`;
  db.transaction((tx) => {
    tx.insert(uploadTokens)
      .values({ id: hashKey(token), projectId, createdBy: actor.id, storedPath, expiresAt })
      .run();
    writeAudit(actor, { action: "upload-url", entity: "design", entityId: projectId }, tx);
  });
  return { uploadURL: `/api/uploads/${token}`, expiresAt };
}

export class UploadRefused extends DomainError {
  constructor(
    readonly status: 400 | 404 | 409 | 410 | 413,
    message: string,
  ) {
    super(message);
  }
}

/** Checks an upload stored at `tmp`: at most `maxBytes`, and it starts with %PDF-. Removes it when it fails. */
async function checkPdf(tmp: string, maxBytes: number): Promise<number> {
  const full = storedFilePath(tmp)!;
  const size = statSync(full).size;
  if (size > maxBytes) {
    removeStoredFile(tmp);
    throw new UploadRefused(413, t`The file is too large`);
  }
  const head = await Bun.file(full).slice(0, PDF_MAGIC.length).text();
  if (head !== PDF_MAGIC) {
    removeStoredFile(tmp);
    throw new UploadRefused(400, notAPdf());
  }
  return size;
}

/**
 * Streams an upload to a temporary file, then checks it: at most `maxBytes` (the stream itself fails past
 * that), and the bytes must start with %PDF-. Returns the temporary path relative to DATA_DIR.
 */
export async function receivePdf(body: ReadableStream<Uint8Array> | null, maxBytes: number): Promise<{ tmp: string; size: number }> {
  if (!body) throw new UploadRefused(400, notAPdf());
  ensureDir(DESIGNS_DIR);
  const tmp = `${DESIGNS_DIR}/.upload-${randomBytes(8).toString("hex")}`;
  try {
    await writeStream(body, tmp, maxBytes);
  } catch (error) {
    removeStoredFile(tmp);
    if (error instanceof RangeError || /too large/i.test(String(error))) throw new UploadRefused(413, t`The file is too large`);
    throw error;
  }
  return { tmp, size: await checkPdf(tmp, maxBytes) };
}

/**
 * The PUT to an upload URL: single use, not expired, a PDF within the limit. Only a stored upload uses the link
 * up: one refused for what it sent (not a PDF, too large) or cut off by its client leaves it usable until it
 * expires (docs/product.md, Decisions: Uploads).
 */
export async function acceptUpload(token: string, body: ReadableStream<Uint8Array> | null, maxBytes: number) {
  const db = getDb();
  const row = db
    .select()
    .from(uploadTokens)
    .where(eq(uploadTokens.id, hashKey(token)))
    .get();
  if (!row) throw new UploadRefused(404, t`This upload link is not valid`);
  if (row.usedAt) throw new UploadRefused(409, t`This upload link was already used`);
  if (row.expiresAt.getTime() < Date.now()) throw new UploadRefused(410, t`This upload link has expired. Try the upload again.`);
  // Claimed before the bytes arrive, so two PUTs to one link cannot both write; given back if nothing is stored.
  const claimed = db
    .update(uploadTokens)
    .set({ usedAt: new Date() })
    .where(and(eq(uploadTokens.id, row.id), isNull(uploadTokens.usedAt)))
    .returning({ id: uploadTokens.id })
    .all();
  if (claimed.length !== 1) throw new UploadRefused(409, t`This upload link was already used`);
  let stored = false;
  try {
    const { tmp, size } = await receivePdf(body, maxBytes);
    renameSync(storedFilePath(tmp)!, storedFilePath(row.storedPath)!);
    stored = true;
    return { uploadedPath: row.storedPath, fileSize: size, projectId: row.projectId };
  } finally {
    if (!stored) db.update(uploadTokens).set({ usedAt: null }).where(eq(uploadTokens.id, row.id)).run();
  }
}

/**
 * Records an uploaded design on its project (replacing the previous one, whose file goes after commit). The
 * client names the upload by `uploadedPath`; only a path this server issued for this project counts.
 */
export function saveDesign(projectId: number, input: { fileName: string; uploadedPath: string }, actor: Actor): Design {
  const db = getDb();
  const uploadedPath = input.uploadedPath.replace(/^.*\/api\/uploads\//, "");
  const token = db
    .select()
    .from(uploadTokens)
    .where(
      and(
        eq(uploadTokens.projectId, projectId),
        isNotNull(uploadTokens.usedAt),
        or(eq(uploadTokens.storedPath, input.uploadedPath), eq(uploadTokens.id, hashKey(uploadedPath))),
      ),
    )
    .get();
  if (!token || !existsSync(storedFilePath(token.storedPath) ?? "")) throw new BadRequestError(t`Upload the PDF first, then save the design`);
  return recordDesign(projectId, token.storedPath, input.fileName, actor, token.id);
}

/**
 * The no-JavaScript path: one multipart post carries the file, which the HTTP layer has already written to a
 * temporary file (`upload.path`); it is checked and stored the same way.
 */
export async function saveDesignFile(projectId: number, upload: { path: string; fileName: string }, actor: Actor, maxBytes: number): Promise<Design> {
  if (!getDb().select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).get()) throw new NotFoundError(t`Project not found`);
  await checkPdf(upload.path, maxBytes);
  const storedPath = `${DESIGNS_DIR}/${projectId}-${randomBytes(12).toString("hex")}.pdf`;
  renameSync(storedFilePath(upload.path)!, storedFilePath(storedPath)!);
  try {
    return recordDesign(projectId, storedPath, upload.fileName || "design.pdf", actor, null);
  } catch (error) {
    removeStoredFile(storedPath);
    throw error;
  }
}

// The name the browser sent with the file: not typed here, so cleaned rather than refused (text-direction
// characters too, see domain/bidi.ts).
const cleanFileName = (name: string) => withoutBidiControls(path.basename(name.replace(/\\/g, "/")).replace(/[\p{Cc}]/gu, "")).slice(0, 200) || "design.pdf";

function recordDesign(projectId: number, storedPath: string, fileName: string, actor: Actor, tokenId: string | null): Design {
  const fileSize = statSync(storedFilePath(storedPath)!).size;
  let previous: string | null = null;
  const design = getDb().transaction((tx) => {
    if (!tx.select({ id: projects.id }).from(projects).where(eq(projects.id, projectId)).get()) throw new NotFoundError(t`Project not found`);
    const before = tx.select().from(projectDesigns).where(eq(projectDesigns.projectId, projectId)).get();
    previous = before && before.filePath !== storedPath ? before.filePath : null;
    const values = { projectId, fileName: cleanFileName(fileName), filePath: storedPath, fileSize, uploadedAt: new Date() };
    const row = tx
      .insert(projectDesigns)
      .values(values)
      .onConflictDoUpdate({
        target: projectDesigns.projectId,
        set: { fileName: values.fileName, filePath: storedPath, fileSize, uploadedAt: values.uploadedAt },
      })
      .returning()
      .get();
    if (tokenId) tx.delete(uploadTokens).where(eq(uploadTokens.id, tokenId)).run();
    writeAudit(actor, { action: before ? "replace" : "create", entity: "design", entityId: projectId, before, after: row }, tx);
    return row;
  });
  if (previous) removeStoredFile(previous);
  announce({ entity: "design", id: projectId, action: "save", projectId });
  return design;
}

export function deleteDesign(projectId: number, actor: Actor): Design | undefined {
  const removed = getDb().transaction((tx) => {
    const before = tx.select().from(projectDesigns).where(eq(projectDesigns.projectId, projectId)).get();
    if (!before) return undefined;
    tx.delete(projectDesigns).where(eq(projectDesigns.projectId, projectId)).run();
    writeAudit(actor, { action: "delete", entity: "design", entityId: projectId, before }, tx);
    return before;
  });
  if (removed) {
    removeStoredFile(removed.filePath);
    announce({ entity: "design", id: projectId, action: "delete", projectId });
  }
  return removed;
}

/** Housekeeping: upload links past their time, and files uploaded to them but never saved. */
export function pruneUploads(now = Date.now()) {
  const db = getDb();
  const stale = db
    .select()
    .from(uploadTokens)
    .where(lt(uploadTokens.expiresAt, new Date(now - UPLOAD_URL_TTL_MS)))
    .all();
  for (const t of stale) if (!findDesignByPath(t.storedPath)) removeStoredFile(t.storedPath);
  if (stale.length)
    db.delete(uploadTokens)
      .where(lt(uploadTokens.expiresAt, new Date(now - UPLOAD_URL_TTL_MS)))
      .run();
}
