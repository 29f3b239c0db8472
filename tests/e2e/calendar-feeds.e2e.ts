// Global Settings → Calendar feeds and → Customer page (docs/decisions/0043-calendar-feeds-and-customer-links.md),
// with JavaScript: a feed made for a department shows its address once, the address serves an iCalendar that ical.js
// reads, the row shows when it was last fetched, and revoked it answers 410. The shop's name saved on the Customer
// page. Both pages pass axe. The same without JavaScript is a request test that uses the pages' forms
// (tests/request/calendar-feeds-no-js.test.ts).
import ICAL from "ical.js";
import { DEMO, expect, test, toast } from "./fixtures";
import { expectNoSeriousA11yViolations, visit } from "./helpers";

test("a department's calendar feed is made, fetched, shown as fetched and revoked; the shop's name for customer pages is saved", async ({ page, signIn }) => {
  await signIn(DEMO.admin);

  await test.step("Calendar feeds: made, fetched, shown as fetched, revoked", async () => {
    expect(await visit(page, true, "/settings/calendars")).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: "Calendar feeds" })).toBeVisible();
    const name = `Installers ${Date.now().toString(36)}, north; 🚐`;
    const form = page.getByRole("region", { name: "New calendar feed" });
    const options = await form.getByLabel("Whose dates").locator("optgroup[label=Departments] option").allTextContents();
    expect(options.length).toBeGreaterThan(0);
    await form.getByLabel("Whose dates").selectOption({ label: options.at(-1)! });
    await form.getByLabel("Name (optional)").fill(name);
    await form.getByRole("button", { name: "Make calendar feed" }).click();
    const field = page.getByTestId("calendar-link");
    await expect(field).toBeVisible();
    const link = await field.inputValue();
    expect(link).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    await expectNoSeriousA11yViolations(page, "Global Settings → Calendar feeds, a feed just made");

    const res = await page.request.get(new URL(link).pathname);
    expect(res.status()).toBe(200);
    expect(res.headers()["content-type"]).toBe("text/calendar; charset=utf-8");
    const calendar = new ICAL.Component(ICAL.parse(await res.text()));
    expect(calendar.name).toBe("vcalendar");

    // Reloaded, the address is not shown again; the row says it was fetched.
    await visit(page, true, "/settings/calendars");
    await expect(page.getByTestId("calendar-link")).toHaveCount(0);
    const row = page.getByTestId("calendar-feed-row").filter({ hasText: name });
    await expect(row).not.toContainText("Never");
    await row.getByRole("button", { name: `Revoke the calendar feed ${name}` }).click();
    await expect(toast(page, true, "Calendar feed revoked")).toBeVisible();
    await expect(page.getByTestId("calendar-feed-row").filter({ hasText: name })).toContainText("Revoked");
    expect((await page.request.get(new URL(link).pathname)).status()).toBe(410);
  });

  await test.step("Customer page: the shop's name is saved", async () => {
    expect(await visit(page, true, "/settings/customer-page")).toBe(200);
    const shopName = `Main Street Signs ${Date.now().toString(36)}`;
    await page.getByLabel("Name customers see (optional)").fill(shopName);
    await page.getByRole("button", { name: "Save name" }).click();
    await expect(toast(page, true, "Shop name saved")).toBeVisible();
    await expect(page.getByLabel("Name customers see (optional)")).toHaveValue(shopName);
    await expectNoSeriousA11yViolations(page, "Global Settings → Customer page");
  });
});
