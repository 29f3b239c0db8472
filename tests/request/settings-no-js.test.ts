import { beforeEach, describe, expect, test } from "bun:test";
import * as schema from "#db/schema";
import type { Client } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";

// Global Settings without JavaScript (docs/product.md §2 'Global Settings', §5 'Settings forms'): every tab's add,
// edit and delete forms are panels on the page, opened by links; the department sequence's add and remove buttons
// post the form and the page comes back with the sequence changed. Each flow here is a person's clicks through the
// page's real links, forms and buttons (tests/helpers/html-form.ts). tests/e2e/settings.e2e.ts keeps one walk in
// a browser without JavaScript (the panels and the ↑/↓ buttons) and the dialogs with JavaScript.

let app: Awaited<ReturnType<typeof seedShop>>["app"];
let admin: Client;

beforeEach(async () => {
  ({
    app,
    clients: { admin },
  } = await seedShop({
    ipBase: "10.61.0",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } },
    departments: ["Pre-Production", "Production", "Quality Control", "Installation"],
  }));
});

/**
 * The page as a browser's parser reads it: linkedom keeps React's spelling of attribute names (noValidate,
 * maxLength, readOnly), which HTML parsers lowercase, so tests/helpers/html-form.ts's checks would not see them.
 */
function parsed(page: HtmlPage): HtmlPage {
  for (const el of page.$$("*")) {
    for (const a of [...el.attributes]) if (a.name !== a.name.toLowerCase()) el.setAttribute(a.name.toLowerCase(), a.value);
  }
  return page;
}

const collapse = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

/** The add/edit/delete panel titled `title` (a dialog with JavaScript). */
const panelSelector = (title: string) => `section[aria-label="${title}"]`;

function panel(page: HtmlPage, title: string) {
  const el = page.$(panelSelector(title));
  if (!el) throw new Error(`no panel "${title}" on ${page.url.pathname}${page.url.search}`);
  return el;
}

/** The panel's form (the one with `button`). */
const panelForm = (page: HtmlPage, title: string, button?: string) => page.form({ within: panelSelector(title), button });

/** Clicks a link (Add …, Edit X, Delete X, Add subdepartment to X): the page comes back with the panel open. */
async function openPanel(page: HtmlPage, link: string, title: string) {
  const next = await page.click(link).then(parsed);
  expect(next.status).toBe(200);
  panel(next, title);
  return next;
}

/** After a save: back on the tab (a redirect), the panel gone, and the flash toast 'Success' with its description. */
function expectSuccess(page: HtmlPage, tab: string, title: string, description: string) {
  expect(page.redirects.at(-1)).toBe(`/settings?tab=${tab}`);
  expect(page.url.pathname + page.url.search).toBe(`/settings?tab=${tab}`);
  expect(page.status).toBe(200);
  expect(page.$(panelSelector(title))).toBeNull();
  const toast = page.$$('[role="status"]').find((el) => collapse(el.textContent).includes(description));
  expect(toast, `a toast saying ${description}`).toBeDefined();
  expect(collapse(toast!.textContent)).toContain("Success");
}

/** The cards of a tab whose text holds `name`. */
const cards = (page: HtmlPage, testId: string, name: string) => page.$$(`[data-testid="${testId}"]`).filter((el) => collapse(el.textContent).includes(name));

function card(page: HtmlPage, testId: string, name: string) {
  const found = cards(page, testId, name);
  expect(found, `one ${testId} for ${name}`).toHaveLength(1);
  return found[0]!;
}

/** The department sequence a card shows: 'Pre-Production → Production → …'. */
const cardSequence = (el: ReturnType<typeof card>) => [...el.querySelectorAll("li")].map((li) => collapse(li.textContent).replace(/^→\s*/, ""));

/** The rows of the open panel's department-sequence list, in order, as '1. Pre-Production'. */
function formSequence(page: HtmlPage, title: string) {
  return [...panel(page, title).querySelectorAll('[data-testid="sequence-list"] > li')].map((li) => {
    const m = /^\W*(\d+)\.\s*(.+?)\s*↑/.exec(collapse(li.textContent));
    return m ? `${m[1]}. ${m[2]}` : collapse(li.textContent);
  });
}

/** The names the panel's '+ {name}' buttons still offer. */
const offered = (page: HtmlPage, title: string) =>
  panelForm(page, title)
    .submitButtons()
    .map((b) => collapse(b.textContent))
    .filter((t) => t.startsWith("+ "))
    .map((t) => t.slice(2));

const value = (page: HtmlPage, title: string, name: string) => {
  const el = panel(page, title).querySelector(`[name="${name}"]:not([type="hidden"])`);
  if (!el) throw new Error(`no field ${name} in "${title}"`);
  if (el.tagName === "TEXTAREA") return el.textContent ?? "";
  if (el.tagName === "SELECT") return [...el.querySelectorAll("option")].find((o) => o.hasAttribute("selected"))?.getAttribute("value") ?? "";
  return el.getAttribute("value") ?? "";
};

const checked = (page: HtmlPage, title: string, name: string, v?: string) =>
  panel(page, title)
    .querySelector(`input[type="checkbox"][name="${name}"]${v ? `[value="${v}"]` : ""}`)!
    .hasAttribute("checked");

/** Adds departments to the open panel's sequence with its '+ {name}' buttons, one post each. */
async function addToSequence(page: HtmlPage, title: string, names: string[], before: string[] = [], fields: Record<string, string> = {}) {
  const now = [...before];
  let p = page;
  for (const n of names) {
    p = await panelForm(p, title).fill(fields).submit(`+ ${n}`).then(parsed);
    expect(p.status).toBe(200);
    now.push(n);
    expect(formSequence(p, title)).toEqual(now.map((x, i) => `${i + 1}. ${x}`));
    expect(offered(p, title)).not.toContain(n);
  }
  return p;
}

async function deleteRecord(page: HtmlPage, tab: string, o: { name: string; title: string; noun: string; cardTestId: string }) {
  let p = await openPanel(page, `Delete ${o.name}`, o.title);
  expect(collapse(panel(p, o.title).textContent)).toContain(`Are you sure you want to delete "${o.name}"? This action cannot be undone.`);
  p = await panelForm(p, o.title).submit("Delete").then(parsed);
  expectSuccess(p, tab, o.title, `${o.noun} deleted successfully`);
  expect(cards(p, o.cardTestId, o.name)).toHaveLength(0);
  return p;
}

describe("create, edit and delete on every tab, without JavaScript", () => {
  test("Products: a category with a department sequence; typed fields survive the sequence buttons", async () => {
    let p = await open(admin, "/settings?tab=products").then(parsed);
    p = await openPanel(p, "Add Product", "Add Product");
    expect(p.url.search).toBe("?tab=products&new=1");
    expect(collapse(panel(p, "Add Product").textContent)).toContain("No departments selected yet.");
    const typed = { name: "Channel Letters", description: "Made by the no-JS walk", color: "blue" };
    p = await addToSequence(p, "Add Product", ["Pre-Production", "Production"], [], typed);
    expect(collapse(panel(p, "Add Product").textContent)).not.toContain("No departments selected yet.");
    // What was typed comes back with the page after each sequence post.
    expect(value(p, "Add Product", "name")).toBe(typed.name);
    expect(value(p, "Add Product", "description")).toBe(typed.description);
    expect(value(p, "Add Product", "color")).toBe("blue");
    expect(app.db.select().from(schema.categories).all()).toHaveLength(0);
    p = await panelForm(p, "Add Product").submit("Create Product").then(parsed);
    expectSuccess(p, "products", "Add Product", "Product created successfully");
    let c = card(p, "category-card", "Channel Letters");
    expect(collapse(c.textContent)).toContain("Made by the no-JS walk");
    expect(cardSequence(c)).toEqual(["Pre-Production", "Production"]);

    // Edit: rename, drop Pre-Production, add Quality Control.
    p = await openPanel(p, "Edit Channel Letters", "Edit Product");
    expect(value(p, "Edit Product", "name")).toBe("Channel Letters");
    expect(value(p, "Edit Product", "color")).toBe("blue");
    expect(formSequence(p, "Edit Product")).toEqual(["1. Pre-Production", "2. Production"]);
    const edited = { name: "Box Letters", description: "Edited by the no-JS walk" };
    p = await panelForm(p, "Edit Product").fill(edited).submit("Remove Pre-Production").then(parsed);
    expect(formSequence(p, "Edit Product")).toEqual(["1. Production"]);
    p = await addToSequence(p, "Edit Product", ["Quality Control"], ["Production"]);
    expect(value(p, "Edit Product", "name")).toBe("Box Letters");
    p = await panelForm(p, "Edit Product").submit("Update Product").then(parsed);
    expectSuccess(p, "products", "Edit Product", "Product updated successfully");
    expect(cards(p, "category-card", "Channel Letters")).toHaveLength(0);
    c = card(p, "category-card", "Box Letters");
    expect(collapse(c.textContent)).toContain("Edited by the no-JS walk");
    expect(cardSequence(c)).toEqual(["Production", "Quality Control"]);
    expect(app.db.select().from(schema.categories).get()).toMatchObject({
      name: "Box Letters",
      color: "blue",
      departmentSequence: ["production", "quality-control"],
    });

    await deleteRecord(p, "products", { name: "Box Letters", title: "Delete Product", noun: "Product", cardTestId: "category-card" });
    expect(app.db.select().from(schema.categories).all()).toHaveLength(0);
  });

  test("Departments/Stations: a department and a subdepartment", async () => {
    let p = await open(admin, "/settings?tab=departments").then(parsed);
    p = await openPanel(p, "Add Department", "Add Department");
    p = await panelForm(p, "Add Department")
      .fill({ name: "Big Router", description: "Station made by the no-JS walk", color: "purple", sortOrder: "42" })
      .submit("Create Department")
      .then(parsed);
    expectSuccess(p, "departments", "Add Department", "Department created successfully");
    let c = card(p, "department-card", "Big Router");
    // The value is made from the name; a new department is an active Production machine station.
    expect(collapse(c.textContent)).toContain("big-router · order 42 · Production");
    expect(collapse(c.textContent)).toContain("Active");
    expect(collapse(c.textContent)).toContain("Machine · active");
    expect(collapse(c.textContent)).toContain("Station made by the no-JS walk");

    // Subdepartment: create, edit, delete.
    const addSub = "Add Subdepartment to Big Router";
    p = await openPanel(p, "Add subdepartment to Big Router", addSub);
    p = await panelForm(p, addSub).fill({ name: "Interior Assembly" }).submit("Create Subdepartment").then(parsed);
    expectSuccess(p, "departments", addSub, "Subdepartment created successfully");
    const subRows = () =>
      [...card(p, "department-card", "Big Router").querySelectorAll('[data-testid="subdepartment-row"]')].map((r) => collapse(r.textContent));
    expect(subRows()).toHaveLength(1);
    expect(subRows()[0]).toStartWith("Interior Assembly");

    p = await openPanel(p, "Edit Interior Assembly", "Edit Subdepartment");
    expect(value(p, "Edit Subdepartment", "name")).toBe("Interior Assembly");
    p = await panelForm(p, "Edit Subdepartment").fill({ name: "Exterior Assembly" }).submit("Update Subdepartment").then(parsed);
    expectSuccess(p, "departments", "Edit Subdepartment", "Subdepartment updated successfully");
    expect(subRows()).toHaveLength(1);
    expect(subRows()[0]).toStartWith("Exterior Assembly");

    p = await openPanel(p, "Delete Exterior Assembly", "Delete Subdepartment");
    expect(collapse(panel(p, "Delete Subdepartment").textContent)).toContain(
      'Are you sure you want to delete "Exterior Assembly"? This action cannot be undone.',
    );
    p = await panelForm(p, "Delete Subdepartment").submit("Delete").then(parsed);
    expectSuccess(p, "departments", "Delete Subdepartment", "Subdepartment deleted successfully");
    expect(subRows()).toHaveLength(0);
    expect(collapse(card(p, "department-card", "Big Router").textContent)).toContain("None");

    // Edit: rename (the value is kept), make inactive.
    p = await openPanel(p, "Edit Big Router", "Edit Department");
    expect(value(p, "Edit Department", "name")).toBe("Big Router");
    expect(collapse(panel(p, "Edit Department").textContent)).toContain("Value: big-router (kept when the name changes)");
    expect(checked(p, "Edit Department", "isActive")).toBe(true);
    expect(checked(p, "Edit Department", "isMachine")).toBe(true);
    p = await panelForm(p, "Edit Department").fill({ name: "Huge Router", sortOrder: "43", isActive: false }).submit("Update Department").then(parsed);
    expectSuccess(p, "departments", "Edit Department", "Department updated successfully");
    expect(cards(p, "department-card", "Big Router")).toHaveLength(0);
    c = card(p, "department-card", "Huge Router");
    expect(collapse(c.textContent)).toContain("big-router · order 43 · Production");
    expect(collapse(c.textContent)).toContain("Inactive");

    await deleteRecord(p, "departments", { name: "Huge Router", title: "Delete Department", noun: "Department", cardTestId: "department-card" });
  });

  test("Project Workflows: a workflow with a department sequence", async () => {
    let p = await open(admin, "/settings?tab=workflows").then(parsed);
    p = await openPanel(p, "Add Workflow", "Add Workflow");
    p = await addToSequence(p, "Add Workflow", ["Pre-Production", "Production", "Quality Control"], [], {
      name: "Standard Flow",
      description: "Workflow made by the no-JS walk",
    });
    expect(value(p, "Add Workflow", "name")).toBe("Standard Flow");
    p = await panelForm(p, "Add Workflow").submit("Create Workflow").then(parsed);
    expectSuccess(p, "workflows", "Add Workflow", "Workflow created successfully");
    const c = card(p, "workflow-card", "Standard Flow");
    expect(collapse(c.textContent)).toContain("Workflow made by the no-JS walk");
    expect(cardSequence(c)).toEqual(["Pre-Production", "Production", "Quality Control"]);

    p = await openPanel(p, "Edit Standard Flow", "Edit Workflow");
    expect(value(p, "Edit Workflow", "name")).toBe("Standard Flow");
    expect(formSequence(p, "Edit Workflow")).toEqual(["1. Pre-Production", "2. Production", "3. Quality Control"]);
    p = await panelForm(p, "Edit Workflow").fill({ name: "Install Flow" }).submit("Remove Production").then(parsed);
    expect(formSequence(p, "Edit Workflow")).toEqual(["1. Pre-Production", "2. Quality Control"]);
    p = await addToSequence(p, "Edit Workflow", ["Installation"], ["Pre-Production", "Quality Control"]);
    p = await panelForm(p, "Edit Workflow").submit("Update Workflow").then(parsed);
    expectSuccess(p, "workflows", "Edit Workflow", "Workflow updated successfully");
    expect(cards(p, "workflow-card", "Standard Flow")).toHaveLength(0);
    expect(cardSequence(card(p, "workflow-card", "Install Flow"))).toEqual(["Pre-Production", "Quality Control", "Installation"]);

    await deleteRecord(p, "workflows", { name: "Install Flow", title: "Delete Workflow", noun: "Workflow", cardTestId: "workflow-card" });
    expect(app.db.select().from(schema.workflows).all()).toHaveLength(0);
  });

  test("Materials: a material type", async () => {
    let p = await open(admin, "/settings?tab=materials").then(parsed);
    p = await openPanel(p, "Add Material", "Add Material");
    p = await panelForm(p, "Add Material")
      .fill({ name: "Cast Vinyl", category: "Vinyl", description: "Material made by the no-JS walk", color: "green" })
      .submit("Create Material")
      .then(parsed);
    expectSuccess(p, "materials", "Add Material", "Material created successfully");
    let c = card(p, "material-card", "Cast Vinyl");
    expect(collapse(c.textContent)).toContain("Vinyl");
    expect(collapse(c.textContent)).toContain("Material made by the no-JS walk");

    p = await openPanel(p, "Edit Cast Vinyl", "Edit Material");
    expect(value(p, "Edit Material", "name")).toBe("Cast Vinyl");
    expect(value(p, "Edit Material", "category")).toBe("Vinyl");
    expect(value(p, "Edit Material", "color")).toBe("green");
    p = await panelForm(p, "Edit Material").fill({ name: "Aluminium Sheet", category: "Metal" }).submit("Update Material").then(parsed);
    expectSuccess(p, "materials", "Edit Material", "Material updated successfully");
    expect(cards(p, "material-card", "Cast Vinyl")).toHaveLength(0);
    c = card(p, "material-card", "Aluminium Sheet");
    expect(collapse(c.textContent)).toContain("Metal");
    expect(collapse(c.textContent)).not.toContain("Vinyl");

    await deleteRecord(p, "materials", { name: "Aluminium Sheet", title: "Delete Material", noun: "Material", cardTestId: "material-card" });
  });

  test("Team Members: a team member, with the stored photo in the edit form's preview", async () => {
    const photo = "https://photos.example/bo.png";
    let p = await open(admin, "/settings?tab=team").then(parsed);
    p = await openPanel(p, "Add Team Member", "Add Team Member");
    // The department is chosen from the shop's departments (a select with "None"), not typed.
    const department = panel(p, "Add Team Member").querySelector('select[name="department"]')!;
    const options = [...department.querySelectorAll("option")];
    expect(collapse(options[0]!.textContent)).toBe("None");
    expect(value(p, "Add Team Member", "department")).toBe("");
    expect(options.map((o) => collapse(o.textContent))).toContain("Quality Control");
    p = await panelForm(p, "Add Team Member")
      .fill({
        name: "Bo Builder",
        pinCode: "2468",
        email: "bo@example.com",
        department: "Production",
        subdepartment: "Large Format Print",
        skills: "Lamination, HP Latex",
        profilePhotoUrl: photo,
        accessibleDepartments: ["production"],
      })
      .submit("Add Team Member")
      .then(parsed);
    expectSuccess(p, "team", "Add Team Member", "Team member created successfully");
    let c = card(p, "team-member-card", "Bo Builder");
    expect(collapse(c.textContent)).toContain("bo@example.com · Production");
    expect(collapse(c.textContent)).not.toContain("No department access");
    expect(c.querySelector("img")?.getAttribute("src")).toBe(photo);
    expect(p.html).not.toContain("2468");

    p = await openPanel(p, "Edit Bo Builder", "Edit Team Member");
    expect(value(p, "Edit Team Member", "name")).toBe("Bo Builder");
    expect(value(p, "Edit Team Member", "email")).toBe("bo@example.com");
    expect(value(p, "Edit Team Member", "department")).toBe("Production");
    expect(collapse(panel(p, "Edit Team Member").textContent)).toContain("New PIN (leave blank to keep)");
    expect(value(p, "Edit Team Member", "pinCode")).toBe("");
    expect(checked(p, "Edit Team Member", "accessibleDepartments", "production")).toBe(true);
    expect(checked(p, "Edit Team Member", "accessibleDepartments", "fabrication")).toBe(false);
    expect(checked(p, "Edit Team Member", "isActive")).toBe(true);
    // The stored photo shows in the preview without JavaScript too.
    expect(panel(p, "Edit Team Member").querySelector('img[alt="Photo preview"]')?.getAttribute("src")).toBe(photo);
    p = await panelForm(p, "Edit Team Member")
      .fill({ name: "Bo Welder", email: "renamed.bo@example.com", accessibleDepartments: ["production", "fabrication"] })
      .submit("Update Team Member")
      .then(parsed);
    expectSuccess(p, "team", "Edit Team Member", "Team member updated successfully");
    expect(cards(p, "team-member-card", "Bo Builder")).toHaveLength(0);
    c = card(p, "team-member-card", "Bo Welder");
    expect(collapse(c.textContent)).toContain("renamed.bo@example.com · Production");
    expect(collapse(c.textContent)).toContain("Fabrication");
    // The blank PIN kept the PIN.
    expect((await app.client("10.61.0.9").signIn("2468")).name).toBe("Bo Welder");

    await deleteRecord(p, "team", { name: "Bo Welder", title: "Delete Team Member", noun: "Team member", cardTestId: "team-member-card" });
  });
});

describe("refused saves without JavaScript", () => {
  test("a category needs a name and at least one department: the server answers both, the panel stays open", async () => {
    let p = await open(admin, "/settings?tab=products&new=1").then(parsed);
    p = await panelForm(p, "Add Product").submit("Create Product").then(parsed);
    expect(p.status).toBe(400);
    expect(p.url.search).toBe("?tab=products&new=1");
    const text = collapse(panel(p, "Add Product").textContent);
    expect(text).toContain("Category name is required");
    expect(text).toContain("Select at least one department");
    expect(panel(p, "Add Product").querySelector('[name="name"]')!.getAttribute("aria-invalid")).toBe("true");
    expect(app.db.select().from(schema.categories).all()).toHaveLength(0);
  });

  test("a workflow needs at least one department; Cancel closes the panel and nothing was made", async () => {
    let p = await open(admin, "/settings?tab=workflows&new=1").then(parsed);
    p = await panelForm(p, "Add Workflow").fill({ name: "Empty Flow" }).submit("Create Workflow").then(parsed);
    expect(p.status).toBe(400);
    expect(p.url.search).toBe("?tab=workflows&new=1");
    expect(collapse(panel(p, "Add Workflow").textContent)).toContain("Please select at least one department");
    expect(value(p, "Add Workflow", "name")).toBe("Empty Flow");
    const cancel = [...panel(p, "Add Workflow").querySelectorAll("a")].find((a) => collapse(a.textContent) === "Cancel");
    expect(cancel?.getAttribute("href")).toBe("/settings?tab=workflows");
    p = await open(admin, cancel!.getAttribute("href")!).then(parsed);
    expect(p.$(panelSelector("Add Workflow"))).toBeNull();
    expect(cards(p, "workflow-card", "Empty Flow")).toHaveLength(0);
  });

  test("the team member form: field types, the no-department warning, the PIN rules; nothing saved", async () => {
    let p = await open(admin, "/settings?tab=team&new=1").then(parsed);
    const field = (name: string, v?: string) => panel(p, "Add Team Member").querySelector(`input[name="${name}"]${v ? `[value="${v}"]` : ""}`)!;
    expect(field("email").getAttribute("type")).toBe("email");
    expect(field("pinCode").getAttribute("type")).toBe("password");
    expect(field("pinCode").getAttribute("maxlength")).toBe("4");
    expect(field("accessibleDepartments", "management").getAttribute("type")).toBe("checkbox");
    for (const key of ["pre-production", "production", "fabrication", "project-management"]) {
      expect(checked(p, "Add Team Member", "accessibleDepartments", key)).toBe(false);
    }
    const warning = "No departments selected. This team member will not be able to access any department boxes on the dashboard.";
    expect(collapse(panel(p, "Add Team Member").textContent)).toContain(warning);
    expect(collapse(panel(p, "Add Team Member").textContent)).toContain("Super User (All Access)");

    p = await panelForm(p, "Add Team Member").fill({ name: "Bo Invalid", pinCode: "12" }).submit("Add Team Member").then(parsed);
    expect(collapse(panel(p, "Add Team Member").textContent)).toContain("PIN must be exactly 4 digits");
    expect(field("pinCode").getAttribute("aria-invalid")).toBe("true");
    p = await panelForm(p, "Add Team Member").fill({ pinCode: "12a4" }).submit("Add Team Member").then(parsed);
    expect(collapse(panel(p, "Add Team Member").textContent)).toContain("PIN must contain only numbers");
    expect(collapse(panel(p, "Add Team Member").textContent)).not.toContain("PIN must be exactly 4 digits");
    expect(p.url.search).toBe("?tab=team&new=1");
    expect(value(p, "Add Team Member", "name")).toBe("Bo Invalid");
    expect(cards(await open(admin, "/settings?tab=team").then(parsed), "team-member-card", "Bo Invalid")).toHaveLength(0);
  });

  test("deleting a category that items use is refused (409) with the reason in the panel; the card stays", async () => {
    await admin.request("/api/categories", { method: "POST", json: { name: "Channel Letters", departmentSequence: ["production"] } });
    const project = app.db.insert(schema.projects).values({ name: "P" }).returning().get();
    app.db.insert(schema.items).values({ name: "Front", category: "Channel Letters", projectId: project.id }).run();

    let p = await open(admin, "/settings?tab=products").then(parsed);
    card(p, "category-card", "Channel Letters");
    p = await openPanel(p, "Delete Channel Letters", "Delete Product");
    p = await panelForm(p, "Delete Product").submit("Delete").then(parsed);
    expect(p.status).toBe(409);
    const alert = panel(p, "Delete Product").querySelector('[role="alert"]');
    expect(collapse(alert?.textContent)).toMatch(/^Category "Channel Letters" is used by 1 item$/);
    expect(p.text()).not.toContain("deleted successfully");

    p = await p.click("Cancel").then(parsed);
    expect(p.url.search).toBe("?tab=products");
    expect(p.$(panelSelector("Delete Product"))).toBeNull();
    card(p, "category-card", "Channel Letters");
    expect(app.db.select().from(schema.categories).all()).toHaveLength(1);
  });
});

test("a member added in Team Members signs in on /login with their PIN and sees only the Production Floor tile", async () => {
  let p = await open(admin, "/settings?tab=team&new=1").then(parsed);
  p = await panelForm(p, "Add Team Member")
    .fill({ name: "Flo Floor", pinCode: "8642", accessibleDepartments: ["production"] })
    .submit("Add Team Member")
    .then(parsed);
  expectSuccess(p, "team", "Add Team Member", "Team member created successfully");
  expect(collapse(card(p, "team-member-card", "Flo Floor").textContent)).toContain("Production");

  // Logout, then the header's Login link: the /login page's one PIN field.
  p = await p.form({ action: "/logout" }).submit("Logout").then(parsed);
  expect(p.url.pathname).toBe("/");
  expect(p.$('[data-testid="signed-in-name"]')).toBeNull();
  p = await p.click("Login").then(parsed);
  expect(p.url.pathname + p.url.search).toBe("/login?redirectTo=%2F");
  expect(p.text()).toContain("Global Login");
  p = await p.form({ button: "Continue" }).fill({ pinCode: "8642" }).submit("Continue").then(parsed);
  expect(p.url.pathname).toBe("/");
  expect(p.textOf('[data-testid="signed-in-name"]')).toBe("Flo Floor");
  const tiles = p.$$('[data-testid^="tile-"]').map((t) => t.getAttribute("data-testid"));
  expect(tiles).toEqual(["tile-production"]);
  expect(p.textOf('[data-testid="tile-production"]')).toContain("Production Floor");
  expect(p.$$("a[href]").filter((a) => collapse(a.textContent).includes("Global Settings"))).toHaveLength(0);
  expect(p.$('[aria-label="Open menu"]')).toBeNull();

  // Not management: Global Settings is refused.
  const settings = await open(admin, "/settings").then(parsed);
  expect(settings.status).toBe(403);
  expect(settings.text()).toContain("Access Denied");
});
