import { beforeAll, describe, expect, test } from "bun:test";
import { API_TOKEN_SCOPES, type ApiTokenScope, missingScopeMessage, TOKEN_NO_SETTINGS } from "~/domain/api-tokens";
import { build, type Client, type createApp, hooks, visibleHtml } from "../helpers/app";
import { bakery, seedShop } from "../helpers/shop";

// Every /api route × every method it answers × every single-scope API token (decision 0041): each answer is
// either one the token's scope allows (anything but 401 and 403) or a 403 naming the scope the call needs, and a
// refused call changes no record. The routes are read from the build, and each must be in NEEDS below, so a route
// added later fails here until someone decides which scope it needs.

/** What a call needs: a scope; several (every one of them); none ("any" signed-in principal); or no token ever. */
type Need = ApiTokenScope | ApiTokenScope[] | "any" | "settings";
/** `body`: a JSON body (default `{}`); `raw`: a body of another type, as the route takes it. */
type Call = { need: Need; body?: () => unknown; raw?: { type: string; bytes: string } };

const READ: Call = { need: "read" };
const SETTINGS: Call = { need: "settings" };
const reference = (entity: string): Record<string, Call> => ({
  [`GET /api/${entity}`]: READ,
  [`POST /api/${entity}`]: SETTINGS,
  [`GET /api/${entity}/:id`]: READ,
  [`PATCH /api/${entity}/:id`]: SETTINGS,
  [`DELETE /api/${entity}/:id`]: SETTINGS,
});

let projectId = 0;
let itemId = 0;
let workflowId = 0;
let memberId = 0;

const NEEDS: Record<string, Call> = {
  // Signing in and out are no token's business, and open to any caller.
  "POST /api/auth/verify-pin": { need: "any" },
  "POST /api/auth/logout": { need: "any" },
  "GET /api/auth/sign-in-names": { need: "any" },
  ...Object.assign(
    {},
    ...["categories", "departments", "subdepartments", "materials", "machines", "workflows", "step-templates", "team-members", "label-printers"].map(reference),
  ),
  "GET /api/projects": READ,
  "POST /api/projects": { need: "projects:write", body: () => ({ name: "Matrix", description: "d", workflowId }) },
  "GET /api/projects-with-metrics": READ,
  // Rows that add an item: a project write and an item write at once.
  "POST /api/projects/import": {
    need: ["projects:write", "items:write"],
    body: () => ({ rows: [{ projectName: "Imported", workflow: "W", itemName: "Letters", quantity: 2, category: "Banner" }] }),
  },
  "GET /api/projects/import/csv-template": READ,
  "GET /api/projects/:id": READ,
  "PATCH /api/projects/:id": { need: "projects:write", body: () => ({ customer: "Matrix Co" }) },
  "DELETE /api/projects/:id": { need: "projects:write" },
  "GET /api/projects/assigned-to/:userId/:department": READ,
  "GET /api/projects/:id/forecast": READ,
  "GET /api/projects/:id/workflow-instances": READ,
  "POST /api/projects/:id/refresh-workflow": { need: "projects:write" },
  "POST /api/projects/:id/reorder-steps": { need: "projects:write" },
  // Reopening a project, or a finished item (which reopens its project), is project work (docs/product.md).
  "POST /api/projects/:id/reopen": { need: "projects:write" },
  "GET /api/workflow-instances/:id/steps": READ,
  "PATCH /api/workflow-steps/:id": { need: "projects:write" },
  "POST /api/workflow-steps/:id/assign-team-members": { need: "projects:write" },
  "GET /api/projects/:id/design": READ,
  "POST /api/projects/:id/design": { need: "projects:write" },
  "DELETE /api/projects/:id/design": { need: "projects:write" },
  "POST /api/projects/:id/design/upload-url": { need: "projects:write" },
  "PUT /api/uploads/:token": { need: "projects:write", raw: { type: "application/pdf", bytes: "%PDF-1.7\n%%EOF\n" } },
  "GET /api/pdf-proxy": READ,
  "GET /api/items": READ,
  "POST /api/items": { need: "items:write", body: () => ({ name: "Decal", category: "Banner", projectId, material: "Vinyl" }) },
  "GET /api/items/:id": READ,
  "PATCH /api/items/:id": { need: "items:write", body: () => ({ quantity: 4242 }) },
  "DELETE /api/items/:id": { need: "items:write" },
  "POST /api/items/:id/pause-timer": { need: "scans" },
  "POST /api/items/:id/undo-advance": { need: "scans" },
  "POST /api/items/:id/reopen": { need: "projects:write" },
  "POST /api/items/:id/start-timer": { need: "scans" },
  "POST /api/items/:id/end-timer": { need: "scans" },
  "POST /api/items/:id/reset-timer": { need: "items:write" },
  "GET /api/items/:id/timer-logs": READ,
  "GET /api/items/:id/file-associations": READ,
  "POST /api/items/:id/assign-file": { need: "items:write" },
  "DELETE /api/items/:id/unassign-file": { need: "items:write" },
  // Sending a label to a printer changes no record: whoever may read the item may print it.
  "POST /api/items/:id/print-label": READ,
  "POST /api/projects/:id/print-labels": READ,
  "GET /api/machine-ready-files": READ,
  "POST /api/machine-ready-files": { need: "machine-files:write", body: () => ({ fileName: "matrix.pdf", machine: "zund" }) },
  "POST /api/machine-ready-files/bulk": { need: "machine-files:write" },
  "POST /api/machine-ready-files/upload-csv": { need: "machine-files:write" },
  "GET /api/machine-ready-files/csv-template": READ,
  "GET /api/machine-ready-files/:id": READ,
  "PATCH /api/machine-ready-files/:id": { need: "machine-files:write" },
  "DELETE /api/machine-ready-files/:id": { need: "machine-files:write" },
  "GET /api/machine-files-with-details": READ,
  "GET /api/completed-files-analytics": READ,
  "POST /api/machine-files/reorder": { need: "machine-files:write" },
  "GET /api/work/:department": READ,
  "GET /api/events": READ,
  "POST /api/scans": { need: "scans" },
  "GET /api/shop-settings": READ,
  "PATCH /api/shop-settings": SETTINGS,
  // Webhooks carry their secrets: Global Settings only, reading them too.
  "GET /api/webhooks": SETTINGS,
  "POST /api/webhooks": SETTINGS,
  "GET /api/webhooks/:id": SETTINGS,
  "PATCH /api/webhooks/:id": SETTINGS,
  "DELETE /api/webhooks/:id": SETTINGS,
  "GET /api/webhooks/:id/deliveries": SETTINGS,
  "POST /api/webhooks/:id/deliveries/:deliveryId/send-again": SETTINGS,
  // An unknown /api address: a 404 for anyone signed in, whatever the method.
  "GET /api/*": { need: "any" },
  "POST /api/*": { need: "any" },
  "PATCH /api/*": { need: "any" },
  "PUT /api/*": { need: "any" },
  "DELETE /api/*": { need: "any" },
};

const WRITES = ["POST", "PUT", "PATCH", "DELETE"] as const;

/** Every /api route of the build with the methods it answers (HEAD and OPTIONS aside), as `METHOD /pattern`. */
function apiCalls(): string[] {
  const rules = hooks.routeRules(build);
  const calls = new Set<string>();
  for (const route of Object.values(build.routes)) {
    if (!route?.path?.startsWith("api/")) continue;
    const found = rules(`/${route.path.replace(/:[A-Za-z]+/g, "1").replace(/\*$/, "no-such-thing")}`)!;
    const methods = found.methods ?? ["GET", ...WRITES];
    for (const m of methods) if (m !== "HEAD" && m !== "OPTIONS") calls.add(`${m} ${found.pattern}`);
  }
  // Deletes last, so the other calls meet the shop's records as they were seeded.
  const order = (c: string) => (c.startsWith("DELETE ") ? 1 : 0);
  return [...calls].sort((a, b) => order(a) - order(b) || a.localeCompare(b));
}

let app: ReturnType<typeof createApp>;
let admin: Client;
let program: Client;
const tokens = new Map<string, string>();

// Rows that change as a side effect of any request (sign-ins, the token's last use, the audit) are not records.
const NOT_RECORDS = new Set(["audit_log", "login_attempts", "login_refusals", "sessions", "api_tokens", "__drizzle_migrations", "sqlite_sequence"]);
function records(): string {
  const tables = app.db.$client
    .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((t) => t.name)
    .filter((t) => !NOT_RECORDS.has(t));
  return JSON.stringify(tables.map((t) => [t, app.db.$client.query(`SELECT * FROM "${t}" ORDER BY rowid`).all()]));
}

async function makeToken(name: string, scopes: readonly string[]) {
  const body = new URLSearchParams({ intent: "create", name });
  for (const s of scopes) body.append("scopes", s);
  const res = await admin.request("/settings/api-tokens", {
    method: "POST",
    body: body.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return /value="(sfk_[A-Za-z0-9_-]{43})"/.exec(await visibleHtml(res))![1]!;
}

/** The pattern with the shop's own records in it (the first segment names what `:id` is). */
function concrete(pattern: string): string {
  const ids: Record<string, number> = { projects: projectId, items: itemId, workflows: workflowId, "team-members": memberId };
  const entity = pattern.split("/")[2] ?? "";
  return pattern
    .replace(":userId", String(memberId))
    .replace(":department", "production")
    .replace(":token", "no-such-upload")
    .replace(":deliveryId", "1")
    .replace(":id", String(ids[entity] ?? 1))
    .replace("*", "no-such-thing");
}

async function send(token: string, method: string, pattern: string, call: Call) {
  const write = method !== "GET";
  const res = await program.request(concrete(pattern), {
    method,
    headers: { authorization: `Bearer ${token}`, ...(write ? { origin: "omit" } : {}), ...(call.raw ? { "content-type": call.raw.type } : {}) },
    ...(write ? (call.raw ? { body: call.raw.bytes } : { json: call.body?.() ?? {} }) : {}),
  });
  // The event stream never ends: its status is the answer.
  if (res.headers.get("content-type")?.startsWith("text/event-stream")) {
    await res.body?.cancel();
    return { status: res.status, text: "" };
  }
  return { status: res.status, text: await res.text() };
}

beforeAll(async () => {
  ({
    app,
    clients: { admin },
    projectIds: [projectId],
    itemIds: [itemId],
    workflowId,
    memberIds: { admin: memberId },
  } = await seedShop({
    ipBase: "10.48.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] } },
    ...bakery(["Production", "Shipping"]),
    departments: ["Production", "Shipping", { name: "Zund", isMachine: true }],
    items: [{ name: "Sign", category: "Banner", material: "Vinyl" }],
  }));
  program = app.client("10.48.0.99");
  for (const scope of API_TOKEN_SCOPES) tokens.set(scope, await makeToken(`Only ${scope}`, [scope]));
  tokens.set("all", await makeToken("Every scope", API_TOKEN_SCOPES));
});

describe("every /api route × every single-scope token", () => {
  test("every /api route and method is in the table, and the table names no route that is gone", () => {
    const calls = apiCalls();
    expect(calls.filter((c) => !(c in NEEDS))).toEqual([]);
    expect(Object.keys(NEEDS).filter((c) => !calls.includes(c))).toEqual([]);
    expect(calls.length).toBeGreaterThan(100);
  });

  test("each answer is allowed by the token's scope or a 403 naming the scope needed; a refused call writes nothing", async () => {
    const wrong: string[] = [];
    let answers = 0;
    let refused = 0;
    for (const entry of apiCalls()) {
      const call = NEEDS[entry];
      if (!call) continue;
      const [method, pattern] = entry.split(" ") as [string, string];
      for (const scope of API_TOKEN_SCOPES) {
        const before = records();
        const { status, text } = await send(tokens.get(scope)!, method, pattern, call);
        answers++;
        const needs = call.need;
        const allowed = needs === "any" || needs === scope || (Array.isArray(needs) && needs.length === 1 && needs[0] === scope);
        const say = `${entry} with ${scope}: ${status} ${text.slice(0, 160)}`;
        if (status === 401 || status === 429) {
          wrong.push(say);
          continue;
        }
        if (allowed) {
          if (status === 403) wrong.push(say);
          continue;
        }
        refused++;
        const expected =
          needs === "settings"
            ? [TOKEN_NO_SETTINGS]
            : (Array.isArray(needs) ? needs : [needs as ApiTokenScope]).filter((s) => s !== scope).map(missingScopeMessage);
        let message = "";
        try {
          message = JSON.parse(text).message;
        } catch {}
        if (status !== 403 || !expected.includes(message)) wrong.push(say);
        if (records() !== before) wrong.push(`${entry} with ${scope}: wrote records (${status})`);
      }
    }
    expect(wrong).toEqual([]);
    // The size of the walk, so a broken enumeration cannot pass by asking nothing.
    expect(answers).toBeGreaterThan(600);
    expect(refused).toBeGreaterThan(400);
  }, 120_000);

  test("a token with every scope is refused only Global Settings", async () => {
    const wrong: string[] = [];
    for (const entry of apiCalls()) {
      const call = NEEDS[entry];
      if (!call) continue;
      const [method, pattern] = entry.split(" ") as [string, string];
      const { status, text } = await send(tokens.get("all")!, method, pattern, call);
      const refusal = status === 401 || status === 403 || status === 429;
      if (refusal !== (call.need === "settings")) wrong.push(`${entry}: ${status} ${text.slice(0, 160)}`);
    }
    expect(wrong).toEqual([]);
  }, 120_000);
});
