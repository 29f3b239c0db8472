import { expect, test } from "bun:test";
import { open, type HtmlPage } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";

// Order import without JavaScript, through the page's own links and forms (tests/helpers/html-form.ts): from the
// Projects page to the import screen, upload a CSV as Excel saves it in Europe (Windows-1252, ';'), read the preview
// with its bad line, upload the fixed file, confirm, see the projects with their customer and reference, and the same
// file again updates instead of copying (decision 0045). The browser walk is tests/e2e/order-import.e2e.ts.

/** Windows-1252 bytes of `text` (the characters this test uses). */
const cp1252 = (text: string) => new Uint8Array([...text].map((c) => ({ é: 0xe9, ü: 0xfc, "–": 0x96 })[c as "é"] ?? c.charCodeAt(0)));

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

test("import orders: upload, preview with a bad line, fix, confirm, see the projects; the same file again updates", async () => {
  const {
    app,
    clients: { pm },
  } = await seedShop({
    ipBase: "10.44.4",
    members: { pm: { name: "Pat PM", pin: "1111", keys: ["management"] } },
    departments: ["Design", "Production"],
    categories: [{ name: "Banner", departmentSequence: ["design", "production"] }],
    workflow: { name: "Print", departmentSequence: ["design", "production"] },
  });
  const header = "Project Name;Customer;External Reference;Due Date;Priority;Workflow;Item Name;Quantity;Category;Material";
  const line = (project: string, ref: string, item: string, qty: string) => `${project};Café Müller;${ref};2026-09-30;high;Print;${item};${qty};Banner;`;
  const file = (qty: string) =>
    new File(
      [
        cp1252(
          [
            header,
            line("Storefront", "SF-1", "Channel letters – red", "6"),
            line("Storefront", "SF-1", "Window vinyl", qty),
            line("Van", "", "Wrap", "1"),
          ].join("\r\n"),
        ),
      ],
      "orders.csv",
      { type: "application/vnd.ms-excel" },
    );
  const preview = async (p: HtmlPage, qty: string) =>
    asBrowserParses(
      await asBrowserParses(p)
        .form({ button: "Preview import" })
        .fill({ csv: file(qty) })
        .submit("Preview import"),
    );

  let p = await (await open(pm, "/projects")).click("Import orders");
  expect(p.url.pathname).toBe("/projects/import");
  expect(p.textOf("h1")).toBe("Import orders");
  expect(new URL(p.link("Download the template")).pathname).toBe("/api/projects/import/csv-template");

  // A quantity that is not a whole number: the line is named, nothing can be confirmed.
  p = await preview(p, "two");
  expect(p.textOf('[aria-label="Lines with problems"]')).toContain('Line 3 — Quantity "two" is not a whole number from 1 to 1,000,000.');
  expect(p.forms().some((f) => f.submitButtons().some((b) => b.textContent?.trim() === "Confirm import"))).toBe(false);

  // The fixed file: two new projects, three items; accents read from Windows-1252.
  p = await preview(p, "2");
  const text = p.text();
  expect(text).toContain("2 projects to create · 3 items to add");
  expect(text).toContain("Read as Windows-1252.");
  expect(text).toContain("Channel letters – red");
  expect(text).toContain("Ref. SF-1");
  expect(app.db.$client.query("SELECT count(*) AS n FROM projects").get()).toEqual({ n: 0 });

  p = await p.form({ button: "Confirm import" }).submit("Confirm import");
  expect(p.url.pathname + p.url.search).toBe("/projects?sort=created&dir=desc");
  expect(p.text()).toContain("2 projects created · 3 items added");
  p = await p.click("Storefront");
  expect(p.textOf("h1")).toBe("Storefront");
  expect(p.textOf('[data-testid="project-order"]')).toBe("Customer: Café Müller · Reference: SF-1");
  expect(p.text()).toContain("Channel letters – red");

  // The same file again: the reference is known, so the project is updated, not copied.
  p = await preview(await open(pm, "/projects/import"), "3");
  expect(p.text()).toContain("quantity 2 → 3");
  p = await p.form({ button: "Confirm import" }).submit("Confirm import");
  expect(app.db.$client.query("SELECT count(*) AS n FROM projects WHERE external_reference = 'SF-1'").get()).toEqual({ n: 1 });
  expect(app.db.$client.query("SELECT quantity FROM items WHERE name = 'Window vinyl'").get()).toEqual({ quantity: 3 });
});
