// The app shell and Home after the design pass, with JavaScript on ("js") and
// off ("no-js"): a header that fits 320 px with any name, the Fabrication tile, the side menu's Escape / outside
// click / backdrop, the four PIN boxes on /login, long names that never widen a page, the product details back
// link per role, and the department form's machine-station checkbox.
import type { Locator, Page } from "@playwright/test";
import { DEMO, enterPin, expect, gotoHome, logoutButton, pinSurface, signedInName, signInFromHeader, test, toast, waitForHydration } from "./fixtures";
import { adminApi, createMember, createRecord, expectNoSidewaysScroll, signInByApi, visit } from "./helpers";

const tag = () => `${Date.now().toString(36)}-${test.info().project.name}`;

/** The element lies wholly inside the window (not cut off on the right). */
async function expectFullyInView(page: Page, locator: Locator) {
  const box = (await locator.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, "left edge").toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `right edge in a ${width}px window`).toBeLessThanOrEqual(width);
}

test.describe("the header on a phone", () => {
  for (const width of [320, 390]) {
    test(`at ${width} px a long name truncates and Logout stays whole`, async ({ page, js, clientIp, baseURL }) => {
      const api = await adminApi(baseURL!, clientIp);
      const long = await createMember(api, `Alexandra Konstantinopoulou ${tag()}`, ["production"]);
      const unbroken = await createMember(api, `N${tag()}`.padEnd(200, "x"), ["production"]);
      try {
        await page.setViewportSize({ width, height: 844 });
        for (const member of [long, unbroken, { pin: DEMO.admin.pin, name: DEMO.admin.name }]) {
          await signInByApi(page, member.pin, baseURL!);
          await visit(page, js, "/");
          const name = signedInName(page);
          await expect(name).toHaveText(member.name); // the whole name is there, cut only visually
          await expect(logoutButton(page)).toHaveText("Logout");
          await expectFullyInView(page, logoutButton(page));
          await expectFullyInView(page, name);
          await expectNoSidewaysScroll(page);
          if (member === unbroken) {
            // The name is truncated with an ellipsis, and its full text is on hover (title).
            expect(await name.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
            await expect(page.getByRole("banner").locator(`[title="${member.name}"]`)).toHaveCount(1);
          }
        }
        // Logout works from the phone header.
        await logoutButton(page).click();
        await expect(page).toHaveURL(/\/$/);
        await expect(signedInName(page)).toHaveCount(0);
      } finally {
        await api.delete(`/api/team-members/${long.id}`);
        await api.delete(`/api/team-members/${unbroken.id}`);
        await api.dispose();
      }
    });
  }

  test("a 200-character name without spaces never widens Global Settings at 320 px", async ({ page, js, clientIp, baseURL }) => {
    const api = await adminApi(baseURL!, clientIp);
    const name = `M${tag()}`.padEnd(200, "m");
    const material = await createRecord(api, "materials", { name, category: `C${tag()}`.padEnd(100, "c"), color: "blue" });
    const member = await createMember(api, name, []);
    try {
      await page.setViewportSize({ width: 320, height: 700 });
      await signInByApi(page, DEMO.admin.pin, baseURL!);
      for (const tab of ["materials", "team"]) {
        await visit(page, js, `/settings?tab=${tab}`);
        await expect(page.getByTestId(tab === "team" ? "team-member-card" : "material-card").filter({ hasText: name })).toHaveCount(1);
        await expectNoSidewaysScroll(page);
      }
      await visit(page, js, `/settings?tab=materials&delete=${material.id}`);
      await expectNoSidewaysScroll(page);
    } finally {
      await api.delete(`/api/materials/${material.id}`);
      await api.delete(`/api/team-members/${member.id}`);
      await api.dispose();
    }
  });
});

test.describe("the Fabrication tile", () => {
  test("PIN 3333 (fabrication key only) sees the Fabrication tile, not 'No Access Configured', and it opens /fabrication", async ({ page, js }) => {
    await signInFromHeader(page, js, { name: "Aisha Khan", pin: "3333" });
    const tile = page.getByTestId("tile-fabrication");
    await expect(tile).toBeVisible();
    await expect(tile).toContainText("Fabrication");
    await expect(tile).toContainText("Interior and exterior fabrication stations");
    await expect(page.locator('[data-testid^="tile-"]')).toHaveCount(1);
    await expect(page.getByText("No Access Configured")).toHaveCount(0);
    await expect(page.getByText("Select a department and enter your PIN to access workflows")).toBeVisible();

    await tile.click();
    await expect(page).toHaveURL(/\/fabrication$/);
    await expect(page.getByRole("heading", { name: "Interior Fabrication" })).toBeVisible();
    const granted = toast(page, js, "Access Granted");
    await expect(granted).toContainText("Accessing Fabrication.");
  });

  test("signed out, the fourth tile asks for a PIN and 3333 lands on /fabrication", async ({ page, js }) => {
    await gotoHome(page, js);
    await expect(page.locator('[data-testid^="tile-"]')).toHaveCount(4);
    await page.getByTestId("tile-fabrication").click();
    if (js) await expect(page.getByRole("dialog", { name: "Access Fabrication" })).toBeVisible();
    else await expect(page).toHaveURL(/\/login\?tile=fabrication$/);
    await expect(pinSurface(page, js).getByText("Access Fabrication")).toBeVisible();
    await enterPin(page, js, "3333");
    await expect(page).toHaveURL(/\/fabrication$/);
    await expect(signedInName(page)).toHaveText("Aisha Khan");
  });
});

test.describe("the side menu", () => {
  test("opens with a backdrop; Escape and a click outside close it (JavaScript); the trigger toggles it without", async ({ page, js, baseURL }) => {
    await signInByApi(page, DEMO.admin.pin, baseURL!);
    await visit(page, js, "/");
    const trigger = page.getByRole("banner").getByLabel("Open menu");
    const menu = page.getByRole("navigation", { name: "Main menu" });
    const backdrop = page.getByTestId("side-menu-backdrop");
    await expect(menu).toBeHidden();
    await expect(backdrop).toBeHidden();

    await trigger.click();
    await expect(menu).toBeVisible();
    await expect(backdrop).toBeVisible();

    if (js) {
      await page.keyboard.press("Escape");
      await expect(menu).toBeHidden();
      await expect(backdrop).toBeHidden();
      await expect(trigger).toBeFocused();

      await trigger.click();
      await expect(menu).toBeVisible();
      // A click on the page beside the menu (on the backdrop) closes it and does nothing else.
      const width = page.viewportSize()!.width;
      await page.mouse.click(width - 20, 400);
      await expect(menu).toBeHidden();
      await expect(page).toHaveURL(/\/$/);

      // A click inside the menu does not close it.
      await trigger.click();
      await menu.getByText("Manufacturing flow operational").click();
      await expect(menu).toBeVisible();
    } else {
      // Without JavaScript the <details> trigger stays above the backdrop: a second click closes the menu.
      await trigger.click();
      await expect(menu).toBeHidden();
      await trigger.click();
      await expect(menu).toBeVisible();
    }
    await menu.getByRole("link", { name: /Global Settings/ }).click();
    await expect(page).toHaveURL(/\/settings$/);
    await expect(page.getByRole("heading", { name: "Global Settings", level: 1 })).toBeVisible();
    await expect(menu).toBeHidden();
  });
});

test.describe("/login", () => {
  test("JavaScript: the four PIN boxes, auto-submitting, go where the form would (a tile's route, redirectTo)", async ({ page, js }) => {
    if (!js) {
      // Without JavaScript the one-field form stays.
      await page.goto("/login?tile=fabrication");
      await expect(page.locator('input[name="pinCode"]')).toBeVisible();
      await expect(page.getByLabel("PIN digit 1", { exact: true })).toHaveCount(0);
      return;
    }
    await page.goto("/login?tile=fabrication");
    await waitForHydration(page);
    const boxes = page.getByTestId("pin-login");
    await expect(page.getByRole("heading", { name: "Access Fabrication" })).toBeVisible();
    for (const n of [1, 2, 3, 4]) {
      const box = boxes.getByLabel(`PIN digit ${n}`, { exact: true });
      await expect(box).toHaveAttribute("type", "password");
      await expect(box).toHaveAttribute("maxlength", "1");
    }
    await expect(page.locator('input[name="pinCode"]')).toHaveCount(0);
    await expect(boxes.getByLabel("PIN digit 1", { exact: true })).toBeFocused();

    // A wrong PIN: the error, the boxes cleared, the first focused.
    const wrong = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/verify-pin");
    await page.keyboard.type("9999");
    expect((await wrong).status()).toBe(401);
    await expect(boxes.getByRole("alert")).toHaveText("Invalid PIN code");
    for (const n of [1, 2, 3, 4]) await expect(boxes.getByLabel(`PIN digit ${n}`, { exact: true })).toHaveValue("");
    await expect(boxes.getByLabel("PIN digit 1", { exact: true })).toBeFocused();

    // The fourth digit submits, no Continue click.
    await page.keyboard.type("3333");
    await expect(page).toHaveURL(/\/fabrication$/);
    await expect(signedInName(page)).toHaveText("Aisha Khan");
    await expect(toast(page, js, "Access Granted")).toContainText("Accessing Fabrication.");

    await logoutButton(page).click();
    await expect(signedInName(page)).toHaveCount(0);
    await page.goto("/login?redirectTo=%2Fsettings%3Ftab%3Dteam");
    await waitForHydration(page);
    await expect(page.getByRole("heading", { name: "Global Login" })).toBeVisible();
    await expect(page.getByTestId("pin-login").getByLabel("PIN digit 1", { exact: true })).toBeFocused();
    await page.keyboard.type(DEMO.admin.pin);
    await expect(page).toHaveURL(/\/settings\?tab=team$/);
    await expect(page.getByRole("heading", { name: "Global Settings", level: 1 })).toBeVisible();
    await expect(signedInName(page)).toHaveText(DEMO.admin.name);
  });
});

test.describe("product details back link", () => {
  test("management goes back to Settings; others to the item's project", async ({ page, js, baseURL }) => {
    await signInByApi(page, DEMO.admin.pin, baseURL!);
    await visit(page, js, "/products/1");
    const back = page.getByRole("link", { name: "← Back to Settings" });
    await expect(back).toHaveAttribute("href", "/settings");

    await page.context().clearCookies();
    await signInByApi(page, DEMO.james.pin, baseURL!);
    await visit(page, js, "/products/1");
    await expect(page.getByRole("link", { name: /Back to Settings/ })).toHaveCount(0);
    const toProject = page.getByRole("link", { name: "← Back to Project" });
    const projectHref = await page.getByRole("main").locator('dd a[href^="/projects/"]').getAttribute("href");
    expect(projectHref).toMatch(/^\/projects\/\d+$/);
    await expect(toProject).toHaveAttribute("href", projectHref!);

    await visit(page, js, "/products/99999999");
    await expect(page.getByRole("heading", { name: "Product Not Found" })).toBeVisible();
    await expect(page.getByRole("link", { name: "← Back to Home" })).toHaveAttribute("href", "/");
  });
});

test.describe("the department form", () => {
  test("'This department is a machine station' is ticked by default; unticked makes a process department", async ({ page, js, baseURL }) => {
    const name = `E2E Process ${tag()}`;
    await signInByApi(page, DEMO.admin.pin, baseURL!);
    await visit(page, js, "/settings?tab=departments");
    await page.getByRole("link", { name: "Add Department", exact: true }).first().click();
    const form = js ? page.getByRole("dialog", { name: "Add Department" }) : page.getByRole("region", { name: "Add Department" });
    await expect(form).toBeVisible();
    const box = form.getByLabel("This department is a machine station", { exact: true });
    await expect(box).toBeChecked();
    await form.getByLabel("Name", { exact: true }).fill(name);
    await box.uncheck();
    await form.getByRole("button", { name: "Create Department", exact: true }).click();
    await expect(page).toHaveURL(/\/settings\?tab=departments$/);
    const card = page.getByTestId("department-card").filter({ hasText: name });
    await expect(card).toHaveCount(1);
    await expect(card).toContainText("· Process");
    await expect(card).not.toContainText("Machine ·");

    // Clean up.
    await card.getByRole("link", { name: `Delete ${name}` }).click();
    const del = js ? page.getByRole("dialog", { name: "Delete Department" }) : page.getByRole("region", { name: "Delete Department" });
    await del.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByTestId("department-card").filter({ hasText: name })).toHaveCount(0);
  });
});

test("Logout from the phone header ends the session", async ({ page, js }) => {
  await page.setViewportSize({ width: 320, height: 700 });
  await signInFromHeader(page, js, DEMO.maria);
  await logoutButton(page).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(signedInName(page)).toHaveCount(0);
});

test("a photo URL that does not load shows the member's initials, on the card and in the form preview", async ({ page, js, clientIp, baseURL }) => {
  const broken = `https://photos.e2e.test/missing-${tag()}.png`;
  await page.route("https://photos.e2e.test/**", (route) => route.fulfill({ status: 404, body: "" }));
  const api = await adminApi(baseURL!, clientIp);
  const member = await createMember(api, `Brandon ${tag()} Okafor`, ["production"]);
  await api.patch(`/api/team-members/${member.id}`, { data: { profilePhotoUrl: broken } });
  try {
    await signInByApi(page, DEMO.admin.pin, baseURL!);
    await visit(page, js, "/settings?tab=team");
    const card = page.getByTestId("team-member-card").filter({ hasText: member.name });
    await expect(card).toContainText("BO"); // first and last word of "Brandon <tag> Okafor"
    if (js) {
      // The broken image is dropped: only the initials remain.
      await expect(card.locator("img")).toHaveCount(0);
    } else {
      // No script to notice: the image stays, and draws its initials instead of the broken-image icon (CSS).
      await expect(card.locator("img")).toHaveAttribute("data-fallback", "BO");
      await expect(card.locator("img")).toHaveClass(/img-fallback/);
    }

    await visit(page, js, `/settings?tab=team&edit=${member.id}`);
    const preview = page.getByTestId("photo-preview");
    await expect(preview).toContainText("BO");
    if (js) {
      await expect(preview.getByRole("img", { name: "Photo preview" })).toHaveCount(0);
      await page.getByLabel("Name", { exact: true }).fill("Zoe Quinn");
      await expect(preview).toContainText("ZQ");
    } else {
      await expect(preview.getByRole("img", { name: "Photo preview" })).toHaveAttribute("data-fallback", "BO");
    }
  } finally {
    await api.delete(`/api/team-members/${member.id}`);
    await api.dispose();
  }
});
