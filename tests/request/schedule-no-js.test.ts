import { beforeEach, expect, test } from "bun:test";
import { parse } from "papaparse";
import { noonDaysFrom, zoneDate } from "~/domain/dates";
import type { Client } from "../helpers/app";
import { open } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";

// The schedule (decision 0040) as a browser without JavaScript reads it, through the page's own links
// (tests/helpers/html-form.ts): a manager opens it from the side menu (a <details> without JavaScript), reads the
// overloaded days and the projects at risk, and downloads the booked hours; floor staff are offered no way in. The
// figures themselves are tests/request/schedule.test.ts; with JavaScript, tests/e2e/schedule.e2e.ts.

const TZ = "America/Chicago";
let admin: Client;
let operator: Client;
let projectId: number;

beforeEach(async () => {
  const seq = ["production", "installation"];
  ({
    clients: { admin, operator },
    projectIds: [projectId],
  } = await seedShop({
    env: { SHOP_TIMEZONE: TZ },
    ipBase: "10.31.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      operator: { name: "James Carter", pin: "2222", keys: ["production"] },
    },
    departments: ["Production", "Installation"].map((name) => ({ name, isMachine: false })),
    categories: [{ name: "Banner", departmentSequence: seq }],
    workflow: { name: "Banner flow", departmentSequence: seq },
    projects: [{ name: "Bakery front", priority: "high" }],
  }));
  // Forty one-hour installations due in two days, one installer 8 h a day: overloaded days and a project at risk.
  const endDate = zoneDate(noonDaysFrom(Date.now(), 2, TZ), TZ);
  expect((await admin.request(`/api/projects/${projectId}`, { method: "PATCH", json: { endDate } })).status).toBe(200);
  for (let i = 0; i < 40; i++) {
    const res = await admin.request("/api/items", { method: "POST", json: { name: `Panel ${i}`, category: "Banner", projectId, department: "installation" } });
    expect(res.status).toBe(201);
  }
});

test("a manager opens it from the side menu, reads the booked days and the projects at risk, and downloads the booked hours", async () => {
  const projects = await open(admin, "/projects");
  const menu = projects.$('nav[aria-label="Main menu"]');
  // Without JavaScript the menu is a <details>: its links are in the page.
  expect(menu?.closest("details")).not.toBeNull();
  const page = await projects.click(/^Schedule\s*Booked work/);
  expect(page.url.pathname).toBe("/schedule");
  expect(page.status).toBe(200);
  expect(page.textOf("h1")).toBe("Schedule");
  expect(page.$$("h2").map((h) => h.textContent?.trim())).toEqual(expect.arrayContaining(["Overloaded days", "Projects at risk (1)"]));
  expect(page.textOf('[data-testid="overloads"]')).toMatch(/Installation is booked \d+% on [A-Z][a-z]{2} \d+/);
  expect(page.textOf('[data-testid="at-risk-table"]')).toContain("Bakery front");
  // One row per department; fifteen working days between the Capacity and the Already late columns.
  const rows = page.$$('[data-testid="load-row"]');
  expect(rows).toHaveLength(2);
  expect(page.$$('[data-testid="load-table"] thead th')).toHaveLength(2 + 15 + 2);
  // On a phone each row is a card: every day's cell carries its own label ('Mon Nov 30').
  expect(rows[0]!.querySelectorAll("td")[1]!.getAttribute("data-label")).toMatch(/^[A-Z][a-z]{2} [A-Z][a-z]{2} \d+$/);

  const href = new URL(page.link("Download CSV of the hours booked per department and day"));
  const csv = await admin.request(href.pathname);
  expect(csv.status).toBe(200);
  expect(csv.headers.get("content-type")).toContain("text/csv");
  expect(csv.headers.get("content-disposition")).toMatch(/filename="?shopflow-schedule-load-\d{4}-\d{2}-\d{2}\.csv"?/);
  const header = parse<string[]>((await csv.text()).replace(/^\uFEFF/, "")).data[0];
  expect(header).toEqual(["Department", "Date", "Booked hours", "Capacity hours", "Percent", "Overloaded", "Already late", "No due date"]);
});

test("floor staff are offered no link to it, and are refused it", async () => {
  const home = await open(operator, "/");
  expect(home.$('a[href="/schedule"]')).toBeNull();
  const refused = await open(operator, "/schedule");
  expect(refused.status).toBe(403);
  expect(refused.text()).toContain("The schedule needs the Project Management key.");
});
