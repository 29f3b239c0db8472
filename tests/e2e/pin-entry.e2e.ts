// PIN typing as the floor does it: the moment /login appears on a slow PC, after a stray letter, and at the speed
// of a keyboard-wedge scanner.
import { DEMO, expect, gotoHome, openHeaderLogin, pinDigit, signedInName, test } from "./fixtures";

test.describe("digits typed before the page is interactive", () => {
  test("typed the moment /login appears, with the CPU slowed 4×: 10 of 10 sign-ins succeed", async ({ page, js }) => {
    // Ten page loads with the CPU four times slower: minutes on a busy test machine.
    test.setTimeout(600_000);
    if (js) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    }
    let signedIn = 0;
    const outcomes: string[] = [];
    for (let round = 1; round <= 10; round++) {
      await page.context().clearCookies();
      await page.goto("/login", { waitUntil: "commit" });
      // As soon as there is somewhere to type (the server-drawn field, long before the page's script has run).
      await page.locator('input[name="pinCode"], [aria-label="PIN digit 1"]').first().waitFor({ state: "attached" });
      await page.keyboard.type(DEMO.admin.pin);
      if (!js) await page.keyboard.press("Enter");
      const ok = await signedInName(page)
        .filter({ hasText: DEMO.admin.name })
        .waitFor({ timeout: 15_000 })
        .then(
          () => true,
          () => false,
        );
      outcomes.push(ok ? "signed in" : `not signed in (${page.url()})`);
      console.log(`round ${round}: ${outcomes.at(-1)}`);
      if (ok) signedIn += 1;
    }
    console.log(`${js ? "JavaScript, CPU 4× slower" : "No JavaScript"}: ${signedIn} of 10 sign-ins typed the moment /login appeared`);
    expect(outcomes).toEqual(Array(10).fill("signed in"));
  });
});

test.describe("PIN boxes", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the four boxes are JavaScript; without it the PIN is one field");

  test("a letter typed into a filled box is ignored and the box still takes digits", async ({ page, js }) => {
    await gotoHome(page, js);
    await openHeaderLogin(page, js);
    await page.keyboard.type("129");
    await expect(pinDigit(page, 4)).toBeFocused();
    // Back to the second box (filled), a stray letter, then the right digits.
    await pinDigit(page, 2).click();
    await page.keyboard.type("x");
    await expect(pinDigit(page, 2)).toHaveValue("2");
    await expect(pinDigit(page, 2)).toBeFocused();
    await page.keyboard.type("2");
    await expect(pinDigit(page, 3)).toBeFocused();
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/verify-pin");
    await page.keyboard.type("34");
    expect((await answered).status()).toBe(200);
    await expect(signedInName(page)).toHaveText(DEMO.admin.name);
  });

  test("at keyboard-wedge speed, letters mixed in and a filled box to start from, the digits still land", async ({ page, js }) => {
    await gotoHome(page, js);
    await openHeaderLogin(page, js);
    await page.keyboard.type("7");
    await pinDigit(page, 1).focus();
    // A scanner types with no pause between keys: a letter into the filled first box, then the PIN with letters.
    const answered = page.waitForResponse((r) => new URL(r.url()).pathname === "/api/auth/verify-pin");
    await page.keyboard.type("q1w2e3r4", { delay: 0 });
    expect((await answered).status()).toBe(200);
    await expect(signedInName(page)).toHaveText(DEMO.admin.name);
  });
});
