// Department work lists (/work/{department}, decision 0037), with JavaScript: a member opens their list from
// Home, starts and stops an item on it without leaving the page and sees it move, and a scan elsewhere shows on the
// open list; an item is put at a Fabrication station from its dialog; on a phone the list is cards that fit the
// screen. Without JavaScript the list is plain forms: tests/request/work-lists-no-js.test.ts (and the floor's smoke
// walk in tests/e2e/timers.e2e.ts).
import type { Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";
import { ageLastStop, ageSession, expectNoSidewaysScroll, visit } from "./helpers";

/** A fresh item in Quality Control on a project of its own, and the department a stop there moves it to. */
async function qcItem(page: Page, baseURL: string, name: string) {
  const origin = new URL(baseURL).origin;
  const headers = { origin };
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string; departmentSequence: string[] }[];
  const category = categories.find((c) => {
    const i = c.departmentSequence.indexOf("quality-control");
    return i >= 0 && i < c.departmentSequence.length - 1;
  })!;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const project = await page.request.post("/api/projects", {
    data: { name: `${name} Job`, description: "Work list", priority: "low", workflowId: workflows[0]!.id },
    headers,
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { id: number }).id;
  const item = await page.request.post("/api/items", { data: { name, category: category.name, projectId, department: "quality-control" }, headers });
  expect(item.status()).toBe(201);
  const { id } = (await item.json()) as { id: number };
  const next = category.departmentSequence[category.departmentSequence.indexOf("quality-control") + 1]!;
  const departments = (await (await page.request.get("/api/departments")).json()) as { value: string; name: string }[];
  return { id, projectId, origin, next, nextName: departments.find((d) => d.value === next)!.name };
}

const itemState = async (page: Page, id: number) =>
  (await (await page.request.get(`/api/items/${id}`)).json()) as { isTimerActive: boolean; department: string };

test("a member opens their list from Home, starts an item there, pauses it (it stays), then Done moves it on, and a scan elsewhere shows on the open list", async ({
  page,
  baseURL,
  signIn,
  appServer,
}) => {
  await signIn(DEMO.admin);
  const name = `Work List Panel ${Date.now()}`;
  const item = await qcItem(page, baseURL!, name);
  // Priya has no department key: Quality Control's list is open to every member.
  await signIn(DEMO.priya);
  // The page's clock is the test's: the running time moves on when the test says so, not by waiting for it.
  await page.clock.install();
  await visit(page, true, "/");
  await page.getByRole("navigation", { name: "Work lists" }).getByRole("link", { name: "Quality Control" }).click();
  await expect(page).toHaveURL(/\/work\/quality-control$/);
  await expect(page.getByRole("heading", { level: 1, name: "Quality Control Work List" })).toBeVisible();
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  const card = page.getByTestId(`work-item-${item.id}`);
  const waiting = page.getByRole("region", { name: /^Waiting/ });
  const running = page.getByRole("region", { name: /^Running now/ });
  await expect(waiting.getByTestId(`work-item-${item.id}`)).toBeVisible();
  await expect(card.getByRole("link", { name: `${name} Job` })).toHaveAttribute("href", `/projects/${item.projectId}`);
  // The list stays the same document: a fetcher, not a page load.
  await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  await test.step("Start: the item runs, by this member, its time counting on the screen", async () => {
    await card.getByRole("button", { name: `Start ${name}` }).click();
    await expect(page.getByText("Timer Started", { exact: true })).toBeVisible();
    await expect(page.getByText(`${name} in Quality Control.`, { exact: true })).toBeVisible();
    await expect(running.getByTestId(`work-item-${item.id}`)).toBeVisible();
    await expect(running.getByTestId(`work-item-${item.id}`)).toContainText(`by ${DEMO.priya.name}`);
    expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: true, department: "quality-control" });
    // 'This session' and 'Total' beside it, both counting.
    const time = page.getByTestId(`work-time-${item.id}`);
    await expect(time).toContainText("This session");
    await expect(time).toContainText("Total");
    const first = await time.textContent();
    await page.clock.runFor(2000);
    await expect(time).not.toHaveText(first!);
  });

  await test.step("on a 360 px phone, Pause: the timer stops and the item stays in Quality Control, its time kept", async () => {
    await page.setViewportSize({ width: 360, height: 800 });
    const runningCard = running.getByTestId(`work-item-${item.id}`);
    const done = runningCard.getByRole("button", { name: `Done → ${item.nextName} ${name}` });
    const pause = runningCard.getByRole("button", { name: `Pause ${name}` });
    for (const button of [done, pause]) expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    await expectNoSidewaysScroll(page);
    await pause.click();
    await expect(page.getByText("Timer Paused", { exact: true })).toBeVisible();
    await expect(page.getByText(`${name} stays in Quality Control.`, { exact: true })).toBeVisible();
    await expect(waiting.getByTestId(`work-item-${item.id}`)).toBeVisible();
    expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: false, department: "quality-control" });
    await waiting
      .getByTestId(`work-item-${item.id}`)
      .getByRole("button", { name: `Start ${name}` })
      .click();
    await expect(running.getByTestId(`work-item-${item.id}`)).toBeVisible();
  });

  await test.step("Done moments after the member's own Start is a second tap: refused, the item keeps running", async () => {
    await page
      .getByTestId(`work-item-${item.id}`)
      .getByRole("button", { name: `Done → ${item.nextName} ${name}` })
      .click();
    await expect(page.getByText("Timer Still Running", { exact: true })).toBeVisible();
    await expect(running.getByTestId(`work-item-${item.id}`)).toBeVisible();
    expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: true, department: "quality-control" });
  });

  await test.step("Done: the item moves on, the page was never left", async () => {
    ageSession(appServer.dataDir, item.id);
    await page
      .getByTestId(`work-item-${item.id}`)
      .getByRole("button", { name: `Done → ${item.nextName} ${name}` })
      .click();
    await expect(page.getByText("Timer Stopped & Advanced", { exact: true })).toBeVisible();
    await expect(page.getByText(`${name} moved to ${item.nextName}.`, { exact: true })).toBeVisible();
    await expect(page.getByTestId(`work-item-${item.id}`)).toHaveCount(0);
    expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: false, department: item.next });
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  });

  await test.step("on the next department's list it waits; a scan elsewhere shows there by itself", async () => {
    await visit(page, true, `/work/${item.next}`);
    await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
    await expect(page.getByRole("region", { name: /^Waiting/ }).getByTestId(`work-item-${item.id}`)).toBeVisible();
    // The QR Timer's scan, from another device, a while after Done moved it here (sooner, the same member's scan
    // would be taken for a second read of that Done).
    ageLastStop(appServer.dataDir, item.id);
    const scan = await page.request.post("/api/scans", { data: { code: String(item.id) }, headers: { origin: item.origin } });
    expect(scan.status()).toBe(200);
    await expect(page.getByRole("region", { name: /^Running now/ }).getByTestId(`work-item-${item.id}`)).toBeVisible();
  });
});

test("an item is put at a Fabrication station from its dialog, and that station's card leads to it; on a phone the list is cards a thumb can hit", async ({
  page,
  baseURL,
  signIn,
}) => {
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string; departmentSequence: string[] }[];
  const project = await page.request.post("/api/projects", {
    data: { name: `Station Job ${Date.now()}`, description: "Stations", priority: "high", workflowId: workflows[0]!.id },
    headers: { origin },
  });
  const name = `Lobby Letters ${Date.now()}`;
  const category = categories.find((c) => c.departmentSequence.includes("fabrication"))!;
  const created = await page.request.post("/api/items", {
    data: { name, category: category.name, projectId: ((await project.json()) as { id: number }).id, department: "fabrication" },
    headers: { origin },
  });
  const { id } = (await created.json()) as { id: number };
  // A name with no spaces must not widen the page.
  const phone = await qcItem(page, baseURL!, `PhoneCard${"X".repeat(120)}${Date.now() % 1000}`);
  await signIn({ name: "Aisha Khan", pin: "3333" });

  await test.step("the Station dialog puts the item at Interior Assembly; the Fabrication page's card leads to it", async () => {
    await visit(page, true, "/work/fabrication?station=none");
    await page
      .getByTestId(`work-item-${id}`)
      .getByRole("link", { name: `Set station for ${name}` })
      .click();
    const dialog = page.getByRole("dialog", { name: `Station for ${name}` });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel("Station").selectOption({ label: "Interior Assembly" });
    await dialog.getByRole("button", { name: "Save station" }).click();
    await expect(page.getByText(`${name} is at Interior Assembly.`, { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/work\/fabrication\?station=none$/);
    // No longer among the items without a station.
    await expect(page.getByTestId(`work-item-${id}`)).toHaveCount(0);

    await visit(page, true, "/fabrication");
    await page.getByRole("link", { name: /^Interior Assembly/ }).click();
    await expect(page).toHaveURL(/\/work\/fabrication\?station=interior-assembly$/);
    await expect(page.getByTestId(`work-item-${id}`)).toContainText("Interior Assembly");
  });

  for (const width of [320, 390]) {
    await test.step(`at ${width} px the list is cards that fit the screen, with targets a thumb can hit`, async () => {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, true, "/work/quality-control");
      const card = page.getByTestId(`work-item-${phone.id}`);
      await expect(card).toBeVisible();
      await expectNoSidewaysScroll(page);
      // A card: the whole width, its facts stacked under the name, the Start button across it.
      const cardBox = (await card.boundingBox())!;
      expect(cardBox.width).toBeGreaterThan(width - 48);
      const start = card.getByRole("button", { name: /^Start / });
      const box = (await start.boundingBox())!;
      expect(box.height).toBeGreaterThanOrEqual(44);
      expect(box.width).toBeGreaterThan(cardBox.width - 60);
      const nameBox = (await card.getByRole("link").first().boundingBox())!;
      expect(nameBox.y).toBeLessThan(box.y);
    });
  }
});

// A Start on a later page: the item is listed under 'Running now' on the first, and the list goes there, so its
// Pause and Done are on the screen (docs/product.md, Department work lists).
test("a Start on page 2 of a list goes to page 1, where the started item is", async ({ page, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const first = await qcItem(page, baseURL!, `E2E Paged ${Date.now()}`);
  const category = ((await (await page.request.get(`/api/items/${first.id}`)).json()) as { category: string }).category;
  for (let i = 0; i < 50; i++) {
    const res = await page.request.post("/api/items", {
      data: { name: `E2E Paged row ${i}`, category, projectId: first.projectId, department: "quality-control" },
      headers: { origin: first.origin },
    });
    expect(res.status()).toBe(201);
  }
  await visit(page, true, "/work/quality-control?page=2");
  const start = page.locator('[data-testid^="work-start-"]').first();
  const id = Number((await start.getAttribute("data-testid"))!.replace("work-start-", ""));
  await start.click();
  await expect(page).toHaveURL(/\/work\/quality-control$/);
  await expect(page.getByTestId(`work-${id}-done`).or(page.getByRole("button", { name: /^Done/ }).first())).toBeVisible();
  await expect(page.locator(`[data-testid="work-item-${id}"]`)).toBeVisible();
  expect(await itemState(page, id)).toMatchObject({ isTimerActive: true });
  expect((await page.request.delete(`/api/projects/${first.projectId}`, { headers: { origin: first.origin } })).status()).toBe(200);
});

// A Start moves its row up to 'Running now', a Pause down among the waiting ones. The page follows the row: left
// where it was, the button under the worker's thumb would be the neighbouring item's, and a reflex second tap would
// start the wrong job. Without JavaScript the redirect lands on the row's fragment: tests/request/work-lists-no-js.test.ts.
test("on a 360 px phone, Start on an item far down the list brings its row into view at its new place, with focus; Pause follows it back", async ({
  page,
  baseURL,
  signIn,
}) => {
  await signIn(DEMO.admin);
  const first = await qcItem(page, baseURL!, `E2E Far ${Date.now()}`);
  const category = ((await (await page.request.get(`/api/items/${first.id}`)).json()) as { category: string }).category;
  const ids = [first.id];
  for (let i = 1; i < 15; i++) {
    const res = await page.request.post("/api/items", {
      data: { name: `E2E Far row ${i}`, category, projectId: first.projectId, department: "quality-control" },
      headers: { origin: first.origin },
    });
    expect(res.status()).toBe(201);
    ids.push(((await res.json()) as { id: number }).id);
  }
  // The last to arrive: the last of these on the list.
  const id = ids.at(-1)!;
  await page.setViewportSize({ width: 360, height: 740 });
  await page.emulateMedia({ reducedMotion: "reduce" });
  await visit(page, true, "/work/quality-control");
  const running = page.getByRole("region", { name: /^Running now/ });
  const waiting = page.getByRole("region", { name: /^Waiting/ });

  await test.step("Start: the started item's row is on the screen and focused, and no other item's button is under the thumb", async () => {
    const start = waiting.getByTestId(`work-item-${id}`).getByRole("button", { name: "Start E2E Far row 14" });
    await start.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(740);
    const box = (await start.boundingBox())!;
    const thumb = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
    await page.mouse.click(thumb.x, thumb.y);
    const row = running.getByTestId(`work-item-${id}`);
    await expect(row).toBeVisible();
    await expect(row).toBeInViewport();
    await expect(row).toBeFocused();
    // A second tap at the same place: nothing of another item's (its Start, Pause or Done).
    const underThumb = () =>
      page.evaluate(({ x, y }) => {
        const button = document.elementFromPoint(x, y)?.closest("button");
        return button?.closest('[data-testid^="work-item-"]')?.getAttribute("data-testid") ?? null;
      }, thumb);
    expect([null, `work-item-${id}`]).toContain(await underThumb());
  });

  await test.step("Pause: the row goes back among the waiting ones, and the page goes with it", async () => {
    await running.getByTestId(`work-item-${id}`).getByRole("button", { name: "Pause E2E Far row 14" }).click();
    const row = waiting.getByTestId(`work-item-${id}`);
    await expect(row).toBeVisible();
    await expect(row).toBeInViewport();
    await expect(row).toBeFocused();
  });
  expect((await page.request.delete(`/api/projects/${first.projectId}`, { headers: { origin: first.origin } })).status()).toBe(200);
});
