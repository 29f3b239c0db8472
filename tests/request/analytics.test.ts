import { beforeEach, describe, expect, test } from "bun:test";
import * as schema from "#db/schema";
import { rangeOrderMessage } from "~/schemas/analytics";
import { noonDaysFrom, startOfZoneDay, zoneDate } from "~/domain/dates";
import { type createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { seedShop } from "../helpers/shop";

const { endTimer, startTimer, getDb } = hooks;

// Flow analytics: /analytics and its CSV downloads over HTTP, on a shop whose timers ran at known
// times (the timer model's own start and stop, with the clock given), so every figure can be checked by hand.

const TZ = "America/Chicago";
const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

let app: ReturnType<typeof createApp>;
let admin: Client;
let pm: Client;
let operator: Client;
let workflowId: number;
const actor = { id: null, name: "test" };
// Forty days ago at 10:00 in the shop: every session below sits between it and now.
// Calendar days in the shop's zone (noonDaysFrom), not 24-hour steps: across a clock change near midnight, 40 × 24 h
// lands on another date.
const base = startOfZoneDay(noonDaysFrom(Date.now(), -40, TZ), TZ) + 10 * HOUR;
const from = zoneDate(base - 2 * DAY, TZ);
const to = zoneDate(Date.now(), TZ);
const range = `from=${from}&to=${to}`;

async function project(name: string) {
  const res = await admin.request("/api/projects", { method: "POST", json: { name, description: "d", workflowId } });
  expect(res.status).toBe(201);
  return (await res.json()).id as number;
}
async function item(projectId: number, name: string) {
  const res = await admin.request("/api/items", { method: "POST", json: { name, category: "Banner", projectId } });
  expect(res.status).toBe(201);
  return (await res.json()).id as number;
}
/** The item's sessions, one per department in order: [start, stop] times (stop null: still running). */
function work(id: number, sessions: [number, number | null][]) {
  for (const [start, stop] of sessions) {
    startTimer(id, actor, start);
    if (stop !== null) endTimer(id, actor, stop);
  }
}
/** Sets the end date of the project's last step (what 'on time' is judged against). */
async function due(projectId: number, day: string) {
  const [instance] = await (await admin.request(`/api/projects/${projectId}/workflow-instances`)).json();
  const steps = (await (await admin.request(`/api/workflow-instances/${instance.id}/steps`)).json()) as { id: number }[];
  const res = await admin.request(`/api/workflow-steps/${steps.at(-1)!.id}`, { method: "PATCH", json: { endDate: day } });
  expect(res.status).toBe(200);
}

beforeEach(async () => {
  const seq = ["pre-production", "production", "installation"];
  ({
    app,
    clients: { admin, pm, operator },
    workflowId,
  } = await seedShop({
    env: { SHOP_TIMEZONE: TZ },
    ipBase: "10.20.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      pm: { name: "Pat Planner", pin: "3333", keys: ["project-management"] },
      operator: { name: "Otto Operator", pin: "2222", keys: ["production"] },
    },
    departments: ["Pre-Production", "Production", "Installation"].map((name) => ({ name, isMachine: false })),
    categories: [{ name: "Banner", departmentSequence: seq }],
    workflow: { name: "Banner flow", departmentSequence: seq },
  }));
});

describe("who may open it", () => {
  test("management and project management; others are refused, signed-out visitors sent to sign in", async () => {
    expect((await admin.request("/analytics")).status).toBe(200);
    expect((await pm.request("/analytics")).status).toBe(200);
    expect((await operator.request("/analytics")).status).toBe(403);
    expect((await app.client("10.20.0.9").request("/analytics")).status).not.toBe(200);
    expect((await operator.request(`/analytics/departments.csv?${range}`)).status).toBe(403);
    expect((await app.client("10.20.0.9").request(`/analytics/departments.csv?${range}`)).status).toBe(401);
  });

  test("an empty shop says so and offers a wider range", async () => {
    const html = await visibleHtml(await admin.request("/analytics"));
    expect(html).toContain("No work was timed in this range");
    expect(html).toContain("Show the last 12 months");
  });
});

describe("figures", () => {
  let p1: number;
  let a: number;
  let b: number;
  let c: number;

  beforeEach(async () => {
    p1 = await project("Bakery Sign");
    [a, b, c] = [await item(p1, "Fascia"), await item(p1, "Window vinyl"), await item(p1, "Door decal")];
    // Pre-production 1 h, wait 2 d, production 1 h, wait 1 h, installation 30 min (finished).
    work(a, [
      [base, base + HOUR],
      [base + HOUR + 2 * DAY, base + 2 * HOUR + 2 * DAY],
      [base + 3 * HOUR + 2 * DAY, base + 3.5 * HOUR + 2 * DAY],
    ]);
    // Waits 4 d and 2 h; still running in installation.
    work(b, [
      [base, base + 30 * MIN],
      [base + 30 * MIN + 4 * DAY, base + 150 * MIN + 4 * DAY],
      [base + 270 * MIN + 4 * DAY, null],
    ]);
    // Waits 3 d and 30 min; finished.
    work(c, [
      [base, base + 20 * MIN],
      [base + 20 * MIN + 3 * DAY, base + 80 * MIN + 3 * DAY],
      [base + 110 * MIN + 3 * DAY, base + 130 * MIN + 3 * DAY],
    ]);
  });

  test("the timer model writes each start's wait and each final stop's finish", async () => {
    const logs = getDb()
      .select()
      .from(schema.timerLogs)
      .all()
      .filter((l) => l.itemId === a);
    expect(logs.map((l) => [l.action, l.department, l.waitSeconds, l.finished])).toEqual([
      ["start", "pre-production", null, false],
      ["stop", "pre-production", null, false],
      ["start", "production", 2 * 86400, false],
      ["stop", "production", null, false],
      ["start", "installation", 3600, false],
      ["stop", "installation", null, true],
    ]);
    // A restart in the same department (after Reopen: that stop finished the item) is not a wait between departments.
    expect((await pm.request(`/api/items/${a}/reopen`, { method: "POST" })).status).toBe(200);
    startTimer(a, actor, base + 10 * DAY);
    const last = getDb().select().from(schema.timerLogs).all().at(-1)!;
    expect([last.action, last.department, last.waitSeconds]).toEqual(["start", "installation", null]);
  });

  test("hands-on and waiting time per department, the bottleneck named, work in progress", async () => {
    const html = await visibleHtml(await pm.request(`/analytics?${range}`));
    // Production waits: 2 d, 3 d, 4 d → median 3 d. Installation: 30 min, 1 h, 2 h → median 1 h.
    expect(html).toContain("Bottleneck: Production.");
    expect(html).toMatch(/Items waited a median of <span[^>]*>3d 0h<\/span>/);
    const row = (name: string) => html.slice(html.indexOf(`>${name}`), html.indexOf("</tr>", html.indexOf(`>${name}`)));
    const production = row("Production<span");
    // Hands-on 1 h + 2 h + 1 h = 4 h over 3 sessions; median wait 3 d, average 3 d; 3 hand-offs.
    expect(production).toContain(">4h 0m<");
    expect(production).toContain(">3d 0h<");
    const installation = row("Installation</th>");
    expect(installation).toContain(">50m 0s<"); // 30 min + 20 min of finished sessions
    expect(installation).toContain(">1h 0m<"); // median wait
    // Now: b runs in installation; a and c finished there, so they are not work in progress.
    expect(installation).toMatch(/>0<\/td><td[^>]*>1<\/td>$/);
    expect(html).toContain("Bottleneck</span>");
    // Two items finished; the totals strip counts them.
    expect(html).toMatch(/Items finished<\/dt><dd[^>]*>2</);
  });

  test("the date range in the URL bounds every figure", async () => {
    // A range that ends before any work: nothing to show.
    const early = await visibleHtml(await pm.request(`/analytics?from=${zoneDate(base - 20 * DAY, TZ)}&to=${zoneDate(base - 10 * DAY, TZ)}`));
    expect(early).toContain("No work was timed in this range");
    // Only the first day: a's, b's and c's pre-production sessions, no hand-off yet.
    const first = await visibleHtml(await pm.request(`/analytics?from=${zoneDate(base, TZ)}&to=${zoneDate(base, TZ)}`));
    expect(first).toContain("No bottleneck to name");
    expect(first).toMatch(/Hands-on time<\/dt><dd[^>]*>1h 50m</);
    expect(first).toContain(`value="${zoneDate(base, TZ)}"`);
  });

  test("a wrong range is explained and the last 30 days shown instead", async () => {
    const swapped = await visibleHtml(await pm.request(`/analytics?from=${to}&to=${from}`));
    expect(swapped).toContain(rangeOrderMessage());
    expect(swapped).toContain('role="alert"');
    // The fields show the range the figures are for (the last 30 days), the refused one is named in the sentence.
    const shown = { from: zoneDate(noonDaysFrom(Date.now(), -29, TZ), TZ), to: zoneDate(Date.now(), TZ) };
    const day = (d: string) =>
      new Intl.DateTimeFormat("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" }).format(new Date(`${d}T12:00:00Z`));
    expect(swapped).toMatch(new RegExp(`id="from"[^>]*value="${shown.from}"`));
    expect(swapped).toMatch(new RegExp(`id="to"[^>]*value="${shown.to}"`));
    expect(swapped).not.toMatch(new RegExp(`id="from"[^>]*value="${to}"`));
    expect(swapped).toContain(`${rangeOrderMessage()} ${day(to)} – ${day(from)} was not applied: showing ${day(shown.from)} – ${day(shown.to)} instead.`);
    const impossible = await visibleHtml(await pm.request("/analytics?from=2026-02-30&to=2026-03-02"));
    expect(impossible).toContain("Enter a real calendar date.");
    const junk = await pm.request("/analytics?from=yesterday&to=%3Cscript%3E");
    expect(junk.status).toBe(200);
    expect(await visibleHtml(junk)).toContain('Enter a date as YYYY-MM-DD. "yesterday" – "&lt;script&gt;" was not applied');
    expect((await pm.request("/analytics/departments.csv?from=2026-03-02&to=2026-03-01")).status).toBe(400);
  });

  test("items finished per day, per week for a longer range", async () => {
    const daily = await visibleHtml(await pm.request(`/analytics?${range}`));
    expect(daily).toContain("Items finished per day");
    // The chart is one image with a title and every day's value for a screen reader.
    expect(daily).toMatch(/<svg[^>]*role="img"[^>]*><title[^>]*>Items finished per day: 2 items in all<\/title><desc/);
    const weekly = await visibleHtml(await pm.request(`/analytics?from=${zoneDate(base - 120 * DAY, TZ)}&to=${to}`));
    expect(weekly).toContain("Items finished per week");
    expect(weekly).toContain("Week of ");
    const csv = await (await pm.request(`/analytics/finished.csv?${range}`)).text();
    const lines = csv
      .replace(/^\uFEFF/, "")
      .trim()
      .split("\r\n");
    expect(lines[0]).toBe("Day,Items finished");
    expect(lines).toHaveLength(1 + 43);
    expect(lines.slice(1).reduce((s, l) => s + Number(l.split(",")[1]), 0)).toBe(2);
  });

  test("projects on time, late and overdue against their last step's end date", async () => {
    // Bakery Sign: due 5 days after the start, b never finished → overdue.
    await due(p1, zoneDate(base + 5 * DAY, TZ));
    // On time: its one item finished the day before it was due.
    const p2 = await project("Gym Banner");
    work(await item(p2, "Banner"), [
      [base + DAY, base + DAY + HOUR],
      [base + DAY + 2 * HOUR, base + DAY + 3 * HOUR],
      [base + DAY + 4 * HOUR, base + DAY + 5 * HOUR],
    ]);
    await due(p2, zoneDate(base + 2 * DAY, TZ));
    // Late, with a name a spreadsheet would run as a formula.
    const p3 = await project('=HYPERLINK("http://evil.example","Click")');
    work(await item(p3, "Sign"), [
      [base + 6 * DAY, base + 6 * DAY + HOUR],
      [base + 6 * DAY + 2 * HOUR, base + 6 * DAY + 3 * HOUR],
      [base + 6 * DAY + 4 * HOUR, base + 6 * DAY + 5 * HOUR],
    ]);
    await due(p3, zoneDate(base + 3 * DAY, TZ));

    const html = await visibleHtml(await pm.request(`/analytics?${range}`));
    expect(html).toContain("On time: <span");
    expect(html).toMatch(/On time: <span[^>]*>1</);
    expect(html).toMatch(/Finished late: <span[^>]*>1</);
    expect(html).toMatch(/Overdue, unfinished: <span[^>]*>1</);
    expect(html).toContain("2 of 3 items finished");
    expect(html).toContain(`href="/projects/${p1}"`);

    const res = await pm.request(`/analytics/projects.csv?${range}`);
    expect(res.headers.get("content-type")).toContain("text/csv");
    expect(res.headers.get("content-disposition")).toContain(`shopflow-projects-${from}-to-${to}.csv`);
    const csv = await res.text();
    expect(csv).toContain(`${p3},"'=HYPERLINK(""http://evil.example"",""Click"")"`);
    expect(csv).toContain(`${p2},Gym Banner,${zoneDate(base + 2 * DAY, TZ)},on-time,1,1,${zoneDate(base + DAY + 5 * HOUR, TZ)}`);
    expect(csv).toContain(`${p1},Bakery Sign,${zoneDate(base + 5 * DAY, TZ)},overdue,3,2,`);
  });

  test("departments CSV: raw seconds a spreadsheet can sum", async () => {
    const csv = (await (await pm.request(`/analytics/departments.csv?${range}`)).text()).replace(/^\uFEFF/, "");
    const [head, ...rows] = csv.trim().split("\r\n");
    expect(head).toBe(
      "Department,Hands-on seconds,Sessions,Median session seconds,Hand-offs,Median wait seconds,Average wait seconds,Waiting now,Running now,Bottleneck",
    );
    expect(rows).toContain("Production,14400,3,3600,3,259200,259200,0,0,yes");
    expect(rows).toContain("Installation,3000,2,1500,3,3600,4200,0,1,");
    expect(rows[0]).toBe("Pre-Production,6600,3,1800,0,,,0,0,");
  });

  test("machines: files completed in the range and their median processing time", async () => {
    expect((await admin.request("/api/departments", { method: "POST", json: { name: "HP Latex", isMachine: true } })).status).toBe(201);
    const db = getDb();
    for (const [k, seconds] of [600, 1200, 3000].entries()) {
      db.insert(schema.machineReadyFiles)
        .values({
          name: `F${k}`,
          fileName: `f${k}.pdf`,
          machine: "hp-latex",
          isCompleted: true,
          completedAt: new Date(base + k * HOUR),
          processingTimeSeconds: seconds,
        })
        .run();
    }
    // Completed long before the range: not counted.
    db.insert(schema.machineReadyFiles)
      .values({ name: "Old", fileName: "old.pdf", machine: "hp-latex", isCompleted: true, completedAt: new Date(base - 300 * DAY), processingTimeSeconds: 99 })
      .run();
    const html = await visibleHtml(await pm.request(`/analytics?${range}`));
    expect(html).toMatch(/>HP Latex<\/th><td[^>]*>3<\/td><td[^>]*>20m 0s</);
    const csv = await (await pm.request(`/analytics/machines.csv?${range}`)).text();
    expect(csv).toContain("HP Latex,3,1200");
  });

  test("unknown CSV tables are 404", async () => {
    expect((await pm.request(`/analytics/secrets.csv?${range}`)).status).toBe(404);
  });
});
