import { beforeEach, describe, expect, test } from "bun:test";
import * as schema from "#db/schema";
import { visibleHtml } from "../helpers/app";
import { open } from "../helpers/html-form";
import { seedShop, type Shop } from "../helpers/shop";

// Order import dates as shops' spreadsheets write them (docs/product.md, Decisions: Due dates; decision 0048): a US
// Excel file's 12/18/2026, Excel serial numbers, the day-or-month order from Global Settings → Imported files (with
// and without JavaScript), the preview's 'Fri, Dec 18, 2026', and the flag on a line that makes a second project of
// a name the shop already has. The shop's zone is the default America/Chicago: month first until set.

type Members = "pm" | "floor";
let shop: Shop<Members>;

beforeEach(async () => {
  shop = await seedShop({
    ipBase: "10.48.2",
    members: {
      pm: { name: "Pat PM", pin: "1111", keys: ["management"] },
      floor: { name: "Flo Floor", pin: "2222", keys: ["project-management"] },
    },
    departments: ["Design", "Production"],
    categories: [{ name: "Banner", departmentSequence: ["design", "production"] }],
    workflow: { name: "Print", departmentSequence: ["design", "production"] },
    projects: [{ name: "Storefront" }],
  });
});

/** Windows-1252 bytes of `text` (the characters this test uses). */
const cp1252 = (text: string) => new Uint8Array([...text].map((c) => ({ é: 0xe9, "–": 0x96 })[c as "é"] ?? c.charCodeAt(0)));

/** A CSV as US Excel saves it ('CSV (Comma delimited)'): Windows-1252, commas, CRLF, m/d/yyyy dates. */
const usExcelFile = (dates: string[]) =>
  new File(
    [
      cp1252(
        [
          "Project Name,Customer,External Reference,Due Date,Priority,Workflow,Item Name,Quantity,Category,Material",
          ...dates.map((d, i) => `Job ${i + 1},Café Rouge,Q-${i + 1},${d},high,Print,Sign – front,1,Banner,`),
        ].join("\r\n"),
      ),
    ],
    "orders.csv",
    { type: "application/vnd.ms-excel" },
  );

const dueDays = () =>
  shop.app.db.$client
    .query("SELECT name, end_date AS due FROM projects WHERE external_reference IS NOT NULL ORDER BY name")
    .all()
    .map((r) => {
      const row = r as { name: string; due: number };
      return [row.name, new Date(row.due).toISOString()];
    });

const setDayFirst = (value: boolean | null) => shop.app.db.update(schema.shopSettings).set({ importDayFirst: value }).run();

describe("the import screen reads a US Excel file", () => {
  test("12/18/2026 in Windows-1252 with commas: previewed as Fri, Dec 18, 2026 and imported as that day", async () => {
    let page = await open(shop.clients.pm, "/projects/import");
    expect(page.textOf('[data-testid="date-order"]')).toContain("Dates like 01/02/2026 are read month first (12/18/2026)");
    page = await page
      .form({ button: "Preview import" })
      .fill({ csv: usExcelFile(["12/18/2026", "03/04/2026", "12/18/26", "46374"]) })
      .submit("Preview import");
    const text = page.text();
    expect(text).toContain("Read as Windows-1252.");
    expect(text).not.toContain("have problems");
    expect(text).toContain("due Fri, Dec 18, 2026");
    // Month first: 03/04/2026 is March 4.
    expect(text).toContain("due Wed, Mar 4, 2026");
    expect(text).toContain("Café Rouge");
    page = await page.form({ button: "Confirm import" }).submit("Confirm import");
    expect(page.text()).toContain("4 projects created");
    expect(dueDays()).toEqual([
      ["Job 1", "2026-12-18T18:00:00.000Z"],
      ["Job 2", "2026-03-04T18:00:00.000Z"],
      ["Job 3", "2026-12-18T18:00:00.000Z"],
      ["Job 4", "2026-12-18T18:00:00.000Z"],
    ]);
  });

  test("day first: 03/04/2026 is April 3, and 12/18/2026 can still only be December 18", async () => {
    setDayFirst(true);
    const page = await (await open(shop.clients.pm, "/projects/import"))
      .form({ button: "Preview import" })
      .fill({ csv: usExcelFile(["12/18/2026", "03/04/2026", "18.12.2026"]) })
      .submit("Preview import");
    const text = page.text();
    expect(text).toContain("Dates like 01/02/2026 are read day first (18/12/2026)");
    expect(text).toContain("due Fri, Dec 18, 2026");
    expect(text).toContain("due Fri, Apr 3, 2026");
    expect(text).not.toContain("have problems");
  });

  test("a line without a reference naming a project the shop has is flagged, not refused", async () => {
    const csv = new File(
      ["Project Name,Due Date,Workflow,Item Name,Category\r\nstorefront,12/18/2026,Print,Letters,Banner\r\nNew job,,Print,Panel,Banner\r\n"],
      "orders.csv",
      { type: "text/csv" },
    );
    const page = await (await open(shop.clients.pm, "/projects/import")).form({ button: "Preview import" }).fill({ csv }).submit("Preview import");
    expect(page.textOf('[aria-label="Worth a look"]')).toBe(
      'Line 2 — A project named "Storefront" already exists: this makes a second one. Add an External Reference to update it instead.',
    );
    expect(page.forms().some((f) => f.submitButtons().some((b) => b.textContent?.includes("Confirm import")))).toBe(true);
  });
});

describe("POST /api/projects/import reads the same dates", () => {
  const row = (over: Record<string, string>) => ({
    projectName: "P",
    customer: "",
    externalReference: "",
    dueDate: "",
    priority: "",
    workflow: "Print",
    itemName: "",
    quantity: "",
    category: "",
    material: "",
    ...over,
  });

  test("dry run: US, two-digit, dotted and Excel serial dates; a second 'Storefront' is a warning in the JSON", async () => {
    const res = await shop.clients.pm.request("/api/projects/import?dryRun=1", {
      method: "POST",
      json: {
        rows: [
          row({ projectName: "A", externalReference: "R-1", dueDate: "12/18/2026" }),
          row({ projectName: "B", externalReference: "R-2", dueDate: "12/18/26" }),
          row({ projectName: "C", externalReference: "R-3", dueDate: "18.12.2026" }),
          row({ projectName: "D", externalReference: "R-4", dueDate: "46374" }),
          row({ projectName: "STOREFRONT", dueDate: "2026-12-18" }),
        ],
      },
    });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { projects: { name: string; dueDate: string; dueDateText: string }[]; warnings: unknown[]; issues: unknown[] };
    expect(body.issues).toEqual([]);
    expect(body.projects.map((p) => [p.name, p.dueDate, p.dueDateText])).toEqual(
      ["A", "B", "C", "D", "STOREFRONT"].map((n) => [n, "2026-12-18", "Fri, Dec 18, 2026"]),
    );
    expect(body.warnings).toEqual([
      {
        path: "rows.4",
        index: 4,
        line: 5,
        message: 'A project named "Storefront" already exists: this makes a second one. Add an External Reference to update it instead.',
      },
    ]);
    expect(shop.app.db.$client.query("SELECT count(*) AS n FROM projects").get()).toEqual({ n: 1 });
  });

  test("a date that names no day is still a 400 naming the row", async () => {
    const res = await shop.clients.pm.request("/api/projects/import", { method: "POST", json: { rows: [row({ dueDate: "13/13/2026" })] } });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toContain('Due date "13/13/2026" is not a date');
  });
});

describe("Global Settings → Imported files", () => {
  test("without JavaScript: the form post saves the order, audited, and the import screen reads by it", async () => {
    let page = await (await open(shop.clients.pm, "/settings")).click("Imported files");
    expect(page.url.pathname).toBe("/settings/imports");
    expect(page.text()).toContain("Now: month first (12/18/2026)");
    page = await page.form({ button: "Save date order" }).fill({ dateOrder: "day" }).submit("Save date order");
    expect(page.text()).toContain("Dates like 01/02/2026 are read day first (18/12/2026).");
    expect(shop.app.db.select({ v: schema.shopSettings.importDayFirst }).from(schema.shopSettings).get()).toEqual({ v: true });
    const audit = shop.app.db.$client.query("SELECT actor_name AS who, after FROM audit_log WHERE entity = 'shop-settings' ORDER BY id DESC LIMIT 1").get() as {
      who: string;
      after: string;
    };
    expect(audit.who).toBe("Pat PM");
    expect(JSON.parse(audit.after)).toMatchObject({ importDayFirst: true });
    expect((await open(shop.clients.pm, "/projects/import")).textOf('[data-testid="date-order"]')).toContain("read day first (18/12/2026)");
    // Back to the zone's order.
    page = await page.form({ button: "Save date order" }).fill({ dateOrder: "zone" }).submit("Save date order");
    expect(shop.app.db.select({ v: schema.shopSettings.importDayFirst }).from(schema.shopSettings).get()).toEqual({ v: null });
  });

  test("with JavaScript (a data request): the same post saves it", async () => {
    const version = shop.app.db.select({ v: schema.shopSettings.version }).from(schema.shopSettings).get()!.v;
    const res = await shop.clients.pm.request("/settings/imports.data", { method: "POST", form: { dateOrder: "day", version: String(version) } });
    expect(res.status).toBeLessThan(400);
    expect(shop.app.db.select({ v: schema.shopSettings.importDayFirst }).from(schema.shopSettings).get()).toEqual({ v: true });
    // A save over someone else's (the version it was opened with is old) is refused.
    const stale = await shop.clients.pm.request("/settings/imports.data", { method: "POST", form: { dateOrder: "month", version: String(version) } });
    expect(stale.status).toBe(409);
    expect(shop.app.db.select({ v: schema.shopSettings.importDayFirst }).from(schema.shopSettings).get()).toEqual({ v: true });
  });

  test("it is management's, as the other Global Settings pages", async () => {
    expect((await shop.clients.floor.request("/settings/imports")).status).toBe(403);
    const res = await shop.clients.floor.request("/settings/imports", { method: "POST", form: { dateOrder: "day" } });
    expect(res.status).toBe(403);
    expect(await visibleHtml(await shop.clients.floor.request("/projects/import"))).not.toContain("/settings/imports");
    expect(shop.app.db.select({ v: schema.shopSettings.importDayFirst }).from(schema.shopSettings).get()).toEqual({ v: null });
  });
});
