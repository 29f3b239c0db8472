// One word for a running timer on every screen, 'Running' (the spec's own words stay on the two places it names:
// the Items list's phone badge 'Active Timer' / 'Timer Off' and Product details' 'Active or Stopped'); and
// possessives built from names ("Channel Letters' department sequence", never "Channel Letters's").
import { beforeEach, describe, expect, test } from "bun:test";
import * as schema from "#db/schema";
import { type createApp, visibleHtml, type Client } from "../helpers/app";
import { seedShop } from "../helpers/shop";

let app: ReturnType<typeof createApp>;
let admin: Client;
let projectId: number;
let running: number;

const text = async (res: Response) => (await visibleHtml(res)).replace(/&amp;/g, "&");

beforeEach(async () => {
  ({
    app,
    clients: { admin },
    projectIds: [projectId],
    itemIds: [running],
  } = await seedShop({
    ipBase: "10.11.0",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } },
    departments: [
      { name: "Pre-Production", isMachine: false },
      { name: "Production", isMachine: false },
    ],
    categories: [{ name: "Channel Letters", departmentSequence: ["pre-production", "production"] }],
    workflow: { name: "Standard", departmentSequence: ["pre-production", "production"] },
    projects: [{ name: "Acme", description: "x" }],
    items: ["Letter A", "Letter B"].map((name) => ({ name, category: "Channel Letters", material: "Aluminum" })),
  }));
  expect((await admin.request(`/api/items/${running}/start-timer`, { method: "POST" })).status).toBe(200);
});

describe("a running timer is 'Running'", () => {
  test("on the project's items table and its Total Time card", async () => {
    const page = await text(await admin.request(`/projects/${projectId}`));
    const statuses = [...page.matchAll(/<td data-label="Timer Status"[^>]*>(.*?)<\/td>/gs)].map((m) => m[1]!.replace(/<[^>]+>/g, "").trim());
    expect(statuses.sort()).toEqual(["Running", "Stopped"]);
    expect(page).toContain("1 timer running");
    expect(page).not.toContain("active timer");
  });

  test("on the workflow overview's counts and on the item's own page", async () => {
    expect(await text(await admin.request("/workflows"))).toMatch(/Running<\/dt><dd[^>]*>1</);
    expect(await text(await admin.request(`/items/${running}`))).toMatch(/>Running</);
  });

  test("the spec's own words stay where it names them", async () => {
    expect(await text(await admin.request("/items"))).toContain("Active Timer");
    expect(await text(await admin.request(`/products/${running}`))).toMatch(/>Active</);
  });
});

test('a category whose name ends in s: "Channel Letters\' department sequence"', async () => {
  const page = await text(await admin.request(`/items/${running}`));
  expect(page).toContain("Follows Channel Letters' department sequence.");
  expect(page).not.toContain("Letters's");
  app.db
    .insert(schema.categories)
    .values({ name: "Monument Sign", departmentSequence: ["production"] })
    .run();
  const other = (
    await (await admin.request("/api/items", { method: "POST", json: { name: "Base", category: "Monument Sign", material: "Aluminum", projectId } })).json()
  ).id;
  expect(await text(await admin.request(`/items/${other}`))).toContain("Follows Monument Sign's department sequence.");
});
