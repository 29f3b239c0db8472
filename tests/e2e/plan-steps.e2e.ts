// 'Plan the steps' on a phone with JavaScript (docs/product.md, Decisions: Due dates): a project just imported with a
// due date and a workflow offers it, one tap fills the steps' dates and the toast says what it set, at 360 px. The
// rules (never over a typed date, refusals, permission, without JavaScript) are tests/request/plan-steps.test.ts.
import { DEMO, expect, test, toast } from "./fixtures";
import { expectNoSidewaysScroll, visit } from "./helpers";

test("a new project with a due date: Plan the steps at 360 px", async ({ page, baseURL, signIn }) => {
  await signIn(DEMO.admin);
  await page.setViewportSize({ width: 360, height: 800 });
  const origin = new URL(baseURL!).origin;
  const workflows = (await (await page.request.get("/api/workflows")).json()) as { name: string; departmentSequence: string[] }[];
  const wf = workflows.find((w) => w.departmentSequence.length >= 2)!;
  const stamp = Date.now();
  const due = new Date(stamp + 60 * 86_400_000).toISOString().slice(0, 10);
  const row = { projectName: `E2E Plan ${stamp}`, customer: "", externalReference: `PLAN-${stamp}`, dueDate: due, priority: "", workflow: wf.name };
  const imported = await page.request.post("/api/projects/import", {
    data: { rows: [{ ...row, itemName: "", quantity: "", category: "", material: "" }] },
    headers: { origin },
  });
  expect(imported.status()).toBe(201);
  const [id] = ((await imported.json()) as { projectIds: number[] }).projectIds;

  await visit(page, true, `/projects/${id}`);
  const offer = page.getByRole("region", { name: /^Due / });
  await expect(offer).toContainText("The steps have no dates yet.");
  await expectNoSidewaysScroll(page);
  const button = offer.getByRole("button", { name: "Plan the steps" });
  expect((await button.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await button.click();
  await expect(toast(page, true, "Steps planned")).toContainText(new RegExp(`^Steps planned\\s*Planned ${wf.departmentSequence.length} steps: `));
  await expect(offer).toHaveCount(0);
  await expect(page.getByRole("region", { name: "Workflow Steps" })).not.toContainText("Not set");
  await expectNoSidewaysScroll(page);
  // The worker's demo shop is shared: an empty newest project would be the one other tests open first.
  expect((await page.request.delete(`/api/projects/${id}`, { headers: { origin } })).status()).toBe(200);
});
