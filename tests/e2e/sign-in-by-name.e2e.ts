// 'Choose your name, then PIN' (docs/decisions/0025): the Global Settings page that switches it on, and signing in
// with it from the header, with JavaScript (the PIN dialog) and without (the /login page). Each test that switches
// the mode puts it back: the tests of a worker share its server.
import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, expectNoSeriousA11yViolations } from "./helpers";
import {
  continueButton,
  DEMO,
  enterPin,
  expect,
  gotoHome,
  headerLogin,
  pinDigit,
  pinError,
  pinField,
  pinSurface,
  signedInName,
  test,
  toast,
  waitForHydration,
  WRONG_PIN,
} from "./fixtures";

async function setMode(api: APIRequestContext, signInMode: "pin" | "name-then-pin") {
  const res = await api.patch("/api/shop-settings", { data: { signInMode } });
  expect(res.status(), await res.text()).toBe(200);
}

/** Runs `body` with the shop in 'Choose your name, then PIN', and puts 'PIN only' back whatever happens. */
async function inNameMode(baseURL: string, clientIp: string, body: (api: APIRequestContext) => Promise<void>) {
  const api = await adminApi(baseURL, clientIp);
  try {
    await setMode(api, "name-then-pin");
    await body(api);
  } finally {
    await setMode(api, "pin");
    await api.dispose();
  }
}

/** The names step: the filter box and the list. */
const nameFilter = (page: Page, js: boolean) => pinSurface(page, js).getByRole("searchbox", { name: "Find your name" });
const nameChoice = (page: Page, js: boolean, name: string) =>
  pinSurface(page, js)
    .getByRole("list", { name: "Team members" })
    .getByRole(js ? "button" : "link", { name, exact: true });

async function openNameStep(page: Page, js: boolean) {
  await gotoHome(page, js);
  await headerLogin(page).click();
  if (js) await expect(page.getByRole("dialog", { name: "Global Login" })).toBeVisible();
  else await expect(page).toHaveURL(/\/login\?redirectTo=%2F$/);
  await expect(pinSurface(page, js).getByText("Choose your name to continue")).toBeVisible();
}

/** Narrows the names to `text` (typing with JavaScript, the Find button without) and chooses `name`. */
async function chooseName(page: Page, js: boolean, text: string, name: string) {
  if (js) {
    await expect(nameFilter(page, js)).toBeFocused();
    await page.keyboard.type(text);
  } else {
    await nameFilter(page, js).fill(text);
    await pinSurface(page, js).getByRole("button", { name: "Find" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
  }
  await expect(pinSurface(page, js).getByRole("list", { name: "Team members" }).getByRole("listitem")).toHaveCount(1);
  if (js) {
    // Keyboard only: from the box into the list, and Enter.
    await page.keyboard.press("ArrowDown");
    await expect(nameChoice(page, js, name)).toBeFocused();
    await page.keyboard.press("Enter");
  } else {
    await nameChoice(page, js, name).click();
  }
  await expect(pinSurface(page, js).getByTestId("chosen-name")).toHaveText(name);
  await expect(pinSurface(page, js).getByText("Enter your 4-digit PIN to continue")).toBeVisible();
}

test("Global Settings → Sign-in: management switches to 'Choose your name, then PIN'", async ({ page, js, signIn, baseURL, clientIp }) => {
  await signIn(DEMO.admin);
  const api = await adminApi(baseURL!, clientIp);
  try {
    await page.goto("/settings");
    if (js) await waitForHydration(page);
    await page.getByRole("link", { name: "Sign-in", exact: true }).click();
    await expect(page).toHaveURL(/\/settings\/sign-in$/);
    await expect(page.getByRole("heading", { level: 1, name: "Sign-in" })).toBeVisible();
    const pinOnly = page.getByRole("radio", { name: /^PIN only/ });
    const byName = page.getByRole("radio", { name: /^Choose your name, then PIN/ });
    await expect(pinOnly).toBeChecked();
    await byName.check();
    await page.getByRole("button", { name: "Save sign-in mode" }).click();
    await expect(toast(page, js, "Sign-in updated")).toBeVisible();
    await expect(toast(page, js, "Sign-in updated")).toContainText("Staff now choose their name, then enter their PIN.");
    await page.reload();
    await expect(byName).toBeChecked();
    expect((await (await api.get("/api/shop-settings")).json()).signInMode).toBe("name-then-pin");
  } finally {
    await setMode(api, "pin");
    await api.dispose();
  }
});

test("choose your name, then PIN: a wrong PIN is refused for the chosen member, the right one signs in", async ({ page, js, baseURL, clientIp }) => {
  await inNameMode(baseURL!, clientIp, async () => {
    await openNameStep(page, js);
    // Names only: no PIN boxes yet, nobody's email.
    await expect(nameChoice(page, js, DEMO.maria.name)).toBeVisible();
    await expect(nameChoice(page, js, DEMO.admin.name)).toBeVisible();
    await expect(pinSurface(page, js).getByText("@")).toHaveCount(0);
    if (js) await expectNoSeriousA11yViolations(page, "the PIN dialog's names");
    await chooseName(page, js, "mar", DEMO.maria.name);

    const wrong = await enterPin(page, js, DEMO.james.pin);
    expect(wrong.status()).toBe(401);
    await expect(pinError(page, js)).toHaveText("PIN does not match the selected team member");
    await expect(signedInName(page)).toHaveCount(0);

    const right = await enterPin(page, js, DEMO.maria.pin);
    expect(right.status()).toBe(js ? 200 : 302);
    await expect(signedInName(page)).toHaveText(DEMO.maria.name);
    await expect(page).toHaveURL(/\/$/);
  });
});

test("'Not you?' goes back to the names", async ({ page, js, baseURL, clientIp }) => {
  await inNameMode(baseURL!, clientIp, async () => {
    await openNameStep(page, js);
    await chooseName(page, js, "tom", DEMO.tom.name);
    await pinSurface(page, js)
      .getByRole(js ? "button" : "link", { name: "Not you?" })
      .click();
    await expect(pinSurface(page, js).getByText("Choose your name to continue")).toBeVisible();
    await chooseName(page, js, "jam", DEMO.james.name);
    await enterPin(page, js, DEMO.james.pin);
    await expect(signedInName(page)).toHaveText(DEMO.james.name);
  });
});

test("5 wrong PINs lock that member for 15 minutes; another member signs in from the same browser", async ({ page, js, baseURL, clientIp }) => {
  // Eight PIN posts, each a page load without JavaScript.
  test.setTimeout(180_000);
  await inNameMode(baseURL!, clientIp, async (api) => {
    const name = `Lock Test ${js ? "js" : "nojs"} ${Date.now() % 100_000}`;
    const pin = String(1000 + (Date.now() % 8000)).padStart(4, "0");
    const made = await api.post("/api/team-members", { data: { name, pinCode: pin === DEMO.maria.pin ? "8642" : pin, accessibleDepartments: [] } });
    expect(made.status(), await made.text()).toBe(201);
    const member = (await made.json()) as { id: number };
    try {
      await openNameStep(page, js);
      await chooseName(page, js, name.slice(0, 14), name);
      for (let i = 1; i <= 5; i++) {
        expect((await enterPin(page, js, WRONG_PIN)).status(), `wrong PIN ${i}`).toBe(401);
        await expect(pinError(page, js)).toHaveText("PIN does not match the selected team member");
      }
      const locked = await enterPin(page, js, WRONG_PIN);
      expect(locked.status()).toBe(429);
      await expect(pinError(page, js)).toHaveText("Too many attempts for this team member. Try again in 15 minutes.");

      await pinSurface(page, js)
        .getByRole(js ? "button" : "link", { name: "Not you?" })
        .click();
      await chooseName(page, js, "mar", DEMO.maria.name);
      await enterPin(page, js, DEMO.maria.pin);
      await expect(signedInName(page)).toHaveText(DEMO.maria.name);
    } finally {
      await api.delete(`/api/team-members/${member.id}`);
    }
  });
});
