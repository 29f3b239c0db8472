import { beforeEach, describe, expect, test } from "bun:test";
import * as schema from "#db/schema";
import { type Client, hooks } from "../helpers/app";
import { bakery, seedShop } from "../helpers/shop";

// A list field names each value once: a repeat is refused with 400, a sentence naming the list and the value, and
// the issue on the field, and nothing is stored. Before, it was kept as sent (an event delivered twice, a skill twice).

let admin: Client;
let memberId: number;

beforeEach(async () => {
  let memberIds: Record<"admin" | "tim", number>;
  ({
    clients: { admin },
    memberIds,
  } = await seedShop({
    ipBase: "10.72.0",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] }, tim: { name: "Tim", pin: "5555", keys: ["production"] } },
    ...bakery(["Production", "Installation"]),
  }));
  memberId = memberIds.tim;
});

async function send(method: string, path: string, json: unknown) {
  const res = await admin.request(path, { method, json });
  return { status: res.status, body: (await res.json()) as { message: string; issues?: { path: string; message: string }[] } };
}

/** 400, the sentence, and the issue on `field`. */
async function expectRepeatRefused(method: string, path: string, json: unknown, field: string, message: string) {
  const res = await send(method, path, json);
  expect({ path, status: res.status, message: res.body.message }).toEqual({ path, status: 400, message });
  expect(res.body.issues).toContainEqual({ path: field, message });
}

describe("a value repeated in a list field", () => {
  test("webhook events, on POST and PATCH; nothing stored, the endpoint unchanged", async () => {
    await expectRepeatRefused(
      "POST",
      "/api/webhooks",
      { name: "Office", url: "https://example.com/hook", events: ["item.moved", "project.created", "item.moved"] },
      "events",
      'Events lists "item.moved" twice',
    );
    expect(hooks.getDb().select().from(schema.webhookEndpoints).all()).toHaveLength(0);

    const created = await send("POST", "/api/webhooks", { name: "Office", url: "https://example.com/hook", events: ["item.moved"] });
    expect(created.status).toBe(201);
    const id = (created.body as unknown as { id: number }).id;
    await expectRepeatRefused("PATCH", `/api/webhooks/${id}`, { events: ["item.moved", "item.moved"] }, "events", 'Events lists "item.moved" twice');
    expect(hooks.getDb().select().from(schema.webhookEndpoints).get()).toMatchObject({ events: ["item.moved"], version: 1 });
  });

  test("a team member's accessible departments and skills, on POST and PATCH", async () => {
    const twice = 'Accessible departments lists "production" twice';
    await expectRepeatRefused(
      "POST",
      "/api/team-members",
      { name: "Bo", pinCode: "6666", accessibleDepartments: ["production", "production"] },
      "accessibleDepartments",
      twice,
    );
    await expectRepeatRefused(
      "POST",
      "/api/team-members",
      { name: "Bo", pinCode: "6666", skills: ["welding", "cutting", "welding"] },
      "skills",
      'Skills lists "welding" twice',
    );
    // A form's comma-separated text is the same list.
    await expectRepeatRefused(
      "POST",
      "/api/team-members",
      { name: "Bo", pinCode: "6666", skills: "welding, welding" },
      "skills",
      'Skills lists "welding" twice',
    );
    expect(hooks.getDb().select().from(schema.teamMembers).all()).toHaveLength(2);

    await expectRepeatRefused(
      "PATCH",
      `/api/team-members/${memberId}`,
      { accessibleDepartments: ["production", "production"] },
      "accessibleDepartments",
      twice,
    );
    await expectRepeatRefused("PATCH", `/api/team-members/${memberId}`, { skills: ["cutting", "cutting"] }, "skills", 'Skills lists "cutting" twice');
  });

  test("a step template's required skills, on POST and PATCH", async () => {
    const message = 'Required skills lists "welding" twice';
    await expectRepeatRefused("POST", "/api/step-templates", { name: "Weld", requiredSkills: ["welding", "welding"] }, "requiredSkills", message);
    expect(hooks.getDb().select().from(schema.stepTemplates).all()).toHaveLength(0);
    const created = await send("POST", "/api/step-templates", { name: "Weld", requiredSkills: ["welding"] });
    expect(created.status).toBe(201);
    const id = (created.body as unknown as { id: number }).id;
    await expectRepeatRefused("PATCH", `/api/step-templates/${id}`, { requiredSkills: ["welding", "welding"] }, "requiredSkills", message);
  });

  test("a workflow step's team members", async () => {
    const step = hooks.getDb().select().from(schema.projectWorkflowSteps).get()!;
    await expectRepeatRefused(
      "POST",
      `/api/workflow-steps/${step.id}/assign-team-members`,
      { teamMemberIds: [memberId, memberId] },
      "teamMemberIds",
      `Team member ids lists "${memberId}" twice`,
    );
    expect(hooks.getDb().select().from(schema.stepAssignments).all()).toHaveLength(0);
  });
});
