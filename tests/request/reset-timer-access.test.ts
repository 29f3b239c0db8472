import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { addMember, createApp, visibleHtml, type Client, hooks } from "../helpers/app";

const { getDb } = hooks;

// Resetting an item's timer throws away the time a department worked: only the project keys (pre-production,
// project-management, management) may, on every path — the API, the item's page, the project's items table — and
// nobody else is offered the button.

let app: ReturnType<typeof createApp>;
let projectId: number;
let itemId: number;
const clients: Record<string, Client> = {};
const MAY = ["pre-production", "project-management", "management"];
const MAY_NOT = ["production", "fabrication", "none"];

const total = () => getDb().select().from(schema.items).where(eq(schema.items.id, itemId)).get()!.totalTimeSeconds;
const resetAudits = () => app.db.$client.query("SELECT count(*) AS n FROM audit_log WHERE action = 'reset-timer'").get() as { n: number };
const worked = () => getDb().update(schema.items).set({ totalTimeSeconds: 4000 }).where(eq(schema.items.id, itemId)).run();

beforeEach(async () => {
  app = createApp();
  let pin = 1000;
  for (const key of [...MAY, ...MAY_NOT]) {
    pin += 111;
    addMember(`Member ${key}`, String(pin), key === "none" ? [] : [key]);
    clients[key] = app.client(`10.9.0.${pin % 250}`);
    await clients[key]!.signIn(String(pin));
  }
  const admin = clients.management!;
  await admin.request("/api/departments", { method: "POST", json: { name: "Production" } });
  await admin.request("/api/categories", { method: "POST", json: { name: "Banner", departmentSequence: ["production"] } });
  const wf = await (await admin.request("/api/workflows", { method: "POST", json: { name: "W", departmentSequence: ["production"] } })).json();
  projectId = (await (await admin.request("/api/projects", { method: "POST", json: { name: "Bakery", description: "d", workflowId: wf.id } })).json()).id;
  itemId = (await (await admin.request("/api/items", { method: "POST", json: { name: "Fence banner", category: "Banner", projectId } })).json()).id;
  worked();
});

describe("POST /api/items/{id}/reset-timer", () => {
  for (const key of MAY_NOT) {
    test(`${key === "none" ? "a member with no keys" : `the ${key} key`}: 403, nothing changes, nothing audited`, async () => {
      const res = await clients[key]!.request(`/api/items/${itemId}/reset-timer`, { method: "POST" });
      expect(res.status).toBe(403);
      expect((await res.json()).message).toBe("Resetting a timer needs the Pre-Production or Project Management key.");
      expect(total()).toBe(4000);
      expect(resetAudits().n).toBe(0);
    });
  }
  for (const key of MAY) {
    test(`the ${key} key resets it`, async () => {
      const res = await clients[key]!.request(`/api/items/${itemId}/reset-timer`, { method: "POST" });
      expect(res.status).toBe(200);
      expect(total()).toBe(0);
      expect(resetAudits().n).toBe(1);
    });
  }
});

describe("the pages", () => {
  test("members without the project keys see no Reset anywhere and their posts are refused (403)", async () => {
    for (const key of MAY_NOT) {
      const c = clients[key]!;
      for (const path of [
        `/items/${itemId}`,
        `/items/${itemId}?dialog=reset-timer`,
        `/projects/${projectId}`,
        `/projects/${projectId}?dialog=reset-timer&item=${itemId}`,
      ]) {
        const html = await visibleHtml(await c.request(path));
        expect(html).toContain("Fence banner");
        expect(html).not.toContain("dialog=reset-timer");
        expect(html).not.toContain("Reset the timer of");
        expect(html).not.toContain(">Reset Timer<");
      }
      expect((await c.request(`/items/${itemId}`, { method: "POST", form: { intent: "reset-timer", itemId: String(itemId) } })).status).toBe(403);
      expect((await c.request(`/projects/${projectId}`, { method: "POST", form: { intent: "reset-timer", itemId: String(itemId) } })).status).toBe(403);
    }
    expect(total()).toBe(4000);
    expect(resetAudits().n).toBe(0);
  });

  test("the project keys are offered Reset on the item and in the items table, and reset from both", async () => {
    for (const key of MAY) {
      const c = clients[key]!;
      expect(await visibleHtml(await c.request(`/items/${itemId}`))).toContain(`href="/items/${itemId}?dialog=reset-timer"`);
      expect(await visibleHtml(await c.request(`/projects/${projectId}`))).toContain(`aria-label="Reset timer of Fence banner"`);
      const fromItem = await c.request(`/items/${itemId}`, { method: "POST", form: { intent: "reset-timer", itemId: String(itemId) } });
      expect(fromItem.status).toBe(302);
      expect(total()).toBe(0);
      worked();
      const fromProject = await c.request(`/projects/${projectId}`, { method: "POST", form: { intent: "reset-timer", itemId: String(itemId) } });
      expect(fromProject.status).toBe(302);
      expect(total()).toBe(0);
      worked();
    }
    expect(resetAudits().n).toBe(6);
  });
});
