import { beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { type Client, hooks } from "../helpers/app";
import { bakery, seedShop } from "../helpers/shop";

// A PATCH that sends nothing, or only the values a record already has, changes nothing: the record answers 200 as
// it is, its version stays (a client holding it is not refused as stale) and no audit row or webhook says it changed.

let admin: Client;
let itemId: number;
let projectId: number;

beforeEach(async () => {
  let itemIds: number[];
  let projectIds: number[];
  ({
    clients: { admin },
    itemIds,
    projectIds,
  } = await seedShop({
    ipBase: "10.71.0",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } },
    ...bakery(["Production", "Installation"]),
    materials: [{ name: "Vinyl", category: "Film" }],
    items: [{ name: "Fence banner", category: "Banner", department: "production", material: "Vinyl" }],
  }));
  itemId = itemIds[0]!;
  projectId = projectIds[0]!;
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers
type Json = any;
async function send(method: string, path: string, json?: unknown): Promise<{ status: number; body: Json }> {
  const res = await admin.request(path, { method, ...(json === undefined ? {} : { json }) });
  return { status: res.status, body: await res.json() };
}
const auditRows = (entity: string, id: number) =>
  hooks
    .getDb()
    .select()
    .from(schema.auditLog)
    .where(and(eq(schema.auditLog.entity, entity), eq(schema.auditLog.entityId, String(id)), eq(schema.auditLog.action, "update")))
    .all().length;

/** PATCHes `path` with each body and expects the record back unchanged: same version, no update audited. */
async function expectNoChange(path: string, entity: string, bodies: unknown[]) {
  const read = await send("GET", path);
  expect(read.status).toBe(200);
  const id = read.body.id as number;
  for (const body of bodies) {
    const res = await send("PATCH", path, body);
    expect({ body, status: res.status }).toEqual({ body, status: 200 });
    // The PATCH answer is the record; a GET may add figures of its own (a project's counts).
    expect({ body, answer: read.body }).toMatchObject({ body, answer: res.body });
    expect({ body, audited: auditRows(entity, id) }).toEqual({ body, audited: 0 });
  }
}

describe("PATCH with nothing to change", () => {
  test("a webhook: {} and its own values leave its version and the audit trail alone; a real change still counts", async () => {
    const created = await send("POST", "/api/webhooks", { name: "Office", url: "https://example.com/hook", events: ["item.moved"] });
    expect(created.status).toBe(201);
    const path = `/api/webhooks/${created.body.id}`;
    await expectNoChange(path, "webhook-endpoint", [
      {},
      { name: "Office" },
      { url: " https://example.com/hook ", events: ["item.moved"], isActive: true },
      { version: 1 },
    ]);

    const renamed = await send("PATCH", path, { name: "Front office", version: 1 });
    expect(renamed.status).toBe(200);
    expect(renamed.body).toMatchObject({ name: "Front office", version: 2 });
    expect(auditRows("webhook-endpoint", created.body.id)).toBe(1);
  });

  test("the reference records (the shared PATCH of /api/{entity}/{id}): {} and their own values change nothing", async () => {
    const material = await send("GET", "/api/materials");
    await expectNoChange(`/api/materials/${material.body[0].id}`, "material", [{}, { name: "Vinyl", category: "Film" }]);
    const category = await send("GET", "/api/categories");
    await expectNoChange(`/api/categories/${category.body[0].id}`, "category", [{}, { name: "Banner", departmentSequence: ["production", "installation"] }]);
    const department = await send("GET", "/api/departments");
    await expectNoChange(`/api/departments/${department.body[0].id}`, "department", [{}, { name: department.body[0].name, isActive: true }]);
    const machine = await send("POST", "/api/machines", { name: "Router" });
    await expectNoChange(`/api/machines/${machine.body.id}`, "machine", [{}, { name: "Router", status: "active" }]);
    const sub = await send("POST", "/api/subdepartments", { name: "Cutting", departmentId: department.body[0].id });
    await expectNoChange(`/api/subdepartments/${sub.body.id}`, "subdepartment", [{}, { name: "Cutting", value: sub.body.value }]);
    const template = await send("POST", "/api/step-templates", { name: "Weld", requiredSkills: ["welding"] });
    await expectNoChange(`/api/step-templates/${template.body.id}`, "step-template", [{}, { requiredSkills: ["welding"] }]);

    const changed = await send("PATCH", `/api/materials/${material.body[0].id}`, { category: "Sheet" });
    expect(changed.body).toMatchObject({ category: "Sheet", version: 2 });
    expect(auditRows("material", material.body[0].id)).toBe(1);
  });

  test("a team member: {} and their own values (PIN included) change nothing", async () => {
    const member = await send("POST", "/api/team-members", { name: "Tim", pinCode: "5555", accessibleDepartments: ["production"], skills: ["cutting"] });
    expect(member.status).toBe(201);
    await expectNoChange(`/api/team-members/${member.body.id}`, "team-member", [
      {},
      { name: "Tim", accessibleDepartments: ["production"], skills: ["cutting"] },
      { pinCode: "5555", isActive: true },
    ]);
  });

  test("an item, a project and a workflow step sent their own values change nothing either", async () => {
    await expectNoChange(`/api/items/${itemId}`, "item", [{}, { name: "Fence banner", department: "production" }]);
    await expectNoChange(`/api/projects/${projectId}`, "project", [{}, { name: "Bakery", priority: "medium" }]);
    const step = hooks.getDb().select().from(schema.projectWorkflowSteps).get()!;
    for (const body of [{}, { notes: step.notes, assignedTeamMemberId: step.assignedTeamMemberId }]) {
      const res = await send("PATCH", `/api/workflow-steps/${step.id}`, body);
      expect({ body, status: res.status, version: res.body.version }).toEqual({ body, status: 200, version: step.version });
    }
    expect(auditRows("workflow-step", step.id)).toBe(0);
  });
});
