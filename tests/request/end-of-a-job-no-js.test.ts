import { beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { type Client, hooks } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";

const { getDb } = hooks;

// The end of a job without JavaScript (docs/product.md, Decisions: The end of a job), through the pages' real forms
// (tests/helpers/html-form.ts): the /qr/{id} page's Stop finishes the item and its Start is then refused on the page;
// Reopen on the item page; 'Follow the floor' on a step set by hand; Reopen project. The API: end-of-a-job.test.ts.

let pm: Client;
let james: Client;
let projectId: number;
let itemId: number;

beforeEach(async () => {
  ({
    clients: { pm, james },
    projectIds: [projectId],
    itemIds: [itemId],
  } = await seedShop({
    ipBase: "10.48.1",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      pm: { name: "Pat PM", pin: "1111", keys: ["project-management"] },
      james: { name: "James Carter", pin: "2222", keys: ["production"] },
    },
    ...bakery(["Pre-Production", "Production"]),
    items: [{ name: "Fence banner", category: "Banner", department: "production" }],
  }));
});

const toasts = (page: HtmlPage) =>
  page
    .$$('[role="status"]')
    .filter((el) => !el.closest("nav"))
    .map((el) => [...el.querySelectorAll("p")].map((p) => p.textContent?.trim()).join(" "));
const item = () => getDb().select().from(schema.items).where(eq(schema.items.id, itemId)).get()!;
const project = () => getDb().select().from(schema.projects).where(eq(schema.projects.id, projectId)).get()!;
/** Start and stop on the /qr/{id} page, a session old enough not to be a double tap. */
async function startAndStop() {
  let page = await open(james, `/qr/${itemId}`);
  page = await page.form({ button: "Start Timer" }).submit();
  getDb()
    .update(schema.items)
    .set({ currentSessionStart: new Date(Date.now() - 60_000) })
    .where(eq(schema.items.id, itemId))
    .run();
  getDb().$client.query("UPDATE timer_logs SET timestamp = timestamp - 60000 WHERE item_id = ?").run(itemId);
  // The stop that hands the item on: 'Done → …', or 'Done — finish item' in its last department.
  return page.form({ button: /^Done/ }).submit(/^Done/);
}

test("the last Stop on /qr/{id} finishes the item and completes the project; the page then offers no Start", async () => {
  const page = await startAndStop();
  expect(toasts(page).join(" ")).toContain("Final Department");
  expect(page.text()).toMatch(/Finished \w{3} \d+, \d{4} by James Carter/);
  expect(page.text()).not.toContain("Start Timer");
  expect(project()).toMatchObject({ status: "completed" });
  // Finished in Production, its last department: it counts as done as an item in installation does.
  const metrics = (await (await pm.request("/api/projects-with-metrics")).json()) as { id: number; completedItems: number }[];
  expect(metrics.find((p) => p.id === projectId)!.completedItems).toBe(1);
  // The project page's Items card says what it counts: this workflow has no installation.
  expect((await open(pm, `/projects/${projectId}`)).text()).toMatch(/1 \/ 1\s*in installation or finished/);
  // A Start posted from a page opened before (another phone): refused on the page, 409, nothing changes.
  const stale = await james.request(`/qr/${itemId}`, { method: "POST", form: { intent: "start" } });
  expect(stale.status).toBe(409);
  expect(item().isTimerActive).toBe(false);
});

test("Reopen on the item page puts the item back unfinished and reopens its project; the floor's key is not offered it", async () => {
  await startAndStop();
  expect((await open(james, `/items/${itemId}`)).text()).not.toContain("Reopen");
  let page = await open(pm, `/items/${itemId}`);
  expect(page.text()).toMatch(/Finished .* by James Carter/);
  page = await page.form({ button: "Reopen" }).submit();
  expect(toasts(page).join(" ")).toContain("Item Reopened");
  expect(page.text()).not.toMatch(/Finished .* by James Carter/);
  expect(item()).toMatchObject({ finishedAt: null, department: "production" });
  expect(project()).toMatchObject({ status: "active", completedAt: null });
});

test("'Follow the floor' gives a step set by hand back to the scans; Reopen project makes a completed project active", async () => {
  const production = getDb().select().from(schema.projectWorkflowSteps).where(eq(schema.projectWorkflowSteps.department, "production")).get()!;
  expect((await pm.request(`/api/workflow-steps/${production.id}`, { method: "PATCH", json: { percentComplete: 40 } })).status).toBe(200);
  let page = await open(pm, `/projects/${projectId}`);
  const steps = (p: HtmlPage) => p.textOf('section[aria-label="Workflow Steps"]');
  expect(steps(page)).toContain("Production Not set Not set Unassigned 40% Set by hand");
  page = await page.form({ button: "Follow the floor: Production" }).submit();
  expect(steps(page)).not.toContain("Set by hand");
  const after = getDb().select().from(schema.projectWorkflowSteps).where(eq(schema.projectWorkflowSteps.id, production.id)).get()!;
  expect(after).toMatchObject({ setByHand: false, percentComplete: 0, status: "pending" });

  await startAndStop();
  page = await open(pm, `/projects/${projectId}`);
  expect(page.text()).toMatch(/Completed \w{3}, \w{3} \d+/);
  page = await page.form({ button: "Reopen project" }).submit();
  expect(toasts(page).join(" ")).toContain("Project Reopened");
  expect(project()).toMatchObject({ status: "active", completedAt: null });
});
