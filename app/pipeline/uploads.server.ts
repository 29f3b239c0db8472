import { t } from "@lingui/core/macro";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import { DESIGNS_DIR, ensureDir, storedFilePath } from "~/infra/storage.server";
import { MultipartError, multipartBoundary, streamMultipart } from "~/http/multipart.server";
import { processState, type UploadedFile } from "~/infra/process-state.server";
import { getEnv } from "~/infra/env.server";

// Design uploads (up to MAX_UPLOAD_MB each) are the only large bodies the server takes, and only from a member
// who may change projects (the HTTP layer checks before it reads a byte). They go to disk as they arrive, never
// into memory, and at most two are received at a time: others wait their turn for a while, then get a 503
// that says why (docs/decisions/0024-http-and-operations.md).

/** The largest design upload in bytes: MAX_UPLOAD_MB (docs/product.md (Decisions) Uploads). */
export const maxUploadBytes = () => Math.ceil(getEnv().MAX_UPLOAD_MB * 1024 * 1024);

export const MAX_CONCURRENT_UPLOADS = 2;
export const MAX_WAITING_UPLOADS = 8;
export const UPLOAD_WAIT_MS = 60_000;
export const uploadsBusyMessage = () => t`The server is receiving other uploads right now. Try again in a minute.`;

export type { UploadedFile };

const received = () => processState.uploadsByRequest;

/**
 * A turn to receive an upload: the function that gives it back, or null when the server is busy (too many
 * waiting already, or no turn came within UPLOAD_WAIT_MS, or the client went away while it waited).
 */
export async function uploadTurn(signal?: AbortSignal): Promise<(() => void) | null> {
  // A turn goes back to the slots it was taken from.
  const slots = processState.uploadSlots;
  let released = false;
  const release = () => {
    if (released) return;
    released = true;
    const next = slots.waiting.shift();
    if (next) next();
    else slots.active--;
  };
  if (slots.active < MAX_CONCURRENT_UPLOADS) {
    slots.active++;
    return release;
  }
  if (slots.waiting.length >= MAX_WAITING_UPLOADS) return null;
  return new Promise((resolve) => {
    // A turn handed on by release(): `active` stays as it was, it passes from one upload to the next.
    const take = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", leave);
      resolve(release);
    };
    const leave = () => {
      const i = slots.waiting.indexOf(take);
      if (i >= 0) slots.waiting.splice(i, 1);
      clearTimeout(timer);
      resolve(null);
    };
    const timer = setTimeout(leave, UPLOAD_WAIT_MS);
    signal?.addEventListener("abort", leave, { once: true });
    slots.waiting.push(take);
  });
}

/** How many uploads are being received and how many wait (for tests and the operator). */
export const uploadLoad = () => ({ active: processState.uploadSlots.active, waiting: processState.uploadSlots.waiting.length });

/** The file a multipart post carried in `field`, written to disk by the HTTP layer; null when none. */
export function uploadedFile(request: Request, field: string): UploadedFile | null {
  return (
    received()
      .get(request)
      ?.find((f) => f.field === field) ?? null
  );
}

/**
 * Reads a multipart post as it arrives: files to DATA_DIR/designs/.upload-*, the text fields kept. Returns the
 * request to hand on, whose body holds only the text fields (so `formData()` reads a few bytes), with its files
 * filed for `uploadedFile`. Throws MultipartError (400, 413).
 */
export async function receiveMultipart(
  request: Request,
  init: RequestInit & { headers: Headers },
  href: string,
  maxFileBytes: number,
  maxFieldBytes: number,
): Promise<Request> {
  const boundary = multipartBoundary(request.headers.get("content-type"));
  if (!boundary || !request.body) throw new MultipartError(400, t`The form could not be read.`);
  ensureDir(DESIGNS_DIR);
  const form = await streamMultipart(request.body, boundary, {
    maxFileBytes,
    maxFieldBytes,
    newPath: () => storedFilePath(`${DESIGNS_DIR}/.upload-${randomBytes(8).toString("hex")}`)!,
  });
  const fields = new FormData();
  for (const [k, v] of form.fields) fields.append(k, v);
  const headers = new Headers(init.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  const handedOn = new Request(href, { method: init.method, headers, signal: init.signal, body: fields });
  const root = storedFilePath(DESIGNS_DIR)!;
  received().set(
    handedOn,
    form.files.map((f) => ({ field: f.field, fileName: f.fileName, type: f.type, size: f.size, path: `${DESIGNS_DIR}/${f.path.slice(root.length + 1)}` })),
  );
  return handedOn;
}

/** After the answer: the uploaded files the route did not keep (it renames the one it keeps) are removed. */
export function discardUploads(request: Request) {
  for (const f of received().get(request) ?? []) {
    const full = storedFilePath(f.path);
    if (full) rmSync(full, { force: true });
  }
  received().delete(request);
}
