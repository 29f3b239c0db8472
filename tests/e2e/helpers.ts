// Helpers for the design and accessibility tests (fixtures.ts holds the shared fixtures; it is not edited here).
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test, waitForHydration } from "./fixtures";

/**
 * Signs in by posting the PIN to the API from the page's own request context: the session cookie lands in the
 * browser context, so the next navigation is signed in. Much faster than the dialog, for tests about other things.
 */
export async function signInByApi(page: Page, pin: string) {
  const origin = new URL(test.info().project.use.baseURL!).origin;
  const res = await page.request.post("/api/auth/verify-pin", { data: { pinCode: pin }, headers: { origin } });
  expect(res.status(), `sign-in with ${pin}`).toBe(200);
  return (await res.json()) as { id: number; name: string };
}

/** Opens a page and, with JavaScript, waits until React has hydrated it. Returns the HTTP status. */
export async function visit(page: Page, js: boolean, path: string): Promise<number> {
  const response = await page.goto(path);
  if (js) await waitForHydration(page);
  return response?.status() ?? 0;
}

/** The page's document is no wider than the window: nothing scrolls sideways. */
export async function expectNoSidewaysScroll(page: Page) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(scrollWidth, `document ${scrollWidth}px wide in a ${innerWidth}px window`).toBeLessThanOrEqual(innerWidth);
}

/**
 * Runs axe-core on the page and fails on any serious or critical violation, listing each with its elements.
 * Legacy mode (one frame: the app has no iframes) and violations only keep a run to a few seconds on a slow box.
 */
export async function expectNoSeriousA11yViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ["violations"] }).analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  const report = serious.map(
    (v) => `${v.impact} ${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(1).join(" ")}`).join("\n")}`,
  );
  expect(report, `axe on ${label}`).toEqual([]);
}
