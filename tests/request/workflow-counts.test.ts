import { expect, test } from "bun:test";
import { workflowItemCounts } from "~/models/overview.server";
import { getDb } from "~/utils/db.server";
import { addMember, createApp } from "../helpers/app";

// The workflow overview's counts are kept by triggers (migration 0004). Whatever happens to items — created,
// scanned on to installation, moved between workflows, deleted with their project, left without a workflow when
// theirs is deleted — they must equal a count over the items themselves.

const truth = () =>
  new Map(
    (getDb().$client.query("SELECT workflow_id AS w, count(*) AS t, sum(is_timer_active) AS r, sum(department = 'installation') AS c FROM items GROUP BY workflow_id").all() as { w: number | null; t: number; r: number; c: number }[]).map(
      (x) => [x.w, { totalItems: x.t, activeTimers: x.r, completed: x.c }],
    ),
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
  for (const projectId of [p1, p1, p1, p2, p2]) ids.push((await (await admin.request("/api/items", { method: "POST", json: { name: "x", category: "Banner", projectId, department: "production" } })).json()).id);
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
