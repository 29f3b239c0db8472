// Global Settings → Webhooks, with JavaScript: a manager adds an endpoint for the shop's accounting program (a
// listener in this test process), copies its secret, sees a new project's delivery in the log with its answer and
// time, sends it again, and on a phone reads the log without sideways scrolling. The same without JavaScript is a
// request test that uses the page's forms (tests/request/webhooks-no-js.test.ts).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { DEMO, expect, test } from "./fixtures";
import { adminApi, createRecord, expectNoSidewaysScroll, signInByApi, visit } from "./helpers";

type Hit = { id: string; type: string };

function startReceiver(): Promise<{ url: string; hits: Hit[]; server: Server }> {
  const hits: Hit[] = [];
  const server = createServer((req, res) => {
    let body = "";
    req.on("data", (c) => (body += c));
    req.on("end", () => {
      let type = "";
      try {
        type = JSON.parse(body).type;
      } catch {
        // kept as it came
      }
      hits.push({ id: String(req.headers["webhook-id"] ?? ""), type });
      res.writeHead(200).end();
    });
  });
  return new Promise((resolve) =>
    server.listen(0, "127.0.0.1", () => resolve({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`, hits, server })),
  );
}

test("add a webhook, see a new project's delivery in its log, and send it again", async ({ page, baseURL, clientIp }) => {
  const receiver = await startReceiver();
  const name = `Accounting ${Date.now() % 100000}`;
  const api = await adminApi(baseURL!, clientIp);
  try {
    await signInByApi(page, DEMO.admin.pin, baseURL!);
    await visit(page, true, "/settings");
    await page.getByRole("link", { name: "Webhooks", exact: true }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();

    // A public http address is refused, with the reason under the field; what was typed stays.
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Address (URL)").fill("http://example.com/hook");
    await page.getByLabel(/A project is added/).check();
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByText("Plain http is allowed only on the shop's own network", { exact: false })).toBeVisible();
    await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);

    await page.getByLabel("Address (URL)").fill(receiver.url);
    if (!(await page.getByLabel(/A project is added/).isChecked())) await page.getByLabel(/A project is added/).check();
    await page.getByRole("button", { name: "Add webhook" }).click();
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();
    await expect(page.getByText("Nothing sent yet", { exact: true })).toBeVisible();
    await page.getByText("Show the secret").click();
    await expect(page.getByTestId("webhook-secret")).toHaveText(/^whsec_[A-Za-z0-9+/=]{32}$/);
    await expect(page.getByRole("button", { name: "Copy the secret" })).toBeVisible();

    // A project is added elsewhere: its delivery is sent at once and shows in the log.
    const workflows = (await (await api.get("/api/workflows")).json()) as { id: number }[];
    await createRecord(api, "projects", { name: `Hook ${name}`, description: "d", workflowId: workflows[0]!.id });
    await expect.poll(() => receiver.hits.filter((h) => h.type === "project.created").length, { timeout: 10_000 }).toBeGreaterThanOrEqual(1);
    await page.reload();
    const row = page.getByTestId("webhook-delivery").first();
    await expect(row).toContainText("project.created");
    await expect(row).toContainText("Delivered");
    await expect(row).toContainText("HTTP 200");
    const first = receiver.hits.find((h) => h.type === "project.created")!;

    await row.getByRole("button", { name: /^Send again/ }).click();
    await expect(page.getByText("Delivery queued again").first()).toBeVisible();
    await expect.poll(() => receiver.hits.filter((h) => h.id === first.id).length, { timeout: 10_000 }).toBe(2);

    // On a phone the log is cards: nothing scrolls sideways.
    await page.setViewportSize({ width: 375, height: 800 });
    await visit(page, true, new URL(page.url()).pathname);
    await expect(page.getByTestId("webhook-delivery").first()).toBeVisible();
    await expectNoSidewaysScroll(page);

    // Deleted after confirming: it is gone from the list.
    await page.getByRole("link", { name: "Delete", exact: true }).click();
    await page.getByRole("button", { name: "Delete webhook" }).click();
    await expect(page.getByRole("heading", { name: "Webhooks", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  } finally {
    await api.dispose();
    receiver.server.close();
  }
});
