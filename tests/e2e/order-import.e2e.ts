// Order import with JavaScript: from the Projects page to the import screen, upload a CSV as Excel saves it in Europe
// (Windows-1252, ';'), read the preview with its bad line, upload the fixed file, confirm, and see the projects with
// their customer and reference (decision 0045). Without JavaScript the same walk goes through the page's forms
// in tests/request/order-import-no-js.test.ts.
import { DEMO, expect, test } from "./fixtures";
import { expectNoSeriousA11yViolations, expectNoSidewaysScroll, visit } from "./helpers";

/** Windows-1252 bytes of `text` (the characters this test uses). */
const cp1252 = (text: string) => Buffer.from([...text].map((c) => ({ é: 0xe9, ü: 0xfc, "–": 0x96 })[c as "é"] ?? c.charCodeAt(0)));

test("import orders: upload, preview with a bad line, fix, confirm, see the projects", async ({ page, signIn }) => {
  await signIn(DEMO.admin);
  const tag = Date.now().toString(36);
  const categories = (await (await page.request.get("/api/categories")).json()) as { name: string }[];
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { name: string }[];
  const [category, workflow] = [categories[0]!.name, workflows[0]!.name];
  const header = "Project Name;Customer;External Reference;Due Date;Priority;Workflow;Item Name;Quantity;Category;Material";
  const line = (project: string, ref: string, item: string, qty: string) =>
    `${project};Café Müller;${ref};2026-09-30;high;${workflow};${item};${qty};${category};`;
  const file = (qty: string) =>
    cp1252(
      [
        header,
        line(`Storefront ${tag}`, `SF-${tag}`, "Channel letters – red", "6"),
        line(`Storefront ${tag}`, `SF-${tag}`, "Window vinyl", qty),
        line(`Van ${tag}`, "", "Wrap", "1"),
      ].join("\r\n"),
    );

  await visit(page, true, "/projects");
  await page.getByRole("link", { name: "Import orders" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import orders" })).toBeVisible();
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  await expect(page.getByRole("link", { name: "Download the template" })).toHaveAttribute("href", "/api/projects/import/csv-template");

  // A quantity that is not a whole number: the line is named, nothing can be confirmed.
  await page.getByLabel("CSV file").setInputFiles({ name: "orders.csv", mimeType: "application/vnd.ms-excel", buffer: file("two") });
  await page.getByRole("button", { name: "Preview import" }).click();
  const problems = page.getByRole("list", { name: "Lines with problems" });
  await expect(problems).toContainText('Line 3 — Quantity "two" is not a whole number from 1 to 1,000,000.');
  await expect(page.getByRole("button", { name: "Confirm import" })).toHaveCount(0);

  // The fixed file: two new projects, three items; accents read from Windows-1252.
  await page.getByLabel("CSV file").setInputFiles({ name: "orders.csv", mimeType: "application/vnd.ms-excel", buffer: file("2") });
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByText("2 projects to create · 3 items to add")).toBeVisible();
  await expect(page.getByText("Read as Windows-1252.", { exact: false })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Channel letters – red" })).toBeVisible();
  await expect(page.getByText(`Ref. SF-${tag}`)).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectNoSeriousA11yViolations(page, "order import preview");

  await page.getByRole("button", { name: "Confirm import" }).click();
  await expect(page).toHaveURL(/\/projects\?sort=created&dir=desc$/);
  await expect(page.getByText("2 projects created · 3 items added").first()).toBeVisible();
  await page
    .getByRole("link", { name: `Storefront ${tag}` })
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: `Storefront ${tag}` })).toBeVisible();
  await expect(page.getByTestId("project-order")).toHaveText(`Customer: Café Müller · Reference: SF-${tag}`);
  await expect(page.getByText("Channel letters – red").filter({ visible: true }).first()).toBeVisible();

  // The same file again: the reference is known, so the project is updated, not copied.
  await visit(page, true, "/projects/import");
  await page.getByLabel("CSV file").setInputFiles({ name: "orders.csv", mimeType: "application/vnd.ms-excel", buffer: file("3") });
  await page.getByRole("button", { name: "Preview import" }).click();
  await expect(page.getByText("quantity 2 → 3")).toBeVisible();
});
