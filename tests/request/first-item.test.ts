// A fresh shop without demo data reaches its first item through the pages alone (as a browser without JavaScript):
// Materials are on the 'Set up your shop' checklist, and an item form with no material to choose offers 'Add a
// material' to a manager (who comes back to the form after saving one) and tells anyone else whom to ask.
import { beforeEach, describe, expect, test } from "bun:test";
import * as schema from "#db/schema";
import { addMember, createApp, type Client } from "../helpers/app";
import { open } from "../helpers/html-form";

let app: ReturnType<typeof createApp>;
let admin: Client;

const html = async (res: Response) =>
  (await res.text())
    .split(/<script[^>]*>window.__reactRouterContext/)[0]!
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&");

const postForm = (c: Client, path: string, form: Record<string, string>) => c.request(path, { method: "POST", form });

/** The href of the link whose text is `text`. */
function hrefOf(page: string, text: string): string | undefined {
  return [...page.matchAll(/<a[^>]*href="([^"]*)"[^>]*>([^<]*)<\/a>/g)].find((m) => m[2]!.trim() === text)?.[1];
}

beforeEach(async () => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
  admin = app.client("10.7.0.1");
  await admin.signIn("4321");
});

/** Departments, a product and a workflow through the settings forms, then a project: everything but a material. */
async function shopWithoutMaterials(): Promise<number> {
  expect((await postForm(admin, "/settings?tab=departments", { _action: "add-standard-departments" })).status).toBe(302);
  expect(
    (
      await postForm(admin, "/settings?tab=products&new=1", {
        _entity: "categories",
        name: "Channel Letters",
        color: "orange",
        "departmentSequence[0]": "pre-production",
        "departmentSequence[1]": "production",
      })
    ).status,
  ).toBe(302);
  expect(
    (
      await postForm(admin, "/settings?tab=workflows&new=1", {
        _entity: "workflows",
        name: "Standard",
        "departmentSequence[0]": "pre-production",
        "departmentSequence[1]": "production",
      })
    ).status,
  ).toBe(302);
  const created = await postForm(admin, "/projects?dialog=new", {
    intent: "create-project",
    name: "Acme Letters",
    description: "Front sign",
    priority: "medium",
    workflowId: String(app.db.select().from(schema.workflows).get()!.id),
  });
  expect(created.status).toBe(302);
  return app.db.select().from(schema.projects).get()!.id;
}

describe("a fresh shop reaches its first item", () => {
  test("Create New Project with no workflow yet links to where workflows are added", async () => {
    const page = await html(await admin.request("/projects?dialog=new-project"));
    expect(page).toContain("No workflows yet: a manager adds them in");
    expect(hrefOf(page, "Global Settings → Project Workflows")).toBe("/settings?tab=workflows");
  });

  test("Home's checklist has 'Add your materials' after products, linking to the Materials tab", async () => {
    const page = await html(await admin.request("/"));
    const keys = [...page.matchAll(/data-testid="setup-(\w+)" data-done/g)].map((m) => m[1]);
    expect(keys).toEqual(["departments", "machines", "products", "materials", "workflows", "teamMembers", "shopAddress"]);
    expect(page).toMatch(/<a[^>]*href="\/settings\?tab=materials"[^>]*>.*?Add your materials/s);
  });

  test("a manager: Add Item says there is no material yet, 'Add a material' saves one and comes back to the form as typed", async () => {
    const projectId = await shopWithoutMaterials();
    const dialog = `/projects/${projectId}?dialog=add-item`;
    let page = await open(admin, dialog);
    expect(page.text()).toContain("No materials yet.");
    // 'Add a material' is a button of the item form: what was typed goes along (no required check on the way).
    page = await page.form({ button: "Create Item" }).fill({ name: "Letter A", category: "Channel Letters", quantity: "3" }).submit("Add a material");
    const back = `${dialog}&typed-name=Letter+A&typed-category=Channel+Letters&typed-quantity=3`;
    expect(page.url.pathname + page.url.search).toBe(`/settings?${new URLSearchParams({ tab: "materials", new: "1", returnTo: back })}`);
    expect(page.text()).toContain("Add Material");
    // The material dialog's Cancel goes back to the item form as typed too.
    expect(new URL(page.link("Cancel")).pathname + new URL(page.link("Cancel")).search).toBe(back);
    page = await page.form({ button: "Create Material" }).fill({ name: "Aluminum", category: "Metal" }).submit("Create Material");
    expect(page.url.pathname + page.url.search).toBe(`${back}&typed-material=Aluminum`);
    expect(page.text()).toContain("Material created successfully");
    const form = page.form({ button: "Create Item" });
    expect(form.element.querySelector('input[name="name"]')?.getAttribute("value")).toBe("Letter A");
    expect(form.element.querySelector('select[name="category"] option[selected]')?.getAttribute("value")).toBe("Channel Letters");
    expect(form.element.querySelector('select[name="material"] option[selected]')?.getAttribute("value")).toBe("Aluminum");
    expect(form.element.querySelector('input[name="quantity"]')?.getAttribute("value")).toBe("3");
    expect(page.text()).toContain("Not in the list?");

    // Create Item as it came back: nothing typed again.
    page = await form.submit("Create Item");
    expect(page.url.pathname).toBe(`/projects/${projectId}`);
    expect(
      app.db
        .select()
        .from(schema.items)
        .all()
        .map((i) => [i.name, i.category, i.material, i.quantity]),
    ).toEqual([["Letter A", "Channel Letters", "Aluminum", 3]]);
  });

  test("Edit Item: 'Add a material' keeps the edited name and selects the new material; with JavaScript the post answers the same redirect", async () => {
    const projectId = await shopWithoutMaterials();
    expect((await postForm(admin, "/settings?tab=materials&new=1", { _entity: "materials", name: "Vinyl", category: "Film", color: "gray" })).status).toBe(302);
    const made = await postForm(admin, `/projects/${projectId}`, {
      intent: "create-item",
      name: "Old name",
      category: "Channel Letters",
      material: "Vinyl",
      quantity: "1",
    });
    expect(made.status).toBe(302);
    const item = app.db.select().from(schema.items).get()!;
    const dialog = `/projects/${projectId}?dialog=edit-item&item=${item.id}`;

    // With JavaScript the form posts as a data request; the answer is the same redirect to the material form.
    const js = await admin.request(`/projects/${projectId}.data`, {
      method: "POST",
      form: {
        intent: "update-item",
        itemId: String(item.id),
        addEntryReturn: dialog,
        name: "New name",
        category: "Channel Letters",
        material: "Vinyl",
        quantity: "2",
        addEntry: "material",
      },
    });
    expect(js.status).toBeLessThan(400);
    const back = `${dialog}&typed-name=New+name&typed-category=Channel+Letters&typed-material=Vinyl&typed-quantity=2`;
    expect((await js.text()) + (js.headers.get("x-remix-redirect") ?? "")).toContain(
      `/settings?${new URLSearchParams({ tab: "materials", new: "1", returnTo: back })}`,
    );

    let page = await open(admin, dialog);
    page = await page.form({ button: "Update Item" }).fill({ name: "New name" }).submit("Add a material");
    page = await page.form({ button: "Create Material" }).fill({ name: "Aluminum", category: "Metal" }).submit("Create Material");
    const form = page.form({ button: "Update Item" });
    expect(form.element.querySelector('input[name="name"]')?.getAttribute("value")).toBe("New name");
    expect(form.element.querySelector('select[name="material"] option[selected]')?.getAttribute("value")).toBe("Aluminum");
    await form.submit("Update Item");
    expect(
      app.db
        .select()
        .from(schema.items)
        .all()
        .map((i) => [i.name, i.material]),
    ).toEqual([["New name", "Aluminum"]]);
    expect(app.db.select().from(schema.items).all()).toHaveLength(1);
  });

  test("a member who may add items but not materials is told whom to ask, with no link into Settings", async () => {
    const projectId = await shopWithoutMaterials();
    addMember("Ben Boss", "4322", ["management"]);
    addMember("Inactive Ivy", "4323", ["management"], false);
    addMember("Paula", "1111", ["pre-production"]);
    const paula = app.client("10.7.0.2");
    await paula.signIn("1111");
    const form = await html(await paula.request(`/projects/${projectId}?dialog=add-item`));
    expect(form).toContain("No materials yet. Ask Ada Admin or Ben Boss to add a material in Global Settings → Materials.");
    expect(form).not.toContain("/settings?tab=materials");
    expect(form).not.toContain("Ivy");
  });

  test("the Items screen's Create New Product form has the same way to add a product or a material", async () => {
    const projectId = await shopWithoutMaterials();
    const dialog = `/items?project=${projectId}&dialog=new`;
    const form = await html(await admin.request(dialog));
    expect(hrefOf(form, "Add a material")).toBe(`/settings?tab=materials&new=1&returnTo=${encodeURIComponent(dialog)}`);
    expect(hrefOf(form, "Add a product")).toBe(`/settings?tab=products&new=1&returnTo=${encodeURIComponent(dialog)}`);
  });

  test("a returnTo that leaves the site is ignored: the save stays in Settings", async () => {
    for (const returnTo of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "/\t/evil.example"]) {
      const path = `/settings?tab=materials&new=1&returnTo=${encodeURIComponent(returnTo)}`;
      const page = await html(await admin.request(path));
      expect(hrefOf(page, "Cancel")).toBe("/settings?tab=materials");
      expect(hrefOf(page, "Close")).toBe("/settings?tab=materials");
      const res = await postForm(admin, path, { _entity: "materials", name: `Vinyl ${returnTo.length}`, category: "Film", color: "gray" });
      expect(res.headers.get("location")).toBe("/settings?tab=materials");
    }
  });
});
