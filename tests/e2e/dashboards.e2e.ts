// Department Views, the Pre-Production Dashboard and the workflow overview. The designer's walk runs without
// JavaScript too (the dashboards' smoke walk: the search form, the sort links); the workflow overview without it is
// tests/request/dashboards-page.test.ts (the same page, the same styles).
import { DEMO, expect, test } from "./fixtures";
import { expectNoSidewaysScroll, visit } from "./helpers";

test("a Pre-Production designer lands on their dashboard, searches, filters, sorts and opens a project", { tag: "@no-js" }, async ({ page, js, signIn }) => {
  await signIn(DEMO.maria);
  await visit(page, js, "/department-views");
  await expect(page).toHaveURL(/\/pre-production$/);
  await expect(page.getByRole("heading", { level: 1, name: "Pre-Production Dashboard" })).toBeVisible();
  const rows = page.getByRole("region", { name: "Assigned projects" }).locator("tbody tr");
  const count = await rows.count();
  expect(count).toBeGreaterThan(0);
  const firstName = (await rows.first().getByRole("link").first().innerText()).trim();

  // Search by a word of the first project's name.
  const word = firstName.split(/\s+/)[0]!;
  await page.getByLabel("Search").fill(word);
  if (!js) await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(word)}`));
  await expect(page.getByRole("link", { name: firstName, exact: true })).toBeVisible();
  await page.getByLabel("Search").fill("no project is called this");
  if (!js) await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No projects match your search criteria")).toBeVisible();
  await page.getByRole("link", { name: "Clear search" }).click();
  await expect(rows).toHaveCount(count);

  // The name header: ascending, then descending, then back to none.
  await page.getByRole("link", { name: /^Project Name/ }).click();
  await expect(page.getByRole("columnheader", { name: /Project Name/ })).toHaveAttribute("aria-sort", "ascending");
  await page.getByRole("link", { name: /^Project Name/ }).click();
  await expect(page.getByRole("columnheader", { name: /Project Name/ })).toHaveAttribute("aria-sort", "descending");
  await page.getByRole("link", { name: /^Project Name/ }).click();
  await expect(page.getByRole("columnheader", { name: /Project Name/ })).toHaveAttribute("aria-sort", "none");

  await page.getByRole("link", { name: firstName, exact: true }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: firstName })).toBeVisible();
});

test("the workflow overview shows every workflow and the Standard card; phones do not scroll sideways", async ({ page, signIn }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(DEMO.james);
  await visit(page, true, "/workflows");
  await expect(page.getByRole("heading", { level: 1, name: "Project Workflows" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Standard Manufacturing Process" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Manage workflows in Settings" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await visit(page, true, "/department-views");
  await expect(page.getByRole("link", { name: /Project Management/ })).toHaveAttribute("href", "/projects");
  await expectNoSidewaysScroll(page);
});
