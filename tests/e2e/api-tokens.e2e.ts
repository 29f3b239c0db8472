// Global Settings → API tokens (decision 0041), with JavaScript: management makes a token for a program,
// copies it with one tap from the one answer that shows it, the program uses it on /api, and management revokes
// it; on a phone the page fits the screen with room to tap. Without JavaScript the same is a request test that
// uses the page's forms (tests/request/api-tokens-no-js.test.ts): the markup and its layout are the same.
import { DEMO, expect, test, toast } from "./fixtures";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, visit } from "./helpers";

const unique = (prefix: string) => `${prefix} ${Date.now().toString(36)}-${test.info().project.name}`;

test("make a token, copy it once, see its last use, revoke it; on a phone the page fits, with room to tap", async ({ page, signIn, playwright, baseURL }) => {
  await signIn(DEMO.admin);
  await visit(page, true, "/settings");
  await page.getByRole("link", { name: "API tokens" }).click();
  await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  // No scope chosen: refused with the reason, nothing made.
  const name = unique("Quoting");
  await page.getByLabel("Token name (the program that uses it)").fill(name);
  await page.getByRole("button", { name: "Make API token" }).click();
  await expect(page.getByText("Choose at least one scope")).toBeVisible();

  await page.getByLabel("Token name (the program that uses it)").fill(name);
  await page.getByRole("checkbox", { name: /^read / }).check();
  await page.getByRole("checkbox", { name: /^projects:write / }).check();
  await page.getByRole("button", { name: "Make API token" }).click();
  await expect(page.getByText(`API token for ${name} made. Copy it now: it is not shown again.`)).toBeVisible();
  const token = await page.getByLabel(/^Token \(send it as/).inputValue();
  expect(token).toMatch(/^sfk_[A-Za-z0-9_-]{43}$/);
  // One tap copies it (a phone's field is too narrow to select by hand).
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy" }).click();
  await expect(page.getByRole("button", { name: "Copied" })).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token);

  // A program (no cookie, no browser) uses it.
  const program = await playwright.request.newContext({ baseURL });
  const used = await program.get("/api/projects?limit=1", { headers: { Authorization: `Bearer ${token}` } });
  expect(used.status()).toBe(200);

  // Shown once: a fresh look at the page lists the token without it, with its scopes and last use.
  await visit(page, true, "/settings/api-tokens");
  await expect(page.getByText(token)).toHaveCount(0);
  expect(await page.content()).not.toContain(token);
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("read, projects:write");
  await expect(row).toContainText(`by ${DEMO.admin.name}`);
  await expect(row.getByText("Never")).toHaveCount(0);

  await row.getByRole("button", { name: `Revoke the API token ${name}` }).click();
  await expect(toast(page, true, "API token revoked")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: name })).toContainText("Revoked");
  const refused = await program.get("/api/projects?limit=1", { headers: { Authorization: `Bearer ${token}` } });
  expect(refused.status()).toBe(401);
  await program.dispose();

  await test.step("on a phone: the form and the list fit the screen, with room to tap", async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await visit(page, true, "/settings/api-tokens");
    await expect(page.getByRole("heading", { name: "API tokens", level: 1 })).toBeVisible();
    await expectNoSidewaysScroll(page);
    for (const box of await page.getByRole("checkbox").evaluateAll((els) => els.map((e) => e.closest("label")!.getBoundingClientRect().height))) {
      expect(box).toBeGreaterThanOrEqual(44);
    }
    const make = await page.getByRole("button", { name: "Make API token" }).boundingBox();
    expect(make!.height).toBeGreaterThanOrEqual(44);
    await expectNoSeriousA11yViolations(page, "API tokens on a phone");
  });
});
