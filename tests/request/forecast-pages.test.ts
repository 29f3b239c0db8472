import { beforeEach, describe, expect, test } from "bun:test";
import { auditLog, items, projects, projectWorkflowSteps, projectWorkflowInstances, shopSettings, timerLogs } from "#db/schema";
import { eq } from "drizzle-orm";
import { noonDaysFrom, zoneDate } from "~/domain/dates";
import { type Client, visibleHtml } from "../helpers/app";
import { seedShop } from "../helpers/shop";

// Where the expected finish shows (docs/decisions/0038-finish-date-forecast.md): the project page's sentence, /projects'
// 'At risk' badge and its sort, the Pre-Production Dashboard's and the TV board's 'Late risk', and 'Preview as rush',
// which writes nothing.

const TZ = "America/Chicago";
let shop: Awaited<ReturnType<typeof seedShop<"admin" | "designer">>>;
let admin: Client;
let designer: Client;
let late: number;
let onTime: number;
let empty: number;

/** An end date `days` from today, as the project form sends it. */
const inDays = (days: number) => zoneDate(noonDaysFrom(Date.now(), days, TZ), TZ);

beforeEach(async () => {
  shop = await seedShop({
    env: { SHOP_TIMEZONE: TZ },
    ipBase: "10.38.2",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, designer: { name: "Dee", pin: "1111", keys: ["pre-production"] } },
    departments: ["Pre-Production", "Production"],
    categories: [{ name: "Banner", departmentSequence: ["pre-production", "production"] }],
    workflow: { name: "W", departmentSequence: ["pre-production", "production"] },
    projects: [{ name: "Late Bakery" }, { name: "Roomy Hospital" }, { name: "Empty Gym" }],
    items: [
      { name: "Sign A", category: "Banner", department: "pre-production", project: 0 },
      { name: "Sign B", category: "Banner", department: "pre-production", project: 1 },
    ],
  });
  ({ admin, designer } = shop.clients);
  [late, onTime, empty] = shop.projectIds as [number, number, number];
  for (const [id, endDate] of [
    [late, inDays(-30)],
    [onTime, inDays(60)],
  ] as const) {
    expect((await admin.request(`/api/projects/${id}`, { method: "PATCH", json: { endDate } })).status).toBe(200);
  }
});

/** Dates d with from < d <= to that fall Monday to Friday (the default calendar), counted one by one. */
function weekdaysAfter(from: string, to: string) {
  let n = 0;
  for (let d = new Date(`${from}T12:00:00Z`); ; ) {
    d = new Date(d.getTime() + 86_400_000);
    const iso = d.toISOString().slice(0, 10);
    if (iso > to) return n;
    if (d.getUTCDay() >= 1 && d.getUTCDay() <= 5) n++;
  }
}

describe("the project page", () => {
  test("says when it is expected to finish against the due date, in working days, and what holds it up", async () => {
    const api = await (await admin.request(`/api/projects/${late}/forecast`)).json();
    const html = await visibleHtml(await admin.request(`/projects/${late}`));
    expect(html).toContain(api.text);
    const m = /Expected to finish (\w{3}), (\w{3}) (\d{1,2}) — (\d+) working days? after the due date/.exec(html);
    expect(m, html.slice(0, 300)).not.toBeNull();
    // The count the page gives, checked against the dates themselves.
    expect(Number(m![4])).toBe(weekdaysAfter(api.dueDate, api.expectedFinishDate));
    expect(html).toMatch(/No queue ahead; most of the work left is in Pre-Production|Held up by/);
    expect(html).toContain("How this is worked out");

    const roomy = await visibleHtml(await admin.request(`/projects/${onTime}`));
    expect(roomy).toMatch(/Expected to finish \w{3}, \w{3} \d{1,2} — \d+ working days before the due date/);
    // Nothing left to do: no sentence at all.
    expect(await visibleHtml(await admin.request(`/projects/${empty}`))).not.toContain("Expected to finish");
  });

  test("'Preview as rush' shows the new finish and who would slip, and writes nothing", async () => {
    // Roomy Hospital's item arrived after Late Bakery's: as rush it goes first, and Late Bakery slips.
    const before = snapshot();
    const page = await visibleHtml(await admin.request(`/projects/${onTime}`));
    expect(page).toContain(`href="/projects/${onTime}?preview=rush"`);
    const res = await admin.request(`/projects/${onTime}?preview=rush`);
    expect(res.status).toBe(200);
    const html = await visibleHtml(res);
    expect(html).toContain("If this project were rush (a preview: nothing is saved)");
    expect(/1 other project would finish later:[\s\S]*?<\/ul>/.exec(html)?.[0]).toContain("Late Bakery");
    expect(html).toContain("Close preview");
    expect(snapshot()).toEqual(before);
    expect(shop.app.db.select({ p: projects.priority }).from(projects).where(eq(projects.id, onTime)).get()!.p).toBe("medium");
  });
});

/** Everything a save would touch: projects, items, steps, logs, settings and the audit trail. */
function snapshot() {
  const db = shop.app.db;
  return JSON.stringify([
    db.select().from(projects).all(),
    db.select().from(items).all(),
    db.select().from(projectWorkflowInstances).all(),
    db.select().from(projectWorkflowSteps).all(),
    db.select().from(timerLogs).all(),
    db.select().from(shopSettings).all(),
    db.select().from(auditLog).all(),
  ]);
}

describe("the lists", () => {
  test("/projects: 'At risk' on the late one, its expected finish, and a sort by expected finish", async () => {
    const html = await visibleHtml(await admin.request("/projects"));
    const row = (name: string) => new RegExp(`${name}[\\s\\S]*?</tr>`).exec(html)?.[0] ?? "";
    expect(row("Late Bakery")).toContain("At risk");
    expect(row("Late Bakery")).toMatch(/\w{3}, \w{3} \d{1,2} · \d+ working days? late/);
    expect(row("Roomy Hospital")).not.toContain("At risk");
    expect(row("Roomy Hospital")).toContain("on time");
    const sorted = await visibleHtml(await admin.request("/projects?sort=expectedFinish&dir=asc"));
    const order = ["Late Bakery", "Roomy Hospital", "Empty Gym"].sort((a, b) => sorted.indexOf(a) - sorted.indexOf(b));
    expect(order).toEqual(["Late Bakery", "Roomy Hospital", "Empty Gym"]);
    const reversed = await visibleHtml(await admin.request("/projects?sort=expectedFinish&dir=desc"));
    expect(reversed.indexOf("Roomy Hospital")).toBeLessThan(reversed.indexOf("Late Bakery"));
    expect(reversed.indexOf("Late Bakery")).toBeLessThan(reversed.indexOf("Empty Gym"));
  });

  test("the Pre-Production Dashboard's 'Late risk' lists the member's own late projects", async () => {
    const db = shop.app.db;
    const designerId = shop.memberIds.designer;
    for (const id of [late, onTime]) {
      const step = db
        .select({ id: projectWorkflowSteps.id })
        .from(projectWorkflowSteps)
        .innerJoin(projectWorkflowInstances, eq(projectWorkflowInstances.id, projectWorkflowSteps.projectWorkflowInstanceId))
        .where(eq(projectWorkflowInstances.projectId, id))
        .all()
        .find(Boolean)!;
      expect((await admin.request(`/api/workflow-steps/${step.id}`, { method: "PATCH", json: { assignedTeamMemberId: designerId } })).status).toBe(200);
    }
    const html = await visibleHtml(await designer.request("/pre-production"));
    const section = /Late risk[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(section).toContain("Late Bakery");
    expect(section).not.toContain("Roomy Hospital");
  });

  test("the TV board's 'Late risk' strip", async () => {
    const html = await visibleHtml(await admin.request("/board"));
    const strip = /data-testid="board-late-risk"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(strip).toContain("Late risk (1)");
    expect(strip).toContain("Late Bakery");
  });
});
