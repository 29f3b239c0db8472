// The project detail screen as a project manager uses it, with JavaScript ("js") and without ("no-js"): steps
// appear from the workflow, a step is scheduled and assigned, the order changes, an item is added, a design PDF is
// uploaded and viewed, the item is deleted.
import { DEMO, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, visit } from "./helpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test("steps, items and the design of a new project", async ({ page, js, baseURL, signIn }) => {
  // The longest scenario of the suite (about eighty steps and a PDF upload): with two workers on two cores it has
  // come near and once past the 60 s default. A step that really fails is still caught by its own 5 s expect.
  test.setTimeout(120_000);
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number; departmentSequence: string[] }[];
  const wf = workflows.find((w) => w.departmentSequence.length >= 2)!;
  const name = `E2E Detail ${js ? "js" : "nojs"} ${Date.now()}`;
  const created = await page.request.post("/api/projects", {
    data: { name, description: "Storefront letters", priority: "rush", workflowId: wf.id },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };

  await visit(page, js, `/projects/${id}`);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText("RUSH", { exact: true })).toBeVisible();
  await expect(page.getByText("Not scheduled")).toBeVisible();
  const rows = page.getByRole("region", { name: "Workflow Steps" }).locator("tbody tr");
  await expect(rows).toHaveCount(wf.departmentSequence.length);
  // axe is a script: the page without JavaScript is checked in a11y.e2e.ts.
  if (js) await expectNoSeriousA11yViolations(page, "project detail");

  // Schedule and assign the first step.
  await rows
    .first()
    .getByRole("link", { name: /^Edit .* step$/ })
    .click();
  await page.getByLabel(/^Start date of /).fill("2026-12-01");
  await page.getByLabel(/^End date of /).fill("2026-12-04");
  await page.getByLabel(/^Completion % of /).fill("50");
  await page
    .getByRole("group", { name: /^Team members on / })
    .getByLabel(DEMO.maria.name)
    .check();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Step Updated").first()).toBeVisible();
  await expect(rows.first()).toContainText("50%");
  await expect(rows.first()).toContainText(DEMO.maria.name);
  await expect(page.getByText("Dec 1, 2026 – Dec 4, 2026")).toBeVisible();

  // Change the dates it now has: the row opens with the saved days, which the save must not take for stale.
  await rows
    .first()
    .getByRole("link", { name: /^Edit .* step$/ })
    .click();
  await expect(page.getByLabel(/^Start date of /)).toHaveValue("2026-12-01");
  await page.getByLabel(/^End date of /).fill("2026-12-09");
  await page.getByLabel(/^Start date of /).fill("2026-12-02");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Dec 2, 2026 – Dec 9, 2026")).toBeVisible();
  await expect(page.getByText("Update Failed")).toHaveCount(0);
  await expect(page.getByText(/changed by someone else/)).toHaveCount(0);

  // Move the second step up: it becomes the first.
  const second = (await rows.nth(1).locator("td").first().innerText()).trim();
  await rows.nth(1).getByRole("button", { name: / up$/ }).click();
  await expect(page.getByText("Workflow steps reordered successfully").first()).toBeVisible();
  await expect(rows.first().locator("td").first()).toHaveText(second);

  // Add an item.
  await page.getByRole("link", { name: "Add First Item" }).click();
  await page.getByLabel("Item name").fill("Letter S");
  await page.getByLabel("Product category").selectOption({ index: 1 });
  await page.getByLabel("Material").selectOption({ index: 1 });
  await page.getByRole("button", { name: "Create Item" }).click();
  await expect(page.getByText("Item created successfully with QR code!").first()).toBeVisible();
  const items = page.getByRole("region", { name: "Project Items" });
  await expect(items.getByRole("cell", { name: "Letter S", exact: true })).toBeVisible();

  // Its QR label, then a reset of its timer.
  await items.getByRole("link", { name: "QR code of Letter S" }).click();
  const qr = js ? page.getByRole("dialog", { name: "QR Code" }) : page.getByRole("region", { name: "QR Code" });
  await expect(qr.getByRole("img", { name: "QR code for Letter S" })).toBeVisible();
  await expect(qr.getByText(/\/qr\/\d+$/)).toBeVisible();
  // The printable labels, in a new tab: the item's from the dialog, then all of the project's from the header.
  const expectPdfLink = async (link: ReturnType<typeof page.getByRole>, href: string) => {
    await expect(link).toHaveAttribute("href", href);
    await expect(link).toHaveAttribute("target", "_blank");
    const res = await page.request.get(href);
    expect(res.headers()["content-type"]).toBe("application/pdf");
    expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
  };
  const itemId = (await qr.getByText(/\/qr\/\d+$/).innerText()).match(/(\d+)$/)![1];
  await expectPdfLink(qr.getByRole("link", { name: "Label PDF" }), `/items/${itemId}/label.pdf`);
  await visit(page, js, `/projects/${id}`);
  await expectPdfLink(page.getByRole("link", { name: "Print all labels" }), `/projects/${id}/labels.pdf`);
  await items.getByRole("link", { name: "Reset timer of Letter S" }).click();
  await page.getByRole("button", { name: "Reset Timer" }).click();
  await expect(page.getByText("Timer reset successfully.").first()).toBeVisible();

  // Upload the design, then view it.
  await page.getByRole("link", { name: "Add Design" }).click();
  await page.locator("input#design-file").setInputFiles({ name: "storefront.pdf", mimeType: "application/pdf", buffer: PDF });
  if (js) await expect(page.getByText("storefront.pdf · 0.00 MB")).toBeVisible();
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByText("Design uploaded successfully!").first()).toBeVisible();
  await page.getByRole("link", { name: "View Design" }).click();
  await expect(page.getByRole("link", { name: "Open in New Tab" })).toBeVisible();
  const proxy = await page.getByRole("link", { name: "Open in New Tab" }).getAttribute("href");
  const pdf = await page.request.get(proxy!);
  expect(pdf.headers()["content-type"]).toBe("application/pdf");
  expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");

  // Delete the item.
  await visit(page, js, `/projects/${id}`);
  await items.getByRole("link", { name: "Delete Letter S" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText("Item deleted successfully").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Add First Item" })).toBeVisible();

  // Delete the project from the list: its steps and design go with it.
  await visit(page, js, `/projects?dialog=delete-project&id=${id}`);
  await page.getByRole("button", { name: "Delete Project" }).click();
  await expect(page.getByText("Project deleted successfully!").first()).toBeVisible();
  expect((await page.request.get(`/api/projects/${id}`)).status()).toBe(404);
  expect((await page.request.get(proxy!)).status()).toBe(404);
});

test("a step save refused because someone else changed the date says so, with the row still open; a live reload reverts nothing", async ({
  page,
  js,
  baseURL,
  signIn,
}) => {
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const created = await page.request.post("/api/projects", {
    data: { name: `E2E Stale step ${js ? "js" : "nojs"} ${Date.now()}`, description: "Pylon", priority: "low", workflowId: workflows[0]!.id },
    headers: { origin },
  });
  const { id } = (await created.json()) as { id: number };
  const [instance] = (await (await page.request.get(`/api/projects/${id}/workflow-instances`)).json()) as { id: number }[];
  const [step] = (await (await page.request.get(`/api/workflow-instances/${instance!.id}/steps`)).json()) as { id: number }[];
  const patch = (data: object) => page.request.patch(`/api/workflow-steps/${step!.id}`, { data, headers: { origin } });
  expect((await patch({ startDate: "2026-12-01", endDate: "2026-12-11" })).status()).toBe(200);

  await visit(page, js, `/projects/${id}?edit-step=${step!.id}`);
  await expect(page.getByLabel(/^Start date of /)).toHaveValue("2026-12-01");
  // Someone else moves the start while this row is open; with JavaScript the page reloads its data live.
  expect((await patch({ startDate: "2026-12-03" })).status()).toBe(200);
  if (js) await expect(page.getByText("Dec 3, 2026 – Dec 11, 2026")).toBeVisible();
  await page.getByLabel(/^Start date of /).fill("2026-12-02");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This workflow step was changed by someone else. Reload to see the latest." })).toBeVisible();
  await expect(page.getByText("Update Failed").first()).toBeVisible();
  await expect(page.getByLabel(/^Start date of /)).toHaveValue("2026-12-02");
  const saved = (await (await page.request.get(`/api/workflow-instances/${instance!.id}/steps`)).json()) as { id: number; startDate: string }[];
  expect(saved.find((s) => s.id === step!.id)!.startDate).toBe("2026-12-03T18:00:00.000Z");

  // Opened again, only the percent is changed while someone else moves the end: both changes stay.
  await visit(page, js, `/projects/${id}?edit-step=${step!.id}`);
  await expect(page.getByLabel(/^End date of /)).toHaveValue("2026-12-11");
  expect((await patch({ endDate: "2026-12-18" })).status()).toBe(200);
  if (js) await expect(page.getByText("Dec 3, 2026 – Dec 18, 2026")).toBeVisible();
  await page.getByLabel(/^Completion % of /).fill("40");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Step Updated").first()).toBeVisible();
  const after = (await (await page.request.get(`/api/workflow-instances/${instance!.id}/steps`)).json()) as {
    id: number;
    endDate: string;
    percentComplete: number;
  }[];
  expect(after.find((s) => s.id === step!.id)).toMatchObject({ endDate: "2026-12-18T18:00:00.000Z", percentComplete: 40 });
  await page.request.delete(`/api/projects/${id}`, { headers: { origin } });
});

test("the label pop-ups fit a phone; Escape and a click outside close them (JavaScript), their button toggles them without", async ({
  page,
  js,
  baseURL,
  signIn,
}) => {
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const added = await page.request.post("/api/label-printers", {
    data: { name: `Pop-up Zebra ${js ? "js" : "no-js"} ${Date.now()}`, host: "127.0.0.1", port: 9100 },
    headers: { origin },
  });
  expect(added.status(), await added.text()).toBe(201);
  const printer = (await added.json()) as { id: number };
  const projects = (await (await page.request.get("/api/projects")).json()) as { id: number }[];
  try {
    for (const width of [390, 320, 1280]) {
      await page.setViewportSize({ width, height: 844 });
      await visit(page, js, `/projects/${projects[0]!.id}`);
      for (const [button, field] of [
        ["Labels on sheets…", "Paper"],
        ["Print to label printer…", "Label printer"],
      ] as const) {
        const popup = page.locator("details", { has: page.getByText(button, { exact: true }) });
        const trigger = popup.locator("summary");
        const panel = popup.getByTestId("popover-panel");
        await trigger.click();
        await expect(panel.getByLabel(field, { exact: true })).toBeVisible();
        const box = (await panel.boundingBox())!;
        expect(box.x, `${button} at ${width} px: left edge`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${button} at ${width} px: right edge`).toBeLessThanOrEqual(width);
        await expectNoSidewaysScroll(page);
        if (js) {
          await page.keyboard.press("Escape");
          await expect(panel).toBeHidden();
          await expect(trigger).toBeFocused();
          // A click beside it closes it too; a click inside does not.
          await trigger.click();
          await panel.click({ position: { x: 4, y: 4 } });
          await expect(panel).toBeVisible();
          await page.getByRole("heading", { level: 1 }).click();
          await expect(panel).toBeHidden();
        } else {
          await trigger.click();
          await expect(panel).toBeHidden();
        }
      }
      // Opening one closes the other, so an open one never hides the other's button.
      const sheets = page.locator("details", { has: page.getByText("Labels on sheets…", { exact: true }) });
      const print = page.locator("details", { has: page.getByText("Print to label printer…", { exact: true }) });
      await sheets.locator("summary").click();
      await print.locator("summary").focus();
      await page.keyboard.press("Enter");
      await expect(print.getByTestId("popover-panel")).toBeVisible();
      await expect(sheets.getByTestId("popover-panel")).toBeHidden();
      await print.locator("summary").click();
    }
  } finally {
    await page.request.delete(`/api/label-printers/${printer.id}`, { headers: { origin } });
  }
});

test("a phone shows steps and items as cards without sideways scrolling", async ({ page, js, signIn }) => {
  await page.setViewportSize({ width: 360, height: 800 });
  await signIn(DEMO.admin);
  const projects = (await (await page.request.get("/api/projects")).json()) as { id: number }[];
  await visit(page, js, `/projects/${projects[0]!.id}`);
  await expect(page.getByRole("region", { name: "Workflow Steps" })).toBeVisible();
  await expectNoSidewaysScroll(page);
});

test("an unknown project shows 'Project not found' with Back", async ({ page, js, signIn }) => {
  await signIn(DEMO.james);
  expect(await visit(page, js, "/projects/987654")).toBe(404);
  await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back", exact: true }).click();
  await expect(page).toHaveURL(/\/projects$/);
});

// Row actions are plain links (cheap to render by the thousand). With JavaScript a click must still be an in-app
// navigation that keeps the scroll position: the page is not reloaded (a marker on window survives) and a
// dialog opens where the user was. Without JavaScript the same link is an ordinary page load.
test("an item row's actions navigate in the app without reloading the page", async ({ page, js, signIn }) => {
  await signIn(DEMO.admin);
  const projects = (await (await page.request.get("/api/projects")).json()) as { id: number }[];
  const withItems = [];
  for (const p of projects) {
    const items = (await (await page.request.get(`/api/items?projectId=${p.id}`)).json()) as { id: number; name: string }[];
    if (items.length) withItems.push({ project: p.id, item: items[0]! });
    if (withItems.length) break;
  }
  const { project, item } = withItems[0]!;
  await visit(page, js, `/projects/${project}`);
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
  await page.getByRole("link", { name: `QR code of ${item.name}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`dialog=qr&item=${item.id}$`));
  await expect(page.getByRole(js ? "dialog" : "region", { name: /QR/ }).first()).toBeVisible();
  const marker = await page.evaluate(() => (window as unknown as { marker?: number }).marker);
  expect(marker).toBe(js ? 42 : undefined);
  // View leads to the item's own page.
  await visit(page, js, `/projects/${project}`);
  await page.getByRole("link", { name: `View ${item.name}`, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/items/${item.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: item.name })).toBeVisible();
});
