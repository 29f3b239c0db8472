import { afterEach, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { sql } from "drizzle-orm";
import { auditLog, sessions } from "#db/schema";
import { addMember, createApp, hooks } from "../helpers/app";

const { updateTeamMember } = hooks;

let app: ReturnType<typeof createApp>;
let adminId: number;

beforeEach(() => {
  app = createApp();
  adminId = addMember("Ada Admin", "4321", ["management"]).id;
  addMember("Paula Pre", "1111", ["pre-production"]);
  addMember("Ivan Inactive", "2222", ["production"], false);
});

afterEach(() => setSystemTime());

const verify = (c: ReturnType<typeof app.client>, body: unknown) => c.request("/api/auth/verify-pin", { method: "POST", json: body });

describe("POST /api/auth/verify-pin", () => {
  test("correct PIN: 200, the signed-in user fields and an httpOnly session cookie", async () => {
    const c = app.client();
    const res = await verify(c, { pinCode: "4321" });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toEqual({
      id: adminId,
      name: "Ada Admin",
      email: null,
      department: null,
      subdepartment: null,
      skills: [],
      accessibleDepartments: ["management"],
      language: null,
    });
    const cookie = res.headers.getSetCookie().find((c) => c.startsWith("shopflow_session="))!;
    expect(cookie).toContain("HttpOnly");
    expect(cookie).toContain("SameSite=Lax");
    expect(JSON.stringify(body)).not.toContain("4321");
  });

  test("wrong PIN: 401 with a message", async () => {
    const res = await verify(app.client(), { pinCode: "9999" });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Invalid PIN code" });
  });

  test("an inactive member's PIN does not sign in", async () => {
    expect((await verify(app.client(), { pinCode: "2222" })).status).toBe(401);
  });

  test("expectedUserId of another member: 401 'PIN does not match the selected team member'", async () => {
    const res = await verify(app.client(), { pinCode: "1111", expectedUserId: adminId });
    expect(res.status).toBe(401);
    expect((await res.json()).message).toBe("PIN does not match the selected team member");
    expect((await verify(app.client(), { pinCode: "4321", expectedUserId: adminId })).status).toBe(200);
  });

  test.each([[{}], [{ pinCode: "12" }], [{ pinCode: "12345" }], [{ pinCode: "12a4" }], [{ pinCode: null }]])(
    "bad body %j: 400 'Please enter a 4-digit PIN'",
    async (body) => {
      const res = await verify(app.client(), body);
      expect(res.status).toBe(400);
      const json = await res.json();
      expect(json.message).toBe("Please enter a 4-digit PIN");
      expect(Array.isArray(json.issues)).toBe(true);
    },
  );

  test("a body that is not JSON: 400, not 500", async () => {
    const res = await app.client().request("/api/auth/verify-pin", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{not json",
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("The request body must be valid JSON");
  });

  test("GET is not a sign-in: 405 JSON", async () => {
    const res = await app.client().request("/api/auth/verify-pin");
    expect(res.status).toBe(405);
  });

  test("every failure is written to the audit log", async () => {
    await verify(app.client(), { pinCode: "9999" });
    const rows = app.db.select().from(auditLog).where(sql`action = 'login-failed'`).all();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.ip).toBe("10.0.0.1");
  });
});

describe("throttling", () => {
  test("the 6th wrong PIN from one address within 5 minutes: 429 with Retry-After", async () => {
    const c = app.client("10.9.9.9");
    for (let i = 0; i < 5; i++) expect((await verify(c, { pinCode: "0000" })).status).toBe(401);
    const res = await verify(c, { pinCode: "0000" });
    expect(res.status).toBe(429);
    const retry = Number(res.headers.get("Retry-After"));
    expect(retry).toBeGreaterThan(240);
    expect(retry).toBeLessThanOrEqual(300);
    expect((await res.json()).message).toBe("Too many attempts. Try again in 5 minutes.");
    // Locked out means locked out, even with the right PIN...
    expect((await verify(c, { pinCode: "4321" })).status).toBe(429);
    // ...but only for that address.
    expect((await verify(app.client("10.9.9.10"), { pinCode: "4321" })).status).toBe(200);
  });

  test("'Try again in N minutes' counts down to 'Try again in 1 minute.'", async () => {
    const t0 = new Date("2031-05-05T08:00:00.000Z");
    setSystemTime(t0);
    const c = app.client("10.9.9.8");
    for (let i = 0; i < 5; i++) expect((await verify(c, { pinCode: "0000" })).status).toBe(401);
    setSystemTime(new Date(t0.getTime() + 3 * 60_000 + 30_000));
    expect((await (await verify(c, { pinCode: "0000" })).json()).message).toBe("Too many attempts. Try again in 2 minutes.");
    setSystemTime(new Date(t0.getTime() + 4 * 60_000 + 30_000));
    const last = await verify(c, { pinCode: "0000" });
    expect(last.status).toBe(429);
    expect((await last.json()).message).toBe("Too many attempts. Try again in 1 minute.");
  });

  test("failures older than 5 minutes no longer count", async () => {
    const c = app.client("10.8.8.8");
    for (let i = 0; i < 5; i++) await verify(c, { pinCode: "0000" });
    app.db.run(sql`UPDATE login_attempts SET at = at - ${5 * 60_000 + 1000}`);
    expect((await verify(c, { pinCode: "4321" })).status).toBe(200);
  });

  test("the no-JavaScript login form shares the same lock", async () => {
    const c = app.client("10.7.7.7");
    for (let i = 0; i < 5; i++) await verify(c, { pinCode: "0000" });
    const res = await c.request("/login?_data", { method: "POST", form: { pinCode: "4321" } });
    expect(res.status).toBe(429);
  });
});

describe("sessions", () => {
  test("the cookie signs the user in on later requests (a reload keeps the session)", async () => {
    const c = app.client();
    await c.signIn("1111");
    const res = await c.request("/api/team-members");
    expect(res.status).toBe(200);
  });

  test("POST /api/auth/logout ends the session", async () => {
    const c = app.client();
    await c.signIn("1111");
    const token = c.cookies().get("shopflow_session")!;
    const res = await c.request("/api/auth/logout", { method: "POST" });
    expect(res.status).toBe(200);
    expect(app.db.select().from(sessions).all()).toHaveLength(0);
    // The old cookie is dead even if a client kept it.
    const again = await app.client().request("/api/team-members", { headers: { cookie: `shopflow_session=${token}` } });
    expect(again.status).toBe(401);
  });

  test("POST /logout (the header's button) ends the session and returns to /", async () => {
    const c = app.client();
    await c.signIn("1111");
    const res = await c.request("/logout", { method: "POST" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    expect((await c.request("/api/team-members")).status).toBe(401);
  });

  test("a GET of /logout changes nothing", async () => {
    const c = app.client();
    await c.signIn("1111");
    await c.request("/logout");
    expect((await c.request("/api/team-members")).status).toBe(200);
  });

  test("a session idle longer than SESSION_IDLE_MINUTES ends", async () => {
    const c = app.client();
    await c.signIn("1111");
    app.db.run(sql`UPDATE sessions SET last_seen_at = last_seen_at - ${721 * 60_000}`);
    expect((await c.request("/api/team-members")).status).toBe(401);
    expect(app.db.select().from(sessions).all()).toHaveLength(0);
  });

  test("changing a member's PIN or access, or deactivating them, ends their sessions", async () => {
    for (const patch of [{ pinCode: "5555" }, { accessibleDepartments: ["production"] }, { isActive: false }]) {
      app = createApp();
      const m = addMember("Paula Pre", "1111", ["pre-production"]);
      const c = app.client();
      await c.signIn("1111");
      updateTeamMember(m.id, patch, { id: null, name: "test" });
      expect((await c.request("/api/team-members")).status).toBe(401);
    }
  });

  test("a forged cookie is no session", async () => {
    const res = await app.client().request("/api/team-members", {
      headers: { cookie: "shopflow_session=" + "A".repeat(43) },
    });
    expect(res.status).toBe(401);
  });
});

describe("GET /api/team-members", () => {
  test("401 without a session", async () => {
    const res = await app.client().request("/api/team-members");
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ message: "Authentication required" });
  });

  test("with a session: every member, with isActive and accessibleDepartments, never a PIN or hash", async () => {
    const c = app.client();
    await c.signIn("1111");
    const res = await c.request("/api/team-members");
    const text = await res.text();
    const list = JSON.parse(text);
    expect(list.map((m: { name: string }) => m.name)).toEqual(["Ada Admin", "Ivan Inactive", "Paula Pre"]);
    for (const m of list) {
      expect(m.hasPin).toBe(true);
      expect(m).not.toHaveProperty("pinCode");
      expect(m).not.toHaveProperty("pinHash");
      expect(typeof m.isActive).toBe("boolean");
      expect(Array.isArray(m.accessibleDepartments)).toBe(true);
    }
    for (const pin of ["4321", "1111", "2222"]) expect(text).not.toContain(pin);
  });
});
