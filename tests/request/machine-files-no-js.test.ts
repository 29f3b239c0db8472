import { beforeEach, expect, test } from "bun:test";
import { machineReadyFiles } from "#db/schema";
import type { Client } from "../helpers/app";
import { open, type HtmlPage } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";
import { hooks } from "../helpers/app";

const { createMachineFiles } = hooks;

// The machine-file screens without JavaScript, through the page's own buttons and forms (tests/helpers/html-form.ts):
// add files in the spreadsheet and import a CSV, then assign print and cut files to an item and watch the material
// indicator; the trash icon asks first; a CSV as Excel on Windows writes it. The browser walks are
// tests/e2e/machine-files.e2e.ts.

let app: Awaited<ReturnType<typeof seedShop>>["app"];
let pm: Client;
let projectId: number;
let itemId: number;

beforeEach(async () => {
  ({
    app,
    clients: { pm },
    projectIds: [projectId],
    itemIds: [itemId],
  } = await seedShop({
    ipBase: "10.44.6",
    members: { pm: { name: "Pat PM", pin: "1111", keys: ["management"] } },
    departments: ["HP Latex 800", "Zund G3"].map((name) => ({ name, isMachine: true })),
    categories: [{ name: "Banner", departmentSequence: ["hp-latex-800"] }],
    workflow: { name: "W", departmentSequence: ["hp-latex-800"] },
    projects: [{ name: "Fence" }],
    items: [{ name: "Fence Banner", category: "Banner", material: "Test Vinyl" }],
  }));
});

const sheet = () => `/projects/${projectId}/machine-files/spreadsheet`;
const files = () => app.db.select().from(machineReadyFiles).all();
/** The file names in the sheet's rows, as the page shows them. */
const fileNames = (p: HtmlPage) => p.$$('input[name$=".fileName"]').map((i) => i.getAttribute("value") ?? "");
/** The material indicator of the item's row. */
const indicator = (p: HtmlPage) => p.$(`#item-${itemId} [data-indicator]`)?.getAttribute("data-indicator");
const sheetForm = (p: HtmlPage) => p.form({ within: "body", field: "rows[0].fileName" });

/**
 * A browser's HTML parser lowercases attribute names, so React's `encType=` is the form's enctype; linkedom keeps the
 * case, and html-form.ts asks for the lowercase name.
 */
function asBrowserParses(page: HtmlPage): HtmlPage {
  for (const el of page.$$("*")) {
    for (const name of el.getAttributeNames()) {
      if (name !== name.toLowerCase() && !el.hasAttribute(name.toLowerCase())) el.setAttribute(name.toLowerCase(), el.getAttribute(name)!);
    }
  }
  return page;
}
const uploadCsv = async (p: HtmlPage, bytes: Uint8Array | string, type = "text/csv") =>
  asBrowserParses(
    await asBrowserParses(p)
      .form({ button: "Upload CSV" })
      .fill({ csv: new File([bytes as BlobPart], "files.csv", { type }) })
      .submit("Upload CSV"),
  );

test("spreadsheet: add files and import a CSV; then assign print and cut files and watch the indicator", async () => {
  let p = await open(pm, sheet());
  expect(p.textOf("h1")).toBe("Machine Files Spreadsheet");
  expect(fileNames(p)).toHaveLength(10);
  p = await sheetForm(p).submit("Add 10 Rows");
  expect(fileNames(p)).toHaveLength(20);

  // A row with a name but no machine stays, marked, and is not saved.
  p = await sheetForm(p)
    .fill({
      "rows[0].fileName": "fence-print.pdf",
      "rows[0].machine": "hp-latex-800",
      "rows[0].material": "Test Vinyl",
      "rows[1].fileName": "fence-cut.dxf",
      "rows[1].machine": "zund-g3",
      "rows[1].material": "Mesh",
      "rows[2].fileName": "half-done.pdf",
    })
    .submit("Save All");
  expect(p.text()).toContain("2 file(s) saved successfully");
  expect(p.text()).toContain("Please fill in both file name and machine assignment");
  expect(fileNames(p).slice(0, 3)).toEqual(["fence-print.pdf", "fence-cut.dxf", "half-done.pdf"]);
  expect(p.$$("span").filter((s) => s.textContent === "Saved")).toHaveLength(2);
  expect(files().map((f) => f.fileName)).toEqual(["fence-print.pdf", "fence-cut.dxf"]);

  // Edit a saved row and save it alone.
  p = await sheetForm(p).fill({ "rows[1].material": "Mesh Banner" }).submit("Save fence-cut.dxf");
  expect(p.text()).toContain("1 file(s) saved successfully");
  expect(files().find((f) => f.fileName === "fence-cut.dxf")?.description).toBe("Mesh Banner");

  // CSV import (Excel in a European locale: ';' and CRLF): the good line is added, the bad one named.
  p = await uploadCsv(p, "\uFEFFFile Name;Machine Assignment;Material\r\nfence-extra.pdf;HP Latex 800;Test Vinyl\r\nbad.pdf;Laser 9000;\r\n");
  expect(p.text()).toContain("1 entries had issues");
  expect(p.text()).toMatch(/Line 3: Unknown machine "Laser 9000"/);
  expect(fileNames(p).filter((n) => n === "fence-extra.pdf")).toHaveLength(1);

  // Assign: pick and confirm, on the project's Machine Ready Files.
  p = await p.click(/Back to Machine Ready Files$/);
  expect(p.textOf("h1")).toBe("Machine Ready Files");
  expect(indicator(p)).toBe("none");
  p = await p
    .form({ button: "Confirm print file for fence banner" })
    .fill({ fileId: "fence-print.pdf (HP Latex 800, Test Vinyl)" })
    .submit("Confirm print file for fence banner");
  expect(p.text()).toContain("File assignment updated successfully");
  expect(indicator(p)).toBe("match");
  p = await p
    .form({ button: "Confirm cut file for fence banner" })
    .fill({ fileId: "fence-cut.dxf (Zund G3, Mesh Banner)" })
    .submit("Confirm cut file for fence banner");
  expect(indicator(p)).toBe("mismatch");
  expect(p.textOf(`#item-${itemId}`)).toContain("fence-cut.dxf");
  // The project page shows the same red dot.
  const project = await open(pm, `/projects/${projectId}`);
  expect(project.$$("tbody tr [data-indicator]").map((d) => d.getAttribute("data-indicator"))).toEqual(["mismatch"]);
  p = await p.form({ button: "Remove fence-cut.dxf from Fence Banner" }).submit("Remove fence-cut.dxf from Fence Banner");
  expect(indicator(p)).toBe("match");
});

test("spreadsheet: the trash icon asks first, naming the file's queue and items; Cancel keeps it and the typed rows, Delete removes it", async () => {
  const [file] = createMachineFiles([{ fileName: "fence.pdf", machine: "hp-latex-800", projectId }], { id: null, name: "test" });
  expect((await pm.request(`/api/items/${itemId}/assign-file`, { method: "POST", json: { fileId: file!.id, fileType: "print" } })).status).toBe(200);

  let p = await open(pm, sheet());
  // A row typed but not saved stays through the question.
  p = await sheetForm(p).submit("Add 10 Rows");
  const typed = { "rows[1].fileName": "typed-not-saved.pdf" };
  p = await sheetForm(p).fill(typed).submit("Delete fence.pdf");
  const question = 'section[aria-label="Delete Machine File"]';
  const asked = p.textOf(question);
  expect(asked).toContain('Are you sure you want to delete "fence.pdf"? This action cannot be undone.');
  expect(asked).toContain("Waiting in the HP Latex 800 queue, 1st of 1.");
  expect(asked).toContain("Assigned to Fence Banner (print file): that item loses this file.");
  p = await sheetForm(p).submit("Cancel");
  expect(p.$(question)).toBeNull();
  expect(fileNames(p).slice(0, 2)).toEqual(["fence.pdf", "typed-not-saved.pdf"]);
  expect(files()).toHaveLength(1);

  p = await sheetForm(p).submit("Delete fence.pdf");
  p = await sheetForm(p).submit("Delete");
  expect(p.text()).toContain("Machine file deleted successfully.");
  expect(fileNames(p)).not.toContain("fence.pdf");
  expect(fileNames(p)[0]).toBe("typed-not-saved.pdf");
  expect(files()).toHaveLength(0);
});

test("CSV from Excel on Windows (Windows-1252, 'sep=;'): names kept as written; the same file again is skipped", async () => {
  // Bytes as Excel writes them: 0xE9 é, 0xE7 ç, 0x96 en dash, 0x80 euro sign.
  const latin1 = (s: string) => [...s].map((c) => c.charCodeAt(0));
  const bytes = new Uint8Array([
    ...latin1("sep=;\r\nFile Name;Machine Assignment;Material\r\nCaf\xe9 fa\xe7ade.pdf;HP Latex 800;Dibond\r\nPrice "),
    0x96,
    0x20,
    0x80,
    ...latin1(".pdf;HP Latex 800;\r\n"),
  ]);
  let p = await open(pm, sheet());
  p = await uploadCsv(p, bytes, "application/vnd.ms-excel");
  expect(p.text()).toContain("2 file(s) saved successfully");
  expect(fileNames(p)).toContain("Café façade.pdf");
  expect(fileNames(p)).toContain("Price – €.pdf");
  p = await uploadCsv(p, bytes, "application/vnd.ms-excel");
  expect(p.text()).toContain("0 file(s) saved successfully \u00b7 2 already there, skipped");
  expect(
    files()
      .map((f) => f.fileName)
      .sort(),
  ).toEqual(["Café façade.pdf", "Price – €.pdf"]);
});
