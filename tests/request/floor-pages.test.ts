import { beforeEach, describe, expect, test } from "bun:test";
import { type createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { countStatements } from "../helpers/app";
import { seedShop } from "../helpers/shop";

const { createMachineFiles } = hooks;

// docs/product.md §2 'Production Floor' (/production, /production-floor) and 'Fabrication Department' (/fabrication).

let app: ReturnType<typeof createApp>;
let admin: Client;
let operator: Client;
let fab: Client;
let pm: Client;
let signedOut: Client;

beforeEach(async () => {
  ({
    app,
    clients: { admin, operator, fab, pm },
  } = await seedShop({
    members: {
      admin: { name: "Ada", pin: "4321", keys: ["management"] },
      operator: { name: "Otto", pin: "2222", keys: ["production"] },
      fab: { name: "Fay", pin: "3333", keys: ["fabrication"] },
      pm: { name: "Pat", pin: "1111", keys: ["pre-production"] },
    },
  }));
  signedOut = app.client("10.0.0.5");
});

const dept = (json: Record<string, unknown>) => admin.request("/api/departments", { method: "POST", json });

describe("Production Floor", () => {
  test("the empty state points to Global Settings", async () => {
    const html = await visibleHtml(await operator.request("/production"));
    for (const text of [
      "Production Floor",
      "Monitor and manage all production stations and machines",
      "0 active stations",
      "No Production Stations Available",
      "Departments/Stations",
    ])
      expect(html).toContain(text);
    expect(html).toContain('href="/qr-scanner"');
    expect(await visibleHtml(await admin.request("/production"))).toContain('href="/settings?tab=departments"');
  });

  test("active machine stations by name, URL-encoded links, files waiting; /production-floor is the same screen", async () => {
    for (const name of ["Zund G3", "HP Latex 800", "Cut & Sew #2", "Old Plotter"]) expect((await dept({ name, isMachine: true })).status).toBe(201);
    const list = await (await admin.request("/api/departments")).json();
    const old = list.find((d: { name: string }) => d.name === "Old Plotter");
    await admin.request(`/api/departments/${old.id}`, { method: "PATCH", json: { isActive: false } });
    const system = { id: null, name: "test" };
    const made = createMachineFiles(
      [
        { fileName: "a", machine: "hp-latex-800" },
        { fileName: "b", machine: "hp-latex-800" },
        { fileName: "c", machine: "zund-g3" },
      ],
      system,
    );
    app.db.$client.run("UPDATE machine_ready_files SET is_completed = 1, qr_code_clicked = 1 WHERE id = ?", [made[2]!.id]);
    for (const path of ["/production", "/production-floor"]) {
      const res = await operator.request(path);
      expect(res.status).toBe(200);
      const html = await visibleHtml(res);
      expect(html).toContain("3 active stations");
      const order = ["Cut &amp; Sew #2", "HP Latex 800", "Zund G3"].map((n) => html.indexOf(n));
      expect(order.every((i) => i > 0)).toBe(true);
      expect([...order].sort((a, b) => a - b)).toEqual(order);
      expect(html).not.toContain("Old Plotter");
      expect(html).toContain('href="/production/hp-latex-800"');
      expect(html).toMatch(/HP Latex 800[\s\S]*2 files waiting[\s\S]*Zund G3[\s\S]*No files waiting/);
    }
  });

  test("a fixed number of statements whatever the number of stations", async () => {
    for (let i = 0; i < 30; i++) await dept({ name: `Station ${i}`, isMachine: true });
    await operator.request("/production");
    const n = await countStatements(async () => void (await operator.request("/production")));
    expect(n).toBeLessThanOrEqual(4);
  });

  test("the production key or management; others get Access Denied", async () => {
    expect((await admin.request("/production")).status).toBe(200);
    expect((await fab.request("/production")).status).toBe(403);
    expect((await pm.request("/production-floor")).status).toBe(403);
    const out = await signedOut.request("/production");
    expect(out.status).toBe(401);
    expect(await visibleHtml(out)).toContain("Access Denied");
  });
});

describe("Fabrication", () => {
  test("'No Fabrication Department Found' until one exists", async () => {
    const html = await visibleHtml(await fab.request("/fabrication"));
    expect(html).toContain("No Fabrication Department Found");
    expect(html).toContain("Fabrication");
  });

  test("interior and exterior sections by name, default descriptions, keyword icons; inactive ones left out", async () => {
    const fabDept = await (await dept({ name: "Fabrication" })).json();
    let html = await visibleHtml(await fab.request("/fabrication"));
    expect(html).toContain("No interior fabrication departments configured.");
    expect(html).toContain("No exterior fabrication departments configured.");
    const sub = (json: Record<string, unknown>) => admin.request("/api/subdepartments", { method: "POST", json: { departmentId: fabDept.id, ...json } });
    expect((await sub({ name: "Interior Assembly", description: "Lobby signs" })).status).toBe(201);
    await sub({ name: "Exterior Riveting" });
    await sub({ name: "Channel Letter Lights" });
    await sub({ name: "Shipping Dock" });
    const retired = await (await sub({ name: "Interior Storage" })).json();
    await admin.request(`/api/subdepartments/${retired.id}`, { method: "PATCH", json: { isActive: false } });
    html = await visibleHtml(await fab.request("/fabrication"));
    const interior = html.slice(html.indexOf("Interior Fabrication"), html.indexOf("Exterior Fabrication"));
    const exterior = html.slice(html.indexOf("Exterior Fabrication"));
    expect(interior).toContain("Interior Assembly");
    expect(interior).toContain("Lobby signs");
    expect(interior).not.toContain("Interior Storage");
    expect(exterior).toContain("Exterior Riveting");
    expect(exterior).toContain("Exterior Riveting operations");
    expect(exterior).toContain("Channel Letter Lights");
    expect(html).not.toContain("Shipping Dock");
    // No card is a link or a button: clicking does nothing.
    expect(interior).not.toMatch(/<a [^>]*>[^<]*Interior Assembly/);
  });

  test("the fabrication key or management", async () => {
    expect((await admin.request("/fabrication")).status).toBe(200);
    expect((await operator.request("/fabrication")).status).toBe(403);
    expect((await signedOut.request("/fabrication")).status).toBe(401);
  });
});
