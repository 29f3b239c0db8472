// Department work lists (/work/{department}, decision 0037), with JavaScript ("js") and without ("no-js"): a
// member opens their list from Home, starts and stops an item on it and sees it move; a scan elsewhere shows on the
// open list; on a phone the list is cards that fit the screen.
import type { Page } from "@playwright/test";
import { DEMO, expect, test } from "./fixtures";
import { expectNoSidewaysScroll, visit } from "./helpers";

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

test("a member opens their list from Home, starts an item there and stops it, and sees it move", async ({ page, js, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const name = `Work List Panel ${js ? "js" : "no-js"} ${Date.now()}`;
  const item = await qcItem(page, baseURL!, name);
  // Priya has no department key: Quality Control's list is open to every member.
  await signIn(DEMO.priya);
  await visit(page, js, "/");
  await page.getByRole("navigation", { name: "Work lists" }).getByRole("link", { name: "Quality Control" }).click();
  await expect(page).toHaveURL(/\/work\/quality-control$/);
  await expect(page.getByRole("heading", { level: 1, name: "Quality Control Work List" })).toBeVisible();
  if (js) await page.locator("html[data-hydrated]").waitFor({ state: "attached" });

  const card = page.getByTestId(`work-item-${item.id}`);
  const waiting = page.getByRole("region", { name: /^Waiting/ });
  const running = page.getByRole("region", { name: /^Running now/ });
  await expect(waiting.getByTestId(`work-item-${item.id}`)).toBeVisible();
  await expect(card.getByRole("link", { name: `${name} Job` })).toHaveAttribute("href", `/projects/${item.projectId}`);
  // With JavaScript the list stays the same document: a fetcher, not a page load.
  if (js) await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

  await card.getByRole("button", { name: `Start ${name}` }).click();
  await expect(page.getByText("Timer Started", { exact: true })).toBeVisible();
  await expect(page.getByText(`${name} in Quality Control.`, { exact: true })).toBeVisible();
  await expect(running.getByTestId(`work-item-${item.id}`)).toBeVisible();
  await expect(running.getByTestId(`work-item-${item.id}`)).toContainText(`by ${DEMO.priya.name}`);
  expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: true, department: "quality-control" });
  if (js) {
    // The time counts on the screen.
    const time = running.getByTestId(`work-item-${item.id}`).locator(".font-mono");
    const first = await time.textContent();
    await expect(time).not.toHaveText(first!, { timeout: 3000 });
  }

  await page
    .getByTestId(`work-item-${item.id}`)
    .getByRole("button", { name: `Stop ${name}` })
    .click();
  await expect(page.getByText("Timer Stopped & Advanced", { exact: true })).toBeVisible();
  await expect(page.getByText(`${name} moved to ${item.nextName}.`, { exact: true })).toBeVisible();
  await expect(page.getByTestId(`work-item-${item.id}`)).toHaveCount(0);
  expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: false, department: item.next });
  if (js) expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
  else await expect(page).toHaveURL(/\/work\/quality-control$/);

  // It is on the next department's list now, waiting.
  await visit(page, js, `/work/${item.next}`);
  await expect(page.getByRole("region", { name: /^Waiting/ }).getByTestId(`work-item-${item.id}`)).toBeVisible();
});

test("a scan elsewhere shows on an open list at once", async ({ page, js, baseURL, signIn }) => {
  test.skip(!js, "without JavaScript a page changes only when it is loaded again (its Refresh link)");
  await signIn(DEMO.admin);
  const name = `Scanned Elsewhere ${Date.now()}`;
  const item = await qcItem(page, baseURL!, name);
  await visit(page, js, "/work/quality-control");
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  await expect(page.getByRole("region", { name: /^Waiting/ }).getByTestId(`work-item-${item.id}`)).toBeVisible();
  // The QR Timer's scan, from another device.
  const scan = await page.request.post("/api/scans", { data: { code: String(item.id) }, headers: { origin: item.origin } });
  expect(scan.status()).toBe(200);
  await expect(page.getByRole("region", { name: /^Running now/ }).getByTestId(`work-item-${item.id}`)).toBeVisible();
});

test("on a phone the list is cards that fit the screen, with targets a thumb can hit", async ({ page, js, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  // A name with no spaces must not widen the page.
  const item = await qcItem(page, baseURL!, `PhoneCard${"X".repeat(120)}${js ? "js" : "nojs"}`);
  for (const width of [320, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await visit(page, js, "/work/quality-control");
    const card = page.getByTestId(`work-item-${item.id}`);
    await expect(card).toBeVisible();
    await expectNoSidewaysScroll(page);
    // A card: the whole width, its facts stacked under the name, the Start button across it.
    const cardBox = (await card.boundingBox())!;
    expect(cardBox.width).toBeGreaterThan(width - 48);
    const start = card.getByRole("button", { name: /^Start / });
    const box = (await start.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.width).toBeGreaterThan(cardBox.width - 60);
    const name = (await card.getByRole("link").first().boundingBox())!;
    expect(name.y).toBeLessThan(box.y);
  }
});

test("an item is put at a Fabrication station, and that station's card on the Fabrication page leads to it", async ({ page, js, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string; departmentSequence: string[] }[];
  const project = await page.request.post("/api/projects", {
    data: { name: `Station Job ${js ? "js" : "no-js"} ${Date.now()}`, description: "Stations", priority: "high", workflowId: workflows[0]!.id },
    headers: { origin },
  });
  const name = `Lobby Letters ${js ? "js" : "no-js"} ${Date.now()}`;
  const category = categories.find((c) => c.departmentSequence.includes("fabrication"))!;
  const created = await page.request.post("/api/items", {
    data: { name, category: category.name, projectId: ((await project.json()) as { id: number }).id, department: "fabrication" },
    headers: { origin },
  });
  const { id } = (await created.json()) as { id: number };
  await signIn({ name: "Aisha Khan", pin: "3333" });
  await visit(page, js, "/work/fabrication?station=none");
  await page
    .getByTestId(`work-item-${id}`)
    .getByRole("link", { name: `Set station for ${name}` })
    .click();
  const dialog = js ? page.getByRole("dialog", { name: `Station for ${name}` }) : page.getByRole("region", { name: `Station for ${name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Station").selectOption({ label: "Interior Assembly" });
  await dialog.getByRole("button", { name: "Save station" }).click();
  await expect(page.getByText(`${name} is at Interior Assembly.`, { exact: true })).toBeVisible();
  await expect(page).toHaveURL(/\/work\/fabrication\?station=none$/);
  // No longer among the items without a station.
  await expect(page.getByTestId(`work-item-${id}`)).toHaveCount(0);

  await visit(page, js, "/fabrication");
  await page.getByRole("link", { name: /^Interior Assembly/ }).click();
  await expect(page).toHaveURL(/\/work\/fabrication\?station=interior-assembly$/);
  await expect(page.getByTestId(`work-item-${id}`)).toContainText("Interior Assembly");
});
