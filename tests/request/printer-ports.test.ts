import { afterEach, beforeEach, expect, test } from "bun:test";
import { labelPrinters } from "#db/schema";
import { type createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { startFakePrinter, type FakePrinter } from "../helpers/fake-printer";
import { bakery, seedShop } from "../helpers/shop";

const { resetEnvForTests } = hooks;

// A label printer is a host and a port the server connects to when anyone prints: any port would make 'Print label'
// a port scanner of the shop's network. Printers are reached on 9100 and 6101 only, unless the server's
// PRINTER_PORTS lists others; the refusal says why, when the printer is saved (API and Global Settings) and when
// a printer saved earlier is printed to.

let app: ReturnType<typeof createApp>;
let admin: Client;
let operator: Client;
let itemId: number;
let listener: FakePrinter | null = null;

const refusal = (port: number, allowed = "9100 or 6101") =>
  `Port ${port} is not a label printer port: labels are sent only to port ${allowed}. Whoever runs the server can allow another port with the PRINTER_PORTS setting.`;

beforeEach(async () => {
  ({
    app,
    clients: { admin, operator },
    itemIds: [itemId],
  } = await seedShop({
    ipBase: "10.12.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, operator: { name: "Otto", pin: "2222", keys: ["production"] } },
    ...bakery(["Production"]),
    items: [{ name: "Fence banner", category: "Banner", material: "Vinyl" }],
  }));
});

afterEach(async () => {
  await listener?.stop();
  listener = null;
});

test("the API takes 9100 and 6101 and refuses any other port with the reason, on create and on edit", async () => {
  for (const [name, port] of [
    ["Zebra A", 9100],
    ["Zebra B", 6101],
  ] as const) {
    expect((await admin.request("/api/label-printers", { method: "POST", json: { name, host: "10.0.0.9", port } })).status).toBe(201);
  }
  for (const port of [22, 80, 443, 3306, 9101]) {
    const res = await admin.request("/api/label-printers", { method: "POST", json: { name: `Probe ${port}`, host: "10.0.0.9", port } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(refusal(port));
  }
  const [a] = app.db.select().from(labelPrinters).all();
  const edit = await admin.request(`/api/label-printers/${a!.id}`, { method: "PATCH", json: { port: 25 } });
  expect(edit.status).toBe(400);
  expect((await edit.json()).message).toBe(refusal(25));
  expect(
    app.db
      .select()
      .from(labelPrinters)
      .all()
      .map((p) => p.port)
      .sort(),
  ).toEqual([6101, 9100]);
});

test("PRINTER_PORTS replaces the list: what it names is taken, what it leaves out is refused and the message says so", async () => {
  resetEnvForTests({ DATA_DIR: process.env.DATA_DIR, PRINTER_PORTS: "9100,9101,9102" });
  expect((await admin.request("/api/label-printers", { method: "POST", json: { name: "Zebra C", host: "10.0.0.9", port: 9102 } })).status).toBe(201);
  const res = await admin.request("/api/label-printers", { method: "POST", json: { name: "Zebra D", host: "10.0.0.9", port: 6101 } });
  expect(res.status).toBe(400);
  expect((await res.json()).message).toBe(refusal(6101, "9100, 9101 or 9102"));
});

test("a printer saved on a port that is no longer allowed is refused at print time, before any connection", async () => {
  listener = await startFakePrinter();
  resetEnvForTests({ DATA_DIR: process.env.DATA_DIR, PRINTER_PORTS: String(listener.port) });
  const printer = await (
    await admin.request("/api/label-printers", { method: "POST", json: { name: "Old Zebra", host: "127.0.0.1", port: listener.port } })
  ).json();
  resetEnvForTests({ DATA_DIR: process.env.DATA_DIR });
  const res = await operator.request(`/api/items/${itemId}/print-label`, { method: "POST", json: { printerId: printer.id } });
  expect(res.status).toBe(409);
  expect((await res.json()).message).toBe(
    `The printer "Old Zebra" cannot be used. ${refusal(listener.port)} Change its port in Global Settings → Label printers.`,
  );
  // From the item page without JavaScript: the same sentence in the toast.
  const page = await operator.request(`/items/${itemId}`, { method: "POST", form: { intent: "print-label", printerId: String(printer.id) } });
  expect(page.status).toBe(302);
  expect(await visibleHtml(await operator.request(page.headers.get("location")!))).toContain(refusal(listener.port));
  expect(await listener.openedBefore()).toBe(0);
  // Global Settings names the printer that cannot print, and it can still be switched off.
  const list = await visibleHtml(await admin.request("/settings/printers"));
  expect(list).toContain(`Not used for printing: ${refusal(listener.port)}`);
  expect(list).toContain("Port 9100 or 6101 (label printers only)");
  expect((await admin.request("/settings/printers", { method: "POST", form: { intent: "toggle", id: String(printer.id) } })).status).toBe(302);
  expect(app.db.select().from(labelPrinters).get()?.isActive).toBe(false);
});

test("Global Settings → Label printers without JavaScript: a refused port is shown on the port field, with what was typed", async () => {
  const res = await admin.request("/settings/printers", { method: "POST", form: { name: "Counter Zebra", host: "10.0.0.9", port: "8080", dpi: "203" } });
  expect(res.status).toBe(400);
  const html = await visibleHtml(res);
  expect(html).toContain(refusal(8080));
  expect(html).toContain('value="8080"');
  expect(html).toContain('value="Counter Zebra"');
  expect(app.db.select().from(labelPrinters).all()).toEqual([]);
  expect(
    (await admin.request("/settings/printers", { method: "POST", form: { name: "Counter Zebra", host: "10.0.0.9", port: "9100", dpi: "203" } })).status,
  ).toBe(302);
  const printer = app.db.select().from(labelPrinters).get()!;
  const edit = await admin.request(`/settings/printers?edit=${printer.id}`, {
    method: "POST",
    form: {
      intent: "update",
      id: String(printer.id),
      version: String(printer.version),
      name: "Counter Zebra",
      host: "10.0.0.9",
      port: "515",
      dpi: "203",
      isActive: "on",
    },
  });
  expect(edit.status).toBe(400);
  expect(await visibleHtml(edit)).toContain(refusal(515));
  expect(app.db.select().from(labelPrinters).get()?.port).toBe(9100);
});
