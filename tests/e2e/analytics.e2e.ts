// Flow analytics with JavaScript: a manager opens it from the side menu, reads the bottleneck, changes the range,
// downloads a table, and a phone shows it without sideways scrolling; a project manager's way in is the Projects
// page. Without JavaScript (the quick links and the From/To form as plain page loads, the way in, floor staff
// refused): tests/request/analytics-no-js.test.ts.
import { readFileSync } from "node:fs";
import { DEMO, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, expectNoTextBelow14px, signInByApi, visit } from "./helpers";

test("a manager finds where work waits, changes the range and downloads a table; a phone shows the page without sideways scrolling", async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, DEMO.admin.pin, baseURL!);
  await visit(page, true, "/projects");
  await page.getByRole("banner").getByLabel("Open menu").click();
  await page
    .getByRole("navigation", { name: "Main menu" })
    .getByRole("link", { name: /Flow analytics/ })
    .click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole("heading", { level: 1, name: "Flow analytics" })).toBeVisible();
  // The demo shop's last 30 days: work was timed, so the bottleneck line is there, in words.
  await expect(page.getByTestId("bottleneck")).toContainText(/Bottleneck: .+\. Items waited a median of|No bottleneck to name/);
  await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("table").first().getByRole("rowheader").first()).toBeVisible();

  await page.getByRole("link", { name: "Last 12 months" }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole("heading", { level: 2, name: "Items finished per week" })).toBeVisible();
  await expect(page.getByRole("img", { name: /Items finished per week: \d+ items in all/ })).toBeVisible();
  // Chart notes, axis labels, the Bottleneck tag and the timing line included.
  await expect(page.getByRole("rowheader").getByText("Bottleneck", { exact: true })).toBeVisible();
  await expectNoTextBelow14px(page, "flow analytics, last 12 months");

  // A range typed in the form; the wrong way round is explained, not an error page. The fields then show the
  // range the figures are for (the last 30 days), not the refused dates; the explanation names those. Twice: the
  // same refused range typed again is drawn afresh too.
  const last30 = new URL((await page.getByRole("link", { name: "Last 30 days" }).getAttribute("href"))!, baseURL).searchParams;
  for (let i = 0; i < 2; i++) {
    await page.getByLabel("From").fill("2026-11-10");
    await page.getByLabel("To").fill("2026-11-01");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("alert")).toContainText(
      "The start date must be on or before the end date. Nov 10, 2026 – Nov 1, 2026 was not applied: showing",
    );
    await expect(page.getByRole("link", { name: "Last 30 days" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByLabel("From")).toHaveValue(last30.get("from")!);
    await expect(page.getByLabel("To")).toHaveValue(last30.get("to")!);
  }
  await page.getByLabel("From").fill("2026-11-01");
  await page.getByLabel("To").fill("2026-11-10");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/from=2026-11-01&to=2026-11-10/);
  await expect(page.getByText("Nov 1, 2026 – Nov 10, 2026", { exact: false })).toBeVisible();

  // The departments table as CSV (a plain link: the same with JavaScript off).
  await page.getByRole("link", { name: "Last 90 days" }).click();
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Download CSV of the departments table" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^shopflow-departments-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, "utf8");
  expect(csv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe(
    "Department,Hands-on seconds,Sessions,Median session seconds,Hand-offs,Median wait seconds,Average wait seconds,Waiting now,Running now,Bottleneck",
  );

  await test.step("at 360 px: no sideways scrolling, no text under 14 px; axe finds nothing serious", async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    expect(await visit(page, true, "/analytics")).toBe(200);
    await expect(page.getByRole("heading", { level: 2, name: "Departments" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoTextBelow14px(page, "flow analytics at 360 px");
    await page.getByRole("link", { name: "Last 12 months" }).click();
    await expect(page.getByRole("heading", { level: 2, name: "Items finished per week" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoTextBelow14px(page, "flow analytics, last 12 months, at 360 px");
    // The tables scroll sideways inside the page: a keyboard reaches them.
    await expectNoSeriousA11yViolations(page, "flow analytics at 360 px");
  });
});

test("a project manager finds Flow analytics from the Projects page", async ({ page, signIn }) => {
  // Tom holds only the Project Management key: no side menu (management's), so the way in is Projects' header.
  await signIn(DEMO.tom);
  await visit(page, true, "/");
  await page.getByTestId("tile-project-management").click();
  await expect(page).toHaveURL(/\/projects$/);
  await expect(page.getByRole("banner").getByLabel("Open menu")).toHaveCount(0);
  const link = page.getByRole("main").getByRole("link", { name: "Flow analytics" });
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/analytics$/);
  await expect(page.getByRole("heading", { level: 1, name: "Flow analytics" })).toBeVisible();
  // Global Settings stays management's.
  await expect(page.getByRole("link", { name: /Global Settings/ })).toHaveCount(0);
});
