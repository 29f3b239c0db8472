// Global Settings (docs/product.md §2 'Global Settings', §5 'Settings forms', §8 toasts). With JavaScript the
// add/edit/delete forms are Radix dialogs and the department-sequence rows drag (pointer or keyboard); without it the
// same forms are panels on the page, and the sequence's add, remove and up/down buttons are plain form posts. One
// walk runs in both browsers (a workflow added, reordered and deleted: the panels and the ↑/↓ buttons only a browser
// without JavaScript shows); every tab's no-JavaScript add, edit and delete, the refused saves and the access checks
// are request tests (tests/request/settings-no-js.test.ts, tests/request/settings-page.test.ts). Every test signs in
// on its own, works on records it names uniquely, and leaves the demo data as it found it.
import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, logoutButton, signedInName, signInFromHeader, test, toast, waitForHydration } from "./fixtures";
import { untilKeyboardDragListens } from "./helpers";

type Tab = "products" | "departments" | "workflows" | "materials" | "team";

let counter = 0;
const runTag = Date.now().toString(36);

/** A name no other test (nor an earlier run against a reused server) uses. */
function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${runTag}-${counter}-${test.info().project.name}`;
}

// PINs for members created here: a range per project (so the "js" and "no-js" workers never pick the same one),
// a random start per worker process, and a counter within it. None is a demo PIN, nor fixtures' WRONG_PIN 9999.
const DEMO_PINS = new Set(["1234", "1111", "2222", "3333", "4444", "5555", "6666", "7777", "8888", "9999"]);
const pinStart = Math.floor(Math.random() * 1000);
let pinCounter = 0;
function uniquePin(): string {
  const base = test.info().project.name === "no-js" ? 3000 : 8000;
  for (;;) {
    pinCounter += 1;
    const pin = String(base + ((pinStart + pinCounter) % 1000));
    if (!DEMO_PINS.has(pin)) return pin;
  }
}

// A 1x1 PNG, served for the photo URLs used here (the test network has no internet).
const PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");
const PHOTO_HOST = "https://photos.e2e.test";
async function servePhotos(page: Page) {
  await page.route(`${PHOTO_HOST}/**`, (route) => route.fulfill({ status: 200, contentType: "image/png", body: PNG }));
}

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** /settings on a tab, ready for interaction. */
async function openTab(page: Page, js: boolean, tab: Tab) {
  const response = await page.goto(`/settings?tab=${tab}`);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Global Settings", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Settings tabs" }).locator('[aria-current="page"]')).toHaveCount(1);
  if (js) await waitForHydration(page);
}

/** The create/edit/delete form: a Radix dialog with JavaScript, a page section (region) without. */
function surface(page: Page, js: boolean, title: string): Locator {
  return js ? page.getByRole("dialog", { name: title }) : page.getByRole("region", { name: title });
}

/** Clicks a link (Add ..., Edit X, Delete X, Add subdepartment to X) and waits for the form it opens. */
async function open(page: Page, js: boolean, link: string, title: string): Promise<Locator> {
  await page.getByRole("link", { name: link, exact: true }).click();
  const s = surface(page, js, title);
  await expect(s).toBeVisible();
  if (js) await expect(page.getByRole("dialog")).toHaveCount(1);
  return s;
}

/** After a successful save: back on the tab, the form gone, and the 'Success' toast with its description. */
async function expectSuccess(page: Page, js: boolean, tab: Tab, title: string, description: string) {
  await expect(page).toHaveURL(new RegExp(`/settings\\?tab=${tab}$`));
  await expect(surface(page, js, title)).toHaveCount(0);
  if (js) await expect(page.getByRole("dialog")).toHaveCount(0);
  const t = toast(page, js, description);
  await expect(t).toBeVisible();
  await expect(t).toContainText("Success");
  await expect(t).toContainText(description);
}

function field(s: Locator, label: string): Locator {
  return s.getByLabel(label, { exact: true });
}

function button(s: Locator, name: string): Locator {
  return s.getByRole("button", { name, exact: true });
}

function sequenceList(s: Locator): Locator {
  return s.getByRole("list", { name: "Department sequence order" });
}

/** The rows of the form's department-sequence list, in order: '1. Pre-Production', '2. Production', ... */
async function expectFormSequence(s: Locator, names: string[]) {
  const rows = sequenceList(s).getByRole("listitem");
  // Row text: [drag handle ⠿] "{n}." "{name}" "↑" "↓" "×".
  await expect(rows).toHaveText(names.map((n, i) => new RegExp(`^\\W*${i + 1}\\.\\s*${escapeRe(n)}\\s*↑`)));
}

/** The department sequence shown on a card: 'Pre-Production → Production → ...'. */
async function expectCardSequence(card: Locator, names: string[]) {
  await expect(card.getByRole("listitem")).toHaveText(names.map((n, i) => new RegExp(`^${i ? "→" : ""}\\s*${escapeRe(n)}$`)));
}

function cards(page: Page, testId: string, name: string): Locator {
  return page.getByTestId(testId).filter({ hasText: name });
}

/** Adds departments to the open form's sequence with its '+ {name}' buttons (a form post without JavaScript). */
async function addToSequence(s: Locator, names: string[], before: string[] = []) {
  const now = [...before];
  for (const n of names) {
    await button(s, `+ ${n}`).click();
    now.push(n);
    await expectFormSequence(s, now);
    await expect(button(s, `+ ${n}`)).toHaveCount(0); // no longer offered
  }
}

async function deleteRecord(page: Page, js: boolean, tab: Tab, opts: { name: string; title: string; noun: string; cardTestId: string }) {
  const s = await open(page, js, `Delete ${opts.name}`, opts.title);
  await expect(s).toContainText(`Are you sure you want to delete "${opts.name}"? This action cannot be undone.`);
  await button(s, "Delete").click();
  await expectSuccess(page, js, tab, opts.title, `${opts.noun} deleted successfully`);
  await expect(cards(page, opts.cardTestId, opts.name)).toHaveCount(0);
}

test.describe("create, edit and delete on every tab", () => {
  test("Products: a category with a department sequence", async ({ page, js, signIn }) => {
    const name = unique("E2E Category");
    const renamed = unique("E2E Renamed Category");
    await signIn(DEMO.admin);
    await openTab(page, js, "products");

    // Create.
    let s = await open(page, js, "Add Product", "Add Product");
    await field(s, "Name").fill(name);
    await field(s, "Description").fill("Made by the e2e suite");
    await field(s, "Color").selectOption("blue");
    await expect(s.getByText("No departments selected yet.")).toBeVisible();
    await addToSequence(s, ["Pre-Production", "Production"]);
    await expect(s.getByText("No departments selected yet.")).toHaveCount(0);
    // The text fields keep what was typed across the sequence buttons (posts without JavaScript).
    await expect(field(s, "Name")).toHaveValue(name);
    await expect(field(s, "Description")).toHaveValue("Made by the e2e suite");
    await expect(field(s, "Color")).toHaveValue("blue");
    await button(s, "Create Product").click();
    await expectSuccess(page, js, "products", "Add Product", "Product created successfully");
    let card = cards(page, "category-card", name);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Made by the e2e suite");
    await expectCardSequence(card, ["Pre-Production", "Production"]);

    // Edit: rename, drop Pre-Production, add Quality Control.
    s = await open(page, js, `Edit ${name}`, "Edit Product");
    await expect(field(s, "Name")).toHaveValue(name);
    await expect(field(s, "Color")).toHaveValue("blue");
    await expectFormSequence(s, ["Pre-Production", "Production"]);
    await field(s, "Name").fill(renamed);
    await field(s, "Description").fill("Edited by the e2e suite");
    await button(s, "Remove Pre-Production").click();
    await expectFormSequence(s, ["Production"]);
    await addToSequence(s, ["Quality Control"], ["Production"]);
    await button(s, "Update Product").click();
    await expectSuccess(page, js, "products", "Edit Product", "Product updated successfully");
    await expect(cards(page, "category-card", name)).toHaveCount(0);
    card = cards(page, "category-card", renamed);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Edited by the e2e suite");
    await expectCardSequence(card, ["Production", "Quality Control"]);

    // Delete.
    await deleteRecord(page, js, "products", { name: renamed, title: "Delete Product", noun: "Product", cardTestId: "category-card" });
  });

  test("Departments/Stations: a department and a subdepartment", async ({ page, js, signIn }) => {
    const name = unique("E2E Station");
    const renamed = unique("E2E Renamed Station");
    const sub = unique("E2E Sub");
    const subRenamed = unique("E2E Renamed Sub");
    const value = name.toLowerCase().replace(/\s+/g, "-");
    await signIn(DEMO.admin);
    await openTab(page, js, "departments");

    // Create.
    let s = await open(page, js, "Add Department", "Add Department");
    await field(s, "Name").fill(name);
    await field(s, "Description").fill("Station made by the e2e suite");
    await field(s, "Color").selectOption("purple");
    await field(s, "Sort order").fill("42");
    await button(s, "Create Department").click();
    await expectSuccess(page, js, "departments", "Add Department", "Department created successfully");
    let card = cards(page, "department-card", name);
    await expect(card).toHaveCount(1);
    // The value is made from the name; a new department is an active Production machine station.
    await expect(card).toContainText(`${value} · order 42 · Production`);
    await expect(card).toContainText("Active");
    await expect(card).toContainText("Machine · active");
    await expect(card).toContainText("Station made by the e2e suite");

    // Subdepartment: create, edit, delete.
    s = await open(page, js, `Add subdepartment to ${name}`, `Add Subdepartment to ${name}`);
    await field(s, "Name").fill(sub);
    await button(s, "Create Subdepartment").click();
    await expectSuccess(page, js, "departments", `Add Subdepartment to ${name}`, "Subdepartment created successfully");
    await expect(card.getByTestId("subdepartment-row")).toHaveText([new RegExp(`^${escapeRe(sub)}`)]);

    s = await open(page, js, `Edit ${sub}`, "Edit Subdepartment");
    await expect(field(s, "Name")).toHaveValue(sub);
    await field(s, "Name").fill(subRenamed);
    await button(s, "Update Subdepartment").click();
    await expectSuccess(page, js, "departments", "Edit Subdepartment", "Subdepartment updated successfully");
    await expect(card.getByTestId("subdepartment-row")).toHaveText([new RegExp(`^${escapeRe(subRenamed)}`)]);

    s = await open(page, js, `Delete ${subRenamed}`, "Delete Subdepartment");
    await expect(s).toContainText(`Are you sure you want to delete "${subRenamed}"? This action cannot be undone.`);
    await button(s, "Delete").click();
    await expectSuccess(page, js, "departments", "Delete Subdepartment", "Subdepartment deleted successfully");
    await expect(card.getByTestId("subdepartment-row")).toHaveCount(0);
    await expect(card).toContainText("None");

    // Edit: rename (the value is kept), make inactive.
    s = await open(page, js, `Edit ${name}`, "Edit Department");
    await expect(field(s, "Name")).toHaveValue(name);
    await expect(s).toContainText(`Value: ${value} (kept when the name changes)`);
    await expect(field(s, "Active")).toBeChecked();
    await expect(field(s, "Machine station")).toBeChecked();
    await field(s, "Name").fill(renamed);
    await field(s, "Sort order").fill("43");
    await field(s, "Active").uncheck();
    await button(s, "Update Department").click();
    await expectSuccess(page, js, "departments", "Edit Department", "Department updated successfully");
    await expect(cards(page, "department-card", name)).toHaveCount(0);
    card = cards(page, "department-card", renamed);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`${value} · order 43 · Production`);
    await expect(card).toContainText("Inactive");

    // Delete.
    await deleteRecord(page, js, "departments", { name: renamed, title: "Delete Department", noun: "Department", cardTestId: "department-card" });
  });

  test("Project Workflows: a workflow with a department sequence", async ({ page, js, signIn }) => {
    const name = unique("E2E Workflow");
    const renamed = unique("E2E Renamed Workflow");
    await signIn(DEMO.admin);
    await openTab(page, js, "workflows");

    let s = await open(page, js, "Add Workflow", "Add Workflow");
    await field(s, "Name").fill(name);
    await field(s, "Description").fill("Workflow made by the e2e suite");
    await addToSequence(s, ["Pre-Production", "Production", "Quality Control"]);
    await expect(field(s, "Name")).toHaveValue(name);
    await button(s, "Create Workflow").click();
    await expectSuccess(page, js, "workflows", "Add Workflow", "Workflow created successfully");
    let card = cards(page, "workflow-card", name);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("Workflow made by the e2e suite");
    await expectCardSequence(card, ["Pre-Production", "Production", "Quality Control"]);

    s = await open(page, js, `Edit ${name}`, "Edit Workflow");
    await expect(field(s, "Name")).toHaveValue(name);
    await expectFormSequence(s, ["Pre-Production", "Production", "Quality Control"]);
    await field(s, "Name").fill(renamed);
    await button(s, "Remove Production").click();
    await expectFormSequence(s, ["Pre-Production", "Quality Control"]);
    await addToSequence(s, ["Installation"], ["Pre-Production", "Quality Control"]);
    await button(s, "Update Workflow").click();
    await expectSuccess(page, js, "workflows", "Edit Workflow", "Workflow updated successfully");
    await expect(cards(page, "workflow-card", name)).toHaveCount(0);
    card = cards(page, "workflow-card", renamed);
    await expect(card).toHaveCount(1);
    await expectCardSequence(card, ["Pre-Production", "Quality Control", "Installation"]);

    await deleteRecord(page, js, "workflows", { name: renamed, title: "Delete Workflow", noun: "Workflow", cardTestId: "workflow-card" });
  });

  test("Materials: a material type", async ({ page, js, signIn }) => {
    const name = unique("E2E Material");
    const renamed = unique("E2E Renamed Material");
    await signIn(DEMO.admin);
    await openTab(page, js, "materials");

    let s = await open(page, js, "Add Material", "Add Material");
    await field(s, "Name").fill(name);
    await field(s, "Category").fill("E2E Vinyl");
    await field(s, "Description").fill("Material made by the e2e suite");
    await field(s, "Color").selectOption("green");
    await button(s, "Create Material").click();
    await expectSuccess(page, js, "materials", "Add Material", "Material created successfully");
    let card = cards(page, "material-card", name);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("E2E Vinyl");
    await expect(card).toContainText("Material made by the e2e suite");

    s = await open(page, js, `Edit ${name}`, "Edit Material");
    await expect(field(s, "Name")).toHaveValue(name);
    await expect(field(s, "Category")).toHaveValue("E2E Vinyl");
    await expect(field(s, "Color")).toHaveValue("green");
    await field(s, "Name").fill(renamed);
    await field(s, "Category").fill("E2E Metal");
    await button(s, "Update Material").click();
    await expectSuccess(page, js, "materials", "Edit Material", "Material updated successfully");
    await expect(cards(page, "material-card", name)).toHaveCount(0);
    card = cards(page, "material-card", renamed);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("E2E Metal");
    await expect(card).not.toContainText("E2E Vinyl");

    await deleteRecord(page, js, "materials", { name: renamed, title: "Delete Material", noun: "Material", cardTestId: "material-card" });
  });

  test("Team Members: a team member", async ({ page, js, signIn }) => {
    const name = unique("E2E Member");
    const renamed = unique("E2E Renamed Member");
    const slug = name.toLowerCase().replace(/[^a-z0-9]+/g, ".");
    const email = `${slug}@example.com`;
    const photo = `${PHOTO_HOST}/${slug}.png`;
    await servePhotos(page);
    await signIn(DEMO.admin);
    await openTab(page, js, "team");

    let s = await open(page, js, "Add Team Member", "Add Team Member");
    await field(s, "Name").fill(name);
    await field(s, "PIN").fill(uniquePin());
    await field(s, "Email").fill(email);
    // The department is chosen from the shop's departments (a select with "None"), not typed.
    await expect(field(s, "Department")).toHaveValue("");
    await expect(field(s, "Department").locator("option").first()).toHaveText("None");
    await expect(field(s, "Department").locator("option", { hasText: "Quality Control" })).toHaveCount(1);
    await field(s, "Department").selectOption("Production");
    await field(s, "Subdepartment").fill("Large Format Print");
    await field(s, "Skills (comma-separated)").fill("Lamination, HP Latex");
    await field(s, "Photo URL").fill(photo);
    await field(s, "Production").check();
    await button(s, "Add Team Member").click();
    await expectSuccess(page, js, "team", "Add Team Member", "Team member created successfully");
    let card = cards(page, "team-member-card", name);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`${email} · Production`);
    await expect(card).toContainText("Production");
    await expect(card).not.toContainText("No department access");
    await expect(card.locator("img")).toHaveAttribute("src", photo);

    s = await open(page, js, `Edit ${name}`, "Edit Team Member");
    await expect(field(s, "Name")).toHaveValue(name);
    await expect(field(s, "Email")).toHaveValue(email);
    await expect(field(s, "Department")).toHaveValue("Production");
    await expect(field(s, "New PIN (leave blank to keep)")).toHaveValue("");
    await expect(field(s, "Production")).toBeChecked();
    await expect(field(s, "Fabrication")).not.toBeChecked();
    await expect(field(s, "Active")).toBeChecked();
    // The stored photo shows in the preview, with or without JavaScript.
    await expect(s.getByRole("img", { name: "Photo preview" })).toHaveAttribute("src", photo);
    await field(s, "Name").fill(renamed);
    await field(s, "Email").fill(`renamed.${email}`);
    await field(s, "Fabrication").check();
    await button(s, "Update Team Member").click();
    await expectSuccess(page, js, "team", "Edit Team Member", "Team member updated successfully");
    await expect(cards(page, "team-member-card", name)).toHaveCount(0);
    card = cards(page, "team-member-card", renamed);
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(`renamed.${email} · Production`);
    await expect(card).toContainText("Fabrication");

    await deleteRecord(page, js, "team", { name: renamed, title: "Delete Team Member", noun: "Team member", cardTestId: "team-member-card" });
  });
});

test.describe("reordering a workflow's departments", () => {
  test("a workflow is added, its rows moved with the keyboard (JavaScript) or the ↑/↓ buttons (no JavaScript), the order saved, and it is deleted", {
    tag: "@no-js",
  }, async ({ page, js, signIn }) => {
    const name = unique("E2E Reorder Workflow");
    await signIn(DEMO.admin);
    await openTab(page, js, "workflows");

    let s = await open(page, js, "Add Workflow", "Add Workflow");
    await field(s, "Name").fill(name);
    await addToSequence(s, ["Pre-Production", "Production", "Quality Control"]);
    await button(s, "Create Workflow").click();
    await expectSuccess(page, js, "workflows", "Add Workflow", "Workflow created successfully");
    const card = cards(page, "workflow-card", name);
    await expectCardSequence(card, ["Pre-Production", "Production", "Quality Control"]);

    s = await open(page, js, `Edit ${name}`, "Edit Workflow");
    await expectFormSequence(s, ["Pre-Production", "Production", "Quality Control"]);
    if (js) {
      // dnd-kit's KeyboardSensor: Space picks the row up, an arrow moves it, Space drops it. Its live region
      // announces each step; waiting for it keeps the keys from outrunning the drag.
      const live = page.locator('[id^="DndLiveRegion"]');
      const dragProduction = s.getByRole("button", { name: "Drag Production", exact: true });
      await dragProduction.focus();
      await expect(dragProduction).toBeFocused();
      await page.keyboard.press("Space");
      await expect(dragProduction).toHaveAttribute("aria-pressed", "true");
      await untilKeyboardDragListens(page);
      await page.keyboard.press("ArrowUp");
      await expect(live).toHaveText("Moving Production to position 1 of 3.");
      await page.keyboard.press("Space");
      await expect(live).toHaveText("Moved Production to position 1 of 3.");
      await expect(dragProduction).not.toHaveAttribute("aria-pressed", "true");
      await expectFormSequence(s, ["Production", "Pre-Production", "Quality Control"]);

      const dragPre = s.getByRole("button", { name: "Drag Pre-Production", exact: true });
      await dragPre.focus();
      await expect(dragPre).toBeFocused();
      await page.keyboard.press("Space");
      await expect(dragPre).toHaveAttribute("aria-pressed", "true");
      await untilKeyboardDragListens(page);
      await page.keyboard.press("ArrowDown");
      await expect(live).toHaveText("Moving Pre-Production to position 3 of 3.");
      await page.keyboard.press("Space");
      await expect(live).toHaveText("Moved Pre-Production to position 3 of 3.");
      await expect(dragPre).not.toHaveAttribute("aria-pressed", "true");
    } else {
      // No drag handles without JavaScript: the up/down buttons post the form and the page comes back reordered.
      await expect(s.getByRole("button", { name: /^Drag / })).toHaveCount(0);
      await expect(button(s, "Move Pre-Production up")).toBeDisabled();
      await expect(button(s, "Move Quality Control down")).toBeDisabled();
      await button(s, "Move Production up").click();
      await expectFormSequence(s, ["Production", "Pre-Production", "Quality Control"]);
      await button(s, "Move Pre-Production down").click();
    }
    await expectFormSequence(s, ["Production", "Quality Control", "Pre-Production"]);
    await button(s, "Update Workflow").click();
    await expectSuccess(page, js, "workflows", "Edit Workflow", "Workflow updated successfully");
    await expectCardSequence(card, ["Production", "Quality Control", "Pre-Production"]);

    // The saved order is what the edit form shows next time.
    s = await open(page, js, `Edit ${name}`, "Edit Workflow");
    await expectFormSequence(s, ["Production", "Quality Control", "Pre-Production"]);
    if (js) await page.keyboard.press("Escape");
    else await s.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/settings\?tab=workflows$/);

    await deleteRecord(page, js, "workflows", { name, title: "Delete Workflow", noun: "Workflow", cardTestId: "workflow-card" });
  });
});

test("refused saves: a category without a name or a department, a category in use, a workflow without departments, the team member form's rules", async ({
  page,
  js,
  signIn,
}) => {
  test.setTimeout(150_000); // five forms, each opened on a freshly loaded tab
  await servePhotos(page);
  await signIn(DEMO.admin);

  await test.step("a category needs a name and at least one department: shown at once, Create disabled until one is chosen", async () => {
    await openTab(page, js, "products");
    const s = await open(page, js, "Add Product", "Add Product");
    const create = button(s, "Create Product");
    await expect(s.getByText("Select at least one department", { exact: true })).toBeVisible();
    await expect(create).toBeDisabled();
    await button(s, "+ Production").click();
    await expect(s.getByText("Select at least one department", { exact: true })).toHaveCount(0);
    await expect(create).toBeEnabled();
    await button(s, "Remove Production").click();
    await expect(s.getByText("Select at least one department", { exact: true })).toBeVisible();
    await expect(create).toBeDisabled();
    await button(s, "+ Production").click();
    await create.click();
    await expect(s.getByText("Category name is required", { exact: true })).toBeVisible();
    await expect(field(s, "Name")).toHaveAttribute("aria-invalid", "true");
    // Nothing was created and the form is still open.
    await expect(page).toHaveURL(/\/settings\?tab=products&new=1$/);
    await expect(surface(page, js, "Add Product")).toBeVisible();
  });

  await test.step("deleting a category that items use is refused: the reason in the dialog, an Error toast above it, the card stays", async () => {
    const name = "Channel Letters"; // demo category used by demo items
    await openTab(page, js, "products");
    await expect(cards(page, "category-card", name)).toHaveCount(1);
    const s = await open(page, js, `Delete ${name}`, "Delete Product");
    await expect(s).toContainText(`Are you sure you want to delete "${name}"? This action cannot be undone.`);
    const answered = page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/settings"));
    await button(s, "Delete").click();
    expect((await answered).status()).toBe(409);
    const error = s.getByRole("alert");
    await expect(error).toBeVisible();
    await expect(error).toHaveText(/^Category "Channel Letters" is used by \d+ items?$/);
    // While the dialog is open, Radix marks the rest of the page (the toast viewport too) aria-hidden, so the toast
    // is found with hidden elements included and checked to be visible on screen.
    const t = page
      .getByRole("region", { name: /Notifications/, includeHidden: true })
      .getByRole("listitem", { includeHidden: true })
      .filter({ hasText: "is used by" });
    await expect(t).toBeVisible();
    await expect(t).toContainText("Error");
    await expect(toast(page, js, "deleted successfully")).toHaveCount(0);
    await s.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(/\/settings\?tab=products$/);
    await expect(cards(page, "category-card", name)).toHaveCount(1);
    await page.reload();
    await expect(cards(page, "category-card", name)).toHaveCount(1);
  });

  await test.step("a workflow needs at least one department; Escape closes the dialog and nothing was made", async () => {
    const name = unique("E2E Invalid Workflow");
    await openTab(page, js, "workflows");
    const s = await open(page, js, "Add Workflow", "Add Workflow");
    await field(s, "Name").fill(name);
    await button(s, "Create Workflow").click();
    await expect(s.getByText("Please select at least one department", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/settings\?tab=workflows&new=1$/);
    await expect(field(s, "Name")).toHaveValue(name);
    await page.keyboard.press("Escape");
    await expect(page).toHaveURL(/\/settings\?tab=workflows$/);
    await expect(cards(page, "workflow-card", name)).toHaveCount(0);
  });

  await test.step("the first click on a department box of a fresh team member form checks it", async () => {
    // The way this click was once lost: the dialog focuses the empty Name field; the click's mousedown blurs it, conform
    // validated on blur and inserted 'Name is required' above, the form shifted down, and the mouseup landed on the
    // fieldset instead of the box.
    await openTab(page, js, "team");
    const s = await open(page, js, "Add Team Member", "Add Team Member");
    await expect(field(s, "Name")).toBeFocused();
    await field(s, "Production").click();
    await expect(field(s, "Production")).toBeChecked();
  });

  await test.step("the team member form: field types, the no-department warning as boxes change, the photo preview, the PIN rules", async () => {
    const name = unique("E2E Invalid Member");
    await openTab(page, js, "team");
    const s = await open(page, js, "Add Team Member", "Add Team Member");
    await expect(field(s, "Email")).toHaveAttribute("type", "email");
    await expect(field(s, "PIN")).toHaveAttribute("type", "password");
    await expect(field(s, "PIN")).toHaveAttribute("maxlength", "4");
    await expect(field(s, "Super User (All Access)")).toHaveAttribute("type", "checkbox");
    for (const label of ["Pre-Production", "Production", "Fabrication", "Project Management"]) {
      await expect(field(s, label)).not.toBeChecked();
    }
    const warning = s.getByText("No departments selected. This team member will not be able to access any department boxes on the dashboard.", { exact: true });
    await expect(warning).toBeVisible();
    // The name first: leaving the auto-focused Name empty shows 'Name is required' and moves the form under the
    // pointer (see the step above).
    await field(s, "Name").fill(name);
    await field(s, "Production").check();
    await expect(warning).toHaveCount(0);
    await field(s, "Production").uncheck();
    await expect(warning).toBeVisible();

    // A live preview of the photo URL.
    const photo = `${PHOTO_HOST}/preview-${Date.now()}.png`;
    await expect(s.getByRole("img", { name: "Photo preview" })).toHaveCount(0);
    await field(s, "Photo URL").fill(photo);
    const preview = s.getByRole("img", { name: "Photo preview" });
    await expect(preview).toBeVisible();
    await expect(preview).toHaveAttribute("src", photo);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
    await field(s, "Photo URL").fill("");
    await expect(s.getByRole("img", { name: "Photo preview" })).toHaveCount(0);

    const add = button(s, "Add Team Member");
    await field(s, "PIN").fill("12");
    await add.click();
    await expect(s.getByText("PIN must be exactly 4 digits", { exact: true })).toBeVisible();
    await expect(field(s, "PIN")).toHaveAttribute("aria-invalid", "true");
    await field(s, "PIN").fill("12a4");
    await add.click();
    await expect(s.getByText("PIN must contain only numbers", { exact: true })).toBeVisible();
    await expect(s.getByText("PIN must be exactly 4 digits", { exact: true })).toHaveCount(0);

    // Nothing was saved.
    await expect(page).toHaveURL(/\/settings\?tab=team&new=1$/);
    await expect(field(s, "Name")).toHaveValue(name);
    await openTab(page, js, "team");
    await expect(cards(page, "team-member-card", name)).toHaveCount(0);
  });
});

test("a member added in Team Members signs in with their PIN and sees only the Production Floor tile", async ({ page, js, signIn }) => {
  const name = unique("E2E Floor Member");
  const pin = uniquePin();
  await signIn(DEMO.admin);
  await openTab(page, js, "team");
  const s = await open(page, js, "Add Team Member", "Add Team Member");
  await field(s, "Name").fill(name);
  await field(s, "PIN").fill(pin);
  await field(s, "Production").check();
  await button(s, "Add Team Member").click();
  await expectSuccess(page, js, "team", "Add Team Member", "Team member created successfully");
  const card = cards(page, "team-member-card", name);
  await expect(card).toHaveCount(1);
  await expect(card).toContainText("Production");

  await logoutButton(page).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(signedInName(page)).toHaveCount(0);

  await signInFromHeader(page, js, { name, pin });
  await expect(page.getByTestId("tile-production")).toBeVisible();
  await expect(page.getByTestId("tile-production")).toContainText("Production Floor");
  await expect(page.locator('[data-testid^="tile-"]')).toHaveCount(1);
  await expect(page.getByRole("link", { name: "Global Settings" })).toHaveCount(0);
  await expect(page.getByLabel("Open menu")).toHaveCount(0);

  // Not management: Global Settings is refused.
  const response = await page.goto("/settings");
  expect(response?.status()).toBe(403);
  await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
});
