// A long dialog on a small screen (the team member form at 390×600), JavaScript on ("js") and off ("no-js"): a
// refused save shows its message where the person is looking — the first error scrolled into view and focused —
// and, with JavaScript, the toast raised while the dialog is open is drawn above the dialog, where it can be read
// and closed (decision 0021). Without JavaScript the form is a panel on the page: where the browser scrolls
// and what it focuses is only seen in a browser, so the walk runs in both.
import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, test, toast } from "./fixtures";
import { visit } from "./helpers";

const PIN_TAKEN = "PIN is already in use by another team member";

/** The element is inside the window and, with JavaScript, inside the dialog's visible part (not scrolled away). */
async function expectInView(target: Locator, js: boolean) {
  await expect(target).toBeInViewport();
  if (!js) return;
  const inside = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const panel = el.closest('[role="dialog"]')!.getBoundingClientRect();
    return box.top >= panel.top && box.bottom <= panel.bottom;
  });
  expect(inside, "inside the dialog's visible part").toBe(true);
}

/** What is drawn at the middle of the element is the element (or inside it): nothing covers it. */
async function expectOnTop(target: Locator) {
  // Where it comes to rest: a toast slides in from the side, and halfway in its middle is off the screen.
  await target.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)));
  const onTop = await target.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    return !!hit && el.contains(hit);
  });
  expect(onTop, "drawn above everything else").toBe(true);
}

/** The Add Team Member form at 390×600, with a new name and the Administrator's PIN (refused: already in use). */
async function openWithTakenPin(page: Page, js: boolean, signIn: (m: typeof DEMO.admin) => Promise<void>) {
  await page.setViewportSize({ width: 390, height: 600 });
  await signIn(DEMO.admin);
  await visit(page, js, "/settings?tab=team&new=1");
  const form = js ? page.getByRole("dialog", { name: "Add Team Member" }) : page.getByRole("region", { name: "Add Team Member" });
  await form.getByLabel("Name", { exact: true }).fill(`Dialog Errors ${js ? "js" : "no-js"} ${Date.now()}`);
  await form.getByLabel("PIN", { exact: true }).fill(DEMO.admin.pin);
  const save = form.getByRole("button", { name: "Add Team Member" });
  await save.scrollIntoViewIfNeeded();
  return { form, save };
}

test("a refused save in a long dialog on a phone: its first error in view and focused, the toast above the dialog and closable", { tag: "@no-js" }, async ({
  page,
  js,
  signIn,
}) => {
  const { form, save } = await openWithTakenPin(page, js, signIn);
  await save.click();
  // The server refuses the whole record: the message at the top of the form, far above the button just pressed.
  const message = form.getByRole("alert").filter({ hasText: PIN_TAKEN });
  await expect(message).toBeVisible();
  await expectInView(message, js);
  await expect(message).toBeFocused();

  if (js) {
    await test.step("the toast raised with it is drawn above the dialog and closes without closing it", async () => {
      const raised = toast(page, js, "Error").filter({ hasText: PIN_TAKEN });
      await expect(raised).toBeVisible();
      await expectOnTop(raised);
      // Closed with its button (a click, although the open dialog turns pointer events off outside itself)...
      await raised.getByRole("button", { name: "Close" }).click();
      await expect(raised).toBeHidden();
      await expect(form).toBeVisible();
      // ...or with Escape: the toast is the top layer, so Escape closes it first and leaves the dialog open.
      await save.click();
      await expect(raised).toBeVisible();
      await expectOnTop(raised);
      await page.keyboard.press("Escape");
      await expect(raised).toBeHidden();
      await expect(form).toBeVisible();
    });
  }

  // A field far down the form: its message is brought into view, and the field is focused (with JavaScript the
  // browser-side check refuses it; without, the server does).
  await form.getByLabel("PIN", { exact: true }).fill("4821");
  await form.getByLabel("Photo URL").fill("ftp://photos.example/me.png");
  await save.click();
  const photoError = form.getByText("Please enter a valid http(s) URL");
  await expect(photoError).toBeVisible();
  await expectInView(photoError, js);
  await expectInView(form.getByLabel("Photo URL"), js);
  // conform's way with JavaScript: the field itself takes the focus; without it the browser focuses the message.
  if (js) await expect(form.getByLabel("Photo URL")).toBeFocused();
  else await expect(photoError).toBeFocused();
});
