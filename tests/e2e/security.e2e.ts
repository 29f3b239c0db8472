// The Content-Security-Policy holds on every page (no violation report), the label print window included; a
// session that ends while a form is open asks for the PIN and saves what was typed; a floor PC whose clock is wrong
// still shows the right running time. All three need JavaScript. Without it a page is just the document the server
// sends, the same one a browser with JavaScript reads: tests/request/security.test.ts reads it, for every page the
// walk below visits, for anything that would run script outside the policy; and a session that ends sends the person
// through sign-in back to the form (tests/request/concurrent-edits.test.ts).
import type { Page } from "@playwright/test";
import { DEMO, expect, test, waitForHydration } from "./fixtures";

/** Collects CSP violations of the page and of any window it opens. */
async function watchCsp(page: Page) {
  const violations: string[] = [];
  const record = `document.addEventListener("securitypolicyviolation", (e) => {
    (window.__csp ||= []).push(e.violatedDirective + " " + e.blockedURI);
  });`;
  await page.context().addInitScript(record);
  page.context().on("console", (msg) => {
    if (/Content Security Policy|Refused to (execute|load|apply)/i.test(msg.text())) violations.push(msg.text());
  });
  const collect = async (p: Page) => {
    const inPage = await p.evaluate(() => (window as unknown as { __csp?: string[] }).__csp ?? []).catch(() => []);
    return [...violations, ...inPage];
  };
  return collect;
}

/**
 * Goes to `path` inside the open page as its links do: React Router's client navigation, so the page's scripts,
 * loaders and rendering run for the new screen without a new document (and its cold start) each time.
 */
async function navigateInPage(page: Page, path: string) {
  await page.evaluate(async (to) => {
    const router = (window as unknown as { __reactRouterDataRouter?: { navigate: (to: string) => Promise<void> } }).__reactRouterDataRouter;
    if (!router) throw new Error("no React Router on the page (not hydrated?)");
    await router.navigate(to);
    // One frame, so the new screen's effects have run.
    await new Promise(requestAnimationFrame);
  }, path);
  await expect.poll(() => new URL(page.url()).pathname + new URL(page.url()).search, { message: `at ${path}` }).toBe(path);
}

// The demo shop's first item: product details pages exist for every item id from 1.
const ITEM_ID = 1;

test("Content-Security-Policy: no page reports a violation, signed out and signed in as management, the QR label's print window included", async ({
  page,
  signIn,
}) => {
  // Twenty screens and a print window in one page: on a busy machine this comes near the 60 s a test gets.
  test.slow();
  const violations = await watchCsp(page);
  // Marks the moment the label window is printed: the policy is read once the print has run, not after a guess.
  await page.addInitScript(() => {
    const open = window.open.bind(window);
    window.open = (...args: Parameters<typeof window.open>) => {
      const w = open(...args);
      if (w) {
        const print = w.print.bind(w);
        w.print = () => {
          (window as unknown as { __labelPrinted?: boolean }).__labelPrinted = true;
          print();
        };
      }
      return w;
    };
  });
  /** A new document: the server's page, its scripts and hydration. */
  const load = async (path: string) => {
    await page.goto(path);
    await waitForHydration(page);
    expect(await violations(page), path).toEqual([]);
  };
  /** Another screen of the same document. */
  const visit = async (path: string) => {
    await navigateInPage(page, path);
    expect(await violations(page), path).toEqual([]);
  };

  await test.step("signed out: Home, /login, a 404 and Global Settings (Access Denied)", async () => {
    await load("/");
    for (const path of ["/login", "/no-such-page", "/settings"]) await visit(path);
  });

  await test.step("signed in as management: Home, then every kind of screen and dialog", async () => {
    await signIn(DEMO.admin);
    await load("/");
    for (const path of [
      "/settings?tab=products",
      "/settings?tab=products&new=1",
      "/settings?tab=departments",
      "/settings?tab=workflows&new=1",
      "/settings?tab=materials",
      "/settings?tab=team&new=1",
      `/products/${ITEM_ID}`,
      `/products/${ITEM_ID}?qr=1`,
      "/projects",
      "/projects?dialog=new-project",
      "/projects/1",
      "/projects/1?dialog=design",
      "/projects/1?edit-step=1",
      "/workflows",
      "/department-views",
      "/pre-production",
      "/no-such-page",
    ]) {
      await visit(path);
      if (path.endsWith("?qr=1")) {
        await test.step("the QR label window prints without breaking the policy", async () => {
          const popupPromise = page.waitForEvent("popup");
          await page.getByRole("button", { name: "Print" }).click();
          const popup = await popupPromise;
          await popup.waitForLoadState();
          await expect(popup.locator(".label img")).toBeVisible();
          await expect.poll(() => page.evaluate(() => (window as unknown as { __labelPrinted?: boolean }).__labelPrinted ?? false)).toBe(true);
          expect(await violations(page)).toEqual([]);
          expect(await violations(popup)).toEqual([]);
          await popup.close();
        });
      }
    }
  });

  await test.step("nothing reported late, once every screen has settled", async () => {
    await expect(page.locator("main")).toBeVisible();
    expect(await violations(page)).toEqual([]);
  });
});

test.describe("a session that ends while a form is open", () => {
  test("JavaScript on: the PIN dialog opens, and after sign-in the typed change is saved", async ({ page, context, signIn }) => {
    await signIn(DEMO.admin);
    const name = `Reauth ${Date.now().toString(36)}`;
    await page.goto("/settings?tab=materials&new=1");
    await waitForHydration(page);
    const dialog = page.getByRole("dialog", { name: "Add Material" });
    await dialog.getByLabel("Name").fill(name);
    await dialog.getByLabel("Category").fill("Film");
    // The session ends (idle time, or another tab logged out) while the form is open.
    await context.clearCookies({ name: "shopflow_session" });
    await dialog.getByRole("button", { name: "Create Material" }).click();
    const pin = page.getByRole("dialog", { name: "Global Login" });
    await expect(pin).toBeVisible();
    // The header no longer claims anybody is signed in (read with CSS: the open dialog hides the page from the
    // accessibility tree).
    await expect(page.locator("header").getByText("Login", { exact: true })).toBeVisible();
    await expect(page.locator("header").getByText(DEMO.admin.name)).toHaveCount(0);
    // Typed once the dialog has put the cursor in its first box, as a person types what they see.
    await expect(pin.getByRole("textbox", { name: "PIN digit 1" })).toBeFocused();
    await page.keyboard.type(DEMO.admin.pin);
    await expect(page.getByText(name, { exact: true })).toBeVisible();
    await expect(page.getByTestId("signed-in-name")).toHaveText(DEMO.admin.name);
  });
});

test.describe("live timers on a floor PC with a wrong clock", () => {
  test("the running time follows the server's clock, not the browser's", async ({ page, signIn }) => {
    await signIn(DEMO.admin);
    const seconds = (hms: string) =>
      hms
        .split(":")
        .map(Number)
        .reduce((a, n) => a * 60 + n, 0);
    // An item whose timer runs (the demo shop has a few), and the time the server rendered for it.
    let id = 0;
    let serverSeconds = 0;
    let renderedAt = 0;
    for (let i = 1; i <= 300 && !id; i++) {
      const res = await page.request.get(`/products/${i}`);
      const html = await res.text();
      if (res.status() !== 200 || !html.includes(">Active<")) continue;
      id = i;
      renderedAt = Date.now();
      serverSeconds = seconds(/font-mono[^>]*>(\d+:\d\d:\d\d)</.exec(html)![1]!);
    }
    expect(id).toBeGreaterThan(0);
    // This browser's clock is three hours ahead of the server's.
    await page.clock.install({ time: Date.now() + 3 * 3600_000 });
    await page.goto(`/products/${id}`);
    await waitForHydration(page);
    await page.clock.runFor(2000);
    const shown = seconds((await page.locator(".font-mono").first().textContent())!);
    // The timer has run on since the server drew it: by the real time that has passed (however long this machine
    // took) and the 2 s run above, give or take a few seconds of rounding. Three hours off is the failure.
    const since = Math.ceil((Date.now() - renderedAt) / 1000) + 2;
    expect(shown).toBeGreaterThanOrEqual(serverSeconds - 5);
    expect(shown).toBeLessThanOrEqual(serverSeconds + since + 5);
  });
});
