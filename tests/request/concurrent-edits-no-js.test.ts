import { beforeEach, describe, expect, test } from "bun:test";
import type { Client } from "../helpers/app";
import { type HtmlForm, type HtmlPage, open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";

// Two people editing one record without JavaScript (decisions 0009 and 0021). Ann opens an edit form: its panel
// and the hidden `_original` (the values it opened with) come with the page. Bob then saves another field of the
// same record through the API. Ann saves: both changes are kept, because the action saves only what Ann changed. A
// save of the very field Bob changed is refused with 'This … was changed by someone else. Reload to see the
// latest.', the form keeping what Ann typed. Each flow presses the page's real buttons (tests/helpers/html-form.ts);
// tests/e2e/concurrent-edits.e2e.ts holds the same flows with JavaScript, where live pages reload under the dialog.

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
/** A refused project save names the change that won, from its audit row: who, what and when (a clock time). */
const PROJECT_STALE = (change: string) =>
  new RegExp(`^This project was changed by someone else: ${change} at \\d{1,2}:\\d{2} [AP]M\\. Reload to see the latest; what you typed stays\\.$`);

let app: Awaited<ReturnType<typeof seedShop>>["app"];
let ann: Client;
let bob: Client;
let projectId: number;
let itemId: number;

beforeEach(async () => {
  ({
    app,
    clients: { ann, bob },
    projectIds: [projectId],
    itemIds: [itemId],
  } = await seedShop({
    ipBase: "10.62.0",
    members: {
      ann: { name: "Ann Manager", pin: "1111", keys: ["management"] },
      bob: { name: "Bob Manager", pin: "2222", keys: ["management"] },
    },
    ...bakery(["Production", "Installation"]),
    materials: [{ name: "Vinyl", category: "Film" }],
    items: [{ name: "Front panel", category: "Banner" }],
  }));
});

async function read<T = Record<string, unknown>>(c: Client, path: string): Promise<T> {
  const res = await c.request(path);
  expect(res.status, `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

async function write(c: Client, method: "POST" | "PATCH", path: string, json: object) {
  const res = await c.request(path, { method, json });
  expect(res.status, `${method} ${path}: ${await res.clone().text()}`).toBe(method === "POST" ? 201 : 200);
  return (await res.json()) as { id: number; name: string };
}

/** The panel (a dialog with JavaScript) titled `title`. */
function panel(page: HtmlPage, title: string) {
  const el = page.$(`section[aria-label="${title}"]`);
  if (!el) throw new Error(`no panel "${title}" on ${page.url.pathname}${page.url.search}`);
  return el;
}

/** The value a field of `form` shows: a text field's value, a select's selected option. */
function shown(form: HtmlForm, name: string): string {
  const el = form.controls().find((c) => c.getAttribute("name") === name && c.getAttribute("type") !== "hidden");
  if (!el) throw new Error(`no field ${name}`);
  if (el.tagName === "TEXTAREA") return el.textContent ?? "";
  if (el.tagName === "SELECT") return [...el.querySelectorAll("option")].find((o) => o.hasAttribute("selected"))?.getAttribute("value") ?? "";
  return el.getAttribute("value") ?? "";
}

/** The flash toast on the page the save landed on, holding every one of `texts`. */
function expectToast(page: HtmlPage, ...texts: string[]) {
  expect(page.status).toBe(200);
  expect(page.redirects.length, "the save redirects").toBeGreaterThan(0);
  const toasts = page.$$('[role="status"]').map((el) => collapse(el.textContent));
  expect(
    toasts.some((t) => texts.every((x) => t.includes(x))),
    `a toast with ${texts.join(" + ")}; the page has: ${toasts.join(" | ")}`,
  ).toBe(true);
}

describe("projects and items", () => {
  test("Edit Project on the project page: Bob's priority survives Ann's description; Ann's own priority over Bob's is refused, twice", async () => {
    let p = await open(ann, `/projects/${projectId}?dialog=edit-project`).then(parsed);
    let form = p.form({ within: 'section[aria-label="Edit Project"]', button: "Update Project" });
    expect(shown(form, "priority")).toBe("medium");
    await write(bob, "PATCH", `/api/projects/${projectId}`, { priority: "rush" });
    p = await form.fill({ description: "Changed by A" }).submit("Update Project").then(parsed);
    expectToast(p, "Success", "Project updated successfully!");
    expect(await read(ann, `/api/projects/${projectId}`)).toMatchObject({ priority: "rush", description: "Changed by A" });

    // Opened again; Bob changes the priority again, and Ann saves a priority of her own: refused, her values kept.
    p = await open(ann, `/projects/${projectId}?dialog=edit-project`).then(parsed);
    form = p.form({ within: 'section[aria-label="Edit Project"]', button: "Update Project" });
    expect(shown(form, "priority")).toBe("rush");
    await write(bob, "PATCH", `/api/projects/${projectId}`, { priority: "low" });
    p = await form.fill({ priority: "high", description: "A again" }).submit("Update Project").then(parsed);
    expect(p.status).toBe(409);
    expect(collapse(panel(p, "Edit Project").querySelector('[role="alert"]')?.textContent)).toMatch(PROJECT_STALE("Bob Manager changed Priority to Low"));
    form = p.form({ within: 'section[aria-label="Edit Project"]', button: "Update Project" });
    expect(shown(form, "priority")).toBe("high");
    expect(shown(form, "description")).toBe("A again");
    // Sent again as it is, it is still checked against what Ann saw: refused again.
    p = await form.submit("Update Project").then(parsed);
    expect(p.status).toBe(409);
    expect(collapse(panel(p, "Edit Project").querySelector('[role="alert"]')?.textContent)).toMatch(PROJECT_STALE("Bob Manager changed Priority to Low"));
    expect(await read(ann, `/api/projects/${projectId}`)).toMatchObject({ priority: "low", description: "Changed by A" });
  });

  test("a same-field conflict stays on the project page, names who changed what and when; Reload keeps what was typed", async () => {
    let p = await open(ann, `/projects/${projectId}?dialog=edit-project`).then(parsed);
    const form = p.form({ within: 'section[aria-label="Edit Project"]', button: "Update Project" });
    await write(bob, "PATCH", `/api/projects/${projectId}`, { priority: "rush", name: "Bakery by B" });
    p = await form.fill({ priority: "high", description: "Typed by A" }).submit("Update Project").then(parsed);
    expect(p.status).toBe(409);
    // Still the project page, the form open with what Ann typed and who changed what.
    expect(p.url.pathname).toBe(`/projects/${projectId}`);
    expect(collapse(panel(p, "Edit Project").querySelector('[role="alert"]')?.textContent)).toMatch(PROJECT_STALE("Bob Manager changed Priority to Rush"));
    // Reload: the latest record under what Ann typed (her priority and description; Bob's name, which she left).
    p = await p.form({ within: 'section[aria-label="Edit Project"]', button: "Reload" }).submit("Reload").then(parsed);
    expect(p.status).toBe(200);
    expect(p.url.pathname).toBe(`/projects/${projectId}`);
    let again = p.form({ within: 'section[aria-label="Edit Project"]', button: "Update Project" });
    expect([shown(again, "name"), shown(again, "priority"), shown(again, "description")]).toEqual(["Bakery by B", "high", "Typed by A"]);
    expect(await read(ann, `/api/projects/${projectId}`)).toMatchObject({ priority: "rush", name: "Bakery by B" });
    // Saved now, knowingly over Bob's priority; Bob's name stays.
    p = await again.submit("Update Project").then(parsed);
    expectToast(p, "Success", "Project updated successfully!");
    expect(await read(ann, `/api/projects/${projectId}`)).toMatchObject({ priority: "high", name: "Bakery by B", description: "Typed by A" });

    // Another day's change says its day.
    p = await open(ann, `/projects/${projectId}?dialog=edit-project`).then(parsed);
    again = p.form({ within: 'section[aria-label="Edit Project"]', button: "Update Project" });
    await write(bob, "PATCH", `/api/projects/${projectId}`, { endDate: "2026-05-04" });
    app.db.$client.run("UPDATE audit_log SET at = at - 3 * 86400000 WHERE id = (SELECT max(id) FROM audit_log)");
    p = await again.fill({ endDate: "2026-05-08" }).submit("Update Project").then(parsed);
    expect(collapse(panel(p, "Edit Project").querySelector('[role="alert"]')?.textContent)).toMatch(
      /^This project was changed by someone else: Bob Manager changed Due date to May 4, 2026 on [A-Z][a-z]{2} \d{1,2} at \d{1,2}:\d{2} [AP]M\./,
    );
  });

  test("Edit Project on the projects list", async () => {
    const p = await open(ann, `/projects?dialog=edit-project&id=${projectId}`).then(parsed);
    const form = p.form({ within: 'section[aria-label="Edit Project"]', button: "Update Project" });
    expect(shown(form, "priority")).toBe("medium");
    await write(bob, "PATCH", `/api/projects/${projectId}`, { priority: "rush" });
    const saved = await form.fill({ description: "Changed by A" }).submit("Update Project").then(parsed);
    expect(saved.url.pathname).toBe("/projects");
    expectToast(saved, "Success", "Project updated successfully!");
    expect(await read(ann, `/api/projects/${projectId}`)).toMatchObject({ priority: "rush", description: "Changed by A" });
  });

  test("Edit Product on the items list", async () => {
    const p = await open(ann, `/items?project=${projectId}&dialog=edit&item=${itemId}`).then(parsed);
    const form = p.form({ within: `form#product-${itemId}`, button: "Update Product" });
    expect(shown(form, "name")).toBe("Front panel");
    await write(bob, "PATCH", `/api/items/${itemId}`, { name: "Front panel by B" });
    const saved = await form.fill({ quantity: "5" }).submit("Update Product").then(parsed);
    expectToast(saved, "Success", "Item updated successfully");
    expect(await read(ann, `/api/items/${itemId}`)).toMatchObject({ name: "Front panel by B", quantity: 5 });
  });

  test("Edit Item on the project page", async () => {
    const p = await open(ann, `/projects/${projectId}?dialog=edit-item&item=${itemId}`).then(parsed);
    const form = p.form({ within: 'section[aria-label="Edit Item"]', button: "Update Item" });
    expect(shown(form, "quantity")).toBe("1");
    await write(bob, "PATCH", `/api/items/${itemId}`, { quantity: 3 });
    const saved = await form.fill({ name: "Front panel by A" }).submit("Update Item").then(parsed);
    expect(saved.url.pathname).toBe(`/projects/${projectId}`);
    expectToast(saved, "Success", "Item updated successfully");
    expect(await read(ann, `/api/items/${itemId}`)).toMatchObject({ name: "Front panel by A", quantity: 3 });
  });

  test("Edit Item on the item page", async () => {
    const p = await open(ann, `/items/${itemId}?dialog=edit`).then(parsed);
    const form = p.form({ within: 'section[aria-label="Edit Item"]', button: "Update Item" });
    expect(shown(form, "quantity")).toBe("1");
    await write(bob, "PATCH", `/api/items/${itemId}`, { name: "Front panel by B" });
    const saved = await form.fill({ quantity: "4" }).submit("Update Item").then(parsed);
    expect(saved.url.pathname).toBe(`/items/${itemId}`);
    expectToast(saved, "Success", "Item updated successfully");
    expect(await read(ann, `/api/items/${itemId}`)).toMatchObject({ name: "Front panel by B", quantity: 4 });
  });

  test("a workflow step's edit row on the project page", async () => {
    const [instance] = await read<{ id: number }[]>(ann, `/api/projects/${projectId}/workflow-instances`);
    const [step] = await read<{ id: number }[]>(ann, `/api/workflow-instances/${instance!.id}/steps`);
    await write(bob, "PATCH", `/api/workflow-steps/${step!.id}`, { startDate: "2026-12-01", endDate: "2026-12-11" });
    const p = await open(ann, `/projects/${projectId}?edit-step=${step!.id}`).then(parsed);
    const form = p.form({ button: "Save", field: "endDate" });
    expect(shown(form, "startDate")).toBe("2026-12-01");
    await write(bob, "PATCH", `/api/workflow-steps/${step!.id}`, { startDate: "2026-12-03" });
    const saved = await form.fill({ endDate: "2026-12-15" }).submit("Save").then(parsed);
    expectToast(saved, "Step Updated");
    const steps = await read<{ id: number; startDate: string; endDate: string }[]>(ann, `/api/workflow-instances/${instance!.id}/steps`);
    const after = steps.find((s) => s.id === step!.id)!;
    expect(after.startDate.slice(0, 10)).toBe("2026-12-03");
    expect(after.endDate.slice(0, 10)).toBe("2026-12-15");
  });
});

describe("Global Settings and label printers", () => {
  /** Ann opens the edit panel at `url`; Bob saves through the API; Ann changes her field and saves. */
  async function settingsCase(o: {
    url: string;
    title: string;
    bobSaves: () => Promise<unknown>;
    annTypes: Record<string, string>;
    button: string;
    done: string;
  }) {
    const p = await open(ann, o.url).then(parsed);
    const form = p.form({ within: `section[aria-label="${o.title}"]`, button: o.button });
    await o.bobSaves();
    const saved = await form.fill(o.annTypes).submit(o.button).then(parsed);
    expectToast(saved, o.done);
    expect(saved.$(`section[aria-label="${o.title}"]`)).toBeNull();
  }

  test("Edit Product (category)", async () => {
    const [category] = await read<{ id: number; name: string }[]>(ann, "/api/categories");
    await settingsCase({
      url: `/settings?tab=products&edit=${category!.id}`,
      title: "Edit Product",
      bobSaves: () => write(bob, "PATCH", `/api/categories/${category!.id}`, { description: "Described by B" }),
      annTypes: { color: "green" },
      button: "Update Product",
      done: "Product updated successfully",
    });
    expect(await read(ann, `/api/categories/${category!.id}`)).toMatchObject({ name: "Banner", description: "Described by B", color: "green" });
  });

  test("Edit Department", async () => {
    const department = await write(ann, "POST", "/api/departments", { name: "Router" });
    await settingsCase({
      url: `/settings?tab=departments&edit=${department.id}`,
      title: "Edit Department",
      bobSaves: () => write(bob, "PATCH", `/api/departments/${department.id}`, { description: "Described by B" }),
      annTypes: { sortOrder: "7" },
      button: "Update Department",
      done: "Department updated successfully",
    });
    expect(await read(ann, `/api/departments/${department.id}`)).toMatchObject({ name: "Router", description: "Described by B", sortOrder: 7 });
  });

  test("Edit Subdepartment", async () => {
    const department = await write(ann, "POST", "/api/departments", { name: "Fabrication" });
    const sub = await write(ann, "POST", "/api/subdepartments", { name: "Interior", departmentId: department.id });
    await settingsCase({
      url: `/settings?tab=departments&subedit=${sub.id}`,
      title: "Edit Subdepartment",
      bobSaves: () => write(bob, "PATCH", `/api/subdepartments/${sub.id}`, { name: "Interior by B" }),
      annTypes: { description: "Described by A" },
      button: "Update Subdepartment",
      done: "Subdepartment updated successfully",
    });
    expect(await read(ann, `/api/subdepartments/${sub.id}`)).toMatchObject({ name: "Interior by B", description: "Described by A" });
  });

  test("Edit Workflow", async () => {
    const [workflow] = await read<{ id: number; name: string }[]>(ann, "/api/workflows");
    await settingsCase({
      url: `/settings?tab=workflows&edit=${workflow!.id}`,
      title: "Edit Workflow",
      bobSaves: () => write(bob, "PATCH", `/api/workflows/${workflow!.id}`, { description: "Described by B" }),
      annTypes: { name: "W by A" },
      button: "Update Workflow",
      done: "Workflow updated successfully",
    });
    expect(await read(ann, `/api/workflows/${workflow!.id}`)).toMatchObject({ name: "W by A", description: "Described by B" });
  });

  test("Edit Material", async () => {
    const [material] = await read<{ id: number; name: string }[]>(ann, "/api/materials");
    await settingsCase({
      url: `/settings?tab=materials&edit=${material!.id}`,
      title: "Edit Material",
      bobSaves: () => write(bob, "PATCH", `/api/materials/${material!.id}`, { category: "Film by B" }),
      annTypes: { description: "Described by A" },
      button: "Update Material",
      done: "Material updated successfully",
    });
    expect(await read(ann, `/api/materials/${material!.id}`)).toMatchObject({ name: "Vinyl", category: "Film by B", description: "Described by A" });
  });

  test("Edit Team Member", async () => {
    const member = await write(ann, "POST", "/api/team-members", { name: "Cara", pinCode: "3579", accessibleDepartments: ["production"] });
    await settingsCase({
      url: `/settings?tab=team&edit=${member.id}`,
      title: "Edit Team Member",
      bobSaves: () => write(bob, "PATCH", `/api/team-members/${member.id}`, { email: "b@example.com" }),
      annTypes: { skills: "Welding, Vinyl" },
      button: "Update Team Member",
      done: "Team member updated successfully",
    });
    expect(await read(ann, `/api/team-members/${member.id}`)).toMatchObject({
      name: "Cara",
      email: "b@example.com",
      skills: ["Welding", "Vinyl"],
      accessibleDepartments: ["production"],
    });
  });

  test("Edit printer", async () => {
    const printer = await write(ann, "POST", "/api/label-printers", { name: "Zebra", host: "192.0.2.10", port: 9100 });
    await settingsCase({
      url: `/settings/printers?edit=${printer.id}`,
      title: "Edit printer",
      bobSaves: () => write(bob, "PATCH", `/api/label-printers/${printer.id}`, { port: 6101 }),
      annTypes: { name: "Zebra by A" },
      button: "Save printer",
      done: "Printer updated",
    });
    expect(await read(ann, `/api/label-printers/${printer.id}`)).toMatchObject({ name: "Zebra by A", host: "192.0.2.10", port: 6101 });
  });
});
