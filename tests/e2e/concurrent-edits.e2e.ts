// Two people editing one record (decisions 0009 and 0021), with JavaScript. Person A opens an edit dialog;
// person B (another session, through the API) saves another field of the same record; A's page reloads its data
// (a live page on its own, another page the way the router does after any post in the tab); A saves. Both changes
// must be kept: the form keeps the values it opened with and sends them as `_original`, so the action saves only
// what A changed. A save of the very field B changed is refused with 'This … was changed by someone else. Reload to
// see the latest.', the form keeping what A typed.
//
// Without JavaScript the form and its hidden `_original` come with the page, which A loaded before B's save: the
// same flows are request tests that press the page's real buttons (tests/request/concurrent-edits-no-js.test.ts).
import type { APIRequestContext, Locator, Page } from "@playwright/test";
import { DEMO, expect, test, toast } from "./fixtures";
import { adminApi, createMember, createRecord, visit } from "./helpers";

let counter = 0;
const runTag = Date.now().toString(36);
/** A name no other test (nor an earlier run against a reused server) uses. */
function unique(prefix: string): string {
  counter += 1;
  return `${prefix} ${runTag}-${counter}-${test.info().project.name}`;
}

function dialog(page: Page, title: string): Locator {
  return page.getByRole("dialog", { name: title });
}

const success = (page: Page, description: string) => toast(page, true, "Success").filter({ hasText: description });

/**
 * Global Settings, label printers and the projects list are not live pages: their data reloads when the router
 * revalidates (after any post from the tab, a sign-in in the PIN dialog, a live page's notice). The test asks the
 * router for that reload, the same one a live page's notice starts, and then waits for B's change on the page.
 */
async function reloadData(page: Page) {
  await page.evaluate(async () => {
    const router = (window as unknown as { __reactRouterDataRouter?: { revalidate(): Promise<void> } }).__reactRouterDataRouter;
    if (!router) throw new Error("no router: the page is not hydrated");
    await router.revalidate();
  });
}

async function read<T>(api: APIRequestContext, path: string): Promise<T> {
  const res = await api.get(path);
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

async function patch(api: APIRequestContext, path: string, data: object) {
  const res = await api.patch(path, { data });
  expect(res.status(), `PATCH ${path}: ${await res.text()}`).toBe(200);
}

/** A refused project save names the change that won (its audit row): who, what and when. */
const PROJECT_STALE =
  /^This project was changed by someone else: .+ changed Priority to Low at \d{1,2}:\d{2} [AP]M\. Reload to see the latest; what you typed stays\.$/;

test.describe("an edit form keeps what it opened with: another person's save of another field survives", () => {
  let b: APIRequestContext;
  test.beforeEach(async ({ baseURL, clientIp, signIn }) => {
    await signIn(DEMO.admin);
    b = await adminApi(baseURL!, clientIp);
  });
  test.afterEach(async () => {
    await b.dispose();
  });

  async function newProject(priority = "medium") {
    const workflows = await read<{ id: number }[]>(b, "/api/workflows");
    const res = await b.post("/api/projects", { data: { name: unique("Concurrent"), description: "Opened", priority, workflowId: workflows[0]!.id } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number; name: string };
  }

  async function newItem(projectId: number, name = unique("Panel")) {
    const categories = await read<{ name: string }[]>(b, "/api/categories");
    const res = await b.post("/api/items", { data: { name, category: categories[0]!.name, projectId } });
    expect(res.status(), await res.text()).toBe(201);
    return (await res.json()) as { id: number; name: string };
  }

  test("Edit Project on the project page (live)", async ({ page }) => {
    const project = await newProject();
    await visit(page, true, `/projects/${project.id}?dialog=edit-project`);
    const form = dialog(page, "Edit Project");
    await expect(form.getByLabel("Priority")).toHaveValue("medium");

    await patch(b, `/api/projects/${project.id}`, { priority: "rush" });
    // The page is live: B's change reaches it behind the open dialog.
    await expect(page.getByText("RUSH", { exact: true })).toBeVisible();
    await form.getByLabel("Description (optional)").fill("Changed by A");
    await form.getByRole("button", { name: "Update Project" }).click();
    await expect(success(page, "Project updated successfully!")).toBeVisible();
    expect(await read(b, `/api/projects/${project.id}`)).toMatchObject({ priority: "rush", description: "Changed by A" });

    // Opened again; B changes the priority again, and A saves a priority of their own: refused, A's values kept.
    await visit(page, true, `/projects/${project.id}?dialog=edit-project`);
    await expect(form.getByLabel("Priority")).toHaveValue("rush");
    await patch(b, `/api/projects/${project.id}`, { priority: "low" });
    await expect(page.getByText("RUSH", { exact: true })).toBeHidden();
    await form.getByLabel("Priority").selectOption("high");
    await form.getByLabel("Description (optional)").fill("A again");
    await form.getByRole("button", { name: "Update Project" }).click();
    const refused = dialog(page, "Edit Project");
    await expect(refused.getByRole("alert")).toHaveText(PROJECT_STALE);
    await expect(refused.getByLabel("Priority")).toHaveValue("high");
    await expect(refused.getByLabel("Description (optional)")).toHaveValue("A again");
    // Sent again as it is, it is still checked against what A saw: refused again.
    await refused.getByRole("button", { name: "Update Project" }).click();
    await expect(refused.getByRole("alert")).toHaveText(PROJECT_STALE);
    expect(await read(b, `/api/projects/${project.id}`)).toMatchObject({ priority: "low", description: "Changed by A" });
    await b.delete(`/api/projects/${project.id}`);
  });

  test("Edit Project on the projects list", async ({ page }) => {
    const project = await newProject();
    await visit(page, true, `/projects?dialog=edit-project&id=${project.id}`);
    const form = dialog(page, "Edit Project");
    await expect(form.getByLabel("Priority")).toHaveValue("medium");

    await patch(b, `/api/projects/${project.id}`, { priority: "rush" });
    await reloadData(page);
    // Behind the open dialog (hidden from the accessibility tree, hence no role query).
    await expect(page.locator("tr", { hasText: project.name }).getByText("Rush", { exact: true })).toBeVisible();
    await form.getByLabel("Description (optional)").fill("Changed by A");
    await form.getByRole("button", { name: "Update Project" }).click();
    await expect(success(page, "Project updated successfully!")).toBeVisible();
    expect(await read(b, `/api/projects/${project.id}`)).toMatchObject({ priority: "rush", description: "Changed by A" });
    await b.delete(`/api/projects/${project.id}`);
  });

  test("an item's edit forms: on the items list, the project page and the item page (all live)", async ({ page }) => {
    test.setTimeout(120_000); // three pages, each opened, changed by B and saved
    const project = await newProject();

    await test.step("Edit Product on the items list", async () => {
      const item = await newItem(project.id);
      await visit(page, true, `/items?project=${project.id}&dialog=edit&item=${item.id}`);
      const form = page.locator(`form#product-${item.id}`);
      await expect(form.getByLabel("Product name")).toHaveValue(item.name);
      await patch(b, `/api/items/${item.id}`, { name: `${item.name} by B` });
      await expect(page.locator("tr", { hasText: `${item.name} by B` })).toBeVisible();
      await form.getByLabel("Quantity").fill("5");
      await form.getByRole("button", { name: "Update Product" }).click();
      await expect(success(page, "Item updated successfully")).toBeVisible();
      expect(await read(b, `/api/items/${item.id}`)).toMatchObject({ name: `${item.name} by B`, quantity: 5 });
    });

    await test.step("Edit Item on the project page", async () => {
      const item = await newItem(project.id);
      await visit(page, true, `/projects/${project.id}?dialog=edit-item&item=${item.id}`);
      const form = dialog(page, "Edit Item");
      await expect(form.getByLabel("Quantity")).toHaveValue("1");
      await patch(b, `/api/items/${item.id}`, { quantity: 3 });
      await expect(page.getByText("× 3", { exact: true })).toBeVisible();
      await form.getByLabel("Item name").fill(`${item.name} by A`);
      await form.getByRole("button", { name: "Update Item" }).click();
      await expect(success(page, "Item updated successfully")).toBeVisible();
      expect(await read(b, `/api/items/${item.id}`)).toMatchObject({ name: `${item.name} by A`, quantity: 3 });
    });

    await test.step("Edit Item on the item page", async () => {
      const item = await newItem(project.id);
      await visit(page, true, `/items/${item.id}?dialog=edit`);
      const form = dialog(page, "Edit Item");
      await expect(form.getByLabel("Quantity")).toHaveValue("1");
      await patch(b, `/api/items/${item.id}`, { name: `${item.name} by B` });
      await expect(page.locator("h1", { hasText: `${item.name} by B` })).toBeVisible();
      await form.getByLabel("Quantity").fill("4");
      await form.getByRole("button", { name: "Update Item" }).click();
      await expect(success(page, "Item updated successfully")).toBeVisible();
      expect(await read(b, `/api/items/${item.id}`)).toMatchObject({ name: `${item.name} by B`, quantity: 4 });
    });
    await b.delete(`/api/projects/${project.id}`);
  });

  test("a workflow step's edit row on the project page (live)", async ({ page }) => {
    const project = await newProject();
    const [instance] = await read<{ id: number }[]>(b, `/api/projects/${project.id}/workflow-instances`);
    const [step] = await read<{ id: number }[]>(b, `/api/workflow-instances/${instance!.id}/steps`);
    await patch(b, `/api/workflow-steps/${step!.id}`, { startDate: "2026-12-01", endDate: "2026-12-11" });

    await visit(page, true, `/projects/${project.id}?edit-step=${step!.id}`);
    await expect(page.getByLabel(/^Start date of /)).toHaveValue("2026-12-01");
    await patch(b, `/api/workflow-steps/${step!.id}`, { startDate: "2026-12-03" });
    // The project's timeline card shows B's start once the live reload has arrived.
    await expect(page.getByText("Dec 3, 2026 – Dec 11, 2026")).toBeVisible();
    await page.getByLabel(/^End date of /).fill("2026-12-15");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(toast(page, true, "Step Updated")).toBeVisible();
    const steps = await read<{ id: number; startDate: string; endDate: string }[]>(b, `/api/workflow-instances/${instance!.id}/steps`);
    expect(steps.find((s) => s.id === step!.id)).toMatchObject({ startDate: "2026-12-03T18:00:00.000Z", endDate: "2026-12-15T18:00:00.000Z" });
    await b.delete(`/api/projects/${project.id}`);
  });

  /** Opens a Global Settings edit dialog, lets B save through the API, reloads the page's data, A saves. */
  async function settingsCase(
    page: Page,
    o: { url: string; title: string; bSaves: () => Promise<void>; bSeen: Locator; aTypes: (form: Locator) => Promise<unknown>; button: string; done: string },
  ) {
    await visit(page, true, o.url);
    const form = dialog(page, o.title);
    await expect(form.getByRole("button", { name: o.button })).toBeVisible();
    await o.bSaves();
    await reloadData(page);
    await expect(o.bSeen).toBeVisible();
    await o.aTypes(form);
    await form.getByRole("button", { name: o.button }).click();
    await expect(toast(page, true, o.done)).toBeVisible();
  }

  test("Global Settings and label printers: every edit dialog keeps B's save of another field", async ({ page }) => {
    test.setTimeout(180_000); // seven dialogs, each opened, changed by B, reloaded and saved
    await test.step("Edit Product (category)", async () => {
      const departments = await read<{ value: string }[]>(b, "/api/departments");
      const category = await createRecord<{ id: number; name: string }>(b, "categories", { name: unique("Cat"), departmentSequence: [departments[0]!.value] });
      await settingsCase(page, {
        url: `/settings?tab=products&edit=${category.id}`,
        title: "Edit Product",
        bSaves: () => patch(b, `/api/categories/${category.id}`, { description: "Described by B" }),
        bSeen: page.getByTestId("category-card").filter({ hasText: "Described by B" }),
        aTypes: (form) => form.getByLabel("Color", { exact: true }).selectOption("green"),
        button: "Update Product",
        done: "Product updated successfully",
      });
      expect(await read(b, `/api/categories/${category.id}`)).toMatchObject({ name: category.name, description: "Described by B", color: "green" });
      await b.delete(`/api/categories/${category.id}`);
    });

    await test.step("Edit Department", async () => {
      const department = await createRecord<{ id: number; name: string }>(b, "departments", { name: unique("Dept") });
      await settingsCase(page, {
        url: `/settings?tab=departments&edit=${department.id}`,
        title: "Edit Department",
        bSaves: () => patch(b, `/api/departments/${department.id}`, { description: "Described by B" }),
        bSeen: page.getByTestId("department-card").filter({ hasText: "Described by B" }),
        aTypes: (form) => form.getByLabel("Sort order").fill("7"),
        button: "Update Department",
        done: "Department updated successfully",
      });
      expect(await read(b, `/api/departments/${department.id}`)).toMatchObject({ name: department.name, description: "Described by B", sortOrder: 7 });
      await b.delete(`/api/departments/${department.id}`);
    });

    await test.step("Edit Subdepartment", async () => {
      const department = await createRecord<{ id: number }>(b, "departments", { name: unique("Parent") });
      const sub = await createRecord<{ id: number; name: string }>(b, "subdepartments", { name: unique("Sub"), departmentId: department.id });
      await settingsCase(page, {
        url: `/settings?tab=departments&subedit=${sub.id}`,
        title: "Edit Subdepartment",
        bSaves: () => patch(b, `/api/subdepartments/${sub.id}`, { name: `${sub.name} by B` }),
        bSeen: page.getByTestId("subdepartment-row").filter({ hasText: `${sub.name} by B` }),
        aTypes: (form) => form.getByLabel("Description", { exact: true }).fill("Described by A"),
        button: "Update Subdepartment",
        done: "Subdepartment updated successfully",
      });
      expect(await read(b, `/api/subdepartments/${sub.id}`)).toMatchObject({ name: `${sub.name} by B`, description: "Described by A" });
      await b.delete(`/api/subdepartments/${sub.id}`);
      await b.delete(`/api/departments/${department.id}`);
    });

    await test.step("Edit Workflow", async () => {
      const departments = await read<{ value: string }[]>(b, "/api/departments");
      const workflow = await createRecord<{ id: number; name: string }>(b, "workflows", { name: unique("Flow"), departmentSequence: [departments[0]!.value] });
      await settingsCase(page, {
        url: `/settings?tab=workflows&edit=${workflow.id}`,
        title: "Edit Workflow",
        bSaves: () => patch(b, `/api/workflows/${workflow.id}`, { description: "Described by B" }),
        bSeen: page.getByTestId("workflow-card").filter({ hasText: "Described by B" }),
        aTypes: (form) => form.getByLabel("Name", { exact: true }).fill(`${workflow.name} by A`),
        button: "Update Workflow",
        done: "Workflow updated successfully",
      });
      expect(await read(b, `/api/workflows/${workflow.id}`)).toMatchObject({ name: `${workflow.name} by A`, description: "Described by B" });
      await b.delete(`/api/workflows/${workflow.id}`);
    });

    await test.step("Edit Material", async () => {
      const material = await createRecord<{ id: number; name: string }>(b, "materials", { name: unique("Vinyl"), category: "Film" });
      await settingsCase(page, {
        url: `/settings?tab=materials&edit=${material.id}`,
        title: "Edit Material",
        bSaves: () => patch(b, `/api/materials/${material.id}`, { category: "Film by B" }),
        bSeen: page.getByTestId("material-card").filter({ hasText: "Film by B" }),
        aTypes: (form) => form.getByLabel("Description", { exact: true }).fill("Described by A"),
        button: "Update Material",
        done: "Material updated successfully",
      });
      expect(await read(b, `/api/materials/${material.id}`)).toMatchObject({ name: material.name, category: "Film by B", description: "Described by A" });
      await b.delete(`/api/materials/${material.id}`);
    });

    await test.step("Edit Team Member", async () => {
      const member = await createMember(b, unique("Member"), ["production"]);
      await settingsCase(page, {
        url: `/settings?tab=team&edit=${member.id}`,
        title: "Edit Team Member",
        bSaves: () => patch(b, `/api/team-members/${member.id}`, { email: "b@example.com" }),
        bSeen: page.getByTestId("team-member-card").filter({ hasText: "b@example.com" }),
        aTypes: (form) => form.getByLabel("Skills (comma-separated)").fill("Welding, Vinyl"),
        button: "Update Team Member",
        done: "Team member updated successfully",
      });
      expect(await read(b, `/api/team-members/${member.id}`)).toMatchObject({
        name: member.name,
        email: "b@example.com",
        skills: ["Welding", "Vinyl"],
        accessibleDepartments: ["production"],
      });
      await b.delete(`/api/team-members/${member.id}`);
    });

    await test.step("Edit printer", async () => {
      const printer = await createRecord<{ id: number; name: string }>(b, "label-printers", { name: unique("Zebra"), host: "192.0.2.10", port: 9100 });
      await settingsCase(page, {
        url: `/settings/printers?edit=${printer.id}`,
        title: "Edit printer",
        bSaves: () => patch(b, `/api/label-printers/${printer.id}`, { port: 6101 }),
        bSeen: page.locator("td", { hasText: "192.0.2.10:6101" }),
        aTypes: (form) => form.getByLabel("Name", { exact: true }).fill(`${printer.name} by A`),
        button: "Save printer",
        done: "Printer updated",
      });
      expect(await read(b, `/api/label-printers/${printer.id}`)).toMatchObject({ name: `${printer.name} by A`, host: "192.0.2.10", port: 6101 });
      await b.delete(`/api/label-printers/${printer.id}`);
    });
  });
});
