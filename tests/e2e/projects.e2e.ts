// The projects list as a project manager uses it with JavaScript: create a project from a workflow in the dialog,
// land on it, edit its priority there, sort, delete it. Without JavaScript the same flow goes through the page's
// forms in tests/request/projects-no-js.test.ts; the list on a phone is in tests/e2e/badges.e2e.ts.
import { DEMO, expect, test } from "./fixtures";
import { adminApi, expectNoSidewaysScroll, visit } from "./helpers";

test("create, edit, sort and delete a project", async ({ page, signIn }) => {
  await signIn(DEMO.admin);
  const name = `E2E List ${Date.now()}`;
  await visit(page, true, "/projects");
  await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();

  await test.step("create it in the dialog: a missing name is said first", async () => {
    await page.getByRole("link", { name: "New Project" }).click();
    const create = page.getByRole("dialog", { name: "Create New Project" });
    await expect(create).toBeVisible();
    await create.getByRole("button", { name: "Create Project" }).click();
    await expect(create.getByText("Project name is required")).toBeVisible();
    await create.getByLabel("Project name").fill(name);
    await create.getByLabel("Description").fill("Storefront letters, e2e");
    await create.getByLabel("Priority").selectOption("low");
    await create.getByLabel("Project workflow").selectOption({ index: 1 });
    await create.getByRole("button", { name: "Create Project" }).click();
    await expect(page).toHaveURL(/\/projects\/\d+/);
    await expect(page.getByText("Project created successfully!").first()).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  });

  await test.step("edit it from the project screen, and stay there", async () => {
    await page.getByRole("link", { name: "Edit Project" }).click();
    const edit = page.getByRole("dialog", { name: "Edit Project" });
    await edit.getByLabel("Priority").selectOption("rush");
    await edit.getByRole("button", { name: "Update Project" }).click();
    await expect(page.getByText("Project updated successfully!").first()).toBeVisible();
    await expect(page).toHaveURL(/\/projects\/\d+$/);
    await expect(page.getByText("RUSH", { exact: true })).toBeVisible();
  });

  await test.step("sorted by priority (rush first), it is on the first page", async () => {
    await visit(page, true, "/projects");
    await page.getByRole("link", { name: /^Priority/ }).click();
    await expect(page).toHaveURL(/sort=priority&dir=desc/);
    await expect(page.getByRole("link", { name, exact: true })).toBeVisible();
  });

  await test.step("delete it after the question", async () => {
    await page.getByRole("link", { name: `Delete ${name}` }).click();
    await expect(page.getByText("This action cannot be undone. All items of this project will also be deleted.")).toBeVisible();
    await page.getByRole("button", { name: "Delete Project" }).click();
    await expect(page.getByText("Project deleted successfully!").first()).toBeVisible();
    await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  });
});

// The project's own due date (docs/product.md, Decisions: Due dates) typed in the Create dialog on a phone: the
// Timeline card says it. Every rule behind it (the API, the forms without JavaScript, the places the due date is
// used) is in tests/request/due-dates.test.ts; the form's markup is the same without JavaScript.
test("create a project with a due date in the dialog at 360 px; the Timeline card says Due", async ({ page, signIn, baseURL, clientIp }) => {
  await signIn(DEMO.admin);
  await page.setViewportSize({ width: 360, height: 800 });
  const name = `E2E Due ${Date.now()}`;
  await visit(page, true, "/projects?dialog=new-project");
  const create = page.getByRole("dialog", { name: "Create New Project" });
  await create.getByLabel("Project name").fill(name);
  await create.getByLabel("Project workflow").selectOption({ index: 1 });
  await create.getByLabel("Start date (optional)").fill("2026-03-02");
  await create.getByLabel("Due date (optional)").fill("2026-03-31");
  await create.getByLabel("Customer (optional)").fill("E2E Bakery");
  await expectNoSidewaysScroll(page);
  await create.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await expect(page.getByTestId("timeline-due")).toHaveText("Due Mar 31, 2026");
  await expect(page.getByTestId("project-order")).toHaveText("Customer: E2E Bakery");
  await expectNoSidewaysScroll(page);
  const api = await adminApi(baseURL!, clientIp);
  expect((await api.delete(`/api/projects/${page.url().split("/").at(-1)}`)).status()).toBe(200);
  await api.dispose();
});

// A date typed half-way is one the browser cannot read, and it sends it as empty: Save cleared the due date without
// a word (docs/product.md, Decisions: Due dates). With JavaScript the field says so and nothing is sent.
test("a due date typed half-way in Edit Project is named beside the field, and the due date is kept", async ({ page, signIn, baseURL, clientIp }) => {
  await signIn(DEMO.admin);
  const api = await adminApi(baseURL!, clientIp);
  const workflows = (await (await api.get("/api/workflows")).json()) as { id: number }[];
  const created = await api.post("/api/projects", { data: { name: `E2E Half date ${Date.now()}`, workflowId: workflows[0]!.id, endDate: "2026-12-18" } });
  const { id } = (await created.json()) as { id: number };
  await visit(page, true, `/projects/${id}?dialog=edit-project`);
  const edit = page.getByRole("dialog", { name: "Edit Project" });
  const due = edit.getByLabel("Due date (optional)");
  await expect(due).toHaveValue("2026-12-18");
  // The day part cleared, as a Backspace in it does: the field now holds something that is not a date.
  await due.focus();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Backspace");
  expect(await due.evaluate((el: HTMLInputElement) => el.validity.badInput)).toBe(true);
  await edit.getByRole("button", { name: "Update Project" }).click();
  await expect(edit.getByText("Due date must be a date, e.g. 2026-03-31")).toBeVisible();
  expect(((await (await api.get(`/api/projects/${id}`)).json()) as { endDate: string | null }).endDate).toMatch(/^2026-12-18/);
  expect((await api.delete(`/api/projects/${id}`)).status()).toBe(200);
  await api.dispose();
});
