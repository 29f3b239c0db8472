import { beforeEach, expect, test } from "bun:test";
import { auditLog } from "#db/schema";
import { addMember, createApp, type Client, hooks } from "../helpers/app";

const { getShopSettings } = hooks;

// The shop's run-time settings: one row every sign-in and label reads; management changes it, audited, and a
// save over someone else's is refused.

let app: ReturnType<typeof createApp>;
let admin: Client;
let staff: Client;

beforeEach(async () => {
  app = createApp();
  addMember("Ada", "4321", ["management"]);
  addMember("Otto", "2222", ["production"]);
  admin = app.client("10.9.0.1");
  staff = app.client("10.9.0.2");
  await admin.signIn("4321");
  await staff.signIn("2222");
});

test("a new shop signs in with the PIN alone and has no shop address yet", async () => {
  const res = await staff.request("/api/shop-settings");
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    signInMode: "pin",
    shopAddress: null,
    workingDays: [1, 2, 3, 4, 5],
    dayStartMinutes: 480,
    dayHours: 8,
    holidays: [],
    timeZone: "America/Chicago",
    pauseAtDayEnd: true,
    importDayFirst: null,
    version: 1,
  });
  expect((await app.client("10.9.0.9").request("/api/shop-settings")).status).toBe(401);
});

test("the end-of-day pause and the import's date order are set through the API as on their pages", async () => {
  const patch = (json: unknown) => admin.request("/api/shop-settings", { method: "PATCH", json });
  let res = await patch({ pauseAtDayEnd: false, importDayFirst: true });
  expect(res.status).toBe(200);
  expect(await res.json()).toMatchObject({ pauseAtDayEnd: false, importDayFirst: true, version: 2 });
  res = await patch({ importDayFirst: null });
  expect(await res.json()).toMatchObject({ pauseAtDayEnd: false, importDayFirst: null });
  res = await patch({ pauseAtDayEnd: "no" });
  expect(res.status).toBe(400);
  expect((await res.json()).message).toBe("pauseAtDayEnd must be true or false");
  expect((await staff.request("/api/shop-settings", { method: "PATCH", json: { pauseAtDayEnd: true } })).status).toBe(403);
});

test("management changes the sign-in mode and the shop address; each change is audited", async () => {
  const res = await admin.request("/api/shop-settings", { method: "PATCH", json: { signInMode: "name-then-pin", shopAddress: "http://shop-server:3000/" } });
  expect(res.status).toBe(200);
  expect(await res.json()).toEqual({
    signInMode: "name-then-pin",
    shopAddress: "http://shop-server:3000",
    workingDays: [1, 2, 3, 4, 5],
    dayStartMinutes: 480,
    dayHours: 8,
    holidays: [],
    timeZone: "America/Chicago",
    pauseAtDayEnd: true,
    importDayFirst: null,
    version: 2,
  });
  expect(getShopSettings().signInMode).toBe("name-then-pin");
  const rows = app.db
    .select()
    .from(auditLog)
    .all()
    .filter((r) => r.entity === "shop-settings");
  expect(rows).toHaveLength(1);
  expect(rows[0]!.after).toEqual({ signInMode: "name-then-pin", shopAddress: "http://shop-server:3000" });
  // Only what is sent changes; null forgets the address.
  const cleared = await (await admin.request("/api/shop-settings", { method: "PATCH", json: { shopAddress: null } })).json();
  expect(cleared).toEqual({
    signInMode: "name-then-pin",
    shopAddress: null,
    workingDays: [1, 2, 3, 4, 5],
    dayStartMinutes: 480,
    dayHours: 8,
    holidays: [],
    timeZone: "America/Chicago",
    pauseAtDayEnd: true,
    importDayFirst: null,
    version: 3,
  });
});

test("others are refused, bad values are explained, a stale version is refused", async () => {
  const refused = await staff.request("/api/shop-settings", { method: "PATCH", json: { signInMode: "name-then-pin" } });
  expect(refused.status).toBe(403);
  const bad = await admin.request("/api/shop-settings", { method: "PATCH", json: { signInMode: "face-id" } });
  expect(bad.status).toBe(400);
  expect((await bad.json()).message).toBe("Sign in mode must be one of pin, name-then-pin.");
  for (const shopAddress of ["shop-server", "ftp://shop", "http://user:pw@shop", "http://shop/?x=1", "javascript:alert(1)"]) {
    const r = await admin.request("/api/shop-settings", { method: "PATCH", json: { shopAddress } });
    expect(r.status).toBe(400);
    expect((await r.json()).message).toStartWith("Enter the shop's address as http://");
  }
  const stale = await admin.request("/api/shop-settings", { method: "PATCH", json: { signInMode: "pin", version: 7 } });
  expect(stale.status).toBe(409);
  expect((await admin.request("/api/shop-settings", { method: "POST", json: {} })).status).toBe(405);
  expect(getShopSettings().version).toBe(1);
});
