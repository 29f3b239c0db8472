import { beforeEach, expect, test } from "bun:test";
import { parse } from "papaparse";
import { noonDaysFrom, startOfZoneDay } from "~/domain/dates";
import { type Client, hooks } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";

// Flow analytics as a browser without JavaScript uses it, through the page's own links and its GET form
// (tests/helpers/html-form.ts): a manager opens it from the side menu, reads the bottleneck, changes the range with
// the quick links and the From/To form (a range the wrong way round explained, twice), and downloads a table; a
// project manager's way in is the Projects page; floor staff are offered no link and are refused. The figures are
// tests/request/analytics.test.ts; with JavaScript, tests/e2e/analytics.e2e.ts.

const TZ = "America/Chicago";
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const actor = { id: null, name: "test" };

let admin: Client;
let pm: Client;
let operator: Client;

beforeEach(async () => {
  const seq = ["pre-production", "production", "installation"];
  let projectIds: number[];
  let itemIds: number[];
  ({
    clients: { admin, pm, operator },
    projectIds,
    itemIds,
  } = await seedShop({
    env: { SHOP_TIMEZONE: TZ },
    ipBase: "10.21.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      pm: { name: "Tom Becker", pin: "4444", keys: ["project-management"] },
      operator: { name: "James Carter", pin: "2222", keys: ["production"] },
    },
    departments: ["Pre-Production", "Production", "Installation"].map((name) => ({ name, isMachine: false })),
    categories: [{ name: "Banner", departmentSequence: seq }],
    workflow: { name: "Banner flow", departmentSequence: seq },
    projects: [{ name: "Bakery Sign" }],
    items: [
      { name: "Fascia", category: "Banner" },
      { name: "Door decal", category: "Banner" },
      { name: "Window vinyl", category: "Banner" },
    ],
  }));
  expect(projectIds).toHaveLength(1);
  // Twelve days ago at 10:00 in the shop, each item through the three departments (the timer model's own start and
  // stop, with the clock given): each waits longest before Production, which is the bottleneck.
  const base = startOfZoneDay(noonDaysFrom(Date.now(), -12, TZ), TZ) + 10 * HOUR;
  for (const [i, id] of itemIds.entries()) {
    const wait = (2 + i) * DAY;
    for (const [start, stop] of [
      [base, base + HOUR],
      [base + HOUR + wait, base + 2 * HOUR + wait],
      [base + 3 * HOUR + wait, base + 4 * HOUR + wait],
    ]) {
      hooks.startTimer(id, actor, start!);
      hooks.endTimer(id, actor, stop!);
    }
  }
});

/** The quick range link `label`'s state: [its href's from and to, whether it is the current page]. */
function quick(page: HtmlPage, label: string) {
  const link = page.$$('nav[aria-label="Quick ranges"] a').find((a) => a.textContent?.trim() === label)!;
  const params = new URL(link.getAttribute("href")!, page.url).searchParams;
  return { from: params.get("from"), to: params.get("to"), current: link.getAttribute("aria-current") === "page" };
}
const field = (page: HtmlPage, name: string) => page.$(`input[name="${name}"]`)?.getAttribute("value");

test("a manager opens it from the side menu, reads the bottleneck, changes the range and downloads a table", async () => {
  // The side menu's entry (the Projects page links it too, for the Project Management key).
  let page = await (await open(admin, "/projects")).click(/^Flow analytics\s*Overview & Analytics$/);
  expect(page.url.pathname).toBe("/analytics");
  expect(page.textOf("h1")).toBe("Flow analytics");
  expect(page.textOf('[data-testid="bottleneck"]')).toMatch(/^Bottleneck: Production\. Items waited a median of/);
  expect(quick(page, "Last 30 days").current).toBe(true);
  expect(page.$('table th[scope="row"]')).not.toBeNull();
  const last30 = quick(page, "Last 30 days");

  page = await page.click("Last 12 months");
  expect(page.url.search).toMatch(/^\?from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}$/);
  expect(quick(page, "Last 12 months").current).toBe(true);
  expect(page.$$("h2").map((h) => h.textContent?.trim())).toContain("Items finished per week");
  expect(page.$('svg[role="img"] title')?.textContent).toBe("Items finished per week: 3 items in all");
  // The bottleneck's row says so in words (its tag), not in colour alone.
  expect(page.$$('th[scope="row"]').map((th) => th.textContent)).toContain("ProductionBottleneck");

  // A range the wrong way round is explained, not an error page; the fields then show the range the figures are for
  // (the last 30 days), and the explanation names the refused dates. Twice: the same refused range is drawn afresh.
  for (let i = 0; i < 2; i++) {
    page = await page.form({ button: "Show" }).fill({ from: "2026-11-10", to: "2026-11-01" }).submit("Show");
    expect(page.status).toBe(200);
    expect(page.textOf('[role="alert"]')).toStartWith("The start date must be on or before the end date. Nov 10, 2026 – Nov 1, 2026 was not applied: showing");
    expect(quick(page, "Last 30 days").current).toBe(true);
    expect([field(page, "from"), field(page, "to")]).toEqual([last30.from, last30.to]);
  }
  page = await page.form({ button: "Show" }).fill({ from: "2026-11-01", to: "2026-11-10" }).submit("Show");
  expect(page.url.search).toBe("?from=2026-11-01&to=2026-11-10");
  expect(page.text()).toContain("Nov 1, 2026 – Nov 10, 2026");
  expect(page.$('[role="alert"]')).toBeNull();

  // The departments table as CSV: a plain link.
  page = await page.click("Last 90 days");
  const href = new URL(page.link("Download CSV of the departments table"));
  const csv = await admin.request(href.pathname + href.search);
  expect(csv.status).toBe(200);
  expect(csv.headers.get("content-disposition")).toMatch(/filename="?shopflow-departments-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv"?/);
  expect(parse<string[]>((await csv.text()).replace(/^\uFEFF/, "")).data[0]).toEqual([
    "Department",
    "Hands-on seconds",
    "Sessions",
    "Median session seconds",
    "Hand-offs",
    "Median wait seconds",
    "Average wait seconds",
    "Waiting now",
    "Running now",
    "Bottleneck",
  ]);
});

test("a project manager's way in is Home's Project Management tile, then Projects; floor staff are offered no link and refused", async () => {
  const home = await open(pm, "/");
  // The tile is a form button without JavaScript: the home action opens the screen.
  const projects = await home.form({ button: /^Project Management/ }).submit();
  expect(projects.url.pathname).toBe("/projects");
  // The side menu is management's alone.
  expect(projects.$('nav[aria-label="Main menu"]')).toBeNull();
  expect(projects.$('[aria-label="Open menu"]')).toBeNull();
  const page = await projects.click("Flow analytics");
  expect(page.url.pathname).toBe("/analytics");
  expect(page.textOf("h1")).toBe("Flow analytics");
  // Global Settings stays management's.
  expect(page.$$("a").filter((a) => /Global Settings/.test(a.textContent ?? ""))).toEqual([]);

  const floor = await open(operator, "/projects");
  expect(floor.textOf("h1")).toBe("Projects");
  expect(floor.$('a[href^="/analytics"]')).toBeNull();
  expect((await open(operator, "/analytics")).status).toBe(403);
});
