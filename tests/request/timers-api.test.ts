import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { addMember, createApp, type Client, hooks } from "../helpers/app";

const { endTimer, startTimer, toggleTimer, getDb } = hooks;

// docs/product.md §7 item timers and docs/product.md, Decisions: Timers: start, stop and advance, reset, the log; 409 on the wrong
// state; 50 scans of one item at once; the next-department rule with and without a category sequence.

let app: ReturnType<typeof createApp>;
let admin: Client;
let floor: Client;
let projectId: number;
let floorId: number;
let adminId: number;

beforeEach(async () => {
  app = createApp();
  adminId = addMember("Ada Admin", "4321", ["management"]).id;
  floorId = addMember("Fay Floor", "2222", ["production"]).id;
  admin = app.client("10.7.0.1");
  floor = app.client("10.7.0.2");
  await admin.signIn("4321");
  await floor.signIn("2222");
  for (const name of ["Pre-Production", "Production", "Fabrication", "Quality Control", "Installation"]) {
    await admin.request("/api/departments", { method: "POST", json: { name } });
  }
  await admin.request("/api/categories", { method: "POST", json: { name: "Banner", departmentSequence: ["pre-production", "production", "installation"] } });
  const wf = await (await admin.request("/api/workflows", { method: "POST", json: { name: "Std", departmentSequence: ["pre-production"] } })).json();
  projectId = (await (await admin.request("/api/projects", { method: "POST", json: { name: "P", description: "d", workflowId: wf.id } })).json()).id;
});

const newItem = async (category = "Banner", department?: string) =>
  (await (
    await admin.request("/api/items", { method: "POST", json: { name: "Sign", category, projectId, ...(department ? { department } : {}) } })
  ).json()) as { id: number };
const call = async (c: Client, id: number, verb: string) => {
  const res = await c.request(`/api/items/${id}/${verb}`, { method: "POST" });
  return { status: res.status, json: await res.json() };
};
const item = (id: number) => getDb().select().from(schema.items).where(eq(schema.items.id, id)).get()!;
const logs = (id: number) => getDb().select().from(schema.timerLogs).where(eq(schema.timerLogs.itemId, id)).orderBy(schema.timerLogs.id).all();

describe("start and stop", () => {
  test("any signed-in member starts; the stop adds the session, moves to the next department and names it", async () => {
    const { id } = await newItem();
    const started = await call(floor, id, "start-timer");
    expect(started.status).toBe(200);
    expect(started.json).toMatchObject({ id, isTimerActive: true, department: "pre-production" });
    // The session began 90 minutes ago (server clock).
    getDb()
      .update(schema.items)
      .set({ currentSessionStart: new Date(Date.now() - 90 * 60_000) })
      .where(eq(schema.items.id, id))
      .run();
    const stopped = await call(floor, id, "end-timer");
    expect(stopped.status).toBe(200);
    expect(stopped.json).toMatchObject({
      name: "Sign",
      department: "production",
      previousDepartment: "pre-production",
      finalDepartment: false,
      isTimerActive: false,
    });
    expect(stopped.json.sessionDurationSeconds).toBeGreaterThanOrEqual(5400);
    expect(item(id).totalTimeSeconds).toBe(stopped.json.sessionDurationSeconds);
    expect(item(id).currentStepIndex).toBe(1);
    const log = logs(id);
    expect(log.map((l) => [l.action, l.department, l.teamMemberId])).toEqual([
      ["start", "pre-production", floorId],
      ["stop", "pre-production", floorId],
    ]);
    expect(log[1]!.sessionDurationSeconds).toBe(stopped.json.sessionDurationSeconds);
    const api = await (await floor.request(`/api/items/${id}/timer-logs`)).json();
    expect(api).toHaveLength(2);
    // Audited with who did it.
    const audit = getDb()
      .select()
      .from(schema.auditLog)
      .all()
      .filter((a) => a.entity === "item" && a.entityId === String(id));
    expect(audit.map((a) => [a.action, a.actorName])).toEqual(
      expect.arrayContaining([
        ["start-timer", "Fay Floor"],
        ["end-timer", "Fay Floor"],
      ]),
    );
  });

  test("every answer carries the item as the database holds it: each column, dates as ISO strings", async () => {
    // The scan's statements map rows themselves (timer.server.ts): their items must read as drizzle reads them.
    const { id } = await newItem();
    const asStored = () => JSON.parse(JSON.stringify(item(id)));
    const { message: _m1, toast: _t1, ...started } = (await call(floor, id, "start-timer")).json;
    expect(started).toEqual(asStored());
    expect(typeof started.currentSessionStart).toBe("string");
    const { message: _m2, toast: _t2, previousDepartment, sessionDurationSeconds, finalDepartment, ...stopped } = (await call(floor, id, "end-timer")).json;
    expect(stopped).toEqual(asStored());
    expect([previousDepartment, finalDepartment, stopped.currentSessionStart]).toEqual(["pre-production", false, null]);
    await call(floor, id, "start-timer");
    const paused = (await call(floor, id, "pause-timer")).json;
    expect(paused).toMatchObject({ ...asStored(), department: "production" });
    // Through to the last department: the stop that finishes the item answers with its finish.
    await call(floor, id, "start-timer");
    await call(floor, id, "end-timer");
    await call(floor, id, "start-timer");
    const {
      message: _m3,
      toast: _t3,
      previousDepartment: _p,
      sessionDurationSeconds: _s,
      finalDepartment: final,
      ...finished
    } = (await call(floor, id, "end-timer")).json;
    expect(final).toBe(true);
    expect(finished).toEqual(asStored());
    expect(finished).toMatchObject({ department: "installation", finishedBy: floorId });
    expect(typeof finished.finishedAt).toBe("string");
  });

  test("409 with a clear message: a start on a running item, a stop on a stopped one; 404 for no item", async () => {
    const { id } = await newItem();
    const early = await call(floor, id, "end-timer");
    expect(early.status).toBe(409);
    expect(early.json.message).toBe("This item's timer is not running. Start it before stopping it.");
    await call(floor, id, "start-timer");
    const twice = await call(floor, id, "start-timer");
    expect(twice.status).toBe(409);
    expect(twice.json.message).toBe("This item's timer is already running. Stop it before starting it again.");
    expect((await call(floor, 999999, "start-timer")).status).toBe(404);
    expect((await floor.request("/api/items/999999/timer-logs")).status).toBe(404);
    expect((await call(floor, 0, "start-timer")).status).toBe(404);
  });

  test("signed out: 401 and nothing changes", async () => {
    const { id } = await newItem();
    expect((await call(app.client("10.7.0.9"), id, "start-timer")).status).toBe(401);
    expect(item(id).isTimerActive).toBe(false);
    expect(logs(id)).toHaveLength(0);
  });

  test("a session across midnight and several days counts every second", async () => {
    const { id } = await newItem();
    const start = Date.UTC(2026, 10, 20, 23, 30, 0);
    startTimer(id, { id: floorId, name: "Fay Floor" }, start);
    const end = start + 2 * 86_400_000 + 45 * 60_000 + 7_000; // two days, 45 min and 7 s later, past two midnights
    const r = endTimer(id, { id: floorId, name: "Fay Floor" }, end);
    expect(r.sessionSeconds).toBe(2 * 86_400 + 45 * 60 + 7);
    expect(item(id).totalTimeSeconds).toBe(r.sessionSeconds);
  });
});

describe("the next department", () => {
  test("along the category's sequence; at the last one the item stays ('Final Department')", async () => {
    const { id } = await newItem("Banner", "production");
    const actor = { id: floorId, name: "Fay Floor" };
    startTimer(id, actor);
    expect(endTimer(id, actor).item.department).toBe("installation");
    startTimer(id, actor);
    const res = await call(floor, id, "end-timer");
    expect(res.json.finalDepartment).toBe(true);
    expect(res.json.message).toContain("Final Department");
    expect(res.json.department).toBe("installation");
    // That stop finished the item (docs/product.md, Decisions: The end of a job): no restart until Reopen.
    expect((await call(floor, id, "start-timer")).status).toBe(409);
  });

  test("a category without a sequence follows the standard order", async () => {
    getDb().insert(schema.categories).values({ name: "Loose", departmentSequence: [] }).run();
    const { id } = await newItem("Loose", "production");
    const actor = { id: floorId, name: "Fay Floor" };
    startTimer(id, actor);
    expect(endTimer(id, actor).item.department).toBe("fabrication");
    startTimer(id, actor);
    expect(endTimer(id, actor).item.department).toBe("quality-control");
  });
});

describe("reset", () => {
  test("the total goes to 0 and a running session ends uncounted; the log stays; 'Timer reset successfully.'", async () => {
    const { id } = await newItem();
    await call(floor, id, "start-timer");
    await call(floor, id, "end-timer");
    await call(floor, id, "start-timer");
    getDb().update(schema.items).set({ totalTimeSeconds: 500 }).where(eq(schema.items.id, id)).run();
    // The project keys only (docs/product.md (Decisions)): a production member is refused and nothing changes.
    const refused = await call(floor, id, "reset-timer");
    expect(refused.status).toBe(403);
    expect(refused.json.message).toBe("Resetting a timer needs the Pre-Production or Project Management key.");
    expect(item(id).totalTimeSeconds).toBe(500);
    const res = await call(admin, id, "reset-timer");
    expect(res.status).toBe(200);
    expect(res.json.message).toBe("Timer reset successfully.");
    expect(item(id)).toMatchObject({ totalTimeSeconds: 0, isTimerActive: false, currentSessionStart: null });
    expect(logs(id)).toHaveLength(3);
  });
});

describe("concurrency", () => {
  test("50 simultaneous scans of one item alternate start/stop; the total is the sum of the logged sessions", async () => {
    // A sequence longer than 25 stops: the item never reaches its last department, which would finish it.
    getDb()
      .insert(schema.categories)
      .values({ name: "Long run", departmentSequence: Array.from({ length: 30 }, (_, i) => `station-${i}`) })
      .run();
    const { id } = await newItem("Long run");
    // Two members taking turns at one station: each stop ends the other's session, so none is a double read.
    const actors = [
      { id: floorId, name: "Fay Floor" },
      { id: adminId, name: "Ada Admin" },
    ];
    const results = await Promise.all(Array.from({ length: 50 }, (_, i) => Promise.resolve().then(() => toggleTimer(id, actors[i % 2]!))));
    expect(results.filter((r) => "started" in r)).toHaveLength(25);
    const log = logs(id);
    expect(log).toHaveLength(50);
    log.forEach((l, i) => expect(l.action).toBe(i % 2 === 0 ? "start" : "stop"));
    const sum = log.reduce((s, l) => s + (l.sessionDurationSeconds ?? 0), 0);
    expect(item(id).totalTimeSeconds).toBe(sum);
    expect(item(id).isTimerActive).toBe(false);
  });

  test("50 simultaneous start/stop calls over HTTP: never two starts in a row, the rest refused with 409", async () => {
    const { id } = await newItem();
    const responses = await Promise.all(Array.from({ length: 50 }, (_, i) => call(floor, id, i % 2 === 0 ? "start-timer" : "end-timer")));
    expect(responses.every((r) => r.status === 200 || r.status === 409)).toBe(true);
    const log = logs(id);
    expect(log.length).toBe(responses.filter((r) => r.status === 200).length);
    log.forEach((l, i) => expect(l.action).toBe(i % 2 === 0 ? "start" : "stop"));
    const sum = log.reduce((s, l) => s + (l.sessionDurationSeconds ?? 0), 0);
    expect(item(id).totalTimeSeconds).toBe(sum);
  });
});
