// 'Choose your name, then PIN' (decision 0025): the shop setting, the names a signed-out screen may show, the
// verify-pin contract in that mode and the per-member lock, through the API and the no-JavaScript pages.
import { afterEach, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { auditLog, shopSettings } from "#db/schema";
import { addMember, createApp, hooks, visibleHtml, type Client } from "../helpers/app";

let app: ReturnType<typeof createApp>;
let admin: Client;
let adaId: number;
let paulaId: number;
let ivanId: number;

beforeEach(async () => {
  app = createApp();
  adaId = addMember("Ada Admin", "4321", ["management"]).id;
  paulaId = addMember("Paula Pre", "1111", ["pre-production"]).id;
  ivanId = addMember("Ivan Inactive", "2222", ["production"], false).id;
  admin = app.client("10.0.0.1");
  await admin.signIn("4321");
});

afterEach(() => setSystemTime());

const setMode = (mode: "pin" | "name-then-pin") => {
  app.db.update(shopSettings).set({ signInMode: mode }).where(eq(shopSettings.id, 1)).run();
  hooks.forgetShopSettings();
};
const verify = (c: Client, body: unknown) => c.request("/api/auth/verify-pin", { method: "POST", json: body });
/** The radio input of one mode, as the page draws it. */
const radio = (html: string, mode: string) => html.match(new RegExp(`<input type="radio"[^>]*value="${mode}"[^>]*>`))?.[0] ?? "";
const audit = (action: string) => app.db.select().from(auditLog).where(sql`action = ${action}`).all();

describe("Global Settings → Sign-in", () => {
  test("management switches the mode with a plain form post: saved, versioned and audited", async () => {
    const page = await admin.request("/settings/sign-in");
    expect(page.status).toBe(200);
    const html = await visibleHtml(page);
    expect(html).toContain("PIN only");
    expect(html).toContain("Choose your name, then PIN");
    expect(radio(html, "pin")).toContain('checked=""');
    expect(radio(html, "name-then-pin")).not.toContain("checked");

    const saved = await admin.request("/settings/sign-in", { method: "POST", form: { signInMode: "name-then-pin", version: "1" } });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("location")).toBe("/settings/sign-in");
    const row = app.db.select().from(shopSettings).get()!;
    expect(row.signInMode).toBe("name-then-pin");
    expect(row.version).toBe(2);
    const entry = app.db.select().from(auditLog).where(sql`entity = 'shop-settings'`).get()!;
    expect(entry.actorId).toBe(adaId);
    expect(entry.before).toEqual({ signInMode: "pin", shopAddress: null });
    expect(entry.after).toEqual({ signInMode: "name-then-pin", shopAddress: null });
    expect(radio(await visibleHtml(await admin.request("/settings/sign-in")), "name-then-pin")).toContain('checked=""');
  });

  test("a form opened before someone else's save is refused with a message, nothing changes", async () => {
    await admin.request("/api/shop-settings", { method: "PATCH", json: { signInMode: "name-then-pin" } });
    const stale = await admin.request("/settings/sign-in", { method: "POST", form: { signInMode: "pin", version: "1" } });
    expect(stale.status).toBe(409);
    expect(await visibleHtml(stale)).toContain("These settings were changed by someone else. Reload to see the latest.");
    expect(app.db.select().from(shopSettings).get()!.signInMode).toBe("name-then-pin");
  });

  test("an unknown mode is a 400 with a sentence; other members cannot open or post the page", async () => {
    const bad = await admin.request("/settings/sign-in", { method: "POST", form: { signInMode: "face-id", version: "1" } });
    expect(bad.status).toBe(400);
    expect(await visibleHtml(bad)).toContain("Sign in mode must be one of pin, name-then-pin.");
    const paula = app.client("10.0.0.2");
    await paula.signIn("1111");
    expect((await paula.request("/settings/sign-in")).status).toBe(403);
    expect((await paula.request("/settings/sign-in", { method: "POST", form: { signInMode: "name-then-pin" } })).status).toBe(403);
    expect(app.db.select().from(shopSettings).get()!.signInMode).toBe("pin");
  });

  test("Global Settings links to it", async () => {
    expect(await visibleHtml(await admin.request("/settings"))).toContain('href="/settings/sign-in"');
  });
});

describe("the names a signed-out screen may show", () => {
  test("'PIN only': no names, from the API or the login page", async () => {
    const res = await app.client("10.0.1.1").request("/api/auth/sign-in-names");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ signInMode: "pin", members: [] });
    expect(await visibleHtml(await app.client("10.0.1.1").request("/login"))).not.toContain("Paula Pre");
  });

  test("'Choose your name, then PIN': the active members' ids and names, nothing else", async () => {
    setMode("name-then-pin");
    const res = await app.client("10.0.1.2").request("/api/auth/sign-in-names");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    expect(await res.json()).toEqual({
      signInMode: "name-then-pin",
      members: [
        { id: adaId, name: "Ada Admin" },
        { id: paulaId, name: "Paula Pre" },
      ],
    });
    expect((await app.client().request("/api/auth/sign-in-names", { method: "POST", json: {} })).status).toBe(405);
  });

  test("the no-JavaScript login page lists the names as links, narrows them with ?q= and then asks for the PIN", async () => {
    setMode("name-then-pin");
    const c = app.client("10.0.1.3");
    const list = await visibleHtml(await c.request("/login?redirectTo=%2Fitems"));
    expect(list).toContain("Choose your name to continue");
    expect(list).toContain(`href="/login?redirectTo=%2Fitems&amp;member=${adaId}"`);
    expect(list).toContain(`href="/login?redirectTo=%2Fitems&amp;member=${paulaId}"`);
    expect(list).not.toContain("Ivan Inactive");
    expect(list).not.toContain('name="pinCode"');
    const narrowed = await visibleHtml(await c.request("/login?q=pau"));
    expect(narrowed).toContain("Paula Pre");
    expect(narrowed).not.toContain(">Ada Admin<");
    const pinStep = await visibleHtml(await c.request(`/login?redirectTo=%2Fitems&member=${paulaId}`));
    expect(pinStep).toContain("Paula Pre");
    expect(pinStep).toContain(`name="expectedUserId" value="${paulaId}"`);
    expect(pinStep).toContain('name="pinCode"');
    expect(pinStep).toContain("Not you?");
    expect(pinStep).not.toContain("Ada Admin");
    const signedIn = await c.request(`/login?redirectTo=%2Fitems&member=${paulaId}`, {
      method: "POST",
      form: { pinCode: "1111", expectedUserId: String(paulaId), redirectTo: "/items", tile: "" },
    });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("location")).toBe("/items");
  });

  test("an inactive member cannot be chosen: the page shows the names again", async () => {
    setMode("name-then-pin");
    const page = await visibleHtml(await app.client("10.0.1.4").request(`/login?member=${ivanId}`));
    expect(page).toContain("Choose your name to continue");
    expect(page).not.toContain('name="pinCode"');
  });
});

describe("POST /api/auth/verify-pin in 'Choose your name, then PIN'", () => {
  beforeEach(() => setMode("name-then-pin"));

  test("without expectedUserId: 400 'Choose your name first', and nothing is counted", async () => {
    const c = app.client("10.0.2.1");
    for (let i = 0; i < 8; i++) {
      const res = await verify(c, { pinCode: "1111" });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ message: "Choose your name first" });
    }
    expect((await verify(c, { pinCode: "1111", expectedUserId: paulaId })).status).toBe(200);
  });

  test("the same from the no-JavaScript form", async () => {
    const res = await app.client("10.0.2.2").request("/login", { method: "POST", form: { pinCode: "1111", redirectTo: "/", tile: "" } });
    expect(res.status).toBe(400);
    expect(await visibleHtml(res)).toContain("Choose your name first");
  });

  test("the chosen member's PIN signs in; another member's PIN or an unknown one: 'PIN does not match the selected team member'", async () => {
    expect((await verify(app.client("10.0.2.3"), { pinCode: "1111", expectedUserId: paulaId })).status).toBe(200);
    for (const pinCode of ["4321", "9876"]) {
      const res = await verify(app.client("10.0.2.4"), { pinCode, expectedUserId: paulaId });
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ message: "PIN does not match the selected team member" });
    }
    // The audit trail still tells management which it was.
    expect(audit("login-failed").map((r) => (r.after as { reason: string }).reason)).toEqual(["pin-does-not-match-expected-member", "unknown-pin"]);
  });

  test("5 wrong PINs for one member in 15 minutes lock that member for 15 minutes; others keep signing in from the same PC", async () => {
    const t0 = new Date("2031-05-05T08:00:00.000Z");
    setSystemTime(t0);
    const floorPc = app.client("10.0.2.5");
    for (let i = 0; i < 5; i++) {
      setSystemTime(new Date(t0.getTime() + i * 60_000));
      expect((await verify(floorPc, { pinCode: `900${i}`, expectedUserId: paulaId })).status).toBe(401);
    }
    const locked = await verify(floorPc, { pinCode: "1111", expectedUserId: paulaId });
    expect(locked.status).toBe(429);
    expect(await locked.json()).toEqual({ message: "Too many attempts for this team member. Try again in 15 minutes." });
    expect(Number(locked.headers.get("retry-after"))).toBe(900);
    // From any other address too: the lock is the member's.
    expect((await verify(app.client("10.0.2.99"), { pinCode: "1111", expectedUserId: paulaId })).status).toBe(429);
    // Ada signs in from the same PC.
    expect((await verify(floorPc, { pinCode: "4321", expectedUserId: adaId })).status).toBe(200);
    // Now a PC that has signed in here: Paula's wrong PINs typed on it still count there.
    expect((await verify(floorPc, { pinCode: "1111", expectedUserId: paulaId })).status).toBe(429);
    // Audited once, as a sentence naming the member.
    const entries = audit("login-member-locked");
    expect(entries).toHaveLength(1);
    expect(entries[0]!.entityId).toBe(String(paulaId));
    expect(entries[0]!.ip).toBe("10.0.2.5");
    // A manager reads it in the audit trail (signed in now: the clock above moved past the first session's idle limit).
    const manager = app.client("10.0.0.3");
    expect((await verify(manager, { pinCode: "4321", expectedUserId: adaId })).status).toBe(200);
    const trail = await visibleHtml(await manager.request("/settings/audit?kind=sign-ins"));
    expect(trail).toContain("Team member locked (wrong PINs)");
    expect(trail).toContain(
      "Paula Pre cannot sign in for 15 minutes on browsers that have not signed in here before: 5 wrong PINs were typed for them in 15 minutes, the last from 10.0.2.5. Other members still can.",
    );
    // 'Try again in N minutes' counts down, and the lock ends 15 minutes after the 5th wrong PIN.
    setSystemTime(new Date(t0.getTime() + 4 * 60_000 + 10 * 60_000));
    expect((await (await verify(floorPc, { pinCode: "1111", expectedUserId: paulaId })).json()).message).toBe(
      "Too many attempts for this team member. Try again in 5 minutes.",
    );
    setSystemTime(new Date(t0.getTime() + 4 * 60_000 + 14 * 60_000 + 30_000));
    expect((await (await verify(floorPc, { pinCode: "1111", expectedUserId: paulaId })).json()).message).toBe(
      "Too many attempts for this team member. Try again in 1 minute.",
    );
    setSystemTime(new Date(t0.getTime() + 4 * 60_000 + 15 * 60_000 + 1000));
    expect((await verify(floorPc, { pinCode: "1111", expectedUserId: paulaId })).status).toBe(200);
  });

  test("the no-JavaScript form shows the member lock", async () => {
    const c = app.client("10.0.2.6");
    for (let i = 0; i < 5; i++) await verify(c, { pinCode: "0000", expectedUserId: paulaId });
    const res = await c.request(`/login?member=${paulaId}`, {
      method: "POST",
      form: { pinCode: "1111", expectedUserId: String(paulaId), redirectTo: "/", tile: "" },
    });
    expect(res.status).toBe(429);
    expect(res.headers.get("retry-after")).toBeTruthy();
    expect(await visibleHtml(res)).toContain("Too many attempts for this team member. Try again in 15 minutes.");
  });

  test("strangers locking a member do not lock them out of the shop's own PCs (browsers that signed in before)", async () => {
    const floorPc = app.client("10.0.2.7");
    await floorPc.signIn("4321").catch(() => null);
    expect((await verify(floorPc, { pinCode: "4321", expectedUserId: adaId })).status).toBe(200);
    for (let i = 0; i < 5; i++) await verify(app.client(`203.0.113.${i + 1}`), { pinCode: "0000", expectedUserId: paulaId });
    expect((await verify(app.client("203.0.113.50"), { pinCode: "1111", expectedUserId: paulaId })).status).toBe(429);
    expect((await verify(floorPc, { pinCode: "1111", expectedUserId: paulaId })).status).toBe(200);
  });

  test("a floor PC's budget across members: 15 wrong PINs in 15 minutes, then the PC waits", async () => {
    const floorPc = app.client("10.0.2.8");
    const others = [1, 2, 3].map((i) => addMember(`Extra ${i}`, `500${i}`, []).id);
    for (const id of others) for (let i = 0; i < 5; i++) expect((await verify(floorPc, { pinCode: "0000", expectedUserId: id })).status).toBe(401);
    const res = await verify(floorPc, { pinCode: "1111", expectedUserId: paulaId });
    expect(res.status).toBe(429);
    expect((await res.json()).message).toBe("Too many attempts. Try again in 15 minutes.");
  });

  test("a 200-address sweep of one member for an hour gets 5 PINs per 15 minutes", async () => {
    const t0 = new Date("2031-05-06T08:00:00.000Z");
    let tried = 0;
    let pin = 2000;
    const nextWrongPin = (): string => {
      const p = String(pin++ % 10_000).padStart(4, "0");
      return ["1111", "4321", "2222"].includes(p) ? nextWrongPin() : p;
    };
    // Every 5 simulated minutes, 200 new addresses each try the next PIN for Paula.
    for (let minute = 0; minute < 60; minute += 5) {
      setSystemTime(new Date(t0.getTime() + minute * 60_000));
      const answers = await Promise.all(
        Array.from({ length: 200 }, (_, i) => verify(app.client(`100.64.${minute}.${i + 1}`), { pinCode: nextWrongPin(), expectedUserId: paulaId })),
      );
      tried += answers.filter((r) => r.status === 401).length;
    }
    const perQuarterHour = tried / 4;
    const sweepDays = ((10_000 / perQuarterHour) * 15) / 60 / 24;
    console.log(
      `one member swept from 200 addresses at a time for 1 simulated hour: ${tried} PINs checked (${perQuarterHour} per 15 minutes) → all 10,000 PINs in ${sweepDays.toFixed(1)} days`,
    );
    expect(tried).toBe(4 * 5);
    expect(sweepDays).toBeGreaterThan(7);
  }, 120_000);
});
