import { beforeEach, describe, expect, test } from "bun:test";
import type { createApp, Client } from "../helpers/app";
import { seedShop } from "../helpers/shop";

// docs/product.md §7 'Items' (create/update/delete/get one) with the §5 Item and Product form messages.

let app: ReturnType<typeof createApp>;
let pm: Client;
let floor: Client;
let projectId: number;

beforeEach(async () => {
  ({
    app,
    clients: { pm, floor },
    projectIds: [projectId],
  } = await seedShop({
    env: { PUBLIC_URL: "https://shop.example.com" },
    members: {
      admin: { name: "Ada", pin: "4321", keys: ["management"] },
      pm: { name: "Pat PM", pin: "1111", keys: ["pre-production"] },
      floor: { name: "Fay Floor", pin: "2222", keys: ["fabrication"] },
    },
    departments: ["Pre-Production", "Production", "Installation"],
    categories: [{ name: "Channel Letters", departmentSequence: ["production", "installation"] }],
    workflow: { name: "W", departmentSequence: ["production"] },
    projects: [{ name: "Job", by: "pm" }],
  }));
});

const post = (c: Client, json: Record<string, unknown>) => c.request("/api/items", { method: "POST", json });

describe("items", () => {
  test("create: the item gets its QR code URL and the defaults of §9", async () => {
    const res = await post(pm, { name: "Front letters", category: "channel letters", projectId });
    expect(res.status).toBe(201);
    const item = await res.json();
    expect(item).toMatchObject({
      category: "Channel Letters",
      material: "Unknown",
      quantity: 1,
      department: "pre-production",
      isTimerActive: false,
      totalTimeSeconds: 0,
    });
    expect(item.qrCode).toBe(`https://shop.example.com/qr/${item.id}`);
    expect(await (await floor.request(`/api/items/${item.id}`)).json()).toEqual(item);
    expect(await (await floor.request(`/api/items?projectId=${projectId}`)).json()).toEqual([item]);
  });

  test.each([
    [{ category: "Channel Letters" }, "name", "Item name is required"],
    [{ name: "x" }, "category", "Category is required"],
    [{ name: "x", category: "Channel Letters", material: " " }, "material", "Material is required"],
    [{ name: "x", category: "Channel Letters", quantity: 0 }, "quantity", "Quantity must be at least 1"],
  ])("§5 messages %j → %s", async (json, path, message) => {
    const res = await post(pm, { projectId, ...json });
    expect(res.status).toBe(400);
    expect((await res.json()).issues).toContainEqual({ path, message });
  });

  test("'none' workflows are none; no quantity is 1; an unknown category or project is refused", async () => {
    const item = await (
      await post(pm, { name: "x", category: "Channel Letters", projectId, quantity: null, workflowId: "none", productWorkflowId: "" })
    ).json();
    expect(item).toMatchObject({ quantity: 1, workflowId: null, productWorkflowId: null });
    expect((await (await post(pm, { name: "x", category: "Channel Letters", projectId, quantity: "3" })).json()).quantity).toBe(3);
    expect((await (await post(pm, { name: "x", category: "Banners", projectId })).json()).message).toMatch(/Unknown category "Banners"/);
    expect((await (await post(pm, { name: "x", category: "Channel Letters", projectId: 999 })).json()).message).toBe("This project no longer exists.");
  });

  // The form's fallback (docs/product.md §5) is for what a person typed; a program's wrong value is refused, and the
  // item keeps its quantity (docs/product.md, Decisions: API bodies).
  test.each([["lots"], [{ value: 30 }], [true], [[]], [1.5]])("a quantity of %j is refused, never stored as 1", async (quantity) => {
    const item = await (await post(pm, { name: "x", category: "Channel Letters", projectId, quantity: 25 })).json();
    expect((await post(pm, { name: "x", category: "Channel Letters", projectId, quantity })).status).toBe(400);
    const res = await pm.request(`/api/items/${item.id}`, { method: "PATCH", json: { quantity } });
    expect(res.status).toBe(400);
    expect((await res.json()).issues).toContainEqual({ path: "quantity", message: "Quantity must be a whole number" });
    expect((await (await pm.request(`/api/items/${item.id}`)).json()).quantity).toBe(25);
  });

  // zod's whole-number check refuses any number past 2^53: the range comes first, so a huge quantity is too large.
  test("a huge quantity is too large, named once", async () => {
    const res = await post(pm, { name: "x", category: "Channel Letters", projectId, quantity: 1e308 });
    expect(res.status).toBe(400);
    expect((await res.json()).issues).toEqual([{ path: "quantity", message: "Quantity must be at most 1,000,000" }]);
  });

  test("a running item is not moved to another department: its session stays where it was started", async () => {
    const item = await (await post(pm, { name: "x", category: "Channel Letters", projectId })).json();
    expect((await pm.request(`/api/items/${item.id}/start-timer`, { method: "POST" })).status).toBe(200);
    const moved = await pm.request(`/api/items/${item.id}`, { method: "PATCH", json: { department: "installation" } });
    expect(moved.status).toBe(409);
    expect((await moved.json()).message).toBe("This item's timer is running. Stop or pause it before moving the item to another department.");
    // Anything else may change while it runs, and naming the department it is in is no move.
    const renamed = await pm.request(`/api/items/${item.id}`, { method: "PATCH", json: { name: "y", department: item.department } });
    expect(await renamed.json()).toMatchObject({ name: "y", department: item.department, isTimerActive: true });
    expect((await pm.request(`/api/items/${item.id}/pause-timer`, { method: "POST" })).status).toBe(200);
    const logs = await (await pm.request(`/api/items/${item.id}/timer-logs`)).json();
    expect(logs.map((l: { action: string; department: string }) => [l.action, l.department]).sort()).toEqual([
      ["start", item.department],
      ["stop", item.department],
    ]);
    const after = await pm.request(`/api/items/${item.id}`, { method: "PATCH", json: { department: "installation" } });
    expect((await after.json()).department).toBe("installation");
  });

  test("PATCH the changed fields (department moves the step index); stale version 409; DELETE; 403 and 404", async () => {
    const item = await (await post(pm, { name: "x", category: "Channel Letters", projectId })).json();
    const moved = await (await pm.request(`/api/items/${item.id}`, { method: "PATCH", json: { department: "installation", version: item.version } })).json();
    expect(moved).toMatchObject({ department: "installation", currentStepIndex: 1, name: "x", version: item.version + 1 });
    const stale = await pm.request(`/api/items/${item.id}`, { method: "PATCH", json: { name: "y", version: item.version } });
    expect(stale.status).toBe(409);
    expect((await floor.request(`/api/items/${item.id}`, { method: "DELETE" })).status).toBe(403);
    expect((await pm.request(`/api/items/${item.id}`, { method: "DELETE" })).status).toBe(200);
    expect((await pm.request(`/api/items/${item.id}`)).status).toBe(404);
    expect((await pm.request(`/api/items/0x1`)).status).toBe(404);
    expect((await pm.request(`/api/items?projectId=abc`)).status).toBe(400);
  });
});
