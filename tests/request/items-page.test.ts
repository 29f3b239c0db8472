import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { type createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { countStatements } from "../helpers/app";
import { seedShop } from "../helpers/shop";

const { getDb } = hooks;

// docs/product.md §2 Items list over HTTP, as a browser without JavaScript uses it: filters and pages in the URL, the
// Create New Product / Edit Product form (§5 Product form), delete, refusals.

let app: ReturnType<typeof createApp>;
let admin: Client;
let pm: Client;
let floor: Client;
let projectA: number;
let projectB: number;

beforeEach(async () => {
  ({
    app,
    clients: { admin, pm, floor },
    projectIds: [projectA, projectB],
  } = await seedShop({
    ipBase: "10.9.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      pm: { name: "Pat PM", pin: "1111", keys: ["project-management"] },
      floor: { name: "Fay Floor", pin: "2222", keys: ["production"] },
    },
    departments: ["Pre-Production", "Production", "Installation"],
    categories: [
      { name: "Banner", departmentSequence: ["pre-production", "production"] },
      { name: "Letters", departmentSequence: ["production", "installation"] },
    ],
    materials: [{ name: "Vinyl", category: "Film" }],
    workflow: { name: "Std", departmentSequence: ["pre-production"] },
    projects: [
      { name: "Alpha Signs", description: "a", by: "pm" },
      { name: "Beta Letters", description: "b", by: "pm" },
    ],
  }));
});

const addItems = (n: number, projectId: number, category = "Banner", prefix = "Item") => {
  for (let i = 0; i < n; i++)
    getDb()
      .insert(schema.items)
      .values({ name: `${prefix} ${i}`, category, projectId, qrCode: "/qr/x" })
      .run();
};
const post = (c: Client, form: Record<string, string>, path = "/items") => c.request(path, { method: "POST", form });
const follow = async (c: Client, res: Response) => {
  expect(res.status).toBe(302);
  return { location: res.headers.get("location")!, html: await visibleHtml(await c.request(res.headers.get("location")!)) };
};
const product = (overrides: Record<string, string> = {}) => ({
  intent: "create-product",
  name: "Window Decal",
  category: "Banner",
  department: "pre-production",
  projectId: String(projectA),
  material: "Vinyl",
  quantity: "3",
  workflowId: "none",
  productWorkflowId: "none",
  ...overrides,
});

describe("the list", () => {
  test("columns, project links, timer badges and the signed-in reader's view (no write buttons)", async () => {
    addItems(2, projectA);
    getDb()
      .update(schema.items)
      .set({ isTimerActive: true, currentSessionStart: new Date(), totalTimeSeconds: 3725 })
      .where(eq(schema.items.name, "Item 0"))
      .run();
    const res = await floor.request("/items");
    expect(res.status).toBe(200);
    const html = await visibleHtml(res);
    for (const t of ["Name", "Category", "Project", "Total Time", "Actions", "Item 0", "Item 1", "Alpha Signs", "Active Timer", "Timer Off", "2 items"])
      expect(html).toContain(t);
    expect(html).toContain(`href="/projects/${projectA}"`);
    expect(html).toContain("01:02:05");
    expect(html).not.toContain("New Product");
    expect(html).not.toMatch(/aria-label="Edit Item/);
  });

  test("category and project filters come from the URL; the project filter is preset from ?project=", async () => {
    addItems(3, projectA, "Banner", "Flag");
    addItems(2, projectB, "Letters", "Letter");
    let html = await visibleHtml(await floor.request(`/items?project=${projectB}`));
    expect(html).toContain("Letter 0");
    expect(html).not.toContain("Flag 0");
    expect(html).toMatch(new RegExp(`<option value="${projectB}" selected="">Beta Letters</option>`));
    html = await visibleHtml(await floor.request("/items?category=Banner"));
    expect(html).toContain("3 items");
    expect(html).not.toContain("Letter 0");
    html = await visibleHtml(await floor.request(`/items?category=Banner&project=${projectB}`));
    expect(html).toContain("No items found");
    expect(html).toContain("Clear filters");
  });

  test("50 a page, newest first, page links that keep the filters; a page past the end shows the last", async () => {
    addItems(120, projectA);
    let html = await visibleHtml(await floor.request("/items?category=Banner"));
    expect(html).toContain("Item 119");
    expect(html).not.toContain("Item 69<");
    expect(html).toContain('href="/items?category=Banner&amp;page=2"');
    html = await visibleHtml(await floor.request("/items?category=Banner&page=3"));
    expect(html).toContain("Item 0<");
    expect(html).toContain("page 3 of 3");
    html = await visibleHtml(await floor.request("/items?page=99"));
    expect(html).toContain("page 3 of 3");
  });

  test("the same number of statements for 5 items and for 120 of them", async () => {
    addItems(5, projectA);
    await admin.request("/items");
    const small = await countStatements(() => admin.request("/items"));
    addItems(115, projectB, "Letters");
    getDb().update(schema.items).set({ isTimerActive: true, currentSessionStart: new Date() }).where(eq(schema.items.category, "Letters")).run();
    const large = await countStatements(() => admin.request("/items?page=2"));
    expect(small).toBeGreaterThan(3);
    expect(large).toBe(small);
  });

  test("'Create Your First Item' when there are none, for those who may add one", async () => {
    const html = await visibleHtml(await pm.request("/items"));
    expect(html).toContain("Create Your First Item");
    expect(html).toContain('href="/items?dialog=new"');
    expect(await visibleHtml(await floor.request("/items"))).not.toContain('href="/items?dialog=new"');
  });

  test("signed out is refused", async () => {
    expect((await app.client("10.9.0.9").request("/items")).status).toBe(401);
  });
});

describe("Create New Product / Edit Product / Delete", () => {
  test("create: §5 messages, then 'Item created successfully with QR code!' back on the same list", async () => {
    const dialog = await visibleHtml(await pm.request(`/items?project=${projectA}&dialog=new`));
    expect(dialog).toContain("Create New Product");
    const bad = await post(pm, product({ name: "", category: "", department: "", projectId: "" }), "/items?dialog=new");
    expect(bad.status).toBe(400);
    const text = await visibleHtml(bad);
    for (const m of ["Product name is required", "Category is required", "Department is required", "Project is required"]) expect(text).toContain(m);
    const { location, html } = await follow(pm, await post(pm, { ...product(), returnTo: `/items?project=${projectA}` }));
    expect(location).toBe(`/items?project=${projectA}`);
    expect(html).toContain("Item created successfully with QR code!");
    const item = getDb().select().from(schema.items).where(eq(schema.items.name, "Window Decal")).get()!;
    expect(item).toMatchObject({ category: "Banner", projectId: projectA, quantity: 3, material: "Vinyl", workflowId: null, productWorkflowId: null });
    expect(item.qrCode).toBe(`/qr/${item.id}`);
  });

  test("edit saves what changed; 'none' clears a workflow; a stale edit of the same field is refused", async () => {
    addItems(1, projectA);
    const id = getDb().select().from(schema.items).get()!.id;
    const dialog = await visibleHtml(await pm.request(`/items?dialog=edit&item=${id}`));
    expect(dialog).toContain("Edit Product");
    const original = JSON.stringify({
      name: "Item 0",
      category: "Banner",
      department: "pre-production",
      projectId: projectA,
      material: "Unknown",
      quantity: 1,
      workflowId: null,
      productWorkflowId: null,
    });
    const edit = { ...product({ intent: "update-product", name: "Renamed", material: "Unknown", quantity: "1" }), itemId: String(id), _original: original };
    const { html } = await follow(pm, await post(pm, edit));
    expect(html).toContain("Item updated successfully");
    expect(getDb().select().from(schema.items).get()!.name).toBe("Renamed");
    // Someone else renamed it meanwhile: this form still holds the old name.
    const stale = await post(pm, { ...edit, name: "Mine" }, `/items?dialog=edit&item=${id}`);
    expect(stale.status).toBe(409);
    expect(await visibleHtml(stale)).toContain("Edit Product");
  });

  test("delete asks first, then 'Item deleted successfully'; a vanished item says so", async () => {
    addItems(1, projectA);
    const id = getDb().select().from(schema.items).get()!.id;
    const dialog = await visibleHtml(await pm.request(`/items?dialog=delete&item=${id}`));
    expect(dialog).toContain('Are you sure you want to delete "Item 0"? This action cannot be undone.');
    const { html } = await follow(pm, await post(pm, { intent: "delete-item", itemId: String(id) }));
    expect(html).toContain("Item deleted successfully");
    expect(getDb().select().from(schema.items).all()).toHaveLength(0);
    const again = await post(pm, { intent: "delete-item", itemId: String(id) });
    expect(again.status).toBe(404);
  });

  test("writes need the project keys; a reader's post is refused and changes nothing", async () => {
    expect((await post(floor, product())).status).toBe(403);
    expect(getDb().select().from(schema.items).all()).toHaveLength(0);
  });

  test("returnTo never leaves the list", async () => {
    const res = await post(pm, { ...product(), returnTo: "//evil.example/items" });
    expect(res.headers.get("location")).toBe("/items");
  });
});
