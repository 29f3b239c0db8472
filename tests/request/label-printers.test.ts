import { afterEach, beforeEach, expect, test } from "bun:test";
import { PDFDocument } from "pdf-lib";
import { cleanText, labelsZpl, zplText } from "~/domain/zpl";
import { decodePng, renderZpl } from "../helpers/label-tools";
import { type createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { freePort } from "../helpers/child-server";
import { startFakePrinter, type FakePrinter } from "../helpers/fake-printer";
import { seedShop } from "../helpers/shop";

const { resetEnvForTests } = hooks;

// Label printers: printers in Global Settings (/api/label-printers), and labels sent as ZPL over raw
// TCP to a listener standing in for the printer; a printer that does not answer gives a clear 504.

let app: ReturnType<typeof createApp>;
let admin: Client;
let operator: Client;
let projectId: number;
let itemIds: number[];
let fake: FakePrinter | null = null;

async function startPrinter() {
  fake = await startFakePrinter();
  return fake.port;
}

afterEach(async () => {
  await fake?.stop();
  fake = null;
});

beforeEach(async () => {
  ({
    app,
    clients: { admin, operator },
    projectIds: [projectId],
    itemIds,
  } = await seedShop({
    ipBase: "10.11.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, operator: { name: "Otto", pin: "2222", keys: ["production"] } },
    departments: ["Production"],
    categories: [{ name: "Banner", departmentSequence: ["production"] }],
    workflow: { name: "W", departmentSequence: ["production"] },
    projects: [{ name: "Bakery ^Signs~" }],
    items: ["Fence banner", "Door decal", "Window"].map((name) => ({ name, category: "Banner", material: "Vinyl" })),
  }));
});

/** Test printers listen on a port of the system's choosing: the server is told to allow it (PRINTER_PORTS). */
const allowPort = (port: number) => resetEnvForTests({ DATA_DIR: process.env.DATA_DIR, PRINTER_PORTS: `9100,6101,${port}` });

const addPrinter = async (port: number, extra: Record<string, unknown> = {}) => {
  allowPort(port);
  const res = await admin.request("/api/label-printers", { method: "POST", json: { name: "Counter Zebra", host: "127.0.0.1", port, ...extra } });
  expect(res.status).toBe(201);
  return (await res.json()) as { id: number; port: number; dpi: number; isActive: boolean };
};

test("an item's label goes to the printer as ZPL: the QR of its /qr/ URL, its name, project and material", async () => {
  const printer = await addPrinter(await startPrinter());
  expect(printer).toMatchObject({ port: fake!.port, dpi: 203, isActive: true });
  const res = await operator.request(`/api/items/${itemIds[0]}/print-label`, { method: "POST", json: { printerId: printer.id } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({ printed: 1, printer: "Counter Zebra", message: "1 label sent to Counter Zebra." });
  const zpl = (await fake!.received(1)).join("");
  expect(zpl.match(/\^XA/g)?.length).toBe(1);
  expect(zpl).toContain("^PW406");
  // The QR code is a graphic of the label's address (read back by an independent renderer and zbar).
  expect(decodePng(await renderZpl(zpl, 406, 203))).toEqual([`http://localhost/qr/${itemIds[0]}`]);
  expect(zpl).toContain("^FDFence banner^FS");
  // '^' and '~' in a name are hex-escaped, so they cannot end the field or start a command.
  expect(zpl).toContain("^FDBakery _5ESigns_7E^FS");
  expect(zpl).toContain("^FDVinyl^FS");
  expect(zpl.trim().endsWith("^XZ")).toBe(true);
  const audit = app.db.$client.query("SELECT action, entity_id AS id FROM audit_log WHERE action = 'print-labels'").all();
  expect(audit).toEqual([{ action: "print-labels", id: String(itemIds[0]) }]);
});

test("a project's labels: one ^XA…^XZ per item, at 300 dpi sized for 600 dots", async () => {
  const printer = await addPrinter(await startPrinter(), { dpi: 300 });
  const res = await operator.request(`/api/projects/${projectId}/print-labels`, { method: "POST", json: { printerId: printer.id } });
  expect(res.status).toBe(200);
  expect((await res.json()).message).toBe("3 labels sent to Counter Zebra.");
  const zpl = (await fake!.received(1)).join("");
  expect(zpl.match(/\^XA/g)?.length).toBe(3);
  expect(zpl.match(/\^PW600/g)?.length).toBe(3);
  const labels = zpl.split(/(?<=\^XZ\n)/);
  for (const [i, id] of itemIds.entries()) expect(decodePng(await renderZpl(labels[i]!, 600, 300))).toEqual([`http://localhost/qr/${id}`]);
});

test("a printer that does not answer is a 504 naming it; a switched-off one 409; bad settings 400", async () => {
  const port = await freePort();
  const printer = await addPrinter(port);
  const res = await operator.request(`/api/items/${itemIds[0]}/print-label`, { method: "POST", json: { printerId: printer.id } });
  expect(res.status).toBe(504);
  expect((await res.json()).message).toBe(
    `The printer "Counter Zebra" at 127.0.0.1:${port} did not answer. Check that it is switched on and on the network, then try again.`,
  );
  await admin.request(`/api/label-printers/${printer.id}`, { method: "PATCH", json: { isActive: false } });
  const off = await operator.request(`/api/items/${itemIds[0]}/print-label`, { method: "POST", json: { printerId: printer.id } });
  expect(off.status).toBe(409);
  const badPort = await admin.request("/api/label-printers", { method: "POST", json: { name: "X", host: "10.0.0.9", port: 70000 } });
  expect(badPort.status).toBe(400);
  expect((await badPort.json()).message).toBe("Port must be a number from 1 to 65535");
  const badDpi = await admin.request("/api/label-printers", { method: "POST", json: { name: "Y", host: "10.0.0.9", dpi: 600 } });
  expect((await badDpi.json()).message).toBe("Resolution must be 203 or 300 dpi");
  const badHost = await admin.request("/api/label-printers", { method: "POST", json: { name: "Z", host: "printer; rm -rf /" } });
  expect((await badHost.json()).message).toBe("Printer address must be a host name or an IP address");
  // Only management adds printers; anyone signed in prints; nobody signed out.
  expect((await operator.request("/api/label-printers", { method: "POST", json: { name: "Mine", host: "10.0.0.9" } })).status).toBe(403);
  expect((await app.client("10.11.0.9").request(`/api/items/${itemIds[0]}/print-label`, { method: "POST", json: { printerId: printer.id } })).status).toBe(401);
  expect((await operator.request(`/api/items/${itemIds[0]}/print-label`, { method: "POST", json: { printerId: 999 } })).status).toBe(404);
});

test("zpl: control characters become spaces, the escape character is escaped too", async () => {
  expect(zplText(cleanText("a^b~c_d\\e\nf"))).toBe("a_5Eb_7Ec_5Fd_5Ce f");
  const zpl = await labelsZpl([{ payload: "https://shop/qr/1", itemName: "A", projectName: "B", material: "C" }], 203);
  expect(zpl.startsWith("^XA\n^CI28\n")).toBe(true);
});

test("the pages without JavaScript: add a printer in Global Settings, print from the item and the project pages", async () => {
  const port = await startPrinter();
  allowPort(port);
  expect((await operator.request("/settings/printers")).status).toBe(403);
  const bad = await admin.request("/settings/printers", { method: "POST", form: { name: "", host: "10.0.0.9", port: "9100", dpi: "203" } });
  expect(bad.status).toBe(400);
  expect(await visibleHtml(bad)).toContain("Printer name is required");
  const added = await admin.request("/settings/printers", {
    method: "POST",
    form: { name: "Counter Zebra", host: "127.0.0.1", port: String(port), dpi: "203" },
  });
  expect(added.status).toBe(302);
  const list = await visibleHtml(await admin.request("/settings/printers"));
  expect(list).toContain("Counter Zebra");
  expect(list).toContain(`127.0.0.1:${port}`);
  const printerId = (app.db.$client.query("SELECT id FROM label_printers").get() as { id: number }).id;

  const itemPage = await visibleHtml(await operator.request(`/items/${itemIds[1]}`));
  // The button (History may name an earlier 'Print labels' entry).
  expect(itemPage).toMatch(/<button[^>]*>Print label<\/button>/);
  // The printer picker has a visible label tied to it, not only an aria-label.
  expect(itemPage).toMatch(/<label for="item-label-printer"[^>]*>Label printer<\/label><select id="item-label-printer"/);
  expect(itemPage).not.toContain('aria-label="Label printer"');
  const printed = await operator.request(`/items/${itemIds[1]}`, { method: "POST", form: { intent: "print-label", printerId: String(printerId) } });
  expect(printed.status).toBe(302);
  expect(await visibleHtml(await operator.request(printed.headers.get("location")!))).toContain("1 label sent to Counter Zebra.");
  const projectPrint = await operator.request(`/projects/${projectId}`, { method: "POST", form: { intent: "print-labels", printerId: String(printerId) } });
  expect(projectPrint.status).toBe(302);
  expect(await visibleHtml(await operator.request(projectPrint.headers.get("location")!))).toContain("3 labels sent to Counter Zebra.");
  expect((await fake!.received(2)).join("").match(/\^XA/g)?.length).toBe(4);

  // Switched off, it is no longer offered; deleted, it is gone.
  await admin.request("/settings/printers", { method: "POST", form: { intent: "toggle", id: String(printerId) } });
  expect(await visibleHtml(await operator.request(`/items/${itemIds[1]}`))).not.toMatch(/<button[^>]*>Print label<\/button>/);
  const off = await operator.request(`/items/${itemIds[1]}`, { method: "POST", form: { intent: "print-label", printerId: String(printerId) } });
  expect(await visibleHtml(await operator.request(off.headers.get("location")!))).toContain('The printer "Counter Zebra" is switched off in Global Settings.');
  await admin.request("/settings/printers", { method: "POST", form: { intent: "delete", id: String(printerId) } });
  expect(await visibleHtml(await admin.request("/settings/printers"))).toContain("No label printers yet");
});

test("the printer and the PDF print the same labels: an item without a stored QR code has none", async () => {
  app.db.$client.run("UPDATE items SET qr_code = NULL WHERE id = ?", [itemIds[1]!]);
  const printer = await addPrinter(await startPrinter());
  const res = await operator.request(`/api/projects/${projectId}/print-labels`, { method: "POST", json: { printerId: printer.id } });
  expect((await res.json()).message).toBe("2 labels sent to Counter Zebra.");
  expect((await fake!.received(1)).join("")).not.toContain(`/qr/${itemIds[1]}^FS`);
  const single = await operator.request(`/api/items/${itemIds[1]}/print-label`, { method: "POST", json: { printerId: printer.id } });
  expect(single.status).toBe(404);
  // The item is there: the answer says why it has nothing to print, as its PDF label does.
  expect((await single.json()).message).toBe("This item has no QR code, so it has no label.");
  const missing = await operator.request("/api/items/999999/print-label", { method: "POST", json: { printerId: printer.id } });
  expect(await missing.json()).toMatchObject({ message: "Item not found" });
  // The roll PDF has the same two labels: one page each.
  const pdf = await PDFDocument.load(new Uint8Array(await (await operator.request(`/projects/${projectId}/labels.pdf`)).arrayBuffer()));
  expect(pdf.getPageCount()).toBe(2);
});

test("PATCH /api/label-printers/{id} edits a printer in place (a new address is no longer delete and add), audited; bad values are sentences", async () => {
  const printer = await addPrinter(9100);
  const res = await admin.request(`/api/label-printers/${printer.id}`, {
    method: "PATCH",
    json: { host: "192.168.1.77", port: 6101, dpi: 300, name: "Back Zebra" },
  });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ id: printer.id, name: "Back Zebra", host: "192.168.1.77", port: 6101, dpi: 300, isActive: true, version: 2 });
  const audit = app.db.$client
    .query("SELECT action, entity, entity_id AS id, before, after FROM audit_log WHERE entity = 'label-printer' AND action = 'update'")
    .all() as { id: string; before: string; after: string }[];
  expect(audit).toHaveLength(1);
  expect(audit[0]!.id).toBe(String(printer.id));
  expect(JSON.parse(audit[0]!.before)).toMatchObject({ host: "127.0.0.1", port: 9100 });
  expect(JSON.parse(audit[0]!.after)).toMatchObject({ host: "192.168.1.77", port: 6101 });
  const bad = await admin.request(`/api/label-printers/${printer.id}`, { method: "PATCH", json: { port: 0 } });
  expect(bad.status).toBe(400);
  expect((await bad.json()).message).toBe("Port must be a number from 1 to 65535");
  const stale = await admin.request(`/api/label-printers/${printer.id}`, { method: "PATCH", json: { name: "Old view", version: 1 } });
  expect(stale.status).toBe(409);
  expect((await operator.request(`/api/label-printers/${printer.id}`, { method: "PATCH", json: { name: "Mine" } })).status).toBe(403);
  expect((await admin.request("/api/label-printers/999", { method: "PATCH", json: { name: "Nobody" } })).status).toBe(404);
});

test("the page without JavaScript: Edit opens a form in the URL and saves in place; Delete asks first and only the confirmation deletes", async () => {
  const printer = await addPrinter(9100);
  const list = await visibleHtml(await admin.request("/settings/printers"));
  expect(list).toContain(`href="/settings/printers?edit=${printer.id}"`);
  expect(list).toContain(`href="/settings/printers?delete=${printer.id}"`);
  // Delete is a link to a confirmation, not a button that deletes.
  expect(list).not.toMatch(/<button[^>]*aria-label="Delete Counter Zebra"/);

  const edit = await visibleHtml(await admin.request(`/settings/printers?edit=${printer.id}`));
  expect(edit).toContain('aria-label="Edit printer"');
  // The fields name their form by id (form="…"): an id used twice would leave them outside it, posting nothing.
  const ids = [...edit.matchAll(/ id="([^"]+)"/g)].map((m) => m[1]);
  expect(ids.filter((id, i) => ids.indexOf(id) !== i)).toEqual([]);
  for (const [, form] of edit.matchAll(/ form="([^"]+)"/g)) expect(edit).toMatch(new RegExp(`<form[^>]* id="${form}"`));
  expect(edit).toContain('value="127.0.0.1"');
  expect(edit).toMatch(/name="isActive"[^>]*checked/);
  // A bad value: the form again, with the sentence and what was typed.
  const bad = await admin.request(`/settings/printers?edit=${printer.id}`, {
    method: "POST",
    form: { intent: "update", id: String(printer.id), version: "1", name: "Counter Zebra", host: "printer one", port: "9100", dpi: "203", isActive: "on" },
  });
  expect(bad.status).toBe(400);
  const badHtml = await visibleHtml(bad);
  expect(badHtml).toContain("Printer address must be a host name or an IP address");
  expect(badHtml).toContain('value="printer one"');
  // Saved: a new address and resolution, and the unticked Active box switches it off.
  const saved = await admin.request(`/settings/printers?edit=${printer.id}`, {
    method: "POST",
    form: { intent: "update", id: String(printer.id), version: "1", name: "Counter Zebra", host: "10.0.0.42", port: "6101", dpi: "300" },
  });
  expect(saved.status).toBe(302);
  expect(saved.headers.get("location")).toBe("/settings/printers");
  expect(await visibleHtml(await admin.request("/settings/printers"))).toContain("Counter Zebra at 10.0.0.42:6101 (300 dpi), switched off.");
  expect(app.db.$client.query("SELECT host, port, dpi, is_active AS active, version FROM label_printers").get()).toEqual({
    host: "10.0.0.42",
    port: 6101,
    dpi: 300,
    active: 0,
    version: 2,
  });
  // A form opened before that save is refused, not saved over it.
  const stale = await admin.request(`/settings/printers?edit=${printer.id}`, {
    method: "POST",
    form: { intent: "update", id: String(printer.id), version: "1", name: "Counter Zebra", host: "10.0.0.43", port: "9100", dpi: "203", isActive: "on" },
  });
  expect(stale.status).toBe(409);
  expect(await visibleHtml(stale)).toMatch(/changed/i);

  const confirm = await visibleHtml(await admin.request(`/settings/printers?delete=${printer.id}`));
  expect(confirm).toContain('aria-label="Delete printer"');
  expect(confirm).toContain('Are you sure you want to delete "Counter Zebra" (10.0.0.42:6101)?');
  expect(app.db.$client.query("SELECT count(*) AS n FROM label_printers").get()).toEqual({ n: 1 });
  expect((await admin.request("/settings/printers", { method: "POST", form: { intent: "delete", id: String(printer.id) } })).status).toBe(302);
  expect(app.db.$client.query("SELECT count(*) AS n FROM label_printers").get()).toEqual({ n: 0 });
  expect(app.db.$client.query("SELECT count(*) AS n FROM audit_log WHERE entity = 'label-printer' AND action = 'delete'").get()).toEqual({ n: 1 });
});
