// The schedule with JavaScript (decision 0040): a project manager opens it from the side menu, reads the overloaded
// days and the projects at risk with why, downloads the booked hours, and a phone shows it as cards without sideways
// scrolling. Without JavaScript the page is the same server-drawn document: tests/request/schedule-no-js.test.ts
// opens it through the side menu and its links, and shows floor staff are offered no link and refused.
import { readFileSync } from "node:fs";
import { DEMO, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, signInByApi, visit } from "./helpers";

test("a manager reads the booked days and the projects at risk, downloads the booked hours; a phone shows each department as a card", async ({
  page,
  baseURL,
}) => {
  await signInByApi(page, DEMO.admin.pin, baseURL!);

  await test.step("from the side menu: the overloaded days, the projects at risk, fifteen working days", async () => {
    await visit(page, true, "/projects");
    await page.getByRole("banner").getByLabel("Open menu").click();
    await page
      .getByRole("navigation", { name: "Main menu" })
      .getByRole("link", { name: /Schedule/ })
      .click();
    await expect(page).toHaveURL(/\/schedule$/);
    await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Overloaded days" })).toBeVisible();
    await expect(page.getByTestId("overloads")).toContainText(/is booked \d+% on |No department is booked past its capacity/);
    await expect(page.getByRole("heading", { level: 2, name: /Projects at risk \(\d+\)/ })).toBeVisible();
    // The demo shop has its six process departments: one row each, fifteen working days.
    await expect(page.getByTestId("load-row").first()).toBeVisible();
    expect(await page.getByTestId("load-table").locator("thead th").count()).toBe(2 + 15 + 2);
  });

  await test.step("the booked hours download as CSV", async () => {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV of the hours booked per department and day" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^shopflow-schedule-load-\d{4}-\d{2}-\d{2}\.csv$/);
    const csv = readFileSync((await download.path())!, "utf8");
    expect(csv.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("Department,Date,Booked hours,Capacity hours,Percent,Overloaded,Already late,No due date");
  });

  await test.step("axe finds nothing serious on the page as loaded", async () => {
    expect(await visit(page, true, "/schedule")).toBe(200);
    await expect(page.getByTestId("load-row").first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, "schedule");
  });

  await test.step("at 360 px each department is a card, with no sideways scrolling", async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(page.getByTestId("load-row").first()).toBeVisible();
    await expectNoSidewaysScroll(page);
    // A card: the department's name, then 'Mon Nov 30: 12% 1 h of 8 h' lines.
    await expect(page.getByTestId("load-row").first().locator("td").nth(1)).toHaveAttribute("data-label", /^[A-Z][a-z]{2} [A-Z][a-z]{2} \d+$/);
  });
});
