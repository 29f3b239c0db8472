import { beforeEach, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import * as schema from "#db/schema";
import { pruneAudit, PRUNE_BATCH } from "~/models/audit-trail.server";
import { getDb } from "~/utils/db.server";
import { AUDIT_PAGE_SIZE } from "~/routes/settings-audit";
import { addMember, createApp, visibleHtml, type Client } from "../helpers/app";

// Issue "Step 9" audit trail: Global Settings → Audit trail (management), its filters in the URL, the keyset pages,
// each row's before/after difference, sign-ins and refused PINs as their own kind; and the History on the project
// and item pages.

let app: ReturnType<typeof createApp>;
let admin: Client;
let operator: Client;
let projectId: number;
let itemId: number;

const rowsOf = (html: string) => html.split('data-testid="audit-row"').length - 1;
/** The list of entries only (the header and the member filter name people too). */
const entries = (html: string) => html.slice(html.indexOf('aria-label="Audit entries"'));

beforeEach(async () => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
  addMember("Otto Operator", "2222", ["production"]);
  admin = app.client("10.10.0.1");
  operator = app.client("10.10.0.2");
  await admin.signIn("4321");
  await admin.request("/api/departments", { method: "POST", json: { name: "Production" } });
  await admin.request("/api/categories", { method: "POST", json: { name: "Banner", departmentSequence: ["production"] } });
  const wf = await (await admin.request("/api/workflows", { method: "POST", json: { name: "W", departmentSequence: ["production"] } })).json();
  projectId = (await (await admin.request("/api/projects", { method: "POST", json: { name: "Bakery", description: "d", workflowId: wf.id } })).json()).id;
  await admin.request(`/api/projects/${projectId}`, { method: "PATCH", json: { name: "Bakery Sign" } });
  itemId = (await (await admin.request("/api/items", { method: "POST", json: { name: "Fence banner", category: "Banner", projectId } })).json()).id;
  // A refused PIN, then the operator signs in and scans.
  expect((await app.client("10.10.0.3").request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "9999" } })).status).toBe(401);
  await operator.signIn("2222");
  await operator.request(`/api/items/${itemId}/start-timer`, { method: "POST" });
});

test("management only", async () => {
  expect((await operator.request("/settings/audit")).status).toBe(403);
  expect((await app.client("10.10.0.9").request("/settings/audit")).status).not.toBe(200);
});

test("newest first, with who, what and the before/after difference; sign-ins and refused PINs are their own kind", async () => {
  const html = await visibleHtml(await admin.request("/settings/audit"));
  expect(html.indexOf("start-timer")).toBeLessThan(html.indexOf("Signed in"));
  expect(html).toContain("Refused PIN");
  expect(html).toContain("Otto Operator");
  // The rename's difference: the name before and after.
  expect(html).toMatch(/>name<\/td><td[^>]*>Bakery<\/td><td[^>]*>Bakery Sign</);

  const signIns = await visibleHtml(await admin.request("/settings/audit?kind=sign-ins"));
  expect(signIns).toContain("Refused PIN");
  expect(signIns).toContain("Signed in");
  expect(signIns).not.toContain("start-timer");
  const changes = await visibleHtml(await admin.request("/settings/audit?kind=changes"));
  expect(changes).not.toContain("Refused PIN");
  expect(changes).toContain("start-timer");
});

test("filters: member, record type and id, dates; all in the URL", async () => {
  const operatorId = (app.db.$client.query("SELECT id FROM team_members WHERE name = 'Otto Operator'").get() as { id: number }).id;
  const byOtto = await visibleHtml(await admin.request(`/settings/audit?member=${operatorId}`));
  expect(entries(byOtto)).toContain("start-timer");
  expect(entries(byOtto)).not.toContain("Ada Admin");
  const project = await visibleHtml(await admin.request(`/settings/audit?entity=project&record=${projectId}`));
  expect(rowsOf(project)).toBe(2);
  expect(project).toContain(`project #${projectId}`);
  expect(project).not.toContain("item #");
  const tomorrow = new Date(Date.now() + 2 * 86400_000).toISOString().slice(0, 10);
  const future = await visibleHtml(await admin.request(`/settings/audit?from=${tomorrow}`));
  expect(rowsOf(future)).toBe(0);
  expect(future).toContain("No audit entries match");
  const today = await visibleHtml(await admin.request(`/settings/audit?to=${tomorrow}&entity=item`));
  expect(rowsOf(today)).toBeGreaterThanOrEqual(2);
  // Nonsense values are ignored, never a 500.
  expect((await admin.request("/settings/audit?member=abc&from=yesterday&kind=all&before=-1")).status).toBe(200);
});

test("pages go by id: Older shows the next rows, none twice", async () => {
  for (let i = 0; i < AUDIT_PAGE_SIZE + 5; i++) await admin.request("/api/materials", { method: "POST", json: { name: `M${i}`, category: "Vinyl" } });
  const first = await (await admin.request("/settings/audit?entity=material")).text();
  expect(rowsOf(first)).toBe(AUDIT_PAGE_SIZE);
  const older = /href="(\/settings\/audit\?[^"]*before=\d+)"/.exec(first)?.[1]?.replace(/&amp;/g, "&");
  expect(older).toBeTruthy();
  const second = await (await admin.request(older!)).text();
  expect(rowsOf(second)).toBe(5);
  expect(second).not.toContain('rel="next"');
});

test("the project and item pages show their own history", async () => {
  const project = await visibleHtml(await admin.request(`/projects/${projectId}`));
  expect(project).toContain("History");
  expect(project).toContain("name: Bakery → Bakery Sign");
  const item = await visibleHtml(await admin.request(`/items/${itemId}`));
  expect(item).toMatch(/Otto Operator<\/span> · start-timer/);
});

describe("retention (AUDIT_RETENTION_DAYS)", () => {
  test("0, the default, keeps every entry; the page says so", async () => {
    const before = getDb().select().from(schema.auditLog).all().length;
    expect(pruneAudit(0)).toBe(0);
    expect(getDb().select().from(schema.auditLog).all()).toHaveLength(before);
    expect(await visibleHtml(await admin.request("/settings/audit"))).toContain("Entries are kept forever.");
  });

  test("N days removes only older entries, in batches, and records the pruning as an entry of its own", async () => {
    const db = getDb();
    const old = Date.now() - 40 * 86400_000;
    const rows = Array.from({ length: PRUNE_BATCH + 7 }, (_, i) => ({ at: new Date(old + i), action: "update", entity: "project", entityId: "1" }));
    for (let i = 0; i < rows.length; i += 500) db.insert(schema.auditLog).values(rows.slice(i, i + 500)).run();
    const recent = db.select().from(schema.auditLog).all().filter((r) => r.at.getTime() > Date.now() - 86400_000).length;
    expect(pruneAudit(30)).toBe(PRUNE_BATCH + 7);
    const left = db.select().from(schema.auditLog).all();
    expect(left.every((r) => r.at.getTime() > Date.now() - 30 * 86400_000)).toBe(true);
    expect(left).toHaveLength(recent + 1);
    expect(left.at(-1)).toMatchObject({ action: "prune-audit", entity: "audit_log", actorName: "System" });
    expect((left.at(-1)!.after as { removed: number }).removed).toBe(PRUNE_BATCH + 7);
    // Nothing older left: a second run removes nothing and records nothing.
    expect(pruneAudit(30)).toBe(0);
    expect(db.select().from(schema.auditLog).all()).toHaveLength(recent + 1);
  });

  test("the page names the policy the server runs with", async () => {
    app = createApp({ AUDIT_RETENTION_DAYS: "365" });
    addMember("Ada Admin", "4321", ["management"]);
    admin = app.client("10.10.0.1");
    await admin.signIn("4321");
    expect(await visibleHtml(await admin.request("/settings/audit"))).toContain("Entries older than 365 days are removed automatically");
  });
});

test("a page of one record type is read in id order from an index, never by sorting every row of that type", () => {
  // The statement listAudit runs for ?entity=item, as drizzle writes it.
  const plan = getDb()
    .all<{ detail: string }>(sql`EXPLAIN QUERY PLAN SELECT * FROM audit_log WHERE audit_log.entity = ${"item"} ORDER BY audit_log.id DESC LIMIT ${51}`)
    .map((r) => r.detail)
    .join("; ");
  expect(plan).toContain("audit_log_kind_idx");
  expect(plan).not.toContain("TEMP B-TREE");
});
