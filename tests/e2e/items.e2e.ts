// The Items list (/items) with JavaScript: filter by project, create, edit and delete a product in the dialogs, phone
// cards, accessibility, an edit kept through a live reload. Without JavaScript the same flows go through the page's
// forms in tests/request/items-no-js.test.ts; the browser checks only what a browser shows of that page (the
// 'Filter' button, which only exists without JavaScript, and the phone layout).
import { DEMO, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, visit } from "./helpers";

test("filter by project, create, edit and delete a product; the list on a phone", async ({ page, baseURL, signIn }) => {
  // Several screens in one scenario: room for a busy machine (each step still fails on its own 5 s expect).
  test.setTimeout(120_000);
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const projectName = `E2E Items ${Date.now()}`;
  const created = await page.request.post("/api/projects", {
    data: { name: projectName, description: "Items list", workflowId: workflows[0]!.id },
    headers: { origin },
  });
  const { id: projectId } = (await created.json()) as { id: number };

  await test.step("the project filter applies as soon as it changes", async () => {
    await visit(page, true, "/items");
    await expect(page.getByRole("heading", { level: 1, name: "Items" })).toBeVisible();
    await page.getByLabel("Project", { exact: true }).selectOption(String(projectId));
    await expect(page).toHaveURL(new RegExp(`[?&]project=${projectId}(&|$)`));
    await expect(page.getByRole("link", { name: "Clear filters" }).first()).toBeVisible();
    await expect(page.getByText("No items found")).toBeVisible();
  });

  const row = page.getByRole("row").filter({ hasText: "Lobby Panel" });
  await test.step("create: the project is preset from the filter", async () => {
    await page.getByRole("link", { name: "New Product" }).click();
    // The dialog's form: the list's filters have fields of the same names.
    const form = page.locator("form#product-new");
    await form.getByRole("button", { name: "Create Product" }).click();
    await expect(form.getByText("Product name is required")).toBeVisible();
    await form.getByLabel("Product name").fill("Lobby Panel");
    await form.getByLabel("Category", { exact: true }).selectOption({ index: 1 });
    await expect(form.getByLabel("Project", { exact: true })).toHaveValue(String(projectId));
    await form.getByRole("button", { name: "Create Product" }).click();
    await expect(page.getByText("Item created successfully with QR code!").first()).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/items\\?(.*&)?project=${projectId}(&|$)`));
    await expect(row).toBeVisible();
    await expect(row.getByRole("link", { name: projectName })).toBeVisible();
    await expectNoSeriousA11yViolations(page, "items list");
  });

  const edited = page.getByRole("row").filter({ hasText: "Lobby Panel XL" });
  await test.step("edit", async () => {
    await row.getByRole("link", { name: "Edit Lobby Panel" }).click();
    const editForm = page.locator("form[id^='product-']");
    await expect(editForm.getByLabel("Product name")).toHaveValue("Lobby Panel");
    await editForm.getByLabel("Product name").fill("Lobby Panel XL");
    await editForm.getByLabel("Quantity").fill("4");
    await editForm.getByRole("button", { name: "Update Product" }).click();
    await expect(page.getByText("Item updated successfully").first()).toBeVisible();
    await expect(edited).toBeVisible();
  });

  await test.step("delete after the question", async () => {
    await edited.getByRole("link", { name: "Delete Lobby Panel XL" }).click();
    await expect(page.getByText('Are you sure you want to delete "Lobby Panel XL"? This action cannot be undone.')).toBeVisible();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Item deleted successfully").first()).toBeVisible();
    await expect(page.getByText("No items found")).toBeVisible();
  });

  await test.step("on a phone the items are cards with a timer badge and nothing scrolls sideways", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, true, "/items");
    await expect(page.getByText(/Active Timer|Timer Off/).first()).toBeVisible();
    await expectNoSidewaysScroll(page);
  });
});

// Without JavaScript the filters need a button ('Filter', in <noscript>): what only a browser shows of the page, on a
// phone. The flows behind the forms are in tests/request/items-no-js.test.ts.
test("without JavaScript on a phone: 'Filter' applies the project filter; the items are cards that fit", { tag: "@no-js" }, async ({ page, js, signIn }) => {
  test.skip(js, "With JavaScript a change applies at once (the test above).");
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(DEMO.maria);
  await visit(page, false, "/items");
  await expect(page.getByText(/Active Timer|Timer Off/).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
  const project = page.getByLabel("Project", { exact: true });
  const value = await project.locator("option").nth(1).getAttribute("value");
  await project.selectOption(value!);
  await page.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(new RegExp(`project=${value}`));
  await expect(page.getByRole("link", { name: "Clear filters" }).first()).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("an edit saved after someone else renamed the item keeps their name: the dialog keeps what it opened with through a live reload", async ({
  page,
  baseURL,
  signIn,
}) => {
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string }[];
  const project = await page.request.post("/api/projects", {
    data: { name: `E2E Stale item ${Date.now()}`, description: "d", workflowId: workflows[0]!.id },
    headers: { origin },
  });
  const { id: projectId } = (await project.json()) as { id: number };
  const created = await page.request.post("/api/items", { data: { name: "Stale Panel", category: categories[0]!.name, projectId }, headers: { origin } });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await visit(page, true, `/items?project=${projectId}&dialog=edit&item=${id}`);
  const editForm = page.locator(`form#product-${id}`);
  await expect(editForm.getByLabel("Product name")).toHaveValue("Stale Panel");
  // Someone else renames it while the dialog is open; the list behind it reloads live (the change event and the
  // reload behind it take longer than 5 s on a busy machine).
  expect((await page.request.patch(`/api/items/${id}`, { data: { name: "Renamed Panel" }, headers: { origin } })).status()).toBe(200);
  await expect(page.locator("tr", { hasText: "Renamed Panel" })).toBeVisible({ timeout: 15_000 });
  await editForm.getByLabel("Quantity").fill("5");
  await editForm.getByRole("button", { name: "Update Product" }).click();
  await expect(page.getByText("Item updated successfully").first()).toBeVisible();
  const saved = (await (await page.request.get(`/api/items/${id}`)).json()) as { name: string; quantity: number };
  expect(saved).toMatchObject({ name: "Renamed Panel", quantity: 5 });
  await page.request.delete(`/api/projects/${projectId}`, { headers: { origin } });
});
