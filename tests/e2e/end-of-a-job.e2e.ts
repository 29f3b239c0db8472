// The end of a job (docs/product.md, Decisions: The end of a job) in a browser on a phone: a two-item project scanned
// through every department on the QR Timer completes itself, and its page says so. The rules, the refusals, Reopen
// and the pages without JavaScript are request tests (tests/request/end-of-a-job*.test.ts).
import { DEMO, expect, test } from "./fixtures";
import { adminApi, ageLastStop, ageSession, expectNoSidewaysScroll, visit } from "./helpers";

test("two items scanned through every department on the QR Timer complete the project, at 360 px", async ({ page, baseURL, signIn, appServer, clientIp }) => {
  await page.setViewportSize({ width: 360, height: 780 });
  await signIn(DEMO.admin);
  const origin = new URL(baseURL!).origin;
  const headers = { origin };
  const sequence = ["pre-production", "production"];
  const stamp = Date.now();
  const post = async (path: string, data: unknown) => {
    const res = await page.request.post(path, { data, headers });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: number };
  };
  const category = await post("/api/categories", { name: `E2E Two-step ${stamp}`, departmentSequence: sequence });
  const workflow = await post("/api/workflows", { name: `E2E Two-step ${stamp}`, departmentSequence: sequence });
  const project = await post("/api/projects", { name: `E2E Done ${stamp}`, description: "The end of a job", workflowId: workflow.id });
  const ids: number[] = [];
  for (const name of ["Front panel", "Back panel"]) {
    ids.push((await post("/api/items", { name, category: `E2E Two-step ${stamp}`, projectId: project.id, department: "pre-production" })).id);
  }

  await signIn(DEMO.james);
  await visit(page, true, "/qr-scanner");
  const field = page.getByLabel("Scan or type a QR code or item ID");
  const scan = async (id: number, expected: string) => {
    await field.fill(`${origin}/qr/${id}`);
    await page.getByRole("button", { name: "Process" }).click();
    await expect(page.getByText(expected, { exact: true }).first()).toBeVisible();
  };
  await test.step("each item through pre-production, then production, where the last stop finishes it", async () => {
    for (const done of ["Timer Stopped & Advanced", "Final Department"]) {
      for (const id of ids) {
        // The scan that moved it on was just now: past the double-read window, the next one starts it again.
        ageLastStop(appServer.dataDir, id);
        await scan(id, "Timer Started");
        ageSession(appServer.dataDir, id);
        await scan(id, done);
      }
    }
    await expectNoSidewaysScroll(page);
  });

  await test.step("the scan that finished the last item is undone from its toast, then scanned through again", async () => {
    const last = ids.at(-1)!;
    await page.getByRole("region", { name: "Notifications (F8)" }).getByRole("button", { name: "Undo — not finished yet" }).click();
    await expect(page.getByText("Scan Undone", { exact: true }).first()).toBeVisible();
    await expect(page.getByText(/^Back panel is not finished: it stays in .+; its time is kept\.$/).first()).toBeVisible();
    expect(((await (await page.request.get(`/api/items/${last}`)).json()) as { finishedAt: string | null }).finishedAt).toBeNull();
    // Not finished, still in its last department: the next scan starts it there, the one after finishes it again.
    await scan(last, "Timer Started");
    ageSession(appServer.dataDir, last);
    await scan(last, "Final Department");
  });

  await test.step("the project page says it is completed, its steps all done", async () => {
    await visit(page, true, `/projects/${project.id}`);
    await expect(page.getByTestId("project-completed")).toContainText(/^Completed \w{3}, \w{3} \d+/);
    await expect(page.getByText("100% complete · 0 remaining")).toBeVisible();
    await expectNoSidewaysScroll(page);
  });

  await test.step("Reopen project and Reopen item say what happened, with JavaScript", async () => {
    await signIn(DEMO.admin);
    await visit(page, true, `/projects/${project.id}`);
    await page.getByRole("button", { name: "Reopen project" }).click();
    await expect(page.getByText("Project Reopened", { exact: true })).toBeVisible();
    // Every item is still finished: the toast says what makes the project's work again.
    await expect(page.getByText(/^It is active again\. Add items, or reopen one/)).toBeVisible();
    await visit(page, true, `/items/${ids[0]}`);
    await page.getByRole("button", { name: "Reopen", exact: true }).click();
    await expect(page.getByText("Item Reopened", { exact: true })).toBeVisible();
    await expect(page.getByTestId("item-finished")).toHaveCount(0);
  });

  // The worker's demo shop is shared: a short workflow left behind would be the first another test picks.
  const admin = await adminApi(baseURL!, clientIp);
  for (const path of [`/api/projects/${project.id}`, `/api/workflows/${workflow.id}`, `/api/categories/${category.id}`]) {
    expect((await admin.delete(path, { headers })).status(), path).toBe(200);
  }
  await admin.dispose();
});
