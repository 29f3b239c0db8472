// The Items list (/items) with JavaScript ("js") and without ("no-js"): filter by project, create, edit and delete
// a product, phone cards, accessibility.
import { DEMO, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, visit } from "./helpers";

test("filter by project, create, edit and delete a product", async ({ page, js, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const projectName = `E2E Items ${js ? "js" : "nojs"} ${Date.now()}`;
  const created = await page.request.post("/api/projects", {
    data: { name: projectName, description: "Items list", workflowId: workflows[0]!.id },
    headers: { origin },
  });
  const { id: projectId } = (await created.json()) as { id: number };

  await visit(page, js, `/items?project=${projectId}`);
  await expect(page.getByRole("heading", { level: 1, name: "Items" })).toBeVisible();
  await expect(page.getByLabel("Project", { exact: true })).toHaveValue(String(projectId));
  await expect(page.getByText("No items found")).toBeVisible();

  // Create: the project is preset from the filter.
  await page.getByRole("link", { name: "New Product" }).click();
  // The dialog's form (a Radix dialog with JavaScript, a panel on the page without): the list's filters have
  // fields of the same names.
  const form = page.locator("form#product-new");
  await form.getByRole("button", { name: "Create Product" }).click();
  await expect(form.getByText("Product name is required")).toBeVisible();
  await form.getByLabel("Product name").fill("Lobby Panel");
  await form.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
  await expect(form.getByLabel("Project", { exact: true })).toHaveValue(String(projectId));
  await form.getByRole("button", { name: "Create Product" }).click();
  await expect(page.getByText("Item created successfully with QR code!").first()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/items\\?project=${projectId}$`));
  const row = page.getByRole("row").filter({ hasText: "Lobby Panel" });
  await expect(row).toBeVisible();
  await expect(row.getByRole("link", { name: projectName })).toBeVisible();
  if (js) await expectNoSeriousA11yViolations(page, "items list");

  // Edit.
  await row.getByRole("link", { name: "Edit Lobby Panel" }).click();
  const editForm = page.locator("form[id^='product-']");
  await expect(editForm.getByLabel("Product name")).toHaveValue("Lobby Panel");
  await editForm.getByLabel("Product name").fill("Lobby Panel XL");
  await editForm.getByLabel("Quantity").fill("4");
  await editForm.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Item updated successfully").first()).toBeVisible();
  const edited = page.getByRole("row").filter({ hasText: "Lobby Panel XL" });
  await expect(edited).toBeVisible();

  // Delete.
  await edited.getByRole("link", { name: "Delete Lobby Panel XL" }).click();
  await expect(page.getByText('Are you sure you want to delete "Lobby Panel XL"? This action cannot be undone.')).toBeVisible();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Item deleted successfully").first()).toBeVisible();
  await expect(page.getByText("No items found")).toBeVisible();
});

test("the project filter applies on change (JavaScript) or with Filter (without)", async ({ page, js, signIn }) => {
  await signIn(DEMO.maria);
  await visit(page, js, "/items");
  const project = page.getByLabel("Project", { exact: true });
  const value = await project.locator("option").nth(1).getAttribute("value");
  await project.selectOption(value!);
  if (!js) await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`project=${value}`));
  await expect(page.getByRole("link", { name: "Clear filters" }).first()).toBeVisible();
});

test("on a phone the items are cards with a timer badge and nothing scrolls sideways", async ({ page, js, signIn }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(DEMO.admin);
  await visit(page, js, "/items");
  await expect(page.getByText(/Active Timer|Timer Off/).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("an edit saved after someone else renamed the item keeps their name: the dialog keeps what it opened with through a live reload", async ({
  page,
  js,
  baseURL,
  signIn,
}) => {
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string }[];
  const project = await page.request.post("/api/projects", {
    data: { name: `E2E Stale item ${js ? "js" : "nojs"} ${Date.now()}`, description: "d", workflowId: workflows[0]!.id },
    headers: { origin },
  });
  const { id: projectId } = (await project.json()) as { id: number };
  const created = await page.request.post("/api/items", { data: { name: "Stale Panel", category: categories[0]!.name, projectId }, headers: { origin } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await visit(page, js, `/items?project=${projectId}&dialog=edit&item=${id}`);
  const editForm = page.locator(`form#product-${id}`);
  await expect(editForm.getByLabel("Product name")).toHaveValue("Stale Panel");
  // Someone else renames it while the dialog is open; with JavaScript the list behind it reloads live.
  expect((await page.request.patch(`/api/items/${id}`, { data: { name: "Renamed Panel" }, headers: { origin } })).status()).toBe(200);
  if (js) await expect(page.locator("tr", { hasText: "Renamed Panel" })).toBeVisible();
  await editForm.getByLabel("Quantity").fill("5");
  await editForm.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Item updated successfully").first()).toBeVisible();
  const saved = (await (await page.request.get(`/api/items/${id}`)).json()) as { name: string; quantity: number };
  expect(saved).toMatchObject({ name: "Renamed Panel", quantity: 5 });
  await page.request.delete(`/api/projects/${projectId}`, { headers: { origin } });
});
