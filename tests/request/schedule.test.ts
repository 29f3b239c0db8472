import { beforeEach, describe, expect, test } from "bun:test";
import { noonDaysFrom, zoneDate } from "~/domain/dates";
import { parse } from "papaparse";
import { type createApp, visibleHtml, type Client } from "../helpers/app";
import { seedShop } from "../helpers/shop";

// /schedule and its CSVs over HTTP (docs/decisions/0040-schedule.md): who may open it, the booked days and the
// projects at risk with why, with JavaScript off (the page is drawn on the server) as a browser would get it.

const TZ = "America/Chicago";
let app: ReturnType<typeof createApp>;
let admin: Client;
let pm: Client;
let operator: Client;
let projectIds: number[];

beforeEach(async () => {
  const seq = ["production", "installation"];
  ({
    app,
    clients: { admin, pm, operator },
    projectIds,
  } = await seedShop({
    env: { SHOP_TIMEZONE: TZ },
    ipBase: "10.30.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      pm: { name: "Pat Planner", pin: "3333", keys: ["project-management"] },
      operator: { name: "Otto Operator", pin: "2222", keys: ["production"] },
    },
    departments: ["Production", "Installation"].map((name) => ({ name, isMachine: false })),
    categories: [{ name: "Banner", departmentSequence: seq }],
    workflow: { name: "Banner flow", departmentSequence: seq },
    projects: [{ name: "Bakery front", priority: "high" }, { name: '=HYPERLINK("x")' }],
  }));
});

/** Gives the project a due date `days` calendar days from today and `count` items waiting in `department`. */
async function load(projectId: number, days: number, count: number, department: string) {
  const endDate = zoneDate(noonDaysFrom(Date.now(), days, TZ), TZ);
  const res = await admin.request(`/api/projects/${projectId}`, { method: "PATCH", json: { endDate } });
  expect(res.status).toBe(200);
  for (let i = 0; i < count; i++) {
    const r = await admin.request("/api/items", { method: "POST", json: { name: `Panel ${i}`, category: "Banner", projectId, department } });
    expect(r.status).toBe(201);
  }
}

describe("who may open it", () => {
  test("management and project management; others are refused with the reason, signed-out visitors asked to sign in", async () => {
    expect((await admin.request("/schedule")).status).toBe(200);
    expect((await pm.request("/schedule")).status).toBe(200);
    const refused = await operator.request("/schedule");
    expect(refused.status).toBe(403);
    expect(await visibleHtml(refused)).toContain("The schedule needs the Project Management key.");
    expect((await app.client("10.30.0.9").request("/schedule")).status).toBe(401);
    for (const table of ["load", "at-risk"]) {
      expect((await operator.request(`/schedule/${table}.csv`)).status).toBe(403);
      expect((await app.client("10.30.0.9").request(`/schedule/${table}.csv`)).status).toBe(401);
    }
  });

  test("the menu and Home lead there for those who may open it", async () => {
    expect(await (await pm.request("/")).text()).toContain('href="/schedule"');
    expect(await (await operator.request("/")).text()).not.toContain('href="/schedule"');
  });
});

describe("the schedule", () => {
  test("a quiet shop: fifteen working days, nothing overloaded, no project at risk", async () => {
    const res = await pm.request("/schedule");
    const text = await visibleHtml(res);
    expect(text).toContain("No department is booked past its capacity in the next 15 working days.");
    expect(text).toContain("No project is expected to finish after its due date");
    const html = await (await pm.request("/schedule")).text();
    expect(html.match(/data-testid="load-row"/g)?.length).toBe(2);
    // 15 working days: a header cell per day between the Capacity and the Already late columns.
    const header = html.slice(html.indexOf("<thead"), html.indexOf("</thead>", html.indexOf('data-testid="load-table"')));
    expect(header.match(/scope="col"/g)?.length).toBe(2 + 15 + 2);
  });

  test("more installation work than the days before the due date hold: the days are overloaded and the project is at risk, with why", async () => {
    // Forty one-hour installations (no session timed yet: an hour each) due in two days, one installer 8 h a day.
    await load(projectIds[0]!, 2, 40, "installation");
    const text = await visibleHtml(await pm.request("/schedule"));
    expect(text).toMatch(/Installation is booked \d+% on /);
    // The cell says it in words, not in colour alone. Today's capacity is what is left of its working day (8 h
    // before the day starts, less once it has), so the test holds at any hour it runs.
    expect(text).toMatch(/>\d+% over<\/span> <span[^>]*>\d+(\.\d)? of \d+(\.\d)? h</);
    expect(await (await pm.request("/schedule")).text()).toContain('data-level="over"');
    expect(text).toContain("Projects at risk (1)");
    expect(text).toContain("Bakery front");
    expect(text).toMatch(/Installation is booked \d+% on [A-Z][a-z]{2} \d+/);

    const load_ = await pm.request("/schedule/load.csv");
    expect(load_.status).toBe(200);
    expect(load_.headers.get("content-type")).toContain("text/csv");
    const rows = parse<string[]>(await load_.text()).data.filter((r) => r.length > 1);
    expect(rows[0]).toEqual(["Department", "Date", "Booked hours", "Capacity hours", "Percent", "Overloaded", "Already late", "No due date"]);
    expect(rows.length).toBe(1 + 2 * 15);
    const installation = rows.filter((r) => r[0] === "Installation");
    // Every hour of work booked somewhere, within the 15 days.
    expect(installation.reduce((s, r) => s + Number(r[2]), 0)).toBeCloseTo(40, 0);
    expect(installation.some((r) => r[5] === "yes")).toBe(true);

    const risk = parse<string[]>(await (await pm.request("/schedule/at-risk.csv")).text()).data.filter((r) => r.length > 1);
    expect(risk[0]).toEqual(["Project id", "Project", "Priority", "Due", "Expected finish", "Working days late", "Why"]);
    expect(risk[1]![1]).toBe("Bakery front");
    expect(Number(risk[1]![5])).toBeGreaterThan(0);
  });

  test("a department without capacity: its work is overloaded everywhere and the project's finish is unknown", async () => {
    const departments = (await (await admin.request("/api/departments")).json()) as { id: number; value: string }[];
    const installation = departments.find((d) => d.value === "installation")!;
    const res = await admin.request(`/api/departments/${installation.id}`, { method: "PATCH", json: { capacityPeople: 0 } });
    expect(res.status).toBe(200);
    await load(projectIds[0]!, 3, 2, "installation");
    const text = await visibleHtml(await pm.request("/schedule"));
    expect(text).toContain("no capacity");
    expect(text).toMatch(/Installation is booked/);
  });

  test("a name that looks like a formula stays text in the CSV", async () => {
    await load(projectIds[1]!, 1, 30, "installation");
    const csv = await (await pm.request("/schedule/at-risk.csv")).text();
    expect(csv).toContain(`'=HYPERLINK`);
  });
});
