import { afterEach, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { sql } from "drizzle-orm";
import type { createApp, Client } from "../helpers/app";
import { countStatements, hooks } from "../helpers/app";
import { seedShop } from "../helpers/shop";

const { pageDataETag, forecastStatus } = hooks;

// A live page's data (React Router's `<page>.data`) answers 304 Not Modified to the validator of its last answer
// while nothing the page shows has changed, and runs its loaders again once something has (decision 0034).

let app: ReturnType<typeof createApp>;
let admin: Client;
let operator: Client;
let projectId: number;
let otherProjectId: number;
let itemId: number;
let otherItemId: number;

afterEach(() => setSystemTime());

beforeEach(async () => {
  ({
    app,
    clients: { admin, operator },
    projectIds: [projectId, otherProjectId],
    itemIds: [itemId, otherItemId],
  } = await seedShop({
    ipBase: "10.34.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, operator: { name: "Otto", pin: "2222", keys: ["production"] } },
    departments: ["Production", "Installation", { name: "HP Latex 800", isMachine: true }, { name: "Zund G3", isMachine: true }],
    categories: [{ name: "Banner", departmentSequence: ["production", "installation"] }],
    workflow: { name: "W", departmentSequence: ["production", "installation"] },
    projects: [{ name: "Bakery" }, { name: "Hospital" }],
    items: [
      { name: "Lobby Banner", category: "Banner" },
      { name: "Ward Sign", category: "Banner", project: 1 },
    ],
  }));
});

/** GET a page's data as a live reload does: with the validator it last got, if any. */
async function data(c: Client, page: string, etag?: string | null) {
  const u = new URL(page, "http://localhost");
  const res = await c.request(`${u.pathname}.data${u.search}`, etag ? { headers: { "if-none-match": etag } } : {});
  return { status: res.status, etag: res.headers.get("etag"), body: await res.text(), headers: res.headers };
}

const scan = async (c: Client, id: number, verb: "start-timer" | "end-timer") =>
  expect((await c.request(`/api/items/${id}/${verb}`, { method: "POST" })).status).toBe(200);
const addFile = async (fileName: string, machine: string) =>
  expect((await admin.request("/api/machine-ready-files", { method: "POST", json: { fileName, machine, projectId } })).status).toBe(201);

describe("a live page's data answers 304 while nothing it shows changed", () => {
  test("the floor and a machine's queue: 304 after a scan (they show no timers), 200 with the new data after a file is added", async () => {
    const floor = await data(operator, "/production");
    expect(floor.status).toBe(200);
    expect(floor.etag).toMatch(/^W\/"[A-Za-z0-9_-]+"$/);
    const queue = await data(operator, "/production/hp-latex-800");
    const zund = await data(operator, "/production/zund-g3");
    expect([queue.status, zund.status]).toEqual([200, 200]);

    // Nothing changed: no body, no loader run.
    const again = await data(operator, "/production", floor.etag);
    expect(again.status).toBe(304);
    expect(again.body).toBe("");
    expect(again.etag).toBe(floor.etag);
    expect(again.headers.get("cache-control")).toBe("no-store");

    // A scan changes an item's timer and department: neither screen shows either.
    await scan(operator, itemId, "start-timer");
    expect((await data(operator, "/production", floor.etag)).status).toBe(304);
    expect((await data(operator, "/production/hp-latex-800", queue.etag)).status).toBe(304);

    // A file for the HP Latex: its queue and the floor's count change; the Zund's queue does not.
    await addFile("latex-banner-01.pdf", "hp-latex-800");
    const queueAfter = await data(operator, "/production/hp-latex-800", queue.etag);
    expect(queueAfter.status).toBe(200);
    expect(queueAfter.body).toContain("latex-banner-01.pdf");
    expect(queueAfter.etag).not.toBe(queue.etag);
    const floorAfter = await data(operator, "/production", floor.etag);
    expect(floorAfter.status).toBe(200);
    expect(floorAfter.etag).not.toBe(floor.etag);
    expect((await data(operator, "/production/zund-g3", zund.etag)).status).toBe(304);
    // And the new validators hold in turn.
    expect((await data(operator, "/production/hp-latex-800", queueAfter.etag)).status).toBe(304);
  });

  test("the board and a project's page follow the scans they show", async () => {
    const board = await data(admin, "/board");
    const project = await data(admin, `/projects/${projectId}`);
    const other = await data(admin, `/projects/${otherProjectId}`);
    expect([board.status, project.status, other.status]).toEqual([200, 200, 200]);
    expect((await data(admin, "/board", board.etag)).status).toBe(304);
    expect((await data(admin, `/projects/${projectId}`, project.etag)).status).toBe(304);

    await scan(admin, itemId, "start-timer");
    const boardAfter = await data(admin, "/board", board.etag);
    expect(boardAfter.status).toBe(200);
    expect(boardAfter.etag).not.toBe(board.etag);
    const projectAfter = await data(admin, `/projects/${projectId}`, project.etag);
    expect(projectAfter.status).toBe(200);
    // The item's running session is in the new answer.
    expect(projectAfter.body).toMatch(/"sessionStart",\d{13}\b/);
    expect(project.body).not.toMatch(/"sessionStart",\d{13}\b/);
    expect((await data(admin, "/board", boardAfter.etag)).status).toBe(304);
    expect((await data(admin, `/projects/${projectId}`, projectAfter.etag)).status).toBe(304);
  });

  test("TVs that reload together share one board; a scan, or a second's wait, makes a new one", async () => {
    // The clock stands still until the test moves it: "right after" and "a second later" are the test's, not the
    // machine's speed.
    const t0 = Date.now();
    setSystemTime(new Date(t0));
    // The finish-date forecast reads what changed once, on the first read after it (decision 0038): brought up to date
    // first, so the counts are the board's own.
    const boardQueries = (c: Client, page = "/board") => (forecastStatus(), countStatements(async () => void (await data(c, page))));
    const first = await boardQueries(admin);
    // Another screen right after: the same board, only its own session read again.
    const second = await boardQueries(operator);
    expect(second).toBeLessThan(first - 3);
    await scan(admin, itemId, "start-timer");
    expect(await boardQueries(operator)).toBe(first);
    // A change no notice announces (made outside the app) shows once the second is over, as it did before.
    // Stopped, the item moves on to Production, a column of the board: at once.
    await data(operator, "/board");
    await scan(admin, itemId, "end-timer");
    expect((await data(operator, "/board")).body).toContain("Lobby Banner");
    app.db.$client.run("UPDATE items SET name = 'Renamed Outside' WHERE id = ?", [itemId]);
    setSystemTime(new Date(t0 + 1_050));
    expect((await data(operator, "/board")).body).toContain("Renamed Outside");
    setSystemTime();
  });

  test("a TV's live reload that names the notice it has seen gets the board made for that notice, even after another scan", async () => {
    const streamId = async () => {
      // The event id a stream starts at names the last notice so far.
      const abort = new AbortController();
      const res = await admin.request("/api/events", { signal: abort.signal });
      const reader = res.body!.getReader();
      let text = "";
      while (!text.includes("event: ready")) text += new TextDecoder().decode((await reader.read()).value);
      abort.abort();
      return /^id: (.+)$/m.exec(text)![1]!;
    };
    // The forecast brought up to date first, as above: the counts are the board's own.
    const seenBoard = (c: Client, seen: string) => (
      forecastStatus(), countStatements(async () => void (await c.request("/board.data", { headers: { "x-live-seen": seen } })).arrayBuffer())
    );
    await scan(admin, itemId, "start-timer");
    const seen = await streamId();
    const full = await seenBoard(admin, seen);
    // Another scan: the versions move on, but the board made just now shows everything up to `seen`.
    await scan(admin, otherItemId, "start-timer");
    expect(await seenBoard(operator, seen)).toBeLessThan(full - 3);
    // A TV that has seen the new scan gets a new board, as does one that names no notice.
    const newer = await streamId();
    expect(newer).not.toBe(seen);
    expect(await seenBoard(operator, newer)).toBe(full);
    await scan(admin, itemId, "end-timer");
    forecastStatus();
    expect(await countStatements(async () => void (await data(operator, "/board")))).toBe(full);
    // An id this process did not issue (another epoch, nonsense) counts for nothing.
    await scan(admin, otherItemId, "end-timer");
    expect(await seenBoard(operator, "0-1")).toBe(full);
  });

  test("a change to what every page reads (a department renamed, the shop's settings) ends every page's validator", async () => {
    const floor = await data(operator, "/production");
    const queue = await data(operator, "/production/zund-g3");
    const list = (await (await admin.request("/api/departments")).json()) as { id: number; value: string }[];
    const zund = list.find((d) => d.value === "zund-g3")!;
    expect((await admin.request(`/api/departments/${zund.id}`, { method: "PATCH", json: { name: "Zund G3 XL" } })).status).toBe(200);
    const floorAfter = await data(operator, "/production", floor.etag);
    expect(floorAfter.status).toBe(200);
    expect(floorAfter.body).toContain("Zund G3 XL");
    expect((await data(operator, "/production/zund-g3", queue.etag)).status).toBe(200);
  });

  test("a validator does not outlive its minute: relative times and 'today' move with the clock", () => {
    const request = (cookie: string) => new Request("http://localhost/production.data", { headers: { cookie } });
    const cookie = [...operator.cookies()].map(([k, v]) => `${k}=${v}`).join("; ");
    const rules = { id: "production", pattern: "/production", params: {}, methods: null, body: () => null };
    const at = Date.UTC(2026, 10, 26, 9, 30, 10);
    const first = pageDataETag(request(cookie), rules, "v1", at);
    expect(first).not.toBeNull();
    expect(pageDataETag(request(cookie), rules, "v1", at + 40_000)).toBe(first);
    expect(pageDataETag(request(cookie), rules, "v1", at + 60_000)).not.toBe(first);
    // A new build is another program: nothing it answered before counts.
    expect(pageDataETag(request(cookie), rules, "v2", at)).not.toBe(first);
  });

  test("only live pages' data is validated: their documents and other pages' data always run", async () => {
    const page = await operator.request("/production");
    expect(page.status).toBe(200);
    expect(page.headers.get("etag")).toBeNull();
    const items = await data(admin, "/settings");
    expect(items.status).toBe(200);
    expect(items.etag).toBeNull();
  });
});

describe("who asks is part of the validator", () => {
  test("two members never get each other's 304, nor two sessions of one member", async () => {
    const mine = await data(admin, "/production");
    const theirs = await data(operator, "/production", mine.etag);
    expect(theirs.status).toBe(200);
    expect(theirs.etag).not.toBe(mine.etag);
    // The same member signed in on a second device: its own session, its own validators.
    const second = app.client("10.34.0.9");
    await second.signIn("4321");
    const other = await data(second, "/production", mine.etag);
    expect(other.status).toBe(200);
    expect(other.etag).not.toBe(mine.etag);
    expect((await data(admin, "/production", mine.etag)).status).toBe(304);
  });

  test("signed out, or with a session that has ended, the data request gets its sign-in answer, not a 304", async () => {
    const { etag } = await data(operator, "/production");
    const cookie = [...operator.cookies()].map(([k, v]) => `${k}=${v}`).join("; ");
    const asBefore = () => app.client("10.34.0.10").request("/production.data", { headers: { cookie, "if-none-match": etag! } });
    expect((await asBefore()).status).toBe(304);

    // The session idles out.
    app.db.run(sql`UPDATE sessions SET last_seen_at = last_seen_at - ${721 * 60_000}`);
    hooks.forgetSessions();
    const expired = await asBefore();
    expect(expired.status).toBe(401);
    expect(expired.headers.get("etag")).toBeNull();
    expect(await expired.text()).toContain("Sign in with your 4-digit PIN to open this page.");

    // No cookie at all.
    const stranger = await app.client("10.34.0.11").request("/production.data", { headers: { "if-none-match": etag! } });
    expect(stranger.status).toBe(401);
    expect(await stranger.text()).toContain("Sign in with your 4-digit PIN to open this page.");
  });

  test("a member who may not see the page gets its refusal, whatever validator it sends", async () => {
    const { etag } = await data(admin, "/pre-production");
    const refused = await data(operator, "/pre-production", etag);
    expect(refused.status).not.toBe(304);
    expect(refused.status).not.toBe(200);
    expect(refused.etag).toBeNull();
  });

  test("a board link's validator ends with the link: revoked, the board says so", async () => {
    const made = await admin.request("/settings/boards", { method: "POST", form: { intent: "create", name: "TV" } });
    const key = /board\?key=([A-Za-z0-9_-]+)/.exec(await made.text())![1]!;
    const tv = app.client("10.34.0.12");
    const board = await data(tv, `/board?key=${key}`);
    expect(board.status).toBe(200);
    expect((await data(tv, `/board?key=${key}`, board.etag)).status).toBe(304);
    // A signed-in member on the same board address is someone else.
    expect((await data(admin, `/board?key=${key}`, board.etag)).status).toBe(200);
    const id = (app.db.$client.query("SELECT id FROM board_keys").get() as { id: number }).id;
    expect((await admin.request("/settings/boards", { method: "POST", form: { intent: "revoke", id: String(id) } })).status).toBe(302);
    const revoked = await data(tv, `/board?key=${key}`, board.etag);
    expect(revoked.status).toBe(401);
  });

  test("a flash toast waiting in a cookie is delivered: that request runs its loaders", async () => {
    const { etag } = await data(admin, "/production");
    // A save that redirects with a toast leaves it in a cookie for the next page load.
    const saved = await admin.request("/settings/boards", { method: "POST", form: { intent: "revoke", id: "999" } });
    expect(saved.status).toBe(302);
    expect([...admin.cookies().keys()].some((k) => k.endsWith("shopflow_toast"))).toBe(true);
    const withToast = await data(admin, "/production", etag);
    expect(withToast.status).toBe(200);
    expect(withToast.body).toContain("Board link not found");
    // The answer that cleared the cookie has no validator: the next one is a full answer, then 304s again.
    expect(withToast.etag).toBeNull();
    const next = await data(admin, "/production", etag);
    expect(next.status).toBe(304);
  });
});
