// A job's whole life as a shop lives it, on a 360 px phone without JavaScript (docs/product.md, Decisions: Due dates
// and The end of a job): the /login form, Create New Project with its dates, Plan the steps, Add Item, then each
// item's label page (/qr/{id}: Start, Pause, Start, Done) and the QR Timer's typed scan and its Undo, through every
// department until the items finish and the project completes itself. Only the pages' own forms and links; the
// session's start is moved back (ageSession) where a Done would otherwise fall in the double-read window. The rules
// behind each step are request tests (plan-steps, end-of-a-job, floor-no-js); this is the one walk joining them.
import type { Locator, Page } from "@playwright/test";
import { DEMO, expect, pinField, signedInName, test, toast } from "./fixtures";
import { ageLastStop, ageSession, expectNoSidewaysScroll, visit } from "./helpers";

const PP = "Pre-Production";
const PROD = "Production";
const QC = "Quality Control";
/** 'Finished Dec 2, 2026 by Administrator'. */
const FINISHED_BY_ADMIN = /^Finished (\w{3}, )?\w{3} \d+(, \d{4})? by Administrator$/;

/** A floor button is a touch target: 44 px high at least (docs/design.md). */
async function expectTouchTarget(button: Locator, label: string) {
  const box = await button.boundingBox();
  expect(box, `${label} is drawn`).not.toBeNull();
  expect(box!.height, `${label} is ${box!.height} px high`).toBeGreaterThanOrEqual(44);
}

/**
 * The button can be tapped: scrolled towards the middle of the screen as far as the page lets it go, the point at its
 * middle belongs to it and not to something laid over it (a toast drawn without JavaScript cannot be closed: it
 * used to sit over a phone's Undo).
 */
async function expectTappable(page: Page, button: Locator, label: string) {
  const covered = await button.evaluate((el) => {
    el.scrollIntoView({ block: "center" });
    const box = el.getBoundingClientRect();
    const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
    if (!hit || el === hit || el.contains(hit)) return null;
    return `${hit.tagName.toLowerCase()} "${hit.textContent?.trim().slice(0, 60)}"`;
  });
  expect(covered, `${label} on ${new URL(page.url()).pathname} is covered by ${covered}`).toBeNull();
}

test("a job's life on a phone: sign in, create with a due date, plan, add items, Start/Pause/Done on labels, QR Timer undo, finish and complete", {
  tag: "@no-js",
}, async ({ page, js, appServer }) => {
  test.skip(js, "the walk without JavaScript; tests/e2e/end-of-a-job.e2e.ts is the one with it");
  await page.setViewportSize({ width: 360, height: 780 });
  const stamp = Date.now();
  const name = `E2E Job life ${stamp}`;
  const day = (offset: number) => new Date(stamp + offset * 86_400_000).toISOString().slice(0, 10);
  const start = day(0);
  const due = day(40);
  // 'Jan 11, 2027': the day typed, as the Timeline card writes it.
  const dueText = new Date(`${due}T12:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

  await test.step("sign in on the /login form as the Administrator", async () => {
    await visit(page, js, "/login");
    await pinField(page).fill(DEMO.admin.pin);
    await page.getByRole("main").getByRole("button", { name: "Continue" }).click();
    await expect(signedInName(page)).toHaveText(DEMO.admin.name);
    await expectNoSidewaysScroll(page);
  });

  let projectPath = "";
  await test.step("Create New Project with a start date, a due date, a customer and a workflow: its Timeline says Due", async () => {
    await visit(page, js, "/projects");
    await page.getByRole("link", { name: "New Project" }).click();
    const panel = page.getByRole("region", { name: "Create New Project" });
    await expect(panel).toBeVisible();
    await expectNoSidewaysScroll(page);
    await panel.getByLabel("Project name").fill(name);
    // Print Only (Pre-Production → Production → Quality Control): the demo's shortest workflow, and the
    // Vinyl Banner products below pass the same three departments, so every step follows its items to the end.
    await panel.getByLabel("Project workflow").selectOption({ label: "Print Only" });
    await panel.getByLabel("Start date (optional)").fill(start);
    await panel.getByLabel("Due date (optional)").fill(due);
    await panel.getByLabel("Customer (optional)").fill(`Customer ${stamp}`);
    await panel.getByRole("button", { name: "Create Project" }).click();
    await expect(page).toHaveURL(/\/projects\/\d+$/);
    projectPath = new URL(page.url()).pathname;
    await expect(toast(page, js, "Success")).toContainText("Project created successfully!");
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText(`Customer: Customer ${stamp}`)).toBeVisible();
    await expect(page.getByTestId("timeline-due")).toHaveText(`Due ${dueText}`);
    await expectNoSidewaysScroll(page);
  });

  await test.step("Plan the steps: the notice says what it set and every step has dates", async () => {
    const offer = page.getByRole("region", { name: /^Due / });
    await expect(offer).toContainText("The steps have no dates yet.");
    const plan = offer.getByRole("button", { name: "Plan the steps" });
    await expectTouchTarget(plan, "Plan the steps");
    await plan.click();
    await expect(toast(page, js, "Steps planned")).toContainText(
      new RegExp(`Planned 3 steps: ${PP} \\w{3} \\d+( – \\w{3} \\d+)?, ${PROD} \\w{3} \\d+( – \\w{3} \\d+)?, ${QC} \\w{3} \\d+`),
    );
    await expect(page.getByRole("region", { name: /^Due / })).toHaveCount(0);
    const steps = page.getByRole("region", { name: "Workflow Steps" });
    for (const department of [PP, PROD, QC]) {
      const row = steps.getByRole("row", { name: new RegExp(`^Department ${department} Start Date`) });
      await expect(row.getByRole("cell", { name: /^Start Date/ })).toHaveAccessibleName(/^Start Date \w{3}, \w{3} \d+$/);
      await expect(row.getByRole("cell", { name: /^End Date/ })).toHaveAccessibleName(/^End Date \w{3}, \w{3} \d+$/);
    }
    await expect(steps).not.toContainText("Not set");
    await expect(page.getByTestId("timeline-due")).toHaveText(`Due ${dueText}`);
    await expectNoSidewaysScroll(page);
  });

  const items: { name: string; id: number; qr: string }[] = [];
  await test.step("Add Item twice (Vinyl Banner); each QR code names its /qr/{id} address", async () => {
    for (const itemName of ["Front banner", "Back banner"]) {
      await page.getByRole("link", { name: /^Add (First )?Item$/ }).click();
      const panel = page.getByRole("region", { name: "Add Item" });
      await expect(panel).toBeVisible();
      await expectNoSidewaysScroll(page);
      await panel.getByLabel("Item name").fill(itemName);
      await panel.getByLabel("Product category").selectOption({ label: "Vinyl Banner" });
      await panel.getByLabel("Material").selectOption({ label: "13oz Scrim Banner" });
      await panel.getByRole("button", { name: "Create Item" }).click();
      await expect(toast(page, js, "Success")).toContainText("Item created successfully with QR code!");
      await page.getByRole("link", { name: `QR code of ${itemName}` }).click();
      const qr = page.getByRole("region", { name: "QR Code" });
      const address = (await qr.getByText(/\/qr\/\d+$/).textContent())!.trim();
      const id = Number(address.match(/\/qr\/(\d+)$/)![1]);
      items.push({ name: itemName, id, qr: new URL(address).pathname });
      await expectNoSidewaysScroll(page);
      await qr.getByRole("link", { name: "Close" }).click();
    }
    const rows = page.getByRole("region", { name: "Project Items" }).getByRole("row");
    for (const item of items) {
      const row = rows.filter({ has: page.getByRole("cell", { name: `Item Name ${item.name}`, exact: true }) });
      await expect(row.getByRole("cell", { name: /^Current Department/ })).toHaveAccessibleName(`Current Department ${PP}`);
    }
  });
  const [front, back] = items as [(typeof items)[0], (typeof items)[0]];

  const department = page.getByTestId("qr-department");
  const done = page.getByRole("button", { name: /^Done/ });
  const pause = page.getByRole("button", { name: "Pause", exact: true });
  /** On the label's page: Start, then (its session moved past the double-read window) Done. */
  async function startThenDone(item: typeof front, here: string, next: string | null) {
    await visit(page, js, item.qr);
    await expect(department).toHaveText(here);
    // Its last Done was moments ago: past the double-tap window, Start starts it in its new department.
    ageLastStop(appServer.dataDir, item.id);
    await page.getByRole("button", { name: "Start Timer" }).click();
    await expect(toast(page, js, "Timer Started")).toBeVisible();
    ageSession(appServer.dataDir, item.id);
    await expect(done).toHaveText(next ? `Done → ${next}` : "Done — finish item");
    await expectTouchTarget(done, done.toString());
    await expectTouchTarget(pause, "Pause");
    await expectTappable(page, done, "Done");
    await expectNoSidewaysScroll(page);
    await done.click();
    if (next) {
      await expect(toast(page, js, "Timer Stopped & Advanced")).toBeVisible();
      await expect(department).toHaveText(next);
    } else {
      await expect(toast(page, js, "Final Department")).toBeVisible();
    }
  }

  await test.step(`${front.name}'s label: Start, Pause keeps it in ${PP}, Start again, Done → ${PROD}`, async () => {
    await visit(page, js, front.qr);
    await expect(page.getByRole("heading", { level: 1, name: front.name })).toBeVisible();
    await expect(department).toHaveText(PP);
    await expectNoSidewaysScroll(page);
    await page.getByRole("button", { name: "Start Timer" }).click();
    await expect(toast(page, js, "Timer Started")).toBeVisible();
    await expect(page.getByText("Running", { exact: true })).toBeVisible();
    await expect(done).toHaveText(`Done → ${PROD}`);
    await expect(page.getByText(`Done moves it to ${PROD}. Pause keeps it in ${PP}.`)).toBeVisible();
    await expectTouchTarget(done, "Done");
    await expectTouchTarget(pause, "Pause");
    await expectTappable(page, pause, "Pause");
    await expectNoSidewaysScroll(page);
    await pause.click();
    await expect(toast(page, js, "Timer Paused")).toContainText(`${front.name} stays in ${PP}.`);
    await expect(department).toHaveText(PP);
    await expect(page.getByText("Stopped", { exact: true })).toBeVisible();
    await expect(pause).toHaveCount(0);
    await startThenDone(front, PP, PROD);
  });

  await test.step(`the QR Timer: ${back.name}'s id typed stops and advances it; Undo keeps it in ${PP}`, async () => {
    await visit(page, js, back.qr);
    await page.getByRole("button", { name: "Start Timer" }).click();
    await expect(toast(page, js, "Timer Started")).toBeVisible();
    ageSession(appServer.dataDir, back.id);
    await page.getByRole("link", { name: "Scan another item" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "QR Timer" })).toBeVisible();
    await page.getByLabel("Scan or type a QR code or item ID").fill(String(back.id));
    await page.getByRole("button", { name: "Process" }).click();
    await expect(toast(page, js, "Timer Stopped & Advanced")).toContainText(`${back.name} moved to ${PROD}.`);
    await expect(page.getByTestId("scan-department")).toHaveText(PROD);
    const undo = page.getByRole("button", { name: `Undo — keep it in ${PP}` });
    await expectTouchTarget(undo, "Undo");
    await expectNoSidewaysScroll(page);
    await expectTappable(page, undo, "Undo");
    await undo.click();
    await expect(page.getByTestId("scan-department")).toHaveText(PP);
    await expect(page.getByTestId("scan-undo")).toHaveCount(0);
    await expectNoSidewaysScroll(page);
    await visit(page, js, back.qr);
    await expect(department).toHaveText(PP);
    await expect(page.getByRole("button", { name: "Start Timer" })).toBeVisible();
  });

  await test.step(`both items through every department; Done in ${QC} finishes each`, async () => {
    await startThenDone(back, PP, PROD);
    for (const item of items) await startThenDone(item, PROD, QC);
    for (const item of items) {
      await startThenDone(item, QC, null);
      await expect(page.getByTestId("item-finished")).toHaveText(FINISHED_BY_ADMIN);
    }
    await visit(page, js, `/items/${front.id}`);
    await expect(page.getByTestId("item-finished")).toHaveText(FINISHED_BY_ADMIN);
    await expectNoSidewaysScroll(page);
    // Its timer log, every entry whole at 360 px: who scanned it is not scrolled out of sight.
    const log = page.getByRole("region", { name: "Timer Log" });
    await expect(log.getByRole("cell", { name: /Admin/ }).first()).toBeVisible();
    const outside = await log
      .locator("td")
      .evaluateAll((cells) => cells.filter((c) => c.getBoundingClientRect().right > document.documentElement.clientWidth + 0.5).map((c) => c.textContent));
    expect(outside).toEqual([]);
  });

  await test.step("the project page says it was completed early, every step done", async () => {
    await visit(page, js, projectPath);
    // Finished today, 40 days before the due date.
    await expect(page.getByTestId("project-completed")).toHaveText(/^Completed \w{3}, \w{3} \d+ — \d+ working days? early$/);
    await expect(page.getByText("100% complete · 0 remaining")).toBeVisible();
    await expectNoSidewaysScroll(page);
    // Its six summary cards two to a row at 360 px, not two screens of them one under the other.
    const top = async (title: string) => (await page.getByRole("heading", { level: 2, name: title, exact: true }).first().boundingBox())!.y;
    expect(await top("Priority")).toBe(await top("Timeline"));
    expect(await top("Total Time")).toBe(await top("Items"));
    // An item's buttons side by side across its card, not one under another beside an 'Actions' label.
    const buttonTop = async (name: string) => (await page.getByRole("link", { name, exact: true }).boundingBox())!.y;
    expect(await buttonTop(`QR code of ${front.name}`)).toBe(await buttonTop(`View ${front.name}`));
  });

  // The demo shop is shared by the worker's other tests: the project goes (its items with it).
  const origin = new URL(page.url()).origin;
  expect((await page.request.delete(`/api${projectPath}`, { headers: { origin } })).status()).toBeLessThan(300);
});
