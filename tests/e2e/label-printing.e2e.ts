// Labels straight to a thermal printer, with JavaScript: a manager adds the shop's printer in Global Settings (the form
// is empty again for the next one; a refused save keeps what was typed), corrects its port and resolution with Edit,
// prints an item's label (the button says 'Printing…' while the printer has not answered) and a whole project's from
// their pages, reads what happened when the printer is off, and removes the printer after confirming it. The
// "printer" is a TCP listener in this test process that keeps what it receives, as a Zebra on port 9100 would.
// Without JavaScript the same flows go through the page's forms in tests/request/label-printing-no-js.test.ts; labels
// on sheets open in a new tab with and without JavaScript.
import { PDFDocument } from "pdf-lib";
import { DEMO, expect, test } from "./fixtures";
import { fakePrinterPort } from "./app-server";
import { signInByApi, visit } from "./helpers";
import { startFakePrinter } from "../helpers/fake-printer";

/** The stand-in printer of this worker, on a port its server allows (PRINTER_PORTS). */
const fakePrinter = (baseURL: string) => startFakePrinter(fakePrinterPort(Number(new URL(baseURL).port)));

test("add a printer, print an item's label and a project's labels to it; a printer that is off is named", async ({ page, baseURL }) => {
  // Several screens in one scenario: room for a busy machine (each step still fails on its own 5 s expect).
  test.setTimeout(120_000);
  const printer = await fakePrinter(baseURL!);
  const name = `Bench Zebra ${printer.port}`;
  try {
    await signInByApi(page, DEMO.admin.pin, baseURL!);
    await visit(page, true, "/settings/printers");
    const add = page.getByRole("region", { name: "Add a printer" });

    await test.step("add it with another port and resolution: the form is empty again for the next one", async () => {
      await add.getByLabel("Name", { exact: true }).fill(name);
      await add.getByLabel("Address (host name or IP)").fill("127.0.0.1");
      await add.getByLabel("Port", { exact: true }).fill("6101");
      await add.getByLabel("Resolution").selectOption("300");
      await add.getByRole("button", { name: "Add printer" }).click();
      await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
      await expect(page.getByRole("cell", { name: "127.0.0.1:6101", exact: true })).toBeVisible();
      // Nothing of the printer just added waits in the form for the next one.
      await expect(add.getByLabel("Name", { exact: true })).toHaveValue("");
      await expect(add.getByLabel("Address (host name or IP)")).toHaveValue("");
      await expect(add.getByLabel("Port", { exact: true })).toHaveValue("9100");
      await expect(add.getByLabel("Resolution")).toHaveValue("203");
    });

    await test.step("the same name again is refused: what was typed stays, to be corrected", async () => {
      await add.getByLabel("Name", { exact: true }).fill(name);
      await add.getByLabel("Address (host name or IP)").fill("10.20.30.41");
      await add.getByLabel("Port", { exact: true }).fill("9100");
      await add.getByRole("button", { name: "Add printer" }).click();
      await expect(add.getByRole("alert")).toContainText(`A label printer named "${name}" already exists`);
      await expect(add.getByLabel("Name", { exact: true })).toHaveValue(name);
      await expect(add.getByLabel("Address (host name or IP)")).toHaveValue("10.20.30.41");
      await expect(add.getByLabel("Port", { exact: true })).toHaveValue("9100");
    });

    await test.step("Edit corrects the port and the resolution in place", async () => {
      await page.getByRole("link", { name: `Edit ${name}` }).click();
      const edit = page.getByRole("dialog", { name: "Edit printer" });
      await expect(edit.getByLabel("Name", { exact: true })).toHaveValue(name);
      await expect(edit.getByLabel("Active (offered for printing)")).toBeChecked();
      await edit.getByLabel("Port", { exact: true }).fill(String(printer.port));
      await edit.getByLabel("Resolution").selectOption("203");
      await edit.getByRole("button", { name: "Save printer" }).click();
      await expect(page.getByText(`${name} at 127.0.0.1:${printer.port} (203 dpi).`).first()).toBeVisible();
      await expect(page.getByRole("cell", { name: `127.0.0.1:${printer.port}`, exact: true })).toBeVisible();
      await expect(page.getByRole("cell", { name: "203 dpi", exact: true })).toBeVisible();
      await expect(edit).toHaveCount(0);
    });

    await test.step("one item's label: 'Printing…' on a disabled button until the printer answers", async () => {
      await visit(page, true, "/items/1");
      // The printer picker has a visible label of its own.
      await expect(page.getByText("Label printer", { exact: true })).toBeVisible();
      await expect(page.getByRole("combobox", { name: "Label printer" })).not.toHaveAttribute("aria-label");
      // The post is held here as long as a printer that does not answer would hold it (up to 5 s).
      let release!: () => void;
      const answered = new Promise<void>((r) => (release = r));
      const held = /\/items\/1\.data/;
      await page.route(held, async (route) => {
        if (route.request().method() === "POST") await answered;
        await route.continue();
      });
      await page.getByLabel("Label printer").selectOption({ label: name });
      await page.getByRole("button", { name: "Print label" }).click();
      const busy = page.getByRole("button", { name: "Printing…" });
      await expect(busy).toBeVisible();
      await expect(busy).toBeDisabled();
      release();
      await expect(page.getByText(`1 label sent to ${name}.`).first()).toBeVisible();
      await expect(page.getByRole("button", { name: "Print label" })).toBeEnabled();
      await page.unroute(held);
      const job = (await printer.received(1))[0]!;
      expect(job.startsWith("^XA")).toBe(true);
      expect(job.trimEnd().endsWith("^XZ")).toBe(true);
      // The item's name as a field of its own (the QR code is a graphic: tests/unit/zpl-labels.test.ts reads it back).
      expect(job).toContain("^FDFront Elevation Channel Letters^FS");
    });

    await test.step("every label of the item's project, from the project page", async () => {
      await visit(page, true, "/projects/1");
      await page.getByText("Print to label printer…").click();
      await page.getByRole("combobox", { name: "Label printer" }).selectOption({ label: name });
      const button = page.getByRole("button", { name: /^Print \d+ labels?$/ });
      const items = Number((await button.innerText()).match(/\d+/)![0]);
      await button.click();
      await expect(page.getByText(new RegExp(`\\d+ labels? sent to ${name}\\.`)).first()).toBeVisible();
      const labels = (await printer.received(2))[1]!.match(/\^XA/g)?.length ?? 0;
      expect(labels).toBe(items);
    });

    await test.step("the printer is switched off: the page says which printer did not answer", async () => {
      await printer.stop();
      await visit(page, true, "/items/1");
      await page.getByLabel("Label printer").selectOption({ label: name });
      await page.getByRole("button", { name: "Print label" }).click();
      await expect(page.getByText(`The printer "${name}" at 127.0.0.1:${printer.port} did not answer.`, { exact: false }).first()).toBeVisible();
    });

    await test.step("Delete asks first: Cancel keeps the printer; the confirmation's Delete removes it", async () => {
      await visit(page, true, "/settings/printers");
      await page.getByRole("link", { name: `Delete ${name}` }).click();
      let confirm = page.getByRole("dialog", { name: "Delete printer" });
      await expect(confirm).toContainText(`Are you sure you want to delete "${name}" (127.0.0.1:${printer.port})?`);
      await confirm.getByRole("link", { name: "Cancel" }).click();
      await expect(confirm).toHaveCount(0);
      await expect(page.getByRole("cell", { name, exact: true })).toBeVisible();
      await page.getByRole("link", { name: `Delete ${name}` }).click();
      confirm = page.getByRole("dialog", { name: "Delete printer" });
      await confirm.getByRole("button", { name: "Delete" }).click();
      await expect(page.getByText(`${name} is no longer offered for printing.`).first()).toBeVisible();
      await expect(page.getByRole("cell", { name, exact: true })).toHaveCount(0);
    });
  } finally {
    await printer.stop();
    // Leave the shared demo shop as it was, whatever step failed.
    const left = ((await (await page.request.get("/api/label-printers")).json()) as { id: number; name: string }[]).filter((p) => p.name === name);
    for (const p of left) await page.request.delete(`/api/label-printers/${p.id}`, { headers: { origin: new URL(baseURL!).origin } });
  }
});

// The labels' smoke walk without JavaScript too: the form opens its PDF (or the page that says why not) in a new tab.
test("Labels on sheets…: choose the paper and the first free position; the sheet PDF opens in a new tab", { tag: "@no-js" }, async ({
  page,
  js,
  baseURL,
  signIn,
}) => {
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { id: number }[];
  const created = await page.request.post("/api/projects", {
    data: { name: `Sheet Labels ${js ? "js" : "no-js"} ${Date.now()}`, description: "Sheets", workflowId: workflows[0]!.id },
    headers: { origin },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id } = (await created.json()) as { id: number };
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string }[];
  for (const name of ["Door decal", "Window vinyl", "Fence banner"]) {
    const item = await page.request.post("/api/items", { data: { name, category: categories[0]!.name, projectId: id }, headers: { origin } });
    expect(item.status(), await item.text()).toBe(201);
  }

  // The new tab's PDF viewer keeps the bytes to itself: the request the tab makes is passed through a route that
  // keeps a copy of the server's answer.
  const answers: { url: string; status: number; type: string | undefined; body: Buffer }[] = [];
  await page.context().route(`**/projects/${id}/labels.pdf?**`, async (route) => {
    const res = await route.fetch();
    answers.push({ url: route.request().url(), status: res.status(), type: res.headers()["content-type"], body: await res.body() });
    await route.fulfill({ response: res });
  });
  /** Submits the form and returns what the server answered the new tab. */
  const openSheet = async () => {
    const before = answers.length;
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Open the sheet PDF" }).click();
    await popup;
    await expect.poll(() => answers.length).toBe(before + 1);
    return answers.at(-1)!;
  };
  const isPdf = async (res: (typeof answers)[number], sheets: number) => {
    expect(res.status).toBe(200);
    expect(res.type).toBe("application/pdf");
    expect(res.body.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    const doc = await PDFDocument.load(res.body);
    expect(doc.getPageCount()).toBe(sheets);
    return doc.getPage(0).getSize();
  };

  await visit(page, js, `/projects/${id}`);
  await page.getByText("Labels on sheets…").click();
  const paper = page.getByLabel("Paper");
  const start = page.getByLabel("First free position (1 = top left)");
  await expect(paper.getByRole("option")).toHaveText(["US Letter (20 labels)", "A4 (15 labels)"]);
  await expect(start.getByRole("option")).toHaveCount(20);
  await expect(start.getByRole("option", { name: "16 (US Letter only)" })).toBeAttached();

  // US Letter from position 19: two labels on the half-used sheet, one on the next.
  await start.selectOption("19");
  const letter = await openSheet();
  expect(new URL(letter.url).search).toBe("?layout=sheet&paper=letter&start=19");
  expect(await isPdf(letter, 2)).toEqual({ width: 612, height: 792 });

  // A4, from its last position: one label on the half-used sheet, two on a new one.
  await paper.selectOption("a4");
  if (js) {
    // With JavaScript the positions follow the paper: A4 has no 16th, and 19 became its last, 15.
    await expect(start).toHaveValue("15");
    await expect(start.getByRole("option", { name: "16 (US Letter only)" })).toBeDisabled();
    await expect(start.getByRole("option", { name: "15", exact: true })).toBeEnabled();
  } else {
    // Without JavaScript 16 is still offered: the new tab says why not, as a page with a way back to the project.
    await start.selectOption("16");
    const popup = page.waitForEvent("popup");
    await page.getByRole("button", { name: "Open the sheet PDF" }).click();
    const tab = await popup;
    await expect(tab.getByRole("heading", { level: 1 })).toHaveText("Labels not made");
    await expect(tab.getByText("A sheet of A4 has 15 label positions: choose a first free position from 1 to 15.", { exact: true })).toBeVisible();
    await expect(tab.locator("body")).not.toContainText('{"message"');
    await tab.getByRole("link", { name: /^Back to Sheet Labels no-js / }).click();
    await expect(tab).toHaveURL(new RegExp(`/projects/${id}$`));
    await expect(tab.getByRole("heading", { level: 1 })).toContainText("Sheet Labels no-js");
    await tab.close();
    await start.selectOption("15");
  }
  const a4 = await openSheet();
  expect(new URL(a4.url).search).toBe("?layout=sheet&paper=a4&start=15");
  const a4Size = await isPdf(a4, 2);
  expect([Math.round(a4Size.width), Math.round(a4Size.height)]).toEqual([595, 842]);
});
