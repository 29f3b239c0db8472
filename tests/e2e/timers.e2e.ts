// Items on the floor: a keyboard-wedge scanner on the QR Timer page, the /qr/{id} page a phone camera opens (signed
// out first), the item detail's live timer and reset, and the label download. The phone's walk runs without
// JavaScript too (the floor's smoke walk: the /login form, the label's page, the QR Timer and a work list as plain
// forms in a real browser); the rest of the no-JavaScript floor is tests/request/floor-no-js.test.ts and
// tests/request/work-lists-no-js.test.ts.
import type { Page } from "@playwright/test";
import { DEMO, expect, pinField, test, waitForHydration } from "./fixtures";
import { ageLastStop, ageSession, expectNoSeriousA11yViolations, expectNoSidewaysScroll, visit } from "./helpers";
// The double-read message as the English screen says it (domain/timer-words.ts, doubleScanMessage).
const DOUBLE_SCAN = "Already started — scanned twice? Scan again in a few seconds to stop.";
const DOUBLE_TAP = "Started moments ago — tapped twice? Press Done again in a few seconds to stop.";

/** A wedge scanner's read: the code in one burst, then its Enter (a late Enter on the emptied field is no scan). */
async function scan(page: Page, code: string) {
  await page.keyboard.insertText(code);
  await page.keyboard.press("Enter");
}

/** A fresh item in pre-production on a new project; its category's sequence is pre-production → production → …. */
async function newItem(page: Page, baseURL: string, label: string) {
  const origin = new URL(baseURL).origin;
  const headers = { origin };
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string; departmentSequence: string[] }[];
  const category = categories.find((c) => c.departmentSequence[0] === "pre-production" && c.departmentSequence.length >= 2)!;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const project = await page.request.post("/api/projects", {
    data: { name: `E2E Timer ${label} ${Date.now()}`, description: "Timers", workflowId: workflows[0]!.id },
    headers,
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { id: number }).id;
  const item = await page.request.post("/api/items", {
    data: { name: `Scan Me ${label}`, category: category.name, projectId, department: "pre-production" },
    headers,
  });
  expect(item.status()).toBe(201);
  const { id } = (await item.json()) as { id: number };
  const departments = (await (await page.request.get("/api/departments")).json()) as { value: string; name: string }[];
  const next = category.departmentSequence[1]!;
  const nextName = departments.find((d) => d.value === next)?.name ?? next;
  return { id, origin, next, nextName, url: `${origin}/qr/${id}` };
}

const itemState = async (page: Page, id: number) =>
  (await (await page.request.get(`/api/items/${id}`)).json()) as { isTimerActive: boolean; department: string };

test("a wedge scanner on the QR Timer: a scan starts, a double read is refused, the next stops and advances; scans faster than the answers apply in order", async ({
  page,
  baseURL,
  signIn,
  appServer,
}) => {
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, "wedge");
  const a = await newItem(page, baseURL!, "burst-a");
  const b = await newItem(page, baseURL!, "burst-b");
  // An operator at a station: any signed-in member runs timers.
  await signIn(DEMO.james);
  await visit(page, true, "/qr-scanner");
  await expect(page.getByRole("heading", { level: 1, name: "QR Timer" })).toBeVisible();
  const field = page.getByLabel("Scan or type a QR code or item ID");

  await test.step("the first scan starts, the label read again at once is refused, the next read stops and advances", async () => {
    await expect(field).toBeFocused();
    // A scanner types the label's URL in one burst and stops: processed 300 ms later, no Enter needed. (One input
    // event: Playwright typing key by key on a busy machine can pause past 300 ms, which no scanner does.)
    await page.keyboard.insertText(item.url);
    await expect(page.getByText("Timer Started", { exact: true })).toBeVisible();
    await expect(page.getByTestId("scan-result").getByText("Running")).toBeVisible();
    await expect(field).toHaveValue("");
    await expect(field).toBeFocused();
    await expect(page.getByTestId("last-scanned")).toHaveText(item.url);
    // The scanner reads the label again at once: not a stop.
    await scan(page, item.url);
    await expect(page.getByRole("alert").filter({ hasText: DOUBLE_SCAN })).toBeVisible();
    await expect(page.getByTestId("scan-result").getByText("Running")).toBeVisible();
    expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: true });
    ageSession(appServer.dataDir, item.id);
    await scan(page, item.url);
    await expect(page.getByText("Timer Stopped & Advanced", { exact: true })).toBeVisible();
    await expect(page.getByText(`Scan Me wedge moved to ${item.nextName}.`, { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("scan-department")).toHaveText(item.nextName);
    expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: false });
  });

  await test.step("every §5 message is on the page, not only in a toast; axe finds nothing serious", async () => {
    await field.fill('{"type":"item"}');
    await page.getByRole("button", { name: "Process" }).click();
    await expect(page.getByRole("alert").filter({ hasText: "Invalid QR code format - no item ID found" })).toBeVisible();
    await field.fill("99999999");
    await page.getByRole("button", { name: "Process" }).click();
    await expect(page.getByText("Item not found. Please check the QR code or item ID and try again.")).toBeVisible();
    await expectNoSeriousA11yViolations(page, "QR Timer");
  });

  await test.step("scans faster than the answers are each applied once, in order", async () => {
    // A's session began a minute ago (its own time from the scanner), so scanning it again is a stop.
    expect(
      (await page.request.post(`/api/items/${a.id}/start-timer`, { data: { deviceTime: Date.now() - 60_000 }, headers: { origin: a.origin } })).status(),
    ).toBe(200);
    await field.fill("");
    await field.focus();
    // Three scans with Enter, back to back: A stops, B starts, A starts again.
    for (const url of [a.url, b.url, a.url]) await scan(page, url);
    const actions = async (id: number) => ((await (await page.request.get(`/api/items/${id}/timer-logs`)).json()) as { action: string }[]).map((l) => l.action);
    await expect.poll(() => actions(a.id)).toEqual(["start", "stop", "start"]);
    expect(await actions(b.id)).toEqual(["start"]);
    expect(await itemState(page, a.id)).toMatchObject({ isTimerActive: true });
  });
});

test("the floor from a phone, signed out: the PIN, the label's page (Start, a double tap, Stop), then the QR Timer and the work list", {
  tag: "@no-js",
}, async ({ page, js, baseURL, appServer }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // Sign in through the API only to make the item, then sign out: the phone arrives signed out.
  const api = page.context().request;
  const origin = new URL(baseURL!).origin;
  expect((await api.post("/api/auth/verify-pin", { data: { pinCode: DEMO.admin.pin }, headers: { origin } })).status()).toBe(200);
  const label = js ? "phone-js" : "phone-nojs";
  const item = await newItem(page, baseURL!, label);
  await api.post("/api/auth/logout", { headers: { origin } });

  await test.step("signed out, the label's page asks for the PIN, then comes back", async () => {
    await page.goto(`/qr/${item.id}`);
    await expect(page).toHaveURL(new RegExp(`/login\\?redirectTo=%2Fqr%2F${item.id}$`));
    if (js) {
      await waitForHydration(page);
      await page.getByLabel("PIN digit 1", { exact: true }).click();
      await page.keyboard.type(DEMO.james.pin);
    } else {
      await pinField(page).fill(DEMO.james.pin);
      await pinField(page).press("Enter");
    }
    await expect(page).toHaveURL(new RegExp(`/qr/${item.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: `Scan Me ${label}` })).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  await test.step("Start; a double tap's Done is refused; a later Done advances; a reload changes nothing", async () => {
    await page.getByRole("button", { name: "Start Timer" }).click();
    await expect(page.getByText("Timer Started", { exact: true })).toBeVisible();
    await expect(page.getByText("Running", { exact: true })).toBeVisible();
    // A double tap: Done right after this member's own Start is not taken.
    await page.getByRole("button", { name: /^Done/ }).click();
    // .first(): while the toast is announced, its text is also in the screen reader's live region for a moment.
    await expect(page.getByText(DOUBLE_TAP).first()).toBeVisible();
    expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: true });
    ageSession(appServer.dataDir, item.id);
    await page.getByRole("button", { name: /^Done/ }).click();
    await expect(page.getByText("Timer Stopped & Advanced", { exact: true })).toBeVisible();
    await expect(page.getByTestId("qr-department")).toHaveText(item.nextName);
    // A reload (GET) changes nothing.
    await page.reload();
    expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: false });
    await expect(page.getByRole("button", { name: "Start Timer" })).toBeVisible();
  });

  await test.step("'Scan another item': the QR Timer starts it in its new department", async () => {
    await page.getByRole("link", { name: "Scan another item" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "QR Timer" })).toBeVisible();
    if (js) await waitForHydration(page);
    const field = page.getByLabel("Scan or type a QR code or item ID");
    // Moments after Done moved it on, the same member's scan reads as a second read of that Done: nothing starts.
    await field.fill(String(item.id));
    await page.getByRole("button", { name: "Process" }).click();
    await expect(page.getByText("Timer Not Started", { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/^Just moved to .+ — scanned twice\? Scan again in a few seconds to start it there\.$/).first()).toBeVisible();
    expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: false });
    ageLastStop(appServer.dataDir, item.id);
    await field.fill(String(item.id));
    await page.getByRole("button", { name: "Process" }).click();
    await expect(page.getByText("Timer Started", { exact: true })).toBeVisible();
    await expect(page.getByTestId("scan-result").getByText("Running")).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  await test.step("its department's work list shows it running; Done there moves it on", async () => {
    await visit(page, js, `/work/${item.next}`);
    const card = page.getByRole("region", { name: /^Running now/ }).getByTestId(`work-item-${item.id}`);
    await expect(card).toContainText(DEMO.james.name);
    await expectNoSidewaysScroll(page);
    // Started on the QR Timer moments ago by the same member: a few seconds on, so Done is not taken for a second tap.
    ageSession(appServer.dataDir, item.id);
    await card.getByRole("button", { name: new RegExp(`^Done → .+ Scan Me ${label}$`) }).click();
    await expect(page.getByText("Timer Stopped & Advanced", { exact: true })).toBeVisible();
    await expect(page.getByTestId(`work-item-${item.id}`)).toHaveCount(0);
    expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: false });
    expect((await itemState(page, item.id)).department).not.toBe(item.next);
  });
});

test("item detail: the live timer ticks, Reset Timer clears it, the label downloads", async ({ page, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, "detail");
  expect((await page.request.post(`/api/items/${item.id}/start-timer`, { headers: { origin: item.origin } })).status()).toBe(200);
  // The page's clock is the test's: two seconds pass when the test says so, not by waiting for them.
  await page.clock.install();
  await visit(page, true, `/items/${item.id}`);
  await expect(page.getByRole("heading", { level: 1, name: "Scan Me detail" })).toBeVisible();
  await expect(page.getByTestId("next-department")).toHaveText(item.nextName);
  await expect(page.getByText("Current session start")).toBeVisible();
  const total = page.getByTestId("item-total-time");
  // Ticks every second, counted on the server's clock.
  const first = await total.textContent();
  await page.clock.runFor(2000);
  await expect(total).not.toHaveText(first!);
  await expect(page.getByRole("cell", { name: "Started" })).toBeVisible();

  await page.getByRole("link", { name: "Reset Timer" }).click();
  await expect(page.getByText(/Reset the timer of .* to 00:00:00\?/)).toBeVisible();
  await page.getByRole("button", { name: "Reset Timer" }).click();
  await expect(page.getByText("Timer reset successfully.", { exact: true }).first()).toBeVisible();
  await expect(total).toHaveText("00:00:00");
  expect(await itemState(page, item.id)).toMatchObject({ isTimerActive: false });

  await page.getByRole("link", { name: "QR Code" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^qr-.*\.png$/);
  const bytes = await (await import("node:fs/promises")).readFile((await file.path())!);
  expect(bytes.subarray(1, 4).toString()).toBe("PNG");
});
