import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { auditLog, loginAttempts, shopSettings } from "#db/schema";
import { shopAddressLoopbackMessage } from "~/schemas/shop-settings";
import { ageSession } from "../helpers/timers";
import { decodePdfPages, decodePng, renderZpl } from "../helpers/label-tools";
import { type createApp, encodeBody, visibleHtml, type Client, hooks, watchStatements } from "../helpers/app";
import { startFakePrinter, type FakePrinter } from "../helpers/fake-printer";
import { bakery, seedShop } from "../helpers/shop";

const { getShopSettings } = hooks;

// The shop's address (PUBLIC_URL, or Global Settings → Shop address): what every label and QR code carries once it
// is known, whatever Host the browser that printed it used; until then every label screen says phones need it.
// Once known, a request for any other host (but loopback names and ALLOWED_HOSTS) is 421 'Unknown host': a DNS
// rebinding page in a staff browser can neither sign in nor read anything.

let app: ReturnType<typeof createApp>;
let admin: Client;
let staff: Client;
let projectId: number;
let itemId: number;
let printer: FakePrinter | null = null;

const NOTICE = "Phones need the shop's address";
const LOCALHOST_WHY = "A phone opens exactly the address on its label, so localhost can never work: on a phone, localhost is the phone itself.";

async function setup(env: Record<string, string> = {}) {
  ({
    app,
    clients: { admin, staff },
    projectIds: [projectId],
    itemIds: [itemId],
  } = await seedShop({
    env,
    ipBase: "10.21.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, staff: { name: "Otto", pin: "2222", keys: ["production"] } },
    ...bakery(["Production"]),
    items: [{ name: "Fence banner", category: "Banner", material: "Vinyl" }],
  }));
}

/** A request as a browser at `url` sends it (its Host is the URL's), from `peer`, carrying `client`'s cookies. */
function at(url: string, init: RequestInit & { client?: Client; peer?: string; json?: unknown; form?: Record<string, string> } = {}) {
  const headers = new Headers(init.headers);
  const body = encodeBody(init, headers);
  if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", new URL(url).origin);
  const cookies = init.client?.cookies();
  if (cookies?.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
  return app.fetch(new Request(url, { method: init.method, headers, body, redirect: "manual" }), { requestIP: () => ({ address: init.peer ?? "10.21.0.1" }) });
}

/** The page's words without its tags. */
const words = async (res: Response) => (await visibleHtml(res)).replace(/<[^>]+>/g, "").replace(/&amp;/g, "&");

const saveAddress = (shopAddress: string | null) => {
  app.db.update(shopSettings).set({ shopAddress }).run();
  hooks.forgetShopSettings();
};

async function startPrinter() {
  printer = await startFakePrinter();
  return printer.port;
}

afterEach(async () => {
  await printer?.stop();
  printer = null;
});

describe("Unknown host", () => {
  beforeEach(() => setup({ ALLOWED_HOSTS: "192.168.1.20,Office-PC" }));

  test("until the shop's address is known, any host is answered (nothing to compare with)", async () => {
    expect((await at("http://evil.example/", { client: admin })).status).toBe(200);
    expect((await at("http://evil.example/api/shop-settings", { client: admin })).status).toBe(200);
  });

  test("once it is known: another host gets 421 'Unknown host' (a page, or JSON under /api), before anything is read or written", async () => {
    saveAddress("http://shop-server:3000");
    const page = await at("http://evil.example:3000/projects", { client: admin });
    expect(page.status).toBe(421);
    expect(page.headers.get("content-type")).toStartWith("text/html");
    const html = await page.text();
    expect(html).toContain("<h1");
    expect(html).toContain("Unknown host");
    expect(html).toContain('href="http://shop-server:3000/"');
    const api = await at("http://evil.example:3000/api/shop-settings", { client: admin });
    expect(api.status).toBe(421);
    expect(await api.json()).toEqual({ message: "Unknown host" });
    // A rebinding page driving a sign-in: refused before the PIN is looked at or a failure is counted.
    const before = app.db.select().from(auditLog).all().length;
    const signIn = await at("http://evil.example:3000/api/auth/verify-pin", { method: "POST", json: { pinCode: "4321" } });
    expect(signIn.status).toBe(421);
    expect(signIn.headers.getSetCookie()).toEqual([]);
    expect(
      app.db
        .select()
        .from(loginAttempts)
        .all()
        .filter((a) => a.success).length,
    ).toBe(2);
    expect(app.db.select().from(auditLog).all().length).toBe(before);
    // The form posts of pages too.
    expect((await at("http://evil.example:3000/settings/boards", { method: "POST", client: admin, form: { intent: "create", name: "TV" } })).status).toBe(421);
  });

  test("the shop's host (any case, any port), ALLOWED_HOSTS and loopback names and addresses are answered; /healthz always", async () => {
    saveAddress("http://shop-server:3000");
    for (const url of [
      "http://shop-server:3000/",
      "http://SHOP-SERVER:3000/",
      "http://shop-server.:8080/",
      "http://192.168.1.20:3000/",
      "http://office-pc:3000/",
      "http://localhost:3000/",
      "http://app.localhost:3000/",
      "http://127.0.0.1:3000/",
      "http://127.8.9.10/",
      "http://[::1]:3000/",
    ]) {
      expect({ url, status: (await at(url, { client: admin })).status }).toEqual({ url, status: 200 });
    }
    for (const url of ["http://192.168.1.21:3000/", "http://shop-server.evil.example/", "http://10.0.0.1/", "http://[fe80::1]/"]) {
      expect({ url, status: (await at(url, { client: admin })).status }).toEqual({ url, status: 421 });
    }
    expect((await at("http://evil.example/healthz")).status).toBe(200);
  });

  test("PUBLIC_URL is the shop's address too", async () => {
    await setup({ PUBLIC_URL: "https://shop.example.com" });
    expect((await at("https://shop.example.com/", { client: admin })).status).toBe(200);
    expect((await at("http://evil.example/", { client: admin })).status).toBe(421);
  });

  test("behind a trusted proxy the host checked is X-Forwarded-Host; from anyone else that header is not believed", async () => {
    await setup({ TRUST_PROXY: "1" });
    saveAddress("https://shop.example.com");
    const viaProxy = (host: string) =>
      at("http://127.0.0.1:3000/", { client: admin, peer: "127.0.0.1", headers: { "x-forwarded-host": host, "x-forwarded-proto": "https" } });
    expect((await viaProxy("shop.example.com")).status).toBe(200);
    expect((await viaProxy("evil.example")).status).toBe(421);
    // A client reaching the port directly cannot pass for the shop's host.
    const direct = await at("http://evil.example:3000/", { client: admin, peer: "10.21.0.9", headers: { "x-forwarded-host": "shop.example.com" } });
    expect(direct.status).toBe(421);
  });
});

describe("labels carry the shop's address", () => {
  beforeEach(() => setup());

  test("once saved, the QR image, the label PDFs, the thermal label and a new board link carry it, whatever the Host", async () => {
    const port = await startPrinter();
    hooks.resetEnvForTests({ DATA_DIR: process.env.DATA_DIR, PRINTER_PORTS: String(port) });
    const saved = await (await admin.request("/api/label-printers", { method: "POST", json: { name: "Zebra", host: "127.0.0.1", port } })).json();
    // Before: the request's address.
    expect(decodePng(new Uint8Array(await (await admin.request(`/items/${itemId}/qr.png`)).arrayBuffer()))).toEqual([`http://localhost/qr/${itemId}`]);

    expect((await admin.request("/api/shop-settings", { method: "PATCH", json: { shopAddress: "http://shop-server:3000" } })).status).toBe(200);
    const want = `http://shop-server:3000/qr/${itemId}`;
    expect(decodePng(new Uint8Array(await (await admin.request(`/items/${itemId}/qr.png`)).arrayBuffer()))).toEqual([want]);
    expect(decodePdfPages(new Uint8Array(await (await admin.request(`/items/${itemId}/label.pdf`)).arrayBuffer()))).toEqual([[want]]);
    expect(decodePdfPages(new Uint8Array(await (await admin.request(`/projects/${projectId}/labels.pdf`)).arrayBuffer()))).toEqual([[want]]);
    expect((await staff.request(`/api/items/${itemId}/print-label`, { method: "POST", json: { printerId: saved.id } })).status).toBe(200);
    expect(decodePng(await renderZpl((await printer!.received(1)).join(""), 406, 203))).toEqual([want]);
    // The QR dialog shows what the code says; a new item stores it; a board link starts with it.
    expect(await visibleHtml(await admin.request(`/items/${itemId}?dialog=qr`))).toContain(want);
    const created = await (
      await admin.request("/api/items", { method: "POST", json: { name: "Door decal", category: "Banner", projectId, material: "Vinyl" } })
    ).json();
    expect(created.qrCode).toBe(`http://shop-server:3000/qr/${created.id}`);
    const boards = await visibleHtml(await admin.request("/settings/boards", { method: "POST", form: { intent: "create", name: "Hall TV" } }));
    expect(boards).toMatch(/data-testid="board-link">http:\/\/shop-server:3000\/board\?key=/);
  });

  test("the QR Timer reads the shop's labels and the ones printed before it was set as this shop's", async () => {
    saveAddress("http://shop-server:3000");
    for (const code of [`http://shop-server:3000/qr/${itemId}`, `http://localhost/qr/${itemId}`]) {
      const res = await staff.request("/api/scans", { method: "POST", json: { code } });
      expect({ code, status: res.status }).toEqual({ code, status: 200 });
      // Past the double-read window, so the next code read is a stop, not 'scanned twice' (decision 0022).
      ageSession(itemId);
    }
  });

  test("a hostile Host before the address is known: the thermal label carries no command of it and its QR reads back exactly", async () => {
    const port = await startPrinter();
    hooks.resetEnvForTests({ DATA_DIR: process.env.DATA_DIR, PRINTER_PORTS: String(port) });
    const saved = await (await admin.request("/api/label-printers", { method: "POST", json: { name: "Zebra", host: "127.0.0.1", port } })).json();
    const host = "evil~ja_5e~hs.example";
    const res = await at(`http://${host}/api/items/${itemId}/print-label`, { method: "POST", client: staff, peer: "10.21.0.2", json: { printerId: saved.id } });
    expect(res.status).toBe(200);
    const zpl = (await printer!.received(1)).join("");
    expect(zpl).not.toContain("~");
    expect(zpl.match(/\^XA/g)).toHaveLength(1);
    expect(decodePng(await renderZpl(zpl, 406, 203))).toEqual([`http://${host}/qr/${itemId}`]);
  });
});

describe("every label screen says phones need the shop's address until it is set", () => {
  beforeEach(() => setup());

  test("QR dialogs, label printing, labels on sheets and the printers page; gone once the address is set", async () => {
    await admin.request("/api/label-printers", { method: "POST", json: { name: "Zebra", host: "10.0.0.9", port: 9100 } });
    const screens = [
      `/items/${itemId}?dialog=qr`,
      `/items/${itemId}`,
      `/projects/${projectId}`,
      `/projects/${projectId}?dialog=qr&item=${itemId}`,
      "/settings/printers",
      `/products/${itemId}?qr=1`,
    ];
    for (const path of screens) {
      const html = await visibleHtml(await admin.request(path));
      const text = html.replace(/<[^>]+>/g, "");
      expect({ path, notice: text.includes(NOTICE), why: text.includes(LOCALHOST_WHY), link: html.includes('href="/settings/shop-address"') }).toEqual({
        path,
        notice: true,
        why: true,
        link: true,
      });
    }
    // On the project page: inside 'Labels on sheets…' and 'Print to label printer…' both.
    const project = await visibleHtml(await admin.request(`/projects/${projectId}`));
    expect(project.split(NOTICE).length - 1).toBeGreaterThanOrEqual(2);
    // Staff are told who sets it.
    const forStaff = await visibleHtml(await staff.request(`/items/${itemId}?dialog=qr`));
    expect(forStaff).toContain(NOTICE);
    expect(forStaff).toContain("A manager sets it in Global Settings → Shop address.");
    expect(forStaff).not.toContain('href="/settings/shop-address"');

    saveAddress("http://shop-server:3000");
    for (const path of screens) expect({ path, notice: (await visibleHtml(await admin.request(path))).includes(NOTICE) }).toEqual({ path, notice: false });
  });
});

describe("Global Settings → Shop address, and Home's one-click offer", () => {
  beforeEach(() => setup());

  test("Home offers the address the manager's browser uses, one click to confirm (a plain form); localhost is explained instead", async () => {
    const home = await visibleHtml(await at("http://192.168.1.20:3000/", { client: admin }));
    expect(home).toContain("Set the shop's address");
    expect(home).toMatch(/<form[^>]* action="\/settings\/shop-address" method="post">/);
    expect(home).toContain('name="shopAddress" value="http://192.168.1.20:3000"');
    expect(home).toContain('name="returnTo" value="/"');
    expect(home).toContain(">Use http://192.168.1.20:3000</button>");
    const confirm = await at("http://192.168.1.20:3000/settings/shop-address", {
      method: "POST",
      client: admin,
      form: { shopAddress: "http://192.168.1.20:3000", version: "1", returnTo: "/" },
    });
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("location")).toBe("/");
    expect(getShopSettings().shopAddress).toBe("http://192.168.1.20:3000");
    expect(
      app.db
        .select()
        .from(auditLog)
        .all()
        .filter((r) => r.entity === "shop-settings"),
    ).toHaveLength(1);

    saveAddress(null);
    const local = await visibleHtml(await admin.request("/"));
    expect(local.replace(/<[^>]+>/g, "")).toContain("which no phone can open: on a phone, localhost is the phone itself.");
    expect(local).not.toContain('name="shopAddress"');
    expect(local).toContain('href="/settings/shop-address"');
  });

  test("every request's host check reads the settings row once, then keeps it until a save", async () => {
    const reads = async (fn: () => Promise<unknown>) => {
      let n = 0;
      const stop = watchStatements((sql) => {
        if (/FROM shop_settings/i.test(sql) && /shop_address/i.test(sql)) n++;
      });
      try {
        await fn();
      } finally {
        stop();
      }
      return n;
    };
    expect(
      await reads(async () => {
        for (let i = 0; i < 3; i++) expect((await admin.request("/api/workflows")).status).toBe(200);
      }),
    ).toBe(1);
    // Saved: the next request asks the database again, and the new address holds at once.
    const saved = await admin.request("/settings/shop-address", { method: "POST", form: { shopAddress: "http://shop-server:3000", version: "1" } });
    expect(saved.status).toBe(302);
    expect((await at("http://192.168.1.20:3000/api/workflows", { client: admin })).status).toBe(421);
    expect((await at("http://shop-server:3000/api/workflows", { client: admin })).status).toBe(200);
  });

  test("the page without JavaScript: refuses localhost, an address that would lock this browser out, a stale form; saves and forgets", async () => {
    expect((await staff.request("/settings/shop-address")).status).toBe(403);
    const page = await words(await admin.request("/settings/shop-address"));
    expect(page).toContain("Not set yet");
    expect(page).toContain(LOCALHOST_WHY);

    const loop = await admin.request("/settings/shop-address", { method: "POST", form: { shopAddress: "http://localhost:3000", version: "1" } });
    expect(loop.status).toBe(400);
    expect(await visibleHtml(loop)).toContain(shopAddressLoopbackMessage());
    // From 192.168.1.20, saving shop-server would refuse the very browser that saves it.
    const lock = await at("http://192.168.1.20:3000/settings/shop-address", {
      method: "POST",
      client: admin,
      form: { shopAddress: "http://shop-server:3000", version: "1" },
    });
    expect(lock.status).toBe(409);
    const lockHtml = await visibleHtml(lock);
    expect(lockHtml.replace(/<[^>]+>/g, "")).toContain(
      "this browser opened Shopflow at 192.168.1.20:3000, which would no longer be answered once the address is http://shop-server:3000",
    );
    expect(lockHtml).toContain('value="http://shop-server:3000"');
    const api = await at("http://192.168.1.20:3000/api/shop-settings", { method: "PATCH", client: admin, json: { shopAddress: "http://shop-server:3000" } });
    expect(api.status).toBe(409);
    expect(getShopSettings().shopAddress).toBeNull();

    const saved = await admin.request("/settings/shop-address", { method: "POST", form: { shopAddress: "http://shop-server:3000/", version: "1" } });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/settings/shop-address");
    expect(getShopSettings().shopAddress).toBe("http://shop-server:3000");
    expect(await words(await admin.request("/settings/shop-address"))).toContain("Labels carry http://shop-server:3000/qr/…");
    const stale = await admin.request("/settings/shop-address", { method: "POST", form: { shopAddress: "http://other:3000", version: "1" } });
    expect(stale.status).toBe(409);
    expect(getShopSettings().shopAddress).toBe("http://shop-server:3000");
    const forgot = await admin.request("/settings/shop-address", { method: "POST", form: { intent: "forget", version: "2" } });
    expect(forgot.status).toBe(302);
    expect(getShopSettings().shopAddress).toBeNull();
    // Global Settings links to it.
    expect(await visibleHtml(await admin.request("/settings"))).toContain('href="/settings/shop-address"');
  });

  test("with PUBLIC_URL the page shows it and offers no form; Home does not ask", async () => {
    await setup({ PUBLIC_URL: "https://shop.example.com" });
    const page = await visibleHtml(await admin.request("/settings/shop-address"));
    expect(page.replace(/<[^>]+>/g, "")).toContain("Labels carry https://shop.example.com/qr/… (set by the server's PUBLIC_URL");
    expect(page).not.toContain('name="shopAddress"');
    // Home's checklist shows the step done and offers no form for it.
    const home = await visibleHtml(await admin.request("/"));
    expect(home).toContain('data-testid="setup-shopAddress" data-done="true"');
    expect(home).not.toContain('name="shopAddress"');
  });
});
