import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { existsSync, mkdtempSync, readdirSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { signInHeaders, startChild, type Child } from "../helpers/child-server";
import { flood, multipartUpload, send, type Upload } from "../helpers/upload-flood";

// Uploads against a real `bun server.ts`: a signed-out or unauthorised client cannot make the server read (or
// hold) megabytes, and a member's design uploads go to disk as they arrive, two at a time. Sixteen parallel
// 49 MB posts took the server from 110 MB to 1.23 GB before; the server must stay under 250 MB.

const MB = 1024 * 1024;
const LIMIT_MB = 250;
let child: Child;
let dataDir: string;
let admin: Record<string, string>;
let floor: Record<string, string>;
let projectId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "shopflow-flood-"));
  child = await startChild({ dataDir, env: { ADMIN_PIN: "1234", ADMIN_NAME: "Owner", MAX_UPLOAD_MB: "50" } });
  admin = await signInHeaders(child.url, "1234");
  const post = async (p: string, body: unknown) => {
    const res = await fetch(child.url + p, { method: "POST", headers: admin, body: JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await post("/api/departments", { name: "Production" });
  const wf = await post("/api/workflows", { name: "W", departmentSequence: ["production"] });
  projectId = (await post("/api/projects", { name: "Job", description: "d", workflowId: wf.id })).id;
  await post("/api/team-members", { name: "Fay Floor", pinCode: "2222", accessibleDepartments: ["production"] });
  floor = await signInHeaders(child.url, "2222");
});
afterAll(async () => {
  child.process.kill("SIGTERM");
  await child.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

describe("sixteen parallel 49 MB posts from clients who may not upload", () => {
  test(`are refused before their bodies are read: the server stays under ${LIMIT_MB} MB`, async () => {
    const size = 49 * MB;
    const floorCookie = { cookie: floor.cookie! };
    const kinds: Upload[] = [
      multipartUpload(`/projects/${projectId}`, { intent: "upload-design" }, size, {}),
      { method: "PUT", path: `/api/uploads/${"a".repeat(43)}`, headers: { "content-type": "application/pdf" }, prefix: "%PDF-", size },
      multipartUpload(`/projects/${projectId}`, { intent: "upload-design" }, size, floorCookie),
      multipartUpload(`/api/projects/${projectId}/design`, {}, size, floorCookie),
    ];
    const uploads = Array.from({ length: 16 }, (_, i) => kinds[i % kinds.length]!);
    const r = await flood(child.url, child.process.pid!, uploads);
    console.log(`16 × 49 MB signed-out/unauthorised posts: RSS ${r.before} MB before, ${r.peak} MB at most (${Math.round(r.ms)} ms)`);
    expect(r.peak).toBeLessThan(LIMIT_MB);
    // Each one is refused (401 signed out, 413 past the 64 KB everyone else may send) without its body being
    // kept: what the client still sends is read and thrown away so that it gets the answer (0 if it went first).
    for (const a of r.answers) expect([0, 401, 413]).toContain(a.status);
    // Nothing was written to disk.
    const designs = path.join(dataDir, "designs");
    expect(existsSync(designs) ? readdirSync(designs, { withFileTypes: true }).filter((e) => e.isFile()).length : 0).toBe(0);
    expect((await fetch(`${child.url}/healthz`)).status).toBe(200);
  });

  test("a 413 from the server has a body like any other error, past the upload limit too", async () => {
    for (const [upload, expectJson] of [
      [
        {
          method: "PUT",
          path: `/api/uploads/${"a".repeat(43)}`,
          headers: { "content-type": "application/pdf", cookie: admin.cookie! },
          size: 60 * MB,
          stall: true,
        },
        true,
      ],
      [multipartUpload(`/projects/${projectId}`, { intent: "upload-design" }, 60 * MB, { cookie: admin.cookie!, origin: child.url }), false],
      [multipartUpload(`/projects/${projectId}`, { intent: "upload-design" }, 60 * MB, {}), false],
    ] as const) {
      const answer = await send(child.url, { ...upload, stall: true });
      expect(answer.status).toBe(413);
      if (expectJson) expect(JSON.parse(answer.body).message).toMatch(/too large \(at most 50 MB here\)/);
      else expect(answer.body).toMatch(/^<!doctype html>[\s\S]*too large/i);
    }
  });
});

describe("a member's design uploads", () => {
  test(`six parallel 49 MB uploads are streamed to disk, two at a time: all stored, the server under ${LIMIT_MB} MB`, async () => {
    const size = 49 * MB;
    const links: string[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await fetch(`${child.url}/api/projects/${projectId}/design/upload-url`, { method: "POST", headers: admin, body: "{}" });
      links.push((await res.json()).uploadURL);
    }
    const uploads: Upload[] = links.map((link) => ({
      method: "PUT",
      path: link,
      headers: { "content-type": "application/pdf", cookie: admin.cookie! },
      prefix: "%PDF-",
      size: size - 5,
    }));
    const r = await flood(child.url, child.process.pid!, uploads);
    console.log(`6 × 49 MB uploads by a member: RSS ${r.before} MB before, ${r.peak} MB at most (${Math.round(r.ms)} ms)`);
    expect(r.answers.map((a) => a.status)).toEqual([200, 200, 200, 200, 200, 200]);
    expect(r.peak).toBeLessThan(LIMIT_MB);
    for (const a of r.answers) {
      const { uploadedPath, fileSize } = JSON.parse(a.body);
      expect(fileSize).toBe(size);
      expect(statSync(path.join(dataDir, uploadedPath)).size).toBe(size);
    }
  }, 120_000);

  test("without JavaScript: the multipart form on the project page is stored from disk, not memory", async () => {
    const upload = multipartUpload(`/projects/${projectId}`, { intent: "upload-design" }, 30 * MB, { cookie: admin.cookie!, origin: child.url });
    const r = await flood(child.url, child.process.pid!, [upload, upload]);
    console.log(`2 × 30 MB no-JavaScript uploads: RSS ${r.before} MB before, ${r.peak} MB at most`);
    expect(r.answers.map((a) => a.status)).toEqual([302, 302]);
    expect(r.peak).toBeLessThan(LIMIT_MB);
    const design = await (await fetch(`${child.url}/api/projects/${projectId}/design`, { headers: admin })).json();
    expect(design.fileName).toBe("big.pdf");
    expect(design.fileSize).toBe(30 * MB + "%PDF-1.7\n".length);
    // No temporary file is left behind.
    expect(readdirSync(path.join(dataDir, "designs")).filter((f) => f.startsWith(".upload-"))).toEqual([]);
  });
});
