// Sign-in, PIN dialog, tiles, logout and the app shell (docs/product.md §2, §4, §5, §8), with JavaScript on ("js") and off
// ("no-js"). With JavaScript the PIN dialog is a Radix dialog with four one-digit boxes; without it the same
// screen is the /login page with one field. Each test runs from its own client address (see fixtures.ts).
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

test.describe("sign-in from the header", () => {
  test("Login signs in, the header shows the name, and a reload keeps the session", async ({ page, js }) => {
    await gotoHome(page, js);
    await expect(headerLogin(page)).toBeVisible();
    await expect(signedInName(page)).toHaveCount(0);

    await openHeaderLogin(page, js);
    await expect(pinSurface(page, js).getByText("Enter your 4-digit PIN to continue")).toBeVisible();
    await expect(
      pinSurface(page, js)
        .getByRole("button", { name: "Cancel" })
        .or(pinSurface(page, js).getByRole("link", { name: "Cancel" })),
    ).toBeVisible();
    if (js) {
      for (const box of pinDigits(page)) {
        await expect(box).toHaveAttribute("type", "password");
        await expect(box).toHaveAttribute("maxlength", "1");
      }
    }

    const response = await enterPin(page, js, DEMO.james.pin);
    expect(response.status()).toBe(js ? 200 : 302);

    await expect(page).toHaveURL(/\/$/);
    await expect(signedInName(page)).toHaveText(DEMO.james.name);
    await expect(headerLogin(page)).toHaveCount(0);
    await expect(logoutButton(page)).toBeVisible();
    if (js) await expect(page.getByRole("dialog")).toHaveCount(0);

    await page.reload();
    await expect(signedInName(page)).toHaveText(DEMO.james.name);
    await expect(headerLogin(page)).toHaveCount(0);
    // James holds the production key only.
    await expect(page.getByTestId("tile-production")).toBeVisible();
    await expect(page.getByTestId("tile-pre-production")).toHaveCount(0);
  });

  test("Cancel closes the PIN UI without signing in", async ({ page, js }) => {
    await gotoHome(page, js);
    await openHeaderLogin(page, js);
    if (js) {
      await page.getByTestId("pin-dialog").getByRole("button", { name: "Cancel" }).click();
      await expect(page.getByRole("dialog")).toHaveCount(0);
    } else {
      await page.getByRole("main").getByRole("link", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/$/);
    }
    await expect(headerLogin(page)).toBeVisible();
    await expect(signedInName(page)).toHaveCount(0);
  });
});

test.describe("sign-in from a tile", () => {
  test("signed out, Maria's PIN on Pre-Production lands on /pre-production with 'Access Granted'", async ({ page, js }) => {
    await gotoHome(page, js);
    await page.getByTestId("tile-pre-production").click();

    if (js) {
      await expect(page.getByRole("dialog", { name: "Access Pre-Production" })).toBeVisible();
    } else {
      await expect(page).toHaveURL(/\/login\?tile=pre-production$/);
      await expect(page.getByRole("heading", { name: "Access Pre-Production" })).toBeVisible();
    }
    await expect(pinSurface(page, js).getByText("Enter your 4-digit PIN to continue")).toBeVisible();

    await enterPin(page, js, DEMO.maria.pin);

    await expect(page).toHaveURL(/\/pre-production$/);
    await expect(signedInName(page)).toHaveText(DEMO.maria.name);
    if (js) await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByRole("heading", { level: 1, name: "Pre-Production Dashboard" })).toBeVisible();
    const granted = toast(page, js, "Access Granted");
    await expect(granted).toBeVisible();
    await expect(granted).toContainText("Accessing Pre-Production.");
    await expect(granted).not.toContainText("Management Override");
  });

  test("signed in as management, a tile goes straight to its route with the override toast", async ({ page, js, signIn }) => {
    await signIn(DEMO.admin);
    await gotoHome(page, js);
    await page.getByTestId("tile-production").click();
    await expect(page).toHaveURL(/\/production$/);
    if (js) await expect(page.getByRole("dialog")).toHaveCount(0); // no PIN asked
    await expect(signedInName(page)).toHaveText(DEMO.admin.name);
    await expect(page.getByRole("heading", { level: 1, name: "Production Floor" })).toBeVisible();
    const granted = toast(page, js, "Access Granted");
    await expect(granted).toBeVisible();
    await expect(granted).toContainText("Accessing Production Floor (Management Override).");
  });

  test("signed in with the department key, a tile goes straight to its route", async ({ page, js, signIn }) => {
    await signIn(DEMO.tom);
    await gotoHome(page, js);
    await expect(page.getByTestId("tile-project-management")).toBeVisible();
    await page.getByTestId("tile-project-management").click();
    await expect(page).toHaveURL(/\/projects$/);
    if (js) await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(signedInName(page)).toHaveText(DEMO.tom.name);
    await expect(page.getByRole("heading", { level: 1, name: "Projects" })).toBeVisible();
    const granted = toast(page, js, "Access Granted");
    await expect(granted).toBeVisible();
    await expect(granted).toContainText("Accessing Project Management.");
  });
});

test.describe("wrong PIN", () => {
  test("shows 'Invalid PIN code', clears the boxes and refocuses; the right PIN then works", async ({ page, js }) => {
    await gotoHome(page, js);
    await openHeaderLogin(page, js);

    const response = await enterPin(page, js, WRONG_PIN);
    expect(response.status()).toBe(401);
    await expect(pinError(page, js)).toHaveText("Invalid PIN code");
    if (js) {
      await expect(page.getByRole("dialog", { name: "Global Login" })).toBeVisible();
      for (const box of pinDigits(page)) await expect(box).toHaveValue("");
      await expect(pinDigit(page, 1)).toBeFocused();
      await expect(continueButton(page, js)).toHaveText("Continue");
      await expect(continueButton(page, js)).toBeDisabled();
    } else {
      await expect(page).toHaveURL(/\/login/);
      await expect(page.getByRole("heading", { name: "Global Login" })).toBeVisible();
      await expect(pinField(page)).toHaveValue("");
      await expect(pinField(page)).toBeFocused();
    }
    await expect(signedInName(page)).toHaveCount(0);

    await enterPin(page, js, DEMO.admin.pin);
    await expect(signedInName(page)).toHaveText(DEMO.admin.name);
    await expect(page).toHaveURL(/\/$/);
  });

  test("the 6th wrong PIN from one address answers 'Too many attempts. Try again in 5 minutes.'", async ({ page, js }) => {
    await gotoHome(page, js);
    await openHeaderLogin(page, js);

    for (let i = 1; i <= 5; i++) {
      const r = await enterPin(page, js, WRONG_PIN);
      expect(r.status(), `attempt ${i}`).toBe(401);
      await expect(pinError(page, js)).toHaveText("Invalid PIN code");
      if (js) await expect(pinDigit(page, 1)).toBeFocused();
    }

    const sixth = await enterPin(page, js, WRONG_PIN);
    expect(sixth.status()).toBe(429);
    await expect(pinError(page, js)).toHaveText("Too many attempts. Try again in 5 minutes.");

    // While locked out even the right PIN is refused.
    const locked = await enterPin(page, js, DEMO.admin.pin);
    expect(locked.status()).toBe(429);
    await expect(pinError(page, js)).toHaveText("Too many attempts. Try again in 5 minutes.");
    await expect(signedInName(page)).toHaveCount(0);
    if (js) {
      for (const box of pinDigits(page)) await expect(box).toHaveValue("");
      await expect(pinDigit(page, 1)).toBeFocused();
    }
  });

  test("the lockout answer tells the client when to retry (Retry-After)", async ({ page, js }) => {
    await gotoHome(page, js);
    await openHeaderLogin(page, js);
    for (let i = 1; i <= 5; i++) expect((await enterPin(page, js, WRONG_PIN)).status(), `attempt ${i}`).toBe(401);
    const locked = await enterPin(page, js, WRONG_PIN);
    expect(locked.status()).toBe(429);
    await expect(pinError(page, js)).toHaveText("Too many attempts. Try again in 5 minutes.");
    // auth.server.ts computes the wait and both sign-in paths pass it on as Retry-After (about 300 s here).
    // Known app bug (JavaScript off): POST /login drops the header (login.tsx has no `headers` export).
    const retryAfter = Number(locked.headers()["retry-after"]);
    expect(retryAfter).toBeGreaterThan(240);
    expect(retryAfter).toBeLessThanOrEqual(300);
  });
});

test.describe("paste", () => {
  test("pasting exactly four digits signs in; anything else is ignored", async ({ page, js }) => {
    await gotoHome(page, js);
    await openHeaderLogin(page, js);
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(new URL(r.url()).pathname);
    });

    if (js) {
      const paste = (text: string) =>
        pinDigit(page, 1).evaluate((el, value) => {
          const data = new DataTransfer();
          data.setData("text/plain", value);
          el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
        }, text);

      await paste("ab12");
      // Nothing happens: no request, the boxes stay empty, no error, the dialog stays open.
      await expect(page.getByRole("dialog", { name: "Global Login" })).toBeVisible();
      for (const box of pinDigits(page)) await expect(box).toHaveValue("");
      await expect(pinError(page, js)).toHaveText("");
      await paste("12345");
      for (const box of pinDigits(page)) await expect(box).toHaveValue("");
      expect(posts).toEqual([]);

      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/verify-pin");
      await paste(DEMO.admin.pin);
      expect((await answered).status()).toBe(200);
      expect(posts).toEqual(["/api/auth/verify-pin"]);
    } else {
      // The single field is the paste target: it takes the whole PIN and only four digits are valid.
      const field = pinField(page);
      await expect(field).toHaveAttribute("type", "password");
      await expect(field).toHaveAttribute("pattern", "\\d{4}");
      await expect(field).toHaveAttribute("maxlength", "4");
      await expect(field).toHaveAttribute("minlength", "4");
      await expect(field).toHaveAttribute("inputmode", "numeric");
      await expect(field).toHaveAttribute("required", "");

      await field.fill("ab12");
      await expect(page.locator('input[name="pinCode"]:invalid')).toHaveCount(1);
      await continueButton(page, js).click();
      await expect(page).toHaveURL(/\/login\?redirectTo=%2F$/);
      await expect(pinError(page, js)).toHaveText("");
      expect(posts).toEqual([]);

      await field.fill(DEMO.admin.pin);
      await expect(page.locator('input[name="pinCode"]:invalid')).toHaveCount(0);
      await continueButton(page, js).click();
    }

    await expect(signedInName(page)).toHaveText(DEMO.admin.name);
    await expect(page).toHaveURL(/\/$/);
  });
});

test.describe("logout", () => {
  test("Logout returns to /, shows Login again and ends the API session", async ({ page, js, signIn }) => {
    await signIn(DEMO.maria);
    await gotoHome(page, js);
    await expect(signedInName(page)).toHaveText(DEMO.maria.name);
    const before = await page.request.get("/api/team-members");
    expect(before.status()).toBe(200);

    await page.getByTestId("tile-pre-production").click();
    await expect(page).toHaveURL(/\/pre-production$/);

    await logoutButton(page).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(headerLogin(page)).toBeVisible();
    await expect(signedInName(page)).toHaveCount(0);
    await expect(logoutButton(page)).toHaveCount(0);

    const after = await page.request.get("/api/team-members");
    expect(after.status()).toBe(401);

    await page.reload();
    await expect(headerLogin(page)).toBeVisible();
    await expect(signedInName(page)).toHaveCount(0);
  });
});

test.describe("PIN entry details", () => {
  test("a non-digit is ignored", async ({ page, js }) => {
    await gotoHome(page, js);
    await openHeaderLogin(page, js);
    if (js) {
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
    } else {
      // The field refuses anything but four digits, and the server does too.
      await pinField(page).fill("12a4");
      await expect(page.locator('input[name="pinCode"]:invalid')).toHaveCount(1);
      await pinField(page).fill("1274");
      await expect(page.locator('input[name="pinCode"]:invalid')).toHaveCount(0);
      const direct = await page.request.post("/login?redirectTo=%2F", { form: { pinCode: "12a4", redirectTo: "/", tile: "" } });
      expect(direct.status()).toBe(400);
      expect(await direct.text()).toContain("Please enter a 4-digit PIN");
    }
    await expect(signedInName(page)).toHaveCount(0);
  });

  test("Backspace on an empty box moves focus back", async ({ page, js }) => {
    await gotoHome(page, js);
    await openHeaderLogin(page, js);
    if (js) {
      await page.keyboard.type("12");
      await expect(pinDigit(page, 3)).toBeFocused();
      await page.keyboard.press("Backspace"); // box 3 is empty: back to box 2, which keeps its digit
      await expect(pinDigit(page, 2)).toBeFocused();
      await expect(pinDigit(page, 2)).toHaveValue("2");
      await page.keyboard.press("Backspace"); // box 2 has a digit: cleared, focus stays
      await expect(pinDigit(page, 2)).toHaveValue("");
      await expect(pinDigit(page, 2)).toBeFocused();
      await page.keyboard.press("Backspace"); // now empty: back to box 1
      await expect(pinDigit(page, 1)).toBeFocused();
      await expect(pinDigit(page, 1)).toHaveValue("1");
      await page.keyboard.press("Backspace"); // box 1 has a digit: cleared
      await expect(pinDigit(page, 1)).toHaveValue("");
      await page.keyboard.press("Backspace"); // box 1 is the first: focus stays
      await expect(pinDigit(page, 1)).toBeFocused();
    } else {
      await pinField(page).pressSequentially("123");
      await expect(pinField(page)).toHaveValue("123");
      await page.keyboard.press("Backspace");
      await expect(pinField(page)).toHaveValue("12");
      await expect(pinField(page)).toBeFocused();
    }
  });

  test("Continue stays disabled until four digits, and reads 'Verifying...' while busy", async ({ page, js }) => {
    await gotoHome(page, js);
    await openHeaderLogin(page, js);
    const button = continueButton(page, js);
    await expect(button).toHaveText("Continue");

    if (js) {
      await expect(button).toBeDisabled();
      for (const d of "123") {
        await page.keyboard.type(d);
        await expect(button).toBeDisabled();
      }
      // Hold the verification so the busy state can be seen.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route("**/api/auth/verify-pin", async (route) => {
        await held;
        await route.continue();
      });
      await page.keyboard.type("4"); // auto-submits
      await expect(button).toHaveText("Verifying...");
      await expect(button).toBeDisabled();
      for (const box of pinDigits(page)) await expect(box).toHaveAttribute("readonly", "");
      await expect(page.getByTestId("pin-dialog").getByRole("button", { name: "Cancel" })).toBeDisabled();
      const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/verify-pin");
      release();
      expect((await answered).status()).toBe(200); // 1234: the Administrator
      await expect(page.getByRole("dialog")).toHaveCount(0);
      await expect(signedInName(page)).toHaveText(DEMO.admin.name);
    } else {
      // Without JavaScript the button is a plain submit: the field's constraints keep a short PIN from posting.
      let posted = false;
      page.on("request", (r) => {
        if (r.method() === "POST") posted = true;
      });
      await pinField(page).fill("123");
      await expect(page.locator('input[name="pinCode"]:invalid')).toHaveCount(1);
      await button.click();
      await expect(page).toHaveURL(/\/login\?redirectTo=%2F$/);
      expect(posted).toBe(false);
      await expect(signedInName(page)).toHaveCount(0);
    }
  });

  test("the first box gets focus about 100 ms after the PIN UI opens", async ({ page, js }) => {
    await gotoHome(page, js);
    if (js) {
      await page.evaluate(() => {
        const w = window as unknown as { __clickAt?: number; __focusAt?: number };
        document.addEventListener("click", () => (w.__clickAt ??= performance.now()), true);
        document.addEventListener(
          "focusin",
          (e) => {
            if ((e.target as HTMLElement).getAttribute("aria-label") === "PIN digit 1") w.__focusAt ??= performance.now();
          },
          true,
        );
      });
      await headerLogin(page).click();
      await expect(page.getByRole("dialog", { name: "Global Login" })).toBeVisible();
      await expect(pinDigit(page, 1)).toBeFocused();
      const { clickAt, focusAt } = await page.evaluate(() => {
        const w = window as unknown as { __clickAt: number; __focusAt: number };
        return { clickAt: w.__clickAt, focusAt: w.__focusAt };
      });
      const delay = focusAt - clickAt;
      expect(delay).toBeGreaterThanOrEqual(95);
      expect(delay).toBeLessThan(1000);
    } else {
      await headerLogin(page).click();
      await expect(page).toHaveURL(/\/login/);
      await expect(pinField(page)).toHaveAttribute("autofocus", "");
      await expect(pinField(page)).toBeFocused();
    }
  });
});

test("a box the user is already typing in keeps the cursor when the first box's delayed focus comes due", async ({ page, js }) => {
  test.skip(!js, "the four boxes and their focus are JavaScript; without it the PIN is one field");
  await gotoHome(page, js);
  // In the page itself, so it happens inside the 100 ms: open the dialog, put the cursor in the third box as soon
  // as it exists, and see where the cursor is once the delayed focus has come due. (A keyboard-wedge or quick
  // typist hit this: the cursor jumped back to the first box mid-PIN, and the digits after it were lost.)
  const focused = await page.evaluate(async () => {
    const login = [...document.querySelectorAll("a,button")].find((el) => el.textContent?.trim() === "Login") as HTMLElement;
    login.click();
    const third = await new Promise<HTMLInputElement>((resolve) => {
      const look = () => {
        const box = document.querySelector<HTMLInputElement>('[aria-label="PIN digit 3"]');
        if (box) resolve(box);
        else requestAnimationFrame(look);
      };
      look();
    });
    third.focus();
    await new Promise((r) => setTimeout(r, 300));
    return document.activeElement?.getAttribute("aria-label");
  });
  expect(focused).toBe("PIN digit 3");
  // Typed from there, the digits land where the cursor is.
  await page.keyboard.type("11");
  await expect(pinDigit(page, 3)).toHaveValue("1");
  await expect(pinDigit(page, 4)).toHaveValue("1");
});

test.describe("management and access", () => {
  test("the Administrator sees the side menu, every tile and the Global Settings button", async ({ page, js, signIn }) => {
    await signIn(DEMO.admin);
    await gotoHome(page, js);
    for (const key of ["pre-production", "production", "project-management"]) {
      await expect(page.getByTestId(`tile-${key}`)).toBeVisible();
    }
    await expect(page.getByRole("main").getByRole("link", { name: "Global Settings" })).toBeVisible();

    const trigger = page.getByRole("banner").getByLabel("Open menu");
    await expect(trigger).toBeVisible();
    const menu = page.getByRole("navigation", { name: "Main menu" });
    await expect(menu).toBeHidden();
    await trigger.click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: /Main Page/ })).toHaveAttribute("href", "/");
    await expect(menu.getByRole("link", { name: /Main Page/ })).toContainText("Department tiles");
    await expect(menu.getByRole("link", { name: /Projects/ })).toHaveAttribute("href", "/projects");
    await expect(menu.getByRole("link", { name: /Projects/ })).toContainText("Manage Projects");
    await expect(menu.getByRole("link", { name: /Global Settings/ })).toHaveAttribute("href", "/settings");
    await expect(menu.getByText("online", { exact: true })).toBeVisible();
    await expect(menu.getByText("Manufacturing flow operational")).toBeVisible();
  });

  test("Maria sees only the Pre-Production tile, no side menu and no Global Settings", async ({ page, js, signIn }) => {
    await signIn(DEMO.maria);
    await gotoHome(page, js);
    await expect(page.getByTestId("tile-pre-production")).toBeVisible();
    await expect(page.getByTestId("tile-production")).toHaveCount(0);
    await expect(page.getByTestId("tile-project-management")).toHaveCount(0);
    await expect(page.getByLabel("Open menu")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main menu" })).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Global Settings" })).toHaveCount(0);
    await expect(page.getByText("Select a department and enter your PIN to access workflows")).toBeVisible();
  });

  test("Priya, with no departments, is welcomed by name and pointed to the QR Timer", async ({ page, js, signIn }) => {
    await signIn(DEMO.priya);
    await gotoHome(page, js);
    await expect(page.getByRole("heading", { name: `Welcome, ${DEMO.priya.name}` })).toBeVisible();
    await expect(page.getByRole("link", { name: "Open the QR Timer" })).toHaveAttribute("href", "/qr-scanner");
    await expect(page.getByText("Access permissions are managed by your administrator")).toBeVisible();
    await expect(page.locator('[data-testid^="tile-"]')).toHaveCount(0);
    await expect(page.getByLabel("Open menu")).toHaveCount(0);
  });

  test("signed out, every tile is offered and nobody's menu is shown", async ({ page, js }) => {
    await gotoHome(page, js);
    for (const key of ["pre-production", "production", "project-management"]) {
      await expect(page.getByTestId(`tile-${key}`)).toBeVisible();
    }
    await expect(page.getByLabel("Open menu")).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Global Settings" })).toHaveCount(0);
    await expect(page.getByText("Select a department and enter your PIN to access workflows")).toBeVisible();
  });
});

test("an unknown path shows '404 Page Not Found'", async ({ page, js }) => {
  const response = await page.goto("/no-such-page/here");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await expect(page.getByText("There is no page at this address.")).toBeVisible();
  // The app shell is still there.
  await expect(headerLogin(page)).toBeVisible();
  if (js) await waitForHydration(page);
  await page.getByRole("link", { name: "Go to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Manufacturing Flow" })).toBeVisible();
});
