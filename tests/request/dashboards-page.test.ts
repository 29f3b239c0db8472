import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { type createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { countStatements } from "../helpers/app";
import { seedShop } from "../helpers/shop";

const { forgetPreparedForTests, getDb, forecastStatus } = hooks;

// docs/product.md §2 Project Workflow overview, Department Views and Pre-Production Dashboard over HTTP.

let app: ReturnType<typeof createApp>;
let admin: Client;
let designer: Client;
let floor: Client;
let designerId: number;
let wfId: number;

beforeEach(async () => {
  const sequence = ["pre-production", "production", "installation"];
  ({
    app,
    clients: { admin, designer, floor },
    memberIds: { designer: designerId },
    workflowId: wfId,
  } = await seedShop({
    ipBase: "10.5.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      designer: { name: "Dana Designer", pin: "1111", keys: ["pre-production"] },
      floor: { name: "Fay Floor", pin: "2222", keys: ["production"] },
    },
    departments: ["Pre-Production", "Production", "Installation"],
    categories: [{ name: "Letters", departmentSequence: sequence }],
    workflow: { name: "Channel Letters Flow", description: "Letters from design to install", departmentSequence: sequence },
  }));
});

const newProject = async (name: string, priority = "medium") => {
  const p = await (
    await admin.request("/api/projects", { method: "POST", json: { name, description: `${name} description`, priority, workflowId: wfId } })
  ).json();
  return p.id as number;
};
/** Assigns the designer to the project's Pre-Production step (as its assignee) with dates. */
const assign = (projectId: number, start: string | null, end: string | null, how: "lead" | "team" = "lead") => {
  const step = getDb()
    .select({ id: schema.projectWorkflowSteps.id })
    .from(schema.projectWorkflowSteps)
    .innerJoin(schema.projectWorkflowInstances, eq(schema.projectWorkflowInstances.id, schema.projectWorkflowSteps.projectWorkflowInstanceId))
    .where(eq(schema.projectWorkflowInstances.projectId, projectId))
    .all()
    .find(() => true)!;
  getDb()
    .update(schema.projectWorkflowSteps)
    .set({ startDate: start ? new Date(start) : null, endDate: end ? new Date(end) : null, assignedTeamMemberId: how === "lead" ? designerId : null })
    .where(eq(schema.projectWorkflowSteps.id, step.id))
    .run();
  if (how === "team") getDb().insert(schema.stepAssignments).values({ projectWorkflowStepId: step.id, teamMemberId: designerId, assignedAt: new Date() }).run();
};

describe("/workflows", () => {
  test("each workflow with its sequence and counts from one grouped query; the Standard card; the settings link", async () => {
    const p = await newProject("Acme");
    for (const [dept, running] of [
      ["pre-production", true],
      ["production", false],
      ["installation", false],
      ["installation", false],
    ] as const) {
      await admin.request("/api/items", { method: "POST", json: { name: `I-${dept}`, category: "Letters", projectId: p, department: dept } });
      if (running) getDb().update(schema.items).set({ isTimerActive: true, currentSessionStart: new Date() }).where(eq(schema.items.department, dept)).run();
    }
    getDb().insert(schema.items).values({ name: "Loose", category: "Letters", projectId: p, workflowId: null, department: "installation" }).run();
    const res = await floor.request("/workflows");
    expect(res.status).toBe(200);
    const html = await visibleHtml(res);
    for (const t of [
      "Channel Letters Flow",
      "Letters from design to install",
      "Pre-Production",
      "Production",
      "Installation",
      "Standard Manufacturing Process",
      'href="/settings?tab=workflows"',
      ">Project Workflows</h1>",
      "Manage workflows in Settings",
    ]) {
      expect(html).toContain(t);
    }
    const card = html.slice(html.indexOf("Channel Letters Flow"), html.indexOf("Standard Manufacturing Process"));
    expect(card).toMatch(/Total items<\/dt><dd[^>]*>4</);
    expect(card).toMatch(/Running<\/dt><dd[^>]*>1</);
    expect(card).toMatch(/Completed<\/dt><dd[^>]*>2</);
    const standard = html.slice(html.indexOf("Standard Manufacturing Process"));
    expect(standard).toMatch(/Total items<\/dt><dd[^>]*>1</);
    expect(standard).toMatch(/Completed<\/dt><dd[^>]*>1</);
  });

  test("signed out: Access Denied", async () => {
    expect((await app.client("10.5.0.9").request("/workflows")).status).toBe(401);
  });
});

describe("/department-views", () => {
  test("signed out: the spec's alert text with a Login link", async () => {
    const res = await app.client("10.5.0.9").request("/department-views");
    expect(res.status).toBe(401);
    const html = await visibleHtml(res);
    expect(html).toContain("Please login first using the Login button in the header to access department views.");
    expect(html).toContain("/login?redirectTo=%2Fdepartment-views");
  });

  test("four cards, linking the ones the member may open; a Pre-Production member goes straight to /pre-production", async () => {
    const html = await visibleHtml(await floor.request("/department-views"));
    for (const to of ["/production", "/projects"]) expect(html).toContain(`href="${to}"`);
    for (const to of ["/pre-production", "/fabrication"]) expect(html).not.toContain(`href="${to}"`);
    for (const t of ["Pre-Production", "Production", "Fabrication", "Project Management"]) expect(html).toContain(t);
    getDb().update(schema.teamMembers).set({ department: "Pre-Production" }).where(eq(schema.teamMembers.id, designerId)).run();
    const res = await designer.request("/department-views");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/pre-production");
  });
});

describe("/pre-production", () => {
  test("past 50 assigned projects the list has pages; the counts cover them all; sorting and searching start at page 1", async () => {
    // 120 projects, each with the designer on its Pre-Production step.
    for (let i = 1; i <= 120; i++) {
      const id = await newProject(`Bulk ${String(i).padStart(3, "0")}`, i % 10 === 0 ? "rush" : "medium");
      assign(id, null, null);
    }
    const first = await visibleHtml(await designer.request("/pre-production?sort=name&dir=asc"));
    expect(first).toContain("Showing 1–50 of 120");
    expect(first).toContain("Bulk 001");
    expect(first).not.toContain("Bulk 051");
    expect(first).toMatch(/Number of Projects Currently Assigned[\s\S]*?120/);
    expect(first).toMatch(/Number of Rush Projects Assigned[\s\S]*?12/);
    const third = await visibleHtml(await designer.request("/pre-production?sort=name&dir=asc&page=3"));
    expect(third).toContain("Showing 101–120 of 120");
    expect(third).toContain("Bulk 120");
    expect(third).not.toContain("Bulk 100");
    // A page past the end shows the last one; the header links and the search drop the page.
    const past = await designer.request("/pre-production?sort=name&dir=asc&page=99");
    const pastHtml = await past.text();
    expect(pastHtml).toContain("Showing 101–120 of 120");
    expect(pastHtml).toContain('href="/pre-production?sort=name&amp;dir=desc"');
    const search = await visibleHtml(await designer.request("/pre-production?q=Bulk%2011&page=2"));
    expect(search).toContain("Bulk 110");
    expect(search).not.toContain("Showing");
  });

  test("signed out: 'Please log in to view your assigned projects'; without the key: Access Denied", async () => {
    const out = await app.client("10.5.0.9").request("/pre-production");
    expect(out.status).toBe(401);
    expect(await visibleHtml(out)).toContain("Please log in to view your assigned projects");
    expect((await floor.request("/pre-production")).status).toBe(403);
  });

  test("nothing assigned: the empty message; the list is never cached", async () => {
    await newProject("Unassigned");
    const res = await designer.request("/pre-production");
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await visibleHtml(res);
    expect(html).toContain("No Pre Production projects assigned to you");
    expect(html).toContain("Search projects...");
  });

  test("assigned by step assignee or by step assignment; cards count them and the rush ones; dates and badges", async () => {
    const a = await newProject("Alpha", "rush");
    const b = await newProject("Bravo", "low");
    await newProject("Charlie", "high");
    assign(a, "2026-03-02T18:00:00Z", "2026-03-05T18:00:00Z");
    assign(b, null, null, "team");
    const html = await visibleHtml(await designer.request("/pre-production"));
    expect(html).toContain("Number of Projects Currently Assigned");
    expect(html).toMatch(/Currently Assigned<\/p><p[^>]*>2</);
    expect(html).toMatch(/Rush Projects Assigned<\/p><p[^>]*>1</);
    expect(html).toContain("Alpha");
    expect(html).toContain("Bravo");
    expect(html).not.toContain("Charlie");
    expect(html).toContain("Mon, Mar 2");
    expect(html).toContain("Not set");
    expect(html).toContain(`href="/projects/${a}/machine-files"`);
    expect(html).toContain(`href="/projects/${a}?view=design"`);
    expect(html).toContain("bg-red-100"); // rush
    expect(html).toContain("bg-green-100"); // low
  });

  test("search, priority filter and the three-state sort live in the URL; bad values are ignored", async () => {
    const ids: Record<string, number> = {};
    for (const [name, priority, start] of [
      ["Alpha", "low", "2026-03-05T18:00:00Z"],
      ["Bravo", "rush", null],
      ["Charlie", "medium", "2026-03-01T18:00:00Z"],
      ["Delta", "high", "2026-03-03T18:00:00Z"],
    ] as const) {
      ids[name] = await newProject(name, priority);
      assign(ids[name]!, start, null);
    }
    const order = async (query: string) => {
      const html = await visibleHtml(await designer.request(`/pre-production${query}`));
      // Each row's project link, by its address rather than its styling.
      return [...html.matchAll(/<a [^>]*href="\/projects\/\d+"[^>]*>([A-Z][a-z]+)</g)].map((m) => m[1]);
    };
    expect(await order("?sort=priority&dir=asc")).toEqual(["Alpha", "Charlie", "Delta", "Bravo"]);
    expect(await order("?sort=priority&dir=desc")).toEqual(["Bravo", "Delta", "Charlie", "Alpha"]);
    // Missing dates sort as earliest.
    expect(await order("?sort=start&dir=asc")).toEqual(["Bravo", "Charlie", "Delta", "Alpha"]);
    expect(await order("?sort=name&dir=desc")).toEqual(["Delta", "Charlie", "Bravo", "Alpha"]);
    expect(await order("?q=ALP")).toEqual(["Alpha"]);
    expect(await order("?q=description&priority=rush")).toEqual(["Bravo"]);
    const none = await visibleHtml(await designer.request("/pre-production?q=zzz"));
    expect(none).toContain("No projects match your search criteria");
    // Header links: a new column starts ascending; ascending → descending → none.
    const asc = await visibleHtml(await designer.request("/pre-production?sort=name&dir=asc"));
    expect(asc).toContain('href="/pre-production?sort=name&amp;dir=desc"');
    expect(asc).toContain('href="/pre-production?sort=start&amp;dir=asc"');
    const desc = await visibleHtml(await designer.request("/pre-production?sort=name&dir=desc"));
    expect(desc).toContain('href="/pre-production"');
    expect((await designer.request("/pre-production?sort=__proto__&dir=up&priority=urgent")).status).toBe(200);
  });

  test("a failed load says 'Failed to load projects. Please try again.' with a way to retry", async () => {
    getDb().$client.run("DROP TABLE step_assignments");
    const res = await designer.request("/pre-production");
    expect(res.status).toBe(500);
    const html = await visibleHtml(res);
    expect(html).toContain("Failed to load projects");
    expect(html).toContain("Failed to load projects. Please try again.");
    expect(html).toContain('href="/pre-production"');
  });

  test("the same number of statements for 3 assigned projects and for 60", async () => {
    // Each counted request looks its session up, as the first one after a while does.
    // The finish-date forecast (its 'Late risk' list) reads what changed on the first read after it (decision 0038):
    // brought up to date first, so the counts are the page's own.
    const count = () => (
      forecastStatus(), countStatements(async () => expect((await designer.request("/pre-production?sort=priority&dir=desc")).status).toBe(200))
    );
    for (let i = 0; i < 3; i++) assign(await newProject(`S${i}`), null, null);
    const small = await count();
    for (let i = 0; i < 57; i++) assign(await newProject(`L${i}`), null, null);
    const large = await count();
    expect(small).toBeGreaterThan(1);
    expect(large).toBe(small);
  });
});
