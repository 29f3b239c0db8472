// Metrics for IT (decision 0041), with JavaScript: management makes a token with only the `metrics` scope on
// Global Settings → API tokens, Prometheus scrapes /metrics with it, and the answer is read by an independent parser
// (parse-prometheus-text-format), counting the page the manager just opened. The same without JavaScript is a
// request test that uses the page's form (tests/request/api-tokens-no-js.test.ts).
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import { DEMO, expect, test } from "./fixtures";
import { visit } from "./helpers";

type Family = { name: string; type: string; metrics: { labels?: Record<string, string>; value?: string; buckets?: Record<string, string> }[] };

test("a metrics-only token made in Global Settings scrapes /metrics; the same token opens no /api data", async ({ page, signIn, playwright, baseURL }) => {
  await signIn(DEMO.admin);
  await visit(page, true, "/settings/api-tokens");
  const name = `Prometheus ${Date.now().toString(36)}-${test.info().project.name}`;
  await page.getByLabel("Token name (the program that uses it)").fill(name);
  await page.getByRole("checkbox", { name: /^metrics / }).check();
  await page.getByRole("button", { name: "Make API token" }).click();
  const token = await page.getByLabel(/^Token \(send it as/).inputValue();
  expect(token).toMatch(/^sfk_/);

  // Pages the manager opens are counted by their route, not by their address.
  await visit(page, true, "/projects/1");

  const prometheus = await playwright.request.newContext({ baseURL });
  const scrape = await prometheus.get("/metrics", { headers: { Authorization: `Bearer ${token}` } });
  expect(scrape.status()).toBe(200);
  expect(scrape.headers()["content-type"]).toContain("text/plain");
  const families = parsePrometheusTextFormat(await scrape.text()) as unknown as Family[];
  const byName = new Map(families.map((f) => [f.name, f]));
  for (const family of [
    "shopflow_http_requests_total",
    "shopflow_http_request_duration_seconds",
    "shopflow_scans_total",
    "shopflow_event_streams_open",
    "shopflow_database_size_bytes",
    "shopflow_database_wal_size_bytes",
    "shopflow_backup_age_seconds",
    "shopflow_webhook_deliveries_pending",
  ]) {
    expect(byName.has(family), family).toBe(true);
  }
  const requests = byName.get("shopflow_http_requests_total")!;
  expect(requests.type).toBe("COUNTER");
  const projectPage = requests.metrics.filter((m) => m.labels?.route === "/projects/:id" && m.labels?.status === "200");
  expect(projectPage.length).toBeGreaterThan(0);
  expect(requests.metrics.some((m) => m.labels?.route === "/projects/1")).toBe(false);

  // Without the token, or with it on /api: refused, as JSON a person can read.
  expect((await prometheus.get("/metrics")).status()).toBe(401);
  const api = await prometheus.get("/api/projects", { headers: { Authorization: `Bearer ${token}` } });
  expect(api.status()).toBe(403);
  expect((await api.json()).message).toContain("'read'");
  await prometheus.dispose();
});
