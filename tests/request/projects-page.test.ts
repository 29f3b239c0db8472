import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { type createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { countStatements } from "../helpers/app";
import { seedShop } from "../helpers/shop";

const { forgetPreparedForTests, getDb } = hooks;

// docs/product.md §2 Projects list and §5 Project form over HTTP, as a browser without JavaScript uses them.

let app: ReturnType<typeof createApp>;
let pm: Client;
let floor: Client;
let wfId: number;

beforeEach(async () => {
  ({
    app,
    clients: { pm, floor },
    workflowId: wfId,
  } = await seedShop({
    ipBase: "10.4.0",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      pm: { name: "Pat PM", pin: "1111", keys: ["project-management"] },
      floor: { name: "Fay Floor", pin: "2222", keys: ["production"] },
    },
    departments: ["Pre-Production", "Production"],
    workflow: { name: "Standard", departmentSequence: ["pre-production", "production"] },
  }));
});

const post = (c: Client, form: Record<string, string>, path = "/projects") => c.request(path, { method: "POST", form });
const projects = () => getDb().select().from(schema.projects).all();
/** Many projects at once, straight into the table (the list's speed does not depend on how they were made). */
function insertProjects(n: number, prefix = "P") {
  const priorities = ["rush", "high", "medium", "low"] as const;
  getDb()
    .insert(schema.projects)
    .values(
      Array.from({ length: n }, (_, i) => ({
        name: `${prefix}${String(i).padStart(4, "0")}`,
        description: "d",
        priority: priorities[i % 4]!,
        workflowId: wfId,
        workflowName: "Standard",
      })),
    )
    .run();
}

describe("the list", () => {
  test("the header links Flow analytics for those who may open it (Project Management, management), not floor staff", async () => {
    const analyticsLink = /<a[^>]*href="\/analytics"[^>]*>.*?Flow analytics<\/a>/;
    // The Project Management key has no side menu (management's alone): the page's own header is its way in.
    const pmHtml = await visibleHtml(await pm.request("/projects"));
    expect(pmHtml).not.toContain('aria-label="Main menu"');
    expect(pmHtml).toMatch(analyticsLink);
    expect((await pm.request("/analytics")).status).toBe(200);
    const floorHtml = await visibleHtml(await floor.request("/projects"));
    expect(floorHtml).not.toContain('href="/analytics"');
    expect((await floor.request("/analytics")).status).toBe(403);
  });

  test("empty: 'No projects yet' and 'Create Your First Project'; the summary strip counts zero", async () => {
    const res = await pm.request("/projects");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("no-store");
    const html = await visibleHtml(res);
    for (const t of ["Projects", "No projects yet", "Create Your First Project", "New Project", "Active", "Rush", "High", "Medium", "Low"])
      expect(html).toContain(t);
  });

  test("summary strip, table columns, durations per §9, progress", async () => {
    await post(pm, { intent: "create-project", name: "Acme Letters", description: "Front", priority: "rush", workflowId: String(wfId) });
    const id = projects()[0]!.id;
    getDb()
      .insert(schema.items)
      .values({ name: "A", category: "x", projectId: id, totalTimeSeconds: 3 * 3600 + 25 * 60 })
      .run();
    getDb()
      .update(schema.projectWorkflowSteps)
      .set({ status: "completed", percentComplete: 100 })
      .where(eq(schema.projectWorkflowSteps.department, "pre-production"))
      .run();
    insertProjects(3, "Q");
    const html = await visibleHtml(await pm.request("/projects"));
    for (const t of ["Project Name", "Priority", "Total Time", "Progress", "Actions", "Acme Letters", "3h 25m", "0h", "50% · 1/2 steps"])
      expect(html).toContain(t);
    expect(html).toMatch(/Active<\/p><p[^>]*>4</);
    expect(html).toMatch(/Rush<\/p><p[^>]*>2</);
    expect(html).toContain(`href="/projects/${id}"`);
  });

  test("sorting in the URL: priority by weight either way; start date with missing dates first; bad values fall back", async () => {
    insertProjects(8);
    // The name links (each row also has a View link to the same place).
    const names = (html: string) => [...html.matchAll(/href="\/projects\/\d+"[^>]*>([^<]+)</g)].map((m) => m[1]).filter((n) => /^P\d{4}$/.test(n ?? ""));
    const desc = names(await visibleHtml(await pm.request("/projects?sort=priority&dir=desc")));
    const byName = new Map(projects().map((p) => [p.name, p.priority]));
    const weights = { rush: 4, high: 3, medium: 2, low: 1 } as const;
    const w = (n: string | undefined) => weights[byName.get(n!) as keyof typeof weights];
    expect(desc.map(w)).toEqual([...desc.map(w)].sort((a, b) => b - a));
    const asc = names(await visibleHtml(await pm.request("/projects?sort=priority&dir=asc")));
    expect(asc.map(w)).toEqual([...asc.map(w)].sort((a, b) => a - b));
    getDb()
      .update(schema.projects)
      .set({ startDate: new Date("2026-05-01T17:00:00Z") })
      .where(eq(schema.projects.name, "P0001"))
      .run();
    const byStart = names(await visibleHtml(await pm.request("/projects?sort=startDate&dir=asc")));
    expect(byStart.at(-1)).toBe("P0001");
    const odd = await pm.request("/projects?sort=__proto__&dir=sideways&page=-3");
    expect(odd.status).toBe(200);
  });

  test("50 a page with page links; the URL keeps sort and page; a page past the end shows the last", async () => {
    insertProjects(120);
    const first = await visibleHtml(await pm.request("/projects?sort=name&dir=asc"));
    expect(first).toContain("120 projects · page 1 of 3");
    expect(first).toContain("P0000");
    expect(first).not.toContain("P0050");
    expect(first).toContain('href="/projects?sort=name&amp;dir=asc&amp;page=2"');
    const third = await visibleHtml(await pm.request("/projects?sort=name&dir=asc&page=3"));
    expect(third).toContain("P0119");
    expect(third).not.toContain("P0049");
    expect(await visibleHtml(await pm.request("/projects?sort=name&dir=asc&page=99"))).toContain("page 3 of 3");
  });

  test("a production member reads the list without New, Edit or Delete; signed out is refused", async () => {
    insertProjects(2);
    const html = await visibleHtml(await floor.request("/projects"));
    expect(html).toContain("P0000");
    expect(html).not.toContain("New Project");
    expect(html).not.toContain("dialog=edit-project");
    expect((await app.client("10.4.0.9").request("/projects")).status).toBe(401);
  });

  test("the same number of statements for 3 projects and for 120", async () => {
    insertProjects(3);
    await pm.request("/projects");
    const count = () => countStatements(async () => expect((await pm.request("/projects?sort=priority&dir=desc")).status).toBe(200));
    const small = await count();
    insertProjects(117, "R");
    const large = await count();
    expect(small).toBeGreaterThan(3);
    expect(large).toBe(small);
  });
});

describe("create, edit, delete", () => {
  test("create: §5 messages, then /projects/{id} with 'Project created successfully!' and its steps", async () => {
    const bad = await post(pm, { intent: "create-project", name: "", description: "", priority: "urgent", workflowId: "" });
    expect(bad.status).toBe(400);
    const text = await bad.text();
    for (const m of ["Project name is required", "Priority must be one of rush, high, medium, low.", "Project workflow is required"]) expect(text).toContain(m);
    // Optional on Create as on Edit (decision 0048).
    expect(text).not.toContain("Description is required");
    const res = await post(pm, { intent: "create-project", name: "Acme", description: "Front", priority: "high", workflowId: String(wfId) });
    expect(res.status).toBe(302);
    const id = projects()[0]!.id;
    expect(res.headers.get("location")).toBe(`/projects/${id}`);
    const landed = await visibleHtml(await pm.request(res.headers.get("location")!));
    expect(landed).toContain("Project created successfully!");
    expect(landed).toContain("Pre-Production");
  });

  test("edit: only the name and a priority are required; returnTo brings the person back; a stale edit is refused", async () => {
    await post(pm, { intent: "create-project", name: "Acme", description: "Front", priority: "high", workflowId: String(wfId) });
    const p = projects()[0]!;
    const original = JSON.stringify({ name: "Acme", description: "Front", priority: "high", workflowId: wfId });
    const missing = await post(pm, {
      intent: "update-project",
      _id: String(p.id),
      name: "",
      description: "",
      priority: "high",
      workflowId: "",
      _original: original,
    });
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain("Project name is required");
    const res = await post(pm, {
      intent: "update-project",
      _id: String(p.id),
      name: "Acme Signs",
      description: "Front",
      priority: "rush",
      workflowId: String(wfId),
      _original: original,
      returnTo: `/projects/${p.id}`,
    });
    expect(res.headers.get("location")).toBe(`/projects/${p.id}`);
    expect(await visibleHtml(await pm.request(`/projects/${p.id}`))).toContain("Project updated successfully!");
    expect(projects()[0]).toMatchObject({ name: "Acme Signs", priority: "rush", description: "Front" });
    const stale = await post(pm, {
      intent: "update-project",
      _id: String(p.id),
      name: "Other",
      description: "Front",
      priority: "high",
      workflowId: String(wfId),
      _original: original,
    });
    expect(stale.status).toBe(409);
    expect(projects()[0]!.name).toBe("Acme Signs");
    const offsite = await post(pm, {
      intent: "update-project",
      _id: String(p.id),
      name: "Acme Signs",
      description: "Back",
      priority: "rush",
      workflowId: String(wfId),
      returnTo: "//evil.example/x",
    });
    expect(offsite.headers.get("location")).toBe("/projects");
  });

  test("delete: the dialog says it cannot be undone and takes the items; then 'Project deleted successfully!'", async () => {
    await post(pm, { intent: "create-project", name: "Acme", description: "Front", priority: "high", workflowId: String(wfId) });
    const p = projects()[0]!;
    getDb().insert(schema.items).values({ name: "A", category: "x", projectId: p.id }).run();
    const dialog = await visibleHtml(await pm.request(`/projects?dialog=delete-project&id=${p.id}`));
    expect(dialog).toContain("This action cannot be undone. All items of this project will also be deleted.");
    const res = await post(pm, { intent: "delete-project", _id: String(p.id), returnTo: `/projects/${p.id}` });
    expect(res.headers.get("location")).toBe("/projects");
    expect(await visibleHtml(await pm.request("/projects"))).toContain("Project deleted successfully!");
    expect(projects()).toHaveLength(0);
    expect(getDb().select().from(schema.items).all()).toHaveLength(0);
    const again = await post(pm, { intent: "delete-project", _id: String(p.id) });
    expect(again.status).toBe(404);
  });

  test("a session that ends while Edit Project is open: 401; with JavaScript the PIN retry with what was typed", async () => {
    await post(pm, { intent: "create-project", name: "Acme", description: "Front", priority: "high", workflowId: String(wfId) });
    const p = projects()[0]!;
    await pm.request("/logout", { method: "POST" });
    const form = { intent: "update-project", _id: String(p.id), name: "Typed by Pat", description: "Front", priority: "high", workflowId: String(wfId) };
    // With JavaScript (a data request) the answer asks for the PIN, keeps the typed name and names the project.
    const js = await post(pm, form, "/projects.data");
    expect(js.status).toBe(401);
    const text = await js.text();
    expect(text).toContain('"reauth",true');
    expect(text).toContain("Typed by Pat");
    expect(text).toContain("Your session has ended. Sign in again with your PIN to save.");
    expect(text).toContain('"project"');
    // Without JavaScript the list cannot be drawn signed out: 'Access Denied' with a Login link back to it.
    const page = await post(pm, form);
    expect(page.status).toBe(401);
    const html = await visibleHtml(page);
    expect(html).toContain("Access Denied");
    expect(html).toContain(`/login?redirectTo=${encodeURIComponent("/projects")}`);
    expect(projects()[0]!.name).toBe("Acme");
  });

  test("refused: a production member gets 403, signed out 401 with reauth; nothing is written", async () => {
    const form = { intent: "create-project", name: "X", description: "d", priority: "low", workflowId: String(wfId) };
    expect((await post(floor, form)).status).toBe(403);
    const out = await post(app.client("10.4.0.8"), form);
    expect(out.status).toBe(401);
    expect(projects()).toHaveLength(0);
  });

  test("the detail page's Edit Project dialog posts to the project page, so a refused save stays there", async () => {
    await post(pm, { intent: "create-project", name: "Acme", description: "Front", priority: "high", workflowId: String(wfId) });
    const p = projects()[0]!;
    const html = await visibleHtml(await pm.request(`/projects/${p.id}?dialog=edit-project`));
    expect(html).toContain("Edit Project");
    expect(html).toContain(`action="/projects/${p.id}"`);
    expect(html).toContain('name="intent" value="update-project"');
  });
});
