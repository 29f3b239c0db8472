// The customer status link (docs/decisions/0043-calendar-feeds-and-customer-links.md), with JavaScript: made on the
// project page (shown once, with Copy), opened by the customer on a 360 px phone (no sideways scroll, no text under
// 14 px, no serious axe violation), then revoked on the project page, after which the customer reads that the link
// is no longer valid. The status page is the same document with or without scripts; the no-JavaScript project page
// (a field to select, no Copy) is a request test that uses its forms (tests/request/customer-links-no-js.test.ts).
import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, expectNoTextBelow14px, visit } from "./helpers";

/** The customer's phone: no session of the shop's, 360 px wide. */
async function customerPhone(browser: Browser, baseURL: string, ip: string) {
  const context = await browser.newContext({
    baseURL,
    javaScriptEnabled: true,
    viewport: { width: 360, height: 740 },
    isMobile: true,
    hasTouch: true,
    extraHTTPHeaders: { "X-Forwarded-For": ip },
  });
  return { page: await context.newPage(), close: () => context.close() };
}

async function firstProject(page: Page): Promise<{ id: number; name: string }> {
  const res = await page.request.get("/api/projects");
  expect(res.status()).toBe(200);
  const body = (await res.json()) as { id: number; name: string }[] | { projects: { id: number; name: string }[] };
  const list = Array.isArray(body) ? body : body.projects;
  return list[0]!;
}

test("a customer link made on the project page opens the status page on a phone; revoked, it says the link is no longer valid", async ({
  page,
  signIn,
  browser,
  baseURL,
  clientIp,
}) => {
  await signIn(DEMO.admin);
  const project = await firstProject(page);
  await visit(page, true, `/projects/${project.id}`);
  const section = page.getByRole("region", { name: "Customer link" });
  await section.getByRole("button", { name: "Make customer link" }).click();
  const field = section.getByTestId("customer-link");
  await expect(field).toBeVisible();
  const link = await field.inputValue();
  expect(link).toMatch(/\/status\/[A-Za-z0-9_-]{43}$/);
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await section.getByRole("button", { name: "Copy" }).click();
  await expect(section.getByText("Copied.")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  const row = section.getByTestId("customer-link-row").first();
  await expect(row).toContainText("Last opened: Never");

  const phone = await customerPhone(browser, baseURL!, clientIp.replace(/\.\d+$/, ".250"));
  try {
    const res = await phone.page.goto(new URL(link).pathname);
    expect(res?.status()).toBe(200);
    expect(res?.headers()["x-robots-tag"]).toContain("noindex");
    await expect(phone.page.getByRole("heading", { level: 1, name: project.name })).toBeVisible();
    await expect(phone.page.getByRole("heading", { name: /Expected finish|Status/ })).toBeVisible();
    await expect(phone.page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    // Not the app: no header, no menu, no sign-in.
    await expect(phone.page.getByRole("link", { name: "Login" })).toHaveCount(0);
    await expectNoSidewaysScroll(phone.page);
    await expectNoTextBelow14px(phone.page, "the customer status page at 360 px");
    await expectNoSeriousA11yViolations(phone.page, "the customer status page at 360 px");

    await visit(page, true, `/projects/${project.id}`);
    await expect(row).not.toContainText("Last opened: Never");
    await row.getByRole("button", { name: /Revoke the customer link/ }).click();
    await expect(section.getByTestId("customer-link-row").first()).toContainText("Revoked");

    const gone = await phone.page.goto(new URL(link).pathname);
    expect(gone?.status()).toBe(404);
    await expect(phone.page.getByText("This status link is no longer valid. Ask the shop for a new one.")).toBeVisible();
    await expectNoSeriousA11yViolations(phone.page, "the customer status page's 404 at 360 px");
  } finally {
    await phone.close();
  }
});
