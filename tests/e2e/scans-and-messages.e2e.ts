// A shop's first month at the scanner and the screens around it, with JavaScript ("js") and without ("no-js"): a
// scanner with Caps Lock on, a scan of an unknown item after a good one, a form sent with a used scan id, a label
// read twice while offline, Back and reload after a post, who is offered Reset Timer, and the spec's details
// (step date bounds, the design upload's refusal, 'Final Department').
import type { Page } from "@playwright/test";
import { DEMO, expect, test, waitForHydration } from "./fixtures";
import { visit } from "./helpers";
import { DOUBLE_SCAN } from "~/domain/timer-words";

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
 * One scan on the QR Timer page as the floor makes it: the text and the wedge scanner's Enter, or the Process button
 * without JavaScript. (The text arrives at once: typed key by key on a busy test machine, a pause over 300 ms would
 * make the page process half a label, as it should for a scanner that stopped.)
 */
async function scan(page: Page, js: boolean, text: string) {
  if (js) {
    await field(page).fill(text);
    await field(page).press("Enter");
  } else {
    await field(page).fill(text);
    await page.getByRole("button", { name: "Process" }).click();
  }
}

const running = async (page: Page, id: number) => ((await (await page.request.get(`/api/items/${id}`)).json()) as { isTimerActive: boolean }).isTimerActive;

test("a label read in capitals (Caps Lock on the wedge scanner) is this shop's label", async ({ page, js, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, js ? "caps-js" : "caps-nojs");
  await signIn(DEMO.james);
  await visit(page, js, "/qr-scanner");
  const caps = item.url.toUpperCase();
  expect(caps).toMatch(/^HTTP:\/\/.*\/QR\/\d+$/);
  if (js) {
    // No Enter: a value that looks like a scan is processed by itself, in capitals too.
    await field(page).fill(caps);
  } else await scan(page, js, caps);
  await expect(page.getByText("Timer Started", { exact: true })).toBeVisible();
  await expect(page.getByTestId("scan-result").getByText(item.name)).toBeVisible();
  expect(await running(page, item.id)).toBe(true);
});

test("after 'Item not found' the previous item's card is gone", async ({ page, js, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, js ? "card-js" : "card-nojs");
  await signIn(DEMO.james);
  await visit(page, js, "/qr-scanner");
  await scan(page, js, String(item.id));
  await expect(page.getByTestId("scan-result").getByText(item.name)).toBeVisible();
  await scan(page, js, "987654321");
  await expect(page.getByRole("alert").filter({ hasText: "Item not found. Please check the QR code or item ID and try again." })).toBeVisible();
  await expect(page.getByTestId("scan-result")).toHaveCount(0);
  // Unreadable text too.
  await scan(page, js, String(item.id));
  await expect(page.getByTestId("scan-result").getByText(item.name)).toBeVisible();
  await scan(page, js, '{"type":"item"}');
  await expect(page.getByRole("alert").filter({ hasText: "Invalid QR code format - no item ID found" })).toBeVisible();
  await expect(page.getByTestId("scan-result")).toHaveCount(0);
});

test("the form without JavaScript sent again with a scan id already used says so on the page", async ({ page, js, baseURL, signIn }) => {
  test.skip(js, "with JavaScript every scan gets its own id from the page");
  await signIn(DEMO.admin);
  const first = await newItem(page, baseURL!, "reuse-a");
  const second = await newItem(page, baseURL!, "reuse-b");
  await signIn(DEMO.james);
  // A browser that shows its stored copy of the page (an old one, or Back without asking the server) sends the
  // scan id of that copy again.
  const stored = await (await page.goto("/qr-scanner"))!.text();
  await scan(page, js, String(first.id));
  await expect(page.getByText("Timer Started", { exact: true })).toBeVisible();
  await page.route(
    "**/qr-scanner",
    (route) => (route.request().method() === "GET" ? route.fulfill({ body: stored, contentType: "text/html" }) : route.fallback()),
    { times: 1 },
  );
  await page.goto("/qr-scanner");
  await scan(page, js, String(second.id));
  await expect(page).toHaveURL(/\/qr-scanner$/);
  await expect(page.getByRole("alert").filter({ hasText: "This scan id was already used for another item." })).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "QR Timer" })).toBeVisible();
  expect(await running(page, second.id)).toBe(false);
});

test("a label read twice while offline: one start; the second read's refusal is shown, nothing left waiting", async ({
  page,
  js,
  context,
  baseURL,
  signIn,
}) => {
  test.skip(!js, "the offline queue is JavaScript in the browser");
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, "offline-twice");
  await signIn(DEMO.james);
  await visit(page, js, "/qr-scanner");
  await context.setOffline(true);
  for (let i = 0; i < 2; i++) {
    await field(page).fill(String(item.id));
    await field(page).press("Enter");
    await expect(field(page)).toHaveValue("");
  }
  await expect(page.getByTestId("offline-scans")).toContainText("Offline — 2 scans waiting");
  await context.setOffline(false);
  await expect(page.getByTestId("offline-scans")).toHaveCount(0, { timeout: 10_000 });
  await expect(page.getByRole("alert").filter({ hasText: DOUBLE_SCAN })).toBeVisible({ timeout: 10_000 });
  await expect(page.getByTestId("scan-result").getByText("Running")).toBeVisible();
  const logs = (await (await page.request.get(`/api/items/${item.id}/timer-logs`)).json()) as { action: string }[];
  expect(logs.map((l) => l.action)).toEqual(["start"]);
});

test("/qr/{id}: the stop at the final department says 'Final Department', once — a reload does not say it again", async ({ page, js, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, js ? "final-js" : "final-nojs", true);
  // Its session began a minute ago, so this member's Stop is not a double tap.
  expect(
    (await page.request.post(`/api/items/${item.id}/start-timer`, { data: { deviceTime: Date.now() - 60_000 }, headers: { origin: item.origin } })).status(),
  ).toBe(200);
  await visit(page, js, `/qr/${item.id}`);
  await page.getByRole("button", { name: "Stop Timer" }).click();
  // .first(): while the toast is announced, its text is also in the screen reader's live region for a moment.
  await expect(page.getByText(`${item.name} stays in`).first()).toBeVisible();
  await expect(page.getByText("Final Department", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Timer Stopped & Advanced")).toHaveCount(0);
  await expect(page).toHaveURL(new RegExp(`/qr/${item.id}$`));
  // Someone starts it again; this phone reloads: the old result is not shown as if it had just happened.
  expect((await page.request.post(`/api/items/${item.id}/start-timer`, { headers: { origin: item.origin } })).status()).toBe(200);
  await page.reload();
  if (js) await waitForHydration(page);
  await expect(page.getByRole("button", { name: "Stop Timer" })).toBeVisible();
  await expect(page.getByText(`${item.name} stays in`)).toHaveCount(0);
  await expect(page.getByText("Final Department", { exact: true })).toHaveCount(1); // the Next Department field
});

test("the QR Timer's result is shown once: a reload shows a fresh scanner", async ({ page, js, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, js ? "once-js" : "once-nojs");
  await signIn(DEMO.james);
  await visit(page, js, "/qr-scanner");
  await scan(page, js, "987654321");
  await expect(page.getByRole("alert").filter({ hasText: "Item not found" })).toBeVisible();
  await scan(page, js, String(item.id));
  await expect(page.getByTestId("scan-result").getByText(item.name)).toBeVisible();
  await expect(page).toHaveURL(/\/qr-scanner$/);
  await page.reload();
  if (js) await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1, name: "QR Timer" })).toBeVisible();
  await expect(page.getByTestId("scan-result")).toHaveCount(0);
  await expect(page.getByText("Timer Started", { exact: true })).toHaveCount(0);
  await expect(page.getByRole("alert")).toHaveCount(0);
});

test("Create Project, then Back: the dialog does not come back with JavaScript, and its toast is not shown again", async ({ page, js, signIn }) => {
  await signIn(DEMO.admin);
  const name = `E2E Back ${js ? "js" : "nojs"} ${Date.now()}`;
  await visit(page, js, "/projects");
  await page.getByRole("link", { name: "New Project" }).click();
  const create = js ? page.getByRole("dialog", { name: "Create New Project" }) : page.getByRole("region", { name: "Create New Project" });
  await create.getByLabel("Project name").fill(name);
  await create.getByLabel("Description").fill("Back button");
  await create.getByLabel("Project workflow").selectOption({ index: 1 });
  await create.getByRole("button", { name: "Create Project" }).click();
  await expect(page).toHaveURL(/\/projects\/\d+$/);
  await expect(page.getByText("Project created successfully!").first()).toBeVisible();
  await page.goBack();
  await expect(page).toHaveURL(/\/projects(\?.*)?$/);
  await expect(page.getByText("Project created successfully!")).toHaveCount(0);
  if (js) {
    // The page the form was sent from was replaced by the new project's: Back goes to the list as it was.
    await expect(page).toHaveURL(/\/projects$/);
    await expect(page.getByRole("dialog", { name: "Create New Project" })).toHaveCount(0);
  }
  // Reload: nothing said again either.
  await page.reload();
  await expect(page.getByText("Project created successfully!")).toHaveCount(0);
  // Created once.
  const body = (await (await page.request.get("/api/projects")).json()) as unknown;
  const list = (Array.isArray(body) ? body : Object.values(body as object).find(Array.isArray)) as { name: string }[];
  expect(list.filter((p) => p.name === name)).toHaveLength(1);
});

test("Reset Timer is offered only to the project keys", async ({ page, js, baseURL, signIn }) => {
  test.setTimeout(120_000);
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, js ? "reset-js" : "reset-nojs");
  await signIn(DEMO.james);
  await visit(page, js, `/items/${item.id}`);
  await expect(page.getByRole("heading", { level: 1, name: item.name })).toBeVisible();
  await expect(page.getByText("Total Time").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Reset Timer" })).toHaveCount(0);
  await visit(page, js, `/items/${item.id}?dialog=reset-timer`);
  await expect(page.getByRole("button", { name: "Reset Timer" })).toHaveCount(0);
  await visit(page, js, `/projects/${item.projectId}`);
  await expect(page.getByRole("region", { name: "Project Items" }).getByText(item.name)).toBeVisible();
  await expect(page.getByRole("link", { name: `Reset timer of ${item.name}` })).toHaveCount(0);

  await signIn(DEMO.maria);
  await visit(page, js, `/projects/${item.projectId}`);
  await page.getByRole("link", { name: `Reset timer of ${item.name}` }).click();
  await page.getByRole("button", { name: "Reset Timer" }).click();
  await expect(page.getByText("Timer reset successfully.").first()).toBeVisible();
  await visit(page, js, `/items/${item.id}`);
  await expect(page.getByRole("link", { name: "Reset Timer" })).toBeVisible();
});

test("step dates: each input bounds the other, within 2000–2099", async ({ page, js, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, js ? "dates-js" : "dates-nojs");
  await visit(page, js, `/projects/${item.projectId}`);
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
  if (js) {
    // As they are typed.
    await expect(end).toHaveAttribute("min", "2026-12-01");
    await expect(start).toHaveAttribute("max", "2026-12-04");
  }
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Step Updated").first()).toBeVisible();
  await rows
    .first()
    .getByRole("link", { name: /^Edit .* step$/ })
    .click();
  await expect(page.getByLabel(/^End date of /)).toHaveAttribute("min", "2026-12-01");
  await expect(page.getByLabel(/^Start date of /)).toHaveAttribute("max", "2026-12-04");
});

test("a design file that is not a PDF is refused with 'Invalid file type'", async ({ page, js, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const item = await newItem(page, baseURL!, js ? "design-js" : "design-nojs");
  await visit(page, js, `/projects/${item.projectId}?dialog=design`);
  // Named and typed as a PDF, but it is a photo: only the server can tell.
  await page.locator("input#design-file").setInputFiles({ name: "proof.pdf", mimeType: "application/pdf", buffer: Buffer.from("\x89PNG\r\n\x1a\n not a pdf") });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Invalid file type", { exact: true }).first()).toBeVisible();
  await expect(page.getByText("Please select a PDF file").first()).toBeVisible();
});
