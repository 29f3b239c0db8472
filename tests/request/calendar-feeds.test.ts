import { beforeEach, expect, test } from "bun:test";
import { Temporal } from "@js-temporal/polyfill";
import ICAL from "ical.js";
import { noonDaysFrom, zoneDate } from "~/domain/dates";
import { type Client, visibleHtml } from "../helpers/app";
import { seedShop, type Shop } from "../helpers/shop";
import { countStatements } from "../helpers/app";

// Calendar feeds (docs/decisions/0043-calendar-feeds-and-customer-links.md): every feed is read with ical.js, a real
// iCalendar parser, as a calendar app would. Checked: the text is valid (CRLF, lines folded at 75 octets, the
// properties a VEVENT must have), UIDs stay the same across fetches and edits, a step's day is its day in the shop's
// zone across a daylight-saving change, the expected finish is the forecast's instant, a department's feed and a
// member's hold their own steps, names with commas, semicolons, backslashes and emoji come back as typed, and a
// revoked or unknown key, too many requests and a member without the key to Global Settings are refused.

// RFC 7986's NAME and the X-WR-CALNAME calendar apps read are TEXT; ical.js 2 knows neither, so it is told.
for (const name of ["name", "x-wr-calname"]) ICAL.design.icalendar.property[name] = { defaultType: "text" };

const PROJECT_NAME = 'Café, "Bar"; Grill \\ Ünïcödé 🍔🎉 — a long name that is folded across several lines of the feed';
const DEPT = "Install, Fit; Finish 🚀";
const DEPT_VALUE = "install-fit-finish";

type Members = "admin" | "installer" | "operator";
let shop: Shop<Members>;
let admin: Client;
let tz: string;
let ip = 1;
/** Each test's requests to feeds come from their own address, so no test spends another's rate limit. */
const feedClient = () => shop.app.client(`10.43.${Math.floor(ip / 250)}.${(ip++ % 250) + 1}`);

async function setUp(timeZone: string) {
  tz = timeZone;
  shop = await seedShop({
    env: { SHOP_TIMEZONE: timeZone },
    ipBase: "10.42.0",
    members: {
      admin: { name: "Ada", pin: "4321", keys: ["management"] },
      installer: { name: "Ivan, the; installer", pin: "5555", keys: ["installation"] },
      operator: { name: "Otto", pin: "2222", keys: ["production"] },
    },
    departments: ["Production", DEPT],
    categories: [{ name: "Banner", departmentSequence: ["production", DEPT_VALUE] }],
    workflow: { name: "W", departmentSequence: ["production", DEPT_VALUE] },
    projects: [{ name: PROJECT_NAME }, { name: "Bakery" }],
    items: [{ name: "Sign", category: "Banner", department: "production" }],
  });
  admin = shop.clients.admin;
}

beforeEach(() => setUp("America/Chicago"));

/** The project's steps by department: [id, department][]. */
function steps(projectId: number): Map<string, number> {
  const rows = shop.app.db.$client
    .query(
      "SELECT s.id AS id, s.department AS department FROM project_workflow_steps s JOIN project_workflow_instances i ON i.id = s.project_workflow_instance_id WHERE i.project_id = ?",
    )
    .all(projectId) as { id: number; department: string }[];
  return new Map(rows.map((r) => [r.department, r.id]));
}

async function patchStep(id: number, json: Record<string, unknown>) {
  const res = await admin.request(`/api/workflow-steps/${id}`, { method: "PATCH", json });
  expect(res.status).toBe(200);
}

/** A day `days` from today in the shop's zone, 'YYYY-MM-DD'. */
const day = (days: number) => zoneDate(noonDaysFrom(Date.now(), days, tz), tz);

async function makeFeed(subject: string, name = "") {
  const res = await admin.request("/settings/calendars", { method: "POST", form: { intent: "create", subject, name } });
  expect(res.status).toBe(200);
  const html = await visibleHtml(res);
  const link = /(http:\/\/localhost\/calendar\/[A-Za-z0-9_-]+\.ics)/.exec(html)?.[1];
  expect(link).toBeDefined();
  const id = (shop.app.db.$client.query("SELECT max(id) AS id FROM calendar_keys").get() as { id: number }).id;
  return { path: new URL(link!).pathname, id };
}

/** The feed's raw text, checked as RFC 5545 wants it written, and its events as ical.js reads them. */
async function fetchFeed(path: string, client = feedClient()) {
  const res = await client.request(path);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  const text = await res.text();
  expect(text.endsWith("\r\n")).toBe(true);
  const lines = text.slice(0, -2).split("\r\n");
  for (const line of lines) {
    expect(line.includes("\n") || line.includes("\r")).toBe(false);
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(75);
  }
  const comp = new ICAL.Component(ICAL.parse(text));
  expect(comp.name).toBe("vcalendar");
  expect(comp.getFirstPropertyValue("version")).toBe("2.0");
  expect(comp.getFirstPropertyValue("prodid")).toBeTruthy();
  const vevents = comp.getAllSubcomponents("vevent");
  for (const v of vevents) for (const p of ["uid", "dtstamp", "dtstart", "summary"]) expect(v.hasProperty(p)).toBe(true);
  const events = vevents.map((v) => new ICAL.Event(v));
  const uids = events.map((e) => e.uid);
  expect(new Set(uids).size).toBe(uids.length);
  return { text, events, byUid: new Map(events.map((e) => [e.uid, e])) };
}

test("a department's feed: valid iCalendar with its steps, the due dates and the expected finish; UIDs stay the same across fetches and edits", async () => {
  const [projectId, bakeryId] = shop.projectIds as [number, number];
  const install = steps(projectId).get(DEPT_VALUE)!;
  const production = steps(projectId).get("production")!;
  await patchStep(install, { startDate: day(10), endDate: day(12) });
  await patchStep(production, { startDate: day(3), endDate: day(4) });
  await patchStep(steps(bakeryId).get(DEPT_VALUE)!, { startDate: day(20) });
  expect((await admin.request(`/api/projects/${projectId}`, { method: "PATCH", json: { endDate: day(14) } })).status).toBe(200);
  const feed = await makeFeed(`department:${DEPT_VALUE}`);

  const first = await fetchFeed(feed.path);
  const step = first.byUid.get(`step-${install}@localhost`)!;
  expect(step.summary).toBe(`${DEPT}: ${PROJECT_NAME}`);
  expect(step.startDate.isDate).toBe(true);
  expect(step.startDate.toString()).toBe(day(10));
  // DTEND of an all-day event is the day after its last.
  expect(step.endDate.toString()).toBe(day(13));
  expect(first.byUid.get(`step-${steps(bakeryId).get(DEPT_VALUE)}@localhost`)!.startDate.toString()).toBe(day(20));
  // Another department's step is not in this feed.
  expect(first.byUid.has(`step-${production}@localhost`)).toBe(false);
  const due = first.byUid.get(`project-${projectId}-due@localhost`)!;
  expect(due.summary).toBe(`Due: ${PROJECT_NAME}`);
  expect(due.startDate.toString()).toBe(day(14));
  // The forecast's expected finish, as the project's forecast API gives it, to the second.
  const forecast = await (await admin.request(`/api/projects/${projectId}/forecast`)).json();
  expect(forecast.expectedFinish).toBeString();
  const finish = first.byUid.get(`project-${projectId}-finish@localhost`)!;
  expect(finish.startDate.isDate).toBe(false);
  expect(finish.startDate.zone.tzid).toBe("UTC");
  expect(finish.startDate.toJSDate().getTime()).toBe(Math.floor(new Date(forecast.expectedFinish).getTime() / 1000) * 1000);

  // Fetched again: the same UIDs. After edits (new dates, a renamed project): the same UIDs, the new contents.
  const again = await fetchFeed(feed.path);
  expect([...again.byUid.keys()].sort()).toEqual([...first.byUid.keys()].sort());
  await patchStep(install, { startDate: day(15), endDate: day(15) });
  expect((await admin.request(`/api/projects/${projectId}`, { method: "PATCH", json: { name: "Renamed; shop, sign" } })).status).toBe(200);
  const edited = await fetchFeed(feed.path);
  expect([...edited.byUid.keys()].sort()).toEqual([...first.byUid.keys()].sort());
  const moved = edited.byUid.get(`step-${install}@localhost`)!;
  expect(moved.startDate.toString()).toBe(day(15));
  expect(moved.endDate.toString()).toBe(day(16));
  expect(moved.summary).toBe(`${DEPT}: Renamed; shop, sign`);
  // The settings page says when the feed was last fetched.
  const page = await visibleHtml(await admin.request("/settings/calendars"));
  expect(page).toContain(DEPT);
  expect(page).not.toMatch(/data-label="Last fetched"[^>]*>Never/);
});

test("names with commas, semicolons, backslashes, quotes and emoji come back from the parser as typed; long lines are folded without splitting a character", async () => {
  const [projectId] = shop.projectIds as [number];
  await patchStep(steps(projectId).get(DEPT_VALUE)!, { startDate: day(5) });
  const feed = await makeFeed(`department:${DEPT_VALUE}`, "Fitters; vans, 🚐 \\ north");
  const { text, events } = await fetchFeed(feed.path);
  // Folded lines exist (the project's name is long), and every line is whole UTF-8.
  expect(text).toContain("\r\n ");
  expect(events.find((e) => e.summary.startsWith(DEPT))!.summary).toBe(`${DEPT}: ${PROJECT_NAME}`);
  const comp = new ICAL.Component(ICAL.parse(text));
  expect(comp.getFirstPropertyValue("name")).toBe("Shopflow: Fitters; vans, 🚐 \\ north");
  expect(comp.getFirstPropertyValue("x-wr-calname")).toBe("Shopflow: Fitters; vans, 🚐 \\ north");
  // A description's line breaks come back as line breaks.
  expect(events[0]!.description.split("\n").length).toBeGreaterThan(1);
  expect(text).toContain("\\;");
  expect(text).toContain("\\,");
  expect(text).toContain("\\\\");
});

test("a step's day is its day in the shop's zone across a daylight-saving change (Pacific/Auckland), and the expected finish falls on the forecast's date there", async () => {
  await setUp("Pacific/Auckland");
  const [projectId] = shop.projectIds as [number];
  // The next daylight-saving change in Auckland at least two weeks away; the step runs from the day before it to
  // the day after. Noon in Auckland is the previous day in UTC: a day taken in UTC would be a day early.
  let at = Temporal.Now.zonedDateTimeISO(tz).add({ days: 14 });
  at = at.getTimeZoneTransition("next")!;
  const before = at.toPlainDate().subtract({ days: 1 }).toString();
  const after = at.toPlainDate().add({ days: 1 }).toString();
  const install = steps(projectId).get(DEPT_VALUE)!;
  await patchStep(install, { startDate: before, endDate: after });
  expect((await admin.request(`/api/projects/${projectId}`, { method: "PATCH", json: { endDate: at.toPlainDate().toString() } })).status).toBe(200);
  const feed = await makeFeed(`department:${DEPT_VALUE}`);
  const { byUid } = await fetchFeed(feed.path);
  const step = byUid.get(`step-${install}@localhost`)!;
  expect(step.startDate.toString()).toBe(before);
  expect(step.endDate.toString()).toBe(at.toPlainDate().add({ days: 2 }).toString());
  expect(byUid.get(`project-${projectId}-due@localhost`)!.startDate.toString()).toBe(at.toPlainDate().toString());
  const forecast = await (await admin.request(`/api/projects/${projectId}/forecast`)).json();
  const finish = byUid.get(`project-${projectId}-finish@localhost`)!.startDate.toJSDate().getTime();
  expect(zoneDate(finish, tz)).toBe(forecast.expectedFinishDate);
});

test("a member's feed holds the steps they are assigned to (assignee or team), a department's feed its department's; a step reassigned leaves the member's feed", async () => {
  const [projectId, bakeryId] = shop.projectIds as [number, number];
  const { installer } = shop.memberIds;
  const install = steps(projectId).get(DEPT_VALUE)!;
  const bakeryProduction = steps(bakeryId).get("production")!;
  const bakeryInstall = steps(bakeryId).get(DEPT_VALUE)!;
  await patchStep(install, { startDate: day(6), assignedTeamMemberId: installer });
  await patchStep(bakeryProduction, { startDate: day(7) });
  await patchStep(bakeryInstall, { startDate: day(8) });
  const res = await admin.request(`/api/workflow-steps/${bakeryProduction}/assign-team-members`, {
    method: "POST",
    json: { teamMemberIds: [shop.memberIds.operator, installer] },
  });
  expect(res.status).toBeLessThan(300);
  const member = await makeFeed(`member:${installer}`);
  const dept = await makeFeed("department:production");

  const mine = await fetchFeed(member.path);
  const stepUids = (f: typeof mine) => [...f.byUid.keys()].filter((u) => u.startsWith("step-")).sort();
  expect(stepUids(mine)).toEqual([`step-${install}@localhost`, `step-${bakeryProduction}@localhost`].sort());
  // The projects concerned: both, with their expected finish.
  expect(mine.byUid.has(`project-${projectId}-finish@localhost`)).toBe(true);
  const production = await fetchFeed(dept.path);
  expect(stepUids(production)).toEqual([`step-${bakeryProduction}@localhost`]);

  await patchStep(install, { assignedTeamMemberId: shop.memberIds.operator });
  const later = await fetchFeed(member.path);
  expect(stepUids(later)).toEqual([`step-${bakeryProduction}@localhost`]);
  // A feed's name defaults to its subject's.
  expect(visibleHtml(await admin.request("/settings/calendars"))).resolves.toContain("Member: Ivan, the; installer");
});

test("steps long past are left out: a feed reaches 60 days back", async () => {
  const [projectId, bakeryId] = shop.projectIds as [number, number];
  const old = steps(projectId).get(DEPT_VALUE)!;
  const recent = steps(bakeryId).get(DEPT_VALUE)!;
  await patchStep(old, { startDate: day(-90), endDate: day(-61) });
  await patchStep(recent, { startDate: day(-70), endDate: day(-50) });
  const feed = await makeFeed(`department:${DEPT_VALUE}`);
  const { byUid } = await fetchFeed(feed.path);
  expect(byUid.has(`step-${old}@localhost`)).toBe(false);
  expect(byUid.has(`step-${recent}@localhost`)).toBe(true);
});

test("a revoked feed answers 410 and an unknown key 404, without the feed's contents; revoking is management's and audited", async () => {
  const feed = await makeFeed(`department:${DEPT_VALUE}`);
  await fetchFeed(feed.path);
  expect((await shop.clients.operator.request("/settings/calendars", { method: "POST", form: { intent: "revoke", id: String(feed.id) } })).status).toBe(403);
  await fetchFeed(feed.path);
  expect((await admin.request("/settings/calendars", { method: "POST", form: { intent: "revoke", id: String(feed.id) } })).status).toBe(302);
  const gone = await feedClient().request(feed.path);
  expect(gone.status).toBe(410);
  expect(await gone.text()).not.toContain("BEGIN:VCALENDAR");
  const unknown = await feedClient().request("/calendar/not-a-real-key-at-all.ics");
  expect(unknown.status).toBe(404);
  expect((await feedClient().request(feed.path.replace(".ics", ""))).status).toBe(404);
  const audit = shop.app.db.$client.query("SELECT action FROM audit_log WHERE entity = 'calendar-key' ORDER BY id").all() as { action: string }[];
  expect(audit.map((a) => a.action)).toEqual(["create", "revoke"]);
  // Only the key's hash is stored.
  const key = feed.path.slice("/calendar/".length, -".ics".length);
  const stored = shop.app.db.$client.query("SELECT key_hash FROM calendar_keys").all() as { key_hash: string }[];
  expect(stored.every((r) => r.key_hash !== key && r.key_hash.length === 64)).toBe(true);
});

test("only management makes feeds; a feed needs no session, and a member's session opens no feed without its key", async () => {
  const { operator } = shop.clients;
  expect((await operator.request("/settings/calendars")).status).toBe(403);
  expect((await operator.request("/settings/calendars", { method: "POST", form: { intent: "create", subject: `department:${DEPT_VALUE}` } })).status).toBe(403);
  expect(shop.app.db.$client.query("SELECT count(*) AS n FROM calendar_keys").get()).toEqual({ n: 0 });
  expect((await operator.request("/calendar/.ics")).status).toBe(404);
  // A department that does not exist is refused with a message under the field.
  const bad = await admin.request("/settings/calendars", { method: "POST", form: { intent: "create", subject: "department:no-such-place" } });
  expect(bad.status).toBe(400);
  expect(await visibleHtml(bad)).toContain("That department no longer exists");
});

test("too many requests from one address get 429 with Retry-After; another address is still served", async () => {
  const feed = await makeFeed(`department:${DEPT_VALUE}`);
  const greedy = feedClient();
  let status = 200;
  let n = 0;
  for (; n < 40 && status === 200; n++) status = (await greedy.request(feed.path)).status;
  expect(status).toBe(429);
  expect(n).toBe(31);
  const refused = await greedy.request(feed.path);
  expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
  await fetchFeed(feed.path);
});

test("a feed is a fixed number of statements: as many for 2 projects as for 32", async () => {
  const feed = await makeFeed(`department:${DEPT_VALUE}`);
  const client = feedClient();
  const count = async () => {
    await fetchFeed(feed.path, client);
    return countStatements(() => fetchFeed(feed.path, client));
  };
  const few = await count();
  for (let i = 0; i < 30; i++) {
    const res = await admin.request("/api/projects", {
      method: "POST",
      json: { name: `More ${i}`, description: "d", workflowId: shop.workflowId, endDate: day(30 + i) },
    });
    expect(res.status).toBe(201);
    const id = ((await res.json()) as { id: number }).id;
    await patchStep(steps(id).get(DEPT_VALUE)!, { startDate: day(i + 1) });
  }
  const { byUid } = await fetchFeed(feed.path, client);
  expect([...byUid.keys()].filter((u) => u.startsWith("step-")).length).toBe(30);
  expect(await count()).toBe(few);
});

test("until the shop's address is known, the page says feed addresses carry this browser's; once it is saved, a new feed carries the shop's", async () => {
  const before = await visibleHtml(await admin.request("/settings/calendars"));
  expect(before).toContain("Phones need the shop's address");
  expect(before).toContain("feed addresses carry the address this browser uses");
  expect((await admin.request("/api/shop-settings", { method: "PATCH", json: { shopAddress: "http://shop-server:3000" } })).status).toBe(200);
  const after = await visibleHtml(await admin.request("/settings/calendars"));
  expect(after).not.toContain("Phones need the shop's address");
  const res = await admin.request("/settings/calendars", { method: "POST", form: { intent: "create", subject: `department:${DEPT_VALUE}`, name: "" } });
  expect(await visibleHtml(res)).toMatch(/http:\/\/shop-server:3000\/calendar\/[A-Za-z0-9_-]+\.ics/);
});
