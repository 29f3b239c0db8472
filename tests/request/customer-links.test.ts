import { beforeEach, expect, test } from "bun:test";
import { CUSTOMER_LINK_INVALID, CUSTOMER_TOO_MANY } from "~/domain/customer-status";
import { type Client, visibleHtml } from "../helpers/app";
import { seedShop, type Shop } from "../helpers/shop";

// The customer status link (docs/decisions/0043-calendar-feeds-and-customer-links.md): made and revoked on the
// project page by a member who may change projects, opened without a session. The page shows the project's name,
// its stages (done, current, to come) and the expected finish date, and nothing private: no staff names, times,
// notes or descriptions, in the page or in its data. It is noindex (header and meta), rate limited per address, and a
// revoked or unknown key gets a plain 404 that says the link is no longer valid.

type Members = "admin" | "planner" | "operator";
let shop: Shop<Members>;
let admin: Client;
let planner: Client;
let projectId: number;
let stepIds: Map<string, number>;
let ip = 1;
const customer = () => shop.app.client(`10.45.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);

const NOTE = "Call Mr Whitfield on 555-0199 before 8; gate code 4471";
const DESCRIPTION = "Internal: quoted at $4,200, margin thin";

beforeEach(async () => {
  shop = await seedShop({
    ipBase: "10.44.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      planner: { name: "Pat Planner", pin: "5555", keys: ["project-management"] },
      operator: { name: "Otto Operator", pin: "2222", keys: ["production"] },
    },
    departments: ["Design", "Printing", "Installation"],
    categories: [{ name: "Banner", departmentSequence: ["design", "printing", "installation"] }],
    workflow: { name: "W", departmentSequence: ["design", "printing", "installation"] },
    projects: [{ name: "Bakery sign", description: DESCRIPTION }],
    items: [{ name: "Fascia panel", category: "Banner", department: "printing" }],
  });
  ({ admin, planner } = shop.clients);
  projectId = shop.projectIds[0]!;
  const rows = shop.app.db.$client
    .query(
      "SELECT s.id AS id, s.department AS d FROM project_workflow_steps s JOIN project_workflow_instances i ON i.id = s.project_workflow_instance_id WHERE i.project_id = ?",
    )
    .all(projectId) as { id: number; d: string }[];
  stepIds = new Map(rows.map((r) => [r.d, r.id]));
  const patch = async (d: string, json: Record<string, unknown>) =>
    expect((await admin.request(`/api/workflow-steps/${stepIds.get(d)}`, { method: "PATCH", json })).status).toBe(200);
  await patch("design", { status: "completed", percentComplete: 100, notes: NOTE, assignedTeamMemberId: shop.memberIds.planner });
  await patch("printing", { status: "in-progress", percentComplete: 40, notes: NOTE, assignedTeamMemberId: shop.memberIds.operator });
  // A running timer: the project has times of its own that the page must not show.
  expect((await shop.clients.operator.request(`/api/items/${shop.itemIds[0]}/start-timer`, { method: "POST", json: {} })).status).toBeLessThan(300);
});

async function makeLink(client = planner) {
  const res = await client.request(`/projects/${projectId}`, { method: "POST", form: { intent: "create-customer-link" } });
  expect(res.status).toBe(200);
  const html = await visibleHtml(res);
  const link = /(http:\/\/localhost\/status\/[A-Za-z0-9_-]+)/.exec(html)?.[1];
  expect(link).toBeDefined();
  const id = (shop.app.db.$client.query("SELECT max(id) AS id FROM customer_links").get() as { id: number }).id;
  return { path: new URL(link!).pathname, id };
}

test("the status page shows the project's name, its stages and the expected finish date, and nothing private, in the page or its data", async () => {
  const link = await makeLink();
  const res = await customer().request(link.path);
  expect(res.status).toBe(200);
  expect(res.headers.get("x-robots-tag")).toContain("noindex");
  const whole = await res.text();
  expect(whole).toMatch(/<meta name="robots" content="noindex[^"]*"/);
  const html = await visibleHtml(new Response(whole));
  expect(html).toContain("Bakery sign");
  // Stages in order, each with its state in words (not colour alone).
  const stages = [...html.matchAll(/data-state="(\w+)"[^>]*>.*?<\/span>([^<]+)<\/span><span[^>]*>([^<]+)</g)].map((m) => [m[2]!.trim(), m[1], m[3]]);
  expect(stages).toEqual([
    ["Design", "done", "Done"],
    ["Printing", "current", "In progress"],
    ["Installation", "next", "To come"],
  ]);
  expect(html).toContain('aria-current="step"');
  const expected = /data-testid="status-expected">([^<]+)</.exec(html)![1]!;
  expect(expected).toMatch(/^[A-Z][a-z]+day, [A-Z][a-z]+ \d{1,2}, \d{4}$/);
  // The forecast's date, in the shop's zone.
  const forecast = await (await admin.request(`/api/projects/${projectId}/forecast`)).json();
  const [y, m, d] = (forecast.expectedFinishDate as string).split("-").map(Number) as [number, number, number];
  expect(expected).toContain(`${new Date(Date.UTC(y, m - 1, d)).toLocaleString("en-US", { month: "long", timeZone: "UTC" })} ${d}, ${y}`);
  // Nothing private anywhere in the answer, hydration data included: staff, notes, description, item names, times.
  for (const secret of ["Pat Planner", "Otto Operator", "Ada Admin", "Whitfield", "555-0199", "4471", "quoted at", "4,200", "Fascia panel"])
    expect(whole).not.toContain(secret);
  expect(html).not.toMatch(/\b\d{1,2}:\d{2}\b/);
  expect(html).not.toMatch(/\b(AM|PM)\b/);
  expect(whole).not.toMatch(/percent|notes|description|assigned|sessionStart|totalTime/i);
  // No app header or menu: the customer has nowhere else to go.
  expect(html).not.toContain("Sign in");
  expect(html).not.toContain("Global Settings");
});

test("a finished project says 'Finished'; the project page shows when the link was last opened", async () => {
  const link = await makeLink();
  // The floor finishes the item (its stop in Installation, decision 0048) and the steps are marked done.
  for (const verb of ["end-timer", "start-timer", "end-timer"])
    expect((await shop.clients.operator.request(`/api/items/${shop.itemIds[0]}/${verb}`, { method: "POST", json: {} })).status).toBe(200);
  for (const d of ["printing", "installation"])
    expect((await admin.request(`/api/workflow-steps/${stepIds.get(d)}`, { method: "PATCH", json: { status: "completed" } })).status).toBe(200);
  const html = await visibleHtml(await customer().request(link.path));
  expect(/data-testid="status-expected">([^<]+)</.exec(html)![1]).toBe("Finished");
  expect([...html.matchAll(/data-state="(\w+)"/g)].map((m) => m[1])).toEqual(["done", "done", "done"]);
  const page = await visibleHtml(await planner.request(`/projects/${projectId}`));
  expect(page).toContain("Customer link");
  expect(page).toMatch(/Last opened: (?!Never)/);
});

test("revoking a link: the page then answers a plain 404 saying the link is no longer valid; another link of the project still works; an unknown key is the same 404", async () => {
  const first = await makeLink();
  const second = await makeLink();
  expect((await customer().request(first.path)).status).toBe(200);
  const revoke = await planner.request(`/projects/${projectId}`, { method: "POST", form: { intent: "revoke-customer-link", linkId: String(first.id) } });
  expect(revoke.status).toBe(302);
  const gone = await customer().request(first.path);
  expect(gone.status).toBe(404);
  expect(gone.headers.get("x-robots-tag")).toContain("noindex");
  const text = await visibleHtml(gone);
  expect(text).toContain(CUSTOMER_LINK_INVALID);
  expect(text).not.toContain("Bakery sign");
  expect((await customer().request(second.path)).status).toBe(200);
  const unknown = await customer().request("/status/this-key-was-never-made");
  expect(unknown.status).toBe(404);
  expect(await visibleHtml(unknown)).toContain(CUSTOMER_LINK_INVALID);
  // Revoking again, or another project's link id, is refused without a 500.
  const again = await planner.request(`/projects/${projectId}`, { method: "POST", form: { intent: "revoke-customer-link", linkId: String(first.id) } });
  expect(again.status).toBe(404);
  const audit = shop.app.db.$client.query("SELECT action FROM audit_log WHERE entity = 'project' AND action LIKE '%customer-link' ORDER BY id").all();
  expect(audit).toEqual([{ action: "create-customer-link" }, { action: "create-customer-link" }, { action: "revoke-customer-link" }]);
  // Only hashes are stored.
  const key = first.path.slice("/status/".length);
  expect(shop.app.db.$client.query("SELECT count(*) AS n FROM customer_links WHERE key_hash = ?").get(key)).toEqual({ n: 0 });
});

test("only a member who may change projects makes or revokes a link, and only they see the section", async () => {
  const { operator } = shop.clients;
  const refused = await operator.request(`/projects/${projectId}`, { method: "POST", form: { intent: "create-customer-link" } });
  expect(refused.status).toBe(403);
  expect(shop.app.db.$client.query("SELECT count(*) AS n FROM customer_links").get()).toEqual({ n: 0 });
  expect(await visibleHtml(await operator.request(`/projects/${projectId}`))).not.toContain("Make customer link");
  const link = await makeLink();
  const revoke = await operator.request(`/projects/${projectId}`, { method: "POST", form: { intent: "revoke-customer-link", linkId: String(link.id) } });
  expect(revoke.status).toBe(403);
  expect((await customer().request(link.path)).status).toBe(200);
  // Signed out: no link is made.
  const out = customer();
  expect((await out.request(`/projects/${projectId}`, { method: "POST", form: { intent: "create-customer-link" } })).status).toBe(401);
  expect(shop.app.db.$client.query("SELECT count(*) AS n FROM customer_links").get()).toEqual({ n: 1 });
});

test("one address gets 20 pages a minute, then a 429 page with Retry-After; another address is still served", async () => {
  const link = await makeLink();
  const greedy = customer();
  let n = 0;
  let res = await greedy.request(link.path);
  for (; res.status === 200 && n < 30; n++) res = await greedy.request(link.path);
  expect(n).toBe(20);
  expect(res.status).toBe(429);
  expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
  expect(res.headers.get("x-robots-tag")).toContain("noindex");
  expect(await visibleHtml(res)).toContain(CUSTOMER_TOO_MANY);
  expect((await customer().request(link.path)).status).toBe(200);
});

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);

const uploadLogo = (bytes: Uint8Array<ArrayBuffer>, name: string, client = admin) => {
  const form = new FormData();
  form.append("intent", "logo");
  form.append("logo", new File([bytes], name, { type: "image/png" }));
  return client.request("/settings/customer-page", { method: "POST", body: form });
};

test("management sets the shop's name and logo; the status page shows them; a logo is checked by its bytes and size", async () => {
  const link = await makeLink();
  expect((await admin.request("/settings/customer-page", { method: "POST", form: { intent: "name", shopName: "Main Street Signs & Co." } })).status).toBe(302);
  expect((await uploadLogo(PNG, "logo.png")).status).toBe(302);
  const html = await visibleHtml(await customer().request(link.path));
  expect(html).toContain("Main Street Signs &amp; Co.");
  expect(html).toContain('src="/shop-logo"');
  const logo = await customer().request("/shop-logo");
  expect(logo.status).toBe(200);
  expect(logo.headers.get("content-type")).toBe("image/png");
  expect(new Uint8Array(await logo.arrayBuffer())).toEqual(PNG);

  // A PDF named .png, and a picture over 512 KB, are refused; the logo stays.
  const pdf = await uploadLogo(new TextEncoder().encode("%PDF-1.7 not a picture"), "logo.png");
  expect(pdf.status).toBe(400);
  expect(await visibleHtml(pdf)).toContain("The logo must be a PNG, JPEG or WebP picture.");
  const big = new Uint8Array(600 * 1024);
  big.set(PNG);
  const tooBig = await uploadLogo(big, "big.png");
  expect(tooBig.status).toBe(400);
  expect(await visibleHtml(tooBig)).toContain("The logo is too large: at most 512 KB.");
  expect((await customer().request("/shop-logo")).status).toBe(200);

  // Only management changes them.
  expect((await uploadLogo(PNG, "logo.png", planner)).status).toBe(403);
  expect((await planner.request("/settings/customer-page", { method: "POST", form: { intent: "name", shopName: "Hacked" } })).status).toBe(403);
  // Removed: the page shows no logo, and /shop-logo answers 404.
  expect((await admin.request("/settings/customer-page", { method: "POST", form: { intent: "remove-logo" } })).status).toBe(302);
  expect(await visibleHtml(await customer().request(link.path))).not.toContain("/shop-logo");
  expect((await customer().request("/shop-logo")).status).toBe(404);
});
