// Sign-in under a many-address PIN attack (decision 0025): a browser that signed in before keeps its own
// budget, IPv6 clients count by /64, and the audit log gets a bounded number of rows however the flood is shaped.
import { afterEach, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { and, gte, ne } from "drizzle-orm";
import { auditLog } from "#db/schema";
import { addMember, createApp, type Client, hooks } from "../helpers/app";
import { SOAK } from "../helpers/soak";

const { auditNote, setSlowLaneForTests, writeUpWindows } = hooks;

let app: ReturnType<typeof createApp>;
const ADA_PIN = "4321";
const PAULA_PIN = "1111";
const REAL_PINS = new Set([ADA_PIN, PAULA_PIN]);

beforeEach(() => {
  app = createApp();
  addMember("Ada Admin", ADA_PIN, ["management"]);
  addMember("Paula Pre", PAULA_PIN, ["pre-production"]);
});

/** Every wait for a place in the slow lane, in ms: the line is tested by what it asks for, not by sleeping. */
let waits: number[] = [];
beforeEach(() => {
  waits = [];
  setSlowLaneForTests({ sleep: async (ms) => void waits.push(ms) });
});

afterEach(() => {
  setSystemTime();
  setSlowLaneForTests();
});

const verify = (c: Client, body: unknown) => c.request("/api/auth/verify-pin", { method: "POST", json: body });

let pinCounter = 0;
/** A wrong PIN: never one of the shop's. */
function wrongPin(): string {
  for (;;) {
    const pin = String(pinCounter++ % 10_000).padStart(4, "0");
    if (!REAL_PINS.has(pin)) return pin;
  }
}

/** 50 wrong PINs from 50 addresses: the shop-wide budget is spent. */
async function tripShopBudget() {
  for (let i = 0; i < 50; i++) await verify(app.client(`172.20.0.${i + 1}`), { pinCode: wrongPin() });
}

const auditRows = (since: Date) =>
  app.db
    .select()
    .from(auditLog)
    .where(and(gte(auditLog.at, since), ne(auditLog.action, "login")))
    .all();

describe("IPv6 clients count by /64", () => {
  test("five wrong PINs from five addresses of one /64 lock the whole /64; another /64 is not affected", async () => {
    for (let i = 1; i <= 5; i++) {
      expect((await verify(app.client(`2001:db8:7:1::${i.toString(16)}`), { pinCode: "0000" })).status).toBe(401);
    }
    const sameLine = await verify(app.client("2001:db8:7:1:ffff:1234:abcd:9"), { pinCode: ADA_PIN });
    expect(sameLine.status).toBe(429);
    expect((await sameLine.json()).message).toBe("Too many attempts. Try again in 5 minutes.");
    expect((await verify(app.client("2001:db8:7:2::1"), { pinCode: ADA_PIN })).status).toBe(200);
  });

  test("an IPv4-mapped IPv6 address counts as its IPv4 address", async () => {
    for (let i = 0; i < 5; i++) await verify(app.client("::ffff:192.0.2.9"), { pinCode: "0000" });
    expect((await verify(app.client("192.0.2.9"), { pinCode: ADA_PIN })).status).toBe(429);
  });
});

describe("a browser that signed in before (known device)", () => {
  test("gets a signed, long-lived, HttpOnly, SameSite=Lax cookie with a random id on sign-in", async () => {
    const c = app.client("10.1.0.1");
    const res = await verify(c, { pinCode: ADA_PIN });
    expect(res.status).toBe(200);
    const device = res.headers.getSetCookie().find((h) => h.startsWith("shopflow_device="))!;
    expect(device).toContain("HttpOnly");
    expect(device).toContain("SameSite=Lax");
    expect(device).toMatch(/Max-Age=3456\d{4}/);
    const other = (await verify(app.client("10.1.0.2"), { pinCode: ADA_PIN })).headers.getSetCookie().find((h) => h.startsWith("shopflow_device="))!;
    expect(other.split(";")[0]).not.toBe(device.split(";")[0]);
    // Signing in again from the same browser keeps its id (and renews the cookie).
    const again = (await verify(c, { pinCode: ADA_PIN })).headers.getSetCookie().find((h) => h.startsWith("shopflow_device="))!;
    expect(again.split(";")[0]).toBe(device.split(";")[0]);
  });

  test("signs in at once while the shop-wide budget is spent and the line is full", async () => {
    setSlowLaneForTests({ slotMs: 2000, maxWaitMs: 1000, sleep: async (ms) => void waits.push(ms) });
    const floorPc = app.client("10.1.0.5");
    await floorPc.signIn(PAULA_PIN);
    await tripShopBudget();
    // The line is full: a stranger's browser, even with the right PIN, is turned away...
    await verify(app.client("10.1.0.6"), { pinCode: wrongPin() });
    expect((await verify(app.client("10.1.0.7"), { pinCode: ADA_PIN })).status).toBe(429);
    // ...the floor PC is not, and does not wait in line.
    const waited = waits.length;
    const res = await verify(floorPc, { pinCode: ADA_PIN });
    expect(res.status).toBe(200);
    expect(waits).toHaveLength(waited);
  });

  test("is not locked out when an attacker behind the same address is", async () => {
    const floorPc = app.client("10.1.0.8");
    await floorPc.signIn(PAULA_PIN);
    const attacker = app.client("10.1.0.8");
    for (let i = 0; i < 6; i++) await verify(attacker, { pinCode: wrongPin() });
    expect((await verify(attacker, { pinCode: ADA_PIN })).status).toBe(429);
    expect((await verify(floorPc, { pinCode: ADA_PIN })).status).toBe(200);
  });

  test("has its own budget: its 6th wrong PIN in 5 minutes is refused", async () => {
    const floorPc = app.client("10.1.0.9");
    await floorPc.signIn(PAULA_PIN);
    for (let i = 0; i < 5; i++) expect((await verify(floorPc, { pinCode: wrongPin() })).status).toBe(401);
    const sixth = await verify(floorPc, { pinCode: ADA_PIN });
    expect(sixth.status).toBe(429);
    expect((await sixth.json()).message).toBe("Too many attempts. Try again in 5 minutes.");
  });

  test("a cookie the server did not sign is worth nothing", async () => {
    setSlowLaneForTests({ slotMs: 2000, maxWaitMs: 1000, sleep: async (ms) => void waits.push(ms) });
    await tripShopBudget();
    await verify(app.client("10.1.0.6"), { pinCode: wrongPin() });
    const forged = await app.client("10.1.0.10").request("/api/auth/verify-pin", {
      method: "POST",
      json: { pinCode: ADA_PIN },
      headers: { cookie: "shopflow_device=AAAAAAAAAAAAAAAAAAAAAA.bm90LWEtc2lnbmF0dXJl" },
    });
    expect(forged.status).toBe(429);
  });
});

describe("the audit log during an attack", () => {
  test("refusals past the first few of a window are counted into one entry for the window", async () => {
    const t0 = new Date("2031-03-03T10:00:00.000Z");
    setSystemTime(t0);
    const c = app.client("10.2.0.1");
    for (let i = 0; i < 5; i++) await verify(c, { pinCode: wrongPin() });
    for (let i = 0; i < 200; i++) expect((await verify(c, { pinCode: wrongPin() })).status).toBe(429);
    // Five wrong PINs and the address's first refusal, one by one; the other 199 refusals wait for the window's end.
    expect(auditRows(t0).map((r) => r.action)).toEqual([...Array(5).fill("login-failed"), "login-throttled"]);
    setSystemTime(new Date(t0.getTime() + 5 * 60_000 + 1));
    writeUpWindows();
    const rows = auditRows(t0);
    expect(rows).toHaveLength(7);
    const summary = rows.at(-1)!;
    expect(summary.action).toBe("login-refusals-counted");
    expect(summary.after).toEqual({
      windowStart: "2031-03-03T10:00:00.000Z",
      windowEnd: "2031-03-03T10:05:00.000Z",
      wrongPins: 0,
      refusedSignIns: 199,
      clients: 1,
    });
    expect(auditNote(summary, "Unknown", 5)).toBe(
      "More sign-ins were refused in these 5 minutes than the log lists one by one: 0 wrong PINs and 199 refused sign-ins are counted here instead.",
    );
    // Written once, however often it is looked at again.
    writeUpWindows(Date.now() + 10 * 60_000);
    expect(auditRows(t0)).toHaveLength(7);
  });

  test("a 200-address attack for an hour: the known device signs in on its first try, and the log stays under 200 rows", async () => {
    // The real line (one sign-in per 3 s, at most 30 s long) in simulated time: the clock stands still within a
    // round, so each place in line is a wait that is recorded, not slept through. \`npm run test:soak\` runs the
    // same hour against a real clock, with the line a hundred times shorter.
    if (SOAK) setSlowLaneForTests({ slotMs: 30, maxWaitMs: 300 });
    const t0 = new Date("2031-03-03T12:00:00.000Z");
    setSystemTime(t0);
    const floorPc = app.client("10.3.0.1");
    await floorPc.signIn(PAULA_PIN);
    const attackers = Array.from({ length: 200 }, (_, i) => app.client(`198.51.${100 + Math.floor(i / 100)}.${(i % 100) + 1}`));
    const since = new Date(t0.getTime() + 1);
    let requests = 0;
    let knownDevice: { status: number; waited: boolean } | null = null;
    let stranger: number | null = null;
    const statuses = new Map<number, number>();
    // One request from each of the 200 addresses every simulated 2 minutes: 6,000 requests in the hour.
    for (let step = 0; step < 30; step++) {
      setSystemTime(new Date(t0.getTime() + 1 + step * 120_000));
      const answers = await Promise.all(attackers.map((a) => verify(a, { pinCode: wrongPin() })));
      requests += answers.length;
      for (const r of answers) statuses.set(r.status, (statuses.get(r.status) ?? 0) + 1);
      if (step === 15) {
        const before = waits.length;
        const res = await verify(floorPc, { pinCode: ADA_PIN });
        knownDevice = { status: res.status, waited: waits.length > before };
        stranger = (await verify(app.client("10.3.0.2"), { pinCode: ADA_PIN })).status;
      }
    }
    setSystemTime(new Date(t0.getTime() + 61 * 60_000));
    writeUpWindows();
    const rows = auditRows(since);
    const byAction = Object.fromEntries([...new Set(rows.map((r) => r.action))].map((a) => [a, rows.filter((r) => r.action === a).length]));
    console.log(
      `200-address attack, 1 simulated hour: ${requests} requests (${[...statuses].map(([s, n]) => `${n}× ${s}`).join(", ")}); ` +
        `known device: ${knownDevice?.status} on its first try; a stranger's browser with the right PIN: ${stranger}; ` +
        `audit rows: ${rows.length} ${JSON.stringify(byAction)}`,
    );
    expect(knownDevice).toEqual({ status: 200, waited: false });
    expect(stranger).toBe(429);
    expect(rows.length).toBeLessThan(200);
    // The spent budget is on record for every window of the attack.
    expect(byAction["login-budget-tripped"]).toBeGreaterThanOrEqual(11);
    // The line held sign-ins while the budget was spent, and turned the rest away instead of growing.
    if (!SOAK) {
      expect(waits.length).toBeGreaterThan(0);
      expect(Math.max(...waits)).toBeLessThanOrEqual(30_000);
    }
  }, 120_000);
});

describe("the audit trail words the new entries", () => {
  test("a window of the spent shop-wide budget and a locked member read as sentences", () => {
    const entry = (action: string, after: unknown) => ({ action, entity: "session", ip: null, before: null, after });
    expect(
      auditNote(entry("login-budget-tripped", { windowStart: "x", windowEnd: "y", wrongPins: 12, refusedSignIns: 3450, clients: 200 }), "Unknown", 5),
    ).toBe(
      "Too many wrong PINs across the shop: browsers that had not signed in here before got one try at a time. 12 wrong PINs and 3,450 refused sign-ins are counted here instead of one entry each.",
    );
    const locked = { ...entry("login-member-locked", { expectedUserId: 3, scope: "other-browsers" }), ip: "10.0.0.9" };
    expect(auditNote(locked, "Unknown", 3, (id) => (id === 3 ? "Ada Admin" : undefined))).toBe(
      "Ada Admin cannot sign in for 15 minutes on browsers that have not signed in here before: 5 wrong PINs were typed for them in 15 minutes, the last from 10.0.0.9. Other members still can.",
    );
  });
});
