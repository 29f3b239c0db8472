import { t } from "@lingui/core/macro";
import { open, rm } from "node:fs/promises";

// A multipart/form-data body read as it arrives (RFC 7578): text fields are kept (a few KB at most), each file
// is written straight to a file on disk. `request.formData()` holds the whole body in memory, which for a
// 50 MB design upload is 50 MB per upload, and more while it is parsed.

export class MultipartError extends Error {
  constructor(
    public status: 400 | 413,
    message: string,
  ) {
    super(message);
  }
}

export type StreamedFile = { field: string; fileName: string; type: string; path: string; size: number };
export type StreamedForm = { fields: [string, string][]; files: StreamedFile[] };

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");
const MAX_HEADER_BYTES = 16 * 1024;
const WRITE_BLOCK = 256 * 1024;

/** The boundary of a multipart Content-Type, or null. */
export function multipartBoundary(contentType: string | null): string | null {
  const m = /^multipart\/form-data\s*;(?:.*;)?\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType ?? "");
  return m ? (m[1] ?? m[2]!) : null;
}

/**
 * A Content-Disposition parameter: quoted, or a token. Browsers write a '"' in a file name as %22 (the HTML
 * standard's form encoding), so %22 is read back as the quote the file's name has.
 */
function param(header: string, name: string): string | null {
  const m = new RegExp(`;\\s*${name}=(?:"((?:[^"\\\\]|\\\\.)*)"|([^;\\s]*))`, "i").exec(header);
  if (!m) return null;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1").replace(/%22/g, '"') : m[2]!;
}

function partHeaders(raw: string): { name: string; fileName: string | null; type: string } {
  let disposition = "";
  let type = "";
  for (const line of raw.split("\r\n")) {
    const i = line.indexOf(":");
    if (i < 0) continue;
    const key = line.slice(0, i).trim().toLowerCase();
    if (key === "content-disposition") disposition = line.slice(i + 1).trim();
    else if (key === "content-type") type = line.slice(i + 1).trim();
  }
  const name = /^form-data\b/i.test(disposition) ? param(disposition, "name") : null;
  if (name === null) throw new MultipartError(400, t`The form could not be read (a part has no name).`);
  // The RFC 5987 parameter (filename*) when a client sends it; browsers send the plain filename parameter in UTF-8.
  const star = param(disposition, "filename\\*");
  let fileName = param(disposition, "filename");
  if (star) {
    const m = /^UTF-8''(.*)$/i.exec(star);
    try {
      if (m) fileName = decodeURIComponent(m[1]!);
    } catch {
      // a malformed escape: keep the plain filename
    }
  }
  return { name, fileName, type };
}

/**
 * Reads the form. Files go to `newPath()` (a path the caller makes; removed again if anything fails), at most
 * `maxFileBytes` altogether; text fields at most `maxFieldBytes` altogether. Throws MultipartError (400 for a
 * malformed form, 413 past a limit).
 */
export async function streamMultipart(
  body: ReadableStream<Uint8Array>,
  boundary: string,
  opts: { maxFileBytes: number; maxFieldBytes: number; newPath: () => string },
): Promise<StreamedForm> {
  const delimiter = Buffer.from(`\r\n--${boundary}`);
  const form: StreamedForm = { fields: [], files: [] };
  let fieldBytes = 0;
  let fileBytes = 0;
  // The body starts with `--boundary`; reading it as if a CRLF came before lets one delimiter search do it all.
  let buf: Buffer = Buffer.from("\r\n");
  let state: "preamble" | "headers" | "body" | "done" = "preamble";
  let part: { name: string; fileName: string | null; type: string; text: Buffer[]; file?: StreamedFile; handle?: Awaited<ReturnType<typeof open>> } | null =
    null;

  const reader = body.getReader();
  // Bytes for the current file, written in blocks: a client sending tiny pieces must not cost a write each.
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async () => {
    if (!part?.handle || pendingBytes === 0) return;
    await part.handle.write(pending.length === 1 ? pending[0]! : Buffer.concat(pending));
    pending = [];
    pendingBytes = 0;
  };
  const closeFile = async () => {
    if (part?.handle) {
      await flush();
      await part.handle.close();
      part.handle = undefined;
    }
  };
  const write = async (bytes: Buffer) => {
    if (!part || bytes.length === 0) return;
    if (part.fileName !== null) {
      fileBytes += bytes.length;
      if (fileBytes > opts.maxFileBytes) throw new MultipartError(413, t`The file is too large`);
      if (!part.handle) {
        const file: StreamedFile = { field: part.name, fileName: part.fileName, type: part.type, path: opts.newPath(), size: 0 };
        form.files.push(file);
        part.file = file;
        part.handle = await open(file.path, "w", 0o600);
      }
      // Copied: the chunk's memory is the stream's, and a block may wait for more before it is written.
      pending.push(Buffer.from(bytes));
      pendingBytes += bytes.length;
      part.file!.size += bytes.length;
      if (pendingBytes >= WRITE_BLOCK) await flush();
    } else {
      fieldBytes += bytes.length;
      if (fieldBytes > opts.maxFieldBytes) throw new MultipartError(413, t`The form's fields are too large`);
      part.text.push(bytes);
    }
  };
  const endPart = async () => {
    if (!part) return;
    if (part.fileName !== null) {
      if (!part.file) {
        // An empty file input is sent as a part with a file name and no bytes: keep it, empty.
        const file: StreamedFile = { field: part.name, fileName: part.fileName, type: part.type, path: opts.newPath(), size: 0 };
        form.files.push(file);
        part.file = file;
        part.handle = await open(file.path, "w", 0o600);
      }
      await closeFile();
    } else {
      form.fields.push([part.name, Buffer.concat(part.text).toString("utf8")]);
    }
    part = null;
  };

  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (value) buf = buf.length ? Buffer.concat([buf, value]) : Buffer.from(value);
      // Consume as much of the buffer as can be decided now.
      for (;;) {
        if (state === "preamble" || state === "body") {
          const at = buf.indexOf(delimiter);
          if (at < 0) {
            // Keep what could be the start of a delimiter cut by the chunk's end.
            const keep = Math.min(buf.length, delimiter.length - 1);
            if (state === "body") await write(buf.subarray(0, buf.length - keep));
            buf = buf.subarray(buf.length - keep);
            break;
          }
          // A delimiter needs the two bytes after it: CRLF (another part) or "--" (the end).
          if (buf.length < at + delimiter.length + 2) {
            if (state === "body") await write(buf.subarray(0, at));
            buf = buf.subarray(at);
            break;
          }
          if (state === "body") {
            await write(buf.subarray(0, at));
            await endPart();
          }
          const after = buf.subarray(at + delimiter.length, at + delimiter.length + 2).toString("latin1");
          buf = buf.subarray(at + delimiter.length + 2);
          if (after === "--") {
            state = "done";
            break;
          }
          if (after !== "\r\n") throw new MultipartError(400, t`The form could not be read (a bad boundary).`);
          state = "headers";
        }
        if (state === "headers") {
          // A part without headers (its blank line right after the delimiter) has no name: refused below.
          const end = buf.length >= 2 && buf.subarray(0, 2).equals(CRLF) ? -2 : buf.indexOf(HEADER_END);
          if (end === -1) {
            if (buf.length > MAX_HEADER_BYTES) throw new MultipartError(400, t`The form could not be read (a part's headers are too long).`);
            break;
          }
          if (end === -2) throw new MultipartError(400, t`The form could not be read (a part has no name).`);
          const h = partHeaders(buf.subarray(0, end).toString("utf8"));
          part = { ...h, text: [] };
          buf = buf.subarray(end + HEADER_END.length);
          state = "body";
          continue;
        }
        if (state === "done") break;
      }
      if (state === "done") {
        await reader.cancel().catch(() => {});
        break;
      }
      if (done) throw new MultipartError(400, t`The form could not be read (it ended too early).`);
    }
  } catch (error) {
    pending = [];
    pendingBytes = 0;
    await closeFile().catch(() => {});
    await Promise.all(form.files.map((f) => rm(f.path, { force: true })));
    await reader.cancel().catch(() => {});
    if (error instanceof MultipartError) throw error;
    // The body stream itself failed: cut off past the request limit, or the client went away.
    if (error instanceof RangeError || /too large/i.test(String(error))) throw new MultipartError(413, t`The file is too large`);
    throw error;
  }
  return form;
}
