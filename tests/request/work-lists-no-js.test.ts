import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { type Client, hooks } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";
import { ageSession } from "../helpers/timers";

// Department work lists (/work/{department}, decision 0037) as a browser without JavaScript uses them, through the
// page's real forms and links (tests/helpers/html-form.ts): a member opens their list from Home, starts an item and
// stops it there and sees it move; an item is put at a Fabrication station and the Fabrication page's card leads to
// it. With JavaScript: tests/e2e/work-lists.e2e.ts.

const SEQUENCE = ["pre-production", "production", "fabrication", "quality-control", "installation"];

let admin: Client;
let priya: Client;
let aisha: Client;
let projectId: number;

beforeEach(async () => {
  ({
    clients: { admin, priya, aisha },
    projectIds: [projectId],
  } = await seedShop({
    ipBase: "10.16.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      // No department key: Quality Control's list is open to every member.
      priya: { name: "Priya Shah", pin: "7777", keys: [] },
      aisha: { name: "Aisha Khan", pin: "3333", keys: ["fabrication"] },
    },
    departments: ["Pre-Production", "Production", "Fabrication", "Quality Control", "Installation"],
    categories: [{ name: "Banner", departmentSequence: SEQUENCE }],
    workflow: { name: "W", departmentSequence: SEQUENCE },
    projects: [{ name: "Lobby Job", priority: "low" }],
  }));
});

async function addItem(name: string, department: string) {
  const res = await admin.request("/api/items", { method: "POST", json: { name, category: "Banner", projectId, department } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
const row = (id: number) => hooks.getDb().select().from(schema.items).where(eq(schema.items.id, id)).get()!;
/** Each toast's title and text (a toast drawn without JavaScript is a status with a paragraph each). */
const toasts = (page: HtmlPage) =>
  page
    .$$('[role="status"]')
    .filter((el) => !el.closest("nav"))
    .map((el) => [...el.querySelectorAll("p")].map((p) => p.textContent?.trim()).join(" "));
/** The item's card in the list's region whose heading starts with `region` ('Waiting', 'Running now'). */
const cardIn = (page: HtmlPage, region: string, id: number) =>
  page
    .$$("section[aria-labelledby]")
    .find((s) =>
      page
        .$(`#${s.getAttribute("aria-labelledby")}`)
        ?.textContent?.trim()
        .startsWith(region),
    )
    ?.querySelector(`[data-testid="work-item-${id}"]`) ?? null;

describe("a member's work list", () => {
  test("opened from Home: Start there, then Done, and the item moves on to the next department's list", async () => {
    const id = await addItem("Work List Panel", "quality-control");
    let page = await open(priya, "/");
    // Home's 'Work lists' navigation has the list (and no other link of that name leads elsewhere).
    expect(page.$("nav[aria-labelledby=work-lists-title] a[href='/work/quality-control']")?.textContent).toBe("Quality Control");
    page = await page.click("Quality Control");
    expect(page.url.pathname).toBe("/work/quality-control");
    expect(page.textOf("h1")).toBe("Quality Control Work List");
    expect(cardIn(page, "Waiting", id)).not.toBeNull();
    expect(page.$(`[data-testid="work-item-${id}"] a[href="/projects/${projectId}"]`)?.textContent).toBe("Lobby Job");

    page = await page.form({ button: "Start Work List Panel" }).submit("Start Work List Panel");
    expect(page.url.pathname + page.url.search).toBe("/work/quality-control");
    expect(toasts(page)).toContain("Timer Started Work List Panel in Quality Control.");
    expect(cardIn(page, "Running now", id)?.textContent).toContain("by Priya Shah");
    expect(row(id)).toMatchObject({ isTimerActive: true, department: "quality-control" });

    ageSession(id);
    page = await page.form({ button: "Done → Installation Work List Panel" }).submit("Done → Installation Work List Panel");
    expect(page.url.pathname + page.url.search).toBe("/work/quality-control");
    expect(toasts(page)).toContain("Timer Stopped & Advanced Work List Panel moved to Installation.");
    expect(page.$(`[data-testid="work-item-${id}"]`)).toBeNull();
    expect(row(id)).toMatchObject({ isTimerActive: false, department: "installation" });

    // It is on the next department's list now, waiting.
    expect(cardIn(await open(priya, "/work/installation"), "Waiting", id)).not.toBeNull();
  });
});

describe("where the page lands after a post", () => {
  // A Start moves the row up to 'Running now', a Pause back among the waiting ones: the redirect names the row's
  // fragment, so the browser shows the row at its new place instead of the scroll position of the old one, where
  // another item's button now is.
  test("Start and Pause land on the item's row at its new place, keeping the list's filter; Done, which takes it off the list, on the list", async () => {
    const fabrication = ((await (await admin.request("/api/departments")).json()) as { id: number; value: string }[]).find((d) => d.value === "fabrication")!;
    expect((await admin.request("/api/subdepartments", { method: "POST", json: { departmentId: fabrication.id, name: "Interior Assembly" } })).status).toBe(
      201,
    );
    const ids = [];
    for (let i = 1; i <= 4; i++) ids.push(await addItem(`Row Panel ${i}`, "fabrication"));
    const last = ids.at(-1)!;

    let page = await open(aisha, "/work/fabrication?station=none");
    page = await page.form({ button: "Start Row Panel 4" }).submit("Start Row Panel 4");
    expect(page.redirects).toEqual([`/work/fabrication?station=none#item-${last}`]);
    expect(page.url.hash).toBe(`#item-${last}`);
    // The fragment names the row, where it is now.
    expect(page.$(`#item-${last}`)?.getAttribute("data-testid")).toBe(`work-item-${last}`);
    expect(cardIn(page, "Running now", last)?.getAttribute("id")).toBe(`item-${last}`);

    page = await page.form({ button: "Pause Row Panel 4" }).submit("Pause Row Panel 4");
    expect(page.redirects).toEqual([`/work/fabrication?station=none#item-${last}`]);
    expect(cardIn(page, "Waiting", last)?.getAttribute("id")).toBe(`item-${last}`);

    page = await page.form({ button: "Start Row Panel 4" }).submit("Start Row Panel 4");
    ageSession(last);
    page = await page.form({ button: /^Done → .* Row Panel 4$/ }).submit(/^Done → .* Row Panel 4$/);
    expect(page.redirects).toEqual(["/work/fabrication?station=none"]);
    expect(page.$(`#item-${last}`)).toBeNull();
  });
});

describe("Fabrication stations", () => {
  test("an item is put at a station from the list, and that station's card on the Fabrication page leads to it", async () => {
    const fabrication = ((await (await admin.request("/api/departments")).json()) as { id: number; value: string }[]).find((d) => d.value === "fabrication")!;
    for (const name of ["Interior Assembly", "Exterior Riveting"]) {
      expect((await admin.request("/api/subdepartments", { method: "POST", json: { departmentId: fabrication.id, name } })).status).toBe(201);
    }
    const id = await addItem("Lobby Letters", "fabrication");

    let page = await open(aisha, "/work/fabrication?station=none");
    page = await page.click("Set station for Lobby Letters");
    // The dialog without JavaScript: a panel on the page, holding the form.
    expect(page.$('section[aria-label="Station for Lobby Letters"] form')).not.toBeNull();
    page = await page.form({ button: "Save station" }).fill({ station: "Interior Assembly" }).submit("Save station");
    expect(page.url.pathname + page.url.search).toBe("/work/fabrication?station=none");
    expect(toasts(page)).toContain(`Station set Lobby Letters is at Interior Assembly.`);
    // No longer among the items without a station.
    expect(page.$(`[data-testid="work-item-${id}"]`)).toBeNull();

    page = await (await open(aisha, "/fabrication")).click(/^Interior Assembly/);
    expect(page.url.pathname + page.url.search).toBe("/work/fabrication?station=interior-assembly");
    expect(page.textOf(`[data-testid="work-item-${id}"]`)).toContain("Interior Assembly");
  });
});
