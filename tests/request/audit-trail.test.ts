import { beforeEach, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import * as schema from "#db/schema";
import { AUDIT_PAGE_SIZE, notAnId } from "~/domain/audit-words";
import { addMember, createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { captureStatements, countStatements } from "../helpers/app";
import { seedShop } from "../helpers/shop";

const { listAudit, pruneAudit, PRUNE_BATCH, getDb } = hooks;

// Audit trail: Global Settings → Audit trail (management), its filters in the URL, the keyset pages,
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
  ({
    app,
    clients: { admin, operator },
    projectIds: [projectId],
  } = await seedShop({
    ipBase: "10.10.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      operator: { name: "Otto Operator", pin: "2222", keys: ["production"], signIn: false },
    },
    departments: ["Production"],
    categories: [{ name: "Banner", departmentSequence: ["production"] }],
    workflow: { name: "W", departmentSequence: ["production"] },
    projects: [{ name: "Bakery" }],
  }));
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
  expect(html).toContain(">Start timer<");
  expect(html.indexOf(">Start timer<")).toBeLessThan(html.indexOf("Signed in"));
  expect(html).toContain("Refused PIN");
  expect(html).toContain("Otto Operator");
  // The rename's difference: the name before and after.
  expect(html).toMatch(/>Name<\/td><td[^>]*>Bakery<\/td><td[^>]*>Bakery Sign</);

  const signIns = await visibleHtml(await admin.request("/settings/audit?kind=sign-ins"));
  expect(signIns).toContain("Refused PIN");
  expect(signIns).toContain("Signed in");
  expect(signIns).not.toContain("Start timer");
  const changes = await visibleHtml(await admin.request("/settings/audit?kind=changes"));
  expect(changes).not.toContain("Refused PIN");
  expect(changes).toContain("Start timer");
});

test("filters: member, record type and id, dates; all in the URL", async () => {
  const operatorId = (app.db.$client.query("SELECT id FROM team_members WHERE name = 'Otto Operator'").get() as { id: number }).id;
  const byOtto = await visibleHtml(await admin.request(`/settings/audit?member=${operatorId}`));
  expect(entries(byOtto)).toContain("Start timer");
  expect(entries(byOtto)).not.toContain("Ada Admin");
  const project = await visibleHtml(await admin.request(`/settings/audit?entity=project&record=${projectId}`));
  expect(rowsOf(project)).toBe(2);
  expect(project).toContain(`Project #${projectId}`);
  expect(project).not.toContain("Item #");
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
  expect(project).toContain("Name: Bakery → Bakery Sign");
  const item = await visibleHtml(await admin.request(`/items/${itemId}`));
  expect(item).toMatch(/Otto Operator<\/span> · Start timer/);
});

describe("retention (AUDIT_RETENTION_DAYS)", () => {
  test("0, the default, keeps every entry; the page says so", async () => {
    const before = getDb().select().from(schema.auditLog).all().length;
    expect(await pruneAudit(0)).toBe(0);
    expect(getDb().select().from(schema.auditLog).all()).toHaveLength(before);
    expect(await visibleHtml(await admin.request("/settings/audit"))).toContain("Entries are kept forever.");
  });

  test("N days removes only older entries, in batches, and records the pruning as an entry of its own", async () => {
    const db = getDb();
    const old = Date.now() - 40 * 86400_000;
    const rows = Array.from({ length: 3 * PRUNE_BATCH + 7 }, (_, i) => ({ at: new Date(old + i), action: "update", entity: "project", entityId: "1" }));
    for (let i = 0; i < rows.length; i += 500)
      db.insert(schema.auditLog)
        .values(rows.slice(i, i + 500))
        .run();
    const recent = db
      .select()
      .from(schema.auditLog)
      .all()
      .filter((r) => r.at.getTime() > Date.now() - 86400_000).length;
    // Batches with pauses between them: a request sent once the sweep has begun is answered before it ends.
    let swept = false;
    const sweeping = pruneAudit(30).then((n) => {
      swept = true;
      return n;
    });
    expect((await admin.request("/healthz")).status).toBe(200);
    expect(swept).toBe(false);
    expect(await sweeping).toBe(3 * PRUNE_BATCH + 7);
    const left = db.select().from(schema.auditLog).all();
    expect(left.every((r) => r.at.getTime() > Date.now() - 30 * 86400_000)).toBe(true);
    expect(left).toHaveLength(recent + 1);
    expect(left.at(-1)).toMatchObject({ action: "prune-audit", entity: "audit_log", actorName: "System" });
    expect((left.at(-1)!.after as { removed: number }).removed).toBe(3 * PRUNE_BATCH + 7);
    // Nothing older left: a second run removes nothing and records nothing.
    expect(await pruneAudit(30)).toBe(0);
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

describe("what an entry says", () => {
  const zone = process.env.SHOP_TIMEZONE || "America/Chicago";
  const inShop = (d: Date) =>
    new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      month: "short",
      day: "numeric",
      year: "numeric",
      hour: "numeric",
      minute: "2-digit",
      second: "2-digit",
    }).format(d);

  test("times carry the year in the shop's zone; a timer's start time, its department and the names read as words", async () => {
    const start = app.db.$client.query("SELECT at, after FROM audit_log WHERE action = 'start-timer'").get() as { at: number; after: string };
    const startedAt = new Date(JSON.parse(start.after).at as string);
    const html = entries(await visibleHtml(await admin.request(`/settings/audit?entity=item&record=${itemId}`)));
    // The entry's own time and the timer's start inside it: 'Nov 25, 2026, 1:58:25 AM', never the stored UTC text.
    expect(html).toContain(`>${inShop(new Date(start.at))}<`);
    expect(inShop(startedAt)).toMatch(/, \d{4}, /);
    expect(html).toMatch(new RegExp(`>Time</td><td[^>]*>—</td><td[^>]*>${inShop(startedAt)}<`));
    expect(html).not.toContain(startedAt.toISOString());
    // The department's name, not its value; the action and the record type as words.
    expect(html).toMatch(/>Department<\/td><td[^>]*>—<\/td><td[^>]*>Pre-Production</);
    expect(html).toContain(">Start timer<");
    expect(html).toContain(`>Item #${itemId} · Fence banner<`);
    expect(html).not.toContain("start-timer");
    // The record type filter offers words too, keeping the stored value.
    const page = await visibleHtml(await admin.request("/settings/audit"));
    expect(page).toContain('<option value="team-member">Team member</option>');
    // The History of the item: the same year-bearing time.
    const item = await visibleHtml(await admin.request(`/items/${itemId}`));
    expect(item).toContain(inShop(new Date(start.at)));
  });

  test("a sign-in names the member once, with no 'session #' record; refused PINs say what is known", async () => {
    const adaId = (app.db.$client.query("SELECT id FROM team_members WHERE name = 'Ada Admin'").get() as { id: number }).id;
    // Otto's PIN typed at Ada's name: the PIN matched a member, just not the chosen one.
    expect((await app.client("10.10.0.4").request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "2222", expectedUserId: adaId } })).status).toBe(
      401,
    );
    const html = entries(await visibleHtml(await admin.request("/settings/audit?kind=sign-ins")));
    expect(html).not.toMatch(/session #|Sign-in #/i);
    const rows = html.split('data-testid="audit-row"').slice(1);
    const wrongMember = rows.find((r) => r.includes("from 10.10.0.4"))!;
    expect(wrongMember).toContain("Unknown (another member's PIN)");
    expect(wrongMember).toContain("The PIN is another team member's, not the chosen one's");
    expect(wrongMember).toMatch(/>Chosen team member<\/td><td[^>]*>—<\/td><td[^>]*>Ada Admin \(#\d+\)</);
    const unknown = rows.find((r) => r.includes("from 10.10.0.3"))!;
    expect(unknown).toContain("Unknown (no PIN match)");
    expect(unknown).toContain("No active team member has this PIN");
  });
});

describe("fields, values and records in words", () => {
  /** One entry's rows of the before/after table: [field, before, after]. */
  const diffRows = (row: string) =>
    [...row.matchAll(/<tr><td[^>]*>([^<]*)<\/td><td[^>]*>([^<]*)<\/td><td[^>]*>([^<]*)<\/td><\/tr>/g)].map((m) => [m[1], m[2], m[3]]);
  const rowsIn = (html: string) => entries(html).split('data-testid="audit-row"').slice(1);

  test("an update lists only what a person changed, named in words; the version, id and stamps are left out", async () => {
    const printer = await (
      await admin.request("/api/label-printers", { method: "POST", json: { name: "Counter Zebra", host: "10.0.0.5", port: 9100, dpi: 203 } })
    ).json();
    expect((await admin.request(`/api/label-printers/${printer.id}`, { method: "PATCH", json: { isActive: false, dpi: 300 } })).status).toBe(200);
    const [update, create] = rowsIn(await visibleHtml(await admin.request(`/settings/audit?entity=label-printer&record=${printer.id}`)));
    expect(diffRows(update!)).toEqual([
      ["Active", "Yes", "No"],
      ["Resolution (dpi)", "203", "300"],
    ]);
    // The creation: what was made, when, no id or version.
    const made = diffRows(create!);
    expect(made.map((r) => r[0])).toEqual(["Active", "Address", "Created", "Name", "Port", "Resolution (dpi)"]);
    expect(made.find((r) => r[0] === "Created")![2]).toMatch(/, \d{4}, \d+:\d{2}:\d{2} [AP]M$/);
    for (const stored of [">version<", ">id<", ">isActive<", ">dpi<", ">createdAt<", ">Version<", ">Id<"])
      expect(entries(await visibleHtml(await admin.request("/settings/audit?entity=label-printer")))).not.toContain(stored);
  });

  test("a step's status reads as words in the audit trail and the project's History", async () => {
    const [instance] = await (await admin.request(`/api/projects/${projectId}/workflow-instances`)).json();
    const [step] = (await (await admin.request(`/api/workflow-instances/${instance.id}/steps`)).json()) as { id: number }[];
    expect((await admin.request(`/api/workflow-steps/${step!.id}`, { method: "PATCH", json: { percentComplete: 40 } })).status).toBe(200);
    const [update] = rowsIn(await visibleHtml(await admin.request(`/settings/audit?entity=workflow-step&record=${step!.id}`)));
    // A step is named by its department and its project.
    expect(update).toContain(`>Workflow step #${step!.id} · Production of Bakery Sign<`);
    expect(diffRows(update!)).toContainEqual(["Status", "Pending", "In progress"]);
    expect(diffRows(update!)).toContainEqual(["Completion %", "0", "40"]);
    const project = await visibleHtml(await admin.request(`/projects/${projectId}`));
    const history = project.slice(project.indexOf('data-testid="history"'));
    expect(history).toContain("Status: Pending → In progress");
    expect(history).not.toMatch(/version|percentComplete|in-progress/);
  });

  test("records are named by their name and number, in one statement for the page; a deleted one says so and has no link", async () => {
    const html = entries(await visibleHtml(await admin.request("/settings/audit")));
    expect(html).toContain(`>Item #${itemId} · Fence banner<`);
    expect(html).toContain(`>Project #${projectId} · Bakery Sign<`);
    expect(html).toContain(`href="/items/${itemId}"`);
    expect(html).toContain(`href="/projects/${projectId}"`);

    const gone = (await (await admin.request("/api/items", { method: "POST", json: { name: "Old flag", category: "Banner", projectId } })).json()).id;
    expect((await admin.request(`/api/items/${gone}`, { method: "DELETE" })).status).toBe(200);
    const after = entries(await visibleHtml(await admin.request(`/settings/audit?entity=item&record=${gone}`)));
    expect(rowsOf(after)).toBe(2);
    expect(after).toContain(`>Item #${gone} · Old flag (deleted)<`);
    expect(after).not.toContain(`href="/items/${gone}"`);

    // The names cost the same for 3 entries as for 50: one statement for the page, not one per row.
    const page = () => countStatements(() => admin.request("/settings/audit?entity=material"));
    for (let i = 0; i < 3; i++) await admin.request("/api/materials", { method: "POST", json: { name: `Vinyl ${i}`, category: "Vinyl" } });
    const few = await page();
    for (let i = 3; i < 60; i++) await admin.request("/api/materials", { method: "POST", json: { name: `Vinyl ${i}`, category: "Vinyl" } });
    expect(await page()).toBe(few);
    expect(entries(await visibleHtml(await admin.request("/settings/audit?entity=material")))).toContain(" · Vinyl 59<");
  });

  test("the server acts as 'System', the demo seed's old lowercase rows too", async () => {
    getDb()
      .insert(schema.auditLog)
      .values({ at: new Date(), actorName: "system", action: "seed-demo", entity: "database", after: { members: 8 } })
      .run();
    const [row] = rowsIn(await visibleHtml(await admin.request("/settings/audit?entity=database")));
    expect(row).toMatch(/>System<\/span>/);
    expect(row).not.toMatch(/>system</);
    expect(diffRows(row!)).toEqual([["Team members", "—", "8"]]);
  });

  test("a sign-in opens to who signed in from which address, never 'No field values recorded.'", async () => {
    const html = entries(await visibleHtml(await admin.request("/settings/audit?kind=sign-ins")));
    expect(html).not.toContain("No field values recorded");
    const otto = rowsIn(html).find((r) => r.includes("Signed in") && r.includes("Otto Operator"))!;
    expect(otto).toContain("Otto Operator signed in with their PIN from 10.10.0.2.");
    const refused = rowsIn(html).find((r) => r.includes("from 10.10.0.3"))!;
    expect(refused).toContain("A PIN typed from 10.10.0.3 was refused.");
  });

  test("every entry shows it opens: 'Details' and a chevron in its summary, no JavaScript needed", async () => {
    const html = await visibleHtml(await admin.request("/settings/audit"));
    for (const row of rowsIn(html)) {
      const summary = row.slice(row.indexOf("<summary"), row.indexOf("</summary>"));
      expect(summary).toMatch(/data-testid="audit-row-toggle"[^>]*><span[^>]*group-open:hidden[^>]*>Details<\/span>/);
      expect(summary).toContain("<svg");
    }
  });

  test("a record or project id that is not a number is explained, the filter left out, like a backwards range", async () => {
    const html = await visibleHtml(await admin.request("/settings/audit?record=abc&entity=project"));
    expect(html).toContain(notAnId("record", "abc"));
    expect(html).toContain('A record id is a whole number, such as 88: "abc" is not one. Showing entries for every record instead.');
    expect(html).toMatch(/id="record"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="record"/);
    expect(html).not.toContain("No audit entries match");
    // Still only projects: the other filters hold.
    expect(rowsOf(html)).toBe(2);
    const project = await visibleHtml(await admin.request("/settings/audit?project=12a"));
    expect(project).toContain('A project id is a whole number, such as 23: "12a" is not one. Showing entries for every project instead.');
    expect(rowsOf(project)).toBeGreaterThan(2);
    // A real id shows no explanation.
    expect(await visibleHtml(await admin.request(`/settings/audit?record=${projectId}`))).not.toContain('id="record-error"');
  });
});

describe("a date range", () => {
  test("from after to is explained, as /analytics does, and every date is listed instead", async () => {
    const html = await visibleHtml(await admin.request("/settings/audit?from=2026-05-02&to=2026-05-01"));
    expect(html).toContain("The start date must be on or before the end date. Showing entries from every date instead.");
    expect(html).toMatch(/id="from"[^>]*aria-invalid="true"|aria-invalid="true"[^>]*id="from"/);
    expect(rowsOf(html)).toBeGreaterThan(0);
    expect(html).not.toContain("No audit entries match");
    // The form keeps what was asked for, so it can be corrected.
    expect(html).toContain('value="2026-05-02"');
    const bad = await visibleHtml(await admin.request("/settings/audit?from=2026-02-31"));
    expect(bad).toContain("Enter a real calendar date. Showing entries from every date instead.");
    // A range the right way round shows no explanation.
    const ok = await visibleHtml(await admin.request("/settings/audit?from=2026-05-01&to=2026-05-02"));
    expect(ok).not.toContain('id="range-error"');
  });

  test("is read as a range of ids: the list walks an index in id order, never sorts the range", () => {
    const day = 86400_000;
    const now = Date.now();
    const list = (f: Parameters<typeof listAudit>[0]) =>
      captureStatements(() => listAudit(f, AUDIT_PAGE_SIZE)).map((s) => ({
        sql: s.sql,
        plan: getDb()
          .$client.query(`EXPLAIN QUERY PLAN ${s.sql}`)
          .all(...(s.params as never[]))
          .map((r) => (r as { detail: string }).detail)
          .join("; "),
      }));
    const range = { from: now - 100 * day, to: now + day };
    for (const f of [
      range,
      { ...range, actorId: 2 },
      { ...range, entity: "item" },
      { ...range, entity: "item", entityId: "1" },
      { ...range, kind: "changes" as const },
      { ...range, kind: "sign-ins" as const },
      { from: now - day },
    ]) {
      const statements = list(f);
      const page = statements.at(-1)!;
      expect(page.sql).toContain("order by");
      expect({ f, plan: page.plan }).toEqual({ f, plan: expect.not.stringContaining("TEMP B-TREE") });
      expect(page.plan).not.toContain("audit_log_at_idx");
      // The ends of the range: one seek each in the `at` index.
      for (const seek of statements.slice(0, -1)) expect(seek.plan).toContain("audit_log_at_idx");
    }
  });

  test("the id range finds exactly the entries of the range, at its edges too", async () => {
    const db = getDb();
    db.delete(schema.auditLog).run();
    const base = Date.UTC(2026, 4, 1, 5, 0, 0); // May 1, 2026, midnight in Chicago (CDT)
    const hour = 3600_000;
    const rows = Array.from({ length: 96 }, (_, i) => ({
      at: new Date(base - 24 * hour + i * hour),
      action: "update",
      entity: "project",
      entityId: String(i),
    }));
    db.insert(schema.auditLog).values(rows).run();
    const ids = (f: Parameters<typeof listAudit>[0]) =>
      listAudit(f, 500)
        .rows.map((r) => Number(r.entityId))
        .sort((a, b) => a - b);
    // May 1 alone: hours 24..47 of the rows.
    expect(ids({ from: base, to: base + 24 * hour })).toEqual(Array.from({ length: 24 }, (_, i) => 24 + i));
    expect(ids({ from: base + 95 * hour })).toEqual([]);
    expect(ids({ to: base - 24 * hour })).toEqual([]);
    expect(ids({ from: base, to: base + 24 * hour, entity: "project", entityId: "30" })).toEqual([30]);
    // Through the page: May 1 and 2 as the form sends them.
    const page = await visibleHtml(await admin.request("/settings/audit?from=2026-05-01&to=2026-05-01"));
    expect(rowsOf(page)).toBe(24);
  });
});

describe("a deleted member", () => {
  test("keeps their audit rows, actor id and all; the member filter still offers them and finds their entries", async () => {
    const dora = addMember("Dora Departed", "5555", ["management"]);
    const c = app.client("10.10.0.7");
    await c.signIn("5555");
    expect((await c.request("/api/materials", { method: "POST", json: { name: "Dora's vinyl", category: "Vinyl" } })).status).toBe(201);
    const mine = () =>
      app.db.$client.query("SELECT id, actor_id AS actorId, actor_name AS actorName FROM audit_log WHERE actor_name = 'Dora Departed' ORDER BY id").all();
    const before = mine();
    expect(before.length).toBe(2); // the sign-in and the material
    expect((await admin.request(`/api/team-members/${dora.id}`, { method: "DELETE" })).status).toBe(200);
    expect(mine()).toEqual(before);
    expect(before.every((r) => (r as { actorId: number }).actorId === dora.id)).toBe(true);

    const html = await visibleHtml(await admin.request(`/settings/audit?member=${dora.id}`));
    expect(html).toContain(`<option value="${dora.id}" selected="">Dora Departed (deleted)</option>`);
    expect(rowsOf(html)).toBe(2);
    expect(entries(html)).toContain("Dora&#x27;s vinyl".replace("&#x27;", "'"));
    // Offered on the unfiltered page too, so someone can pick them.
    expect(await visibleHtml(await admin.request("/settings/audit"))).toContain(`<option value="${dora.id}">Dora Departed (deleted)</option>`);
  });
});

describe("History", () => {
  test("a project's History has its steps' changes, its design and its step reorders, and nothing of another project's", async () => {
    await admin.request("/api/departments", { method: "POST", json: { name: "Fabrication" } });
    const wf = await (
      await admin.request("/api/workflows", { method: "POST", json: { name: "Two steps", departmentSequence: ["production", "fabrication"] } })
    ).json();
    const make = async (name: string) =>
      (await (await admin.request("/api/projects", { method: "POST", json: { name, description: "d", workflowId: wf.id } })).json()).id as number;
    const a = await make("Alpha");
    const b = await make("Beta");
    const stepsOf = async (p: number) => {
      const [instance] = await (await admin.request(`/api/projects/${p}/workflow-instances`)).json();
      return ((await (await admin.request(`/api/workflow-instances/${instance.id}/steps`)).json()) as { id: number }[]).map((s) => s.id);
    };
    const stepsA = await stepsOf(a);
    const stepsB = await stepsOf(b);
    // A step of Alpha whose id is Beta's id: the old reorder entry would have read as this step's.
    const twin = stepsA.find((s) => s === b) ?? stepsA[0]!;
    expect((await admin.request(`/api/workflow-steps/${twin}`, { method: "PATCH", json: { percentComplete: 40 } })).status).toBe(200);
    expect((await admin.request(`/api/projects/${b}/reorder-steps`, { method: "POST", json: { stepIds: [...stepsB].reverse() } })).status).toBe(200);
    const { uploadURL } = await (await admin.request(`/api/projects/${b}/design/upload-url`, { method: "POST" })).json();
    const { uploadedPath } = await (
      await admin.request(uploadURL, { method: "PUT", headers: { "content-type": "application/pdf" }, body: "%PDF-1.7\n%%EOF\n" })
    ).json();
    expect((await admin.request(`/api/projects/${b}/design`, { method: "POST", json: { fileName: "beta.pdf", uploadedPath } })).status).toBe(201);
    expect((await admin.request(`/api/projects/${b}/design`, { method: "DELETE" })).status).toBe(200);
    // A reorder as the previous version recorded it: the project's id under 'workflow-step'.
    getDb()
      .insert(schema.auditLog)
      .values({ at: new Date(), actorName: "Ada Admin", action: "reorder", entity: "workflow-step", entityId: String(b), after: stepsB })
      .run();

    const history = async (p: number) => {
      const html = await visibleHtml(await admin.request(`/projects/${p}`));
      return html.slice(html.indexOf('data-testid="history"'), html.indexOf("</ol>", html.indexOf('data-testid="history"')));
    };
    const alpha = await history(a);
    expect(alpha).toMatch(/Update · Workflow step: (Production|Fabrication)</);
    expect(alpha).toContain("Completion %: 0 → 40");
    expect(alpha).not.toContain("Reorder");
    expect(alpha).not.toContain("Design");
    const beta = await history(b);
    expect(beta).not.toContain("Completion %");
    expect(beta).toContain("Reorder steps");
    expect(beta).toContain(`Step order: ${stepsB.join(", ")} → ${[...stepsB].reverse().join(", ")}`);
    expect(beta).toMatch(/Create · Design/);
    expect(beta).toMatch(/Delete · Design/);
    expect(beta).toContain("Reorder · Workflow step");
    // The reorder is recorded under the project.
    const reorder = app.db.$client.query("SELECT entity, entity_id AS id FROM audit_log WHERE action = 'reorder-steps'").get();
    expect(reorder).toEqual({ entity: "project", id: String(b) });

    // The audit trail filtered to the project lists what its History lists.
    const trail = entries(await visibleHtml(await admin.request(`/settings/audit?project=${b}`)));
    expect(trail).toContain("Reorder steps");
    expect(trail).toContain(">Design #");
    expect(trail).not.toContain("Completion %");
    expect(rowsOf(trail)).toBe(6); // create, reorder-steps, upload link, design create and delete, the old reorder
  });

  test("an assignment reads with the members' names in the project's History", async () => {
    const [instance] = await (await admin.request(`/api/projects/${projectId}/workflow-instances`)).json();
    const [step] = (await (await admin.request(`/api/workflow-instances/${instance.id}/steps`)).json()) as { id: number }[];
    const ids = [addMember("Gail Green", "5151", ["production"]).id, addMember("Otto Two", "6161", ["production"]).id];
    const assign = (teamMemberIds: number[]) =>
      admin.request(`/api/workflow-steps/${step!.id}/assign-team-members`, { method: "POST", json: { teamMemberIds } });
    expect((await assign(ids)).status).toBe(200);
    const html = await visibleHtml(await admin.request(`/projects/${projectId}`));
    const history = html.slice(html.indexOf('data-testid="history"'), html.indexOf("</ol>", html.indexOf('data-testid="history"')));
    expect(history).toContain(`Team members: (none) → Gail Green (#${ids[0]}), Otto Two (#${ids[1]})`);
  });

  test("past 20 entries, management gets a link to the full audit trail of the record; others are told it is cut", async () => {
    for (let i = 0; i < 22; i++) await admin.request(`/api/items/${itemId}`, { method: "PATCH", json: { quantity: i + 2 } });
    const mine = await visibleHtml(await admin.request(`/items/${itemId}`));
    expect(mine).toContain("(the last 20 changes)");
    expect(mine).toContain(`href="/settings/audit?entity=item&amp;record=${itemId}"`);
    expect(mine).toContain("Older changes are in the audit trail.");
    const project = await visibleHtml(await admin.request(`/projects/${projectId}`));
    expect(project).toContain(`href="/settings/audit?project=${projectId}"`);
    // Floor staff may read the item, not the audit trail.
    const floor = await visibleHtml(await operator.request(`/items/${itemId}`));
    expect(floor).toContain("(the last 20 changes)");
    expect(floor).not.toContain("/settings/audit");
    expect(floor).toContain("Only the last 20 changes are shown here.");
    // The link's target lists more than 20.
    expect(rowsOf(await (await admin.request(`/settings/audit?entity=item&record=${itemId}`)).text())).toBe(24);
  });
});
