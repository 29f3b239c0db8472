import { beforeEach, describe, expect, test } from "bun:test";
import type { Client } from "../helpers/app";
import { hooks, statementsByTransaction } from "../helpers/app";
import { seedShop } from "../helpers/shop";

const { ORDER_BATCH_WEIGHT } = hooks;

// A large order import (docs/product.md, Decisions: Large writes): every line is checked first, then whole
// projects are written in short transactions with pauses between them, so the server keeps answering everyone
// else; a batch refused half-way puts back the batches before it, so the import stays all or nothing.

let app: Awaited<ReturnType<typeof seedShop>>["app"];
let pm: Client;
let floor: Client;
let bakeryId: number;
let scanned: number;

beforeEach(async () => {
  ({
    app,
    clients: { pm, floor },
    projectIds: [bakeryId],
    itemIds: [scanned],
  } = await seedShop({
    members: {
      pm: { name: "Pat PM", pin: "1111", keys: ["management"] },
      floor: { name: "Fay Floor", pin: "2222", keys: ["production"] },
    },
    departments: ["Design", "Production"],
    categories: [{ name: "Banner", departmentSequence: ["design", "production"] }],
    materials: [{ name: "Vinyl", category: "Flexible" }],
    workflow: { name: "Print", departmentSequence: ["design", "production"] },
    projects: [{ name: "Bakery", priority: "low" }],
    items: [{ name: "Window vinyl", category: "Banner", department: "production" }],
  }));
  // The Bakery project is order Q-7 in the shop's quoting software.
  expect((await pm.request(`/api/projects/${bakeryId}`, { method: "PATCH", json: { externalReference: "Q-7", customer: "Old Bakery" } })).status).toBe(200);
});

const db = () => app.db.$client;
const count = (table: string, where = "1") => db().query<{ n: number }, []>(`SELECT count(*) AS n FROM ${table} WHERE ${where}`).get()!.n;

/** `projects` orders of 10 items each, J-0 … J-{n-1}. */
const orders = (projects: number, from = 0) =>
  Array.from({ length: projects }, (_, p) =>
    Array.from({ length: 10 }, (_, i) => ({
      projectName: `Job ${from + p}`,
      customer: `Customer ${from + p}`,
      externalReference: `J-${from + p}`,
      dueDate: "2026-06-30",
      workflow: "Print",
      itemName: `Item ${i}`,
      quantity: String(i + 1),
      category: "Banner",
      material: "Vinyl",
    })),
  ).flat();

const importRows = (rows: object[]) => pm.request("/api/projects/import", { method: "POST", json: { rows } });

describe("large order imports", () => {
  test("10,000 rows: healthz, a scan and a page are answered while the import runs, not after it", async () => {
    const rows = orders(1000);
    // Warm up: the first requests compile routes and statements.
    let scans = 0;
    const others = {
      healthz: () => pm.request("/healthz"),
      // Start and pause by turns: the item stays where it is however many scans get through.
      scan: () => floor.request(`/api/items/${scanned}/${++scans % 2 ? "start" : "pause"}-timer`, { method: "POST" }),
      page: () => pm.request("/items"),
    };
    for (const request of Object.values(others)) await (await request()).arrayBuffer();
    let done = false;
    const importing = importRows(rows).then(async (res) => {
      done = true;
      return { status: res.status, body: await res.json() };
    });
    // Each kind one request after another while the import runs (a few of each, so the test stays short): each one
    // answered before the import ended was served between its batches. An import that held the server would let
    // none through. (How long they waited is a figure of `npm run bench`, not a test: it depends on the machine.)
    const during = { healthz: 0, scan: 0, page: 0 };
    await Promise.all(
      Object.entries(others).map(async ([name, request]) => {
        while (!done && during[name as keyof typeof during] < 5) {
          // A request arrives from a socket, in a turn of the event loop of its own: yield one, as the network would.
          await new Promise((resolve) => setImmediate(resolve));
          const res = await request();
          await res.arrayBuffer();
          expect(res.status).toBe(200);
          if (!done) during[name as keyof typeof during]++;
        }
      }),
    );
    const result = await importing;
    console.log(`Order import of 10,000 rows: other requests answered while it ran: ${JSON.stringify(during)}`);
    expect(result.status).toBe(201);
    expect(result.body.message).toBe("1,000 projects created · 10,000 items added");
    expect(count("projects")).toBe(1001);
    expect(count("items")).toBe(10_001);
    expect(during.healthz).toBeGreaterThanOrEqual(3);
    expect(during.scan).toBeGreaterThanOrEqual(3);
    expect(during.page).toBeGreaterThanOrEqual(3);
    // Audited as before: each project and item, and one row for the import.
    expect(count("audit_log", "entity = 'project' AND action = 'create'")).toBe(1001);
    expect(count("audit_log", "entity = 'item' AND action = 'create'")).toBe(10_001);
    expect(count("audit_log", "entity = 'order-import'")).toBe(1);
  }, 600_000);

  test("whole projects are written in transactions of at most ORDER_BATCH_WEIGHT items and projects", async () => {
    let res: Response | undefined;
    const seen = await statementsByTransaction(async () => {
      res = await importRows(orders(100));
    });
    expect(res!.status).toBe(201);
    const inserts = seen.filter((s) => /^insert into "(items|projects)"/i.test(s.sql));
    expect(inserts).toHaveLength(1100);
    const perTransaction = new Map<number, { items: number; projects: number }>();
    for (const s of inserts) {
      const t = perTransaction.get(s.tx) ?? { items: 0, projects: 0 };
      if (/^insert into "items"/i.test(s.sql)) t.items++;
      else t.projects++;
      perTransaction.set(s.tx, t);
    }
    // None outside a transaction; more than one transaction; each of whole projects (10 items each), and light.
    expect(perTransaction.has(0)).toBe(false);
    expect(perTransaction.size).toBeGreaterThan(1);
    for (const t of perTransaction.values()) {
      expect(t.items).toBe(t.projects * 10);
      expect(t.items).toBeLessThanOrEqual(ORDER_BATCH_WEIGHT);
    }
  });

  test("a write refused in a later batch puts back the batches before it: nothing imported", async () => {
    const before = db().query("SELECT name, customer, priority, end_date, version FROM projects WHERE id = ?").get(bakeryId) as Record<string, unknown>;
    // The first batch changes order Q-7 (the Bakery) and adds an item to it; a trigger refuses the very last item.
    const rows = [
      { ...orders(1)[0]!, projectName: "Bakery (new name)", customer: "New Bakery", externalReference: "Q-7", priority: "rush", itemName: "Menu board" },
      ...orders(100, 1),
    ];
    db().run(
      "CREATE TEMP TRIGGER refuse_last AFTER INSERT ON items WHEN NEW.name = 'Item 9' AND (SELECT name FROM projects WHERE id = NEW.project_id) = 'Job 100' BEGIN SELECT RAISE(ABORT, 'disk full'); END",
    );
    const res = await importRows(rows);
    expect(res.status).toBe(500);
    db().run("DROP TRIGGER refuse_last");
    // The projects and items of the batches that had committed are gone; the Bakery has its name back.
    expect(count("projects")).toBe(1);
    expect(count("items")).toBe(1);
    const after = db().query("SELECT name, customer, priority, end_date, version FROM projects WHERE id = ?").get(bakeryId) as Record<string, unknown>;
    expect({ ...after, version: 0 }).toEqual({ ...before, version: 0 });
    expect(count("audit_log", "entity = 'order-import' AND action = 'import'")).toBe(0);
    expect(count("audit_log", "entity = 'order-import' AND action = 'undo-import'")).toBe(1);
    expect(count("project_workflow_steps")).toBe(2);
    // The same rows sent again import whole.
    const again = await importRows(rows);
    expect(again.status).toBe(201);
    expect(count("projects")).toBe(101);
    expect(count("items")).toBe(1 + 1 + 1000);
  });

  test("a batch refused because the shop changed under the import puts back the batches before it: a 400 naming the line", async () => {
    const [banner] = (await (await pm.request("/api/categories")).json()) as { id: number; name: string }[];
    // 400 projects: dozens of batches, so the rename lands while the import still has batches to write.
    const importing = importRows(orders(400));
    // Once the first batch has committed, the category the later lines name is renamed.
    while (count("projects") === 1) await new Promise((resolve) => setImmediate(resolve));
    expect((await pm.request(`/api/categories/${banner!.id}`, { method: "PATCH", json: { name: "Banners" } })).status).toBe(200);
    const res = await importing;
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toStartWith("Nothing was imported.");
    expect(body.issues[0].message).toContain('Unknown category "Banner"');
    expect(count("projects")).toBe(1);
    expect(count("items")).toBe(1);
    expect(count("audit_log", "entity = 'order-import' AND action = 'undo-import'")).toBe(1);
  });
});
