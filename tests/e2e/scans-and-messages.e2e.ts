// A shop's first month at the scanner and the screens around it, with JavaScript: a scanner with Caps Lock on, a
// scan of an unknown item after a good one, a label read twice while offline, reload and Back after a post, who is
// offered Reset Timer, and the spec's details (step date bounds, the design upload's refusal, 'Final Department').
// Without JavaScript the same screens are plain forms: tests/request/floor-no-js.test.ts and
// tests/request/scans-and-messages-no-js.test.ts submit them as such a browser does.
import type { Page } from "@playwright/test";
import { DEMO, expect, test, waitForHydration } from "./fixtures";
import { adminApi, ageSession, expectNoSidewaysScroll, visit } from "./helpers";
// The double-read message as the English screen says it (domain/timer-words.ts, doubleScanMessage).
const DOUBLE_SCAN = "Already started — scanned twice? Scan again in a few seconds to stop.";

type Made = { id: number; name: string; projectId: number; origin: string; url: string };

/** A fresh item on a new project, in the first department of a category's sequence (or its last, `atEnd`). */
async function newItem(page: Page, baseURL: string, label: string, atEnd = false): Promise<Made> {
  const origin = new URL(baseURL).origin;
  const headers = { origin };
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string; departmentSequence: string[] }[];
  const category = categories.find((c) => c.departmentSequence.length >= 2)!;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const project = await page.request.post("/api/projects", {
    data: { name: `E2E Scans ${label} ${Date.now()}`, description: "Scans", workflowId: workflows[0]!.id },
    headers,
  });
  expect(project.status()).toBe(201);
  const projectId = ((await project.json()) as { id: number }).id;
  const name = `Scan ${label} ${Date.now() % 100000}`;
  const department = atEnd ? category.departmentSequence.at(-1)! : category.departmentSequence[0]!;
  const item = await page.request.post("/api/items", { data: { name, category: category.name, projectId, department }, headers });
  expect(item.status()).toBe(201);
  const { id } = (await item.json()) as { id: number };
  return { id, name, projectId, origin, url: `${origin}/qr/${id}` };
}

const field = (page: Page) => page.getByLabel("Scan or type a QR code or item ID");

/**
 * One scan on the QR Timer page as the floor makes it: the text and the wedge scanner's Enter. (The text arrives at
 * once: typed key by key on a busy test machine, a pause over 300 ms would make the page process half a label, as it
 * should for a scanner that stopped.)
 */
async function scan(page: Page, text: string) {
  await field(page).fill(text);
  await field(page).press("Enter");
}

const running = async (page: Page, id: number) => ((await (await page.request.get(`/api/items/${id}`)).json()) as { isTimerActive: boolean }).isTimerActive;

test("the scanning pages: a label in capitals, an unknown item after a good one, a reload, 'Final Department', a label read twice offline, an undone scan", async ({
  page,
  context,
  baseURL,
  signIn,
  appServer,
  clientIp,
}) => {
  await signIn(DEMO.admin);
  const caps = await newItem(page, baseURL!, "caps");
  const card = await newItem(page, baseURL!, "card");
  const once = await newItem(page, baseURL!, "once");
  const final = await newItem(page, baseURL!, "final", true);
  const offline = await newItem(page, baseURL!, "offline-twice");
  await signIn(DEMO.james);
  await visit(page, true, "/qr-scanner");

  await test.step("a label read in capitals (Caps Lock on the wedge scanner) is this shop's label, processed without Enter", async () => {
    const label = caps.url.toUpperCase();
    expect(label).toMatch(/^HTTP:\/\/.*\/QR\/\d+$/);
    // No Enter: a value that looks like a scan is processed by itself, in capitals too.
    await field(page).fill(label);
    await expect(page.getByText("Timer Started", { exact: true })).toBeVisible();
    await expect(page.getByTestId("scan-result").getByText(caps.name)).toBeVisible();
    expect(await running(page, caps.id)).toBe(true);
  });

  await test.step("after 'Item not found' or an unreadable label the previous item's card is gone", async () => {
    await scan(page, String(card.id));
    await expect(page.getByTestId("scan-result").getByText(card.name)).toBeVisible();
    await scan(page, "987654321");
    await expect(page.getByRole("alert").filter({ hasText: "Item not found. Please check the QR code or item ID and try again." })).toBeVisible();
    await expect(page.getByTestId("scan-result")).toHaveCount(0);
    await scan(page, String(card.id));
    await expect(page.getByTestId("scan-result").getByText(card.name)).toBeVisible();
    await scan(page, '{"type":"item"}');
    await expect(page.getByRole("alert").filter({ hasText: "Invalid QR code format - no item ID found" })).toBeVisible();
    await expect(page.getByTestId("scan-result")).toHaveCount(0);
  });

  await test.step("the result is shown once: a reload shows a fresh scanner", async () => {
    await scan(page, String(once.id));
    await expect(page.getByTestId("scan-result").getByText(once.name)).toBeVisible();
    await expect(page).toHaveURL(/\/qr-scanner$/);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("heading", { level: 1, name: "QR Timer" })).toBeVisible();
    await expect(page.getByTestId("scan-result")).toHaveCount(0);
    await expect(page.getByText("Timer Started", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  await test.step("/qr/{id}: the stop at the final department says 'Final Department', once — a reload does not say it again", async () => {
    // Its session began a minute ago, so this Stop is not a double tap.
    expect(
      (
        await page.request.post(`/api/items/${final.id}/start-timer`, { data: { deviceTime: Date.now() - 60_000 }, headers: { origin: final.origin } })
      ).status(),
    ).toBe(200);
    await visit(page, true, `/qr/${final.id}`);
    await page.getByRole("button", { name: "Done — finish item" }).click();
    // .first(): while the toast is announced, its text is also in the screen reader's live region for a moment.
    await expect(page.getByText(`${final.name} is finished in`).first()).toBeVisible();
    await expect(page.getByText("Final Department", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Timer Stopped & Advanced")).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/qr/${final.id}$`));
    // That stop finished it (decision 0048). Someone reopens and starts it again; this phone reloads: the old result
    // is not shown as if it had just happened.
    const admin = await adminApi(baseURL!, clientIp);
    expect((await admin.post(`/api/items/${final.id}/reopen`)).status()).toBe(200);
    await admin.dispose();
    expect((await page.request.post(`/api/items/${final.id}/start-timer`, { headers: { origin: final.origin } })).status()).toBe(200);
    await page.reload();
    await waitForHydration(page);
    await expect(page.getByRole("button", { name: "Done — finish item" })).toBeVisible();
    await expect(page.getByText(`${final.name} is finished in`)).toHaveCount(0);
    await expect(page.getByText("Final Department", { exact: true })).toHaveCount(1); // the Next Department field
  });

  await test.step("a label read twice while offline: one start; the second read's refusal is shown, nothing left waiting", async () => {
    await visit(page, true, "/qr-scanner");
    await context.setOffline(true);
    for (let i = 0; i < 2; i++) {
      await scan(page, String(offline.id));
      await expect(field(page)).toHaveValue("");
    }
    await expect(page.getByTestId("offline-scans")).toContainText("Offline — 2 scans waiting");
    await context.setOffline(false);
    await expect(page.getByTestId("offline-scans")).toHaveCount(0, { timeout: 10_000 });
    await expect(page.getByRole("alert").filter({ hasText: DOUBLE_SCAN })).toBeVisible({ timeout: 10_000 });
    await expect(page.getByTestId("scan-result").getByText("Running")).toBeVisible();
    const logs = (await (await page.request.get(`/api/items/${offline.id}/timer-logs`)).json()) as { action: string }[];
    expect(logs.map((l) => l.action)).toEqual(["start"]);
  });

  await test.step("a scan that moved an item on offers 'Undo — keep it in …' in its toast, still after a second read; the undo puts it back", async () => {
    const department = async () => ((await (await page.request.get(`/api/items/${caps.id}`)).json()) as { department: string }).department;
    const before = await department();
    // Its session (started by the first scan) is past the double-read window: this scan stops and advances it.
    ageSession(appServer.dataDir, caps.id);
    await scan(page, String(caps.id));
    await expect(page.getByText("Timer Stopped & Advanced", { exact: true })).toBeVisible();
    expect(await department()).not.toBe(before);
    // The label read again at once: refused as a second read, and the first read's Undo is still offered.
    await scan(page, String(caps.id));
    await expect(page.getByText("Timer Not Started", { exact: true }).first()).toBeVisible();
    await expect(page.getByTestId("scan-undo")).toBeVisible();
    await page
      .getByRole("region", { name: "Notifications (F8)" })
      .getByRole("button", { name: /^Undo — keep it in / })
      .last()
      .click();
    await expect(page.getByText("Scan Undone", { exact: true })).toBeVisible();
    expect(await department()).toBe(before);
    await expect(page.getByTestId("scan-undo")).toHaveCount(0);
  });
});

test("a new project: Create Project then Back brings back neither the dialog nor its toast; its step dates bound each other; a design that is not a PDF is refused", async ({
  page,
  signIn,
}) => {
  await signIn(DEMO.admin);
  const name = `E2E Back ${Date.now()}`;
  let projectPath = "";

  await test.step("Create Project, then Back: the dialog does not come back, and its toast is not shown again", async () => {
    await visit(page, true, "/projects");
    await page.getByRole("link", { name: "New Project" }).click();
    const create = page.getByRole("dialog", { name: "Create New Project" });
    await create.getByLabel("Project name").fill(name);
    await create.getByLabel("Description").fill("Back button");
    await create.getByLabel("Project workflow").selectOption({ index: 1 });
    await create.getByRole("button", { name: "Create Project" }).click();
    await expect(page).toHaveURL(/\/projects\/\d+$/);
    projectPath = new URL(page.url()).pathname;
    await expect(page.getByText("Project created successfully!").first()).toBeVisible();
    await page.goBack();
    // The page the form was sent from was replaced by the new project's: Back goes to the list as it was.
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByText("Project created successfully!")).toHaveCount(0);
    await expect(page.getByRole("dialog", { name: "Create New Project" })).toHaveCount(0);
    // Reload: nothing said again either.
    await page.reload();
    await expect(page.getByText("Project created successfully!")).toHaveCount(0);
    // Created once.
    const body = (await (await page.request.get("/api/projects")).json()) as unknown;
    const list = (Array.isArray(body) ? body : Object.values(body as object).find(Array.isArray)) as { name: string }[];
    expect(list.filter((p) => p.name === name)).toHaveLength(1);
  });

  await test.step("step dates: each input bounds the other as they are typed, within 2000–2099", async () => {
    await visit(page, true, projectPath);
    const rows = page.getByRole("region", { name: "Workflow Steps" }).locator("tbody tr");
    await rows
      .first()
      .getByRole("link", { name: /^Edit .* step$/ })
      .click();
    const start = page.getByLabel(/^Start date of /);
    const end = page.getByLabel(/^End date of /);
    await expect(start).toHaveAttribute("min", "2000-01-01");
    await expect(start).toHaveAttribute("max", "2099-12-31");
    await expect(end).toHaveAttribute("min", "2000-01-01");
    await expect(end).toHaveAttribute("max", "2099-12-31");
    await start.fill("2026-12-01");
    await end.fill("2026-12-04");
    // As they are typed.
    await expect(end).toHaveAttribute("min", "2026-12-01");
    await expect(start).toHaveAttribute("max", "2026-12-04");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("Step Updated").first()).toBeVisible();
    await rows
      .first()
      .getByRole("link", { name: /^Edit .* step$/ })
      .click();
    await expect(page.getByLabel(/^End date of /)).toHaveAttribute("min", "2026-12-01");
    await expect(page.getByLabel(/^Start date of /)).toHaveAttribute("max", "2026-12-04");
  });

  await test.step("a design file that is not a PDF is refused with 'Invalid file type'", async () => {
    await visit(page, true, `${projectPath}?dialog=design`);
    // Named and typed as a PDF, but it is a photo: only the server can tell.
    await page
      .locator("input#design-file")
      .setInputFiles({ name: "proof.pdf", mimeType: "application/pdf", buffer: Buffer.from("\x89PNG\r\n\x1a\n not a pdf") });
    await page.getByRole("button", { name: "Upload", exact: true }).click();
    await expect(page.getByText("Invalid file type", { exact: true }).first()).toBeVisible();
    await expect(page.getByText("Please select a PDF file").first()).toBeVisible();
  });
});

test("Reset Timer is offered only to the project keys", async ({ page, baseURL, signIn }) => {
  test.setTimeout(120_000);
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, "reset");
  await signIn(DEMO.james);
  await visit(page, true, `/items/${item.id}`);
  await expect(page.getByRole("heading", { level: 1, name: item.name })).toBeVisible();
  await expect(page.getByText("Total Time").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Reset Timer" })).toHaveCount(0);
  await visit(page, true, `/items/${item.id}?dialog=reset-timer`);
  await expect(page.getByRole("button", { name: "Reset Timer" })).toHaveCount(0);
  await visit(page, true, `/projects/${item.projectId}`);
  await expect(page.getByRole("region", { name: "Project Items" }).getByText(item.name)).toBeVisible();
  await expect(page.getByRole("link", { name: `Reset timer of ${item.name}` })).toHaveCount(0);

  await signIn(DEMO.maria);
  await visit(page, true, `/projects/${item.projectId}`);
  await page.getByRole("link", { name: `Reset timer of ${item.name}` }).click();
  await page.getByRole("button", { name: "Reset Timer" }).click();
  await expect(page.getByText("Timer reset successfully.").first()).toBeVisible();
  await visit(page, true, `/items/${item.id}`);
  await expect(page.getByRole("link", { name: "Reset Timer" })).toBeVisible();
});

/** Whether two boxes share any area (boxes that only touch do not). */
const overlaps = (a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;

test("on a 360 px phone a scan's toast leaves the field, the status line and the scanned item's card readable", async ({
  page,
  baseURL,
  signIn,
  appServer,
}) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(DEMO.admin);
  const made = await newItem(page, baseURL!, "phone toast");
  await signIn(DEMO.james);
  await visit(page, true, "/qr-scanner");
  const toasts = page.getByRole("region", { name: "Notifications (F8)" });

  const expectClear = async (title: string) => {
    const toastBox = (await toasts.getByRole("listitem").filter({ hasText: title }).boundingBox())!;
    expect(toastBox, `the '${title}' toast is drawn`).not.toBeNull();
    const card = page.getByTestId("scan-result");
    const parts = {
      "the scan field": field(page),
      "the 'Last scanned' line": page.getByText("Last scanned:"),
      "the scanned item's name": card.getByRole("heading", { name: made.name }),
      "the scanned item's department": page.getByTestId("scan-department"),
      "the scanned item's card": card,
    };
    for (const [label, part] of Object.entries(parts)) {
      const box = (await part.boundingBox())!;
      expect(overlaps(toastBox, box), `the '${title}' toast (${JSON.stringify(toastBox)}) covers ${label} (${JSON.stringify(box)})`).toBe(false);
    }
    // The card's name and department are on the screen as the scan leaves it, not only after scrolling.
    for (const part of [parts["the scanned item's name"], parts["the scanned item's department"]]) await expect(part).toBeInViewport({ ratio: 1 });
  };

  await scan(page, String(made.id));
  await expect(toasts.getByText("Timer Started", { exact: true })).toBeVisible();
  await expectClear("Timer Started");

  // The stop's toast is the tallest: it carries 'Undo — keep it in …'.
  ageSession(appServer.dataDir, made.id);
  await scan(page, String(made.id));
  await expect(toasts.getByRole("button", { name: /^Undo — keep it in / })).toBeVisible();
  await expectClear("Timer Stopped & Advanced");
  // Its Close is a finger's size too (docs/design.md: 44 px on phone and floor screens).
  const close = (await toasts.getByRole("button", { name: "Close" }).boundingBox())!;
  expect(Math.min(close.width, close.height)).toBeGreaterThanOrEqual(44);
  await expectNoSidewaysScroll(page);
});

test("without JavaScript on a 360 px phone a scan's message waits below the scanned item's card, not over it @no-js", async ({
  page,
  baseURL,
  signIn,
  appServer,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "with JavaScript the toasts show at the top: the test above");
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(DEMO.admin);
  const made = await newItem(page, baseURL!, "phone toast no-js");
  await signIn(DEMO.james);
  await visit(page, false, "/qr-scanner");
  await scan(page, String(made.id));
  const message = page.getByRole("status").filter({ hasText: "Timer Started" });
  await expect(message).toBeVisible();
  ageSession(appServer.dataDir, made.id);
  await scan(page, String(made.id));
  const stopped = page.getByRole("status").filter({ hasText: "Timer Stopped & Advanced" });
  await expect(stopped).toBeVisible();
  const card = page.getByTestId("scan-result");
  const messageBox = (await stopped.boundingBox())!;
  for (const [label, part] of Object.entries({
    "the scanned item's card": card,
    "the scanned item's name": card.getByRole("heading", { name: made.name }),
    "the scanned item's department": page.getByTestId("scan-department"),
  })) {
    const box = (await part.boundingBox())!;
    expect(overlaps(messageBox, box), `the message (${JSON.stringify(messageBox)}) covers ${label} (${JSON.stringify(box)})`).toBe(false);
  }
  // Scrolled to the end, the message and its Undo are there to read and press.
  await stopped.scrollIntoViewIfNeeded();
  await expect(page.getByRole("button", { name: /^Undo — keep it in / })).toBeInViewport();
  await expectNoSidewaysScroll(page);
});
