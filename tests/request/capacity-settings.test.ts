import { beforeEach, describe, expect, test } from "bun:test";
import { auditLog, departments } from "#db/schema";
import { eq } from "drizzle-orm";
import { dayHoursMessage, hoursMessage, peopleMessage, workingDaysMessage } from "~/schemas/capacity";
import { type Client, visibleHtml } from "../helpers/app";
import { bakery, seedShop } from "../helpers/shop";

// Global Settings → Capacity and calendar and the API fields behind it (docs/decisions/0038-finish-date-forecast.md):
// plain form posts (what a browser without JavaScript sends), audited, refused with readable messages.

const PAGE = "/settings/capacity";
let app: Awaited<ReturnType<typeof seedShop>>["app"];
let admin: Client;
let staff: Client;

beforeEach(async () => {
  const shop = await seedShop({
    ipBase: "10.38.1",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, staff: { name: "Otto", pin: "2222", keys: ["production"] } },
    ...bakery(["Production", "Installation"]),
  });
  ({ app } = shop);
  ({ admin, staff } = shop.clients);
});

const dept = (value: string) => app.db.select().from(departments).where(eq(departments.value, value)).get()!;
const post = (form: Record<string, string>, c = admin) => c.request(PAGE, { method: "POST", form });
const calendarForm = (over: Record<string, string> = {}) => ({ intent: "calendar", workingDays: "1", dayStart: "08:00", dayHours: "8", holidays: "", ...over });
/** A form with several values for one name (the working-day boxes), as a browser posts it. */
const postMany = (pairs: [string, string][]) =>
  admin.request(PAGE, { method: "POST", body: new URLSearchParams(pairs).toString(), headers: { "content-type": "application/x-www-form-urlencoded" } });

describe("the page", () => {
  test("shows the defaults a new shop has, every work department at 1 person, and is linked from Global Settings", async () => {
    const res = await admin.request(PAGE);
    expect(res.status).toBe(200);
    const html = await visibleHtml(res);
    expect(html).toContain("Capacity and calendar");
    expect(html).toContain("Now: Monday to Friday, from 8:00 AM for 8 hours (America/Chicago)");
    expect(html).toMatch(/name="people-\d+"[^>]*value="1"|value="1"[^>]*name="people-\d+"/);
    expect(html).toContain("Production");
    expect(html).toContain("Installation");
    expect(html).toContain("8 h");
    expect(await visibleHtml(await admin.request("/settings"))).toContain(`href="${PAGE}"`);
    // Only management changes Global Settings.
    expect((await staff.request(PAGE)).status).toBe(403);
    expect((await post(calendarForm(), staff)).status).toBe(403);
  });

  test("the calendar form saves the working days, the day and the holidays, audited, and the page shows them", async () => {
    const res = await postMany([
      ["intent", "calendar"],
      ...["1", "2", "3", "4", "5", "6"].map((d): [string, string] => ["workingDays", d]),
      ["dayStart", "07:30"],
      ["dayHours", "9"],
      ["holidays", "2026-12-25\n2026-12-24\n2026-12-25"],
      ["version", "1"],
    ]);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(PAGE);
    const html = await visibleHtml(await admin.request(PAGE));
    expect(html).toContain("Now: Monday to Saturday, from 7:30 AM for 9 hours");
    expect(html).toContain("Thu, Dec 24");
    expect(html).toContain("Fri, Dec 25");
    const settings = await (await staff.request("/api/shop-settings")).json();
    expect(settings).toMatchObject({ workingDays: [1, 2, 3, 4, 5, 6], dayStartMinutes: 450, dayHours: 9, holidays: ["2026-12-24", "2026-12-25"] });
    const audit = app.db.select().from(auditLog).where(eq(auditLog.entity, "shop-settings")).all().at(-1)!;
    expect(audit.after).toMatchObject({ workingDays: [1, 2, 3, 4, 5, 6], dayStartMinutes: 450, dayHours: 9 });
    expect(audit.before).toMatchObject({ workingDays: [1, 2, 3, 4, 5], dayStartMinutes: 480, dayHours: 8, holidays: [] });
  });

  test("a calendar the form refuses: the messages on the page, status 400, nothing saved", async () => {
    const res = await post({ intent: "calendar", dayStart: "25:00", dayHours: "0", holidays: "2026-02-30" });
    expect(res.status).toBe(400);
    const html = await visibleHtml(res);
    expect(html).toContain(workingDaysMessage());
    expect(html).toContain("Enter when the working day starts, e.g. 08:00");
    expect(html).toContain(dayHoursMessage());
    expect(html).toContain("Holidays must be dates written as YYYY-MM-DD, e.g. 2026-12-25 ('2026-02-30' is not one)");
    expect((await (await staff.request("/api/shop-settings")).json()).workingDays).toEqual([1, 2, 3, 4, 5]);
  });

  test("a calendar form opened before someone else's save is refused (409), nothing changes", async () => {
    expect((await post(calendarForm({ version: "1" }))).status).toBe(302);
    const stale = await post(calendarForm({ workingDays: "2", version: "1" }));
    expect(stale.status).toBe(409);
    expect(await visibleHtml(stale)).toContain("These settings were changed by someone else. Reload to see the latest.");
    expect((await (await staff.request("/api/shop-settings")).json()).workingDays).toEqual([1]);
  });

  test("the capacity form saves each department's people and hours, one audit row per department changed", async () => {
    const production = dept("production");
    const installation = dept("installation");
    const res = await post({
      intent: "capacity",
      [`people-${production.id}`]: "3",
      [`hours-${production.id}`]: "6.5",
      [`people-${installation.id}`]: "1",
      [`hours-${installation.id}`]: "",
      [`version-${production.id}`]: String(production.version),
      [`version-${installation.id}`]: String(installation.version),
    });
    expect(res.status).toBe(302);
    expect(dept("production")).toMatchObject({ capacityPeople: 3, capacityHours: 6.5 });
    expect(dept("installation")).toMatchObject({ capacityPeople: 1, capacityHours: null });
    const rows = app.db.select().from(auditLog).where(eq(auditLog.entity, "department")).all();
    const capacityRows = rows.filter((r) => r.action === "update");
    expect(capacityRows).toHaveLength(1);
    expect(capacityRows[0]!.after).toEqual({ capacityPeople: 3, capacityHours: 6.5 });
    const html = await visibleHtml(await admin.request(PAGE));
    expect(html).toContain("19.5 h");
  });

  test("capacity the form refuses: the messages beside the fields, 400, nothing saved; 0 people is allowed", async () => {
    const production = dept("production");
    const installation = dept("installation");
    const bad = await post({ intent: "capacity", [`people-${production.id}`]: "-1", [`people-${installation.id}`]: "1", [`hours-${installation.id}`]: "25" });
    expect(bad.status).toBe(400);
    const html = await visibleHtml(bad);
    expect(html).toContain(peopleMessage());
    expect(html).toContain(hoursMessage());
    expect(dept("production").capacityPeople).toBe(1);
    const none = await post({ intent: "capacity", [`people-${production.id}`]: "1", [`people-${installation.id}`]: "0" });
    expect(none.status).toBe(302);
    expect(await visibleHtml(await admin.request(PAGE))).toContain("None: its items get no expected finish");
  });
});

describe("the API", () => {
  test("PATCH /api/shop-settings takes the calendar; bad values are 400s that say what is wrong", async () => {
    const ok = await admin.request("/api/shop-settings", {
      method: "PATCH",
      json: { workingDays: [5, 1, 2], dayStartMinutes: 420, dayHours: 7.5, holidays: ["2027-01-01"] },
    });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ workingDays: [1, 2, 5], dayStartMinutes: 420, dayHours: 7.5, holidays: ["2027-01-01"] });
    for (const [body, message] of [
      [{ workingDays: [] }, workingDaysMessage()],
      [{ workingDays: [8] }, "Working days are weekday numbers, 1 (Monday) to 7 (Sunday)"],
      [{ dayHours: 0 }, dayHoursMessage()],
      [{ dayHours: "eight" }, dayHoursMessage()],
      [{ dayStartMinutes: 1440 }, "The day's start must be minutes after midnight, 0 to 1439"],
      [{ holidays: ["12/25/2026"] }, "Holidays must be dates written as YYYY-MM-DD, e.g. 2026-12-25 ('12/25/2026' is not one)"],
    ] as const) {
      const res = await admin.request("/api/shop-settings", { method: "PATCH", json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
  });

  test("the department API takes people and hours; bad values are 400s", async () => {
    const production = dept("production");
    const ok = await admin.request(`/api/departments/${production.id}`, { method: "PATCH", json: { capacityPeople: 2, capacityHours: 10 } });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ capacityPeople: 2, capacityHours: 10 });
    const created = await admin.request("/api/departments", { method: "POST", json: { name: "Paint" } });
    expect(await created.json()).toMatchObject({ capacityPeople: 1, capacityHours: null });
    for (const [body, message] of [
      [{ capacityPeople: 1.5 }, peopleMessage()],
      [{ capacityPeople: -1 }, peopleMessage()],
      [{ capacityHours: 24.5 }, hoursMessage()],
      [{ capacityHours: "all day" }, hoursMessage()],
    ] as const) {
      const res = await admin.request(`/api/departments/${production.id}`, { method: "PATCH", json: body });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect((await res.json()).message).toBe(message);
    }
  });
});
