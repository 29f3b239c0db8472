import { beforeEach, expect, test } from "bun:test";
import { type createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { ageLastStop, ageSession } from "../helpers/timers";
import { seedShop } from "../helpers/shop";

const { flowAnalytics } = hooks;

// The TV board's columns and counts: only departments work passes through (a workflow's or product's sequence) or
// that hold items; 'Waiting' and 'Running' as /analytics counts work in progress, so an item that finished its last
// department, or belongs to a completed project, is not waiting (and not next up).

let app: ReturnType<typeof createApp>;
let admin: Client;
let operator: Client;
let projectId: number;
let doneProjectId: number;

beforeEach(async () => {
  ({
    app,
    clients: { admin, operator },
    projectIds: [projectId, doneProjectId],
  } = await seedShop({
    ipBase: "10.23.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, operator: { name: "Otto", pin: "2222", keys: ["production", "fabrication"] } },
    departments: ["Production", "Installation", "Project Management", "Storage"],
    categories: [{ name: "Banner", departmentSequence: ["production", "installation"] }],
    workflow: { name: "W", departmentSequence: ["production", "installation"] },
    projects: [{ name: "Bakery" }, { name: "Old job" }],
  }));
});

const item = async (name: string, pid = projectId, department = "production") =>
  (await (await admin.request("/api/items", { method: "POST", json: { name, category: "Banner", projectId: pid, department } })).json()).id as number;
const scan = (id: number) => operator.request("/api/scans", { method: "POST", json: { code: String(id) } });

function column(html: string, value: string) {
  const from = html.indexOf(`data-testid="board-${value}"`);
  if (from < 0) return null;
  const body = html.slice(from, html.indexOf("</section>", from));
  const num = (label: string) => Number(new RegExp(`${label}</dt><dd[^>]*>([\\d,]+)<`).exec(body)![1]!.replace(/,/g, ""));
  return { body, working: num("Running"), waiting: num("Waiting") };
}

test("finished items and completed projects' items are not waiting; the counts are /analytics' work in progress", async () => {
  await item("Waiting banner");
  const running = await item("Running banner");
  const finished = await item("Finished banner");
  const old = await item("Old job banner", doneProjectId);
  await item("Pallet", projectId, "storage");
  // Through production and installation, the last department: finished.
  // Each start is aged past the double-read window, so the next scan is a stop (decision 0022).
  await scan(finished);
  ageSession(finished);
  await scan(finished);
  ageLastStop(finished);
  await scan(finished);
  ageSession(finished);
  await scan(finished);
  await scan(running);
  // A project is completed when its workflow steps all are (project.server.ts); here, directly.
  app.db.$client.run("UPDATE projects SET status = 'completed' WHERE id = ?", [doneProjectId]);
  expect(app.db.$client.query("SELECT department, is_timer_active AS on_ FROM items WHERE id IN (?, ?)").all(finished, old)).toEqual([
    { department: "installation", on_: 0 },
    { department: "production", on_: 0 },
  ]);

  const html = await visibleHtml(await operator.request("/board"));
  const production = column(html, "production")!;
  const installation = column(html, "installation")!;
  expect({ working: production.working, waiting: production.waiting }).toEqual({ working: 1, waiting: 1 });
  expect({ working: installation.working, waiting: installation.waiting }).toEqual({ working: 0, waiting: 0 });
  expect(production.body).toContain("Waiting banner");
  expect(production.body).not.toContain("Old job banner");
  expect(installation.body).not.toContain("Finished banner");

  // The same figures as Flow analytics' work in progress, department by department.
  const flow = flowAnalytics({ from: 0, to: Date.now() + 1 }, []);
  for (const d of flow.departments) {
    const c = column(html, d.department);
    if (!c) continue;
    expect({ department: d.department, working: c.working, waiting: c.waiting }).toEqual({
      department: d.department,
      working: d.wipRunning,
      waiting: d.wipWaiting,
    });
  }
});

test("columns: departments in a workflow or a product's sequence, or holding items; not one nothing passes through", async () => {
  let html = await visibleHtml(await operator.request("/board"));
  expect(column(html, "production")).not.toBeNull();
  expect(column(html, "installation")).not.toBeNull();
  expect(column(html, "project-management")).toBeNull();
  expect(column(html, "storage")).toBeNull();
  await item("Pallet", projectId, "storage");
  html = await visibleHtml(await operator.request("/board"));
  expect(column(html, "storage")!.waiting).toBe(1);
  expect(column(html, "project-management")).toBeNull();
});
