// Shared Playwright fixtures and helpers for the end-to-end tests.
//
// Every Playwright worker starts its own app server (`appServer`: port E2E_PORT + the worker's parallelIndex, base
// 3510, a fresh DATA_DIR with the demo data) and points `baseURL` at it, so workers never see each other's writes
// and the suite runs in parallel. Within a worker the tests run one after another against the same database: they
// name what they create uniquely and do not count on what other tests leave behind.
//
// `signIn(member)` signs the page in by posting the PIN to the API (the page's context shares the cookie); only
// the tests whose subject is the PIN UI type the PIN.
//
// Every test gets its own client address (X-Forwarded-For, honoured because the e2e server runs with
// TRUST_PROXY=1), so the wrong-PIN throttle (5 failures per address per 5 minutes) never carries over from one
// test to another. The header is set through the `extraHTTPHeaders` option, so it is sent by the page (navigations,
// form posts, fetch) and by `page.request` alike.
import { test as base, expect, type Locator, type Page, type Response } from "@playwright/test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startAppServer, type AppServer } from "./app-server";

export { expect };

let counter = 0;
// A per-process random second octet: two runs against a reused server would still not share addresses.
const runOctet = 1 + Math.floor(Math.random() * 250);

function nextClientIp(): string {
  counter += 1;
  return `10.${runOctet}.${Math.floor(counter / 250) % 250}.${1 + (counter % 250)}`;
}

export const DEMO = {
  admin: { name: "Administrator", pin: "1234" },
  maria: { name: "Maria Lopez", pin: "1111" },
  james: { name: "James Carter", pin: "2222" },
  tom: { name: "Tom Becker", pin: "4444" },
  priya: { name: "Priya Shah", pin: "7777" },
} as const;

/** A PIN that no demo team member has. */
export const WRONG_PIN = "9999";

/** Worker n's server listens on BASE_PORT + n. */
const BASE_PORT = Number(process.env.E2E_PORT ?? 3510);
if (!Number.isInteger(BASE_PORT) || BASE_PORT < 1 || BASE_PORT > 65000) {
  throw new Error(`E2E_PORT must be a port number (the first worker's), not ${JSON.stringify(process.env.E2E_PORT)}`);
}

export type Member = { name: string; pin: string };

type Fixtures = {
  /** The address the server sees for this test's requests. */
  clientIp: string;
  /** True in the "js" project, false in "no-js". */
  js: boolean;
  /** Signs the page's browser context in as `member` through POST /api/auth/verify-pin (no PIN UI). */
  signIn: (member: Member) => Promise<void>;
  /** Attaches the server's output during a failed test to its report. */
  appServerLog: void;
};

type WorkerFixtures = {
  /** This worker's own Shopflow server. */
  appServer: AppServer;
};

export const test = base.extend<Fixtures, WorkerFixtures>({
  appServer: [
    async ({}, use, workerInfo) => {
      // playwright.config.ts makes one folder per run (removed by teardown.ts even if a worker dies); each worker
      // server gets a fresh folder inside it.
      const parent = process.env.SHOPFLOW_E2E_DATA_DIR ?? tmpdir();
      const dataDir = mkdtempSync(path.join(parent, `worker-${workerInfo.parallelIndex}-`));
      let server: AppServer | undefined;
      try {
        server = await startAppServer({ port: BASE_PORT + workerInfo.parallelIndex, dataDir });
        await use(server);
      } finally {
        await server?.stop();
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
    { scope: "worker", timeout: 60_000 },
  ],
  baseURL: async ({ appServer }, use) => {
    await use(appServer.url);
  },
  appServerLog: [
    async ({ appServer }, use, testInfo) => {
      const from = appServer.logSize();
      await use();
      if (testInfo.status !== testInfo.expectedStatus) {
        const body = appServer.logSince(from);
        if (body) await testInfo.attach("app-server-log", { body, contentType: "text/plain" });
      }
    },
    { auto: true },
  ],
  signIn: async ({ page, baseURL }, use) => {
    await use(async (member) => {
      const response = await page.request.post("/api/auth/verify-pin", {
        data: { pinCode: member.pin },
        // A same-origin write, as the browser would send it (the server refuses cross-site writes).
        headers: { Origin: new URL(baseURL!).origin, "Content-Type": "application/json" },
      });
      expect(response.status(), `sign in as ${member.name}: ${await response.text()}`).toBe(200);
      expect((await response.json()).name, "the signed-in member").toBe(member.name);
    });
  },
  clientIp: async ({}, use) => {
    await use(nextClientIp());
  },
  extraHTTPHeaders: async ({ extraHTTPHeaders, clientIp }, use) => {
    await use({ ...extraHTTPHeaders, "X-Forwarded-For": clientIp });
  },
  js: async ({ javaScriptEnabled }, use) => {
    await use(javaScriptEnabled !== false);
  },
});

/**
 * Waits until React has hydrated the document (JavaScript on): before that, the Login link and the tiles still
 * behave as their no-JavaScript fallbacks (a link to /login, a form post).
 */
export async function waitForHydration(page: Page) {
  // The root layout marks <html data-hydrated> once React has hydrated the page (app/hooks/use-hydrated.ts).
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
  // useHydrated() flips to true in the re-render right after the hydration commit; let that run.
  await page.evaluate(() => new Promise((r) => setTimeout(r, 0)));
}

/** Home, ready for interaction. */
export async function gotoHome(page: Page, js: boolean) {
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Manufacturing Flow" })).toBeVisible();
  if (js) await waitForHydration(page);
}

export function headerLogin(page: Page): Locator {
  return page.getByRole("banner").getByRole("link", { name: "Login", exact: true });
}

export function signedInName(page: Page): Locator {
  return page.getByTestId("signed-in-name");
}

export function logoutButton(page: Page): Locator {
  return page.getByRole("banner").getByRole("button", { name: "Logout" });
}

/** The PIN dialog (JavaScript on) or the /login page's card (JavaScript off). */
export function pinSurface(page: Page, js: boolean): Locator {
  return js ? page.getByTestId("pin-dialog") : page.getByRole("main");
}

export function pinDigit(page: Page, n: 1 | 2 | 3 | 4): Locator {
  return page.getByTestId("pin-dialog").getByLabel(`PIN digit ${n}`, { exact: true });
}

export function pinDigits(page: Page): Locator[] {
  return ([1, 2, 3, 4] as const).map((n) => pinDigit(page, n));
}

/** The single PIN field of the no-JavaScript /login page. */
export function pinField(page: Page): Locator {
  return page.locator('input[name="pinCode"]');
}

export function pinError(page: Page, js: boolean): Locator {
  return pinSurface(page, js).getByRole("alert");
}

export function continueButton(page: Page, js: boolean): Locator {
  return pinSurface(page, js).getByRole("button", { name: /^(Continue|Verifying\.\.\.)$/ });
}

/** Opens the sign-in UI from the header: the 'Global Login' dialog, or the /login page without JavaScript. */
export async function openHeaderLogin(page: Page, js: boolean) {
  await headerLogin(page).click();
  if (js) {
    await expect(page.getByRole("dialog", { name: "Global Login" })).toBeVisible();
    await expect(pinDigit(page, 1)).toBeFocused();
  } else {
    await expect(page).toHaveURL(/\/login\?redirectTo=%2F$/);
    await expect(page.getByRole("heading", { name: "Global Login" })).toBeVisible();
  }
}

function isPinResponse(js: boolean) {
  return (r: Response) => {
    const u = new URL(r.url());
    return r.request().method() === "POST" && (js ? u.pathname === "/api/auth/verify-pin" : u.pathname === "/login");
  };
}

/**
 * Enters a PIN in the open sign-in UI and waits for the server's answer. JavaScript on: types the digits into the
 * four boxes (the 4th auto-submits). JavaScript off: fills the one field and presses Continue.
 */
export async function enterPin(page: Page, js: boolean, pin: string): Promise<Response> {
  const answered = page.waitForResponse(isPinResponse(js));
  if (js) {
    await expect(pinDigit(page, 1)).toBeFocused();
    await page.keyboard.type(pin);
  } else {
    await pinField(page).fill(pin);
    await continueButton(page, js).click();
  }
  const response = await answered;
  if (!js) await page.waitForLoadState();
  return response;
}

/** Signs in through the header Login (dialog or /login page) and waits for the header to show the name. */
export async function signInFromHeader(page: Page, js: boolean, member: Member) {
  await gotoHome(page, js);
  await openHeaderLogin(page, js);
  await enterPin(page, js, member.pin);
  await expect(signedInName(page)).toHaveText(member.name);
  if (js) await expect(page.getByTestId("pin-dialog")).toBeHidden();
  await expect(page).toHaveURL(/\/$/);
}

/**
 * The toast showing `title`. JavaScript on: a Radix toast, a list item of the 'Notifications (F8)' region (Radix
 * puts role=status only on a hidden screen-reader copy that it removes after a second). JavaScript off: the flash
 * toast rendered as a static role=status element.
 */
export function toast(page: Page, js: boolean, title: string): Locator {
  return js
    ? page
        .getByRole("region", { name: /Notifications/ })
        .getByRole("listitem")
        .filter({ hasText: title })
    : page.getByRole("status").filter({ hasText: title });
}
