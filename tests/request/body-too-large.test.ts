import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { signInHeaders, startChild, type Child } from "../helpers/child-server";

// A body over its route's limit, sent by real HTTP clients to a real `bun server.ts`: each client reads the 413 and
// its message. A client still sending when the server answers used to find the connection reset instead (Node's
// fetch: EPIPE every time, curl: 'Send failure: Broken pipe' now and then): the server reads the rest of the body
// and throws it away before it answers and closes.

const MB = 1024 * 1024;
let child: Child;
let dataDir: string;
let admin: Record<string, string>;
let projectId: number;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "shopflow-413-"));
  child = await startChild({ dataDir, env: { ADMIN_PIN: "1234", ADMIN_NAME: "Owner", MAX_UPLOAD_MB: "1" } });
  admin = await signInHeaders(child.url, "1234");
  const post = async (p: string, body: unknown) => {
    const res = await fetch(child.url + p, { method: "POST", headers: admin, body: JSON.stringify(body) });
    if (res.status >= 300) throw new Error(`${p}: ${res.status} ${await res.text()}`);
    return res.json();
  };
  await post("/api/departments", { name: "Production" });
  const wf = await post("/api/workflows", { name: "W", departmentSequence: ["production"] });
  projectId = (await post("/api/projects", { name: "Job", workflowId: wf.id })).id;
});
afterAll(async () => {
  child.process.kill("SIGTERM");
  await child.exited;
  rmSync(dataDir, { recursive: true, force: true });
});

type Answer = { status: number; body: string } | { error: string };

/** Node's own clients (fetch and http.request), run by node itself: what most integrations are written with. */
async function fromNode(request: { url: string; method: string; headers: Record<string, string>; size: number; multipart?: boolean }): Promise<Answer[]> {
  const script = path.join(dataDir, "client.mjs");
  writeFileSync(
    script,
    `import http from "node:http";
const r = JSON.parse(process.argv[2]);
const bytes = new Uint8Array(r.size).fill(97);
const out = [];
try {
  let body = bytes;
  const headers = { ...r.headers };
  if (r.multipart) {
    body = new FormData();
    body.append("intent", "upload-design");
    body.append("file", new Blob([bytes], { type: "application/pdf" }), "big.pdf");
  }
  const res = await fetch(r.url, { method: r.method, headers, body, redirect: "manual" });
  out.push({ status: res.status, body: await res.text() });
} catch (e) {
  out.push({ error: String(e.cause?.code ?? e.message) });
}
if (!r.multipart) {
  out.push(await new Promise((resolve) => {
    const req = http.request(r.url, { method: r.method, headers: { ...r.headers, "content-length": r.size } }, (res) => {
      let text = "";
      res.on("data", (c) => (text += c));
      res.on("end", () => resolve({ status: res.statusCode, body: text }));
    });
    req.on("error", (e) => resolve({ error: String(e.code ?? e.message) }));
    req.end(Buffer.from(bytes));
  }));
}
console.log(JSON.stringify(out));
`,
  );
  const run = Bun.spawn(["node", script, JSON.stringify(request)], { stdout: "pipe", stderr: "pipe" });
  const [out, err] = [await new Response(run.stdout).text(), await new Response(run.stderr).text()];
  await run.exited;
  if (!out.trim()) throw new Error(`node failed: ${err}`);
  return JSON.parse(out);
}

/** curl, as an administrator scripts it: `--data-binary @file`, with and without `Expect: 100-continue`. */
async function fromCurl(args: string[]): Promise<Answer> {
  const run = Bun.spawn(["curl", "-sS", "-w", "\n%{http_code}", ...args], { stdout: "pipe", stderr: "pipe" });
  const [out, err] = [await new Response(run.stdout).text(), await new Response(run.stderr).text()];
  if ((await run.exited) !== 0) return { error: err.trim() };
  const at = out.lastIndexOf("\n");
  return { status: Number(out.slice(at + 1)), body: out.slice(0, at) };
}

const message = (a: Answer) => ("error" in a ? a.error : `${a.status} ${a.body.startsWith("{") ? JSON.parse(a.body).message : a.body.slice(0, 15)}`);

describe("a body over its route's limit gets a readable 413 over a real socket", () => {
  test("JSON: 5 MB to the sign-in call, from Bun's fetch, Node's fetch and http.request, and curl", async () => {
    const url = `${child.url}/api/auth/verify-pin`;
    const expected = "413 The request body is too large (at most 64 KB here).";
    for (let i = 0; i < 3; i++) {
      const res = await fetch(url, { method: "POST", headers: { "content-type": "application/json" }, body: "a".repeat(5 * MB) });
      expect(message({ status: res.status, body: await res.text() })).toBe(expected);
    }
    for (let i = 0; i < 3; i++) {
      const answers = await fromNode({ url, method: "POST", headers: { "content-type": "application/json" }, size: 5 * MB });
      expect(answers.map(message)).toEqual([expected, expected]);
    }
    const file = path.join(dataDir, "big.json");
    writeFileSync(file, "a".repeat(5 * MB));
    for (let i = 0; i < 3; i++) {
      for (const expect100 of [[], ["-H", "Expect:"]]) {
        const answer = await fromCurl([...expect100, "-X", "POST", "-H", "content-type: application/json", "--data-binary", `@${file}`, url]);
        expect(message(answer)).toBe(expected);
      }
    }
    // A write by someone signed out (a 401 before anything is read) gets its answer the same way.
    const [signedOut] = await fromNode({ url: `${child.url}/api/items`, method: "POST", headers: { "content-type": "application/json" }, size: 5 * MB });
    expect(message(signedOut!)).toBe("401 Authentication required");
  }, 60_000);

  test("multipart: a design over MAX_UPLOAD_MB, to /api and to the project page, declared or chunked", async () => {
    const api = `${child.url}/api/projects/${projectId}/design`;
    const page = `${child.url}/projects/${projectId}`;
    const cookie = admin.cookie!;
    for (let i = 0; i < 2; i++) {
      const [json] = await fromNode({ url: api, method: "POST", headers: { cookie }, size: 3 * MB, multipart: true });
      expect(message(json!)).toBe("413 The request body is too large (at most 1 MB here).");
      const [html] = await fromNode({ url: page, method: "POST", headers: { cookie, origin: child.url }, size: 3 * MB, multipart: true });
      expect(message(html!)).toBe("413 <!doctype html>");
      expect((html as { body: string }).body).toMatch(/too large/);
    }
    // Chunked (no Content-Length): read as it comes, the file stops at the limit, and the answer still arrives.
    const file = path.join(dataDir, "big.pdf");
    writeFileSync(file, `%PDF-1.7\n${"a".repeat(3 * MB)}`);
    for (let i = 0; i < 2; i++) {
      const answer = await fromCurl(["-H", `cookie: ${cookie}`, "-H", "Transfer-Encoding: chunked", "-F", `file=@${file};type=application/pdf`, api]);
      expect(message(answer)).toBe("413 The file is too large (at most 1 MB).");
    }
  }, 60_000);

  test("the server still answers, and the design upload within the limit works", async () => {
    const ok = await fetch(`${child.url}/healthz`);
    expect(ok.status).toBe(200);
    const form = new FormData();
    form.append("file", new Blob([`%PDF-1.7\n${"a".repeat(100_000)}`], { type: "application/pdf" }), "small.pdf");
    const res = await fetch(`${child.url}/api/projects/${projectId}/design`, { method: "POST", headers: { cookie: admin.cookie! }, body: form });
    expect(res.status).toBe(201);
  });
});
