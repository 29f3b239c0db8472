import { beforeEach, describe, expect, test } from "bun:test";
import { ORDER_CSV_HEADERS } from "~/domain/order-plan";
import { countStatements } from "../helpers/app";
import { type Client, visibleHtml } from "../helpers/app";
import { seedShop } from "../helpers/shop";

// The order import (decision 0045): a CSV on the import screen or rows on POST /api/projects/import; a preview
// of what will be created or updated and every bad line; everything, or nothing.

let app: Awaited<ReturnType<typeof seedShop>>["app"];
let pm: Client;
let floor: Client;
let bakeryId: number;

beforeEach(async () => {
  ({
    app,
    clients: { pm, floor },
    projectIds: [bakeryId],
  } = await seedShop({
    members: {
      pm: { name: "Pat PM", pin: "1111", keys: ["management"] },
      floor: { name: "Fay Floor", pin: "2222", keys: ["production"] },
    },
    departments: ["Design", "Production"],
    categories: [
      { name: "Banner", departmentSequence: ["design", "production"] },
      { name: "Channel Letters", departmentSequence: ["production"] },
    ],
    materials: [
      { name: "Vinyl", category: "Flexible" },
      { name: "Aluminium", category: "Rigid" },
    ],
    workflow: { name: "Print", departmentSequence: ["design", "production"] },
    projects: [{ name: "Bakery", priority: "low" }],
  }));
  // The Bakery project is order Q-7 in the shop's quoting software, with one item.
  const res = await pm.request(`/api/projects/${bakeryId}`, { method: "PATCH", json: { externalReference: "Q-7", customer: "Old Bakery" } });
  expect(res.status).toBe(200);
  expect(
    (await pm.request("/api/items", { method: "POST", json: { name: "Window vinyl", category: "Banner", quantity: 2, projectId: bakeryId } })).status,
  ).toBe(201);
});

const HEADER = ORDER_CSV_HEADERS.join(",");
const db = () => app.db.$client;
const count = (table: string) => db().query<{ n: number }, []>(`SELECT count(*) AS n FROM ${table}`).get()!.n;
const projectRows = () =>
  db()
    .query<{ id: number; name: string; customer: string | null; external_reference: string | null; priority: string; workflow_name: string }, []>(
      "SELECT id, name, customer, external_reference, priority, workflow_name FROM projects ORDER BY id",
    )
    .all();

const page = "/projects/import";
const upload = (client: Client, content: string | Uint8Array, name = "orders.csv", type = "text/csv") => {
  const form = new FormData();
  form.set("intent", "preview");
  form.set("csv", new File([content as BlobPart], name, { type }));
  return client.request(page, { method: "POST", body: form });
};
/** The Confirm form's fields, as the preview page rendered them (what a browser without JavaScript posts back); `html` as visibleHtml reads it. */
function confirmFields(html: string): Record<string, string> {
  const field = (name: string) => {
    const m = new RegExp(`<input type="hidden" name="${name}" value="(.*?)"/>`).exec(html);
    if (!m) throw new Error(`no ${name} field on the preview`);
    return m[1]!.replace(/&lt;/g, "<").replace(/&gt;/g, ">").replace(/&amp;/g, "&");
  };
  return { intent: "confirm", rows: field("rows"), importId: field("importId"), fileName: field("fileName") };
}

const GOOD = [
  HEADER,
  "Storefront,Corner Café,Q-100,2026-03-31,high,Print,Channel letters,6,Channel Letters,Aluminium",
  "Storefront,,Q-100,,,,Window vinyl,2,banner,",
  "Bakery (revised),New Bakery,q-7,2026-04-15,rush,,Window vinyl,5,,Vinyl",
  "Bakery (revised),,Q-7,,,,Menu board,1,Banner,",
  "Van wrap,Fleet Co,,31.05.2026,,print,Wrap,1,Banner,Vinyl",
].join("\r\n");

describe("order import screen", () => {
  test("the Projects page links it; the template downloads with the shop's own workflow and categories and imports as it is", async () => {
    expect(await visibleHtml(await pm.request("/projects"))).toContain('href="/projects/import"');
    const res = await pm.request("/api/projects/import/csv-template");
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain("order-import-template.csv");
    const bytes = new Uint8Array(await res.arrayBuffer());
    // A UTF-8 byte order mark, so Excel opens accents right; CRLF lines.
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text.startsWith(`${HEADER}\r\n`)).toBe(true);
    expect(text).toContain(",Print,Channel letters,6,Banner,Aluminium");
    const preview = await visibleHtml(await upload(pm, text, "order-import-template.csv"));
    expect(preview).toContain("1 project to create · 2 items to add");
    const confirm = await pm.request(page, { method: "POST", form: confirmFields(preview) });
    expect(confirm.status).toBe(302);
    expect(projectRows().map((p) => p.name)).toContain("Storefront signage");
  });

  test("preview lists what will be created and updated; Confirm (JavaScript off) imports it all; a second Confirm adds nothing", async () => {
    const res = await upload(pm, GOOD);
    expect(res.status).toBe(200);
    const html = await visibleHtml(res);
    expect(html).toContain("2 projects to create · 1 project to update · 4 items to add, 1 item to change");
    expect(html).toContain("Storefront");
    expect(html).toContain("name Bakery → Bakery (revised)");
    expect(html).toContain("quantity 2 → 5");
    expect(html).toContain("Confirm import");
    expect(count("projects")).toBe(1);

    const fields = confirmFields(html);
    const before = count("audit_log");
    const confirm = await pm.request(page, { method: "POST", form: fields });
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("location")).toBe("/projects?sort=created&dir=desc");
    const projects = projectRows();
    expect(projects.map((p) => [p.name, p.customer, p.external_reference, p.priority, p.workflow_name])).toEqual([
      ["Bakery (revised)", "New Bakery", "Q-7", "rush", "Print"],
      ["Storefront", "Corner Café", "Q-100", "high", "Print"],
      ["Van wrap", "Fleet Co", null, "medium", "Print"],
    ]);
    // Made as the Projects page makes them: workflow steps, items with QR codes in the first department, counts.
    const storefront = projects[1]!.id;
    const steps = db()
      .query<{ department: string }, [number]>(
        "SELECT s.department FROM project_workflow_steps s JOIN project_workflow_instances i ON i.id = s.project_workflow_instance_id WHERE i.project_id = ? ORDER BY s.sort_order",
      )
      .all(storefront);
    expect(steps.map((s) => s.department)).toEqual(["design", "production"]);
    const items = db()
      .query<{ id: number; name: string; category: string; material: string; quantity: number; qr_code: string; workflow_id: number }, [number]>(
        "SELECT id, name, category, material, quantity, qr_code, workflow_id FROM items WHERE project_id = ? ORDER BY id",
      )
      .all(storefront);
    expect(items.map((i) => [i.name, i.category, i.material, i.quantity])).toEqual([
      ["Channel letters", "Channel Letters", "Aluminium", 6],
      ["Window vinyl", "Banner", "Unknown", 2],
    ]);
    expect(items.every((i) => i.qr_code.endsWith(`/qr/${i.id}`) && i.workflow_id !== null)).toBe(true);
    const bakeryItems = db()
      .query<{ name: string; quantity: number; material: string }, [number]>("SELECT name, quantity, material FROM items WHERE project_id = ? ORDER BY id")
      .all(bakeryId);
    expect(bakeryItems).toEqual([
      { name: "Window vinyl", quantity: 5, material: "Vinyl" },
      { name: "Menu board", quantity: 1, material: "Unknown" },
    ]);
    const api = await (await pm.request(`/api/projects/${storefront}`)).json();
    expect(api).toMatchObject({ customer: "Corner Café", externalReference: "Q-100", totalItems: 2 });
    // Audited: each project and item, and the import itself.
    const audit = db().query<{ entity: string; action: string; n: number }, []>(
      `SELECT entity, action, count(*) AS n FROM audit_log WHERE id > ${before} GROUP BY entity, action ORDER BY entity, action`,
    );
    expect(audit.all()).toEqual([
      { entity: "item", action: "create", n: 4 },
      { entity: "item", action: "update", n: 1 },
      { entity: "order-import", action: "import", n: 1 },
      { entity: "project", action: "create", n: 2 },
      { entity: "project", action: "update", n: 1 },
    ]);
    // Confirm clicked twice (or the page sent again): the import is done once.
    const again = await pm.request(page, { method: "POST", form: fields });
    expect(again.status).toBe(302);
    expect(count("projects")).toBe(3);
    expect(count("items")).toBe(5);
    // A form kept from this preview, its lines changed: refused, not reported done.
    const rows = JSON.parse(fields.rows!) as Record<string, unknown>[];
    const changed = { ...fields, rows: JSON.stringify([{ ...rows[0], itemName: "Something else" }]) };
    const other = await pm.request(page, { method: "POST", form: changed });
    expect(other.status).toBe(409);
    expect(await visibleHtml(other)).toContain("This preview was already imported with other lines: upload the file again.");
    expect(count("items")).toBe(5);
    // The project page shows the customer and the reference.
    expect(await visibleHtml(await pm.request(`/projects/${bakeryId}`))).toContain("Customer: New Bakery · Reference: Q-7");
  });

  test("every bad line is listed with its number and reason, and Confirm is not offered", async () => {
    const csv = [
      HEADER,
      "A,,,2026-02-30,,Print,X,1,Banner,",
      "B,,,,urgent,Print,X,1,Banner,",
      "C,,,,,Nope,X,1,Banner,",
      "D,,,,,Print,X,1.5,Banner,",
      "E,,,,,Print,X,0,Banner,",
      "F,,,,,Print,X,1,Posters,",
      "G,,,,,Print,X,1,Banner,Wood",
      ",,,,,Print,X,1,Banner,",
      "H,,,,,,X,1,Banner,",
      "I,,,,,Print,,1,Banner,",
      "J,,,13/13/2026,,Print,X,1,Banner,",
      "K,,,,,Print,X,1,Banner,",
      "K,,,,,Print,x,2,Banner,",
      "L,Acme,,,,Print,X,1,Banner,",
      "L,Other,,,,Print,Y,1,Banner,",
      "M,,,,,Print,X,1,,",
    ].join("\n");
    const res = await upload(pm, csv);
    const html = await visibleHtml(res);
    expect(html).toContain("14 lines have problems");
    for (const line of [
      'Line 2</span> — Due date "2026-02-30" is not a date: write it as 2026-12-18, or month first (12/18/2026) as this shop reads dates.',
      'Line 3</span> — Unknown priority "urgent". Use one of: rush, high, medium, low.',
      'Line 4</span> — Unknown workflow "Nope". Use one of: Print.',
      'Line 5</span> — Quantity "1.5" is not a whole number from 1 to 1,000,000.',
      'Line 6</span> — Quantity "0" is not a whole number from 1 to 1,000,000.',
      'Line 7</span> — Unknown category "Posters". Use one of: Banner, Channel Letters.',
      'Line 8</span> — Unknown material "Wood". Use one of: Aluminium, Vinyl.',
      "Line 9</span> — Project name is missing.",
      "Line 10</span> — Workflow is missing: a new project needs one.",
      "Line 11</span> — Item name is missing.",
      'Line 12</span> — Due date "13/13/2026" is not a date',
      'Line 14</span> — Item "x" is listed twice for this project (first on line 13).',
      'Line 16</span> — Customer "Other" differs from "Acme" on line 15, the project\'s first line.',
      "Line 17</span> — Category is missing.",
    ])
      expect(html).toContain(line);
    expect(html).not.toContain("Confirm import");
    expect(count("projects")).toBe(1);
  });

  test("files as Excel saves them: UTF-16 'Unicode text' (tabs), Windows-1252 with semicolons, UTF-8 with a BOM", async () => {
    const rows = [HEADER.replace(/,/g, "\t"), "Schild Café\tMüller GmbH\tR-1\t2026-05-01\tlow\tPrint\tTafel – groß\t3\tBanner\tVinyl"].join("\r\n");
    const utf16 = new Uint8Array([0xff, 0xfe, ...new Uint8Array(Buffer.from(rows, "utf16le"))]);
    const cp1252 = (s: string) => new Uint8Array([...s].map((c) => ({ é: 0xe9, ü: 0xfc, ß: 0xdf, "–": 0x96, ö: 0xf6 })[c as "é"] ?? c.charCodeAt(0)));
    const semicolon = cp1252(
      [HEADER.replace(/,/g, ";"), "Bäckerei-Schild;Öl & Söhne;R-2;;;Print;Straßenschild – groß;1;Banner;"].join("\r\n").replace("ä", "a"),
    );
    const bom = `\uFEFF${HEADER}\r\n"Sign, large",Zoë,R-3,,,Print,"Letters ""A""",2,Banner,\r\n`;
    for (const [file, content, name, encoding] of [
      ["unicode.csv", utf16, "Tafel – groß", "UTF-16"],
      ["ansi.csv", semicolon, "Straßenschild – groß", "Windows-1252"],
      ["utf8.csv", bom, 'Letters "A"', "UTF-8"],
    ] as const) {
      const html = await visibleHtml(await upload(pm, content, file, "application/vnd.ms-excel"));
      expect(html, file).toContain(`Read as ${encoding}.`);
      expect(html, file).toContain(name.replace(/"/g, '"'));
      expect((await pm.request(page, { method: "POST", form: confirmFields(html) })).status, file).toBe(302);
    }
    const names = db()
      .query<{ name: string }, []>("SELECT name FROM items ORDER BY id")
      .all()
      .map((r) => r.name);
    expect(names).toEqual(["Window vinyl", "Tafel – groß", "Straßenschild – groß", 'Letters "A"']);
    expect(projectRows().map((p) => [p.name, p.customer])).toEqual([
      ["Bakery", "Old Bakery"],
      ["Schild Café", "Müller GmbH"],
      ["Backerei-Schild", "Öl & Söhne"],
      ["Sign, large", "Zoë"],
    ]);
  });

  test("a file that is not a CSV, or without the columns, is refused with a sentence", async () => {
    const form = new FormData();
    form.set("intent", "preview");
    expect(await visibleHtml(await pm.request(page, { method: "POST", body: form }))).toContain("Please select a CSV file first");
    expect(await visibleHtml(await upload(pm, "x", "orders.xlsx", "application/octet-stream"))).toContain("Please select a CSV file");
    expect(await visibleHtml(await upload(pm, "Name,Amount\nA,1\n"))).toContain("The CSV needs a Project Name column (found: Name, Amount)");
    expect(await visibleHtml(await upload(pm, `${HEADER}\n`))).toContain("The CSV has no data rows.");
  });

  test("Confirm checks again: what changed since the preview is listed, and nothing is imported", async () => {
    const html = await visibleHtml(await upload(pm, GOOD));
    const fields = confirmFields(html);
    // The workflow is renamed between the preview and Confirm: the file's 'Print' is unknown now.
    const wf = db().query<{ id: number; version: number }, []>("SELECT id, version FROM workflows").get()!;
    expect((await pm.request(`/api/workflows/${wf.id}`, { method: "PATCH", json: { name: "Print v2", version: wf.version } })).status).toBe(200);
    const res = await pm.request(page, { method: "POST", form: fields });
    expect(res.status).toBe(409);
    expect(await visibleHtml(res)).toContain('Unknown workflow "Print". Use one of: Print v2.');
    expect(count("projects")).toBe(1);
    expect(count("items")).toBe(1);
  });

  test("the screen and its posts need projects:write", async () => {
    expect((await floor.request(page)).status).toBe(403);
    const res = await upload(floor, GOOD);
    expect(res.status).toBe(403);
    const forged = await floor.request(page, { method: "POST", form: { intent: "confirm", rows: "[]", importId: "x" } });
    expect(forged.status).toBe(403);
    expect(count("projects")).toBe(1);
    expect(await visibleHtml(await floor.request("/projects"))).not.toContain('href="/projects/import"');
  });
});

const row = (r: Partial<Record<string, string | number>>) => ({
  projectName: "Storefront",
  workflow: "Print",
  itemName: "Letters",
  quantity: 1,
  category: "Banner",
  ...r,
});

describe("POST /api/projects/import", () => {
  test("dry run answers the preview and writes nothing; the import creates and updates; a repeated importId adds nothing", async () => {
    const rows = [
      row({ externalReference: "Q-100", customer: "Corner Café", dueDate: "2026-03-31", quantity: 6 }),
      row({ externalReference: "Q-100", itemName: "Vinyl", material: "vinyl" }),
      row({ projectName: "Bakery", externalReference: "Q-7", itemName: "Window vinyl", quantity: 3, workflow: "" }),
    ];
    const dry = await pm.request("/api/projects/import?dryRun=1", { method: "POST", json: { rows } });
    expect(dry.status).toBe(200);
    const preview = await dry.json();
    expect(preview.message).toBe("1 project to create · 1 project to update · 2 items to add, 1 item to change");
    expect(preview.projects.map((p: { action: string; name: string }) => [p.action, p.name])).toEqual([
      ["create", "Storefront"],
      ["update", "Bakery"],
    ]);
    expect(preview.projects[1].items[0]).toMatchObject({ action: "update", changes: ["quantity 2 → 3"] });
    expect(preview.issues).toEqual([]);
    expect(count("projects")).toBe(1);

    const res = await pm.request("/api/projects/import", { method: "POST", json: { rows, importId: "order-batch-1" } });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe("1 project created · 1 project updated · 2 items added, 1 item changed");
    expect(body.projectIds).toHaveLength(2);
    expect(count("projects")).toBe(2);
    const again = await pm.request("/api/projects/import", { method: "POST", json: { rows, importId: "order-batch-1" } });
    expect(again.status).toBe(200);
    expect((await again.json()).repeated).toBe(true);
    expect(count("projects")).toBe(2);
    expect(count("items")).toBe(3);
    // The id again with other rows: refused, not answered 'already done' while these rows were never imported.
    const other = [row({ projectName: "Deli", externalReference: "Q-200", itemName: "Menu board" })];
    const reused = await pm.request("/api/projects/import", { method: "POST", json: { rows: other, importId: "order-batch-1" } });
    expect(reused.status).toBe(409);
    expect((await reused.json()).message).toBe("This importId was already used for other rows: nothing was imported. Send these rows with a new importId.");
    expect(count("projects")).toBe(2);
    expect((await pm.request("/api/projects/import", { method: "POST", json: { rows: other, importId: "order-batch-2" } })).status).toBe(201);
    expect(count("projects")).toBe(3);
    // The same rows again without an id: the references match, so nothing is added a second time either.
    const resend = await pm.request("/api/projects/import", { method: "POST", json: { rows } });
    expect(resend.status).toBe(200);
    expect((await resend.json()).message).toBe("Nothing to import: every project is already as the file says.");
    expect(count("projects")).toBe(3);
    expect(count("items")).toBe(4);
  });

  test("bad rows: 400 with each row's index and reason; nothing is imported, the good rows neither", async () => {
    const rows = [
      row({}),
      row({ projectName: "B", quantity: -1 }),
      row({ projectName: "C", workflow: "Nope" }),
      row({ projectName: "D", dueDate: "tomorrow" }),
    ];
    for (const path of ["/api/projects/import", "/api/projects/import?dryRun=1"]) {
      const res = await pm.request(path, { method: "POST", json: { rows } });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.message).toBe('Nothing was imported. Row 2: Quantity "-1" is not a whole number from 1 to 1,000,000. (and 2 more problems)');
      expect(body.issues.map((i: { index: number; path: string }) => [i.index, i.path])).toEqual([
        [1, "rows.1"],
        [2, "rows.2"],
        [3, "rows.3"],
      ]);
      expect(body.issues[1].message).toBe('Unknown workflow "Nope". Use one of: Print.');
    }
    expect(count("projects")).toBe(1);
    // A misspelt field, a body without rows: the body's own checks, a 400 that names them.
    const typo = await pm.request("/api/projects/import", { method: "POST", json: { rows: [{ ...row({}), project_name: "X" }] } });
    expect(typo.status).toBe(400);
    expect(JSON.stringify((await typo.json()).issues)).toContain("project_name");
    expect((await pm.request("/api/projects/import", { method: "POST", json: {} })).status).toBe(400);
  });

  test("all or nothing: a write refused half-way leaves no project behind", async () => {
    // A trigger refuses the third item: the two projects and two items before it are rolled back with it.
    db().run("CREATE TEMP TRIGGER refuse_third AFTER INSERT ON items WHEN NEW.name = 'Third' BEGIN SELECT RAISE(ABORT, 'disk full'); END");
    const rows = [row({ projectName: "P1", itemName: "First" }), row({ projectName: "P2", itemName: "Second" }), row({ projectName: "P2", itemName: "Third" })];
    const res = await pm.request("/api/projects/import", { method: "POST", json: { rows } });
    expect(res.status).toBe(500);
    expect(count("projects")).toBe(1);
    expect(count("items")).toBe(1);
    expect(db().query("SELECT 1 FROM audit_log WHERE entity = 'order-import'").all()).toHaveLength(0);
  });

  test("projects:write is needed; signed out is a 401", async () => {
    const res = await floor.request("/api/projects/import", { method: "POST", json: { rows: [row({})] } });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBeTruthy();
    const anon = (await import("../helpers/app")).createClient(app.fetch, "10.0.0.9");
    expect((await anon.request("/api/projects/import", { method: "POST", json: { rows: [row({})] } })).status).toBe(401);
    expect(count("projects")).toBe(1);
  });

  test("the project API takes and returns customer and external reference; a reference is one project's only", async () => {
    const res = await pm.request("/api/projects", {
      method: "POST",
      json: {
        name: "Sign",
        description: "d",
        workflowId: db().query<{ id: number }, []>("SELECT id FROM workflows").get()!.id,
        customer: "Acme",
        externalReference: "A-1",
      },
    });
    expect(res.status).toBe(201);
    const created = await res.json();
    expect(created).toMatchObject({ customer: "Acme", externalReference: "A-1" });
    expect(await (await pm.request(`/api/projects/${created.id}`)).json()).toMatchObject({ customer: "Acme", externalReference: "A-1" });
    const clash = await pm.request(`/api/projects/${created.id}`, { method: "PATCH", json: { externalReference: "q-7" } });
    expect(clash.status).toBe(409);
    expect((await clash.json()).message).toBe('The external reference "q-7" is already used by the project "Bakery". Each project needs its own.');
    // Left out of a PATCH, they stay.
    expect(await (await pm.request(`/api/projects/${created.id}`, { method: "PATCH", json: { name: "Sign 2" } })).json()).toMatchObject({
      customer: "Acme",
      externalReference: "A-1",
    });
  });
});

describe("a large import", () => {
  test("2,000 lines preview and import in a few seconds, with the same number of reference queries as 20 lines", async () => {
    const lines = (projects: number, per: number) => {
      const out = [HEADER];
      for (let p = 0; p < projects; p++)
        for (let i = 0; i < per; i++) out.push(`Job ${p},Customer ${p},J-${p},2026-06-30,,Print,Item ${i},${i + 1},Banner,Vinyl`);
      return out.join("\n");
    };
    const readsOf = async (csv: string) => {
      let html = "";
      const statements = await countStatements(async () => {
        html = await visibleHtml(await upload(pm, csv));
      });
      return { html, statements };
    };
    const small = await readsOf(lines(2, 10));
    const large = await readsOf(lines(200, 10));
    expect(large.html).toContain("200 projects to create · 2,000 items to add");
    expect(large.statements).toBe(small.statements);
    const confirm = await pm.request(page, { method: "POST", form: confirmFields(large.html) });
    expect(confirm.status).toBe(302);
    expect(count("items")).toBe(2001);
  });
});
