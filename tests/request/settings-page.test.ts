import { beforeEach, describe, expect, test } from "bun:test";
import * as schema from "#db/schema";
import { addMember, createApp } from "../helpers/app";

let app: ReturnType<typeof createApp>;
let admin: ReturnType<ReturnType<typeof createApp>["client"]>;

// Only the visible document, not the hydration data, so a text must really be on the page to match.
const html = async (res: Response) =>
  (await res.text())
    .split(/<script[^>]*>window.__reactRouterContext/)[0]!
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");

beforeEach(async () => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
  admin = app.client("10.2.0.1");
  await admin.signIn("4321");
});

function addDepartments() {
  app.db
    .insert(schema.departments)
    .values([
      { name: "Pre-Production", value: "pre-production", sortOrder: 0 },
      { name: "Production", value: "production", sortOrder: 1 },
      { name: "Installation", value: "installation", sortOrder: 4 },
      { name: "Old Dept", value: "old-dept", sortOrder: 2, isActive: false },
    ])
    .run();
}

const post = (form: Record<string, string>, path = "/settings?tab=products&new=1") => admin.request(path, { method: "POST", form });

describe("access", () => {
  test("signed out: 'Access Denied' asking for a PIN, with a Login link back to the tab; no team shown", async () => {
    const res = await app.client().request("/settings?tab=team");
    expect(res.status).toBe(401);
    const page = await html(res);
    expect(page).toContain("Access Denied");
    expect(page).toContain("Sign in with your 4-digit PIN to open this page.");
    expect(page).toMatch(/<a [^>]*href="\/login\?redirectTo=%2Fsettings%3Ftab%3Dteam"[^>]*>[^<]*Login/);
    expect(page).not.toContain("Ada Admin");
    expect(page).not.toContain("No team members added yet");
  });

  test("a member without the management key: 403 'Access Denied' with the reason", async () => {
    addMember("Paula", "1111", ["pre-production", "project-management"]);
    const c = app.client("10.2.0.2");
    await c.signIn("1111");
    const res = await c.request("/settings?tab=team");
    expect(res.status).toBe(403);
    const page = await html(res);
    expect(page).toContain("Access Denied");
    expect(page).toContain("Global Settings needs the management key ('Super User (All Access)').");
    // Nothing of the settings page, and her session is untouched.
    expect(page).not.toMatch(/<h1[^>]*>Global Settings</);
    expect(page).not.toContain(">Add Team Member<");
    expect(page).not.toContain("Ada Admin");
    expect(page).toMatch(/data-testid="signed-in-name"[^>]*>Paula</);
    const write = await c.request("/settings", { method: "POST", form: { _entity: "materials", name: "X", category: "Y", color: "gray" } });
    expect(write.status).toBe(403);
    expect(app.db.select().from(schema.materials).all()).toHaveLength(0);
  });
});

describe("tabs", () => {
  test.each([
    ["products", "No product categories configured"],
    ["departments", "No departments configured"],
    ["workflows", "No project workflows configured"],
    ["materials", "No material types configured yet."],
  ])("?tab=%s shows its empty state", async (tab, text) => {
    const page = await html(await admin.request(`/settings?tab=${tab}`));
    expect(page).toContain(text);
    expect(page).toContain('aria-current="page"');
  });

  test("the five tabs are links, so a reload or a no-JS browser lands on the tab", async () => {
    const page = await html(await admin.request("/settings"));
    for (const [tab, label] of [
      ["products", "Products"],
      ["departments", "Departments/Stations"],
      ["workflows", "Project Workflows"],
      ["materials", "Materials"],
      ["team", "Team Members"],
    ]) {
      expect(page).toContain(`href="/settings?tab=${tab}"`);
      expect(page).toContain(`>${label}<`);
    }
  });

  test("cards are sorted by name", async () => {
    for (const name of ["Zinc", "aluminum", "Brass"]) {
      app.db.insert(schema.materials).values({ name, category: "Metal" }).run();
    }
    const page = await html(await admin.request("/settings?tab=materials"));
    const order = ["aluminum", "Brass", "Zinc"].map((n) => page.indexOf(`>${n}<`));
    expect(order.every((p) => p > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
  });
});

describe("product (category) form without JavaScript", () => {
  test("validation messages of §5", async () => {
    addDepartments();
    const res = await post({ _entity: "categories", name: "", color: "gray" });
    expect(res.status).toBe(400);
    const page = await html(res);
    expect(page).toContain("Category name is required");
    expect(page).toContain("Select at least one department");
  });

  test("create: redirect to the tab with a success toast, the card shows the sequence", async () => {
    addDepartments();
    const res = await post({
      _entity: "categories",
      name: "Channel Letters",
      description: "",
      color: "orange",
      "departmentSequence[0]": "production",
      "departmentSequence[1]": "pre-production",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/settings?tab=products");
    const page = await html(await admin.request("/settings?tab=products"));
    expect(page).toContain("Product created successfully");
    expect(page).toContain("Channel Letters");
    const row = app.db.select().from(schema.categories).get()!;
    expect(row.departmentSequence).toEqual(["production", "pre-production"]);
    expect(row.description).toBe("");
  });

  test("the up/down and add buttons work as form posts (conform intents) and do not save", async () => {
    addDepartments();
    const intent = (i: unknown) => JSON.stringify(i);
    const res = await post(
      {
        _entity: "categories",
        name: "Banner",
        color: "gray",
        "departmentSequence[0]": "pre-production",
        "departmentSequence[1]": "production",
        __intent__: intent({ type: "reorder", payload: { name: "departmentSequence", from: 1, to: 0 } }),
      },
      "/settings?tab=products&new=1",
    );
    expect(res.status).toBe(200);
    const page = await html(res);
    expect(page.indexOf("Move Production up")).toBeLessThan(page.indexOf("Move Pre-Production up"));
    expect(app.db.select().from(schema.categories).all()).toHaveLength(0);
  });

  test("only active departments are offered, in sortOrder", async () => {
    addDepartments();
    const page = await html(await admin.request("/settings?tab=products&new=1"));
    expect(page).toContain("+ Pre-Production");
    expect(page).not.toContain("+ Old Dept");
    expect(page.indexOf("+ Pre-Production")).toBeLessThan(page.indexOf("+ Production"));
    expect(page.indexOf("+ Production")).toBeLessThan(page.indexOf("+ Installation"));
  });

  test("a duplicate name is refused with the message on the form", async () => {
    addDepartments();
    await post({ _entity: "categories", name: "Banner", color: "gray", "departmentSequence[0]": "production" });
    const res = await post({ _entity: "categories", name: "banner", color: "gray", "departmentSequence[0]": "production" }, "/settings?tab=products&new=1");
    expect(res.status).toBe(409);
    expect(await html(res)).toContain('A category named "banner" already exists');
  });

  test("delete in use is refused and says what uses it; delete unused succeeds", async () => {
    addDepartments();
    await post({ _entity: "categories", name: "Banner", color: "gray", "departmentSequence[0]": "production" });
    const cat = app.db.select().from(schema.categories).get()!;
    const project = app.db.insert(schema.projects).values({ name: "P" }).returning().get();
    app.db.insert(schema.items).values({ name: "I", category: "Banner", projectId: project.id }).run();
    const refused = await post({ _entity: "categories", _id: String(cat.id), _action: "delete" }, `/settings?tab=products&delete=${cat.id}`);
    expect(refused.status).toBe(409);
    expect(await html(refused)).toContain('Category "Banner" is used by 1 item');
    app.db.delete(schema.items).run();
    const ok = await post({ _entity: "categories", _id: String(cat.id), _action: "delete" });
    expect(ok.status).toBe(302);
    expect(await html(await admin.request("/settings?tab=products"))).toContain("Product deleted successfully");
  });

  test("the delete confirmation dialog text", async () => {
    addDepartments();
    await post({ _entity: "categories", name: "Banner", color: "gray", "departmentSequence[0]": "production" });
    const cat = app.db.select().from(schema.categories).get()!;
    const page = await html(await admin.request(`/settings?tab=products&delete=${cat.id}`));
    expect(page).toContain('Are you sure you want to delete "Banner"? This action cannot be undone.');
  });
});

describe("other tabs without JavaScript", () => {
  test("workflow needs a department: 'Please select at least one department'", async () => {
    const res = await post({ _entity: "workflows", name: "W" }, "/settings?tab=workflows&new=1");
    expect(res.status).toBe(400);
    expect(await html(res)).toContain("Please select at least one department");
  });

  test("material: name and category required; create and edit", async () => {
    const bad = await post({ _entity: "materials", name: "", category: "", color: "gray" }, "/settings?tab=materials&new=1");
    const page = await html(bad);
    expect(page).toContain("Material name is required");
    expect(page).toContain("Category is required");
    expect((await post({ _entity: "materials", name: "Vinyl", category: "Film", color: "green" }, "/settings?tab=materials&new=1")).status).toBe(302);
    const m = app.db.select().from(schema.materials).get()!;
    expect(
      (await post({ _entity: "materials", _id: String(m.id), name: "Cast Vinyl", category: "Film", color: "green" }, "/settings?tab=materials")).status,
    ).toBe(302);
    expect(app.db.select().from(schema.materials).get()!.name).toBe("Cast Vinyl");
    expect(await html(await admin.request("/settings?tab=materials"))).toContain("Material updated successfully");
  });

  test("department: value from the name, forced machine fields; sort order ≥ 0; edit keeps the value", async () => {
    const bad = await post({ _entity: "departments", name: "Big Router", color: "blue", sortOrder: "-1" }, "/settings?tab=departments&new=1");
    expect(await html(bad)).toContain("Sort order must be 0 or greater");
    expect((await post({ _entity: "departments", name: "Big Router", color: "blue", sortOrder: "3" }, "/settings?tab=departments")).status).toBe(302);
    const d = app.db.select().from(schema.departments).get()!;
    expect(d).toMatchObject({ value: "big-router", isMachine: true, machineStatus: "active", category: "Production", isActive: true, sortOrder: 3 });
    await post({ _entity: "departments", _id: String(d.id), name: "Huge Router", color: "red", sortOrder: "3", isMachine: "on" }, "/settings?tab=departments");
    expect(app.db.select().from(schema.departments).get()!).toMatchObject({ name: "Huge Router", value: "big-router", isActive: false, isMachine: true });
  });

  test("subdepartment under its department", async () => {
    await post({ _entity: "departments", name: "Fabrication", color: "orange", sortOrder: "2" }, "/settings?tab=departments");
    const d = app.db.select().from(schema.departments).get()!;
    const res = await post(
      { _entity: "subdepartments", departmentId: String(d.id), name: "Interior Assembly", color: "blue", sortOrder: "0", isActive: "on" },
      "/settings?tab=departments",
    );
    expect(res.status).toBe(302);
    const page = await html(await admin.request("/settings?tab=departments"));
    expect(page).toContain("Interior Assembly");
    expect(page).toContain("Subdepartment created successfully");
    expect(app.db.select().from(schema.subdepartments).get()!.value).toBe("interior-assembly");
  });

  test("team member: PIN rules, duplicate PIN, the no-departments warning, and the new member signs in", async () => {
    const short = await html(await post({ _entity: "team-members", name: "Bo", pinCode: "12" }, "/settings?tab=team&new=1"));
    expect(short).toContain("PIN must be exactly 4 digits");
    const letters = await html(await post({ _entity: "team-members", name: "Bo", pinCode: "12a4" }, "/settings?tab=team&new=1"));
    expect(letters).toContain("PIN must contain only numbers");
    const dup = await post({ _entity: "team-members", name: "Bo", pinCode: "4321" }, "/settings?tab=team&new=1");
    expect(dup.status).toBe(409);
    expect(await html(dup)).toContain("PIN is already in use by another team member");

    const form = new URLSearchParams({ _entity: "team-members", name: "Bo Builder", pinCode: "2468", email: "bo@example.com", isActive: "on" });
    form.append("accessibleDepartments", "production");
    const created = await admin.request("/settings?tab=team", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "http://localhost" },
      body: form.toString(),
    });
    expect(created.status).toBe(302);
    const page = await html(await admin.request("/settings?tab=team"));
    expect(page).toContain("Team member created successfully");
    expect(page).not.toContain("2468");

    const bo = app.client("10.2.0.9");
    const me = await bo.signIn("2468");
    expect(me.accessibleDepartments).toEqual(["production"]);
    const home = await html(await bo.request("/"));
    expect(home).toContain('data-testid="tile-production"');
    expect(home).not.toContain('data-testid="tile-pre-production"');

    const warn = await html(await admin.request(`/settings?tab=team&new=1`));
    expect(warn).toContain("No departments selected. This team member will not be able to access any department boxes on the dashboard.");
    expect(warn).toContain("Super User (All Access)");
    expect(warn).toContain('type="email"');
  });

  test("editing a member with a blank PIN keeps the PIN", async () => {
    const m = addMember("Cy", "1357", ["production"]);
    const res = await post(
      { _entity: "team-members", _id: String(m.id), name: "Cy Two", pinCode: "", isActive: "on", accessibleDepartments: "production" },
      "/settings?tab=team",
    );
    expect(res.status).toBe(302);
    const c = app.client("10.2.0.10");
    expect((await c.signIn("1357")).name).toBe("Cy Two");
  });
});

describe("product details", () => {
  test("unknown id: 'Product Not Found'", async () => {
    for (const id of ["99999", "abc"]) {
      const res = await admin.request(`/products/${id}`);
      expect(res.status).toBe(404);
      expect(await html(res)).toContain("Product Not Found");
    }
  });

  test("the four cards, absent workflows, and the QR button", async () => {
    const project = app.db.insert(schema.projects).values({ name: "Acme Sign", description: "Front sign" }).returning().get();
    const item = app.db
      .insert(schema.items)
      .values({ name: "Front Letters", category: "Channel Letters", projectId: project.id, totalTimeSeconds: 3725, qrCode: "/qr/1" })
      .returning()
      .get();
    const page = await html(await admin.request(`/products/${item.id}`));
    for (const text of [
      "Back to Settings",
      "Product Information",
      "Project &amp; Workflow",
      "Timer Information",
      "Timeline",
      "Front Letters",
      "Channel Letters",
      "Pre-Production",
      "Acme Sign",
      "Front sign",
      "No workflow assigned",
      "To be defined later",
      "Stopped",
      "01:02:05",
      "View QR Code",
    ]) {
      expect(page).toContain(text);
    }
    const qr = await html(await admin.request(`/products/${item.id}?qr=1`));
    expect(qr).toContain(`http://localhost/qr/${item.id}`);
    // The images come from the cached QR route; the page carries their URLs, never the encoded images.
    expect(qr).toContain(`src="/items/${item.id}/qr.svg"`);
    expect(qr).toMatch(new RegExp(`href="/items/${item.id}/qr.png" download="qr-front-letters.png"`));
    const full = await (await admin.request(`/products/${item.id}?qr=1`)).text();
    expect(full).not.toContain("data:image/png");
    expect(full).not.toContain("crispEdges");
  });

  test("no QR button when the item has no QR code; running timer shows Active and its start", async () => {
    const project = app.db.insert(schema.projects).values({ name: "P" }).returning().get();
    const item = app.db
      .insert(schema.items)
      .values({ name: "I", category: "C", projectId: project.id, isTimerActive: true, currentSessionStart: new Date(Date.now() - 60_000) })
      .returning()
      .get();
    const page = await html(await admin.request(`/products/${item.id}`));
    expect(page).not.toContain("View QR Code");
    expect(page).toContain("Active");
    expect(page).toContain("Session started");
  });

  test("signed out: Access Denied", async () => {
    expect((await app.client().request("/products/1")).status).toBe(401);
  });
});
