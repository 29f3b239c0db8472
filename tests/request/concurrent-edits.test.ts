import { beforeEach, describe, expect, test } from "bun:test";
import { addMember, createApp, visibleHtml, type Client } from "../helpers/app";

// A record changed or deleted by someone else, and a session that ends mid-form.

let app: ReturnType<typeof createApp>;
let ann: Client;
let bob: Client;

beforeEach(async () => {
  app = createApp();
  addMember("Ann Manager", "1111", ["management"]);
  addMember("Bob Manager", "2222", ["management"]);
  ann = app.client("10.0.0.1");
  bob = app.client("10.0.0.2");
  await ann.signIn("1111");
  await bob.signIn("2222");
});

async function material(name = "Cast Vinyl") {
  const res = await ann.request("/api/materials", { method: "POST", json: { name, category: "Film", description: "3M", color: "gray" } });
  return (await res.json()) as { id: number; name: string; version: number; description: string; category: string; color: string };
}

/** The edit form as the settings page posts it: every field, plus the record as it was when the form opened. */
const editForm = (row: Record<string, unknown>, fields: Record<string, string>) => ({
  _entity: "materials",
  _id: String(row.id),
  _original: JSON.stringify(row),
  name: String(row.name),
  category: String(row.category),
  description: String(row.description),
  color: String(row.color),
  ...fields,
});

describe("two managers editing one record", () => {
  test("each keeps their own change when they changed different fields (the stale form does not revert the rename)", async () => {
    const row = await material();
    const first = await ann.request("/settings?tab=materials&edit=1", { method: "POST", form: editForm(row, { name: "Cast Vinyl 2" }) });
    expect(first.status).toBe(302);
    // Bob's form was opened before Ann's save: it still shows the old name, and Bob changes only the description.
    const second = await bob.request("/settings?tab=materials&edit=1", { method: "POST", form: editForm(row, { description: "Avery" }) });
    expect(second.status).toBe(302);
    const now = await (await ann.request(`/api/materials/${row.id}`)).json();
    expect(now).toMatchObject({ name: "Cast Vinyl 2", description: "Avery", version: 3 });
  });

  test("a change to a field someone else changed since the form opened is refused with 409 and the message", async () => {
    const row = await material();
    await ann.request("/settings?tab=materials&edit=1", { method: "POST", form: editForm(row, { name: "Cast Vinyl 2" }) });
    const res = await bob.request("/settings?tab=materials&edit=1", { method: "POST", form: editForm(row, { name: "Calendered Vinyl" }) });
    expect(res.status).toBe(409);
    expect(await visibleHtml(res)).toContain("This material was changed by someone else. Reload to see the latest.");
    expect((await (await ann.request(`/api/materials/${row.id}`)).json()).name).toBe("Cast Vinyl 2");
  });

  test("the API: a PATCH with the version it read is refused once the record moved on", async () => {
    const row = await material();
    const a = await ann.request(`/api/materials/${row.id}`, { method: "PATCH", json: { name: "A", version: row.version } });
    expect(a.status).toBe(200);
    expect((await a.json()).version).toBe(row.version + 1);
    const b = await bob.request(`/api/materials/${row.id}`, { method: "PATCH", json: { description: "B", version: row.version } });
    expect(b.status).toBe(409);
    expect((await b.json()).message).toBe("This material was changed by someone else. Reload to see the latest.");
    // Without a version the API keeps docs/product.md §7's behaviour: the fields sent are applied.
    expect((await bob.request(`/api/materials/${row.id}`, { method: "PATCH", json: { description: "B" } })).status).toBe(200);
  });

  test("team members: the same check (a stale PATCH is refused, nothing changes)", async () => {
    const created = await (await ann.request("/api/team-members", { method: "POST", json: { name: "Cara", pinCode: "3333" } })).json();
    await ann.request(`/api/team-members/${created.id}`, { method: "PATCH", json: { name: "Cara B", version: created.version } });
    const stale = await bob.request(`/api/team-members/${created.id}`, { method: "PATCH", json: { name: "Cara C", version: created.version } });
    expect(stale.status).toBe(409);
    expect((await (await ann.request(`/api/team-members/${created.id}`)).json()).name).toBe("Cara B");
  });

  test("editing a record someone deleted: the form says it no longer exists (an Error toast), not the 404 page", async () => {
    const row = await material();
    await ann.request(`/api/materials/${row.id}`, { method: "DELETE" });
    const res = await bob.request("/settings?tab=materials&edit=1", { method: "POST", form: editForm(row, { name: "Gone" }) });
    expect(res.status).toBe(404);
    const page = await visibleHtml(res);
    expect(page).not.toContain("404 Page Not Found");
    const data = await (await bob.request("/settings.data?tab=materials&edit=1", { method: "POST", form: editForm(row, { name: "Gone" }) })).text();
    expect(data).toContain("This material no longer exists. Someone else may have deleted it.");
    expect(data).toContain('"Error"');
  });
});

/** The `_original` an edit form on this page carries (the values it opened with), parsed. */
function openedOn(html: string): Record<string, unknown> | null {
  const raw = /name="_original" value="(\{[^>]*\})"/.exec(html)?.[1];
  return raw ? (JSON.parse(raw.replace(/&amp;/g, "&")) as Record<string, unknown>) : null;
}

describe("a form drawn again after a refused save keeps what it opened with (no JavaScript)", () => {
  test("settings: the refused form carries the values it was sent with, so sending it again is refused again", async () => {
    const row = await material();
    await ann.request(`/api/materials/${row.id}`, { method: "PATCH", json: { name: "Cast Vinyl 2" } });
    const refused = await bob.request(`/settings?tab=materials&edit=${row.id}`, { method: "POST", form: editForm(row, { name: "Calendered Vinyl" }) });
    expect(refused.status).toBe(409);
    const html = await visibleHtml(refused);
    expect(html).toContain('value="Calendered Vinyl"');
    // Drawn from what Bob saw, not from the latest (which would let the same post through the second time).
    expect(openedOn(html)).toEqual({ name: "Cast Vinyl", description: "3M", category: "Film", color: "gray" });
    const again = await bob.request(`/settings?tab=materials&edit=${row.id}`, {
      method: "POST",
      form: { ...editForm(row, { name: "Calendered Vinyl" }), _original: JSON.stringify(openedOn(html)) },
    });
    expect(again.status).toBe(409);
    expect((await (await ann.request(`/api/materials/${row.id}`)).json()).name).toBe("Cast Vinyl 2");
  });

  test("an `_original` that does not fit the record's fields is not drawn: the form opens from the record", async () => {
    const row = await material();
    for (const forged of ['{"name":["x"],"description":"3M","category":"Film","color":"gray"}', '{"name":"x"}', "[1,2]", "{"]) {
      const res = await bob.request(`/settings?tab=materials&edit=${row.id}`, { method: "POST", form: { ...editForm(row, { name: "" }), _original: forged } });
      expect(res.status).toBe(400);
      expect(openedOn(await visibleHtml(res))).toEqual({ name: "Cast Vinyl", description: "3M", category: "Film", color: "gray" });
    }
  });

  test("label printers: a rename from a form opened before someone else's new port keeps the port; a stale port is refused", async () => {
    const printer = await (await ann.request("/api/label-printers", { method: "POST", json: { name: "Counter Zebra", host: "10.0.0.42", port: 9100 } })).json();
    const page = await visibleHtml(await bob.request(`/settings/printers?edit=${printer.id}`));
    const opened = openedOn(page);
    expect(opened).toEqual({ name: "Counter Zebra", host: "10.0.0.42", port: 9100, dpi: 203, isActive: true });
    expect(page).not.toContain('name="version"');
    expect((await ann.request(`/api/label-printers/${printer.id}`, { method: "PATCH", json: { port: 6101 } })).status).toBe(200);
    const form = {
      intent: "update",
      id: String(printer.id),
      _original: JSON.stringify(opened),
      name: "Back Zebra",
      host: "10.0.0.42",
      port: "9100",
      dpi: "203",
      isActive: "on",
    };
    expect((await bob.request(`/settings/printers?edit=${printer.id}`, { method: "POST", form })).status).toBe(302);
    expect(await (await ann.request(`/api/label-printers/${printer.id}`)).json()).toMatchObject({ name: "Back Zebra", port: 6101 });
    const stale = await bob.request(`/settings/printers?edit=${printer.id}`, { method: "POST", form: { ...form, port: "9101" } });
    expect(stale.status).toBe(409);
    const html = await visibleHtml(stale);
    expect(html).toContain("This label printer was changed by someone else. Reload to see the latest.");
    expect(html).toContain('value="9101"');
    expect(openedOn(html)).toEqual(opened);
    expect((await (await ann.request(`/api/label-printers/${printer.id}`)).json()).port).toBe(6101);
  });

  test("label printers: 'Switch off' pressed in two tabs leaves the printer off", async () => {
    const printer = await (await ann.request("/api/label-printers", { method: "POST", json: { name: "Counter Zebra", host: "10.0.0.42", port: 9100 } })).json();
    for (const who of [ann, bob]) {
      const res = await who.request("/settings/printers", { method: "POST", form: { intent: "toggle", id: String(printer.id), to: "off" } });
      expect(res.status).toBe(302);
    }
    expect((await (await ann.request(`/api/label-printers/${printer.id}`)).json()).isActive).toBe(false);
    expect(app.db.$client.query("SELECT count(*) AS n FROM audit_log WHERE entity = 'label-printer' AND action = 'update'").get()).toEqual({ n: 1 });
  });
});

describe("a session that ends while a form is open", () => {
  test("with JavaScript (a data request): 401 with reauth and the typed values kept for the retry", async () => {
    const row = await material();
    await bob.request("/logout", { method: "POST" });
    const res = await bob.request("/settings.data?tab=materials&edit=1", { method: "POST", form: editForm(row, { name: "Typed by Bob" }) });
    expect(res.status).toBe(401);
    const text = await res.text();
    expect(text).toContain('"reauth",true');
    expect(text).toContain("Typed by Bob");
    expect(text).toContain("Your session has ended. Sign in again with your PIN to save.");
    expect((await (await ann.request(`/api/materials/${row.id}`)).json()).name).toBe("Cast Vinyl");
    // The retry after signing in again saves it.
    await bob.signIn("2222");
    const retry = await bob.request("/settings.data?tab=materials&edit=1", { method: "POST", form: editForm(row, { name: "Typed by Bob" }) });
    expect(retry.status).toBeLessThan(400);
    expect((await (await ann.request(`/api/materials/${row.id}`)).json()).name).toBe("Typed by Bob");
  });

  test("without JavaScript: 'Access Denied' with a Login link that returns to the form, and the header shows Login", async () => {
    const row = await material();
    await bob.request("/logout", { method: "POST" });
    const res = await bob.request("/settings?tab=materials&edit=1", { method: "POST", form: editForm(row, { name: "X" }) });
    expect(res.status).toBe(401);
    const page = await visibleHtml(res);
    expect(page).toContain("Access Denied");
    expect(page).toContain(`/login?redirectTo=${encodeURIComponent("/settings?tab=materials&edit=1")}`);
    expect(page).not.toContain("Bob Manager");
  });
});

describe("lists sort names by the locale", () => {
  test("accented names sort in place, not after Z (materials and team members)", async () => {
    for (const name of ["Zinc", "Écru Vinyl", "acrylic", "Ezra Board"]) await material(name);
    const names = ((await (await ann.request("/api/materials")).json()) as { name: string }[]).map((m) => m.name);
    expect(names).toEqual(["acrylic", "Écru Vinyl", "Ezra Board", "Zinc"]);
    await ann.request("/api/team-members", { method: "POST", json: { name: "Élodie", pinCode: "5555" } });
    const members = ((await (await ann.request("/api/team-members")).json()) as { name: string }[]).map((m) => m.name);
    expect(members).toEqual(["Ann Manager", "Bob Manager", "Élodie"]);
  });
});
