// Sign-in, PIN dialog, tiles, logout and the app shell (docs/product.md §2, §4, §5, §8). With JavaScript the PIN
// dialog is a Radix dialog with four one-digit boxes: the scenarios below walk it in one page each. Without JavaScript
// the same screen is the /login page with one field: what only a browser shows of it (the cursor in the field, the
// field's own checks) is the @no-js test at the end; every other no-JavaScript sign-in flow (wrong PINs, the lockout,
// tiles, redirects, logout, what each member sees) is tests/request/sign-in-no-js.test.ts. Each test runs from its own
// client address (see fixtures.ts).
import type { Page } from "@playwright/test";
import {
  continueButton,
  DEMO,
  enterPin,
  expect,
  gotoHome,
  headerLogin,
  logoutButton,
  openHeaderLogin,
  pinDigit,
  pinDigits,
  pinError,
  pinField,
  pinSurface,
  signedInName,
  test,
  toast,
  waitForHydration,
  WRONG_PIN,
} from "./fixtures";

/** docs/product.md §9: the first PIN box is focused 100 ms after the dialog opens. */
const FOCUS_DELAY_MS = 100;

type DelayedFocus = { delay: number; before: string; after: string } | { delay: number; cleared: true };

/**
 * Clicks the header's Login inside the page and reports what each delayed callback the opening dialog set up did: its
 * delay, and where the cursor was just before and just after it ran. Read from the timers themselves, so it is the
 * same on a fast or a slow machine. With `thirdBoxFirst` the cursor is put into the third box the moment the boxes
 * exist (before any timer can run), as a quick typist or a keyboard-wedge scanner does.
 */
async function openLoginWatchingDelayedFocus(page: Page, thirdBoxFirst: boolean) {
  return page.evaluate(async (third) => {
    const where = () => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName ?? "";
    const box = (n: number) => document.querySelector<HTMLInputElement>(`[data-testid="pin-dialog"] [aria-label="PIN digit ${n}"]`);
    const realSetTimeout = window.setTimeout;
    const realClearTimeout = window.clearTimeout;
    const pending = new Map<number, (r: DelayedFocus) => void>();
    const timers: Promise<DelayedFocus>[] = [];
    window.setTimeout = ((handler: TimerHandler, delay = 0, ...args: unknown[]) => {
      if (typeof handler !== "function" || delay <= 0) return realSetTimeout(handler, delay, ...args);
      let id = 0;
      timers.push(
        new Promise<DelayedFocus>((resolve) => {
          id = realSetTimeout(() => {
            pending.delete(id);
            const before = where();
            handler(...args);
            resolve({ delay, before, after: where() });
          }, delay);
          pending.set(id, resolve);
        }),
      );
      return id;
    }) as typeof window.setTimeout;
    window.clearTimeout = ((id?: number) => {
      if (id !== undefined) pending.get(id)?.({ delay: -1, cleared: true });
      pending.delete(id ?? -1);
      realClearTimeout(id);
    }) as typeof window.clearTimeout;
    try {
      // A mutation observer's callback runs before any timer: the boxes are seen the moment they are drawn.
      await new Promise<void>((resolve) => {
        const ready = () => {
          if (!box(3)) return false;
          if (third) box(3)!.focus();
          resolve();
          return true;
        };
        const observer = new MutationObserver(() => ready() && observer.disconnect());
        observer.observe(document.body, { childList: true, subtree: true });
        document.querySelector<HTMLElement>('header a[href^="/login"]')!.click();
        if (ready()) observer.disconnect();
      });
    } finally {
      window.setTimeout = realSetTimeout;
      window.clearTimeout = realClearTimeout;
    }
    return { timers: await Promise.all(timers), focusedAfterAll: where() };
  }, thirdBoxFirst);
}

/** Fires a paste of `text` on the first PIN box, as the clipboard does. */
const paste = (page: Page, text: string) =>
  pinDigit(page, 1).evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData("text/plain", value);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, text);

const verifyPinPath = (url: string) => new URL(url).pathname === "/api/auth/verify-pin";

test("the header's PIN dialog: the delayed focus, Cancel, typing, Backspace, paste, a wrong PIN and the busy state; the session survives a reload, a tile opens at once, Logout ends it", async ({
  page,
}) => {
  // A dozen steps in one page: on a busy machine this comes near the 60 s a test gets.
  test.slow();
  const dialog = page.getByRole("dialog", { name: "Global Login" });
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
  });

  await test.step("signed out, Home offers Login", async () => {
    await gotoHome(page, true);
    await expect(headerLogin(page)).toBeVisible();
    await expect(signedInName(page)).toHaveCount(0);
  });

  await test.step("Login opens 'Global Login'; the first box takes the cursor when the dialog's 100 ms delay comes due", async () => {
    const { timers } = await openLoginWatchingDelayedFocus(page, false);
    const focusing = timers.filter((t) => "after" in t && t.after === "PIN digit 1" && t.before !== "PIN digit 1");
    expect(focusing.map((t) => t.delay)).toEqual([FOCUS_DELAY_MS]);
    await expect(dialog).toBeVisible();
    await expect(pinDigit(page, 1)).toBeFocused();
    await expect(pinSurface(page, true).getByText("Enter your 4-digit PIN to continue")).toBeVisible();
    await expect(pinSurface(page, true).getByRole("button", { name: "Cancel" })).toBeVisible();
    for (const box of pinDigits(page)) {
      await expect(box).toHaveAttribute("type", "password");
      await expect(box).toHaveAttribute("maxlength", "1");
    }
  });

  await test.step("Cancel closes the dialog without signing in", async () => {
    await pinSurface(page, true).getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(headerLogin(page)).toBeVisible();
    await expect(signedInName(page)).toHaveCount(0);
  });

  await test.step("a box the user already put the cursor in keeps it when the delayed focus comes due, and takes the digits", async () => {
    // A keyboard-wedge or quick typist hit this: the cursor jumped back to the first box mid-PIN, and the digits after
    // it were lost.
    const { timers, focusedAfterAll } = await openLoginWatchingDelayedFocus(page, true);
    expect(timers.map((t) => t.delay)).toContain(FOCUS_DELAY_MS);
    expect(focusedAfterAll).toBe("PIN digit 3");
    await page.keyboard.type("11");
    await expect(pinDigit(page, 3)).toHaveValue("1");
    await expect(pinDigit(page, 4)).toHaveValue("1");
    await pinSurface(page, true).getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  await test.step("opened again the boxes are empty; a non-digit is ignored", async () => {
    await openHeaderLogin(page, true);
    for (const box of pinDigits(page)) await expect(box).toHaveValue("");
    await page.keyboard.type("a");
    await expect(pinDigit(page, 1)).toHaveValue("");
    await expect(pinDigit(page, 1)).toBeFocused();
    await page.keyboard.type("-");
    await page.keyboard.type("7");
    await expect(pinDigit(page, 1)).toHaveValue("7");
    await expect(pinDigit(page, 2)).toBeFocused();
    await page.keyboard.type("x");
    await expect(pinDigit(page, 2)).toHaveValue("");
    await expect(pinDigit(page, 2)).toBeFocused();
  });

  await test.step("Backspace on an empty box moves back; on a filled one it clears it", async () => {
    await page.keyboard.type("2");
    await expect(pinDigit(page, 3)).toBeFocused();
    await page.keyboard.press("Backspace"); // box 3 is empty: back to box 2, which keeps its digit
    await expect(pinDigit(page, 2)).toBeFocused();
    await expect(pinDigit(page, 2)).toHaveValue("2");
    await page.keyboard.press("Backspace"); // box 2 has a digit: cleared, focus stays
    await expect(pinDigit(page, 2)).toHaveValue("");
    await expect(pinDigit(page, 2)).toBeFocused();
    await page.keyboard.press("Backspace"); // now empty: back to box 1
    await expect(pinDigit(page, 1)).toBeFocused();
    await expect(pinDigit(page, 1)).toHaveValue("7");
    await page.keyboard.press("Backspace"); // box 1 has a digit: cleared
    await expect(pinDigit(page, 1)).toHaveValue("");
    await page.keyboard.press("Backspace"); // box 1 is the first: focus stays
    await expect(pinDigit(page, 1)).toBeFocused();
  });

  await test.step("a paste of anything but exactly four digits does nothing", async () => {
    await paste(page, "ab12");
    await expect(dialog).toBeVisible();
    for (const box of pinDigits(page)) await expect(box).toHaveValue("");
    await expect(pinError(page, true)).toHaveText("");
    await paste(page, "12345");
    for (const box of pinDigits(page)) await expect(box).toHaveValue("");
    expect(posts).toEqual([]);
  });

  await test.step("Continue stays disabled until the 4th digit, which sends at once: 'Verifying...' and nothing can change meanwhile", async () => {
    const button = continueButton(page, true);
    // Hold the verification so the busy state can be seen: set up before the first digit (nothing is sent until the
    // fourth), and the busy state is read only once the request is known to be held.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    let arrived!: () => void;
    const holding = new Promise<void>((r) => (arrived = r));
    await page.route("**/api/auth/verify-pin", async (route) => {
      arrived();
      await held;
      await route.continue();
    });
    await expect(button).toHaveText("Continue");
    await expect(button).toBeDisabled();
    for (const d of "999") {
      await page.keyboard.type(d);
      await expect(button).toBeDisabled();
    }
    await page.keyboard.type(WRONG_PIN.slice(3)); // auto-submits
    await holding;
    await expect(button).toHaveText("Verifying...");
    await expect(button).toBeDisabled();
    for (const box of pinDigits(page)) await expect(box).toHaveAttribute("readonly", "");
    await expect(pinSurface(page, true).getByRole("button", { name: "Cancel" })).toBeDisabled();
    const answered = page.waitForResponse((r) => verifyPinPath(r.url()));
    release();
    expect((await answered).status()).toBe(401);
    await page.unroute("**/api/auth/verify-pin");
  });

  await test.step("the wrong PIN: 'Invalid PIN code', the boxes cleared and the first focused", async () => {
    await expect(pinError(page, true)).toHaveText("Invalid PIN code");
    await expect(dialog).toBeVisible();
    for (const box of pinDigits(page)) await expect(box).toHaveValue("");
    await expect(pinDigit(page, 1)).toBeFocused();
    await expect(continueButton(page, true)).toHaveText("Continue");
    await expect(continueButton(page, true)).toBeDisabled();
    await expect(signedInName(page)).toHaveCount(0);
  });

  await test.step("pasting exactly four digits signs in", async () => {
    const answered = page.waitForResponse((r) => verifyPinPath(r.url()));
    await paste(page, DEMO.admin.pin);
    expect((await answered).status()).toBe(200);
    expect(posts).toEqual(["/api/auth/verify-pin", "/api/auth/verify-pin"]);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(signedInName(page)).toHaveText(DEMO.admin.name);
    await expect(page).toHaveURL(/\/$/);
    await expect(headerLogin(page)).toHaveCount(0);
    await expect(logoutButton(page)).toBeVisible();
  });

  await test.step("a reload keeps the session; the Administrator has every tile and the Global Settings button", async () => {
    await page.reload();
    await expect(signedInName(page)).toHaveText(DEMO.admin.name);
    await expect(headerLogin(page)).toHaveCount(0);
    for (const key of ["pre-production", "production", "project-management"]) {
      await expect(page.getByTestId(`tile-${key}`)).toBeVisible();
    }
    await expect(page.getByRole("main").getByRole("link", { name: "Global Settings" })).toBeVisible();
    await waitForHydration(page);
  });

  await test.step("signed in as management, a tile goes straight to its route with the override toast", async () => {
    await page.getByTestId("tile-production").click();
    await expect(page).toHaveURL(/\/production$/);
    await expect(page.getByRole("dialog")).toHaveCount(0); // no PIN asked
    await expect(signedInName(page)).toHaveText(DEMO.admin.name);
    await expect(page.getByRole("heading", { level: 1, name: "Production Floor" })).toBeVisible();
    const granted = toast(page, true, "Access Granted");
    await expect(granted).toBeVisible();
    await expect(granted).toContainText("Accessing Production Floor (Management Override).");
  });

  await test.step("Logout returns to /, shows Login again and ends the API session", async () => {
    expect((await page.request.get("/api/team-members")).status()).toBe(200);
    await logoutButton(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(headerLogin(page)).toBeVisible();
    await expect(signedInName(page)).toHaveCount(0);
    await expect(logoutButton(page)).toHaveCount(0);
    expect((await page.request.get("/api/team-members")).status()).toBe(401);
    await page.reload();
    await expect(headerLogin(page)).toBeVisible();
    await expect(signedInName(page)).toHaveCount(0);
  });
});

test("the tiles and what each member sees: a 404 in the shell, signed out, Maria from her tile, Tom, James and Priya", async ({ page, signIn }) => {
  // Five members' Homes in one page: on a busy machine this comes near the 60 s a test gets.
  test.slow();
  await test.step("an unknown path shows '404 Page Not Found' in the app's shell; Go to Home", async () => {
    const response = await page.goto("/no-such-page/here");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("There is no page at this address.")).toBeVisible();
    await expect(headerLogin(page)).toBeVisible();
    await waitForHydration(page);
    await page.getByRole("link", { name: "Go to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { name: "Manufacturing Flow" })).toBeVisible();
  });

  await test.step("signed out, every tile is offered and nobody's menu is shown", async () => {
    for (const key of ["pre-production", "production", "project-management"]) {
      await expect(page.getByTestId(`tile-${key}`)).toBeVisible();
    }
    await expect(page.getByLabel("Open menu")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Global Settings" })).toHaveCount(0);
    await expect(page.getByText("Select a department and enter your PIN to access workflows")).toBeVisible();
  });

  await test.step("Maria's PIN on the Pre-Production tile lands on /pre-production with 'Access Granted'", async () => {
    await page.getByTestId("tile-pre-production").click();
    await expect(page.getByRole("dialog", { name: "Access Pre-Production" })).toBeVisible();
    await expect(pinSurface(page, true).getByText("Enter your 4-digit PIN to continue")).toBeVisible();
    await enterPin(page, true, DEMO.maria.pin);
    await expect(page).toHaveURL(/\/pre-production$/);
    await expect(signedInName(page)).toHaveText(DEMO.maria.name);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Pre-Production Dashboard" })).toBeVisible();
    const granted = toast(page, true, "Access Granted");
    await expect(granted).toBeVisible();
    await expect(granted).toContainText("Accessing Pre-Production.");
    await expect(granted).not.toContainText("Management Override");
  });

  await test.step("Maria's Home: only the Pre-Production tile, no side menu and no Global Settings", async () => {
    await page.getByRole("link", { name: "Shopflow home" }).click();
    await expect(page.getByRole("heading", { name: "Manufacturing Flow" })).toBeVisible();
    await expect(page.getByTestId("tile-pre-production")).toBeVisible();
    await expect(page.getByTestId("tile-production")).toHaveCount(0);
    await expect(page.getByTestId("tile-project-management")).toHaveCount(0);
    await expect(page.getByLabel("Open menu")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main menu" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Global Settings" })).toHaveCount(0);
    await expect(page.getByText("Select a department and enter your PIN to access workflows")).toBeVisible();
  });

  await test.step("Tom, with the department's key, goes straight from his tile to /projects", async () => {
    await signIn(DEMO.tom);
    await gotoHome(page, true);
    await page.getByTestId("tile-project-management").click();
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(signedInName(page)).toHaveText(DEMO.tom.name);
    await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
    const granted = toast(page, true, "Access Granted");
    await expect(granted).toBeVisible();
    await expect(granted).toContainText("Accessing Project Management.");
  });

  await test.step("James holds the production key only", async () => {
    await signIn(DEMO.james);
    await gotoHome(page, true);
    await expect(signedInName(page)).toHaveText(DEMO.james.name);
    await expect(page.getByTestId("tile-production")).toBeVisible();
    await expect(page.getByTestId("tile-pre-production")).toHaveCount(0);
  });

  await test.step("Priya, with no departments, is welcomed by name and pointed to the QR Timer", async () => {
    await signIn(DEMO.priya);
    await gotoHome(page, true);
    await expect(page.getByRole("heading", { name: `Welcome, ${DEMO.priya.name}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the QR Timer" })).toHaveAttribute("href", "/qr-scanner");
    await expect(page.getByText("Access permissions are managed by your administrator")).toBeVisible();
    await expect(page.locator('[data-testid^="tile-"]')).toHaveCount(0);
    await expect(page.getByLabel("Open menu")).toHaveCount(0);
  });
});

test("the 6th wrong PIN from one address answers 'Too many attempts. Try again in 5 minutes.' with Retry-After; even the right PIN is then refused", async ({
  page,
}) => {
  await gotoHome(page, true);
  await openHeaderLogin(page, true);

  for (let i = 1; i <= 5; i++) {
    const r = await enterPin(page, true, WRONG_PIN);
    expect(r.status(), `attempt ${i}`).toBe(401);
    await expect(pinError(page, true)).toHaveText("Invalid PIN code");
    await expect(pinDigit(page, 1)).toBeFocused();
  }

  const sixth = await enterPin(page, true, WRONG_PIN);
  expect(sixth.status()).toBe(429);
  await expect(pinError(page, true)).toHaveText("Too many attempts. Try again in 5 minutes.");
  // auth.server.ts computes the wait and both sign-in paths pass it on as Retry-After (about 300 s here); the /login
  // form's answer is checked in tests/request/sign-in-no-js.test.ts.
  const retryAfter = Number(sixth.headers()["retry-after"]);
  expect(retryAfter).toBeGreaterThan(240);
  expect(retryAfter).toBeLessThanOrEqual(300);

  // While locked out even the right PIN is refused.
  const locked = await enterPin(page, true, DEMO.admin.pin);
  expect(locked.status()).toBe(429);
  await expect(pinError(page, true)).toHaveText("Too many attempts. Try again in 5 minutes.");
  await expect(signedInName(page)).toHaveCount(0);
  for (const box of pinDigits(page)) await expect(box).toHaveValue("");
  await expect(pinDigit(page, 1)).toBeFocused();
});

test.describe("without JavaScript", () => {
  test.skip(({ js }) => js, "with JavaScript the Login link opens the PIN dialog (the tests above)");

  test("the /login form: the cursor in its one field, the field's own checks, a wrong PIN, the right one, Logout", { tag: "@no-js" }, async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
    });

    await test.step("the header's Login opens the form, the cursor already in its one field", async () => {
      await gotoHome(page, false);
      await openHeaderLogin(page, false);
      await expect(page.getByRole("main").getByText("Enter your 4-digit PIN to continue")).toBeVisible();
      await expect(page.getByRole("main").getByRole("link", { name: "Cancel" })).toHaveAttribute("href", "/");
      const field = pinField(page);
      await expect(field).toHaveAttribute("type", "password");
      await expect(field).toHaveAttribute("pattern", "\\d{4}");
      await expect(field).toHaveAttribute("maxlength", "4");
      await expect(field).toHaveAttribute("minlength", "4");
      await expect(field).toHaveAttribute("inputmode", "numeric");
      await expect(field).toHaveAttribute("required", "");
      await expect(field).toHaveAttribute("autofocus", "");
      await expect(field).toBeFocused();
      await expect(page.getByLabel("PIN digit 1", { exact: true })).toHaveCount(0);
    });

    await test.step("typing and Backspace work in the field", async () => {
      await pinField(page).pressSequentially("123");
      await expect(pinField(page)).toHaveValue("123");
      await page.keyboard.press("Backspace");
      await expect(pinField(page)).toHaveValue("12");
      await expect(pinField(page)).toBeFocused();
    });

    await test.step("a PIN with a letter, or too short, is not sent: the field refuses it first", async () => {
      for (const pin of ["12a4", "123"]) {
        await pinField(page).fill(pin);
        await expect(page.locator('input[name="pinCode"]:invalid')).toHaveCount(1);
        await continueButton(page, false).click();
        await expect(page).toHaveURL(/\/login\?redirectTo=%2F$/);
        await expect(pinError(page, false)).toHaveText("");
      }
      await pinField(page).fill(DEMO.admin.pin);
      await expect(page.locator('input[name="pinCode"]:invalid')).toHaveCount(0);
      expect(posts).toEqual([]);
    });

    await test.step("a wrong PIN: 'Invalid PIN code', the field empty with the cursor in it", async () => {
      const response = await enterPin(page, false, WRONG_PIN);
      expect(response.status()).toBe(401);
      await expect(pinError(page, false)).toHaveText("Invalid PIN code");
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByRole("heading", { name: "Global Login" })).toBeVisible();
      await expect(pinField(page)).toHaveValue("");
      await expect(pinField(page)).toBeFocused();
      await expect(signedInName(page)).toHaveCount(0);
    });

    await test.step("the right PIN signs in and returns Home", async () => {
      const response = await enterPin(page, false, DEMO.admin.pin);
      expect(response.status()).toBe(302);
      await expect(page).toHaveURL(/\/$/);
      await expect(signedInName(page)).toHaveText(DEMO.admin.name);
      await expect(headerLogin(page)).toHaveCount(0);
      await expect(logoutButton(page)).toBeVisible();
    });

    await test.step("Logout signs out", async () => {
      await logoutButton(page).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(headerLogin(page)).toBeVisible();
      await expect(signedInName(page)).toHaveCount(0);
    });
  });
});
