// PIN typing as the floor does it: the moment /login appears on a slow PC, after a stray letter, and at the speed
// of a keyboard-wedge scanner.
import { SOAK } from "../helpers/soak";
import { DEMO, expect, gotoHome, logoutButton, openHeaderLogin, pinDigit, signedInName, test } from "./fixtures";

/** Sign-ins typed the moment /login appears: one per commit, ten under `npm run test:soak`. */
const ROUNDS = SOAK ? 10 : 1;

test.describe("digits typed before the page is interactive", () => {
  test("typed the moment /login appears, with the CPU slowed 4×: every sign-in succeeds (one round; SOAK=1: ten)", { tag: ["@no-js", "@soak"] }, async ({
    page,
    js,
  }) => {
    // Each round is a page load, with the CPU four times slower when JavaScript is on: up to a minute or so a round
    // on a busy test machine.
    test.setTimeout(ROUNDS * 120_000);
    if (js) {
      const cdp = await page.context().newCDPSession(page);
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
    }
    // The server-drawn field (the page's first script, or autofocus without JavaScript, puts the cursor there the
    // moment it is drawn) or, once the page's script has taken over, the first of the four boxes.
    const typingPlace = page.locator('input[name="pinCode"], [aria-label="PIN digit 1"]').first();
    const outcomes: string[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await page.context().clearCookies();
      await page.goto("/login", { waitUntil: "commit" });
      // As soon as the cursor is somewhere to type, as a person sees it: long before the page's script has run.
      // Generous waits: how fast the page comes is not what this measures.
      await expect(typingPlace, `round ${round}: the cursor in the PIN field`).toBeFocused({ timeout: 60_000 });
      await page.keyboard.type(DEMO.admin.pin);
      if (!js) await page.keyboard.press("Enter");
      const ok = await signedInName(page)
        .filter({ hasText: DEMO.admin.name })
        .waitFor({ timeout: 60_000 })
        .then(
          () => true,
          () => false,
        );
      outcomes.push(ok ? "signed in" : `not signed in (${page.url()})`);
      console.log(`round ${round}: ${outcomes.at(-1)}`);
    }
    const signedIn = outcomes.filter((o) => o === "signed in").length;
    console.log(`${js ? "JavaScript, CPU 4× slower" : "No JavaScript"}: ${signedIn} of ${ROUNDS} sign-ins typed the moment /login appeared`);
    expect(outcomes).toEqual(Array(ROUNDS).fill("signed in"));
  });
});

test("the PIN boxes: a letter typed into a filled box is ignored and the box still takes digits; at keyboard-wedge speed, letters mixed in, the digits still land", async ({
  page,
}) => {
  /** Types `keys`, and returns the PIN the dialog then sent and the server's answer. */
  const sent = async (keys: string, delay?: number) => {
    const request = page.waitForRequest((r) => new URL(r.url()).pathname === "/api/auth/verify-pin");
    await page.keyboard.type(keys, { delay });
    const answer = await (await request).response();
    return { pin: ((await request).postDataJSON() as { pinCode: string }).pinCode, status: answer?.status() };
  };

  await test.step("a letter typed into a filled box is ignored and the box still takes digits", async () => {
    await gotoHome(page, true);
    await openHeaderLogin(page, true);
    await page.keyboard.type("129");
    await expect(pinDigit(page, 4)).toBeFocused();
    // Back to the second box (filled), a stray letter, then the right digits.
    await pinDigit(page, 2).click();
    await page.keyboard.type("x");
    await expect(pinDigit(page, 2)).toHaveValue("2");
    await expect(pinDigit(page, 2)).toBeFocused();
    await page.keyboard.type("2");
    await expect(pinDigit(page, 3)).toBeFocused();
    expect(await sent("34")).toEqual({ pin: DEMO.admin.pin, status: 200 });
    await expect(signedInName(page)).toHaveText(DEMO.admin.name);
  });

  await test.step("signed out again", async () => {
    await logoutButton(page).click();
    await expect(signedInName(page)).toHaveCount(0);
  });

  await test.step("at keyboard-wedge speed, letters mixed in and a filled box to start from, the digits still land", async () => {
    await openHeaderLogin(page, true);
    await page.keyboard.type("7");
    await pinDigit(page, 1).focus();
    // A scanner types with no pause between keys: a letter into the filled first box, then the PIN with letters.
    expect(await sent("q1w2e3r4", 0)).toEqual({ pin: DEMO.admin.pin, status: 200 });
    await expect(signedInName(page)).toHaveText(DEMO.admin.name);
  });
});
