// Many live tabs in one browser (docs/decisions/0027-shared-live-stream-and-floor-layout.md): a browser allows six
// HTTP/1.1 connections per host, so one event stream per tab left the 7th tab waiting for ever. The tabs of one
// browser now share one stream: a leader tab holds it and passes each notice on; when it goes, another takes over
// and resumes where it left off.
import type { BrowserContext, Page, Request } from "@playwright/test";
import { DEMO, expect, test, waitForHydration } from "./fixtures";
import { newLiveItem } from "./helpers";

const newItem = (page: Page, baseURL: string, label: string) => newLiveItem(page, baseURL, "Tabs", label);

const isStream = (r: Request) => new URL(r.url()).pathname === "/api/events";

/** Every event-stream request the context's tabs make, with the tab that made it. */
function watchStreams(context: BrowserContext) {
  const opened: { page: Page | null; url: URL }[] = [];
  context.on("request", (r) => {
    if (isStream(r)) opened.push({ page: r.frame().page(), url: new URL(r.url()) });
  });
  return opened;
}

/** Opens `path` in a new tab of `context` and waits until the page is live (generously: many tabs share two cores). */
async function openTab(context: BrowserContext, path: string) {
  const tab = await context.newPage();
  await tab.goto(path);
  await waitForHydration(tab);
  await expect(tab.getByTestId("live-status")).toHaveAttribute("data-status", "live", { timeout: 10_000 });
  return tab;
}

const stateBadge = (tab: Page, text: string) => tab.locator("main header").getByText(text, { exact: true });

/**
 * Makes a change with `change`, then waits until every tab has reloaded its data (a request the tab itself makes:
 * it got the notice) and shows `text` in its header. The wait is generous: this is about every tab hearing of the
 * change, not speed, and a test machine with eleven tabs has little CPU to spare.
 */
async function changeSeenBy(tabs: Page[], text: string, change: () => Promise<unknown>) {
  const reloaded = tabs.map((tab) => tab.waitForResponse((r) => new URL(r.url()).pathname.endsWith(".data"), { timeout: 20_000 }));
  await change();
  await Promise.all(reloaded.map((r, i) => r.catch(() => expect.soft(false, `tab ${i + 1} reloaded its data after the change`).toBe(true))));
  for (const [i, tab] of tabs.entries()) await expect(stateBadge(tab, text), `tab ${i + 1} shows '${text}'`).toBeVisible({ timeout: 20_000 });
}

test("ten live tabs share one event stream: an 11th page opens, is live, and every tab shows a scan", async ({ page, context, baseURL, signIn }) => {
  // Eleven hydrated tabs: on a busy two-core machine each takes seconds.
  test.setTimeout(180_000);
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, "eleven");
  const streams = watchStreams(context);
  const tabs: Page[] = [];
  for (let i = 0; i < 10; i++) tabs.push(await openTab(context, `/items/${item.id}`));
  expect(streams.length, "event streams opened by 10 tabs of one browser").toBe(1);

  // The 11th tab, with ten live ones open: with a stream per tab it would wait for a free connection for ever (a
  // browser opens six to one host). How soon it loads is the benchmark's to say.
  tabs.push(await openTab(context, `/items/${item.id}`));
  expect(streams.length, "event streams opened by 11 tabs of one browser").toBe(1);

  for (const tab of tabs) await expect(stateBadge(tab, "Stopped")).toBeVisible({ timeout: 20_000 });
  await changeSeenBy(tabs, "Running", async () =>
    expect((await page.request.post(`/api/items/${item.id}/start-timer`, { headers: { origin: item.origin } })).status()).toBe(200),
  );
  expect(streams.length).toBe(1);
});

test("when the stream's tab closes or leaves, another tab takes it over and resumes after the last notice", async ({ page, context, baseURL, signIn }) => {
  test.setTimeout(90_000);
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, "handover");
  const streams = watchStreams(context);
  const tabs: Page[] = [];
  for (let i = 0; i < 3; i++) tabs.push(await openTab(context, `/items/${item.id}`));
  expect(streams.length).toBe(1);
  const scan = async (verb: "start-timer" | "end-timer") =>
    expect((await page.request.post(`/api/items/${item.id}/${verb}`, { headers: { origin: item.origin } })).status()).toBe(200);

  // A notice before the hand-over, so the tabs know how far they have read.
  await changeSeenBy(tabs, "Running", () => scan("start-timer"));

  // The leader closes; a scan right after it must still reach the others (live, or replayed on resume).
  const leader = streams[0]!.page!;
  expect(tabs).toContain(leader);
  const left = tabs.filter((t) => t !== leader);
  await changeSeenBy(left, "Stopped", async () => {
    await leader.close();
    await scan("end-timer");
  });
  await expect.poll(() => streams.length).toBe(2);
  const second = streams[1]!;
  expect(left).toContain(second.page);
  expect(second.url.searchParams.get("lastEventId"), "the new leader resumes after the last notice seen").toMatch(/^[0-9a-z]+-\d+$/);
  for (const tab of left) await expect(tab.getByTestId("live-status")).toHaveAttribute("data-status", "live");

  // The new leader moves to a page that is not live (in the app, no reload): the last tab takes over.
  const newLeader = second.page!;
  await newLeader.getByRole("link", { name: "Shopflow home" }).click();
  await expect(newLeader.getByRole("heading", { name: "Manufacturing Flow" })).toBeVisible();
  await expect.poll(() => streams.length, { timeout: 10_000 }).toBe(3);
  const last = left.find((t) => t !== newLeader)!;
  expect(streams[2]!.page).toBe(last);
  await changeSeenBy([last], "Running", () => scan("start-timer"));
});

test("a board link's tab has its own shared stream, apart from a member's tabs", async ({ page, context, baseURL, signIn }) => {
  test.setTimeout(90_000);
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, "board");
  const makeLink = await page.request.post("/settings/boards", {
    form: { intent: "create", name: `E2E tabs ${Date.now()}` },
    headers: { origin: item.origin },
  });
  const link = /data-testid="board-link">([^<]+)</.exec(await makeLink.text())![1]!.replace(/&amp;/g, "&");
  const streams = watchStreams(context);
  const member = [await openTab(context, `/items/${item.id}`), await openTab(context, `/items/${item.id}`)];
  const boards: Page[] = [];
  for (let i = 0; i < 2; i++) {
    const tab = await context.newPage();
    await tab.goto(link);
    await expect(tab.getByTestId("live-status")).toHaveAttribute("data-status", "live");
    boards.push(tab);
  }
  const keyed = streams.filter((s) => s.url.searchParams.has("key"));
  expect(keyed.length, "one stream for the board tabs").toBe(1);
  expect(streams.length - keyed.length, "one stream for the member's tabs").toBe(1);

  const boardReloads = boards.map((tab) => tab.waitForResponse((r) => new URL(r.url()).pathname === "/board.data", { timeout: 20_000 }));
  await changeSeenBy(member, "Running", async () => {
    const started = await page.request.post(`/api/items/${item.id}/start-timer`, { headers: { origin: item.origin } });
    expect(started.status(), await started.text()).toBe(200);
  });
  await Promise.all(boardReloads);
  for (const [i, tab] of boards.entries()) {
    await expect(tab.getByRole("list", { name: /^Running in / }).getByText("Tabs board", { exact: true }), `board tab ${i + 1}`).toHaveCount(1, {
      timeout: 20_000,
    });
  }
});

test("a browser without Web Locks or BroadcastChannel keeps one stream per tab", async ({ page, context, baseURL, signIn }) => {
  await context.addInitScript(() => {
    // An older browser: neither API exists.
    delete (Navigator.prototype as { locks?: unknown }).locks;
    delete (globalThis as { BroadcastChannel?: unknown }).BroadcastChannel;
  });
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, "fallback");
  const streams = watchStreams(context);
  const tabs = [await openTab(context, `/items/${item.id}`), await openTab(context, `/items/${item.id}`)];
  expect(streams.length).toBe(2);
  await changeSeenBy(tabs, "Running", () => page.request.post(`/api/items/${item.id}/start-timer`, { headers: { origin: item.origin } }));
});
