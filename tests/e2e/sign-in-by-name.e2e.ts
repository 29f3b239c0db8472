// 'Choose your name, then PIN' (decision 0025): the Global Settings page that switches it on, and signing in
// with it from the header's PIN dialog. Without JavaScript (the names as links on /login, the Find button) the same
// flows are tests/request/sign-in-no-js.test.ts. The test puts 'PIN only' back whatever happens: the tests of a
// worker share its server.
import type { APIRequestContext, Page } from "@playwright/test";
import { adminApi, expectNoSeriousA11yViolations } from "./helpers";
import {
  DEMO,
  enterPin,
  expect,
  gotoHome,
  headerLogin,
  logoutButton,
  pinError,
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

/** The names step: the filter box and the list. */
const nameFilter = (page: Page) => pinSurface(page, true).getByRole("searchbox", { name: "Find your name" });
const nameChoice = (page: Page, name: string) => pinSurface(page, true).getByRole("list", { name: "Team members" }).getByRole("button", { name, exact: true });
const notYou = (page: Page) => pinSurface(page, true).getByRole("button", { name: "Not you?" });

/** Home (signed out), Login: the dialog asks for a name first. */
async function openNameStep(page: Page) {
  await gotoHome(page, true);
  await headerLogin(page).click();
  await expect(page.getByRole("dialog", { name: "Global Login" })).toBeVisible();
  await expect(pinSurface(page, true).getByText("Choose your name to continue")).toBeVisible();
}

/** Narrows the names to `text` by typing and chooses `name` with the keyboard alone. */
async function chooseName(page: Page, text: string, name: string) {
  await expect(nameFilter(page)).toBeFocused();
  await page.keyboard.type(text);
  await expect(pinSurface(page, true).getByRole("list", { name: "Team members" }).getByRole("listitem")).toHaveCount(1);
  // From the box into the list, and Enter.
  await page.keyboard.press("ArrowDown");
  await expect(nameChoice(page, name)).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(pinSurface(page, true).getByTestId("chosen-name")).toHaveText(name);
  await expect(pinSurface(page, true).getByText("Enter your 4-digit PIN to continue")).toBeVisible();
}

/** Logout from the header, then the names step again. */
async function signOutAndOpenNameStep(page: Page) {
  await logoutButton(page).click();
  await expect(signedInName(page)).toHaveCount(0);
  await openNameStep(page);
}

test("'Choose your name, then PIN': management switches it on in Global Settings; a wrong PIN for the chosen member, 'Not you?', and a member's lock", async ({
  page,
  signIn,
  baseURL,
  clientIp,
}) => {
  // Four sign-ins and a settings page in one page: on a busy machine this comes near the 60 s a test gets.
  test.slow();
  const api = await adminApi(baseURL!, clientIp);
  let lockMemberId: number | undefined;
  try {
    await test.step("Global Settings → Sign-in: management switches to 'Choose your name, then PIN'", async () => {
      await signIn(DEMO.admin);
      await page.goto("/settings");
      await waitForHydration(page);
      await page.getByRole("link", { name: "Sign-in", exact: true }).click();
      await expect(page).toHaveURL(/\/settings\/sign-in$/);
      await expect(page.getByRole("heading", { level: 1, name: "Sign-in" })).toBeVisible();
      const pinOnly = page.getByRole("radio", { name: /^PIN only/ });
      const byName = page.getByRole("radio", { name: /^Choose your name, then PIN/ });
      await expect(pinOnly).toBeChecked();
      await byName.check();
      await page.getByRole("button", { name: "Save sign-in mode" }).click();
      await expect(toast(page, true, "Sign-in updated")).toBeVisible();
      await expect(toast(page, true, "Sign-in updated")).toContainText("Staff now choose their name, then enter their PIN.");
      await page.reload();
      await expect(byName).toBeChecked();
      expect((await (await api.get("/api/shop-settings")).json()).signInMode).toBe("name-then-pin");
      await waitForHydration(page);
    });

    await test.step("signed out, Login shows names only: no PIN boxes yet, nobody's email", async () => {
      await signOutAndOpenNameStep(page);
      await expect(nameChoice(page, DEMO.maria.name)).toBeVisible();
      await expect(nameChoice(page, DEMO.admin.name)).toBeVisible();
      await expect(pinSurface(page, true).getByLabel("PIN digit 1", { exact: true })).toHaveCount(0);
      await expect(pinSurface(page, true).getByText("@")).toHaveCount(0);
      await expectNoSeriousA11yViolations(page, "the PIN dialog's names");
    });

    await test.step("another member's PIN is refused for the chosen member; the right one signs in", async () => {
      await chooseName(page, "mar", DEMO.maria.name);
      const wrong = await enterPin(page, true, DEMO.james.pin);
      expect(wrong.status()).toBe(401);
      await expect(pinError(page, true)).toHaveText("PIN does not match the selected team member");
      await expect(signedInName(page)).toHaveCount(0);
      const right = await enterPin(page, true, DEMO.maria.pin);
      expect(right.status()).toBe(200);
      await expect(signedInName(page)).toHaveText(DEMO.maria.name);
      await expect(page).toHaveURL(/\/$/);
    });

    await test.step("'Not you?' goes back to the names", async () => {
      await signOutAndOpenNameStep(page);
      await chooseName(page, "tom", DEMO.tom.name);
      await notYou(page).click();
      await expect(pinSurface(page, true).getByText("Choose your name to continue")).toBeVisible();
      await chooseName(page, "jam", DEMO.james.name);
      await enterPin(page, true, DEMO.james.pin);
      await expect(signedInName(page)).toHaveText(DEMO.james.name);
    });

    await test.step("5 wrong PINs lock that member for 15 minutes; another member signs in from the same browser", async () => {
      const name = `Lock Test ${Date.now() % 100_000}`;
      const pin = String(1000 + (Date.now() % 8000)).padStart(4, "0");
      const made = await api.post("/api/team-members", { data: { name, pinCode: pin === DEMO.maria.pin ? "8642" : pin, accessibleDepartments: [] } });
      expect(made.status(), await made.text()).toBe(201);
      lockMemberId = ((await made.json()) as { id: number }).id;
      await signOutAndOpenNameStep(page);
      await chooseName(page, name.slice(0, 14), name);
      for (let i = 1; i <= 5; i++) {
        expect((await enterPin(page, true, WRONG_PIN)).status(), `wrong PIN ${i}`).toBe(401);
        await expect(pinError(page, true)).toHaveText("PIN does not match the selected team member");
      }
      const locked = await enterPin(page, true, WRONG_PIN);
      expect(locked.status()).toBe(429);
      await expect(pinError(page, true)).toHaveText("Too many attempts for this team member. Try again in 15 minutes.");

      await notYou(page).click();
      await chooseName(page, "mar", DEMO.maria.name);
      await enterPin(page, true, DEMO.maria.pin);
      await expect(signedInName(page)).toHaveText(DEMO.maria.name);
    });
  } finally {
    await setMode(api, "pin");
    if (lockMemberId !== undefined) await api.delete(`/api/team-members/${lockMemberId}`);
    await api.dispose();
  }
});
