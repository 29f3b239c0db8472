import { beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { visibleHtml } from "../helpers/app";
import { open } from "../helpers/html-form";
import { seedShop, type Shop } from "../helpers/shop";
import { zoneDate } from "~/domain/dates";

// 'Plan the steps' (docs/product.md, Decisions: Due dates): the project page fills its steps' empty dates backwards
// from the due date, from the forecast's figures, as a form post with JavaScript and without; never over a date a
// person set; refused without a due date and to members who may not change projects; audited.
//
// The shop: Design → Production → Installation, one person each; Production's person works 1 hour a day (so its
// work takes days). Storefront has two Banners (no session timed yet: 1 hour each per department) and is due Friday
// Dec 20 2030; another project's Banner, due a week sooner, waits in Production (1 hour of queue). Each step is as
// long as the forecast expects the Banner that finishes last to spend there (its wait and its work): Design 1 hour,
// Production 20 working hours (its wait behind the other two Banners, then its own hour at 1 hour a day),
// Installation 1 hour, backwards from Friday's end in Chicago.

const PLANNED = "Planned 3 steps: Design Dec 18, Production Dec 18 – Dec 20, Installation Dec 20.";
/** Noon in Chicago (winter, UTC-6) of a day: how step dates are stored (docs/product.md §5 Step dates). */
const noon = (day: string) => new Date(`${day}T18:00:00.000Z`);

type Members = "pm" | "floor";
let shop: Shop<Members>;
let projectId: number;

beforeEach(async () => {
  shop = await seedShop({
    ipBase: "10.48.1",
    members: {
      pm: { name: "Pat PM", pin: "1111", keys: ["management"] },
      floor: { name: "Flo Floor", pin: "2222", keys: ["production"] },
    },
    departments: ["Design", "Production", "Installation"],
    categories: [{ name: "Banner", departmentSequence: ["design", "production", "installation"] }],
    workflow: { name: "Print", departmentSequence: ["design", "production", "installation"] },
    projects: [{ name: "Storefront" }, { name: "Other job" }],
    items: [
      { name: "Banner A", category: "Banner" },
      { name: "Banner B", category: "Banner" },
      { name: "Queued", category: "Banner", department: "production", project: 1 },
    ],
  });
  projectId = shop.projectIds[0]!;
  const production = shop.app.db.select().from(schema.departments).where(eq(schema.departments.value, "production")).get()!;
  const patched = await shop.clients.pm.request(`/api/departments/${production.id}`, { method: "PATCH", json: { capacityHours: 1 } });
  expect(patched.status).toBe(200);
  // The due dates, as Edit Project or an order import sets them: noon of the day in the shop's zone. The other job
  // is due first, so Production takes its Banner before Storefront's.
  dueOn(projectId, "2030-12-20");
  dueOn(shop.projectIds[1]!, "2030-12-13");
});

const dueOn = (id: number, day: string) =>
  shop.app.db
    .update(schema.projects)
    .set({ endDate: noon(day) })
    .where(eq(schema.projects.id, id))
    .run();

const steps = () =>
  shop.app.db
    .select({ department: schema.projectWorkflowSteps.department, start: schema.projectWorkflowSteps.startDate, end: schema.projectWorkflowSteps.endDate })
    .from(schema.projectWorkflowSteps)
    .innerJoin(schema.projectWorkflowInstances, eq(schema.projectWorkflowInstances.id, schema.projectWorkflowSteps.projectWorkflowInstanceId))
    .where(eq(schema.projectWorkflowInstances.projectId, projectId))
    .orderBy(schema.projectWorkflowSteps.sortOrder, schema.projectWorkflowSteps.id)
    .all()
    .map((s) => [s.department, s.start?.toISOString() ?? null, s.end?.toISOString() ?? null]);
const planAudits = () => shop.app.db.$client.query("SELECT entity, actor_name AS who FROM audit_log WHERE action = 'plan-steps'").all();

describe("Plan the steps", () => {
  test("without JavaScript: offered on the page, the form post fills every empty date and says what it set", async () => {
    const page = await open(shop.clients.pm, `/projects/${projectId}`);
    expect(page.textOf("#plan-steps")).toContain("Due Fri, Dec 20");
    expect(page.textOf("#plan-steps")).toContain("The steps have no dates yet.");
    const after = await page.form({ button: "Plan the steps" }).submit("Plan the steps");
    expect(after.url.pathname).toBe(`/projects/${projectId}`);
    expect(after.text()).toContain(PLANNED);
    expect(steps()).toEqual([
      ["design", noon("2030-12-18").toISOString(), noon("2030-12-18").toISOString()],
      ["production", noon("2030-12-18").toISOString(), noon("2030-12-20").toISOString()],
      ["installation", noon("2030-12-20").toISOString(), noon("2030-12-20").toISOString()],
    ]);
    expect(planAudits()).toEqual(Array(3).fill({ entity: "workflow-step", who: "Pat PM" }));
    // Every date set: nothing left to offer.
    expect(after.$("#plan-steps")).toBeNull();
  });

  test("with JavaScript (a data request): the same post answers a redirect with the toast", async () => {
    const res = await shop.clients.pm.request(`/projects/${projectId}.data`, { method: "POST", form: { intent: "plan-steps" } });
    expect(res.status).toBeLessThan(400);
    expect(steps().every(([, start, end]) => start !== null && end !== null)).toBe(true);
    expect(await visibleHtml(await shop.clients.pm.request(`/projects/${projectId}`))).toContain(PLANNED);
  });

  test("a queue Production works after Storefront is not charged: a later due date, or Storefront made rush", async () => {
    const plan = async () => (await shop.clients.pm.request(`/projects/${projectId}.data`, { method: "POST", form: { intent: "plan-steps" } })).status;
    const production = () => steps().find(([d]) => d === "production")!;
    const clear = () =>
      shop.app.db.$client.run(
        "UPDATE project_workflow_steps SET start_date = NULL, end_date = NULL WHERE project_workflow_instance_id IN (SELECT id FROM project_workflow_instances WHERE project_id = ?)",
        [projectId],
      );
    // Its 2 hours without the other job's hour: 16 working hours, from Wednesday.
    const without = [noon("2030-12-18").toISOString(), noon("2030-12-20").toISOString()];
    dueOn(shop.projectIds[1]!, "2030-12-27");
    expect(await plan()).toBeLessThan(400);
    expect(production().slice(1)).toEqual(without);
    // Due first again, but Storefront is rush: rush goes first whatever the dates.
    dueOn(shop.projectIds[1]!, "2030-12-13");
    clear();
    expect((await shop.clients.pm.request(`/api/projects/${projectId}`, { method: "PATCH", json: { priority: "rush" } })).status).toBe(200);
    expect(await plan()).toBeLessThan(400);
    expect(production().slice(1)).toEqual(without);
  });

  test("a project the forecast finishes by its due date is planned within it, however long the queues it will find worked off", async () => {
    const pm = shop.clients.pm;
    // Ten of the other job's Banners wait in Installation, due before Storefront (so ahead of its Banners there), and
    // worked off long before those get there.
    dueOn(shop.projectIds[1]!, zoneDate(Date.now() - 86_400_000, "America/Chicago"));
    for (let i = 0; i < 10; i++) {
      const res = await pm.request("/api/items", {
        method: "POST",
        json: { name: `Queued ${i}`, category: "Banner", projectId: shop.projectIds[1], department: "installation" },
      });
      expect(res.status).toBe(201);
    }
    const forecast = (await (await pm.request(`/api/projects/${projectId}/forecast`)).json()) as { expectedFinish: string };
    // Due the day the forecast expects it finished: the plan fits exactly.
    const due = zoneDate(new Date(forecast.expectedFinish), "America/Chicago");
    dueOn(projectId, due);
    const res = await pm.request(`/projects/${projectId}`, { method: "POST", form: { intent: "plan-steps" } });
    expect(res.status).toBe(302);
    const toast = await visibleHtml(await pm.request(res.headers.get("location")!));
    expect(toast).toContain("Planned 3 steps:");
    expect(toast).not.toContain("cannot all end by the due date");
    for (const [, start, end] of steps()) {
      expect(end! <= noon(due).toISOString()).toBe(true);
      expect(new Date(start!).getTime()).toBeGreaterThanOrEqual(noon(zoneDate(new Date(), "America/Chicago")).getTime() - 86_400_000);
    }
  });

  test("never overwrites a date a person set; the steps before it are planned from it; a second plan sets nothing", async () => {
    const production = shop.app.db
      .select({ id: schema.projectWorkflowSteps.id })
      .from(schema.projectWorkflowSteps)
      .innerJoin(schema.projectWorkflowInstances, eq(schema.projectWorkflowInstances.id, schema.projectWorkflowSteps.projectWorkflowInstanceId))
      .where(and(eq(schema.projectWorkflowInstances.projectId, projectId), eq(schema.projectWorkflowSteps.department, "production")))
      .get()!;
    const typed = await shop.clients.pm.request(`/api/workflow-steps/${production.id}`, { method: "PATCH", json: { endDate: "2030-12-16" } });
    expect(typed.status).toBe(200);
    const res = await shop.clients.pm.request(`/projects/${projectId}`, { method: "POST", form: { intent: "plan-steps" } });
    expect(res.status).toBe(302);
    // Production ends Monday Dec 16 as typed: its 20 working hours start Thursday Dec 12, and Design's hour ends there.
    expect(steps()).toEqual([
      ["design", noon("2030-12-12").toISOString(), noon("2030-12-12").toISOString()],
      ["production", noon("2030-12-12").toISOString(), noon("2030-12-16").toISOString()],
      ["installation", noon("2030-12-20").toISOString(), noon("2030-12-20").toISOString()],
    ]);
    const again = await shop.clients.pm.request(`/projects/${projectId}`, { method: "POST", form: { intent: "plan-steps" } });
    expect(again.status).toBe(302);
    expect(await visibleHtml(await shop.clients.pm.request(again.headers.get("location")!))).toContain("Nothing to plan: every step already has its dates.");
    expect(planAudits()).toHaveLength(3);
  });

  test("no step is planned before the project's start date: laid out from it, and the toast says the last ends late", async () => {
    // Starting Thursday Dec 19: Design's 2 hours that morning, Production's 24 working hours from 10:00 on to
    // Wednesday Dec 25's 10:00 (weekends skipped), Installation's 2 hours after it.
    shop.app.db
      .update(schema.projects)
      .set({ startDate: noon("2030-12-19") })
      .where(eq(schema.projects.id, projectId))
      .run();
    const res = await shop.clients.pm.request(`/projects/${projectId}`, { method: "POST", form: { intent: "plan-steps" } });
    expect(res.status).toBe(302);
    const planned = steps();
    expect(planned.every(([, start]) => start! >= noon("2030-12-19").toISOString())).toBe(true);
    expect(planned[0]).toEqual(["design", noon("2030-12-19").toISOString(), noon("2030-12-19").toISOString()]);
    const last = planned.at(-1)![2]!;
    expect(last > noon("2030-12-20").toISOString()).toBe(true);
    const toastText = await visibleHtml(await shop.clients.pm.request(res.headers.get("location")!));
    expect(toastText).toContain("At the shop's pace they cannot all end by the due date: the last ends");
  });

  test("without a due date: a readable refusal, nothing written", async () => {
    shop.app.db.update(schema.projects).set({ endDate: null }).where(eq(schema.projects.id, projectId)).run();
    const page = await open(shop.clients.pm, `/projects/${projectId}`);
    expect(page.textOf("#plan-steps")).toContain("Set a due date");
    expect(page.forms().some((f) => f.submitButtons().some((b) => b.textContent?.includes("Plan the steps")))).toBe(false);
    const res = await shop.clients.pm.request(`/projects/${projectId}`, { method: "POST", form: { intent: "plan-steps" } });
    expect(res.status).toBe(400);
    expect(await visibleHtml(res)).toContain("Set a due date first");
    expect(steps().every(([, start, end]) => start === null && end === null)).toBe(true);
    expect(planAudits()).toHaveLength(0);
  });

  test("a member who may not change projects is not offered it and is refused", async () => {
    const page = await open(shop.clients.floor, `/projects/${projectId}`);
    expect(page.$("#plan-steps")).toBeNull();
    const res = await shop.clients.floor.request(`/projects/${projectId}`, { method: "POST", form: { intent: "plan-steps" } });
    expect(res.status).toBe(403);
    expect(steps().every(([, start, end]) => start === null && end === null)).toBe(true);
  });
});
