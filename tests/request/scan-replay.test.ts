import { beforeEach, expect, test } from "bun:test";
import type { createApp, Client } from "../helpers/app";
import { ageLastStop, ageSession } from "../helpers/timers";
import { bakery, seedShop } from "../helpers/shop";
import { hooks } from "../helpers/app";

const { DEVICE_TIME_MAX_AGE_MS } = hooks;

// Offline scanning, server side: a scan id makes a replayed scan apply once (start-timer,
// end-timer, POST /api/scans and the QR Timer form); the device's time is used only within bounds, and the log
// row records whose clock it is.

let app: ReturnType<typeof createApp>;
let operator: Client;
let itemId: number;
let otherItemId: number;

const logs = (id = itemId) =>
  app.db.$client.query("SELECT action, timestamp, scan_id AS scanId, time_source AS timeSource FROM timer_logs WHERE item_id = ? ORDER BY id").all(id) as {
    action: string;
    timestamp: number;
    scanId: string | null;
    timeSource: string;
  }[];

beforeEach(async () => {
  ({
    app,
    clients: { operator },
    itemIds: [itemId, otherItemId],
  } = await seedShop({
    ipBase: "10.8.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, operator: { name: "Otto", pin: "2222", keys: ["production"] } },
    ...bakery(["Production", "Installation"]),
    items: [
      { name: "Fence banner", category: "Banner", department: "production" },
      { name: "Door decal", category: "Banner", department: "production" },
    ],
  }));
});

test("the same start-timer sent 5 times: one log row; the repeats answer 200 'already recorded'", async () => {
  const answers = await Promise.all(
    Array.from({ length: 5 }, () => operator.request(`/api/items/${itemId}/start-timer`, { method: "POST", json: { scanId: "scan-start-0001" } })),
  );
  expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
  const bodies = await Promise.all(answers.map((r) => r.json()));
  expect(bodies.filter((b) => b.replayed).length).toBe(4);
  expect(bodies.every((b) => b.isTimerActive === true)).toBe(true);
  expect(logs()).toMatchObject([{ action: "start", scanId: "scan-start-0001", timeSource: "server" }]);
  // The same id as an Idempotency-Key header on the stop, twice: one stop.
  for (let i = 0; i < 2; i++)
    expect((await operator.request(`/api/items/${itemId}/end-timer`, { method: "POST", headers: { "idempotency-key": "scan-stop-00001" } })).status).toBe(200);
  expect(logs().map((l) => l.action)).toEqual(["start", "stop"]);
});

test("POST /api/scans: a replayed scan id toggles once; the toggles of a queue apply in order", async () => {
  const scan = (scanId: string) => operator.request("/api/scans", { method: "POST", json: { code: String(itemId), scanId } });
  const first = await scan("queue-scan-0001");
  expect(first.status).toBe(200);
  expect(await first.json()).toMatchObject({ ok: true, replayed: false, item: { id: itemId, running: true }, toast: { title: "Timer Started" } });
  for (let i = 0; i < 4; i++) expect(await (await scan("queue-scan-0001")).json()).toMatchObject({ ok: true, replayed: true, item: { running: true } });
  // The next scan comes after the double-read window (a second read within it is not a stop: scan-edges.test.ts).
  ageSession(itemId);
  const second = await (await scan("queue-scan-0002")).json();
  expect(second).toMatchObject({
    ok: true,
    replayed: false,
    item: { running: false, department: "Installation" },
    toast: { title: "Timer Stopped & Advanced" },
  });
  expect(logs().map((l) => [l.action, l.scanId])).toEqual([
    ["start", "queue-scan-0001"],
    ["stop", "queue-scan-0002"],
  ]);
});

test("the device's time is kept when believable, else the server's, and the row says which", async () => {
  const now = Date.now();
  const scan = (scanId: string, deviceTime: number | string) =>
    operator.request("/api/scans", { method: "POST", json: { code: String(itemId), scanId, deviceTime } });
  // Ten minutes ago, as an ISO time: kept.
  expect((await scan("device-time-01", new Date(now - 10 * 60_000).toISOString())).status).toBe(200);
  // Before the item's last event (the start just logged): the server's time.
  expect((await scan("device-time-02", now - 20 * 60_000)).status).toBe(200);
  // In the future: the server's time (past the double-read window of the stop just before it, which moved the item).
  ageLastStop(itemId);
  expect((await scan("device-time-03", now + 60 * 60_000)).status).toBe(200);
  // Older than 24 hours: the server's time (past the double-read window of the start just before it).
  ageSession(itemId);
  expect((await scan("device-time-04", now - DEVICE_TIME_MAX_AGE_MS - 60_000)).status).toBe(200);
  const rows = logs();
  expect(rows.map((r) => r.timeSource)).toEqual(["device", "server", "server", "server"]);
  expect(Math.abs(rows[0]!.timestamp - (now - 10 * 60_000))).toBeLessThan(1000);
  for (const r of rows.slice(1)) expect(Math.abs(r.timestamp - Date.now())).toBeLessThan(10_000);
  // The session that began at the device's time is counted from then: about ten minutes.
  const stop = app.db.$client
    .query("SELECT session_duration_seconds AS s FROM timer_logs WHERE item_id = ? AND action = 'stop' ORDER BY id LIMIT 1")
    .get(itemId) as { s: number };
  expect(stop.s).toBeGreaterThanOrEqual(599);
  expect(stop.s).toBeLessThan(620);
});

test("bad ids and times are 400 with a readable message; an id used for another item is 409", async () => {
  const bad = await operator.request("/api/scans", { method: "POST", json: { code: String(itemId), scanId: "no spaces allowed" } });
  expect(bad.status).toBe(400);
  expect((await bad.json()).message).toBe("scanId must be 8 to 100 letters, digits, '-' or '_'");
  const badTime = await operator.request(`/api/items/${itemId}/start-timer`, { method: "POST", json: { deviceTime: "yesterday-ish" } });
  expect(badTime.status).toBe(400);
  expect((await badTime.json()).message).toBe("deviceTime must be a time (epoch milliseconds or ISO 8601)");
  const badHeader = await operator.request(`/api/items/${itemId}/start-timer`, { method: "POST", headers: { "idempotency-key": "x" } });
  expect(badHeader.status).toBe(400);
  expect(logs()).toEqual([]);
  expect((await operator.request("/api/scans", { method: "POST", json: { code: String(itemId), scanId: "shared-id-0001" } })).status).toBe(200);
  const reused = await operator.request("/api/scans", { method: "POST", json: { code: String(otherItemId), scanId: "shared-id-0001" } });
  expect(reused.status).toBe(409);
  expect((await reused.json()).message).toBe("This scan id was already used for another item.");
  expect(logs(otherItemId)).toEqual([]);
  // Signed out: 401, nothing applied.
  expect((await app.client("10.8.0.9").request("/api/scans", { method: "POST", json: { code: String(itemId) } })).status).toBe(401);
});

test("the QR Timer form without JavaScript: the same form posted twice counts once", async () => {
  const page = await (await operator.request("/qr-scanner")).text();
  const scanId = /name="scanId" value="([^"]+)"/.exec(page)?.[1];
  expect(scanId).toBeTruthy();
  for (let i = 0; i < 2; i++) {
    const res = await operator.request("/qr-scanner", { method: "POST", form: { code: String(itemId), scanId: scanId! } });
    expect(res.status).toBe(302);
  }
  expect(logs().map((l) => l.action)).toEqual(["start"]);
});
