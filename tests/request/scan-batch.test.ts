import { beforeEach, describe, expect, test } from "bun:test";
import { createRequestHandler } from "react-router";
import * as schema from "#db/schema";
import { addMember, build, type createApp, type Client, hooks } from "../helpers/app";
import { seedShop } from "../helpers/shop";

const { getDb } = hooks;

// Scans are committed in groups (timer.server.ts, decision 0014) and answered by the HTTP layer without React
// Router's matching (pipeline/http.server.ts). Neither may change what a caller sees.

let app: ReturnType<typeof createApp>;
let admin: Client;
let projectId: number;

beforeEach(async () => {
  ({
    app,
    clients: { admin },
    projectIds: [projectId],
  } = await seedShop({
    ipBase: "10.8.0",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } },
    departments: ["Pre-Production", "Production", "Installation"],
    categories: [{ name: "Banner", departmentSequence: ["pre-production", "production", "installation"] }],
    workflow: { name: "Std", departmentSequence: ["pre-production"] },
    projects: [{ name: "P" }],
  }));
});

const newItem = async () =>
  (await (await admin.request("/api/items", { method: "POST", json: { name: "Sign", category: "Banner", projectId } })).json()) as { id: number };

describe("group commit of scans", () => {
  test("scans sent together are applied together; a refused one (409) leaves the others committed", async () => {
    const ids: number[] = [];
    for (let i = 0; i < 30; i++) ids.push((await newItem()).id);
    expect((await admin.request(`/api/items/${ids[0]}/start-timer`, { method: "POST" })).status).toBe(200);
    const auditBefore = getDb().select().from(schema.auditLog).all().length;
    // All in one turn of the event loop: one batch, with ids[0] already running (409) in the middle of it.
    const responses = await Promise.all([
      ...ids.slice(1, 15).map((id) => admin.request(`/api/items/${id}/start-timer`, { method: "POST" })),
      admin.request(`/api/items/${ids[0]}/start-timer`, { method: "POST" }),
      ...ids.slice(15).map((id) => admin.request(`/api/items/${id}/start-timer`, { method: "POST" })),
      admin.request(`/api/items/999999/start-timer`, { method: "POST" }),
    ]);
    const statuses = responses.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(29);
    expect(statuses[14]).toBe(409);
    expect(statuses.at(-1)).toBe(404);
    expect((await responses[14]!.json()).message).toBe("This item's timer is already running. Stop it before starting it again.");
    const running = getDb()
      .select()
      .from(schema.items)
      .all()
      .filter((i) => i.isTimerActive)
      .map((i) => i.id)
      .sort((a, b) => a - b);
    expect(running).toEqual([...ids].sort((a, b) => a - b));
    const starts = getDb()
      .select()
      .from(schema.timerLogs)
      .all()
      .filter((l) => l.action === "start");
    expect(starts).toHaveLength(30);
    expect(getDb().select().from(schema.auditLog).all().length - auditBefore).toBe(29);
  });

  test("start and stop of one item in one batch apply in order", async () => {
    const { id } = await newItem();
    const [a, b, c] = await Promise.all(
      ["start-timer", "end-timer", "start-timer"].map((verb) => admin.request(`/api/items/${id}/${verb}`, { method: "POST" })),
    );
    expect([a!.status, b!.status, c!.status]).toEqual([200, 200, 200]);
    expect((await b!.json()).department).toBe("production");
    expect(
      getDb()
        .select()
        .from(schema.timerLogs)
        .all()
        .map((l) => l.action),
    ).toEqual(["start", "stop", "start"]);
  });
});

describe("the HTTP layer's scan path answers as the route module does", () => {
  test("same status and body through React Router and through the fast path", async () => {
    const { id } = await newItem();
    const viaFast = await admin.request(`/api/items/${id}/start-timer`, { method: "POST" });
    const fastBody = await viaFast.json();
    // Straight into React Router (what the fast path skips), with the same session cookie and origin.
    const rr = createRequestHandler(build, "production");
    const cookie = [...admin.cookies()].map(([k, v]) => `${k}=${v}`).join("; ");
    const viaRouter = await rr(new Request(`http://localhost/api/items/${id}/end-timer`, { method: "POST", headers: { cookie, origin: "http://localhost" } }));
    expect(viaRouter.status).toBe(200);
    const routerBody = await viaRouter.json();
    expect(Object.keys(routerBody).sort()).toEqual([...Object.keys(fastBody), "previousDepartment", "sessionDurationSeconds", "finalDepartment"].sort());
    expect(routerBody).toMatchObject({ id, name: "Sign", department: "production", previousDepartment: "pre-production", finalDepartment: false });
    expect(fastBody).toMatchObject({ id, name: "Sign", department: "pre-production", isTimerActive: true, message: "Timer Started" });
    const again = await rr(new Request(`http://localhost/api/items/${id}/end-timer`, { method: "POST", headers: { cookie, origin: "http://localhost" } }));
    expect(again.status).toBe(409);
    const fastAgain = await admin.request(`/api/items/${id}/end-timer`, { method: "POST" });
    expect(fastAgain.status).toBe(409);
    expect(await fastAgain.json()).toEqual(await again.json());
    expect(fastAgain.headers.get("cache-control")).toBe("no-store");
  });

  test("the fast path keeps the HTTP layer's refusals: signed out 401, cross-site 403, bad id 404", async () => {
    const { id } = await newItem();
    const out = app.client("10.8.0.9");
    const signedOut = await out.request(`/api/items/${id}/start-timer`, { method: "POST" });
    expect(signedOut.status).toBe(401);
    expect(await signedOut.json()).toEqual({ message: "Authentication required" });
    const crossSite = await admin.request(`/api/items/${id}/start-timer`, { method: "POST", headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect((await admin.request(`/api/items/abc/start-timer`, { method: "POST" })).status).toBe(404);
    expect((await admin.request(`/api/items/${id}/start-timer`, { method: "GET" })).status).toBe(405);
    expect(getDb().select().from(schema.timerLogs).all()).toHaveLength(0);
  });
});
