// Live pages: pages that follow the floor without a reload, and scans that survive a network drop. Both need
// JavaScript; without it the pages are as before, each with a Refresh link (the last test, in a browser without
// JavaScript).
import type { Browser, Page } from "@playwright/test";
import { DEMO, expect, test, waitForHydration } from "./fixtures";
import { expectNoSeriousA11yViolations, newLiveItem, signInByApi, visit } from "./helpers";

const newItem = (page: Page, baseURL: string, label: string) => newLiveItem(page, baseURL, "Live", label);

/** A second browser (another station) signed in as `pin`. */
async function station(browser: Browser, baseURL: string, clientIp: string, pin: string) {
  const context = await browser.newContext({ baseURL, extraHTTPHeaders: { "X-Forwarded-For": clientIp } });
  const page = await context.newPage();
  await signInByApi(page, pin, baseURL);
  return { context, page };
}

test("a scan at one station shows by itself on the item, project and floor pages and the TV board at another", async ({
  page,
  browser,
  baseURL,
  clientIp,
  signIn,
}) => {
  // Three browsers and four live pages: on a busy two-core machine this takes a while.
  test.setTimeout(120_000);
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, "station");
  const other = await station(browser, baseURL!, clientIp, DEMO.admin.pin);
  try {
    const watcher = other.page;
    await watcher.goto(`/items/${item.id}`);
    await waitForHydration(watcher);
    await expect(watcher.getByTestId("live-status")).toHaveAttribute("data-status", "live");
    const badge = (text: string) => watcher.locator("main header").getByText(text, { exact: true });
    await expect(badge("Stopped")).toBeVisible();

    // Scans from this station, one after another: the other one shows each (how soon is the benchmark's to say).
    for (const [verb, state] of [
      ["start-timer", "Running"],
      ["end-timer", "Stopped"],
      ["start-timer", "Running"],
    ] as const) {
      expect((await page.request.post(`/api/items/${item.id}/${verb}`, { headers: { origin: item.origin } })).status()).toBe(200);
      await expect(badge(state)).toBeVisible();
    }

    // The project page follows its items; text typed into a field there is kept through the reload.
    await watcher.goto(`/projects/${item.projectId}`);
    await waitForHydration(watcher);
    await expect(watcher.getByTestId("live-status")).toHaveAttribute("data-status", "live");
    await watcher.goto(`/projects/${item.projectId}?dialog=add-item`);
    await waitForHydration(watcher);
    await watcher.getByLabel("Item name").fill("Half-typed name");
    await page.request.post("/api/items", {
      data: { name: "Arrived Live", category: (await (await page.request.get(`/api/items/${item.id}`)).json()).category, projectId: item.projectId },
      headers: { origin: item.origin },
    });
    // (The open dialog hides the page from the accessibility tree, so the row is found by its text.)
    await expect(watcher.locator("td").filter({ hasText: "Arrived Live" })).toHaveCount(1);
    await expect(watcher.getByLabel("Item name")).toHaveValue("Half-typed name");

    // The production floor: a new file on a machine changes its count.
    const machines = (
      (await (await page.request.get("/api/departments")).json()) as { value: string; name: string; isMachine: boolean; isActive: boolean }[]
    ).filter((d) => d.isMachine && d.isActive);
    const machine = machines[0]!;
    await watcher.goto("/production");
    await waitForHydration(watcher);
    await expect(watcher.getByTestId("live-status")).toHaveAttribute("data-status", "live");
    const card = watcher.getByRole("link", { name: new RegExp(machine.name) });
    const before = (await card.textContent()) ?? "";
    const created = await page.request.post("/api/machine-ready-files", {
      data: { name: "Live file", fileName: `live-${Date.now()}.pdf`, machine: machine.value },
      headers: { origin: item.origin },
    });
    expect(created.status()).toBe(201);
    await expect(card).not.toHaveText(before);

    // The TV board, opened with a board link in a browser that never signed in: a scan shows there too.
    const makeLink = await page.request.post("/settings/boards", { form: { intent: "create", name: "E2E TV" }, headers: { origin: item.origin } });
    const link = /data-testid="board-link">([^<]+)</.exec(await makeLink.text())![1]!.replace(/&amp;/g, "&");
    const tvContext = await browser.newContext({ baseURL, viewport: { width: 1920, height: 1080 } });
    try {
      const tv = await tvContext.newPage();
      await tv.goto(link);
      // (The board has no header for waitForHydration; its Live indicator appears once it has hydrated.)
      await expect(tv.getByTestId("live-status")).toHaveAttribute("data-status", "live");
      await expectNoSeriousA11yViolations(tv, "the TV board");
      const col = tv.getByRole("list", { name: /^Running in / }).getByText("Live station", { exact: true });
      const running = (await (await page.request.get(`/api/items/${item.id}`)).json()) as { isTimerActive: boolean };
      await page.request.post(`/api/items/${item.id}/${running.isTimerActive ? "end-timer" : "start-timer"}`, { headers: { origin: item.origin } });
      if (running.isTimerActive) await expect(col).toHaveCount(0);
      else await expect(col).toHaveCount(1);
    } finally {
      await tvContext.close();
    }
  } finally {
    await other.context.close();
  }
});

test("a floor screen asks whether its data changed: scans it does not show cost a 304 each, a new file shows by itself", async ({ page, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, "etag");
  await visit(page, true, "/production");
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");
  const answers: number[] = [];
  page.on("response", (r) => {
    if (new URL(r.url()).pathname === "/production.data") answers.push(r.status());
  });
  // The floor follows items (scans move them between stations) but shows none: after the first reload, which has
  // no validator yet, each reload a scan causes is answered 304 and the page keeps what it shows.
  for (let i = 0; i < 4; i++) {
    const verb = i % 2 === 0 ? "start-timer" : "end-timer";
    expect((await page.request.post(`/api/items/${item.id}/${verb}`, { headers: { origin: item.origin } })).status()).toBe(200);
    await expect.poll(() => answers.length).toBe(i + 1);
  }
  expect(answers).toEqual([200, 304, 304, 304]);
  await expect(page.getByText(/\d+ active stations/)).toBeVisible();
  await expect(page.getByTestId("live-status")).toHaveAttribute("data-status", "live");

  // A new file on a machine is something the floor shows: the next reload is a full answer with it.
  const machine = (
    (await (await page.request.get("/api/departments")).json()) as { value: string; name: string; isMachine: boolean; isActive: boolean }[]
  ).find((d) => d.isMachine && d.isActive)!;
  const card = page.getByRole("link", { name: new RegExp(machine.name) });
  const before = (await card.textContent()) ?? "";
  const created = await page.request.post("/api/machine-ready-files", {
    data: { name: "ETag file", fileName: `etag-${Date.now()}.pdf`, machine: machine.value },
    headers: { origin: item.origin },
  });
  expect(created.status()).toBe(201);
  await expect(card).not.toHaveText(before);
  expect(answers.at(-1)).toBe(200);
});

test("offline: three scans wait on the device, then are applied in order, none lost or doubled", async ({ page, context, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, "offline");
  const other = await newItem(page, baseURL!, "offline-b");
  await signIn(DEMO.james);
  // The item's session began a minute ago, so its next scan is a stop (not a label read twice).
  expect(
    (await page.request.post(`/api/items/${item.id}/start-timer`, { data: { deviceTime: Date.now() - 60_000 }, headers: { origin: item.origin } })).status(),
  ).toBe(200);
  await page.goto("/qr-scanner");
  await waitForHydration(page);
  const field = page.getByLabel("Scan or type a QR code or item ID");

  await context.setOffline(true);
  // The item stops, the other starts, the item starts again.
  for (const id of [item.id, other.id, item.id]) {
    await field.fill(String(id));
    await field.press("Enter");
    await expect(field).toHaveValue("");
  }
  await expect(page.getByTestId("offline-scans")).toContainText("Offline — 3 scans waiting");
  // Nothing reached the server.
  expect(((await (await page.request.get(`/api/items/${item.id}/timer-logs`)).json()) as unknown[]).length).toBe(1);

  await context.setOffline(false);
  await expect(page.getByTestId("offline-scans")).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByText("Processing...")).toHaveCount(0, { timeout: 10_000 });
  const logs = (await (await page.request.get(`/api/items/${item.id}/timer-logs`)).json()) as { action: string }[];
  expect(logs.map((l) => l.action)).toEqual(["start", "stop", "start"]);
  const otherLogs = (await (await page.request.get(`/api/items/${other.id}/timer-logs`)).json()) as { action: string }[];
  expect(otherLogs.map((l) => l.action)).toEqual(["start"]);
  const state = (await (await page.request.get(`/api/items/${item.id}`)).json()) as { isTimerActive: boolean };
  expect(state.isTimerActive).toBe(true);
  await expect(page.getByTestId("scan-result").getByText("Running")).toBeVisible();
});

test("without JavaScript a live page has a Refresh link, which loads the whole page again, and opens no event stream", { tag: "@no-js" }, async ({
  page,
  js,
  baseURL,
  signIn,
}) => {
  test.skip(js, "with JavaScript the pages follow by themselves: the tests above");
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, "nojs");
  // Without JavaScript a page holds no event stream, so any number of tabs open (decision 0027's six-connection
  // limit is a JavaScript matter).
  const streams: string[] = [];
  page.on("request", (r) => {
    if (new URL(r.url()).pathname === "/api/events") streams.push(r.url());
  });
  await visit(page, false, `/items/${item.id}`);
  await expect(page.getByTestId("live-refresh")).toHaveText("Refresh");
  await visit(page, false, "/production");
  const [reloaded] = await Promise.all([page.waitForResponse((r) => new URL(r.url()).pathname === "/production"), page.getByTestId("live-refresh").click()]);
  expect(reloaded.status()).toBe(200);
  // A whole page, as it always was: no validator for a reload that only asks whether it changed.
  expect(reloaded.headers().etag).toBeUndefined();
  await expect(page.getByRole("heading", { level: 1, name: "Production Floor" })).toBeVisible();
  expect(streams).toEqual([]);
});
