// The app shell and Home after the design pass: a header that fits 320 px with any name, the Fabrication tile, the
// side menu's Escape / outside click / backdrop, the four PIN boxes on /login, long names that never widen a page,
// and the department form's machine-station checkbox. The header and Home are the same document with JavaScript off:
// only what differs without it runs in the "no-js" project (the side menu's <details>, Global Settings' Delete
// confirmation as a panel); the rest of those flows without JavaScript (the Fabrication tile, the department form, a
// photo that does not load, the product details back links) is tests/request/shell-no-js.test.ts.
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

test("on a phone (320 and 390 px) a long name truncates and Logout stays whole; the PIN dialog and Logout work there", async ({ page, clientIp, baseURL }) => {
  // Three members at two widths, then a sign-in: on a busy machine this comes near the 60 s a test gets.
  test.slow();
  const api = await adminApi(baseURL!, clientIp);
  const long = await createMember(api, `Alexandra Konstantinopoulou ${tag()}`, ["production"]);
  const unbroken = await createMember(api, `N${tag()}`.padEnd(200, "x"), ["production"]);
  try {
    for (const member of [long, unbroken, { pin: DEMO.admin.pin, name: DEMO.admin.name }]) {
      await test.step(`${member.name.slice(0, 40)}: the header at 320 and 390 px`, async () => {
        await page.setViewportSize({ width: 320, height: 844 });
        await signInByApi(page, member.pin, baseURL!);
        await visit(page, true, "/");
        for (const width of [320, 390]) {
          await page.setViewportSize({ width, height: 844 });
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
      });
    }

    await test.step("Logout works from the phone header", async () => {
      await logoutButton(page).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(signedInName(page)).toHaveCount(0);
    });

    await test.step("at 320 px Maria signs in with the header's PIN dialog, and Logout ends the session", async () => {
      await page.setViewportSize({ width: 320, height: 700 });
      await signInFromHeader(page, true, DEMO.maria);
      await logoutButton(page).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(signedInName(page)).toHaveCount(0);
      expect((await page.request.get("/api/team-members")).status()).toBe(401);
    });
  } finally {
    await api.delete(`/api/team-members/${long.id}`);
    await api.delete(`/api/team-members/${unbroken.id}`);
    await api.dispose();
  }
});

// Without JavaScript the Delete confirmation is a panel in the page, not a dialog: its own layout to check.
test("a 200-character name without spaces never widens Global Settings at 320 px", { tag: "@no-js" }, async ({ page, js, clientIp, baseURL }) => {
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
    await expect(js ? page.getByRole("dialog", { name: "Delete Material" }) : page.getByRole("region", { name: "Delete Material" })).toContainText(name);
    await expectNoSidewaysScroll(page);
  } finally {
    await api.delete(`/api/materials/${material.id}`);
    await api.delete(`/api/team-members/${member.id}`);
    await api.dispose();
  }
});

test("the Fabrication tile (PIN 3333, the fabrication key only), and the /login page's four PIN boxes going where the form would", async ({ page }) => {
  await test.step("signed out, the fourth tile asks for a PIN and 3333 lands on /fabrication", async () => {
    await gotoHome(page, true);
    await expect(page.locator('[data-testid^="tile-"]')).toHaveCount(4);
    await page.getByTestId("tile-fabrication").click();
    await expect(page.getByRole("dialog", { name: "Access Fabrication" })).toBeVisible();
    await expect(pinSurface(page, true).getByText("Access Fabrication")).toBeVisible();
    await enterPin(page, true, "3333");
    await expect(page).toHaveURL(/\/fabrication$/);
    await expect(signedInName(page)).toHaveText("Aisha Khan");
    await expect(toast(page, true, "Access Granted")).toContainText("Accessing Fabrication.");
  });

  await test.step("her Home shows the Fabrication tile, not 'No Access Configured', and it opens /fabrication", async () => {
    await page.getByRole("link", { name: "Shopflow home" }).click();
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
    await expect(toast(page, true, "Access Granted").filter({ hasText: "Accessing Fabrication." }).first()).toBeVisible();
  });

  await test.step("/login?tile=fabrication with JavaScript: four PIN boxes instead of the field, the first focused", async () => {
    await logoutButton(page).click();
    await expect(signedInName(page)).toHaveCount(0);
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
    await expect(toast(page, true, "Access Granted")).toContainText("Accessing Fabrication.");
  });

  await test.step("/login?redirectTo= returns there once signed in", async () => {
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

// Without JavaScript the menu is a <details>: the trigger stays above the backdrop and toggles it.
test("the side menu (management): its entries; it opens with a backdrop; Escape and a click outside close it (JavaScript); the trigger toggles it without", {
  tag: "@no-js",
}, async ({ page, js, baseURL }) => {
  await signInByApi(page, DEMO.admin.pin, baseURL!);
  await visit(page, js, "/");
  const trigger = page.getByRole("banner").getByLabel("Open menu");
  const menu = page.getByRole("navigation", { name: "Main menu" });
  const backdrop = page.getByTestId("side-menu-backdrop");
  await expect(trigger).toBeVisible();
  await expect(menu).toBeHidden();
  await expect(backdrop).toBeHidden();

  await trigger.click();
  await expect(menu).toBeVisible();
  await expect(backdrop).toBeVisible();
  await expect(menu.getByRole("link", { name: /Main Page/ })).toHaveAttribute("href", "/");
  await expect(menu.getByRole("link", { name: /Main Page/ })).toContainText("Department tiles");
  await expect(menu.getByRole("link", { name: /Projects/ })).toHaveAttribute("href", "/projects");
  await expect(menu.getByRole("link", { name: /Projects/ })).toContainText("Manage Projects");
  await expect(menu.getByRole("link", { name: /Global Settings/ })).toHaveAttribute("href", "/settings");
  await expect(menu.getByText("online", { exact: true })).toBeVisible();
  await expect(menu.getByText("Manufacturing flow operational")).toBeVisible();

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
    // A second click on the trigger closes the menu.
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

test("Global Settings as management: the department form's machine-station box, and a photo that does not load shows the member's initials", async ({
  page,
  clientIp,
  baseURL,
}) => {
  // Two settings flows in one page: on a busy machine this comes near the 60 s a test gets.
  test.slow();
  await page.route("https://photos.e2e.test/**", (route) => route.fulfill({ status: 404, body: "" }));
  const api = await adminApi(baseURL!, clientIp);
  const member = await createMember(api, `Brandon ${tag()} Okafor`, ["production"]);
  try {
    await signInByApi(page, DEMO.admin.pin, baseURL!);

    await test.step("'This department is a machine station' is ticked by default; unticked makes a process department", async () => {
      const name = `E2E Process ${tag()}`;
      await visit(page, true, "/settings?tab=departments");
      await page.getByRole("link", { name: "Add Department", exact: true }).first().click();
      const form = page.getByRole("dialog", { name: "Add Department" });
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
      await page.getByRole("dialog", { name: "Delete Department" }).getByRole("button", { name: "Delete", exact: true }).click();
      await expect(page.getByTestId("department-card").filter({ hasText: name })).toHaveCount(0);
    });

    await test.step("a photo URL that does not load: the member's initials, on the card and in the form preview", async () => {
      const broken = `https://photos.e2e.test/missing-${tag()}.png`;
      expect((await api.patch(`/api/team-members/${member.id}`, { data: { profilePhotoUrl: broken } })).status()).toBe(200);
      await visit(page, true, "/settings?tab=team");
      const card = page.getByTestId("team-member-card").filter({ hasText: member.name });
      await expect(card).toContainText("BO"); // first and last word of "Brandon <tag> Okafor"
      // The broken image is dropped: only the initials remain.
      await expect(card.locator("img")).toHaveCount(0);

      await visit(page, true, `/settings?tab=team&edit=${member.id}`);
      const preview = page.getByTestId("photo-preview");
      await expect(preview).toContainText("BO");
      await expect(preview.getByRole("img", { name: "Photo preview" })).toHaveCount(0);
      await page.getByLabel("Name", { exact: true }).fill("Zoe Quinn");
      await expect(preview).toContainText("ZQ");
    });
  } finally {
    await api.delete(`/api/team-members/${member.id}`);
    await api.dispose();
  }
});
