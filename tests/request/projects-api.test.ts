import { beforeEach, describe, expect, test } from "bun:test";
import type { createApp, Client } from "../helpers/app";
import { seedShop } from "../helpers/shop";

// docs/product.md §7 'Projects and workflows' over HTTP: happy paths, the §5 messages, 401, 403, 404 and 409.

let app: ReturnType<typeof createApp>;
let admin: Client;
let pm: Client;
let floor: Client;
let wfId: number;

beforeEach(async () => {
  ({
    app,
    clients: { admin, pm, floor },
    workflowId: wfId,
  } = await seedShop({
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      pm: { name: "Pat PM", pin: "1111", keys: ["project-management"] },
      floor: { name: "Fay Floor", pin: "2222", keys: ["production"] },
    },
    departments: ["Pre-Production", "Production", "Installation"],
    workflow: { name: "Standard", departmentSequence: ["pre-production", "production", "installation"] },
  }));
});

const body = async (res: Response) => ({ status: res.status, json: await res.json() });
const create = async (c: Client, json: Record<string, unknown>) => body(await c.request("/api/projects", { method: "POST", json }));

describe("POST /api/projects", () => {
  test("201 with the id; the workflow's steps appear", async () => {
    const { status, json } = await create(pm, { name: "Acme Letters", description: "Front", priority: "rush", workflowId: wfId });
    expect(status).toBe(201);
    const id = json.id as number;
    expect(typeof id).toBe("number");
    expect(json).toMatchObject({ name: "Acme Letters", priority: "rush", status: "active", workflowName: "Standard" });
    const instances = await (await pm.request(`/api/projects/${id}/workflow-instances`)).json();
    expect(instances).toHaveLength(1);
    const steps = await (await pm.request(`/api/workflow-instances/${instances[0].id}/steps`)).json();
    expect(steps.map((s: { department: string; status: string }) => [s.department, s.status])).toEqual([
      ["pre-production", "pending"],
      ["production", "pending"],
      ["installation", "pending"],
    ]);
  });

  test.each([
    [{ description: "d", priority: "low", workflowId: 1 }, "name", "Project name is required"],
    [{ name: "n", description: "d", priority: "urgent", workflowId: 1 }, "priority", "Priority must be one of rush, high, medium, low."],
    [{ name: "n", description: "d", priority: "", workflowId: 1 }, "priority", "Priority is required"],
    [{ name: "n", description: "d", priority: "low" }, "workflowId", "Project workflow is required"],
  ])("§5 messages: %j → %s", async (json, path, message) => {
    const res = await create(pm, json);
    expect(res.status).toBe(400);
    expect(res.json.issues).toContainEqual({ path, message });
  });

  test("the default priority is medium, the description optional (decision 0048); an unknown workflow is refused", async () => {
    expect((await create(pm, { name: "n", description: "d", workflowId: wfId })).json.priority).toBe("medium");
    expect((await create(pm, { name: "n", workflowId: wfId })).json).toMatchObject({ description: "", priority: "medium" });
    expect((await create(pm, { name: "n", description: "d", workflowId: 999 })).json.message).toBe(
      "This workflow no longer exists. Someone else may have deleted it.",
    );
  });

  test("401 signed out, 403 without pre-production / project-management, nothing created", async () => {
    const out = await app.client("10.0.0.9").request("/api/projects", { method: "POST", json: { name: "n", description: "d", workflowId: wfId } });
    expect(out.status).toBe(401);
    const denied = await create(floor, { name: "n", description: "d", workflowId: wfId });
    expect(denied.status).toBe(403);
    expect(denied.json.message).toBe("Changing projects needs the Pre-Production or Project Management key.");
    expect(await (await admin.request("/api/projects")).json()).toEqual([]);
  });
});

describe("GET, PATCH, DELETE", () => {
  test("lists return arrays, paged with ?limit=&offset=; metrics on every project", async () => {
    for (const p of ["low", "high", "rush"]) await create(pm, { name: `P ${p}`, description: "d", priority: p, workflowId: wfId });
    const all = await (await floor.request("/api/projects")).json();
    expect(all).toHaveLength(3);
    const page = await (await floor.request("/api/projects?limit=2&offset=2")).json();
    expect(page).toHaveLength(1);
    const metrics = await (await floor.request("/api/projects-with-metrics")).json();
    expect(metrics[0]).toMatchObject({ totalTimeSeconds: 0, totalSteps: 3, completedSteps: 0, totalItems: 0, totalFiles: 0, fileCompletionPercentage: 0 });
    expect((await floor.request("/api/projects?limit=x")).status).toBe(400);
  });

  test("PATCH changes only the fields sent; a stale version is 409; the edit rules of §5", async () => {
    const p = (await create(pm, { name: "Old", description: "d", workflowId: wfId })).json;
    const ok = await body(await pm.request(`/api/projects/${p.id}`, { method: "PATCH", json: { name: "New", version: p.version } }));
    expect(ok.json).toMatchObject({ name: "New", description: "d", priority: "medium", version: p.version + 1 });
    const stale = await body(await admin.request(`/api/projects/${p.id}`, { method: "PATCH", json: { priority: "rush", version: p.version } }));
    expect(stale.status).toBe(409);
    expect(stale.json.message).toBe("This project was changed by someone else. Reload to see the latest.");
    const blank = await body(await pm.request(`/api/projects/${p.id}`, { method: "PATCH", json: { name: " " } }));
    expect(blank.json.message).toBe("Project name is required");
    const dates = await body(await pm.request(`/api/projects/${p.id}`, { method: "PATCH", json: { startDate: "2026-07-10", endDate: "2026-07-01" } }));
    expect(dates.status).toBe(400);
    expect(dates.json.message).toBe("The due date is before the start date");
  });

  test("DELETE: 200 then 404; 404 for unknown and malformed ids", async () => {
    const p = (await create(pm, { name: "Gone", description: "d", workflowId: wfId })).json;
    expect((await pm.request(`/api/projects/${p.id}`, { method: "DELETE" })).status).toBe(200);
    for (const id of [p.id, 999, "0x1", "abc"]) {
      expect((await pm.request(`/api/projects/${id}`)).status).toBe(404);
      expect((await pm.request(`/api/projects/${id}`, { method: "DELETE" })).status).toBe(404);
    }
  });
});

describe("steps", () => {
  async function firstStep() {
    const p = (await create(pm, { name: "Job", description: "d", workflowId: wfId })).json;
    const [instance] = await (await pm.request(`/api/projects/${p.id}/workflow-instances`)).json();
    const steps = await (await pm.request(`/api/workflow-instances/${instance.id}/steps`)).json();
    return { project: p, steps, instanceId: instance.id as number };
  }

  test("PATCH a step: dates at noon in the shop's zone, 'unassigned' is nobody, the percent as a number or its text, the §5 date messages", async () => {
    const { steps, instanceId } = await firstStep();
    const id = steps[0].id;
    const res = await body(
      await pm.request(`/api/workflow-steps/${id}`, {
        method: "PATCH",
        json: { startDate: "2026-07-01", endDate: "2026-07-02T17:00:00.000Z", assignedTeamMemberId: "unassigned", percentComplete: "60" },
      }),
    );
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({
      startDate: "2026-07-01T17:00:00.000Z",
      endDate: "2026-07-02T17:00:00.000Z",
      assignedTeamMemberId: null,
      percentComplete: 60,
      status: "in-progress",
    });
    // A program's non-number is refused, not made 0 (which would also set the step back to 'pending'); the form's
    // fallback is the inline editor's (docs/product.md, Decisions: API bodies).
    for (const percentComplete of ["sixty", true, { value: 60 }, []]) {
      const refused = await body(await pm.request(`/api/workflow-steps/${id}`, { method: "PATCH", json: { percentComplete } }));
      expect({ percentComplete, status: refused.status, issues: refused.json.issues }).toEqual({
        percentComplete,
        status: 400,
        issues: [{ path: "percentComplete", message: "Completion must be between 0 and 100" }],
      });
    }
    const [kept] = await (await pm.request(`/api/workflow-instances/${instanceId}/steps`)).json();
    expect(kept).toMatchObject({ id, percentComplete: 60, status: "in-progress" });
    const late = await body(await pm.request(`/api/workflow-steps/${id}`, { method: "PATCH", json: { startDate: "2026-07-05" } }));
    expect(late.json.message).toBe("Start date cannot be later than end date.");
    const early = await body(await pm.request(`/api/workflow-steps/${id}`, { method: "PATCH", json: { endDate: "2026-06-01" } }));
    expect(early.json.message).toBe("End date cannot be earlier than start date.");
    expect((await pm.request(`/api/workflow-steps/${id}`, { method: "PATCH", json: { percentComplete: 101 } })).status).toBe(400);
    // A day that does not exist is refused naming its field, not as March 2 nor by a sentence without one.
    const feb30 = await body(await pm.request(`/api/workflow-steps/${id}`, { method: "PATCH", json: { startDate: "2026-02-30" } }));
    expect(feb30).toEqual({ status: 400, json: { message: "Invalid date", issues: [{ path: "startDate", message: "Invalid date" }] } });
    expect((await floor.request(`/api/workflow-steps/${id}`, { method: "PATCH", json: { percentComplete: 5 } })).status).toBe(403);
    expect((await pm.request(`/api/workflow-steps/99999`, { method: "PATCH", json: { percentComplete: 5 } })).status).toBe(404);
  });

  test("assign team members, refresh the workflow, reorder; the project completes with its steps", async () => {
    const { project, steps } = await firstStep();
    const ada = (await (await admin.request("/api/team-members")).json()).find((m: { name: string }) => m.name === "Ada Admin");
    const assigned = await body(
      await pm.request(`/api/workflow-steps/${steps[0].id}/assign-team-members`, { method: "POST", json: { teamMemberIds: [ada.id] } }),
    );
    expect(assigned.json.assignedTeamMembers).toEqual([{ id: ada.id, name: "Ada Admin" }]);
    // A body without the list (or with null) is refused: it used to unassign everyone. [] is how to ask for that.
    for (const json of [undefined, {}, { teamMemberIds: null }]) {
      const refused = await body(await pm.request(`/api/workflow-steps/${steps[0].id}/assign-team-members`, { method: "POST", json }));
      expect({ json, status: refused.status, message: refused.json.message }).toEqual({
        json,
        status: 400,
        message: "teamMemberIds is required: the step's team members, [] for nobody",
      });
    }
    const refreshed = await body(await pm.request(`/api/projects/${project.id}/refresh-workflow`, { method: "POST" }));
    expect(refreshed.json.message).toBe("Workflow Refreshed");
    expect(refreshed.json.steps[0].assignedTeamMembers).toEqual([{ id: ada.id, name: "Ada Admin" }]);
    const order = [steps[2].id, steps[1].id, steps[0].id];
    const reordered = await body(await pm.request(`/api/projects/${project.id}/reorder-steps`, { method: "POST", json: { stepIds: order } }));
    expect(reordered.json.steps.map((s: { id: number; sortOrder: number }) => [s.id, s.sortOrder])).toEqual(order.map((id, i) => [id, i]));
    for (const s of steps) await pm.request(`/api/workflow-steps/${s.id}`, { method: "PATCH", json: { percentComplete: 100 } });
    expect((await (await pm.request(`/api/projects/${project.id}`)).json()).status).toBe("completed");
  });
});

describe("GET /api/projects/assigned-to/{userId}/Pre-Production", () => {
  test("projects whose pre-production step is the member's, by assignee or step assignment, with the step dates", async () => {
    const members = await (await admin.request("/api/team-members")).json();
    const pat = members.find((m: { name: string }) => m.name === "Pat PM");
    const ada = members.find((m: { name: string }) => m.name === "Ada Admin");
    const mine = (await create(pm, { name: "Mine", description: "d1", priority: "rush", workflowId: wfId })).json;
    const viaTeam = (await create(pm, { name: "Team", description: "d2", workflowId: wfId })).json;
    await create(pm, { name: "Other", description: "d3", workflowId: wfId });
    const stepsOf = async (id: number) => {
      const [instance] = await (await pm.request(`/api/projects/${id}/workflow-instances`)).json();
      return (await (await pm.request(`/api/workflow-instances/${instance.id}/steps`)).json()) as { id: number; department: string }[];
    };
    const pre = (await stepsOf(mine.id)).find((s) => s.department === "pre-production")!;
    await pm.request(`/api/workflow-steps/${pre.id}`, {
      method: "PATCH",
      json: { assignedTeamMemberId: pat.id, startDate: "2026-07-01", endDate: "2026-07-03" },
    });
    const preTeam = (await stepsOf(viaTeam.id)).find((s) => s.department === "pre-production")!;
    await pm.request(`/api/workflow-steps/${preTeam.id}/assign-team-members`, { method: "POST", json: { teamMemberIds: [ada.id, pat.id] } });
    const production = (await stepsOf(viaTeam.id)).find((s) => s.department === "production")!;
    await pm.request(`/api/workflow-steps/${production.id}/assign-team-members`, { method: "POST", json: { teamMemberIds: [ada.id] } });
    const list = await (await floor.request(`/api/projects/assigned-to/${pat.id}/Pre-Production`)).json();
    expect(list).toEqual([
      { id: mine.id, name: "Mine", description: "d1", priority: "rush", stepStartDate: "2026-07-01T17:00:00.000Z", stepEndDate: "2026-07-03T17:00:00.000Z" },
      { id: viaTeam.id, name: "Team", description: "d2", priority: "medium", stepStartDate: null, stepEndDate: null },
    ]);
    expect(await (await floor.request(`/api/projects/assigned-to/${ada.id}/Pre-Production`)).json()).toHaveLength(1);
    expect((await floor.request(`/api/projects/assigned-to/abc/Pre-Production`)).status).toBe(404);
  });
});
