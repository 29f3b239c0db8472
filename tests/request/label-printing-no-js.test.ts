import { afterEach, expect, test } from "bun:test";
import { PDFDocument } from "pdf-lib";
import type { Client } from "../helpers/app";
import { startFakePrinter, type FakePrinter } from "../helpers/fake-printer";
import { open, type HtmlPage } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";

// Labels without JavaScript, through the page's own links and forms (tests/helpers/html-form.ts): a manager adds the
// shop's printer in Global Settings (the form is empty again after a save; a refused save keeps what was typed),
// corrects its port and resolution with Edit, prints an item's label and a whole project's from their pages, reads
// what happened when the printer is off, and removes it after confirming; labels on sheets from the project page's
// form, a refused position explained in the new tab. The "printer" is a TCP listener in this process that keeps what
// it receives. The browser walks are tests/e2e/label-printing.e2e.ts.

let printer: FakePrinter | null = null;
afterEach(async () => {
  await printer?.stop();
  printer = null;
});

async function shop(env: Record<string, string> = {}) {
  return seedShop({
    env,
    ipBase: "10.44.5",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } },
    departments: ["Production"],
    categories: [{ name: "Banner", departmentSequence: ["production"] }],
    workflow: { name: "W", departmentSequence: ["production"] },
    projects: [{ name: "Bakery Signs" }],
    items: ["Front Elevation Channel Letters", "Door decal", "Fence banner"].map((name) => ({ name, category: "Banner", material: "Vinyl" })),
  });
}

/** The value a field shows: an input's value, a select's selected option, a checkbox's checked state. */
function shown(p: HtmlPage, within: string, name: string): string | boolean {
  const el = p.$(`${within} [name="${name}"]`);
  if (!el) throw new Error(`no field ${name} in ${within}`);
  if (el.tagName === "SELECT") return (el.querySelector("option[selected]") ?? el.querySelector("option"))?.getAttribute("value") ?? "";
  if (el.getAttribute("type") === "checkbox") return el.hasAttribute("checked");
  return el.getAttribute("value") ?? "";
}

const ADD = 'section[aria-labelledby="new-printer-heading"]';

test("add, edit, print an item's label and a project's labels, a printer that is off, delete after the question", async () => {
  printer = await startFakePrinter();
  const port = printer.port;
  const {
    clients: { admin },
    itemIds,
    projectIds: [projectId],
  } = await shop({ PRINTER_PORTS: `9100,6101,${port}` });
  const name = "Bench Zebra";

  // Added with another port and resolution, both wrong for this printer.
  let p = await open(admin, "/settings/printers");
  p = await p.form({ button: "Add printer", within: ADD }).fill({ name, host: "127.0.0.1", port: "6101", dpi: "300" }).submit("Add printer");
  const cells = () => p.$$("td").map((td) => td.textContent?.trim());
  expect(cells()).toContain(name);
  expect(cells()).toContain("127.0.0.1:6101");
  // Nothing of the printer just added waits in the form for the next one: the port and resolution are the usual ones again.
  expect([shown(p, ADD, "name"), shown(p, ADD, "host"), shown(p, ADD, "port"), shown(p, ADD, "dpi")]).toEqual(["", "", "9100", "203"]);

  // The same name again is refused: what was typed stays, to be corrected.
  const refused = await p.form({ button: "Add printer", within: ADD }).fill({ name, host: "10.20.30.41", port: "9100" }).submit("Add printer");
  expect(refused.textOf(`${ADD} [role="alert"]`)).toContain(`A label printer named "${name}" already exists`);
  expect([shown(refused, ADD, "name"), shown(refused, ADD, "host"), shown(refused, ADD, "port")]).toEqual([name, "10.20.30.41", "9100"]);

  // Edit corrects the port and the resolution in place.
  p = await p.click(`Edit ${name}`);
  const EDIT = 'section[aria-label="Edit printer"]';
  expect(shown(p, EDIT, "name")).toBe(name);
  expect(shown(p, EDIT, "isActive")).toBe(true);
  p = await p
    .form({ button: "Save printer" })
    .fill({ port: String(port), dpi: "203" })
    .submit("Save printer");
  expect(p.text()).toContain(`${name} at 127.0.0.1:${port} (203 dpi).`);
  expect(cells()).toContain(`127.0.0.1:${port}`);
  expect(cells()).toContain("203 dpi");
  expect(p.$(EDIT)).toBeNull();

  // One item's label; the printer picker has a visible label of its own.
  const itemId = itemIds[0]!;
  p = await open(admin, `/items/${itemId}`);
  const picker = p.$('select[name="printerId"]')!;
  expect(p.$(`label[for="${picker.getAttribute("id")}"]`)?.textContent).toBe("Label printer");
  expect(picker.hasAttribute("aria-label")).toBe(false);
  p = await p.form({ button: "Print label" }).fill({ printerId: name }).submit("Print label");
  expect(p.text()).toContain(`1 label sent to ${name}.`);
  const job = (await printer.received(1))[0]!;
  expect(job.startsWith("^XA")).toBe(true);
  expect(job.trimEnd().endsWith("^XZ")).toBe(true);
  expect(job).toContain("^FDFront Elevation Channel Letters^FS");

  // Every label of the project, from the project page's 'Print to label printer…'.
  p = await open(admin, `/projects/${projectId}`);
  const print = p.form({ button: /^Print \d+ labels?$/ });
  const count = Number(print.submitButtons()[0]!.textContent!.match(/\d+/)![0]);
  expect(count).toBe(3);
  p = await print.fill({ printerId: name }).submit(/^Print \d+ labels?$/);
  expect(p.text()).toContain(`3 labels sent to ${name}.`);
  expect((await printer.received(2))[1]!.match(/\^XA/g)?.length).toBe(count);

  // The printer is switched off: the page says which printer did not answer.
  await printer.stop();
  p = await open(admin, `/items/${itemId}`);
  p = await p.form({ button: "Print label" }).fill({ printerId: name }).submit("Print label");
  expect(p.text()).toContain(`The printer "${name}" at 127.0.0.1:${port} did not answer.`);

  // Delete asks first: Cancel keeps the printer; the confirmation's Delete removes it.
  p = await open(admin, "/settings/printers");
  const DELETE = 'section[aria-label="Delete printer"]';
  let confirm = await p.click(`Delete ${name}`);
  expect(confirm.textOf(DELETE)).toContain(`Are you sure you want to delete "${name}" (127.0.0.1:${port})?`);
  p = await confirm.click("Cancel");
  expect(p.$(DELETE)).toBeNull();
  expect(cells()).toContain(name);
  confirm = await p.click(`Delete ${name}`);
  p = await confirm.form({ button: "Delete", within: DELETE }).submit("Delete");
  expect(p.text()).toContain(`${name} is no longer offered for printing.`);
  expect(cells()).not.toContain(name);
});

/** A PDF the server answered, read again as bytes (the page object keeps text): its page count and first page's size. */
async function pdfOf(client: Client, p: HtmlPage) {
  expect(p.status).toBe(200);
  expect(p.headers.get("content-type")).toBe("application/pdf");
  const bytes = new Uint8Array(await (await client.request(p.url.pathname + p.url.search)).arrayBuffer());
  expect(new TextDecoder().decode(bytes.subarray(0, 5))).toBe("%PDF-");
  const doc = await PDFDocument.load(bytes);
  const { width, height } = doc.getPage(0).getSize();
  return { pages: doc.getPageCount(), size: [Math.round(width), Math.round(height)] };
}

test("labels on sheets: the paper and the first free position; a position A4 has not is explained in the new tab", async () => {
  const {
    clients: { admin },
    projectIds: [projectId],
  } = await shop();
  const project = await open(admin, `/projects/${projectId}`);
  const sheets = project.form({ button: "Open the sheet PDF" });
  expect(sheets.element.getAttribute("target")).toBe("_blank");
  const options = (name: string) => project.$$(`select[name="${name}"] option`).map((o) => o.textContent?.trim());
  expect(options("paper")).toEqual(["US Letter (20 labels)", "A4 (15 labels)"]);
  expect(options("start")).toHaveLength(20);
  expect(options("start")).toContain("16 (US Letter only)");

  // US Letter from position 19: two labels on the half-used sheet, one on the next.
  const letter = await sheets.fill({ start: "19" }).submit("Open the sheet PDF");
  expect(letter.url.search).toBe("?layout=sheet&paper=letter&start=19");
  expect(await pdfOf(admin, letter)).toEqual({ pages: 2, size: [612, 792] });

  // A4 from 16 (still offered without JavaScript): the new tab says why not, with a way back to the project.
  const refused = await project.form({ button: "Open the sheet PDF" }).fill({ paper: "a4", start: "16" }).submit("Open the sheet PDF");
  expect(refused.textOf("h1")).toBe("Labels not made");
  expect(refused.text()).toContain("A sheet of A4 has 15 label positions: choose a first free position from 1 to 15.");
  expect(refused.text()).not.toContain('{"message"');
  const back = await refused.click(/^Back to Bakery Signs/);
  expect(back.url.pathname).toBe(`/projects/${projectId}`);
  expect(back.textOf("h1")).toContain("Bakery Signs");

  // A4 from its last position: one label on the half-used sheet, two on a new one.
  const a4 = await project.form({ button: "Open the sheet PDF" }).fill({ paper: "a4", start: "15" }).submit("Open the sheet PDF");
  expect(a4.url.search).toBe("?layout=sheet&paper=a4&start=15");
  expect(await pdfOf(admin, a4)).toEqual({ pages: 2, size: [595, 842] });
});
