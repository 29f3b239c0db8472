import { beforeEach, expect, test } from "bun:test";
import { BOARD_LINK_INVALID } from "~/domain/board-messages";
import { type createApp, visibleHtml, type Client } from "../helpers/app";
import { seedShop } from "../helpers/shop";

// TV board: management makes read-only links; a link opens the board and its event stream and
// nothing else; revoking it closes both; the board shows what runs, what waits (rush first), today's completions
// and the machine queues.

let app: ReturnType<typeof createApp>;
let admin: Client;
let operator: Client;
let tv: Client;
let projectId: number;
let rushProjectId: number;

const postForm = (c: Client, path: string, form: Record<string, string>) => c.request(path, { method: "POST", form });

async function makeLink(name = "Shop floor TV") {
  const res = await postForm(admin, "/settings/boards", { intent: "create", name });
  expect(res.status).toBe(200);
  const html = await visibleHtml(res);
  const link = /data-testid="board-link">([^<]+)</.exec(html)?.[1];
  expect(link).toBeTruthy();
  return new URL(link!.replace(/&amp;/g, "&")).searchParams.get("key")!;
}

beforeEach(async () => {
  ({
    app,
    clients: { admin, operator },
    projectIds: [projectId, rushProjectId],
  } = await seedShop({
    ipBase: "10.9.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, operator: { name: "Otto", pin: "2222", keys: ["production"] } },
    // Work departments are board columns; machine stations get a queue length.
    departments: ["Production", "Installation", { name: "HP Latex 800", isMachine: true }],
    categories: [{ name: "Banner", departmentSequence: ["production", "installation"] }],
    workflow: { name: "W", departmentSequence: ["production", "installation"] },
    projects: [{ name: "Bakery" }, { name: "Hospital", priority: "rush" }],
  }));
  tv = app.client("10.9.0.3");
});

test("a board link opens the board and its stream, marks itself used, and is listed; revoked, it opens nothing", async () => {
  const key = await makeLink();
  const list = await visibleHtml(await admin.request("/settings/boards"));
  expect(list).toContain("Shop floor TV");
  expect(list).not.toContain(key);
  const board = await tv.request(`/board?key=${key}`);
  expect(board.status).toBe(200);
  const html = await visibleHtml(board);
  expect(html).toContain("Shop Floor");
  expect(html).toContain("Production");
  const stream = await tv.request(`/api/events?key=${key}`, { signal: AbortSignal.timeout(500) });
  expect(stream.status).toBe(200);
  expect(stream.headers.get("content-type")).toStartWith("text/event-stream");
  await stream.body?.cancel().catch(() => undefined);
  expect(await visibleHtml(await admin.request("/settings/boards"))).not.toContain("Never");

  const id = (app.db.$client.query("SELECT id FROM board_keys").get() as { id: number }).id;
  const revoked = await postForm(admin, "/settings/boards", { intent: "revoke", id: String(id) });
  expect(revoked.status).toBe(302);
  const after = await tv.request(`/board?key=${key}`);
  expect(after.status).toBe(401);
  expect(await visibleHtml(after)).toContain(BOARD_LINK_INVALID);
  const events = await tv.request(`/api/events?key=${key}`);
  expect(events.status).toBe(401);
  expect(await events.json()).toEqual({ message: BOARD_LINK_INVALID });
  expect((await tv.request("/board?key=not-a-real-key")).status).toBe(401);
});

test("a board key opens nothing but the board: every other page and call treats it as signed out", async () => {
  const key = await makeLink();
  const pages = [
    "/",
    "/projects",
    `/projects/${projectId}`,
    "/items",
    "/production",
    "/pre-production",
    "/workflows",
    "/settings",
    "/settings/boards",
    "/qr-scanner",
    "/department-views",
  ];
  for (const path of pages) {
    const res = await tv.request(`${path}${path.includes("?") ? "&" : "?"}key=${key}`);
    expect([200, 302, 401, 403], path).toContain(res.status);
    const html = await res.text();
    expect(html, path).not.toContain("Bakery");
    if (res.status === 200) expect(html, path).not.toContain("Logout");
  }
  for (const path of ["/api/projects", "/api/items", `/api/projects/${projectId}`, "/api/team-members", "/api/machine-ready-files"]) {
    const res = await tv.request(`${path}?key=${key}`);
    expect(res.status, path).toBe(401);
  }
  const write = await tv.request(`/api/scans?key=${key}`, { method: "POST", json: { code: "1" } });
  expect(write.status).toBe(401);
});

test("only management makes board links; a board needs a key or a signed-in member", async () => {
  expect((await operator.request("/settings/boards")).status).toBe(403);
  expect((await postForm(operator, "/settings/boards", { intent: "create", name: "Mine" })).status).toBe(403);
  const empty = await postForm(admin, "/settings/boards", { intent: "create", name: "  " });
  expect(empty.status).toBe(400);
  expect(await visibleHtml(empty)).toContain("Board name is required");
  expect((await tv.request("/board")).status).not.toBe(200);
  expect((await operator.request("/board")).status).toBe(200);
});

test("the board: running items with their project (rush first), waiting rush items first, today's completions, machine queues", async () => {
  const mk = async (name: string, pid: number) =>
    (await (await admin.request("/api/items", { method: "POST", json: { name, category: "Banner", projectId: pid, department: "production" } })).json())
      .id as number;
  const calm = await mk("Calm banner", projectId);
  const urgent = await mk("Urgent banner", rushProjectId);
  await mk("Waiting normal", projectId);
  await mk("Waiting rush", rushProjectId);
  const done = await mk("Done banner", projectId);
  await operator.request(`/api/items/${calm}/start-timer`, { method: "POST" });
  await operator.request(`/api/items/${urgent}/start-timer`, { method: "POST" });
  await operator.request(`/api/items/${done}/start-timer`, { method: "POST" });
  await operator.request(`/api/items/${done}/end-timer`, { method: "POST" });
  await admin.request("/api/machine-ready-files", { method: "POST", json: { name: "F", fileName: "f.pdf", machine: "hp-latex-800" } });
  const key = await makeLink();
  const html = await visibleHtml(await tv.request(`/board?key=${key}`));
  const column = (value: string) => {
    const from = html.indexOf(`data-testid="board-${value}"`);
    return html.slice(from, html.indexOf("</section>", from));
  };
  const production = column("production");
  expect(production).toMatch(/Running<\/dt><dd[^>]*>2</);
  expect(production).toMatch(/Waiting<\/dt><dd[^>]*>2</);
  expect(production.indexOf("Urgent banner")).toBeLessThan(production.indexOf("Calm banner"));
  expect(production.indexOf("Waiting rush")).toBeLessThan(production.indexOf("Waiting normal"));
  expect(production).toContain("Hospital");
  const installation = column("installation");
  expect(installation).toMatch(/Done today<\/dt><dd[^>]*>0</);
  expect(production).toMatch(/Done today<\/dt><dd[^>]*>1</);
  expect(html).toMatch(/HP Latex 800<\/span>: <span[^>]*>1<\/span> waiting/);
});
