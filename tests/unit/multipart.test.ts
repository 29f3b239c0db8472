import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { MAX_CONCURRENT_UPLOADS, MAX_WAITING_UPLOADS, uploadLoad, uploadTurn } from "~/pipeline/uploads.server";
import { MultipartError, multipartBoundary, streamMultipart } from "~/http/multipart.server";

// The multipart reader that writes uploads to disk as they arrive must read every form exactly as the
// platform's own parser (Request.formData()) does, however the body is cut into chunks.

const dir = mkdtempSync(path.join(tmpdir(), "shopflow-multipart-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let n = 0;
const newPath = () => path.join(dir, `f${n++}`);

/** The body of `form` as a browser would send it, and its Content-Type. */
async function encode(form: FormData) {
  const req = new Request("http://x/", { method: "POST", body: form });
  const type = req.headers.get("content-type")!;
  return { bytes: new Uint8Array(await req.arrayBuffer()), type };
}

/** The bytes as a stream cut at the given sizes (repeating). */
function chunked(bytes: Uint8Array, sizes: number[]): ReadableStream<Uint8Array> {
  let at = 0;
  let i = 0;
  return new ReadableStream({
    pull(c) {
      if (at >= bytes.length) return c.close();
      const size = sizes[i++ % sizes.length]!;
      c.enqueue(bytes.slice(at, at + size));
      at += size;
    },
  });
}

async function read(form: FormData, sizes: number[], limits = { maxFileBytes: 10_000_000, maxFieldBytes: 64 * 1024 }) {
  const { bytes, type } = await encode(form);
  return streamMultipart(chunked(bytes, sizes), multipartBoundary(type)!, { ...limits, newPath });
}

const tricky = new Uint8Array(200_000).map((_, i) => (i * 7919) % 256);
// Bytes that look like the start of a delimiter inside the file itself.
tricky.set(new TextEncoder().encode("\r\n--\r\n------WebKitFormBoundary\r\n--"), 70_000);

describe("streamMultipart", () => {
  for (const sizes of [[1], [7, 3], [64], [1000, 1], [65536], [1 << 20]]) {
    test(`reads fields and files as Request.formData() does, chunks of ${sizes.join("/")} bytes`, async () => {
      const form = new FormData();
      form.append("intent", "upload-design");
      form.append("note", "Käse – “quoted” \r\n second line");
      form.append("file", new File([tricky], 'Proof "final" – v2.pdf', { type: "application/pdf" }));
      form.append("empty", "");
      form.append("file2", new File([], "", { type: "application/octet-stream" }));
      const parsed = await read(form, sizes);
      const expected = await new Request("http://x/", { method: "POST", body: form }).formData();
      expect(parsed.fields).toEqual([
        ["intent", "upload-design"],
        ["note", expected.get("note") as string],
        ["empty", ""],
      ]);
      const file = parsed.files.find((f) => f.field === "file")!;
      // The platform keeps the browser's %22 for a quote; the name is read back as the file's own.
      expect((expected.get("file") as File).name).toBe("Proof %22final%22 – v2.pdf");
      expect(file.fileName).toBe('Proof "final" – v2.pdf');
      expect(file.type).toBe("application/pdf");
      expect(file.size).toBe(tricky.length);
      expect(new Uint8Array(readFileSync(file.path))).toEqual(tricky);
      const empty = parsed.files.find((f) => f.field === "file2")!;
      expect(empty.size).toBe(0);
    });
  }

  test("a file past the limit: 413, and nothing is left on disk", async () => {
    const before = readdirSync(dir).length;
    const form = new FormData();
    form.append("file", new File([new Uint8Array(5000)], "a.pdf"));
    const error = await read(form, [512], { maxFileBytes: 4000, maxFieldBytes: 1000 }).catch((e) => e);
    expect(error).toBeInstanceOf(MultipartError);
    expect(error.status).toBe(413);
    expect(readdirSync(dir).length).toBe(before);
  });

  test("fields past their limit: 413; a body that ends too early or has no name: 400", async () => {
    const big = new FormData();
    big.append("text", "x".repeat(2000));
    expect((await read(big, [100], { maxFileBytes: 1e6, maxFieldBytes: 1000 }).catch((e) => e)).status).toBe(413);
    const form = new FormData();
    form.append("file", new File([new Uint8Array(3000)], "a.pdf"));
    const { bytes, type } = await encode(form);
    const cut = await streamMultipart(chunked(bytes.slice(0, 2000), [300]), multipartBoundary(type)!, {
      maxFileBytes: 1e6,
      maxFieldBytes: 1000,
      newPath,
    }).catch((e) => e);
    expect(cut.status).toBe(400);
    const nameless = new TextEncoder().encode("--b\r\nContent-Type: text/plain\r\n\r\nx\r\n--b--\r\n");
    expect((await streamMultipart(chunked(nameless, [5]), "b", { maxFileBytes: 1e6, maxFieldBytes: 1000, newPath }).catch((e) => e)).status).toBe(400);
  });

  test("multipartBoundary reads quoted and plain boundaries, and nothing else", () => {
    expect(multipartBoundary('multipart/form-data; boundary="a b"')).toBe("a b");
    expect(multipartBoundary("multipart/form-data; charset=utf-8; boundary=----x")).toBe("----x");
    expect(multipartBoundary("application/json")).toBeNull();
  });
});

describe("upload turns", () => {
  test(`at most ${MAX_CONCURRENT_UPLOADS} at a time; the next waits its turn; past ${MAX_WAITING_UPLOADS} waiting, busy`, async () => {
    const first = (await uploadTurn())!;
    const second = (await uploadTurn())!;
    expect(uploadLoad()).toEqual({ active: 2, waiting: 0 });
    let thirdGot = false;
    const third = uploadTurn().then((r) => ((thirdGot = true), r));
    const waiters = Array.from({ length: MAX_WAITING_UPLOADS - 1 }, () => uploadTurn());
    // Let everything already due run: a turn given now would have resolved the third by then.
    await new Promise((r) => setImmediate(r));
    expect(thirdGot).toBe(false);
    expect(uploadLoad()).toEqual({ active: 2, waiting: MAX_WAITING_UPLOADS });
    // The queue is full: answered busy at once.
    expect(await uploadTurn()).toBeNull();
    // A client that goes away while waiting leaves the queue.
    const gone = new AbortController();
    first();
    expect(await third).not.toBeNull();
    expect(uploadLoad().active).toBe(2);
    const leaving = uploadTurn(gone.signal);
    gone.abort();
    second();
    (await third)!();
    for (const w of waiters) (await w)!();
    expect(await leaving).toBeNull();
    expect(uploadLoad()).toEqual({ active: 0, waiting: 0 });
    expect(existsSync(dir)).toBe(true);
  });
});
