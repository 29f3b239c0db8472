import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { signInHeaders, startChild, type Child } from "../helpers/child-server";
import { until } from "../helpers/wait";

// A client that goes away in the middle of its request's body (a phone leaving the Wi-Fi, a killed script), over a
// real socket to a real `bun server.ts`: the server notes it in one line, logs no error and no stack, and what the
// request had taken (an upload link, an upload's turn) is left as it was.

let child: Child;
let dataDir: string;
let admin: Record<string, string>;
let projectId: number;
const NOTE = /client closed the connection before its request body arrived/g;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), "shopflow-gone-"));
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

/** Sends the head of a request that declares `declared` bytes, then `sent` of them, then closes the socket. */
function sendPart(method: string, target: string, headers: Record<string, string>, declared: number, sent: string): Promise<void> {
  const { port } = new URL(child.url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), "127.0.0.1", () => {
      const lines = Object.entries({ ...headers, host: `127.0.0.1:${port}`, "content-length": String(declared) }).map(([k, v]) => `${k}: ${v}`);
      socket.write(`${method} ${target} HTTP/1.1\r\n${lines.join("\r\n")}\r\n\r\n${sent}`, () => socket.end());
    });
    socket.on("error", reject);
    socket.on("close", () => resolve());
  });
}

const notes = () => child.output().match(NOTE)?.length ?? 0;

describe("a client that closes the connection mid-body", () => {
  test("JSON, a page form, a design upload and a multipart form: one line each, no error, no stack", async () => {
    const { cookie, origin } = admin as { cookie: string; origin: string };
    const before = child.output().length;
    const { uploadURL } = await (await fetch(`${child.url}/api/projects/${projectId}/design/upload-url`, { method: "POST", headers: admin })).json();
    const cases: [string, string, Record<string, string>, string][] = [
      ["POST", "/api/materials", { cookie, origin, "content-type": "application/json" }, '{"name": "Vi'],
      ["POST", "/login", { origin, "content-type": "application/x-www-form-urlencoded" }, "pinCode=12"],
      ["PUT", uploadURL, { cookie, origin, "content-type": "application/pdf" }, "%PDF-1.7\n1 0 obj"],
      [
        "POST",
        `/api/projects/${projectId}/design`,
        { cookie, origin, "content-type": "multipart/form-data; boundary=x" },
        '--x\r\nContent-Disposition: form-data; name="file"; filename="a.pdf"\r\n\r\n%PDF-1.7',
      ],
    ];
    for (const [i, [method, target, headers, sent]] of cases.entries()) {
      await sendPart(method, target, headers, 5000, sent);
      expect(await until(() => notes() >= i + 1)).toBe(true);
    }
    const log = child.output().slice(before);
    expect(log).not.toContain("AbortError");
    expect(log).not.toMatch(/^\s+at /m);
    expect(log.match(NOTE)).toHaveLength(4);
    // The upload link was not used up, and the upload turns were given back: the same link takes the PDF now.
    const put = await fetch(child.url + uploadURL, {
      method: "PUT",
      headers: { cookie, origin, "content-type": "application/pdf" },
      body: "%PDF-1.7\n%%EOF\n",
    });
    expect(put.status).toBe(200);
    expect((await fetch(`${child.url}/healthz`)).status).toBe(200);
  }, 60_000);
});
