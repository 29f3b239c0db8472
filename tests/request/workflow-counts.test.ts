import { expect, test } from "bun:test";
import { addMember, createApp, hooks } from "../helpers/app";

const { workflowItemCounts, countItems, projectSummary, getDb } = hooks;

// The workflow overview's counts are kept by triggers (migration 0004). Whatever happens to items — created,
// scanned on to installation, moved between workflows, deleted with their project, left without a workflow when
// theirs is deleted — they must equal a count over the items themselves.

const truth = () =>
  new Map(
    (
      getDb()
        .$client.query(
          "SELECT workflow_id AS w, count(*) AS t, sum(is_timer_active) AS r, sum(department = 'installation') AS c FROM items GROUP BY workflow_id",
        )
        .all() as { w: number | null; t: number; r: number; c: number }[]
    ).map((x) => [x.w, { totalItems: x.t, activeTimers: x.r, completed: x.c }]),
  );

test("trigger-kept counts equal the items after creates, scans, moves, deletes and a deleted workflow", async () => {
  const app = createApp();
  addMember("Ada", "4321", ["management"]);
  const admin = app.client();
  await admin.signIn("4321");
  for (const name of ["Production", "Installation"]) await admin.request("/api/departments", { method: "POST", json: { name } });
  await admin.request("/api/categories", { method: "POST", json: { name: "Banner", departmentSequence: ["production", "installation"] } });
  const wfA = await (await admin.request("/api/workflows", { method: "POST", json: { name: "A", departmentSequence: ["production"] } })).json();
  const wfB = await (await admin.request("/api/workflows", { method: "POST", json: { name: "B", departmentSequence: ["production"] } })).json();
  const p1 = (await (await admin.request("/api/projects", { method: "POST", json: { name: "P1", description: "d", workflowId: wfA.id } })).json()).id;
  const p2 = (await (await admin.request("/api/projects", { method: "POST", json: { name: "P2", description: "d", workflowId: wfB.id } })).json()).id;
  const ids: number[] = [];
  for (const projectId of [p1, p1, p1, p2, p2])
    ids.push(
      (await (await admin.request("/api/items", { method: "POST", json: { name: "x", category: "Banner", projectId, department: "production" } })).json()).id,
    );
  expect(workflowItemCounts()).toEqual(truth());
  // Scan item 0 on to installation, leave item 1 running.
  await admin.request(`/api/items/${ids[0]}/start-timer`, { method: "POST" });
  await admin.request(`/api/items/${ids[0]}/end-timer`, { method: "POST" });
  await admin.request(`/api/items/${ids[1]}/start-timer`, { method: "POST" });
  expect(workflowItemCounts().get(wfA.id)).toEqual({ totalItems: 3, activeTimers: 1, completed: 1 });
  expect(workflowItemCounts()).toEqual(truth());
  // Move an item to workflow B, and one to none.
  await admin.request(`/api/items/${ids[2]}`, { method: "PATCH", json: { workflowId: wfB.id } });
  await admin.request(`/api/items/${ids[1]}`, { method: "PATCH", json: { workflowId: "none" } });
  expect(workflowItemCounts()).toEqual(truth());
  expect(workflowItemCounts().get(null)).toEqual({ totalItems: 1, activeTimers: 1, completed: 0 });
  // Delete an item, then project 2 with its items; then workflow A (its items fall back to none).
  await admin.request(`/api/items/${ids[4]}`, { method: "DELETE" });
  await admin.request(`/api/projects/${p2}`, { method: "DELETE" });
  expect(workflowItemCounts()).toEqual(truth());
  getDb().$client.run("DELETE FROM workflows WHERE id = ?", [wfA.id]);
  expect(workflowItemCounts()).toEqual(truth());
  expect(workflowItemCounts().has(wfA.id)).toBe(false);
});

// The projects strip and the items screen's totals (migrations 0005, 0022) must equal counts over the rows themselves;
// the strip's priority counts are of active projects (docs/product.md §2), so they add up to Active.
const projectTruth = () =>
  getDb()
    .$client.query(
      "SELECT count(*) AS total, coalesce(sum(status <> 'completed'), 0) AS active, coalesce(sum(status <> 'completed' AND priority = 'rush'), 0) AS rush, coalesce(sum(status <> 'completed' AND priority = 'high'), 0) AS high, coalesce(sum(status <> 'completed' AND priority = 'medium'), 0) AS medium, coalesce(sum(status <> 'completed' AND priority = 'low'), 0) AS low FROM projects",
    )
    .get();
const categoryTruth = (category: string) => (getDb().$client.query("SELECT count(*) AS n FROM items WHERE category = ?").get(category) as { n: number }).n;

test("the project summary and the item totals follow creates, edits, a completion and deletes", async () => {
  const app = createApp();
  addMember("Ada", "4321", ["management"]);
  const admin = app.client();
  await admin.signIn("4321");
  await admin.request("/api/departments", { method: "POST", json: { name: "Production" } });
  for (const name of ["Banner", "Decal"]) await admin.request("/api/categories", { method: "POST", json: { name, departmentSequence: ["production"] } });
  const wf = await (await admin.request("/api/workflows", { method: "POST", json: { name: "A", departmentSequence: ["production"] } })).json();
  const ids: number[] = [];
  for (const priority of ["rush", "high", "medium", "low", "medium"])
    ids.push(
      (await (await admin.request("/api/projects", { method: "POST", json: { name: `P ${priority}`, description: "d", workflowId: wf.id, priority } })).json())
        .id,
    );
  expect(projectSummary()).toEqual(projectTruth() as ReturnType<typeof projectSummary>);
  expect(projectSummary()).toMatchObject({ total: 5, active: 5, rush: 1, medium: 2 });
  await admin.request(`/api/projects/${ids[0]}`, { method: "PATCH", json: { priority: "low" } });
  // A project's status follows its steps; set here directly, as completing every step would.
  getDb().$client.run("UPDATE projects SET status = 'completed' WHERE id = ?", [ids[1]!]);
  await admin.request(`/api/projects/${ids[4]}`, { method: "DELETE" });
  expect(projectSummary()).toEqual(projectTruth() as ReturnType<typeof projectSummary>);
  expect(projectSummary()).toMatchObject({ total: 4, active: 3, rush: 0, high: 0, medium: 1, low: 2 });
  // Reopened, it counts again; a finished project's priority change leaves the strip alone.
  getDb().$client.run("UPDATE projects SET status = 'active' WHERE id = ?", [ids[1]!]);
  expect(projectSummary()).toMatchObject({ active: 4, high: 1 });
  getDb().$client.run("UPDATE projects SET status = 'completed' WHERE id = ?", [ids[1]!]);
  await admin.request(`/api/projects/${ids[1]}`, { method: "PATCH", json: { priority: "rush" } });
  expect(projectSummary()).toMatchObject({ active: 3, rush: 0, high: 0 });
  expect(projectSummary()).toEqual(projectTruth() as ReturnType<typeof projectSummary>);

  const items: number[] = [];
  for (const [projectId, category] of [
    [ids[0], "Banner"],
    [ids[0], "Decal"],
    [ids[2], "Banner"],
    [ids[3], "Banner"],
  ] as const)
    items.push((await (await admin.request("/api/items", { method: "POST", json: { name: "x", category, projectId } })).json()).id);
  expect(countItems({ category: "Banner" })).toBe(3);
  await admin.request(`/api/items/${items[0]}`, { method: "PATCH", json: { category: "Decal" } });
  await admin.request(`/api/items/${items[3]}`, { method: "DELETE" });
  await admin.request(`/api/projects/${ids[2]}`, { method: "DELETE" });
  for (const category of ["Banner", "Decal"]) expect(countItems({ category })).toBe(categoryTruth(category));
  expect(countItems({ category: "Decal" })).toBe(2);
  expect(countItems({})).toBe((getDb().$client.query("SELECT count(*) AS n FROM items").get() as { n: number }).n);
  expect(countItems({ projectId: ids[0] })).toBe(2);
  expect(countItems({ category: "Nothing" })).toBe(0);
});

// The TV board's per-department counts (migration 0008) must equal counts over the items after scans and deletes.
test("the board's department counts follow creates, scans (which move items) and deletes", async () => {
  const app = createApp();
  addMember("Ada", "4321", ["management"]);
  const admin = app.client();
  await admin.signIn("4321");
  for (const name of ["Production", "Installation"]) await admin.request("/api/departments", { method: "POST", json: { name } });
  await admin.request("/api/categories", { method: "POST", json: { name: "Banner", departmentSequence: ["production", "installation"] } });
  const wf = await (await admin.request("/api/workflows", { method: "POST", json: { name: "A", departmentSequence: ["production"] } })).json();
  const p = (await (await admin.request("/api/projects", { method: "POST", json: { name: "P", description: "d", workflowId: wf.id } })).json()).id;
  const ids: number[] = [];
  for (let i = 0; i < 4; i++)
    ids.push(
      (
        await (
          await admin.request("/api/items", { method: "POST", json: { name: `x${i}`, category: "Banner", projectId: p, department: "production" } })
        ).json()
      ).id,
    );
  await admin.request(`/api/items/${ids[0]}/start-timer`, { method: "POST" });
  await admin.request(`/api/items/${ids[0]}/end-timer`, { method: "POST" });
  await admin.request(`/api/items/${ids[1]}/start-timer`, { method: "POST" });
  await admin.request(`/api/items/${ids[3]}`, { method: "DELETE" });
  const kept = new Map(
    (
      getDb().$client.query("SELECT department AS d, total AS t, running AS r FROM department_item_counts WHERE total > 0").all() as {
        d: string;
        t: number;
        r: number;
      }[]
    ).map((x) => [x.d, [x.t, x.r]]),
  );
  const truth = new Map(
    (
      getDb().$client.query("SELECT department AS d, count(*) AS t, sum(is_timer_active) AS r FROM items GROUP BY department").all() as {
        d: string;
        t: number;
        r: number;
      }[]
    ).map((x) => [x.d, [x.t, x.r]]),
  );
  expect(kept).toEqual(truth);
  expect(kept.get("production")).toEqual([2, 1]);
  expect(kept.get("installation")).toEqual([1, 0]);
});
