import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { captureStatements, type Client, hooks, visibleHtml } from "../helpers/app";
import { seedShop } from "../helpers/shop";
import { ageLastStop, ageSession } from "../helpers/timers";

const { getDb, flowAnalytics } = hooks;

// docs/product.md, Decisions: The end of a job (decision 0048): steps follow the floor, a stop in the last department
// finishes the item, a finished item refuses scans (409) until Reopen, and the project completes itself once, with one
// project.completed webhook, and says when against its due date. Without JavaScript: end-of-a-job-no-js.test.ts.

const FINISHED = "This item is finished. Reopen it first if it needs more work.";

let admin: Client;
let pm: Client;
let james: Client;
let projectId: number;
let itemIds: number[];

beforeEach(async () => {
  ({
    clients: { admin, pm, james },
    projectIds: [projectId],
    itemIds,
  } = await seedShop({
    ipBase: "10.48.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      pm: { name: "Pat PM", pin: "1111", keys: ["project-management"] },
      james: { name: "James Carter", pin: "2222", keys: ["production"] },
    },
    departments: ["Pre-Production", "Production", "Installation"],
    categories: [{ name: "Banner", departmentSequence: ["pre-production", "production", "installation"] }],
    workflow: { name: "W", departmentSequence: ["pre-production", "production", "installation"] },
    projects: [{ name: "Bakery" }],
    items: [
      { name: "Fence banner", category: "Banner" },
      { name: "Door banner", category: "Banner" },
    ],
  }));
});

const post = async (c: Client, path: string, json?: unknown, method = "POST") => {
  const res = await c.request(path, { method, ...(json === undefined ? {} : { json }) });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};
/** One session of the item in its department: start, then stop (which moves it on, or finishes it at the last). */
const work = async (id: number, c: Client = james) => {
  expect((await post(c, `/api/items/${id}/start-timer`)).status).toBe(200);
  const stop = await post(c, `/api/items/${id}/end-timer`);
  expect(stop.status).toBe(200);
  return stop.json;
};
const steps = () =>
  getDb()
    .select({
      id: schema.projectWorkflowSteps.id,
      department: schema.projectWorkflowSteps.department,
      percent: schema.projectWorkflowSteps.percentComplete,
      status: schema.projectWorkflowSteps.status,
      setByHand: schema.projectWorkflowSteps.setByHand,
    })
    .from(schema.projectWorkflowSteps)
    .orderBy(schema.projectWorkflowSteps.sortOrder)
    .all();
const stepOf = (department: string) => steps().find((s) => s.department === department)!;
const project = () => getDb().select().from(schema.projects).where(eq(schema.projects.id, projectId)).get()!;
const item = (id: number) => getDb().select().from(schema.items).where(eq(schema.items.id, id)).get()!;
const audits = (action: string) =>
  getDb()
    .$client.query<{ entity: string; entityId: string; after: string; actorName: string }, [string]>(
      "SELECT entity, entity_id AS entityId, after, actor_name AS actorName FROM audit_log WHERE action = ? ORDER BY id",
    )
    .all(action);
const completedWebhooks = () =>
  getDb().$client.query<{ n: number }, []>("SELECT count(*) AS n FROM webhook_deliveries WHERE event_type = 'project.completed'").get()!.n;
/** Every item through every department: the project completes. */
const finishAll = async () => {
  for (let round = 0; round < 3; round++) for (const id of itemIds) await work(id);
};

describe("steps follow the floor", () => {
  test("a stop moves the step's percent to the share of items past it; all past completes it, audited", async () => {
    expect(steps().map((s) => [s.department, s.percent, s.status])).toEqual([
      ["pre-production", 0, "pending"],
      ["production", 0, "pending"],
      ["installation", 0, "pending"],
    ]);
    await work(itemIds[0]!);
    expect(stepOf("pre-production")).toMatchObject({ percent: 50, status: "in-progress" });
    await work(itemIds[1]!);
    expect(stepOf("pre-production")).toMatchObject({ percent: 100, status: "completed" });
    expect(stepOf("production")).toMatchObject({ percent: 0, status: "pending" });
    const done = audits("complete-on-floor");
    expect(done).toHaveLength(1);
    expect(JSON.parse(done[0]!.after).note).toBe("Completed on the floor: all 2 items through Pre-Production");
    expect(done[0]!.actorName).toBe("James Carter");
    // The project list and the project page say it.
    const list = await (await admin.request("/api/projects-with-metrics")).json();
    expect(list.find((p: { id: number }) => p.id === projectId)).toMatchObject({ completedSteps: 1, totalSteps: 3 });
  });

  test("the project list, the project page and the customer page's stages show what the floor did", async () => {
    const made = await pm.request(`/projects/${projectId}`, { method: "POST", form: { intent: "create-customer-link" } });
    const link = /http:\/\/localhost(\/status\/[A-Za-z0-9_-]+)/.exec(await visibleHtml(made))![1]!;
    for (const id of itemIds) await work(id);
    expect(await visibleHtml(await pm.request("/projects"))).toContain("33% · 1/3 steps");
    expect(await visibleHtml(await pm.request(`/projects/${projectId}`))).toContain("1 / 3");
    const stages = async () => [...(await visibleHtml(await james.request(link))).matchAll(/data-state="(\w+)"/g)].map((m) => m[1]);
    expect(await stages()).toEqual(["done", "current", "next"]);
  });

  test("a step counts only the items that go through its department; items added, moved and deleted move the steps", async () => {
    await post(admin, "/api/categories", { name: "Decal", departmentSequence: ["pre-production", "installation"] });
    const decal = await post(admin, "/api/items", { name: "Decal", category: "Decal", projectId });
    expect(decal.status).toBe(201);
    // Three items: the decal never goes to production, so it is not a third of production's work done.
    expect(stepOf("production")).toMatchObject({ percent: 0, status: "pending" });
    const moved = await post(admin, `/api/items/${itemIds[0]}`, { department: "installation" }, "PATCH");
    expect(moved.status).toBe(200);
    expect(stepOf("production")).toMatchObject({ percent: 50, status: "in-progress" });
    expect(stepOf("pre-production")).toMatchObject({ percent: 33 });
    expect((await admin.request(`/api/items/${itemIds[1]}`, { method: "DELETE" })).status).toBe(200);
    expect(stepOf("production")).toMatchObject({ percent: 100, status: "completed" });
    expect(audits("complete-on-floor").map((a) => JSON.parse(a.after).note)).toContain("Completed on the floor: the one item through Production");
  });

  test("a step none of the project's items go through is completed, and its audit row says so", async () => {
    await post(admin, "/api/categories", { name: "Decal", departmentSequence: ["pre-production", "installation"] });
    for (const id of itemIds) expect((await post(admin, `/api/items/${id}`, { category: "Decal" }, "PATCH")).status).toBe(200);
    expect(stepOf("production")).toMatchObject({ percent: 100, status: "completed" });
    expect(stepOf("pre-production")).toMatchObject({ percent: 0, status: "pending" });
    expect(audits("complete-on-floor").map((a) => JSON.parse(a.after).note)).toEqual([
      `Completed on the floor: none of the ${itemIds.length} items go through Production`,
    ]);
    // Its row on the project page says why it reads 100% with nothing done; the others do not.
    const page = await pm.request(`/projects/${projectId}`);
    const html = await page.text();
    const notNeeded = [...html.matchAll(/data-testid="step-not-needed"/g)];
    expect(notNeeded).toHaveLength(1);
    const row = html.slice(html.lastIndexOf("<tr", html.indexOf('data-testid="step-not-needed"')), html.indexOf('data-testid="step-not-needed"'));
    expect(row).toContain("Production");
    expect(row).not.toContain("Pre-Production");
    expect(await visibleHtml(await pm.request(`/projects/${projectId}`))).toContain("Not needed: no item goes through it");
  });

  test("a category's new department sequence moves the steps of the active projects with its items", async () => {
    for (const id of itemIds) await work(id);
    expect(stepOf("production")).toMatchObject({ percent: 0, status: "pending" });
    const banner = (await admin.request("/api/categories").then((r) => r.json())) as { id: number; name: string; version: number }[];
    const { id } = banner.find((c) => c.name === "Banner")!;
    // Banners no longer go to Production: nothing of the project needs it.
    expect((await post(admin, `/api/categories/${id}`, { departmentSequence: ["pre-production", "installation"] }, "PATCH")).status).toBe(200);
    expect(stepOf("production")).toMatchObject({ percent: 100, status: "completed" });
    expect(audits("complete-on-floor").map((a) => JSON.parse(a.after).note)).toContain(
      `Completed on the floor: none of the ${itemIds.length} items go through Production`,
    );
    // And back: both items are in Production, not past it.
    expect((await post(admin, `/api/categories/${id}`, { departmentSequence: ["pre-production", "production", "installation"] }, "PATCH")).status).toBe(200);
    expect(stepOf("production")).toMatchObject({ percent: 0, status: "pending" });
    expect(stepOf("pre-production")).toMatchObject({ percent: 100, status: "completed" });
  });

  test("a step set by hand keeps its value while the floor moves; 'Follow the floor' gives it back", async () => {
    const production = stepOf("production");
    expect((await post(pm, `/api/workflow-steps/${production.id}`, { percentComplete: 100 }, "PATCH")).status).toBe(200);
    expect(stepOf("production")).toMatchObject({ percent: 100, status: "completed", setByHand: true });
    await work(itemIds[0]!);
    await work(itemIds[0]!);
    expect(stepOf("production")).toMatchObject({ percent: 100, setByHand: true });
    expect(stepOf("pre-production")).toMatchObject({ percent: 50, setByHand: false });
    const page = await visibleHtml(await pm.request(`/projects/${projectId}`));
    expect(page).toContain("Set by hand");
    const res = await pm.request(`/projects/${projectId}`, { method: "POST", form: { intent: "follow-floor", stepId: String(production.id) } });
    expect(res.status).toBe(302);
    expect(stepOf("production")).toMatchObject({ percent: 50, status: "in-progress", setByHand: false });
    expect(audits("follow-floor")).toHaveLength(1);
    // The floor's key alone may not change a project.
    expect((await james.request(`/projects/${projectId}`, { method: "POST", form: { intent: "follow-floor", stepId: String(production.id) } })).status).toBe(
      403,
    );
  });

  test("a stop reads the project's items in one statement, however many there are", () => {
    const actor = { id: null, name: "Scanner" };
    const stop = (id: number) => {
      hooks.startTimer(id, actor);
      return captureStatements(() => hooks.endTimer(id, actor)).map((q) => q.sql);
    };
    const few = stop(itemIds[0]!);
    getDb()
      .$client.query(
        `INSERT INTO items (name, category, material, quantity, department, project_id) SELECT 'More ' || n.value, 'Banner', 'Vinyl', 1, 'pre-production', ?
         FROM json_each(?) n`,
      )
      .run(projectId, JSON.stringify(Array.from({ length: 60 }, (_, i) => i)));
    const many = stop(itemIds[1]!);
    expect(many.length).toBe(few.length);
    expect(many.filter((q) => /FROM items i WHERE i.project_id/.test(q))).toHaveLength(1);
  });
});

describe("items finish", () => {
  test("the stop in the last department finishes the item (toast 'Final Department'), shown on its pages", async () => {
    const id = itemIds[0]!;
    await work(id);
    await work(id);
    expect(item(id).finishedAt).toBeNull();
    const last = await work(id);
    expect(last).toMatchObject({ finalDepartment: true, department: "installation" });
    expect((last.toast as { title: string }).title).toBe("Final Department");
    const row = item(id);
    expect(row.finishedAt).toBeInstanceOf(Date);
    expect(row.finishedBy).toBe(getDb().select().from(schema.teamMembers).where(eq(schema.teamMembers.name, "James Carter")).get()!.id);
    for (const path of [`/items/${id}`, `/qr/${id}`]) expect(await visibleHtml(await james.request(path))).toMatch(/Finished \w{3} \d+, \d{4} by James Carter/);
    // It counts as done, and leaves the work list.
    const metrics = (await (await admin.request("/api/projects-with-metrics")).json()).find((p: { id: number }) => p.id === projectId);
    expect(metrics.completedItems).toBe(1);
    const list = (await (await admin.request("/api/work/installation")).json()) as { items: { id: number }[]; waiting: number };
    expect(list).toMatchObject({ items: [], waiting: 0 });
  });

  test("a finished item refuses a scan, a start and the /qr page's Start with 409, and nothing changes", async () => {
    const id = itemIds[0]!;
    for (let i = 0; i < 3; i++) await work(id);
    // A while after the finishing stop: at once, the same member's scan is a second read of it (scan-edges.test.ts).
    ageLastStop(id);
    const before = item(id);
    const logCount = () => getDb().select().from(schema.timerLogs).where(eq(schema.timerLogs.itemId, id)).all().length;
    const logs = logCount();
    const scan = await post(james, "/api/scans", { code: `/qr/${id}` });
    expect(scan.status).toBe(409);
    // James has no project keys: the floor's screens tell him who can reopen it; the plain API says the spec's sentence.
    expect(scan.json.message).toBe(`${FINISHED} Ask someone who can change projects to reopen it.`);
    const start = await post(james, `/api/items/${id}/start-timer`);
    expect(start).toEqual({ status: 409, json: { message: FINISHED } });
    expect((await post(james, `/api/items/${id}/end-timer`)).json.message).toBe(FINISHED);
    // The /qr/{id} form (the same post with and without JavaScript) and the QR Timer's form without JavaScript.
    const qr = await james.request(`/qr/${id}`, { method: "POST", form: { intent: "start" } });
    expect(qr.status).toBe(409);
    expect(await visibleHtml(qr)).toContain(FINISHED);
    const timer = await james.request("/qr-scanner", { method: "POST", form: { code: `/qr/${id}` } });
    expect(timer.status).toBe(302);
    expect(await visibleHtml(await james.request("/qr-scanner"))).toContain(FINISHED);
    expect(item(id)).toEqual(before);
    expect(logCount()).toBe(logs);
  });

  test("Reopen puts a finished item back in its last department, unfinished, audited; it needs the project keys", async () => {
    const id = itemIds[0]!;
    for (let i = 0; i < 3; i++) await work(id);
    expect((await post(james, `/api/items/${id}/reopen`)).status).toBe(403);
    const reopened = await post(pm, `/api/items/${id}/reopen`);
    expect(reopened.status).toBe(200);
    expect(item(id)).toMatchObject({ finishedAt: null, finishedBy: null, department: "installation" });
    expect(audits("reopen").map((a) => a.entity)).toEqual(["item"]);
    expect(stepOf("installation")).toMatchObject({ percent: 0 });
    // Back on Installation's work list, waiting.
    const list = (await (await admin.request("/api/work/installation")).json()) as { items: { id: number }[] };
    expect(list.items.map((i) => i.id)).toEqual([id]);
    // Not finished now: a second Reopen is refused, and a scan starts it again.
    expect((await post(pm, `/api/items/${id}/reopen`)).status).toBe(409);
    expect((await post(james, `/api/items/${id}/start-timer`)).status).toBe(200);
  });
});

describe("projects complete themselves", () => {
  test("the last stop completes the project once, with one project.completed webhook; reopening an item reopens it", async () => {
    const hook = new URLSearchParams({ name: "ERP", url: "http://10.0.0.5/hook", events: "project.completed" });
    const made = await admin.request("/settings/webhooks", { method: "POST", body: hook, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(made.status).toBe(302);
    await finishAll();
    expect(steps().every((s) => s.status === "completed" && s.percent === 100)).toBe(true);
    expect(project()).toMatchObject({ status: "completed" });
    expect(project().completedAt).toBeInstanceOf(Date);
    expect(completedWebhooks()).toBe(1);
    // Out of Active counts and work lists.
    expect(hooks.projectSummary().active).toBe(0);
    // Further writes that move nothing complete nothing again.
    expect((await post(pm, `/api/workflow-steps/${stepOf("production").id}`, { notes: "done" }, "PATCH")).status).toBe(200);
    expect(completedWebhooks()).toBe(1);
    // Reopening one of its items makes it active again; finishing that item completes it once more (a second event).
    expect((await post(pm, `/api/items/${itemIds[1]}/reopen`)).status).toBe(200);
    expect(project()).toMatchObject({ status: "active", completedAt: null });
    await work(itemIds[1]!);
    expect(project().status).toBe("completed");
    expect(completedWebhooks()).toBe(2);
  });

  test("two items finishing in one batch of scans complete the project once", async () => {
    const hook = new URLSearchParams({ name: "ERP", url: "http://10.0.0.5/hook", events: "project.completed" });
    await admin.request("/settings/webhooks", { method: "POST", body: hook, headers: { "content-type": "application/x-www-form-urlencoded" } });
    for (let round = 0; round < 2; round++) for (const id of itemIds) await work(id);
    for (const id of itemIds) expect((await post(james, `/api/items/${id}/start-timer`)).status).toBe(200);
    const stops = await Promise.all(itemIds.map((id) => post(james, `/api/items/${id}/end-timer`)));
    expect(stops.map((s) => s.status)).toEqual([200, 200]);
    expect(project().status).toBe("completed");
    expect(completedWebhooks()).toBe(1);
  });

  test("Reopen project makes it active again, audited; it needs the project keys; an active project is refused", async () => {
    await finishAll();
    expect((await post(james, `/api/projects/${projectId}/reopen`)).status).toBe(403);
    const res = await post(pm, `/api/projects/${projectId}/reopen`);
    expect(res.status).toBe(200);
    expect(project()).toMatchObject({ status: "active", completedAt: null });
    expect(audits("reopen").map((a) => [a.entity, a.entityId])).toEqual([["project", String(projectId)]]);
    expect(hooks.projectSummary().active).toBe(1);
    expect((await post(pm, `/api/projects/${projectId}/reopen`)).status).toBe(409);
    // The page keeps saying what makes it work again (the toast is gone with the next page), with Add Item for those
    // who may add one.
    const NOTE = "The project completes by itself once every workflow step is completed too. For more work, reopen an item on its page, or add one.";
    const page = await visibleHtml(await pm.request(`/projects/${projectId}`));
    expect(page).toContain("Every item is finished");
    expect(page).toContain(NOTE);
    expect(page).toContain(`href="/projects/${projectId}?dialog=add-item"`);
    expect(await visibleHtml(await james.request(`/projects/${projectId}`))).toContain(NOTE);
    // Reopen an item: there is work again, and the note goes.
    expect((await post(pm, `/api/items/${itemIds[0]}/reopen`)).status).toBe(200);
    expect(await visibleHtml(await pm.request(`/projects/${projectId}`))).not.toContain(NOTE);
  });

  test("the page says when it completed against the due date, in working days: early, on the date, late", async () => {
    await finishAll();
    const page = async () => visibleHtml(await pm.request(`/projects/${projectId}`));
    expect(await page()).toContain("Workflow Steps");
    // Noon in Chicago: completed Tuesday, Dec 8, 2026.
    const set = (completedAt: string, endDate: string | null) =>
      getDb()
        .update(schema.projects)
        .set({ completedAt: new Date(completedAt), endDate: endDate === null ? null : new Date(endDate) })
        .where(eq(schema.projects.id, projectId))
        .run();
    set("2026-12-08T18:00:00Z", "2026-12-10T18:00:00Z");
    expect(await page()).toContain("Completed Tue, Dec 8 — 2 working days early");
    set("2026-12-08T18:00:00Z", "2026-12-08T18:00:00Z");
    expect(await page()).toContain("Completed Tue, Dec 8 — on the due date");
    // Due Friday the 4th: late by Monday and Tuesday.
    set("2026-12-08T18:00:00Z", "2026-12-04T18:00:00Z");
    expect(await page()).toContain("Completed Tue, Dec 8 — 2 working days late");
    // No due date of its own: the last step's end date.
    getDb()
      .update(schema.projectWorkflowSteps)
      .set({ endDate: new Date("2026-12-07T18:00:00Z") })
      .run();
    set("2026-12-08T18:00:00Z", null);
    expect(await page()).toContain("Completed Tue, Dec 8 — 1 working day late");
  });

  test("flow analytics count on-time and late by the completion date against the due date", async () => {
    await finishAll();
    const due = Date.parse("2026-12-10T18:00:00Z");
    const range = { from: due - 86_400_000, to: due + 86_400_000 };
    getDb()
      .update(schema.projects)
      .set({ endDate: new Date(due), completedAt: new Date(due - 3_600_000) })
      .run();
    expect(flowAnalytics(range, [], due + 30 * 86_400_000).projects).toMatchObject({ onTime: 1, late: 0 });
    // Completed the day after its due day: late, whatever its items' stop times say.
    getDb()
      .update(schema.projects)
      .set({ completedAt: new Date(due + 86_400_000) })
      .run();
    expect(flowAnalytics(range, [], due + 30 * 86_400_000).projects).toMatchObject({ onTime: 0, late: 1 });
    // Not completed and past its day: overdue.
    getDb().update(schema.projects).set({ status: "active", completedAt: null }).run();
    expect(flowAnalytics(range, [], due + 30 * 86_400_000).projects).toMatchObject({ onTime: 0, late: 0, overdue: 1 });
  });
});

describe("the QR Timer's scans", () => {
  test("scans through /api/scans move the steps and finish the item in its last department", async () => {
    const id = itemIds[0]!;
    for (let i = 0; i < 3; i++) {
      expect((await post(james, "/api/scans", { code: `/qr/${id}` })).status).toBe(200);
      ageSession(id);
      expect((await post(james, "/api/scans", { code: `/qr/${id}` })).status).toBe(200);
      ageLastStop(id);
    }
    expect(item(id).finishedAt).toBeInstanceOf(Date);
    expect(steps().map((s) => s.percent)).toEqual([50, 50, 50]);
  });
});
