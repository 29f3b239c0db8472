import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { addMember, build, createApp } from "../helpers/app";
import { routePaths } from "../helpers/routes";

// HTTP for every route, present and future (the walk reads the routes from the build): a 405 names what the
// route takes (Allow) in the route's own kind of body, OPTIONS lists only those methods, HEAD has the headers
// of the GET it stands for, PDFs offer byte ranges, a 413 has a body like any other error. Through a real
// Bun.serve, which is what sends HEAD answers and decides Content-Length.

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];
let app: ReturnType<typeof createApp>;
let server: ReturnType<typeof Bun.serve>;
let base: string;
let cookie = "";

async function signIn() {
  const res = await fetch(`${base}/api/auth/verify-pin`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ pinCode: "4321" }),
  });
  expect(res.status).toBe(200);
  cookie = res.headers.getSetCookie()[0]!.split(";")[0]!;
}

/** A request as the admin; signed in again when an earlier request (a logout) ended the session. */
async function send(path: string, method: string, init: { headers?: Record<string, string>; body?: string } = {}) {
  const go = () => {
    const isApi = path.startsWith("/api/");
    const write = !["GET", "HEAD", "OPTIONS"].includes(method);
    const headers: Record<string, string> = {
      cookie,
      "accept-encoding": "gzip",
      ...(write ? { "content-type": isApi ? "application/json" : "application/x-www-form-urlencoded" } : {}),
      ...init.headers,
    };
    return fetch(`${base}${path}`, { method, headers, body: write ? (init.body ?? (isApi ? "{}" : "")) : undefined, redirect: "manual" });
  };
  let res = await go();
  if (res.status === 401) {
    await res.body?.cancel();
    await signIn();
    res = await go();
  }
  return res;
}

beforeAll(async () => {
  app = createApp({ MAX_UPLOAD_MB: "0.05" });
  addMember("Ada Admin", "4321", ["management"]);
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req, srv) => app.fetch(req, srv) });
  base = `http://127.0.0.1:${server.port}`;
  await signIn();
});
afterAll(() => server.stop(true));

// Ids that exist nowhere: a DELETE or PATCH the walk sends changes nothing.
const paths = () => routePaths(build).map((p) => p.replace(/\/1(?=\/|$|\.)/g, "/999999"));

describe("every route", () => {
  test("OPTIONS lists only the methods the route answers; every other method gets 405 with that Allow and the route's kind of body", async () => {
    let refused = 0;
    for (const path of paths()) {
      const options = await send(path, "OPTIONS");
      expect(`${path}: ${options.status}`).toBe(`${path}: 204`);
      const allow = options.headers.get("allow")!.split(/,\s*/);
      expect(allow).toContain("OPTIONS");
      if (allow.includes("GET")) expect(allow).toContain("HEAD");
      for (const method of METHODS) {
        const res = await send(path, method);
        if (allow.includes(method)) {
          // The route really answers it (with its own refusal of this empty request, perhaps, but not 405).
          await res.body?.cancel();
          expect(`${method} ${path}: ${res.status}`).not.toBe(`${method} ${path}: 405`);
          continue;
        }
        const body = method === "HEAD" ? "" : await res.text();
        refused++;
        expect(`${method} ${path}: ${res.status} ${res.headers.get("allow")}`).toBe(`${method} ${path}: 405 ${allow.join(", ")}`);
        if (method === "HEAD") continue;
        if (path.startsWith("/api/")) expect(JSON.parse(body).message).toMatch(/^Method not allowed/);
        else expect(body).toMatch(/^<!doctype html>[\s\S]*Not Allowed/i);
      }
    }
    expect(refused).toBeGreaterThan(150);
  }, 120_000);

  test("HEAD answers with the headers of GET (status, type, encoding, length) and no body", async () => {
    const volatile = new Set(["date", "set-cookie", "etag", "last-modified"]);
    let compared = 0;
    for (const path of paths()) {
      const options = await send(path, "OPTIONS");
      if (!options.headers.get("allow")!.includes("GET")) continue;
      const get = await send(path, "GET");
      // The event stream never ends: its headers are what there is to compare.
      const length = get.headers.get("content-type")?.startsWith("text/event-stream") ? null : (await get.arrayBuffer()).byteLength;
      if (length === null) await get.body?.cancel();
      const head = await send(path, "HEAD");
      expect(await head.text()).toBe("");
      // A page's script nonce is new on every answer.
      // A page's length changes with its nonce (a few bytes once compressed): there, only that both have one.
      const html = get.headers.get("content-type")?.startsWith("text/html");
      const headers = (r: Response) =>
        [...r.headers]
          .filter(([k]) => !volatile.has(k))
          .map(([k, v]) => [k, html && k === "content-length" ? "(a length)" : v])
          .map(([k, v]) => [k, v.replace(/'nonce-[^']+'/g, "'nonce-…'")])
          .sort();
      expect(`${path}: ${head.status} ${JSON.stringify(headers(head))}`).toBe(`${path}: ${get.status} ${JSON.stringify(headers(get))}`);
      if (get.headers.has("content-length") && !html) expect(Number(head.headers.get("content-length"))).toBe(length!);
      compared++;
    }
    expect(compared).toBeGreaterThan(40);
  }, 120_000);
});

describe("PDFs and large bodies", () => {
  const PDF = `%PDF-1.7\n${"x".repeat(4000)}\n%%EOF\n`;

  let projectId = 0;
  async function project(): Promise<number> {
    if (projectId) return projectId;
    await send("/api/departments", "POST", { body: JSON.stringify({ name: "Production" }) });
    const wf = await (await send("/api/workflows", "POST", { body: JSON.stringify({ name: "W", departmentSequence: ["production"] }) })).json();
    await send("/api/categories", "POST", { body: JSON.stringify({ name: "Signs", departmentSequence: ["production"] }) });
    projectId = (await (await send("/api/projects", "POST", { body: JSON.stringify({ name: "Job", description: "d", workflowId: wf.id }) })).json()).id;
    return projectId;
  }

  async function design(): Promise<string> {
    const form = new FormData();
    form.set("file", new File([PDF], "Big sign.pdf", { type: "application/pdf" }));
    const res = await fetch(`${base}/api/projects/${await project()}/design`, { method: "POST", headers: { cookie }, body: form });
    expect(res.status).toBe(201);
    return `/api/pdf-proxy?url=${encodeURIComponent((await res.json()).filePath)}`;
  }

  test("a design PDF says Accept-Ranges: bytes, and a Range request gets 206 with just those bytes (416 outside it)", async () => {
    const url = await design();
    const whole = await send(url, "GET", { headers: { "accept-encoding": "identity" } });
    expect(whole.status).toBe(200);
    expect(whole.headers.get("accept-ranges")).toBe("bytes");
    expect(await whole.text()).toBe(PDF);
    const head = await send(url, "HEAD");
    expect(head.headers.get("content-length")).toBe(String(PDF.length));
    expect(head.headers.get("accept-ranges")).toBe("bytes");

    const first = await send(url, "GET", { headers: { range: "bytes=0-9" } });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-9/${PDF.length}`);
    expect(first.headers.get("content-length")).toBe("10");
    expect(await first.text()).toBe(PDF.slice(0, 10));
    const last = await send(url, "GET", { headers: { range: "bytes=-6" } });
    expect(last.status).toBe(206);
    expect(await last.text()).toBe(PDF.slice(-6));
    const open = await send(url, "GET", { headers: { range: `bytes=${PDF.length - 3}-` } });
    expect(await open.text()).toBe(PDF.slice(-3));
    const outside = await send(url, "GET", { headers: { range: `bytes=${PDF.length + 10}-` } });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${PDF.length}`);
    expect((await outside.json()).message).toContain("outside this file");
  });

  test("a label PDF offers ranges too", async () => {
    const created = await send("/api/items", "POST", { body: JSON.stringify({ name: "Letter A", category: "Signs", projectId: await project() }) });
    expect(created.status).toBe(201);
    const item = await created.json();
    const label = await send(`/items/${item.id}/label.pdf`, "GET");
    expect(label.status).toBe(200);
    expect(label.headers.get("accept-ranges")).toBe("bytes");
    const size = (await label.arrayBuffer()).byteLength;
    const part = await send(`/items/${item.id}/label.pdf`, "GET", { headers: { range: "bytes=0-4" } });
    expect(part.status).toBe(206);
    expect(part.headers.get("content-range")).toBe(`bytes 0-4/${size}`);
    expect(await part.text()).toBe("%PDF-");
  });

  test("a 413 has a JSON body on /api and a page elsewhere, also past the design upload's limit", async () => {
    const big = "x".repeat(100 * 1024);
    const api = await send("/api/projects", "POST", { body: JSON.stringify({ name: big }) });
    expect(api.status).toBe(413);
    expect((await api.json()).message).toMatch(/too large \(at most 64 KB here\)/);
    const page = await send("/projects", "POST", { body: `name=${big}` });
    expect(page.status).toBe(413);
    expect(await page.text()).toMatch(/^<!doctype html>[\s\S]*too large/i);
    // Beyond MAX_UPLOAD_MB (0.05 here) on the upload route itself: the layer's JSON, not the server's empty 413.
    const link = await (await send("/api/projects/999999/design/upload-url", "POST")).status;
    expect(link).toBe(404);
    const put = await send(`/api/uploads/${"a".repeat(43)}`, "PUT", { headers: { "content-type": "application/pdf" }, body: `%PDF-${"x".repeat(200 * 1024)}` });
    expect(put.status).toBe(413);
    expect((await put.json()).message).toMatch(/too large/);
  });
});
