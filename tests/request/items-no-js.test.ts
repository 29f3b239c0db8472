import { beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import type { Client } from "../helpers/app";
import { open, type HtmlPage } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";
import { hooks } from "../helpers/app";

const { getDb } = hooks;

// The Items list (/items) without JavaScript, through the page's own links and forms (tests/helpers/html-form.ts):
// filter by project with 'Filter', create a product with the project preset from the filter, edit it, delete it;
// an edit saved after someone else renamed the item keeps their name. The browser walks are tests/e2e/items.e2e.ts.

let pm: Client;
let other: Client;
let projectId: number;
let otherProjectId: number;

beforeEach(async () => {
  const sequence = ["pre-production", "production"];
  ({
    clients: { pm, other },
    projectIds: [projectId, otherProjectId],
  } = await seedShop({
    ipBase: "10.44.3",
    members: {
      pm: { name: "Pat PM", pin: "1111", keys: ["management"] },
      other: { name: "Oscar Other", pin: "3333", keys: ["project-management"] },
    },
    departments: ["Pre-Production", "Production"],
    categories: [
      { name: "Banner", departmentSequence: sequence },
      { name: "Letters", departmentSequence: sequence },
    ],
    workflow: { name: "Standard", departmentSequence: sequence },
    projects: [{ name: "Lobby Signs" }, { name: "Van Wrap" }],
    items: [{ name: "Van side", category: "Banner", project: 1 }],
  }));
});

const items = () => getDb().select().from(schema.items).all();
/** The names in the list's table. */
const rowNames = (p: HtmlPage) => p.$$("tbody tr").map((r) => r.querySelector("td a")?.textContent?.trim());

/**
 * A browser's HTML parser lowercases attribute names, so React's `noValidate=` is the form's novalidate; linkedom
 * keeps the case, and html-form.ts asks for the lowercase name.
 */
function asBrowserParses(page: HtmlPage): HtmlPage {
  for (const el of page.$$("*")) {
    for (const name of el.getAttributeNames()) {
      if (name !== name.toLowerCase() && !el.hasAttribute(name.toLowerCase())) el.setAttribute(name.toLowerCase(), el.getAttribute(name)!);
    }
  }
  return page;
}

test("the project filter applies with 'Filter'; Clear filters lists every item again", async () => {
  const all = await open(pm, "/items");
  expect(all.text()).toContain("Van side");
  const filtered = await all
    .form({ button: "Filter" })
    .fill({ project: String(projectId) })
    .submit("Filter");
  expect(filtered.url.searchParams.get("project")).toBe(String(projectId));
  expect(filtered.$(`select[name="project"] option[value="${projectId}"]`)?.hasAttribute("selected")).toBe(true);
  expect(filtered.text()).toContain("No items found");
  expect(filtered.text()).not.toContain("Van side");
  const cleared = await filtered.click("Clear filters");
  expect(cleared.url.search).toBe("");
  expect(rowNames(cleared)).toEqual(["Van side"]);
});

test("filter by project, create, edit and delete a product through the page's forms", async () => {
  let p = await open(pm, `/items?project=${projectId}`);
  expect(p.textOf("h1")).toBe("Items");
  expect(p.text()).toContain("No items found");

  // Create: the project is preset from the filter; nothing typed is refused with its message.
  p = asBrowserParses(await p.click("New Product"));
  const create = p.form({ button: "Create Product" });
  expect(create.element.getAttribute("id")).toBe("product-new");
  expect(p.$(`#product-new option[value="${projectId}"], [form="product-new"] option[value="${projectId}"]`)?.hasAttribute("selected")).toBe(true);
  p = asBrowserParses(await create.fill({ name: "" }).submit("Create Product"));
  expect(p.status).toBe(400);
  expect(p.text()).toContain("Product name is required");
  p = await p.form({ button: "Create Product" }).fill({ name: "Lobby Panel", category: "Banner" }).submit("Create Product");
  expect(p.url.pathname + p.url.search).toBe(`/items?project=${projectId}`);
  expect(p.text()).toContain("Item created successfully with QR code!");
  expect(rowNames(p)).toEqual(["Lobby Panel"]);
  const row = p.$$("tbody tr")[0]!;
  expect([...row.querySelectorAll("a")].map((a) => a.textContent?.trim())).toContain("Lobby Signs");
  const item = items().find((i) => i.name === "Lobby Panel")!;
  expect(item).toMatchObject({ projectId, category: "Banner" });

  // Edit.
  p = await p.click("Edit Lobby Panel");
  const edit = p.form({ button: "Update Product" });
  expect(edit.element.getAttribute("id")).toBe(`product-${item.id}`);
  expect(p.$(`#product-${item.id}-name, input[form="product-${item.id}"][name="name"]`)?.getAttribute("value")).toBe("Lobby Panel");
  p = await edit.fill({ name: "Lobby Panel XL", quantity: "4" }).submit("Update Product");
  expect(p.text()).toContain("Item updated successfully");
  expect(rowNames(p)).toEqual(["Lobby Panel XL"]);
  expect(items().find((i) => i.id === item.id)).toMatchObject({ name: "Lobby Panel XL", quantity: 4 });

  // Delete asks first.
  p = await p.click("Delete Lobby Panel XL");
  expect(p.text()).toContain('Are you sure you want to delete "Lobby Panel XL"? This action cannot be undone.');
  p = await p.form({ button: "Delete" }).submit("Delete");
  expect(p.text()).toContain("Item deleted successfully");
  expect(p.text()).toContain("No items found");
  expect(items().map((i) => i.name)).toEqual(["Van side"]);
});

test("an edit saved after someone else renamed the item keeps their name", async () => {
  const created = await pm.request("/api/items", { method: "POST", json: { name: "Stale Panel", category: "Banner", projectId } });
  expect(created.status).toBe(201);
  const itemId = ((await created.json()) as { id: number }).id;
  const p = await open(pm, `/items?project=${projectId}&dialog=edit&item=${itemId}`);
  const edit = p.form({ button: "Update Product" });
  // Someone else renames it while the form is open.
  expect((await other.request(`/api/items/${itemId}`, { method: "PATCH", json: { name: "Renamed Panel" } })).status).toBe(200);
  const saved = await edit.fill({ quantity: "5" }).submit("Update Product");
  expect(saved.text()).toContain("Item updated successfully");
  expect(getDb().select().from(schema.items).where(eq(schema.items.id, itemId)).get()).toMatchObject({ name: "Renamed Panel", quantity: 5 });
  expect(rowNames(saved)).toContain("Renamed Panel");
});
