// The project detail screen as a project manager uses it with JavaScript: steps appear from the workflow, a step is
// scheduled and assigned, the order changes, an item is added, a design PDF is uploaded and viewed, the item is
// deleted; a stale step save through a live reload; the label pop-ups; row actions as in-app navigations. Without
// JavaScript the same flows go through the page's forms in tests/request/project-detail-no-js.test.ts; the browser
// checks only what a browser shows of the page without JavaScript (the step row's form, the ↑/↓ buttons, the QR
// panel, the phone layout).
import { DEMO, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, visit } from "./helpers";

const PDF = Buffer.from("%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n");

test("steps, items and the design of a new project", async ({ page, baseURL, signIn }) => {
  // The longest scenario of the suite (about eighty steps and a PDF upload): with two workers on two cores it has
  // come near and once past the 60 s default. A step that really fails is still caught by its own 5 s expect.
  test.setTimeout(120_000);
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number; departmentSequence: string[] }[];
  const wf = workflows.find((w) => w.departmentSequence.length >= 2)!;
  const name = `E2E Detail ${Date.now()}`;
  const created = await page.request.post("/api/projects", {
    data: { name, description: "Storefront letters", priority: "rush", workflowId: wf.id },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const rows = page.getByRole("region", { name: "Workflow Steps" }).locator("tbody tr");
  const items = page.getByRole("region", { name: "Project Items" });

  await test.step("the new project's steps come from its workflow", async () => {
    await visit(page, true, `/projects/${id}`);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    await expect(page.getByText("RUSH", { exact: true })).toBeVisible();
    await expect(page.getByText("Not scheduled")).toBeVisible();
    await expect(rows).toHaveCount(wf.departmentSequence.length);
    // The page without JavaScript is checked in a11y.e2e.ts (axe is a script).
    await expectNoSeriousA11yViolations(page, "project detail");
  });

  await test.step("schedule and assign the first step", async () => {
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
  });

  await test.step("change the dates it now has: the saved days are not taken for stale", async () => {
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
  });

  await test.step("move the second step up: it becomes the first", async () => {
    const second = (await rows.nth(1).locator("td").first().innerText()).trim();
    await rows.nth(1).getByRole("button", { name: / up$/ }).click();
    await expect(page.getByText("Workflow steps reordered successfully").first()).toBeVisible();
    await expect(rows.first().locator("td").first()).toHaveText(second);
  });

  await test.step("add an item", async () => {
    await page.getByRole("link", { name: "Add First Item" }).click();
    await page.getByLabel("Item name").fill("Letter S");
    await page.getByLabel("Product category").selectOption({ index: 1 });
    await page.getByLabel("Material").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Create Item" }).click();
    await expect(page.getByText("Item created successfully with QR code!").first()).toBeVisible();
    await expect(items.getByRole("cell", { name: "Letter S", exact: true })).toBeVisible();
  });

  await test.step("its QR label and the project's labels open as PDFs in a new tab", async () => {
    await items.getByRole("link", { name: "QR code of Letter S" }).click();
    const qr = page.getByRole("dialog", { name: "QR Code" });
    await expect(qr.getByRole("img", { name: "QR code for Letter S" })).toBeVisible();
    await expect(qr.getByText(/\/qr\/\d+$/)).toBeVisible();
    const expectPdfLink = async (link: ReturnType<typeof page.getByRole>, href: string) => {
      await expect(link).toHaveAttribute("href", href);
      await expect(link).toHaveAttribute("target", "_blank");
      const res = await page.request.get(href);
      expect(res.headers()["content-type"]).toBe("application/pdf");
      expect((await res.body()).subarray(0, 5).toString()).toBe("%PDF-");
    };
    const itemId = (await qr.getByText(/\/qr\/\d+$/).innerText()).match(/(\d+)$/)![1];
    await expectPdfLink(qr.getByRole("link", { name: "Label PDF" }), `/items/${itemId}/label.pdf`);
    // Escape closes the dialog and leaves its address.
    await page.keyboard.press("Escape");
    await expect(qr).toBeHidden();
    await expect(page).toHaveURL(new RegExp(`/projects/${id}$`));
    await expectPdfLink(page.getByRole("link", { name: "Print all labels" }), `/projects/${id}/labels.pdf`);
  });

  await test.step("reset its timer", async () => {
    await items.getByRole("link", { name: "Reset timer of Letter S" }).click();
    await page.getByRole("button", { name: "Reset Timer" }).click();
    await expect(page.getByText("Timer reset successfully.").first()).toBeVisible();
  });

  let proxy = "";
  await test.step("upload the design, then view it", async () => {
    await page.getByRole("link", { name: "Add Design" }).click();
    await page.locator("input#design-file").setInputFiles({ name: "storefront.pdf", mimeType: "application/pdf", buffer: PDF });
    await expect(page.getByText("storefront.pdf · 0.00 MB")).toBeVisible();
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("Design uploaded successfully!").first()).toBeVisible();
    await page.getByRole("link", { name: "View Design" }).click();
    await expect(page.getByRole("link", { name: "Open in New Tab" })).toBeVisible();
    proxy = (await page.getByRole("link", { name: "Open in New Tab" }).getAttribute("href"))!;
    const pdf = await page.request.get(proxy);
    expect(pdf.headers()["content-type"]).toBe("application/pdf");
    expect((await pdf.body()).subarray(0, 5).toString()).toBe("%PDF-");
  });

  await test.step("delete the item", async () => {
    await visit(page, true, `/projects/${id}`);
    await items.getByRole("link", { name: "Delete Letter S" }).click();
    await page.getByRole("button", { name: "Delete", exact: true }).click();
    await expect(page.getByText("Item deleted successfully").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Add First Item" })).toBeVisible();
  });

  await test.step("delete the project from the list: its steps and design go with it", async () => {
    await visit(page, true, `/projects?dialog=delete-project&id=${id}`);
    await page.getByRole("button", { name: "Delete Project" }).click();
    await expect(page.getByText("Project deleted successfully!").first()).toBeVisible();
    expect((await page.request.get(`/api/projects/${id}`)).status()).toBe(404);
    expect((await page.request.get(proxy)).status()).toBe(404);
  });
});

test("a step save refused because someone else changed the date says so, with the row still open; a live reload reverts nothing", async ({
  page,
  baseURL,
  signIn,
}) => {
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const created = await page.request.post("/api/projects", {
    data: { name: `E2E Stale step ${Date.now()}`, description: "Pylon", priority: "low", workflowId: workflows[0]!.id },
    headers: { origin },
  });
  const { id } = (await created.json()) as { id: number };
  const [instance] = (await (await page.request.get(`/api/projects/${id}/workflow-instances`)).json()) as { id: number }[];
  const [step] = (await (await page.request.get(`/api/workflow-instances/${instance!.id}/steps`)).json()) as { id: number }[];
  const patch = (data: object) => page.request.patch(`/api/workflow-steps/${step!.id}`, { data, headers: { origin } });
  expect((await patch({ startDate: "2026-12-01", endDate: "2026-12-11" })).status()).toBe(200);

  await visit(page, true, `/projects/${id}?edit-step=${step!.id}`);
  await expect(page.getByLabel(/^Start date of /)).toHaveValue("2026-12-01");
  // Someone else moves the start while this row is open; the page reloads its data live (which takes longer than
  // 5 s on a busy machine).
  expect((await patch({ startDate: "2026-12-03" })).status()).toBe(200);
  await expect(page.getByText("Dec 3, 2026 – Dec 11, 2026")).toBeVisible({ timeout: 15_000 });
  await page.getByLabel(/^Start date of /).fill("2026-12-02");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This workflow step was changed by someone else. Reload to see the latest." })).toBeVisible();
  await expect(page.getByText("Update Failed").first()).toBeVisible();
  await expect(page.getByLabel(/^Start date of /)).toHaveValue("2026-12-02");
  const saved = (await (await page.request.get(`/api/workflow-instances/${instance!.id}/steps`)).json()) as { id: number; startDate: string }[];
  expect(saved.find((s) => s.id === step!.id)!.startDate).toBe("2026-12-03T18:00:00.000Z");

  // Opened again, only the percent is changed while someone else moves the end: both changes stay.
  await visit(page, true, `/projects/${id}?edit-step=${step!.id}`);
  await expect(page.getByLabel(/^End date of /)).toHaveValue("2026-12-11");
  expect((await patch({ endDate: "2026-12-18" })).status()).toBe(200);
  await expect(page.getByText("Dec 3, 2026 – Dec 18, 2026")).toBeVisible({ timeout: 15_000 });
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

test("the label pop-ups fit a phone with the steps as cards; Escape and a click outside close them", async ({ page, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const added = await page.request.post("/api/label-printers", {
    data: { name: `Pop-up Zebra ${Date.now()}`, host: "127.0.0.1", port: 9100 },
    headers: { origin },
  });
  expect(added.status(), await added.text()).toBe(201);
  const printer = (await added.json()) as { id: number };
  // A project with items: the label pop-ups are drawn for those only (other tests add empty projects meanwhile).
  const [item] = (await (await page.request.get("/api/items?limit=1")).json()) as { projectId: number }[];
  const withItems = { id: item!.projectId };
  try {
    // One load: the window is resized under the page, as a phone turned or a desktop window narrowed would be.
    await visit(page, true, `/projects/${withItems.id}`);
    for (const width of [390, 320, 1280]) {
      await test.step(`at ${width} px`, async () => {
        await page.setViewportSize({ width, height: 844 });
        await expect(page.getByRole("region", { name: "Workflow Steps" })).toBeVisible();
        await expectNoSidewaysScroll(page);
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
          await page.keyboard.press("Escape");
          await expect(panel).toBeHidden();
          await expect(trigger).toBeFocused();
          // A click beside it closes it too; a click inside does not.
          await trigger.click();
          await panel.click({ position: { x: 4, y: 4 } });
          await expect(panel).toBeVisible();
          await page.getByRole("heading", { level: 1 }).click();
          await expect(panel).toBeHidden();
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
      });
    }
  } finally {
    await page.request.delete(`/api/label-printers/${printer.id}`, { headers: { origin } });
  }
});

// Row actions are plain links (cheap to render by the thousand). With JavaScript a click must still be an in-app
// navigation that keeps the scroll position: the page is not reloaded (a marker on window survives) and a
// dialog opens where the user was. Without JavaScript the same link is an ordinary page load
// (tests/request/project-detail-no-js.test.ts).
test("an item row's actions navigate in the app without reloading the page; an unknown project has Back", async ({ page, signIn }) => {
  await signIn(DEMO.admin);
  const projects = (await (await page.request.get("/api/projects")).json()) as { id: number }[];
  const withItems = [];
  for (const p of projects) {
    const items = (await (await page.request.get(`/api/items?projectId=${p.id}`)).json()) as { id: number; name: string }[];
    if (items.length) withItems.push({ project: p.id, item: items[0]! });
    if (withItems.length) break;
  }
  const { project, item } = withItems[0]!;
  await test.step("QR opens its dialog without a page load", async () => {
    await visit(page, true, `/projects/${project}`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 42));
    await page.getByRole("link", { name: `QR code of ${item.name}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`dialog=qr&item=${item.id}$`));
    await expect(page.getByRole("dialog", { name: /QR/ }).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: /QR/ })).toHaveCount(0);
  });
  await test.step("View leads to the item's own page", async () => {
    await page.getByRole("link", { name: `View ${item.name}`, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/items/${item.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: item.name })).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(42);
  });
  await test.step("an unknown project shows 'Project not found' with Back to the list", async () => {
    expect(await visit(page, true, "/projects/987654")).toBe(404);
    await expect(page.getByRole("heading", { name: "Project not found" })).toBeVisible();
    await page.getByRole("link", { name: "Back", exact: true }).click();
    await expect(page).toHaveURL(/\/projects$/);
  });
});

// Without JavaScript the step row is a form of its own, the order changes with ↑/↓ buttons (a drag with JavaScript)
// and the QR code is a panel on the page: what only a browser shows of that page, on a phone. Every flow behind
// those forms is in tests/request/project-detail-no-js.test.ts.
test("without JavaScript on a phone: a step's row edits in place, ↑ moves a step, the QR code is a panel", { tag: "@no-js" }, async ({
  page,
  js,
  baseURL,
  signIn,
}) => {
  test.skip(js, "The page without JavaScript: with it the steps are dragged and dialogs open (the tests above).");
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number; departmentSequence: string[] }[];
  const wf = workflows.find((w) => w.departmentSequence.length >= 2)!;
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string }[];
  const created = await page.request.post("/api/projects", {
    data: { name: `E2E No-JS steps ${Date.now()}`, description: "Pylon", priority: "high", workflowId: wf.id },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const item = await page.request.post("/api/items", { data: { name: "Pylon face", category: categories[0]!.name, projectId: id }, headers: { origin } });
  expect(item.status(), await item.text()).toBe(201);
  const rows = page.getByRole("region", { name: "Workflow Steps" }).locator("tbody tr");
  try {
    await page.setViewportSize({ width: 360, height: 800 });
    await test.step("the steps and items fit a phone", async () => {
      await visit(page, false, `/projects/${id}`);
      await expect(rows).toHaveCount(wf.departmentSequence.length);
      await expectNoSidewaysScroll(page);
    });
    await test.step("Edit opens the step's row as a form; Save saves it", async () => {
      await rows
        .first()
        .getByRole("link", { name: /^Edit .* step$/ })
        .click();
      await expect(page).toHaveURL(/\?edit-step=\d+/);
      await expectNoSidewaysScroll(page);
      await page.getByLabel(/^Completion % of /).fill("30");
      await page.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText("Step Updated").first()).toBeVisible();
      await expect(rows.first()).toContainText("30%");
    });
    await test.step("↑ on the second step makes it the first", async () => {
      const second = (await rows.nth(1).locator("td").first().innerText()).trim();
      await rows.nth(1).getByRole("button", { name: / up$/ }).click();
      await expect(page.getByText("Workflow steps reordered successfully").first()).toBeVisible();
      await expect(rows.first().locator("td").first()).toHaveText(second);
    });
    await test.step("the QR code is a panel on the page", async () => {
      await page.getByRole("link", { name: "QR code of Pylon face" }).click();
      const qr = page.getByRole("region", { name: "QR Code" });
      await expect(qr.getByRole("img", { name: "QR code for Pylon face" })).toBeVisible();
      await expectNoSidewaysScroll(page);
    });
  } finally {
    await page.request.delete(`/api/projects/${id}`, { headers: { origin } });
  }
});

test("on a 360 px phone an item's quantity stays beside its name in the item's card, nothing wider than the window", {
  tag: "@no-js",
}, async ({ page, baseURL, signIn, js }) => {
  await page.setViewportSize({ width: 360, height: 740 });
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const created = await page.request.post("/api/projects", {
    data: { name: `E2E Quantities ${Date.now()}`, workflowId: workflows[0]!.id },
    headers: { origin },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string }[];
  const names = ["Storefront channel letters with raceway", `Panel${"X".repeat(120)}`];
  for (const [i, name] of names.entries()) {
    const item = await page.request.post("/api/items", { data: { name, category: categories[0]!.name, projectId: id, quantity: 12 + i }, headers: { origin } });
    expect(item.status(), await item.text()).toBe(201);
  }
  await visit(page, js, `/projects/${id}`);
  const rows = page.getByRole("region", { name: "Project Items" }).locator("tbody tr");
  await expect(rows).toHaveCount(names.length);
  for (const [i, name] of names.entries()) {
    const row = rows.filter({ hasText: name.slice(0, 30) });
    const quantity = row.getByText(`× ${12 + i}`, { exact: true });
    // Where the name's own text begins: the value side of the card's 'Item Name: …' line.
    const nameLeft = await row.locator('td[data-label="Item Name"]').evaluate((cell) => {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      const range = document.createRange();
      range.selectNodeContents(walker.nextNode()!);
      return range.getClientRects()[0]!.left;
    });
    const box = (await quantity.boundingBox())!;
    const card = (await row.boundingBox())!;
    expect(box.x, `'× ${12 + i}' of ${name.slice(0, 30)}… starts at ${box.x} px, left of its name's column at ${nameLeft} px`).toBeGreaterThanOrEqual(
      nameLeft - 1,
    );
    expect(box.x + box.width, `'× ${12 + i}' ends inside its card`).toBeLessThanOrEqual(card.x + card.width);
  }
  await expectNoSidewaysScroll(page);
});
