// A first start without demo data (docs/product.md (Decisions)): the 'Set up your shop' checklist on Home for management, 'Add the
// standard departments' on the empty Departments tab, the machine-station checkbox of the department form, URL-safe
// department values, the team member's department select and the product details back link per role.
import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { slugify } from "~/schemas/common";
import { STANDARD_DEPARTMENTS } from "~/domain/constants";
import { addMember, createApp, hooks } from "../helpers/app";

const { getSetupCounts } = hooks;

let app: ReturnType<typeof createApp>;
let admin: ReturnType<ReturnType<typeof createApp>["client"]>;

const html = async (res: Response) =>
  (await res.text())
    .split("<script>window.__reactRouterContext")[0]!
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

beforeEach(async () => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
  admin = app.client("10.3.0.1");
  await admin.signIn("4321");
});

const post = (form: Record<string, string> | [string, string][], path = "/settings?tab=departments") =>
  admin.request(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form).toString(),
  });

const departments = () => app.db.select().from(schema.departments).orderBy(schema.departments.sortOrder).all();

/** The checklist lines as [key, done]. */
function checklist(page: string): [string, boolean][] {
  return [...page.matchAll(/data-testid="setup-(\w+)" data-done="(true|false)"/g)].map((m) => [m[1]!, m[2] === "true"]);
}

describe("'Set up your shop' on Home", () => {
  test("an empty shop: management sees seven open steps, each linking to its settings page", async () => {
    const page = await html(await admin.request("/"));
    expect(page).toContain("Set up your shop");
    expect(page).toContain("0 of 7 done");
    expect(checklist(page)).toEqual([
      ["departments", false],
      ["machines", false],
      ["products", false],
      ["materials", false],
      ["workflows", false],
      ["teamMembers", false],
      ["shopAddress", false],
    ]);
    for (const href of [
      "/settings?tab=departments",
      "/settings?tab=departments&new=1",
      "/settings?tab=products",
      "/settings?tab=materials",
      "/settings?tab=workflows",
      "/settings?tab=team",
      "/settings/shop-address",
    ]) {
      expect(page).toContain(`href="${href}"`);
    }
  });

  test("members without the management key never see it", async () => {
    addMember("Paula", "1111", ["pre-production"]);
    const c = app.client("10.3.0.2");
    await c.signIn("1111");
    expect(await html(await c.request("/"))).not.toContain("Set up your shop");
    expect(await html(await app.client("10.3.0.3").request("/"))).not.toContain("Set up your shop");
  });

  test("counts: machine stations are machine departments plus machines; team members beyond the administrator", async () => {
    expect(getSetupCounts()).toEqual({ departments: 0, machines: 0, products: 0, materials: 0, workflows: 0, teamMembers: 1, shopAddress: 0 });
    app.db.insert(schema.departments).values({ name: "Router", value: "router", isMachine: true }).run();
    app.db.insert(schema.machines).values({ name: "Laser" }).run();
    expect(getSetupCounts()).toMatchObject({ departments: 1, machines: 2 });
  });

  test("each step is ticked once it has an entry, and the checklist goes away when all are done", async () => {
    await post({ _action: "add-standard-departments" });
    let page = await html(await admin.request("/"));
    expect(checklist(page)).toEqual([
      ["departments", true],
      ["machines", false], // the standard six are process departments
      ["products", false],
      ["materials", false],
      ["workflows", false],
      ["teamMembers", false],
      ["shopAddress", false],
    ]);
    expect(page).toContain("1 of 7 done");

    await post({ _entity: "departments", name: "HP Latex 800", color: "blue", sortOrder: "10" });
    app.db
      .insert(schema.categories)
      .values({ name: "Banner", departmentSequence: ["production"] })
      .run();
    app.db
      .insert(schema.workflows)
      .values({ name: "Standard", departmentSequence: ["production"] })
      .run();
    app.db.insert(schema.materials).values({ name: "Vinyl", category: "Film" }).run();
    page = await html(await admin.request("/"));
    expect(checklist(page).filter(([, done]) => !done)).toEqual([
      ["teamMembers", false],
      ["shopAddress", false],
    ]);

    addMember("Paula", "1111", ["pre-production"]);
    app.db.update(schema.shopSettings).set({ shopAddress: "http://shop-server:3000" }).run();
    hooks.forgetShopSettings();
    page = await html(await admin.request("/"));
    expect(page).not.toContain("Set up your shop");
    expect(checklist(page)).toEqual([]);
  });
});

describe("'Add the standard departments'", () => {
  test("the empty Departments tab offers it, with the spec's empty message", async () => {
    const page = await html(await admin.request("/settings?tab=departments"));
    expect(page).toContain("No departments configured");
    expect(page).toContain('name="_action" value="add-standard-departments"');
    expect(page).toContain("Add the standard departments");
  });

  test("creates the six of §1 as process departments, audited, in order; a second click adds nothing", async () => {
    const res = await post({ _action: "add-standard-departments" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/settings?tab=departments");
    const rows = departments();
    expect(rows.map((d) => [d.name, d.value, d.sortOrder])).toEqual(STANDARD_DEPARTMENTS.map((d, i) => [d.name, d.value, i]));
    for (const d of rows) expect(d).toMatchObject({ isMachine: false, category: "Process", isActive: true, machineStatus: "active" });
    const audit = app.db.select().from(schema.auditLog).where(eq(schema.auditLog.entity, "department")).all();
    expect(audit.map((a) => [a.action, a.actorName])).toEqual(rows.map(() => ["create", "Ada Admin"]));

    const page = await html(await admin.request("/settings?tab=departments"));
    expect(page).toContain("6 standard departments created successfully");
    expect(page).not.toContain("Add the standard departments");
    expect(page).not.toContain("Machine · active");

    await post({ _action: "add-standard-departments" });
    expect(departments()).toHaveLength(6);
    expect(await html(await admin.request("/settings?tab=departments"))).toContain("The standard departments already exist");
  });

  test("only the missing ones are added", async () => {
    app.db.insert(schema.departments).values({ name: "Our Fabrication", value: "fabrication", sortOrder: 0 }).run();
    await post({ _action: "add-standard-departments" });
    expect(
      departments()
        .map((d) => d.value)
        .sort(),
    ).toEqual(STANDARD_DEPARTMENTS.map((d) => d.value).sort());
    expect(departments().find((d) => d.value === "fabrication")!.name).toBe("Our Fabrication");
  });

  test("needs the management key", async () => {
    addMember("Paula", "1111", ["pre-production", "project-management"]);
    const c = app.client("10.3.0.4");
    await c.signIn("1111");
    const res = await c.request("/settings", { method: "POST", form: { _action: "add-standard-departments" } });
    expect(res.status).toBe(403);
    expect(departments()).toHaveLength(0);
  });
});

describe("the department form", () => {
  test("'This department is a machine station' is ticked by default, after a hidden false", async () => {
    const page = await html(await admin.request("/settings?tab=departments&new=1"));
    expect(page).toContain("This department is a machine station");
    const box = /<input type="hidden" name="isMachine" value="false"\/>.*?<input type="checkbox"[^>]*name="isMachine"[^>]*>/s.exec(page)?.[0];
    expect(box).toBeDefined();
    expect(box).toContain('checked=""');
  });

  test("unticked: a process department (category Process); ticked: a machine station (category Production)", async () => {
    await post([
      ["_entity", "departments"],
      ["name", "Quality Bay"],
      ["color", "blue"],
      ["sortOrder", "0"],
      ["isMachine", "false"],
    ]);
    await post([
      ["_entity", "departments"],
      ["name", "Zund G3"],
      ["color", "blue"],
      ["sortOrder", "0"],
      ["isMachine", "false"],
      ["isMachine", "on"],
    ]);
    const byValue = Object.fromEntries(departments().map((d) => [d.value, d]));
    expect(byValue["quality-bay"]).toMatchObject({ isMachine: false, category: "Process", isActive: true });
    expect(byValue["zund-g3"]).toMatchObject({ isMachine: true, category: "Production", machineStatus: "active" });
    const page = await html(await admin.request("/settings?tab=departments"));
    expect(page.match(/Machine · active/g)).toHaveLength(1);
  });

  test("values are URL-safe slugs of the name; a name without a letter or digit is refused", async () => {
    expect(slugify("Cut & Sew (Zünd) #2")).toBe("cut-sew-zund-2");
    expect(slugify("  Quality   Control Bay ")).toBe("quality-control-bay");
    expect(slugify("Straße / Ærø?")).toBe("strasse-aero");
    expect(slugify("#?()")).toBe("");

    expect((await post({ _entity: "departments", name: "Cut & Sew (Zünd) #2", color: "blue", sortOrder: "0" })).status).toBe(302);
    expect(departments()[0]!.value).toBe("cut-sew-zund-2");

    const bad = await post({ _entity: "departments", name: "#?()", color: "blue", sortOrder: "0" }, "/settings?tab=departments&new=1");
    expect(bad.status).toBe(400);
    expect(await html(bad)).toContain("The name needs at least one letter or digit");
    expect(departments()).toHaveLength(1);

    const d = departments()[0]!;
    const sub = await post({
      _entity: "subdepartments",
      departmentId: String(d.id),
      name: "Trim Cap #1 (Interior)",
      color: "blue",
      sortOrder: "0",
      isActive: "on",
    });
    expect(sub.status).toBe(302);
    expect(app.db.select().from(schema.subdepartments).get()!.value).toBe("trim-cap-1-interior");
  });
});

describe("the team member form", () => {
  test("Department is a select of the active departments plus None, keeping a stored value that is not one", async () => {
    await post({ _action: "add-standard-departments" });
    app.db.update(schema.departments).set({ isActive: false }).where(eq(schema.departments.value, "installation")).run();
    const page = await html(await admin.request("/settings?tab=team&new=1"));
    const select = /<select[^>]*name="department"[^>]*>(.*?)<\/select>/s.exec(page)?.[1];
    expect(select).toBeDefined();
    const options = [...select!.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].map((m) => [m[1], m[2]]);
    expect(options).toEqual([
      ["", "None"],
      ["Pre-Production", "Pre-Production"],
      ["Production", "Production"],
      ["Fabrication", "Fabrication"],
      ["Quality Control", "Quality Control"],
      ["Project Management", "Project Management"],
    ]);

    const m = addMember("Old Timer", "2468", ["production"]);
    app.db.update(schema.teamMembers).set({ department: "Management" }).where(eq(schema.teamMembers.id, m.id)).run();
    const edit = await html(await admin.request(`/settings?tab=team&edit=${m.id}`));
    expect(edit).toMatch(/<option value="Management" selected="">Management<\/option>/);
  });
});

describe("product details back link", () => {
  function addItem() {
    const project = app.db.insert(schema.projects).values({ name: "Acme Sign", description: "Front sign" }).returning().get();
    const item = app.db.insert(schema.items).values({ name: "Front Letters", category: "Channel Letters", projectId: project.id }).returning().get();
    return { project, item };
  }

  test("management goes back to Settings", async () => {
    const { item } = addItem();
    const page = await html(await admin.request(`/products/${item.id}`));
    expect(page).toMatch(/<a[^>]*href="\/settings"[^>]*>← Back to Settings<\/a>/);
  });

  test("anyone else goes back to the item's project, or Home when there is no item", async () => {
    const { project, item } = addItem();
    addMember("James", "2222", ["production"]);
    const c = app.client("10.3.0.5");
    await c.signIn("2222");
    const page = await html(await c.request(`/products/${item.id}`));
    expect(page).toMatch(new RegExp(`<a[^>]*href="/projects/${project.id}"[^>]*>← Back to Project</a>`));
    expect(page).not.toContain("Back to Settings");
    const missing = await c.request("/products/99999");
    expect(missing.status).toBe(404);
    expect(await html(missing)).toMatch(/<a[^>]*href="\/"[^>]*>← Back to Home<\/a>/);
  });
});
