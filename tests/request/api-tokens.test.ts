import { beforeEach, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { type createApp, visibleHtml, type Client } from "../helpers/app";
import { bakery, seedShop } from "../helpers/shop";

// API tokens (decision 0041): made by management in Global Settings, shown once and stored as a hash; on
// /api only, each request judged by the token's scopes; every use audited under its name; a rate limit of its
// own; a page with a token stays signed out.

let app: ReturnType<typeof createApp>;
let admin: Client;
let operator: Client;
let program: Client;
let projectId: number;
let itemId: number;
let workflowId: number;

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

/** Makes a token on the settings page as management does (no JavaScript: a plain form post); returns it. */
async function makeToken(name: string, scopes: string[]): Promise<string> {
  const body = new URLSearchParams({ intent: "create", name });
  for (const s of scopes) body.append("scopes", s);
  const res = await admin.request("/settings/api-tokens", {
    method: "POST",
    body: body.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  expect(res.status).toBe(200);
  const html = await visibleHtml(res);
  expect(html).toContain(`API token for ${name} made. Copy it now: it is not shown again.`);
  return /value="(sfk_[A-Za-z0-9_-]{43})"/.exec(html)![1]!;
}

const bearer = (token: string, init: RequestInit & { json?: unknown } = {}) => ({
  ...init,
  headers: { ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
});

/** A program's request: no cookie, no Origin (it is no browser). */
function call(token: string, path: string, init: RequestInit & { json?: unknown } = {}) {
  const write = init.method !== undefined && init.method !== "GET";
  return program.request(path, {
    ...init,
    headers: { ...(write ? { origin: "omit" } : {}), ...(init.headers as Record<string, string>), authorization: `Bearer ${token}` },
  });
}

beforeEach(async () => {
  ({
    app,
    clients: { admin, operator },
    projectIds: [projectId],
    itemIds: [itemId],
    workflowId,
  } = await seedShop({
    ipBase: "10.41.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, operator: { name: "Otto", pin: "2222", keys: ["production"] } },
    ...bakery(["Production", "Shipping"]),
    departments: ["Production", "Shipping", { name: "Zund", isMachine: true }],
    items: [{ name: "Sign", category: "Banner", material: "Vinyl" }],
  }));
  program = app.client("10.41.0.99");
});

describe("making and revoking on Global Settings → API tokens", () => {
  test("the token is shown once, only its SHA-256 is stored, and the list shows name, scopes, maker and last use", async () => {
    const empty = await visibleHtml(await admin.request("/settings/api-tokens"));
    expect(empty).toContain("No API tokens yet");
    const token = await makeToken("Quoting", ["read", "projects:write"]);
    expect(token).toMatch(/^sfk_[A-Za-z0-9_-]{43}$/);
    const rows = app.db.$client.query("SELECT * FROM api_tokens").all() as Record<string, unknown>[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.token_hash).toBe(sha256(token));
    expect(JSON.stringify(rows)).not.toContain(token.slice(4));
    expect(JSON.parse(rows[0]!.scopes as string)).toEqual(["read", "projects:write"]);
    const list = await visibleHtml(await admin.request("/settings/api-tokens"));
    expect(list).not.toContain(token);
    expect(list).toContain("Quoting");
    expect(list).toContain("read, projects:write");
    expect(list).toContain("by Ada");
    expect(list).toContain("Never");
    expect((await call(token, "/api/projects")).status).toBe(200);
    expect(app.db.$client.query("SELECT last_used_at FROM api_tokens").get()).not.toEqual({ last_used_at: null });
    expect(await visibleHtml(await admin.request("/settings/api-tokens"))).not.toContain(">Never<");
  });

  test("management only; a name and at least one scope are required", async () => {
    expect((await operator.request("/settings/api-tokens")).status).toBe(403);
    expect((await operator.request("/settings/api-tokens", { method: "POST", form: { intent: "create", name: "Mine", scopes: "read" } })).status).toBe(403);
    const noScope = await admin.request("/settings/api-tokens", { method: "POST", form: { intent: "create", name: "Quoting" } });
    expect(noScope.status).toBe(400);
    expect(await visibleHtml(noScope)).toContain("Choose at least one scope");
    const noName = await admin.request("/settings/api-tokens", { method: "POST", form: { intent: "create", name: " ", scopes: "read" } });
    expect(await visibleHtml(noName)).toContain("Token name is required");
    expect(app.db.$client.query("SELECT count(*) AS n FROM api_tokens").get()).toEqual({ n: 0 });
  });

  test("a revoked or unknown token is refused with 401 JSON; revoking is audited", async () => {
    const token = await makeToken("Quoting", ["read"]);
    expect((await call(token, "/api/projects")).status).toBe(200);
    const { id } = app.db.$client.query("SELECT id FROM api_tokens").get() as { id: number };
    const revoked = await admin.request("/settings/api-tokens", { method: "POST", form: { intent: "revoke", id: String(id) } });
    expect(revoked.status).toBe(302);
    for (const t of [token, `sfk_${"A".repeat(43)}`, "not-a-token", ""]) {
      const res = await call(t, "/api/projects");
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect((await res.json()).message).toContain("This API token is not valid");
    }
    expect(await visibleHtml(await admin.request("/settings/api-tokens"))).toContain("Revoked");
    const audit = app.db.$client
      .query("SELECT action, actor_name FROM audit_log WHERE entity = 'api-token' AND action IN ('create','revoke') ORDER BY id")
      .all();
    expect(audit).toEqual([
      { action: "create", actor_name: "Ada" },
      { action: "revoke", actor_name: "Ada" },
    ]);
  });
});

describe("each scope opens its own calls and no other", () => {
  // One call per scope, as a program makes it; each answers 2xx with the scope, 403 naming it without.
  const calls: Record<string, (t: string) => Promise<Response>> = {
    read: (t) => call(t, `/api/items/${itemId}`),
    "projects:write": (t) => call(t, "/api/projects", { method: "POST", json: { name: "From quoting", description: "d", workflowId } }),
    "items:write": (t) => call(t, "/api/items", { method: "POST", json: { name: "Decal", category: "Banner", projectId, material: "Vinyl" } }),
    scans: (t) => call(t, `/api/items/${itemId}/start-timer`, { method: "POST" }),
    "machine-files:write": (t) => call(t, "/api/machine-ready-files", { method: "POST", json: { fileName: "a.pdf", machine: "zund" } }),
  };
  for (const [scope, make] of Object.entries(calls)) {
    test(scope, async () => {
      const others = Object.keys(calls).filter((s) => s !== scope);
      const without = await makeToken(`Without ${scope}`, [...others, "metrics"]);
      const refused = await make(without);
      expect(refused.status).toBe(403);
      expect(await refused.json()).toEqual({ message: `This API token does not have the '${scope}' scope.` });
      const withIt = await makeToken(`Only ${scope}`, [scope]);
      const ok = await make(withIt);
      expect(ok.status, await ok.clone().text()).toBeLessThan(300);
    });
  }

  test("a timer reset is an item write; reordering machine files is a machine-file write", async () => {
    const scans = await makeToken("Scanner", ["scans", "read"]);
    expect((await call(scans, `/api/items/${itemId}/reset-timer`, { method: "POST" })).status).toBe(403);
    const items = await makeToken("Items", ["items:write"]);
    expect((await call(items, `/api/items/${itemId}/reset-timer`, { method: "POST" })).status).toBe(200);
    const reorder = await call(scans, "/api/machine-files/reorder", { method: "POST", json: { files: [] } });
    expect(reorder.status).toBe(403);
    expect((await reorder.json()).message).toBe("This API token does not have the 'machine-files:write' scope.");
  });

  test("an order import that adds or changes items needs items:write besides projects:write, its dry run too", async () => {
    // The Bakery project is order Q-7 in the shop's quoting software: a file that names Q-7 updates it.
    expect((await admin.request(`/api/projects/${projectId}`, { method: "PATCH", json: { externalReference: "Q-7" } })).status).toBe(200);
    const row = (r: Record<string, string | number>) => ({
      projectName: "Bakery",
      externalReference: "Q-7",
      itemName: "Sign",
      quantity: 1,
      category: "Banner",
      ...r,
    });
    const items = () => app.db.$client.query("SELECT name, quantity FROM items ORDER BY id").all();
    const before = items();
    const projectsOnly = await makeToken("Quoting", ["projects:write"]);
    const changes = [row({ quantity: 4242 })];
    const adds = [row({ projectName: "Storefront", externalReference: "Q-8", workflow: "W", itemName: "Letters" })];
    for (const rows of [changes, adds]) {
      for (const dryRun of [false, true]) {
        const res = await call(projectsOnly, "/api/projects/import", { method: "POST", json: { rows, dryRun } });
        expect(res.status, JSON.stringify(rows)).toBe(403);
        expect(await res.json()).toEqual({ message: "This API token does not have the 'items:write' scope." });
      }
    }
    expect(items()).toEqual(before);
    expect(app.db.$client.query("SELECT count(*) AS n FROM projects").get()).toEqual({ n: 1 });
    // items:write alone is not enough either: an import is a project write first.
    const itemsOnly = await makeToken("Items", ["items:write"]);
    expect((await call(itemsOnly, "/api/projects/import", { method: "POST", json: { rows: adds } })).status).toBe(403);
    // With both, the same import goes through.
    const both = await makeToken("Both", ["projects:write", "items:write"]);
    expect((await call(both, "/api/projects/import", { method: "POST", json: { rows: changes, dryRun: true } })).status).toBe(200);
    const done = await call(both, "/api/projects/import", { method: "POST", json: { rows: changes } });
    expect(done.status).toBe(200);
    expect(items()).toEqual([{ name: "Sign", quantity: 4242 }]);
    // A file that changes no item (it is already as the file says) needs projects:write only.
    const same = await call(projectsOnly, "/api/projects/import", { method: "POST", json: { rows: changes } });
    expect(same.status).toBe(200);
    expect((await same.json()).message).toContain("Nothing to import");
  });

  test("a token never writes Global Settings, whatever its scopes", async () => {
    const all = await makeToken("Everything", ["read", "projects:write", "items:write", "scans", "machine-files:write", "metrics"]);
    for (const [path, init] of [
      ["/api/departments", { method: "POST", json: { name: "Paint" } }],
      ["/api/team-members", { method: "POST", json: { name: "Eve", pinCode: "9999", accessibleDepartments: ["management"] } }],
      ["/api/shop-settings", { method: "PATCH", json: { printerSheet: "letter" } }],
    ] as const) {
      const res = await call(all, path, init);
      expect(res.status, path).toBe(403);
      expect((await res.json()).message).toContain("An API token cannot change Global Settings");
    }
    // Reading them is a read.
    expect((await call(all, "/api/departments")).status).toBe(200);
    expect(app.db.$client.query("SELECT count(*) AS n FROM team_members").get()).toEqual({ n: 2 });
  });
});

describe("on /api only", () => {
  test("a page with a Bearer token stays signed out, and a page's form cannot be posted with one", async () => {
    const all = await makeToken("Everything", ["read", "projects:write", "items:write", "scans", "machine-files:write"]);
    const settings = await call(all, "/settings");
    expect(settings.status).toBe(401);
    const projects = await call(all, "/projects");
    expect(projects.status).toBe(401);
    expect(await visibleHtml(projects)).not.toContain("Bakery");
    const made = await call(all, "/settings/api-tokens", {
      method: "POST",
      body: "intent=create&name=Mine&scopes=read",
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(made.status).toBe(401);
    expect(app.db.$client.query("SELECT count(*) AS n FROM api_tokens").get()).toEqual({ n: 1 });
  });

  test("a request with a token is judged by the token alone, even with a member's cookie", async () => {
    const read = await makeToken("Reader", ["read"]);
    const res = await admin.request("/api/projects", bearer(read, { method: "POST", json: { name: "X", description: "d", workflowId } }));
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe("This API token does not have the 'projects:write' scope.");
  });

  test("cross-site rule: a program's write (no Origin, no cookie) is taken; a browser's from another site is not", async () => {
    const writer = await makeToken("Quoting", ["projects:write"]);
    const noOrigin = await program.request("/api/projects", {
      method: "POST",
      json: { name: "No origin", description: "d", workflowId },
      headers: { authorization: `Bearer ${writer}`, origin: "omit" },
    });
    expect(noOrigin.status).toBe(201);
    const evil = await program.request("/api/projects", {
      method: "POST",
      json: { name: "Evil", description: "d", workflowId },
      headers: { authorization: `Bearer ${writer}`, origin: "http://evil.example" },
    });
    expect(evil.status).toBe(403);
    expect((await evil.json()).message).toContain("came from another site");
    const fetchSite = await program.request("/api/projects", {
      method: "POST",
      json: { name: "Evil", description: "d", workflowId },
      headers: { authorization: `Bearer ${writer}`, origin: "omit", "sec-fetch-site": "cross-site" },
    });
    expect(fetchSite.status).toBe(403);
    expect(app.db.$client.query("SELECT count(*) AS n FROM projects WHERE name = 'Evil'").get()).toEqual({ n: 0 });
  });
});

describe("audited under the token's name", () => {
  test("writes carry the token as the actor; reads leave one summary row an hour", async () => {
    const token = await makeToken("Quoting", ["read", "projects:write", "scans"]);
    const made = await call(token, "/api/projects", { method: "POST", json: { name: "From quoting", description: "d", workflowId } });
    expect(made.status).toBe(201);
    const { id } = (await made.json()) as { id: number };
    const row = app.db.$client
      .query("SELECT actor_id, actor_name FROM audit_log WHERE entity = 'project' AND entity_id = ? AND action = 'create'")
      .get(String(id));
    expect(row).toEqual({ actor_id: null, actor_name: "API token “Quoting”" });
    expect((await call(token, `/api/items/${itemId}/start-timer`, { method: "POST" })).status).toBe(200);
    const scan = app.db.$client.query("SELECT actor_id, actor_name FROM audit_log WHERE entity = 'item' AND action = 'start-timer'").get();
    expect(scan).toEqual({ actor_id: null, actor_name: "API token “Quoting”" });
    for (let i = 0; i < 20; i++) expect((await call(token, `/api/projects/${projectId}`)).status).toBe(200);
    const uses = app.db.$client.query("SELECT actor_id, actor_name, entity_id, after FROM audit_log WHERE entity = 'api-token' AND action = 'use'").all() as {
      actor_name: string;
      after: string;
    }[];
    expect(uses).toHaveLength(1);
    expect(uses[0]!.actor_name).toBe("API token “Quoting”");
    expect(JSON.parse(uses[0]!.after)).toMatchObject({ request: "POST /api/projects", requestsSincePrevious: 0 });
  });

  test("the last use is written at most once a minute, not on every request", async () => {
    const token = await makeToken("Quoting", ["read"]);
    let writes = 0;
    const stmt = app.db.$client.query("SELECT total_changes() AS n");
    const before = (stmt.get() as { n: number }).n;
    for (let i = 0; i < 30; i++) await call(token, "/api/categories");
    writes = (stmt.get() as { n: number }).n - before;
    // The first request marks it used and writes the hour's summary row; the other 29 write nothing.
    expect(writes).toBe(2);
  });
});

test("each token has its own rate limit: 600 a minute, then 429 JSON with Retry-After", async () => {
  const busy = await makeToken("Busy", ["read"]);
  const calm = await makeToken("Calm", ["read"]);
  const started = Date.now();
  let taken = 0;
  let limited: Response | null = null;
  while (!limited && taken < 1000) {
    const res = await call(busy, "/api/categories");
    if (res.status === 429) limited = res;
    else if (res.status === 200) taken += 1;
    else throw new Error(`request ${taken + 1} answered ${res.status}`);
  }
  // A burst of 600, plus what refilled (10 a second) while the test sent them.
  expect(taken).toBeGreaterThanOrEqual(600);
  expect(taken).toBeLessThanOrEqual(600 + Math.ceil(((Date.now() - started) / 1000) * 10));
  if (!limited) throw new Error("never limited");
  expect(Number(limited.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
  expect((await limited.json()).message).toBe("Too many requests with this API token. Wait a moment and try again.");
  expect((await call(calm, "/api/categories")).status).toBe(200);
  // Members are not held back by a program's limit.
  expect((await admin.request("/api/categories")).status).toBe(200);
});
