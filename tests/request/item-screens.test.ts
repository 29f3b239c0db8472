import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { type createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { countStatements } from "../helpers/app";
import { ageSession } from "../helpers/timers";
import { seedShop } from "../helpers/shop";

const { getDb } = hooks;

// The item and scanning screens over HTTP, as a browser without JavaScript (and a phone camera) uses them: /items/{id}, the
// /qr/{id} timer page and the QR Timer page (/qr-scanner).

let app: ReturnType<typeof createApp>;
let admin: Client;
let floor: Client;
let projectId: number;
let floorId: number;

async function setup(env: Record<string, string | undefined> = {}) {
  ({
    app,
    clients: { admin, floor },
    memberIds: { floor: floorId },
    projectIds: [projectId],
  } = await seedShop({
    env,
    ipBase: "10.8.0",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] }, floor: { name: "Fay Floor", pin: "2222", keys: ["production"] } },
    departments: ["Pre-Production", "Production", "Fabrication", "Quality Control", "Installation"],
    categories: [{ name: "Banner", departmentSequence: ["pre-production", "production", "installation"] }],
    workflow: { name: "Std Flow", departmentSequence: ["pre-production"] },
    projects: [{ name: "Acme Sign", priority: "high" }],
  }));
  // A category without a sequence (the API asks for one now; older data may lack it).
  getDb().insert(schema.categories).values({ name: "Loose", departmentSequence: [] }).run();
}
beforeEach(() => setup());

const newItem = async (category = "Banner", department?: string) =>
  (await (
    await admin.request("/api/items", {
      method: "POST",
      json: { name: "Lobby Sign", category, material: "Vinyl", projectId, ...(department ? { department } : {}) },
    })
  ).json()) as { id: number };
const item = (id: number) => getDb().select().from(schema.items).where(eq(schema.items.id, id)).get()!;
const form = (c: Client, path: string, fields: Record<string, string>) => c.request(path, { method: "POST", form: fields });
const follow = async (c: Client, res: Response) => {
  expect(res.status).toBe(302);
  return visibleHtml(await c.request(res.headers.get("location")!));
};

describe("/items/{id}", () => {
  test("category, material, current and next department, project, priority, workflow, design card, timer", async () => {
    const { id } = await newItem();
    const res = await floor.request(`/items/${id}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await visibleHtml(res);
    for (const text of [
      "Lobby Sign",
      "Banner",
      "Vinyl",
      "Pre-Production",
      "Acme Sign",
      "high",
      "Std Flow",
      "No design PDF on this project yet",
      "Stopped",
      "00:00:00",
      "No timer sessions yet",
    ]) {
      expect(html).toContain(text);
    }
    // Next department follows the category's sequence (pre-production → production).
    expect(html).toMatch(/data-testid="next-department">Production</);
    expect(html).toContain("Follows Banner&#x27;s department sequence".replace("&#x27;", "'"));
    expect(html).toContain(`href="/projects/${projectId}"`);
    expect(html).toContain(`href="/items/${id}?dialog=qr"`);
    // Resetting the timer needs the project keys: not offered to a production member.
    expect(html).not.toContain(`href="/items/${id}?dialog=reset-timer"`);
    expect(await visibleHtml(await admin.request(`/items/${id}`))).toContain(`href="/items/${id}?dialog=reset-timer"`);
  });

  test("'Final Department' at the last department; the standard order without a category sequence", async () => {
    const last = await newItem("Banner", "installation");
    expect(await visibleHtml(await floor.request(`/items/${last.id}`))).toMatch(/data-testid="next-department">Final Department</);
    const loose = await newItem("Loose", "fabrication");
    const html = await visibleHtml(await floor.request(`/items/${loose.id}`));
    expect(html).toMatch(/data-testid="next-department">Quality Control</);
    expect(html).toContain("Follows the standard order");
  });

  test("the timer log in the shop's zone with who scanned; a running session shows its start", async () => {
    const { id } = await newItem();
    // A session started at 13:05:09 UTC = 7:05:09 AM in America/Chicago (CST, UTC-6) on 2026-11-20.
    const start = new Date("2026-11-20T13:05:09Z");
    getDb().insert(schema.timerLogs).values({ itemId: id, action: "start", department: "pre-production", timestamp: start, teamMemberId: floorId }).run();
    getDb().update(schema.items).set({ isTimerActive: true, currentSessionStart: start }).where(eq(schema.items.id, id)).run();
    const html = await visibleHtml(await admin.request(`/items/${id}`));
    expect(html).toContain("Nov 20, 2026, 7:05:09 AM");
    expect(html).toContain("Fay Floor");
    expect(html).toContain("Running");
    expect(html).toContain("Current session start");
  });

  test("Reset Timer: confirmation dialog, then 'Timer reset successfully.'; the project keys only", async () => {
    const { id } = await newItem();
    getDb().update(schema.items).set({ totalTimeSeconds: 3725 }).where(eq(schema.items.id, id)).run();
    expect(await visibleHtml(await floor.request(`/items/${id}?dialog=reset-timer`))).not.toContain("Reset the timer of");
    expect((await form(floor, `/items/${id}`, { intent: "reset-timer", itemId: String(id) })).status).toBe(403);
    expect(item(id).totalTimeSeconds).toBe(3725);
    const dialog = await visibleHtml(await admin.request(`/items/${id}?dialog=reset-timer`));
    expect(dialog).toContain('Reset the timer of "Lobby Sign" to 00:00:00?');
    const page = await follow(admin, await form(admin, `/items/${id}`, { intent: "reset-timer", itemId: String(id) }));
    expect(page).toContain("Timer reset successfully.");
    expect(item(id).totalTimeSeconds).toBe(0);
  });

  test("Edit Item needs the project keys; a manager's edit saves only what changed", async () => {
    const { id } = await newItem();
    expect(await visibleHtml(await floor.request(`/items/${id}`))).not.toContain("Edit Item");
    const fields = { intent: "update-item", name: "Lobby Sign 2", category: "Banner", material: "Vinyl", quantity: "2" };
    expect((await form(floor, `/items/${id}`, fields)).status).toBe(403);
    expect(item(id).name).toBe("Lobby Sign");
    const page = await follow(admin, await form(admin, `/items/${id}`, fields));
    expect(page).toContain("Item updated successfully");
    expect(item(id)).toMatchObject({ name: "Lobby Sign 2", quantity: 2 });
    const bad = await form(admin, `/items/${id}`, { ...fields, name: "" });
    expect(bad.status).toBe(400);
    expect(await visibleHtml(bad)).toContain("Item name is required");
  });

  test("'Item not found' with 'Back to Projects' for an unknown or malformed id; signed out is refused", async () => {
    for (const path of ["/items/99999", "/items/abc", "/items/1e3"]) {
      const res = await floor.request(path);
      expect(res.status).toBe(404);
      const html = await visibleHtml(res);
      expect(html).toContain("Item not found");
      expect(html).toContain("Back to Projects");
    }
    const { id } = await newItem();
    expect((await app.client("10.8.0.9").request(`/items/${id}`)).status).toBe(401);
  });

  test("a fixed number of statements whatever the length of the timer log", async () => {
    const { id } = await newItem();
    const addLogs = (n: number) => {
      for (let i = 0; i < n; i++) {
        getDb()
          .insert(schema.timerLogs)
          .values({
            itemId: id,
            action: i % 2 ? "stop" : "start",
            department: "production",
            timestamp: new Date(Date.now() - (n - i) * 1000),
            sessionDurationSeconds: i % 2 ? 60 : null,
          })
          .run();
      }
    };
    addLogs(3);
    await admin.request(`/items/${id}`);
    const small = await countStatements(() => admin.request(`/items/${id}`));
    addLogs(400);
    const large = await countStatements(() => admin.request(`/items/${id}`));
    expect(large).toBeLessThanOrEqual(small + 1); // + the count of all entries once the page shows only the newest
    const html = await visibleHtml(await admin.request(`/items/${id}`));
    expect(html).toContain("The newest 200 of 403 entries.");
  });
});

describe("/qr/{id}: the phone camera's page", () => {
  test("signed out it asks for the PIN and comes back here", async () => {
    const { id } = await newItem();
    const res = await app.client("10.8.0.9").request(`/qr/${id}`);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/login?redirectTo=%2Fqr%2F${id}`);
  });

  test("a GET never changes anything; Start, then Stop advances and says so", async () => {
    const { id } = await newItem();
    for (let i = 0; i < 3; i++) expect((await floor.request(`/qr/${id}`)).status).toBe(200);
    expect(item(id).isTimerActive).toBe(false);
    let html = await visibleHtml(await floor.request(`/qr/${id}`));
    expect(html).toContain("Start Timer");
    expect(html).toContain('name="intent" value="start"');

    html = await follow(floor, await form(floor, `/qr/${id}`, { intent: "start" }));
    expect(item(id).isTimerActive).toBe(true);
    expect(html).toContain("Timer Started");
    expect(html).toContain("Done → Production");
    expect(html).toContain('value="pause"');

    ageSession(id);
    html = await follow(floor, await form(floor, `/qr/${id}`, { intent: "stop" }));
    expect(item(id)).toMatchObject({ isTimerActive: false, department: "production" });
    expect(html).toContain("Timer Stopped &amp; Advanced");
    expect(html).toContain("Lobby Sign moved to Production.");
    const logs = getDb().select().from(schema.timerLogs).where(eq(schema.timerLogs.itemId, id)).all();
    expect(logs.map((l) => [l.action, l.teamMemberId])).toEqual([
      ["start", floorId],
      ["stop", floorId],
    ]);
  });

  test("a double tap does not restart: the second Start is refused with a clear message", async () => {
    const { id } = await newItem();
    await form(floor, `/qr/${id}`, { intent: "start" });
    const html = await follow(floor, await form(floor, `/qr/${id}`, { intent: "start" }));
    expect(html).toContain("Failed to start timer");
    expect(html).toContain("already running");
    expect(getDb().select().from(schema.timerLogs).where(eq(schema.timerLogs.itemId, id)).all()).toHaveLength(1);
    ageSession(id);
    const stopped = await follow(floor, await form(floor, `/qr/${id}`, { intent: "stop" }));
    expect(stopped).not.toContain("Failed");
    const again = await follow(floor, await form(floor, `/qr/${id}`, { intent: "stop" }));
    expect(again).toContain("Failed to stop timer");
  });

  test("at the last department the stop says 'Final Department', not 'Timer Stopped & Advanced'", async () => {
    const { id } = await newItem("Banner", "installation");
    await form(floor, `/qr/${id}`, { intent: "start" });
    ageSession(id);
    const html = await follow(floor, await form(floor, `/qr/${id}`, { intent: "stop" }));
    // The toast: its title, then its text.
    expect(html).toMatch(/>Final Department<\/p><p[^>]*>Lobby Sign is finished in Installation\.<\/p>/);
    expect(html).not.toContain("Timer Stopped");
    expect(item(id).department).toBe("installation");
  });

  test("an unknown item says so and offers the QR Timer", async () => {
    const res = await floor.request("/qr/424242");
    expect(res.status).toBe(404);
    const html = await visibleHtml(res);
    expect(html).toContain("Item not found. Please check the QR code or item ID and try again.");
    expect(html).toContain('href="/qr-scanner"');
  });
});

describe("/qr-scanner without JavaScript", () => {
  const scan = (c: Client, code: string) => form(c, "/qr-scanner", { code });

  test("signed out it asks for the PIN first", async () => {
    const res = await app.client("10.8.0.9").request("/qr-scanner");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/login?redirectTo=%2Fqr-scanner");
  });

  test("the field autofocuses; this server's label URL toggles in place: start, then stop and advance", async () => {
    const { id } = await newItem();
    const page = await visibleHtml(await floor.request("/qr-scanner"));
    expect(page).toContain("QR Timer");
    expect(page).toMatch(/<input[^>]*autofocus/i);
    let html = await follow(floor, await scan(floor, `http://localhost/qr/${id}`));
    expect(item(id).isTimerActive).toBe(true);
    expect(html).toContain("Timer Started");
    expect(html).toContain(`http://localhost/qr/${id}`); // last scanned
    ageSession(id);
    html = await follow(floor, await scan(floor, `http://localhost/qr/${id}`));
    expect(item(id)).toMatchObject({ isTimerActive: false, department: "production" });
    expect(html).toContain("Timer Stopped &amp; Advanced");
    expect(html).toContain("Lobby Sign moved to Production.");
    expect(html).toMatch(/data-testid="scan-department">Production</);
  });

  test("JSON with an id and a bare id toggle too", async () => {
    const { id } = await newItem();
    await follow(floor, await scan(floor, JSON.stringify({ id, type: "item" })));
    expect(item(id).isTimerActive).toBe(true);
    ageSession(id);
    await follow(floor, await scan(floor, ` ${id} `));
    expect(item(id).isTimerActive).toBe(false);
  });

  test("PUBLIC_URL labels are this shop's labels", async () => {
    await setup({ PUBLIC_URL: "https://shop.example" });
    const { id } = await newItem();
    await follow(floor, await scan(floor, `https://shop.example/qr/${id}`));
    expect(item(id).isTimerActive).toBe(true);
  });

  test("every §5/§8 message", async () => {
    expect(await follow(floor, await scan(floor, "   "))).toContain("Invalid QR code - no item ID found");
    expect(await follow(floor, await scan(floor, '{"name":"x"}'))).toContain("Invalid QR code format - no item ID found");
    const notFound = await follow(floor, await scan(floor, "987654"));
    expect(notFound).toContain("Item not found. Please check the QR code or item ID and try again.");
    expect(notFound).toContain("Item Not Found");
    expect(notFound).toContain("The scanned QR code doesn&#x27;t match any items in the system.".replace("&#x27;", "'"));
    expect(await follow(floor, await scan(floor, "abc"))).toContain("Item not found. Please check");
  });

  test("another /qr/ URL is opened; never a javascript: one", async () => {
    const res = await scan(floor, "https://elsewhere.example/qr/5");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("https://elsewhere.example/qr/5");
    const bad = await scan(floor, "javascript:alert(1)//qr/");
    expect(bad.headers.get("location")).toBe("/qr-scanner");
    expect(await follow(floor, bad)).toContain("Failed to process QR code data");
  });

  test("the last scanned text is cut to 50 characters", async () => {
    const long = `${"9".repeat(70)}`;
    const html = await follow(floor, await scan(floor, long));
    expect(html).toContain(`${"9".repeat(50)}...`);
    expect(html).not.toContain("9".repeat(51));
  });

  test("a cross-site post is refused before it toggles anything", async () => {
    const { id } = await newItem();
    const res = await floor.request("/qr-scanner", { method: "POST", form: { code: String(id) }, headers: { origin: "http://evil.example" } });
    expect(res.status).toBe(403);
    expect(item(id).isTimerActive).toBe(false);
  });
});
