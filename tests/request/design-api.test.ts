import { beforeEach, describe, expect, test } from "bun:test";
import { existsSync } from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import { uploadTokens } from "#db/schema";
import type { createApp, Client } from "../helpers/app";
import { seedShop } from "../helpers/shop";

// docs/product.md §7 'Design' and docs/product.md, Decisions: Uploads: the three-call upload, the multipart form, the PDF proxy.

let app: ReturnType<typeof createApp>;
let pm: Client;
let floor: Client;
let projectId: number;
const PDF = "%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

beforeEach(async () => {
  ({
    app,
    clients: { pm, floor },
    projectIds: [projectId],
  } = await seedShop({
    env: { MAX_UPLOAD_MB: "0.01" },
    members: {
      pm: { name: "Pat PM", pin: "1111", keys: ["project-management"], ip: "10.0.0.2" },
      floor: { name: "Fay Floor", pin: "2222", keys: ["production"], ip: "10.0.0.3" },
      admin: { name: "Ada", pin: "4321", keys: ["management"], ip: "10.0.0.1" },
    },
    departments: ["Production"],
    workflow: { name: "W", departmentSequence: ["production"] },
    projects: [{ name: "Job", by: "pm" }],
  }));
});

async function upload(body: string | Uint8Array<ArrayBuffer>, type = "application/pdf") {
  const { uploadURL } = await (await pm.request(`/api/projects/${projectId}/design/upload-url`, { method: "POST" })).json();
  const put = await pm.request(uploadURL, { method: "PUT", headers: { "content-type": type }, body });
  return { uploadURL: uploadURL as string, put };
}

describe("the three-call upload", () => {
  test("upload-url, PUT, POST the record; GET shows it and the proxy serves it inline as a PDF", async () => {
    const { uploadURL, put } = await upload(PDF);
    expect(uploadURL).toMatch(/^\/api\/uploads\/[A-Za-z0-9_-]{43}$/);
    expect(put.status).toBe(200);
    const { uploadedPath } = await put.json();
    const saved = await pm.request(`/api/projects/${projectId}/design`, { method: "POST", json: { fileName: "Front sign.pdf", fileSize: 1, uploadedPath } });
    expect(saved.status).toBe(201);
    const design = await (await floor.request(`/api/projects/${projectId}/design`)).json();
    expect(design).toMatchObject({ projectId, fileName: "Front sign.pdf", fileSize: PDF.length });
    const file = await floor.request(`/api/pdf-proxy?url=${encodeURIComponent(design.filePath)}`);
    expect(file.status).toBe(200);
    expect(file.headers.get("content-type")).toBe("application/pdf");
    expect(file.headers.get("content-disposition")).toStartWith("inline");
    expect(await file.text()).toBe(PDF);
  });

  test("the URL is single-use and expires; another project's upload cannot be claimed", async () => {
    const { uploadURL, put } = await upload(PDF);
    expect(put.status).toBe(200);
    expect((await pm.request(uploadURL, { method: "PUT", headers: { "content-type": "application/pdf" }, body: PDF })).status).toBe(409);
    const second = await (await pm.request(`/api/projects/${projectId}/design/upload-url`, { method: "POST" })).json();
    app.db
      .update(uploadTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadTokens.projectId, projectId))
      .run();
    expect((await pm.request(second.uploadURL, { method: "PUT", headers: { "content-type": "application/pdf" }, body: PDF })).status).toBe(410);
    expect((await pm.request("/api/uploads/not-a-real-token", { method: "PUT", headers: { "content-type": "application/pdf" }, body: PDF })).status).toBe(404);
    const foreign = await pm.request(`/api/projects/${projectId}/design`, {
      method: "POST",
      json: { fileName: "x.pdf", uploadedPath: "designs/../../secret.key" },
    });
    expect(foreign.status).toBe(400);
  });

  test("only PDFs: other bytes are refused with 'Please select a PDF file' and nothing is kept", async () => {
    const { put } = await upload("GIF89a not a pdf");
    expect(put.status).toBe(400);
    expect((await put.json()).message).toBe("Please select a PDF file");
    const text = await upload("hello", "text/plain");
    expect(text.put.status).toBe(415);
  });

  test("a refused upload leaves its link usable until it expires; only a stored upload uses it up", async () => {
    const { uploadURL, put } = await upload("oops");
    expect(put.status).toBe(400);
    const again = (body: string | Uint8Array<ArrayBuffer>, type = "application/pdf") =>
      pm.request(uploadURL, { method: "PUT", headers: { "content-type": type }, body });
    const big = new Uint8Array(20 * 1024).fill(65);
    big.set(new TextEncoder().encode("%PDF-"));
    expect((await again(big)).status).toBe(413);
    expect((await again(PDF, "text/plain")).status).toBe(415);
    const stored = await again(PDF);
    expect(stored.status).toBe(200);
    expect((await stored.json()).fileSize).toBe(PDF.length);
    expect((await again(PDF)).status).toBe(409);
    // A link refused for its content still expires at its time.
    const { uploadURL: late, put: refused } = await upload("GIF89a");
    expect(refused.status).toBe(400);
    app.db
      .update(uploadTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploadTokens.projectId, projectId))
      .run();
    expect((await pm.request(late, { method: "PUT", headers: { "content-type": "application/pdf" }, body: PDF })).status).toBe(410);
  });

  test("the 415 names the body types the upload takes in words, without an empty entry", async () => {
    const { put } = await upload(PDF, "text/plain");
    expect(put.status).toBe(415);
    expect((await put.json()).message).toBe(
      "Send the body as application/pdf or application/octet-stream (Content-Type header), or with no Content-Type header.",
    );
  });

  test("larger than MAX_UPLOAD_MB: 413", async () => {
    const big = new Uint8Array(20 * 1024).fill(65);
    big.set(new TextEncoder().encode("%PDF-"));
    const { put } = await upload(big);
    expect(put.status).toBe(413);
  });

  test("replacing and removing a design removes the old file; 403 for a member without the key", async () => {
    const first = await (await upload(PDF)).put.json();
    const d1 = await (
      await pm.request(`/api/projects/${projectId}/design`, { method: "POST", json: { fileName: "a.pdf", uploadedPath: first.uploadedPath } })
    ).json();
    const second = await (await upload(PDF)).put.json();
    await pm.request(`/api/projects/${projectId}/design`, { method: "POST", json: { fileName: "b.pdf", uploadedPath: second.uploadedPath } });
    const dataDir = process.env.DATA_DIR!;
    expect(existsSync(path.join(dataDir, d1.filePath))).toBe(false);
    expect(existsSync(path.join(dataDir, second.uploadedPath))).toBe(true);
    expect((await floor.request(`/api/projects/${projectId}/design`, { method: "DELETE" })).status).toBe(403);
    expect((await pm.request(`/api/projects/${projectId}/design`, { method: "DELETE" })).status).toBe(200);
    expect(existsSync(path.join(dataDir, second.uploadedPath))).toBe(false);
    expect((await pm.request(`/api/projects/${projectId}/design`)).status).toBe(404);
  });

  test("the multipart post (the form without JavaScript) stores the same way", async () => {
    const form = new FormData();
    form.set("file", new File([PDF], "scan.pdf", { type: "application/pdf" }));
    const res = await pm.request(`/api/projects/${projectId}/design`, { method: "POST", body: form });
    expect(res.status).toBe(201);
    expect((await res.json()).fileName).toBe("scan.pdf");
    const bad = new FormData();
    bad.set("file", new File(["nope"], "x.pdf"));
    expect((await pm.request(`/api/projects/${projectId}/design`, { method: "POST", body: bad })).status).toBe(400);
  });
});

describe("the PDF proxy", () => {
  test("serves only stored designs: never a remote URL, never a path outside the data directory", async () => {
    for (const url of ["https://example.com/x.pdf", "../secret.key", "secret.key", "/etc/passwd", "designs/../shopflow.db", ""]) {
      const res = await floor.request(`/api/pdf-proxy?url=${encodeURIComponent(url)}`);
      expect(res.status).toBe(404);
    }
    expect((await app.client("10.9.9.9").request("/api/pdf-proxy?url=x")).status).toBe(401);
  });
});
