import { beforeEach, expect, test } from "bun:test";
import type { Client } from "../helpers/app";
import { open, type HtmlPage } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";

// The audit trail without JavaScript, through the page's own links and forms (tests/helpers/html-form.ts): a manager
// renames a project and edits an item on their pages, then narrows Global Settings → Audit trail by team member,
// kind, record type and id and dates (a GET form: the filters live in the URL), reads each change's before and after
// and follows it to the record's History; a refused PIN and a sign-in at the /login form are kinds of their own; pages
// go 'Older →' and back; Clear and Clear filters empty the form; bad filters are explained; floor staff and project
// managers are refused. The browser walks are tests/e2e/audit-trail.e2e.ts.

let app: Awaited<ReturnType<typeof seedShop>>["app"];
let admin: Client;
let projectId: number;
let itemId: number;

beforeEach(async () => {
  ({
    app,
    clients: { admin },
    projectIds: [projectId],
    itemIds: [itemId],
  } = await seedShop({
    ipBase: "10.44.7",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      maria: { name: "Maria Lopez", pin: "1111", keys: ["production"] },
      pm: { name: "James Carter", pin: "2222", keys: ["project-management"] },
    },
    departments: ["Production"],
    categories: [{ name: "Banner", departmentSequence: ["production"] }],
    workflow: { name: "W", departmentSequence: ["production"] },
    projects: [{ name: "Audit Old", description: "Audit trail e2e" }],
    items: [{ name: "Window vinyl", category: "Banner" }],
  }));
});

/** Today's date (yyyy-mm-dd) where the shop is: the day the server counts an entry in. */
function shopDay(offsetDays = 0): string {
  const zone = process.env.SHOP_TIMEZONE || "America/Chicago";
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + offsetDays * 86400_000),
  );
}

const FILTERS = 'section[aria-label="Filters"]';
/** The entries of the list, newest first: each one's summary line and its before/after lines. */
function entries(p: HtmlPage) {
  return p.$$('[data-testid="audit-row"]').map((row) => ({
    summary: (row.querySelector("summary")?.textContent ?? "").replace(/\s+/g, " "),
    text: (row.textContent ?? "").replace(/\s+/g, " "),
    diff: Object.fromEntries(
      [...row.querySelectorAll("tbody tr")].map((tr) => {
        const [field, before, after] = [...tr.querySelectorAll("td")].map((td) => td.textContent?.trim() ?? "");
        return [field, [before, after]];
      }),
    ) as Record<string, [string, string]>,
    row,
  }));
}
/** The value a filter field shows. */
function shown(p: HtmlPage, name: string): string {
  const el = p.$(`${FILTERS} [name="${name}"]`);
  if (!el) throw new Error(`no filter ${name}`);
  if (el.tagName === "SELECT") return el.querySelector("option[selected]")?.getAttribute("value") ?? "";
  return el.getAttribute("value") ?? "";
}
const filter = (p: HtmlPage, fields: Record<string, string>) => p.form({ button: "Filter", within: FILTERS }).fill(fields).submit("Filter");
/** Global Settings → Audit trail. */
async function auditTrail(c: Client) {
  const p = await (await open(c, "/settings")).click("Audit trail");
  expect(p.url.pathname).toBe("/settings/audit");
  expect(p.textOf("h1")).toBe("Audit trail");
  return p;
}

test("a manager renames a project, finds the change by member, record and dates, reads its before and after, and opens the project's History", async () => {
  let p = await (await open(admin, `/projects/${projectId}`)).click("Edit Project");
  p = await p.form({ button: "Update Project" }).fill({ name: "Audit New" }).submit("Update Project");
  expect(p.text()).toContain("Project updated successfully!");
  expect(p.textOf("h1")).toBe("Audit New");

  p = await auditTrail(admin);
  expect(p.textOf('[data-testid="audit-retention"]')).toMatch(/Entries are kept forever\./);
  const today = shopDay();
  p = await filter(p, { member: "Ada Admin", entity: "project", record: String(projectId), from: today, to: today });
  const q = p.url.searchParams;
  expect(q.get("member")).toMatch(/^\d+$/);
  expect([q.get("entity"), q.get("record"), q.get("from"), q.get("to")]).toEqual(["project", String(projectId), today, today]);
  // The page shows the filters it applied.
  expect([shown(p, "member"), shown(p, "entity"), shown(p, "record"), shown(p, "from")]).toEqual([q.get("member")!, "project", String(projectId), today]);

  // Exactly this project's two entries, the rename above its creation (newest first).
  let rows = entries(p);
  expect(rows).toHaveLength(2);
  expect(rows[0]!.summary).toMatch(new RegExp(`Ada Admin.*Update.*Project #${projectId} · Audit New`));
  expect(rows[1]!.summary).toMatch(new RegExp(`Ada Admin.*Create.*Project #${projectId}`));
  // The rename's difference: the old and the new name, nothing of the app's bookkeeping.
  expect(rows[0]!.diff).toEqual({ Name: ["Audit Old", "Audit New"] });
  expect(rows[1]!.diff.Name).toEqual(["—", "Audit Old"]);
  expect(rows[1]!.diff.Priority).toEqual(["—", "Medium"]);
  expect(rows[1]!.diff.id).toBeUndefined();

  // Filters that exclude it really exclude it: another member, or a day after today.
  p = await filter(p, { member: "Maria Lopez" });
  expect(p.url.searchParams.get("record")).toBe(String(projectId));
  expect(p.text()).toContain("No audit entries match");
  expect(entries(p)).toHaveLength(0);
  p = await filter(p, { member: "Ada Admin", from: shopDay(1), to: shopDay(1) });
  expect(p.text()).toContain("No audit entries match");
  // 'Clear' drops every filter.
  p = await open(admin, p.link("Clear").replace("http://localhost", ""));
  expect(p.url.search).toBe("");
  expect(entries(p).length).toBeGreaterThan(0);

  // From the entry to the project, whose History lists the same change.
  p = await filter(p, { member: "Anyone", entity: "project", record: String(projectId), from: "", to: "" });
  rows = entries(p);
  expect(rows).toHaveLength(2);
  p = await p.click("Open the project");
  expect(p.url.pathname).toBe(`/projects/${projectId}`);
  const history = p.textOf('section[aria-labelledby="history-heading"]');
  expect(history).toContain("(2 changes)");
  const lines = p.$$('[data-testid="history"] li').map((li) => li.textContent ?? "");
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain("Ada Admin · Update");
  expect(lines[0]).toContain("Name: Audit Old → Audit New");
  expect(lines[0]).not.toContain("version");
  expect(lines[1]).toContain("Ada Admin · Create");
});

test("an item's edit shows in its History and in the audit trail under its record", async () => {
  let p = await open(admin, `/items/${itemId}`);
  expect(p.textOf('section[aria-labelledby="history-heading"]')).toContain("(1 change)");
  p = await p.click("Edit Item");
  p = await p.form({ button: "Update Item" }).fill({ name: "Window vinyl, frosted", quantity: "3" }).submit("Update Item");
  expect(p.text()).toContain("Item updated successfully");
  expect(p.textOf("h1")).toBe("Window vinyl, frosted");
  expect(p.textOf('section[aria-labelledby="history-heading"]')).toContain("(2 changes)");
  const lines = p.$$('[data-testid="history"] li').map((li) => li.textContent ?? "");
  expect(lines).toHaveLength(2);
  expect(lines[0]).toContain("Ada Admin · Update");
  expect(lines[0]).toContain("Name: Window vinyl → Window vinyl, frosted");
  expect(lines[0]).toContain("Quantity: 1 → 3");
  expect(lines[0]).not.toMatch(/version|Version/);
  expect(lines[1]).toContain("Ada Admin · Create");

  p = await filter(await auditTrail(admin), { entity: "item", record: String(itemId) });
  expect([p.url.searchParams.get("entity"), p.url.searchParams.get("record")]).toEqual(["item", String(itemId)]);
  const rows = entries(p);
  expect(rows).toHaveLength(2);
  expect(rows[0]!.summary).toMatch(new RegExp(`Ada Admin.*Update.*Item #${itemId} · Window vinyl, frosted`));
  expect(rows[0]!.diff.Name).toEqual(["Window vinyl", "Window vinyl, frosted"]);
  expect(rows[0]!.diff.Quantity).toEqual(["1", "3"]);
  p = await p.click("Open the item");
  expect(p.url.pathname).toBe(`/items/${itemId}`);
});

test("a refused PIN and a sign-in at the /login form are kinds of their own", async () => {
  const ip = "10.44.7.77";
  const visitor = app.client(ip);
  const login = await open(visitor, "/login?redirectTo=%2F");
  const refused = await login.form({ field: "pinCode" }).fill({ pinCode: "9999" }).submit("Continue");
  expect(refused.status).toBe(401);
  expect(refused.textOf('[role="alert"]')).toBe("Invalid PIN code");
  const home = await refused.form({ field: "pinCode" }).fill({ pinCode: "4321" }).submit("Continue");
  expect(home.url.pathname).toBe("/");
  expect(home.textOf('[data-testid="signed-in-name"]')).toBe("Ada Admin");

  let p = await filter(await auditTrail(visitor), { kind: "Sign-ins and refused PINs", from: shopDay(), to: shopDay() });
  expect(p.url.searchParams.get("kind")).toBe("sign-ins");
  expect(shown(p, "kind")).toBe("sign-ins");
  // This test's two attempts (its own client address), the sign-in above the refusal.
  const mine = entries(p).filter((e) => e.text.includes(`from ${ip}`));
  expect(mine).toHaveLength(2);
  expect(mine[0]!.summary).toMatch(/Ada Admin.*Signed in/);
  expect(mine[1]!.summary).toMatch(/Unknown \(no PIN match\).*Refused PIN/);
  expect(mine[1]!.diff.Reason).toEqual(["—", "No active team member has this PIN"]);
  expect(mine[1]!.text).toContain(`A PIN typed from ${ip} was refused.`);
  expect(mine[0]!.text).toContain(`Ada Admin signed in with their PIN from ${ip}.`);
  expect(mine[0]!.text).not.toContain("No field values recorded.");
  // Nothing but sign-in kinds under this filter.
  expect(entries(p).filter((e) => !/Signed in|Signed out|Refused PIN|Sign-ins slowed/.test(e.summary))).toEqual([]);

  // 'Changes' leaves both out.
  p = await filter(p, { kind: "Changes" });
  expect(p.url.searchParams.get("kind")).toBe("changes");
  expect(entries(p).filter((e) => /Signed in|Refused PIN/.test(e.summary))).toEqual([]);
});

test("pages go Older → and back to the newest, keeping the filters, no entry twice", async () => {
  // 52 more changes to the one project: 53 entries, one page of 50 and 3 older.
  for (let i = 1; i <= 52; i++) {
    expect((await admin.request(`/api/projects/${projectId}`, { method: "PATCH", json: { description: `Revision ${i}` } })).status).toBe(200);
  }
  let p = await filter(await auditTrail(admin), { entity: "project", record: String(projectId) });
  let rows = entries(p);
  expect(rows).toHaveLength(50);
  const PAGES = 'nav[aria-label="Pages"]';
  expect(p.$$(`${PAGES} a`).map((a) => a.textContent?.trim())).not.toContain("← Newest");
  expect(rows[0]!.diff.Description).toEqual(["Revision 51", "Revision 52"]);
  // The last of the page is revision 3: the next page must start at revision 2, neither skipped nor repeated.
  expect(rows[49]!.diff.Description).toEqual(["Revision 2", "Revision 3"]);

  p = await p.click("Older →");
  expect(p.url.searchParams.get("before")).toMatch(/^\d+$/);
  expect([p.url.searchParams.get("entity"), p.url.searchParams.get("record")]).toEqual(["project", String(projectId)]);
  rows = entries(p);
  expect(rows).toHaveLength(3);
  expect(p.$$(`${PAGES} a`).map((a) => a.textContent?.trim())).not.toContain("Older →");
  expect(rows[0]!.diff.Description).toEqual(["Revision 1", "Revision 2"]);
  expect(rows[1]!.diff.Description).toEqual(["Audit trail e2e", "Revision 1"]);
  expect(rows[2]!.summary).toMatch(new RegExp(`Ada Admin.*Create.*Project #${projectId}`));

  p = await p.click("← Newest");
  expect(p.url.searchParams.get("before")).toBeNull();
  expect(p.url.searchParams.get("record")).toBe(String(projectId));
  expect(entries(p)).toHaveLength(50);
});

test("Clear, Clear filters and an earlier address show the filters of the address they land on", async () => {
  const empty = (p: HtmlPage) => ["member", "kind", "entity", "record", "from", "to"].map((n) => shown(p, n));
  let p = await filter(await auditTrail(admin), { member: "Ada Admin", kind: "Changes", entity: "session", from: shopDay(1) });
  expect(p.text()).toContain("No audit entries match");
  p = await p.click("Clear");
  expect(p.url.search).toBe("");
  expect(entries(p).length).toBeGreaterThan(0);
  expect(empty(p)).toEqual(["", "", "", "", "", ""]);
  // Filter with nothing chosen lists entries again.
  p = await filter(p, {});
  expect(p.url.searchParams.get("member") ?? "").toBe("");
  expect(p.text()).not.toContain("No audit entries match");
  expect(entries(p).length).toBeGreaterThan(0);

  // 'Clear filters' in the empty list.
  p = await filter(p, { kind: "Changes", entity: "session", record: "12345" });
  expect(p.text()).toContain("No audit entries match");
  p = await open(admin, new URL(p.$('section[aria-label="Audit entries"] a[href]')!.getAttribute("href")!, "http://localhost").pathname);
  expect(p.url.search).toBe("");
  expect(empty(p)).toEqual(["", "", "", "", "", ""]);

  // A filtered address opened again shows its filters.
  const signIns = await filter(p, { kind: "Sign-ins and refused PINs", record: "7" });
  p = await filter(signIns, { kind: "Changes", record: "8" });
  expect(shown(p, "kind")).toBe("changes");
  p = await open(admin, signIns.url.pathname + signIns.url.search);
  expect([shown(p, "kind"), shown(p, "record")]).toEqual(["sign-ins", "7"]);
});

test("a backwards date range or a record id that is not a number is explained, and every entry listed instead", async () => {
  let p = await filter(await auditTrail(admin), { from: shopDay(1), to: shopDay(-1) });
  expect(p.textOf('[role="alert"]')).toBe("The start date must be on or before the end date. Showing entries from every date instead.");
  expect(p.$(`${FILTERS} [name="from"]`)?.getAttribute("aria-invalid")).toBe("true");
  expect(shown(p, "from")).toBe(shopDay(1));
  expect(entries(p).length).toBeGreaterThan(0);
  // Turned the right way round, the explanation goes.
  p = await filter(p, { from: shopDay(-1), to: shopDay(1) });
  expect(p.text()).not.toContain("The start date must be on or before the end date.");
  expect(entries(p).length).toBeGreaterThan(0);
  // A record id that is not a number is explained the same way, not a silent 'No audit entries match'.
  p = await filter(p, { from: "", to: "", record: "abc" });
  expect(p.textOf('[role="alert"]')).toBe('A record id is a whole number, such as 88: "abc" is not one. Showing entries for every record instead.');
  expect(p.$(`${FILTERS} [name="record"]`)?.getAttribute("aria-invalid")).toBe("true");
  expect(shown(p, "record")).toBe("abc");
  expect(p.text()).not.toContain("No audit entries match");
  expect(entries(p).length).toBeGreaterThan(0);
});

test("floor staff and project managers without the management key are refused the audit trail", async () => {
  for (const [pin, path] of [
    ["1111", "/settings/audit"],
    ["2222", "/settings/audit?kind=sign-ins"],
  ] as const) {
    const c = app.client(`10.44.7.${pin === "1111" ? 80 : 81}`);
    await c.signIn(pin);
    const p = await open(c, path);
    expect(p.status).toBe(403);
    expect(p.textOf("h1")).toBe("Access Denied");
    expect(entries(p)).toHaveLength(0);
  }
});
