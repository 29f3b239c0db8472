// The team member form explains 'Department' (home department) against 'Accessible departments' (keys) and offers no
// machine station as a department; a member signed in without any key is greeted by name, told who can give keys,
// and the QR Timer works for them.
import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { addMember, createApp, visibleHtml, type Client } from "../helpers/app";

let app: ReturnType<typeof createApp>;
let admin: Client;

beforeEach(async () => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
  admin = app.client("10.8.0.1");
  await admin.signIn("4321");
});

const text = async (res: Response) => (await visibleHtml(res)).replace(/&amp;/g, "&");

describe("the team member form", () => {
  test("Department offers the process departments, not the machine stations", async () => {
    await admin.request("/settings?tab=departments", { method: "POST", form: { _action: "add-standard-departments" } });
    await admin.request("/api/departments", { method: "POST", json: { name: "HP Latex 800", isMachine: true } });
    app.db.insert(schema.departments).values({ name: "Zund G3", value: "zund-g3", isMachine: true }).run();
    const page = await text(await admin.request("/settings?tab=team&new=1"));
    const select = /<select[^>]*name="department"[^>]*>(.*?)<\/select>/s.exec(page)![1]!;
    const options = [...select.matchAll(/<option value="([^"]*)"/g)].map((m) => m[1]);
    expect(options).toEqual(["", "Pre-Production", "Production", "Fabrication", "Quality Control", "Installation", "Project Management"]);
  });

  test("each of the two settings says what it does, tied to its field", async () => {
    const page = await text(await admin.request("/settings?tab=team&new=1"));
    const select = /<select[^>]*name="department"[^>]*>/.exec(page)![0];
    const hintId = /aria-describedby="([^"]*)"/.exec(select)![1]!;
    expect(page).toContain(`<p id="${hintId}"`);
    expect(page).toContain("Their home department: where Back on a project page and Department Views take them. It opens nothing by itself.");
    expect(page).toMatch(/<fieldset aria-describedby="[^"]*accessibleDepartments-hint">/);
    expect(page).toContain(
      "Their keys: the areas they may unlock with their PIN (Home tiles and department screens). Any member can run the QR Timer without one.",
    );
  });
});

describe("a member without keys", () => {
  test("Home greets them by name, says who can give keys, and leads to the QR Timer", async () => {
    addMember("Ben Boss", "4322", ["management"]);
    addMember("Nora New", "3141", []);
    const nora = app.client("10.8.0.2");
    await nora.signIn("3141");
    const page = await text(await nora.request("/"));
    expect(page).toContain("Welcome, Nora New");
    expect(page).toContain("You are signed in as Nora New, and you have no department keys yet");
    expect(page).toContain("Ada Admin or Ben Boss can give you keys in Global Settings → Team Members.");
    expect(page).toContain("The QR Timer already works for you");
    expect(page).toMatch(/<a[^>]*href="\/qr-scanner"[^>]*>.*?Open the QR Timer<\/a>/s);
    // Not the signed-out message, which would tell them nobody has access.
    expect(page).not.toContain("No Access Configured");
    expect(page).not.toContain("No team members have been granted access");
  });

  test("signed out, a shop where nobody holds a key still shows the spec's message", async () => {
    app.db.update(schema.teamMembers).set({ accessibleDepartments: [] }).run();
    const page = await text(await app.client("10.8.0.3").request("/"));
    expect(page).toContain("No Access Configured");
    expect(page).not.toContain("Welcome,");
  });

  test("the QR Timer starts an item's timer for them", async () => {
    const project = app.db.insert(schema.projects).values({ name: "Acme", description: "" }).returning().get();
    const item = app.db.insert(schema.items).values({ name: "Letter A", category: "Channel Letters", projectId: project.id }).returning().get();
    addMember("Nora New", "3141", []);
    const nora = app.client("10.8.0.4");
    await nora.signIn("3141");
    expect((await nora.request("/qr-scanner")).status).toBe(200);
    const scan = await nora.request("/qr-scanner", { method: "POST", form: { code: String(item.id), scanId: crypto.randomUUID() } });
    expect(scan.status).toBe(302);
    expect(app.db.select().from(schema.items).where(eq(schema.items.id, item.id)).get()!.isTimerActive).toBe(true);
  });
});
