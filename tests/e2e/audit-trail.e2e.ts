// The audit trail: a manager changes a project and an item in the browser, then opens Global Settings → Audit trail,
// narrows it by team member, record type and id and dates (a GET form: the filters live in the URL), reads the change
// newest first and opens it to its before/after difference; the project and item pages list the same change under
// 'History'; a refused PIN and a sign-in are their own kinds; pages go 'Older →' and back; floor staff are refused the
// page. With JavaScript; the sign-in walk runs without it too (the /login form, the filter form as plain page loads,
// the entries' <details>). Every flow without JavaScript goes through the page's forms in
// tests/request/audit-trail-no-js.test.ts.
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { DEMO, enterPin, expect, gotoHome, openHeaderLogin, pinError, signedInName, test, WRONG_PIN } from "./fixtures";
import { visit } from "./helpers";

/** Today's date (yyyy-mm-dd) where the shop is: the day the server counts an entry in. */
function shopDay(offsetDays = 0): string {
  const zone = process.env.SHOP_TIMEZONE || "America/Chicago";
  return new Intl.DateTimeFormat("en-CA", { timeZone: zone, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(Date.now() + offsetDays * 86400_000),
  );
}

const tag = () => `${Date.now()}`;

/** Creates a project through the API: the setup, not the subject. */
async function makeProject(page: Page, baseURL: string, name: string) {
  const headers = { origin: new URL(baseURL).origin };
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const created = await page.request.post("/api/projects", { data: { name, description: "Audit trail e2e", workflowId: workflows[0]!.id }, headers });
  expect(created.status(), await created.text()).toBe(201);
  return { id: ((await created.json()) as { id: number }).id, headers };
}

/** Adds an item (the first product category) to a project through the API. */
async function makeItem(request: APIRequestContext, headers: Record<string, string>, projectId: number, name: string) {
  const categories = (await (await request.get("/api/categories")).json()) as { name: string }[];
  const created = await request.post("/api/items", { data: { name, category: categories[0]!.name, projectId }, headers });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: number }).id;
}

/** The entries of the audit list, newest first. */
const auditRows = (page: Page) => page.getByTestId("audit-row");

/**
 * Opens an entry (a <details>: the same with and without JavaScript) and returns its before/after table. Closed,
 * the entry shows that it opens ('Details' and a chevron: the flex summary has no disclosure triangle); open, that
 * it closes.
 */
async function openEntry(page: Page, row: Locator): Promise<Locator> {
  const toggle = row.getByTestId("audit-row-toggle");
  await expect(toggle).toBeVisible();
  await expect(toggle).toHaveText("Details", { useInnerText: true });
  await expect(toggle.locator("svg")).toBeVisible();
  await row.locator("summary").click();
  await expect(toggle).toHaveText("Hide details", { useInnerText: true });
  const table = row.getByRole("table");
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader")).toHaveText(["Field", "Before", "After"]);
  return table;
}

/** The difference line of one field: its three cells (field, before, after). */
function diffLine(page: Page, table: Locator, field: string): Locator {
  return table
    .getByRole("row")
    .filter({ has: page.getByRole("cell", { name: field, exact: true }) })
    .getByRole("cell");
}

/** Global Settings → Audit trail, from the settings page's header. */
async function openAuditTrail(page: Page, js = true) {
  await visit(page, js, "/settings");
  await page.getByRole("link", { name: "Audit trail", exact: true }).click();
  await expect(page).toHaveURL(/\/settings\/audit$/);
  await expect(page.getByRole("heading", { level: 1, name: "Audit trail" })).toBeVisible();
}

/**
 * Fills the filter form and submits it (a GET: the values land in the URL). A field left out keeps what it shows;
 * an empty string empties it.
 */
async function filter(page: Page, f: { member?: string; kind?: string; entity?: string; record?: string; from?: string; to?: string }) {
  const form = page.getByRole("region", { name: "Filters" });
  if (f.member !== undefined) await form.getByLabel("Team member").selectOption({ label: f.member });
  if (f.kind !== undefined) await form.getByLabel("Kind").selectOption({ label: f.kind });
  if (f.entity !== undefined) await form.getByLabel("Record type").selectOption(f.entity);
  if (f.record !== undefined) await form.getByLabel("Record id").fill(f.record);
  if (f.from !== undefined) await form.getByLabel("From").fill(f.from);
  if (f.to !== undefined) await form.getByLabel("To").fill(f.to);
  const before = page.url();
  // The form is drawn again for each address (keyed by its query): until then it still holds what was chosen, and a
  // field changed in between would be reset under the test's hands.
  const drawn = await form.locator("form").elementHandle();
  await form.getByRole("button", { name: "Filter" }).click();
  // With JavaScript the router changes the URL once the new rows are in; without, the browser loads the page.
  await page.waitForURL((u) => u.href !== before);
  await page.waitForLoadState();
  // (Without JavaScript the browser loaded a new page: the old form's document is gone with it.)
  await expect.poll(async () => (drawn ? await drawn.evaluate((el) => el.isConnected).catch(() => false) : false)).toBe(false);
}

/** A summary line's parts run together in its text: match them in order. */
function line(...parts: string[]): RegExp {
  return new RegExp(parts.map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join("\\s*"));
}

function params(page: Page): URLSearchParams {
  return new URL(page.url()).searchParams;
}

test("a manager renames a project and edits an item, and finds each change in the audit trail and the record's History", async ({ page, baseURL, signIn }) => {
  // Several screens in one scenario: room for a busy machine (each step still fails on its own 5 s expect).
  test.setTimeout(120_000);
  await signIn(DEMO.admin);
  await test.step("a project's rename: by member, record and dates; its before and after; its History", async () => {
    const oldName = `Audit Old ${tag()}`;
    const newName = oldName.replace("Audit Old", "Audit New");
    const { id } = await makeProject(page, baseURL!, oldName);

    // The change, made as a manager makes it: Edit Project on the project page.
    await visit(page, true, `/projects/${id}`);
    await page.getByRole("link", { name: "Edit Project" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Project" });
    await edit.getByLabel("Project name").fill(newName);
    await edit.getByRole("button", { name: "Update Project" }).click();
    await expect(page.getByText("Project updated successfully!").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: newName })).toBeVisible();

    // Global Settings → Audit trail; narrowed to this manager, this project and today.
    await openAuditTrail(page);
    await expect(page.getByTestId("audit-retention")).toHaveText(/Entries are kept forever\./);
    const today = shopDay();
    await filter(page, { member: DEMO.admin.name, entity: "project", record: String(id), from: today, to: today });
    await expect(page).toHaveURL(/\/settings\/audit\?/);
    const q = params(page);
    expect(q.get("member"), "the member filter is in the URL").toMatch(/^\d+$/);
    expect(q.get("entity")).toBe("project");
    expect(q.get("record")).toBe(String(id));
    expect(q.get("from")).toBe(today);
    expect(q.get("to")).toBe(today);
    // The page shows the filters it applied.
    const form = page.getByRole("region", { name: "Filters" });
    await expect(form.getByLabel("Team member")).toHaveValue(q.get("member")!);
    await expect(form.getByLabel("Record type")).toHaveValue("project");
    await expect(form.getByLabel("Record id")).toHaveValue(String(id));
    await expect(form.getByLabel("From")).toHaveValue(today);

    // Exactly this project's two entries, the rename above its creation (newest first).
    const rows = auditRows(page);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).locator("summary")).toContainText(line(DEMO.admin.name, "Update", `Project #${id}`));
    await expect(rows.nth(1).locator("summary")).toContainText(line(DEMO.admin.name, "Create", `Project #${id}`));

    // The summary names the project by its name as well as its number.
    await expect(rows.nth(0).locator("summary")).toContainText(`Project #${id} · ${newName}`);
    // The rename's difference: the old and the new name in words, nothing about the others and nothing of the
    // app's bookkeeping (the version the save bumped, the stamps).
    const diff = await openEntry(page, rows.nth(0));
    await expect(diffLine(page, diff, "Name")).toHaveText(["Name", oldName, newName]);
    await expect(diff.getByRole("row")).toHaveCount(2);
    for (const hidden of ["version", "Version", "updatedAt", "Updated", "description", "Description"]) {
      await expect(diff.getByRole("cell", { name: hidden, exact: true })).toHaveCount(0);
    }
    // The creation shows what was created: no value before, the priority and status as words.
    const created = await openEntry(page, rows.nth(1));
    await expect(diffLine(page, created, "Name")).toHaveText(["Name", "—", oldName]);
    await expect(diffLine(page, created, "Priority")).toHaveText(["Priority", "—", "Medium"]);
    await expect(created.getByRole("cell", { name: "id", exact: true })).toHaveCount(0);

    // Filters that exclude it really exclude it: another member, or a day after today.
    await filter(page, { member: DEMO.maria.name });
    expect(params(page).get("record")).toBe(String(id));
    await expect(page.getByText("No audit entries match")).toBeVisible();
    await expect(rows).toHaveCount(0);
    await filter(page, { member: DEMO.admin.name, from: shopDay(1), to: shopDay(1) });
    await expect(page.getByText("No audit entries match")).toBeVisible();
    // 'Clear' drops every filter from the URL (the form itself: see the test about Clear below).
    await page.getByRole("region", { name: "Filters" }).getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(/\/settings\/audit$/);
    await expect(rows.first()).toBeVisible();

    // From the entry to the project, whose History lists the same change.
    await filter(page, { member: "Anyone", entity: "project", record: String(id), from: "", to: "" });
    await expect(rows).toHaveCount(2);
    await rows.nth(0).locator("summary").click();
    await rows.nth(0).getByRole("link", { name: "Open the project" }).click();
    await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
    const history = page.getByRole("region", { name: "History" });
    await expect(history).toContainText("(2 changes)");
    await history.getByText("History", { exact: true }).click();
    const lines = history.getByTestId("history").getByRole("listitem");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText(`${DEMO.admin.name} · Update`);
    await expect(lines.nth(0)).toContainText(`Name: ${oldName} → ${newName}`);
    await expect(lines.nth(0)).not.toContainText("version");
    await expect(lines.nth(1)).toContainText(`${DEMO.admin.name} · Create`);
  });
  await test.step("an item's edit: its History, and the audit trail under its record", async () => {
    const { id: projectId, headers } = await makeProject(page, baseURL!, `Audit Items ${tag()}`);
    const itemId = await makeItem(page.request, headers, projectId, "Window vinyl");

    await visit(page, true, `/items/${itemId}`);
    const history = page.getByRole("region", { name: "History" });
    await expect(history).toContainText("(1 change)");
    await page.getByRole("link", { name: "Edit Item" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Item" });
    await edit.getByLabel("Item name").fill("Window vinyl, frosted");
    await edit.getByLabel("Quantity").fill("3");
    await edit.getByRole("button", { name: "Update Item" }).click();
    await expect(page.getByText("Item updated successfully").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: "Window vinyl, frosted" })).toBeVisible();

    // The item page's own History, newest first.
    await expect(history).toContainText("(2 changes)");
    await history.getByText("History", { exact: true }).click();
    const lines = history.getByTestId("history").getByRole("listitem");
    await expect(lines).toHaveCount(2);
    await expect(lines.nth(0)).toContainText(`${DEMO.admin.name} · Update`);
    await expect(lines.nth(0)).toContainText("Name: Window vinyl → Window vinyl, frosted");
    await expect(lines.nth(0)).toContainText("Quantity: 1 → 3");
    await expect(lines.nth(0)).not.toContainText(/version|Version/);
    await expect(lines.nth(1)).toContainText(`${DEMO.admin.name} · Create`);

    // The same change in the audit trail, found by record type and id.
    await openAuditTrail(page);
    await filter(page, { entity: "item", record: String(itemId) });
    expect(params(page).get("entity")).toBe("item");
    expect(params(page).get("record")).toBe(String(itemId));
    const rows = auditRows(page);
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(0).locator("summary")).toContainText(line(DEMO.admin.name, "Update", `Item #${itemId} · Window vinyl, frosted`));
    const diff = await openEntry(page, rows.nth(0));
    await expect(diffLine(page, diff, "Name")).toHaveText(["Name", "Window vinyl", "Window vinyl, frosted"]);
    await expect(diffLine(page, diff, "Quantity")).toHaveText(["Quantity", "1", "3"]);
    await rows.nth(0).getByRole("link", { name: "Open the item" }).click();
    await expect(page).toHaveURL(new RegExp(`/items/${itemId}$`));
  });
});

// The sign-in walk also runs without JavaScript: the /login form, then the filter form as plain page loads.
test("a refused PIN and a sign-in are kinds of their own; floor staff and project managers are refused the audit trail", { tag: "@no-js" }, async ({
  page,
  js,
  signIn,
  clientIp,
}) => {
  // Several screens in one scenario: room for a busy machine (each step still fails on its own 5 s expect).
  test.setTimeout(120_000);
  await test.step("a refused PIN, then the manager's, at the header's Login", async () => {
    // Someone types a wrong PIN at the header's Login, then the manager's.
    await gotoHome(page, js);
    await openHeaderLogin(page, js);
    const refused = await enterPin(page, js, WRONG_PIN);
    expect(refused.status()).toBe(401);
    await expect(pinError(page, js)).toHaveText("Invalid PIN code");
    await enterPin(page, js, DEMO.admin.pin);
    await expect(signedInName(page)).toHaveText(DEMO.admin.name);

    await openAuditTrail(page, js);
    await filter(page, { kind: "Sign-ins and refused PINs", from: shopDay(), to: shopDay() });
    expect(params(page).get("kind")).toBe("sign-ins");
    await expect(page.getByRole("region", { name: "Filters" }).getByLabel("Kind")).toHaveValue("sign-ins");
    // This test's two attempts (its own client address), the sign-in above the refusal.
    const mine = auditRows(page).filter({ hasText: `from ${clientIp}` });
    await expect(mine).toHaveCount(2);
    await expect(mine.nth(0).locator("summary")).toContainText(line(DEMO.admin.name, "Signed in"));
    await expect(mine.nth(1).locator("summary")).toContainText(line("Unknown (no PIN match)", "Refused PIN"));
    const why = await openEntry(page, mine.nth(1));
    await expect(diffLine(page, why, "Reason")).toHaveText(["Reason", "—", "No active team member has this PIN"]);
    await expect(mine.nth(1)).toContainText(`A PIN typed from ${clientIp} was refused.`);
    // The sign-in opens to who signed in from where (it has no fields to compare).
    await mine.nth(0).locator("summary").click();
    await expect(mine.nth(0).getByText(`${DEMO.admin.name} signed in with their PIN from ${clientIp}.`)).toBeVisible();
    await expect(mine.nth(0).getByText("No field values recorded.")).toHaveCount(0);
    // Nothing but sign-in kinds under this filter.
    await expect(auditRows(page).filter({ hasNotText: /Signed in|Signed out|Refused PIN|Sign-ins slowed/ })).toHaveCount(0);

    // 'Changes' leaves both out.
    await filter(page, { kind: "Changes" });
    expect(params(page).get("kind")).toBe("changes");
    await expect(auditRows(page).filter({ hasText: /Signed in|Refused PIN/ })).toHaveCount(0);
  });
  await test.step("floor staff and project managers without the management key are refused", async () => {
    // After the walk above: these sign-ins come from the same address.
    await page.context().clearCookies();
    await signIn(DEMO.tom);
    expect(await visit(page, js, "/settings/audit")).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    await expect(page.getByTestId("audit-row")).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Audit trail" })).toHaveCount(0);

    await page.context().clearCookies();
    await signIn(DEMO.james);
    expect(await visit(page, js, "/settings/audit?kind=sign-ins")).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
    await expect(page.getByTestId("audit-row")).toHaveCount(0);
  });
});

test("the audit page: pages Older → and back; Clear, Clear filters and Back; bad filters explained", async ({ page, baseURL, signIn }) => {
  // Several screens in one scenario: room for a busy machine (each step still fails on its own 5 s expect).
  test.setTimeout(120_000);
  await signIn(DEMO.admin);
  await test.step("pages go Older → and back to the newest, keeping the filters, no entry twice", async () => {
    const { id, headers } = await makeProject(page, baseURL!, `Audit Pages ${tag()}`);
    // 52 more changes to the one project: 53 entries, one page of 50 and 3 older.
    for (let i = 1; i <= 52; i++) {
      const res = await page.request.patch(`/api/projects/${id}`, { data: { description: `Revision ${i}` }, headers });
      expect(res.status(), await res.text()).toBe(200);
    }
    await openAuditTrail(page);
    await filter(page, { entity: "project", record: String(id) });
    const rows = auditRows(page);
    await expect(rows).toHaveCount(50);
    const pages = page.getByRole("navigation", { name: "Pages" });
    await expect(pages.getByRole("link", { name: "← Newest" })).toHaveCount(0);
    // The newest is the last revision.
    const newest = await openEntry(page, rows.nth(0));
    await expect(diffLine(page, newest, "Description")).toHaveText(["Description", "Revision 51", "Revision 52"]);
    // The last of the page is revision 3: the next page must start at revision 2, neither skipped nor repeated.
    const last = await openEntry(page, rows.nth(49));
    await expect(diffLine(page, last, "Description")).toHaveText(["Description", "Revision 2", "Revision 3"]);

    await pages.getByRole("link", { name: "Older →" }).click();
    await expect(page).toHaveURL(/before=\d+/);
    expect(params(page).get("entity")).toBe("project");
    expect(params(page).get("record")).toBe(String(id));
    expect(params(page).get("before")).toMatch(/^\d+$/);
    await expect(rows).toHaveCount(3);
    await expect(pages.getByRole("link", { name: "Older →" })).toHaveCount(0);
    // The oldest three: revisions 2 and 1, then the creation.
    await expect(rows.nth(2).locator("summary")).toContainText(line(DEMO.admin.name, "Create", `Project #${id}`));
    const oldest = await openEntry(page, rows.nth(0));
    await expect(diffLine(page, oldest, "Description")).toHaveText(["Description", "Revision 1", "Revision 2"]);
    const middle = await openEntry(page, rows.nth(1));
    await expect(diffLine(page, middle, "Description")).toHaveText(["Description", "Audit trail e2e", "Revision 1"]);

    await pages.getByRole("link", { name: "← Newest" }).click();
    await expect(page).not.toHaveURL(/before=/);
    expect(params(page).get("before")).toBeNull();
    expect(params(page).get("record")).toBe(String(id));
    await expect(rows).toHaveCount(50);
  });
  // The fields are uncontrolled (defaultValue): the router keeps the same form when only the query changes, so the
  // form is drawn afresh for each address (keyed on it).
  await test.step("Clear, Clear filters and Back show the filters of the address they land on, so the next Filter starts from there", async () => {
    await openAuditTrail(page);
    const form = page.getByRole("region", { name: "Filters" });
    const expectEmpty = async () => {
      await expect(form.getByLabel("Team member")).toHaveValue("");
      await expect(form.getByLabel("Kind")).toHaveValue("");
      await expect(form.getByLabel("Record type")).toHaveValue("");
      await expect(form.getByLabel("Record id")).toHaveValue("");
      await expect(form.getByLabel("From")).toHaveValue("");
      await expect(form.getByLabel("To")).toHaveValue("");
    };

    // 'Clear' in the form.
    await filter(page, { member: DEMO.admin.name, kind: "Changes", entity: "session", from: shopDay(1) });
    await expect(page.getByText("No audit entries match")).toBeVisible();
    await form.getByRole("link", { name: "Clear" }).click();
    await expect(page).toHaveURL(/\/settings\/audit$/);
    await expect(auditRows(page).first()).toBeVisible();
    await expectEmpty();
    // What a user sees next: Filter with nothing chosen lists entries again.
    await form.getByRole("button", { name: "Filter" }).click();
    await page.waitForURL(/\/settings\/audit\?/);
    await page.waitForLoadState();
    expect(params(page).get("member") ?? "", "the member sent by Filter").toBe("");
    await expect(page.getByText("No audit entries match")).toHaveCount(0);
    await expect(auditRows(page).first()).toBeVisible();

    // 'Clear filters' in the empty list.
    await filter(page, { kind: "Changes", entity: "session", record: "12345" });
    await expect(page.getByText("No audit entries match")).toBeVisible();
    await page.getByRole("region", { name: "Audit entries" }).getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/settings\/audit$/);
    await expect(auditRows(page).first()).toBeVisible();
    await expectEmpty();

    // Back to a filtered address shows its filters again; Back once more, to none, empties them.
    await filter(page, { kind: "Sign-ins and refused PINs", record: "7" });
    await expect(form.getByLabel("Kind")).toHaveValue("sign-ins");
    await filter(page, { kind: "Changes", record: "8" });
    await expect(form.getByLabel("Kind")).toHaveValue("changes");
    await page.goBack();
    await expect(page).toHaveURL(/kind=sign-ins/);
    await expect(form.getByLabel("Kind")).toHaveValue("sign-ins");
    await expect(form.getByLabel("Record id")).toHaveValue("7");
    await page.goBack();
    await expect(page).toHaveURL(/\/settings\/audit$/);
    await expectEmpty();
  });
  await test.step("a backwards date range or a record id that is not a number is explained, and every entry listed instead", async () => {
    await openAuditTrail(page);
    await filter(page, { from: shopDay(1), to: shopDay(-1) });
    await expect(page.getByRole("alert")).toHaveText("The start date must be on or before the end date. Showing entries from every date instead.");
    const form = page.getByRole("region", { name: "Filters" });
    await expect(form.getByLabel("From")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("From")).toHaveValue(shopDay(1));
    await expect(auditRows(page).first()).toBeVisible();
    // Turned the right way round, the explanation goes.
    await filter(page, { from: shopDay(-1), to: shopDay(1) });
    await expect(page.getByText("The start date must be on or before the end date.")).toHaveCount(0);
    await expect(auditRows(page).first()).toBeVisible();
    // A record id that is not a number is explained the same way, not a silent 'No audit entries match'.
    await filter(page, { from: "", to: "", record: "abc" });
    await expect(page.getByRole("alert")).toHaveText('A record id is a whole number, such as 88: "abc" is not one. Showing entries for every record instead.');
    await expect(form.getByLabel("Record id")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel("Record id")).toHaveValue("abc");
    await expect(page.getByText("No audit entries match")).toHaveCount(0);
    await expect(auditRows(page).first()).toBeVisible();
  });
});
