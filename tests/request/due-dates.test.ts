import { beforeEach, describe, expect, test } from "bun:test";
import { parse } from "papaparse";
import * as schema from "#db/schema";
import { noonDaysFrom, zoneDate } from "~/domain/dates";
import { type Client, visibleHtml } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { seedShop, type Shop } from "../helpers/shop";

// A project's own start and due dates (docs/product.md, Decisions: Due dates): the API stores them with the customer
// and the external reference, the Create and Edit Project forms (here without JavaScript, through the pages' real
// forms) take them, and the due date, or the latest step end date without one, is what every promise is measured
// against: the forecast, 'At risk', the projects list's order, /schedule and its CSVs, the Pre-Production
// dashboard, calendar feeds and the customer page. The dialog with JavaScript: tests/e2e/projects.e2e.ts.

const TZ = "America/Chicago";
type Members = "admin" | "pm" | "maria";
let shop: Shop<Members>;
let admin: Client;
let pm: Client;
let workflowId: number;

beforeEach(async () => {
  shop = await seedShop({
    env: { SHOP_TIMEZONE: TZ },
    ipBase: "10.71.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      pm: { name: "Pat Planner", pin: "5555", keys: ["project-management"] },
      maria: { name: "Maria Lopez", pin: "1111", keys: ["pre-production"] },
    },
    departments: ["Pre-Production", "Production", "Installation"],
    categories: [{ name: "Banner", departmentSequence: ["pre-production", "production", "installation"] }],
    workflow: { name: "Standard", departmentSequence: ["pre-production", "production", "installation"] },
  });
  ({ admin, pm } = shop.clients);
  workflowId = shop.workflowId;
});

const body = async (res: Response) => ({ status: res.status, json: (await res.json()) as Record<string, unknown> & { message?: string; issues?: unknown[] } });
const post = async (json: Record<string, unknown>, c = pm) => body(await c.request("/api/projects", { method: "POST", json }));
const patch = async (id: number, json: Record<string, unknown>, c = pm) => body(await c.request(`/api/projects/${id}`, { method: "PATCH", json }));
const stored = (id: number) =>
  shop.app.db
    .select()
    .from(schema.projects)
    .all()
    .find((p) => p.id === id)!;
const projectNamed = (name: string) =>
  shop.app.db
    .select()
    .from(schema.projects)
    .all()
    .find((p) => p.name === name)!;

async function newProject(name: string, extra: Record<string, unknown> = {}) {
  const res = await post({ name, workflowId, ...extra });
  expect(res.status, JSON.stringify(res.json)).toBe(201);
  return res.json as { id: number; version: number };
}

/** The project's steps by department. */
function steps(projectId: number): Map<string, number> {
  const rows = shop.app.db.$client
    .query(
      "SELECT s.id AS id, s.department AS d FROM project_workflow_steps s JOIN project_workflow_instances i ON i.id = s.project_workflow_instance_id WHERE i.project_id = ?",
    )
    .all(projectId) as { id: number; d: string }[];
  return new Map(rows.map((r) => [r.d, r.id]));
}

async function patchStep(projectId: number, department: string, json: Record<string, unknown>) {
  const res = await admin.request(`/api/workflow-steps/${steps(projectId).get(department)}`, { method: "PATCH", json });
  expect(res.status).toBe(200);
}

async function addItems(projectId: number, count: number, department: string) {
  for (let i = 0; i < count; i++) {
    const res = await admin.request("/api/items", { method: "POST", json: { name: `Panel ${i + 1}`, category: "Banner", projectId, department } });
    expect(res.status).toBe(201);
  }
}

const DAY_MESSAGE = (field: string) => `${field} must be a date, e.g. 2026-03-31`;

describe("the API", () => {
  test("POST and PATCH store the start and due dates (noon in the shop's zone), customer and reference; description is optional", async () => {
    const created = await post({
      name: "Deli fascia",
      workflowId,
      startDate: "2026-03-02",
      endDate: "2026-03-31",
      customer: "Deli & Co",
      externalReference: "SO-1001",
    });
    expect(created.status).toBe(201);
    // Noon in Chicago: CST on March 2, CDT from March 8.
    expect(created.json).toMatchObject({
      description: "",
      startDate: "2026-03-02T18:00:00.000Z",
      endDate: "2026-03-31T17:00:00.000Z",
      customer: "Deli & Co",
      externalReference: "SO-1001",
    });
    const id = created.json.id as number;
    expect((await (await pm.request(`/api/projects/${id}`)).json()).endDate).toBe("2026-03-31T17:00:00.000Z");

    const moved = await patch(id, { endDate: "2026-04-10T15:00:00.000Z", customer: "Deli Company", version: created.json.version });
    expect(moved.status).toBe(200);
    expect(moved.json).toMatchObject({ startDate: "2026-03-02T18:00:00.000Z", endDate: "2026-04-10T17:00:00.000Z", customer: "Deli Company" });
    // Absent is unchanged, null clears.
    const cleared = await patch(id, { endDate: null });
    expect(cleared.json).toMatchObject({ startDate: "2026-03-02T18:00:00.000Z", endDate: null, customer: "Deli Company", externalReference: "SO-1001" });
    // The version read still guards a save over someone else's.
    expect((await patch(id, { priority: "rush", version: created.json.version })).status).toBe(409);
  });

  test("a value that is not a day is a 400 naming its field; a due date before the start date is refused", async () => {
    for (const [json, path, message] of [
      [{ endDate: "31/03/2026" }, "endDate", DAY_MESSAGE("Due date")],
      [{ endDate: 20260331 }, "endDate", DAY_MESSAGE("Due date")],
      [{ startDate: "soon" }, "startDate", DAY_MESSAGE("Start date")],
      [{ endDate: "2026-02-30" }, "endDate", DAY_MESSAGE("Due date")],
    ] as const) {
      const res = await post({ name: "Bad", workflowId, ...json });
      expect(res.status, JSON.stringify(json)).toBe(400);
      expect(res.json.message).toBe(message);
      expect(res.json.issues).toContainEqual({ path, message });
    }
    expect((await post({ name: "Bad", workflowId, startDate: "2026-04-02", endDate: "2026-04-01" })).json.message).toBe(
      "The due date is before the start date",
    );

    const { id } = await newProject("Dated", { startDate: "2026-04-02" });
    const bad = await patch(id, { endDate: "next week" });
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe(DAY_MESSAGE("Due date"));
    // Against the start date it already has.
    const early = await patch(id, { endDate: "2026-04-01" });
    expect(early.status).toBe(400);
    expect(early.json.message).toBe("The due date is before the start date");
    expect(stored(id)).toMatchObject({ endDate: null, version: 1 });
    expect(shop.app.db.select().from(schema.projects).all()).toHaveLength(1);
  });

  test("a step's sort order says what is wrong with it, as every other sort order does", async () => {
    const { id } = await newProject("Sorted");
    const stepId = [...steps(id).values()][0];
    for (const [sortOrder, message] of [
      [1.5, "Sort order must be a whole number"],
      ["first", "Sort order must be a whole number"],
      [-1, "Sort order must be 0 or greater"],
      [1e308, "Sort order is too large"],
    ] as const) {
      const res = await admin.request(`/api/workflow-steps/${stepId}`, { method: "PATCH", json: { sortOrder } });
      expect(res.status).toBe(400);
      expect((await res.json()).issues).toEqual([{ path: "sortOrder", message }]);
    }
  });

  test("an external reference another project has, in any case, is a readable 409, never a 500", async () => {
    const first = await newProject("First", { externalReference: "SO-7" });
    const taken = await post({ name: "Second", workflowId, externalReference: "so-7" });
    expect(taken.status).toBe(409);
    expect(taken.json.message).toContain('"so-7"');
    const second = await newProject("Second");
    const clash = await patch(second.id, { externalReference: "So-7" });
    expect(clash.status).toBe(409);
    expect(clash.json.message).toContain("First");
    expect(stored(first.id).externalReference).toBe("SO-7");
    expect(stored(second.id).externalReference).toBeNull();
  });
});

/** A browser's parser lowercases attribute names (noValidate, formNoValidate): linkedom keeps React's spelling. */
function parsed(page: HtmlPage): HtmlPage {
  for (const el of page.$$("*")) {
    for (const a of [...el.attributes]) if (a.name !== a.name.toLowerCase()) el.setAttribute(a.name.toLowerCase(), a.value);
  }
  return page;
}

const editForm = (page: HtmlPage) => page.form({ within: 'section[aria-label="Edit Project"]', button: "Update Project" });
const errorOf = (page: HtmlPage, field: string) => {
  const input = page.$(`section[aria-label="Edit Project"] [name="${field}"]`);
  const id = input?.getAttribute("aria-describedby")?.split(" ")[0];
  return id ? page.textOf(`#${id}`) : "";
};

describe("the Create and Edit Project forms without JavaScript", () => {
  test("create with dates, customer and reference and no description; edit them on the project page; the Timeline card says Due", async () => {
    await newProject("Other job", { externalReference: "SO-2" });
    const list = parsed(await open(pm, "/projects?dialog=new-project"));
    const created = await list
      .form({ button: "Create Project" })
      .fill({
        name: "Storefront letters",
        workflowId: "Standard",
        startDate: "2026-03-02",
        endDate: "2026-03-31",
        customer: "Bakery Ltd",
        externalReference: "SO-1",
      })
      .submit("Create Project");
    const p = projectNamed("Storefront letters");
    expect(created.url.pathname).toBe(`/projects/${p.id}`);
    expect(p).toMatchObject({ description: "", customer: "Bakery Ltd", externalReference: "SO-1" });
    expect(zoneDate(p.startDate!, TZ)).toBe("2026-03-02");
    expect(zoneDate(p.endDate!, TZ)).toBe("2026-03-31");
    expect(created.textOf('[data-testid="timeline-due"]')).toBe("Due Mar 31, 2026");
    expect(created.textOf('[data-testid="timeline-start"]')).toBe("Starts Mar 2, 2026");
    // No step has dates yet: the card says so, and the project's own dates beside it.
    expect(created.text()).toContain("Not scheduled");

    // The dates come back in the edit form; a due date before the start is refused in the spec's words, on this page.
    let page = parsed(await created.click("Edit Project"));
    const form = editForm(page);
    expect(form.entries().filter(([k]) => ["startDate", "endDate", "customer", "externalReference"].includes(k))).toEqual([
      ["startDate", "2026-03-02"],
      ["endDate", "2026-03-31"],
      ["customer", "Bakery Ltd"],
      ["externalReference", "SO-1"],
    ]);
    page = parsed(await form.fill({ startDate: "2026-03-20", endDate: "2026-03-10" }).submit("Update Project"));
    expect(page.status).toBe(400);
    expect(page.url.pathname).toBe(`/projects/${p.id}`);
    expect(errorOf(page, "startDate")).toBe("Start date cannot be later than end date");
    // What is not a day names the field.
    page = parsed(await editForm(page).fill({ startDate: "2026-03-02", endDate: "31.03.2026" }).submit("Update Project"));
    expect(page.status).toBe(400);
    expect(errorOf(page, "endDate")).toBe(DAY_MESSAGE("Due date"));
    // Another project's reference, in another case: said under the field, nothing saved.
    page = parsed(await editForm(page).fill({ endDate: "2026-04-15", externalReference: "so-2" }).submit("Update Project"));
    expect(page.status).toBe(409);
    expect(errorOf(page, "externalReference")).toContain("Other job");
    expect(stored(p.id).externalReference).toBe("SO-1");

    page = await editForm(page).fill({ externalReference: "SO-1B", customer: "" }).submit("Update Project");
    expect(page.url.pathname).toBe(`/projects/${p.id}`);
    expect(page.text()).toContain("Project updated successfully!");
    expect(stored(p.id)).toMatchObject({ externalReference: "SO-1B", customer: null });
    expect(zoneDate(stored(p.id).endDate!, TZ)).toBe("2026-04-15");

    // A step planned past the due date says so on its row; the card keeps the steps' range and adds Due.
    await patchStep(p.id, "production", { startDate: "2026-04-01", endDate: "2026-04-10" });
    await patchStep(p.id, "installation", { startDate: "2026-04-13", endDate: "2026-04-20" });
    page = await open(pm, `/projects/${p.id}`);
    expect(page.text()).toContain("Apr 1, 2026 – Apr 20, 2026");
    expect(page.textOf('[data-testid="timeline-due"]')).toBe("Due Apr 15, 2026");
    expect(page.textOf('[data-testid="timeline-start"]')).toBe("Starts Mar 2, 2026");
    // A project made without a start date says none.
    const other = await open(pm, `/projects/${projectNamed("Other job").id}`);
    expect(other.$$('[data-testid="timeline-start"]')).toHaveLength(0);
    expect(other.text()).not.toContain("Starts ");
    const late = page.$$('[data-testid="ends-after-due"]');
    expect(late).toHaveLength(1);
    expect(late[0]!.closest("tr")?.textContent).toContain("Installation");
    expect(late[0]!.textContent?.trim()).toBe("Ends after the due date");
    // Once the step is done its planned end no longer warns.
    await patchStep(p.id, "installation", { status: "completed" });
    expect((await open(pm, `/projects/${p.id}`)).$$('[data-testid="ends-after-due"]')).toHaveLength(0);
  });

  test("the list's Edit Project form saves the dates; an emptied due date is removed", async () => {
    const { id } = await newProject("Van wrap", { endDate: "2026-05-01", customer: "Vans Inc" });
    const page = parsed(await open(pm, `/projects?dialog=edit-project&id=${id}`));
    const saved = await editForm(page).fill({ endDate: "", startDate: "2026-04-20", description: "Both sides" }).submit("Update Project");
    expect(saved.url.pathname).toBe("/projects");
    expect(saved.text()).toContain("Project updated successfully!");
    expect(stored(id)).toMatchObject({ endDate: null, description: "Both sides", customer: "Vans Inc" });
    expect(zoneDate(stored(id).startDate!, TZ)).toBe("2026-04-20");
  });
});

describe("the due date is the promise everywhere", () => {
  /** A day `days` from today in the shop's zone. */
  const day = (days: number) => zoneDate(noonDaysFrom(Date.now(), days, TZ), TZ);
  const listDay = (d: string) => new Date(`${d}T12:00:00Z`).toLocaleString("en-US", { weekday: "short", month: "short", day: "numeric", timeZone: "UTC" });

  test("forecast, 'At risk', the projects list's order, /schedule and its CSV, the Pre-Production dashboard and calendar feeds", async () => {
    // Due long ago by its own date (its step says later): at risk whatever the queue.
    const late = await newProject("Late deli", { endDate: "2020-01-06" });
    await patchStep(late.id, "installation", { endDate: "2020-01-20" });
    await addItems(late.id, 1, "pre-production");
    // No due date of its own: its latest step end date is the promise, as before due dates.
    const stepDated = await newProject("Step dated");
    await patchStep(stepDated.id, "production", { endDate: "2020-01-08" });
    await addItems(stepDated.id, 1, "production");
    const undated = await newProject("Undated");
    // Maria's Pre-Production step, so her dashboard lists the late project.
    await patchStep(late.id, "pre-production", { assignedTeamMemberId: shop.memberIds.maria });

    const forecast = async (id: number) => (await (await pm.request(`/api/projects/${id}/forecast`)).json()) as { dueDate: string | null; atRisk: boolean };
    expect(await forecast(late.id)).toMatchObject({ dueDate: "2020-01-06", atRisk: true });
    expect(await forecast(stepDated.id)).toMatchObject({ dueDate: "2020-01-08", atRisk: true });
    expect((await forecast(undated.id)).dueDate).toBeNull();

    // /projects: 'At risk' on the row, and the due-date order (none first, as the spec sorts missing dates).
    const list = await open(pm, "/projects?sort=endDate&dir=asc");
    const rows = list.$$("tbody tr").map((r) => r.querySelector("a")?.textContent?.trim());
    expect(rows).toEqual(["Undated", "Late deli", "Step dated"]);
    expect(list.$$("tbody tr").find((r) => r.textContent?.includes("Late deli"))?.textContent).toContain("At risk");
    const desc = (await open(pm, "/projects?sort=endDate&dir=desc")).$$("tbody tr").map((r) => r.querySelector("a")?.textContent?.trim());
    expect(desc).toEqual(["Step dated", "Late deli", "Undated"]);

    // /schedule and its at-risk CSV: the project's own due date.
    const schedule = await visibleHtml(await pm.request("/schedule"));
    expect(schedule).toContain("Late deli");
    expect(schedule).toContain(listDay("2020-01-06"));
    const risk = parse<string[]>(await (await pm.request("/schedule/at-risk.csv")).text()).data.filter((r) => r.length > 1);
    expect(risk.find((r) => r[1] === "Late deli")?.[3]).toBe("2020-01-06");
    expect(risk.find((r) => r[1] === "Step dated")?.[3]).toBe("2020-01-08");

    // The Pre-Production dashboard's late risk.
    const dashboard = await open(shop.clients.maria, "/pre-production");
    const lateRisk = dashboard.$('section[aria-labelledby="late-risk"]');
    expect(lateRisk?.querySelectorAll("li").length).toBe(1);
    expect(lateRisk?.querySelector("li a")?.textContent?.trim()).toBe("Late deli");

    // Calendar feeds: a 'Due' event on the project's due date, or on its latest step end without one.
    const soon = await newProject("Soon", { endDate: day(5) });
    await patchStep(soon.id, "production", { startDate: day(1), endDate: day(8) });
    const plain = await newProject("Plain");
    await patchStep(plain.id, "production", { startDate: day(2), endDate: day(6) });
    const made = await admin.request("/settings/calendars", { method: "POST", form: { intent: "create", subject: "department:production", name: "" } });
    const link = /http:\/\/localhost(\/calendar\/[A-Za-z0-9_-]+\.ics)/.exec(await visibleHtml(made))![1]!;
    const ics = (await (await shop.app.client("10.71.9.1").request(link)).text()).replace(/\r\n[ \t]/g, "");
    const dueOn = (id: number) => {
      const event = ics.split("BEGIN:VEVENT").find((e) => e.includes(`UID:project-${id}-due@localhost`));
      return event ? /DTSTART;VALUE=DATE:(\d{8})/.exec(event)?.[1] : undefined;
    };
    expect(dueOn(soon.id)).toBe(day(5).replaceAll("-", ""));
    expect(dueOn(plain.id)).toBe(day(6).replaceAll("-", ""));

    // The Production work list: waiting items by their project's promise, the step-dated one before one due later.
    const later = await newProject("Due later", { endDate: "2020-03-02" });
    await addItems(later.id, 1, "production");
    const work = (await (await admin.request("/api/work/production")).json()) as { items: { project: { name: string; endDate: string | null } }[] };
    const order = work.items.map((i) => i.project.name).filter((n) => n === "Step dated" || n === "Due later");
    expect(order).toEqual(["Step dated", "Due later"]);
    expect(work.items.find((i) => i.project.name === "Step dated")?.project.endDate?.slice(0, 10)).toBe("2020-01-08");
  });

  test("the customer page: a project due sooner is served first, so its customer is promised an earlier finish", async () => {
    // Twelve one-hour installations each (no session timed yet), one installer 8 h a day. Early's items arrive
    // first; Due's project is due, so its items go ahead of the undated ones (decision 0038's queue order).
    const early = await newProject("Early arrival");
    await addItems(early.id, 12, "installation");
    const due = await newProject("Due soon", { endDate: "2020-02-03" });
    await addItems(due.id, 12, "installation");
    const finishOn = async (id: number) => {
      const res = await pm.request(`/projects/${id}`, { method: "POST", form: { intent: "create-customer-link" } });
      const link = /http:\/\/localhost(\/status\/[A-Za-z0-9_-]+)/.exec(await visibleHtml(res))![1]!;
      const page = await open(shop.app.client(`10.71.8.${id}`), link);
      const text = page.textOf('[data-testid="status-expected"]');
      return new Date(`${text.replace(/^\w+, /, "")} 12:00 UTC`).getTime();
    };
    const earlyFinish = await finishOn(early.id);
    const dueFinish = await finishOn(due.id);
    expect(Number.isNaN(dueFinish)).toBe(false);
    expect(dueFinish).toBeLessThan(earlyFinish);
  });
});

describe("the schedule's load CSV", () => {
  test("has the page's 'Already late' and 'No due date' hours, once per department", async () => {
    const undated = await newProject("No date");
    await addItems(undated.id, 3, "installation");
    const late = await newProject("Overdue", { endDate: "2020-03-02" });
    await addItems(late.id, 2, "installation");
    const rows = parse<string[]>(await (await pm.request("/schedule/load.csv")).text()).data.filter((r) => r.length > 1);
    expect(rows[0]).toEqual(["Department", "Date", "Booked hours", "Capacity hours", "Percent", "Overloaded", "Already late", "No due date"]);
    const installation = rows.filter((r) => r[0] === "Installation");
    expect(installation[0]!.slice(6).map(Number)).toEqual([2, 3]);
    expect(installation.slice(1).every((r) => r[6] === "" && r[7] === "")).toBe(true);
    // As the page shows them.
    const page = await open(pm, "/schedule");
    const row = page.$$('[data-testid="load-row"]').find((r) => r.textContent?.includes("Installation"))!;
    expect(row.querySelector('[data-label="Already late"]')?.textContent?.trim()).toBe("2 h");
    expect(row.querySelector('[data-label="No due date"]')?.textContent?.trim()).toBe("3 h");
  });
});
