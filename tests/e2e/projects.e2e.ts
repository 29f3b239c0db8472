// The projects list as a project manager uses it, JavaScript on ("js") and off ("no-js"): create a project from a
// workflow, land on it, come back, edit its priority, sort, delete it.
import { DEMO, expect, test } from "./fixtures";
import { expectNoSidewaysScroll, visit } from "./helpers";

test("create, edit, sort and delete a project", async ({ page, js, signIn }) => {
  await signIn(DEMO.admin);
  const name = `E2E List ${js ? "js" : "nojs"} ${Date.now()}`;
  await visit(page, js, "/projects");
  await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();

  await page.getByRole("link", { name: "New Project" }).click();
  const create = js ? page.getByRole("dialog", { name: "Create New Project" }) : page.getByRole("region", { name: "Create New Project" });
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

  // Edit from the project screen: back on the project screen afterwards.
  await page.getByRole("link", { name: "Edit Project" }).click();
  const edit = js ? page.getByRole("dialog", { name: "Edit Project" }) : page.getByRole("region", { name: "Edit Project" });
  await edit.getByLabel("Priority").selectOption("rush");
  await edit.getByRole("button", { name: "Update Project" }).click();
  await expect(page.getByText("Project updated successfully!").first()).toBeVisible();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await expect(page.getByText("RUSH", { exact: true })).toBeVisible();

  // Sorted by priority (rush first), the new rush project is on the first page.
  await visit(page, js, "/projects");
  await page.getByRole("link", { name: /^Priority/ }).click();
  await expect(page).toHaveURL(/sort=priority&dir=desc/);
  await expect(page.getByRole("link", { name, exact: true })).toBeVisible();

  await page.getByRole("link", { name: `Delete ${name}` }).click();
  await expect(page.getByText("This action cannot be undone. All items of this project will also be deleted.")).toBeVisible();
  await page.getByRole("button", { name: "Delete Project" }).click();
  await expect(page.getByText("Project deleted successfully!").first()).toBeVisible();
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
});

test("on a phone the projects are cards and nothing scrolls sideways", async ({ page, js, signIn }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(DEMO.james);
  await visit(page, js, "/projects");
  await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  // A production member reads the list but cannot change it.
  await expect(page.getByRole("link", { name: "New Project" })).toHaveCount(0);
});
