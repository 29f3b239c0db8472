import { beforeEach, describe, expect, test } from "bun:test";
import parsePrometheusTextFormat, { type PromFamily, type PromSample } from "parse-prometheus-text-format";
import { type createApp, visibleHtml, type Client } from "../helpers/app";
import { bakery, seedShop } from "../helpers/shop";
import { ageLastStop } from "../helpers/timers";

// GET /metrics (decision 0041, README "Metrics"): the Prometheus text format, read here by an independent
// parser from npm, behind an API token with the `metrics` scope.

let app: ReturnType<typeof createApp>;
let admin: Client;
let operator: Client;
let scraper: Client;
let projectId: number;
let itemId: number;

async function makeToken(name: string, scopes: string[]): Promise<string> {
  const body = new URLSearchParams({ intent: "create", name });
  for (const s of scopes) body.append("scopes", s);
  const res = await admin.request("/settings/api-tokens", {
    method: "POST",
    body: body.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  return /value="(sfk_[A-Za-z0-9_-]{43})"/.exec(await visibleHtml(res))![1]!;
}

type Scrape = Map<string, PromFamily> & { text: string };

async function scrape(token: string): Promise<Scrape> {
  const res = await scraper.request("/metrics", { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
  const text = await res.text();
  return Object.assign(new Map(parsePrometheusTextFormat(text).map((f) => [f.name, f])), { text });
}

/**
 * A histogram's series, each parsed by the npm parser on its own: given several labelled series it merges their
 * buckets into one and drops their sums and counts (prom2json's shape has one set per sample), so each series'
 * lines are handed to it alone, its labels (but `le`) set aside as the key.
 */
function histogramSeries(text: string, name: string): Map<string, PromSample> {
  const groups = new Map<string, string[]>();
  // A series without labels (but `le`) writes its sum and count without braces.
  const line = new RegExp(`^${name}_(bucket|sum|count)(?:\\{(.*)\\})? (\\S+)$`);
  for (const l of text.split("\n")) {
    const m = line.exec(l);
    if (!m) continue;
    const labels = m[2] ?? "";
    const le = /(?:^|,)le="([^"]*)"/.exec(labels)?.[1];
    const key = labels.replace(/,?le="[^"]*"/, "");
    const out = m[1] === "bucket" ? `${name}_bucket{le="${le}"} ${m[3]}` : `${name}_${m[1]} ${m[3]}`;
    groups.set(key, [...(groups.get(key) ?? []), out]);
  }
  return new Map([...groups].map(([key, lines]) => [key, parsePrometheusTextFormat(`# TYPE ${name} histogram\n${lines.join("\n")}\n`)[0]!.metrics[0]!]));
}

const sample = (families: Map<string, PromFamily>, name: string, labels: Record<string, string> = {}) =>
  families.get(name)?.metrics.find((m) => Object.entries(labels).every(([k, v]) => m.labels?.[k] === v));
const value = (families: Map<string, PromFamily>, name: string, labels: Record<string, string> = {}) => {
  const s = sample(families, name, labels);
  const v = s?.value;
  return v === undefined ? 0 : v === "+Inf" ? Infinity : Number(v);
};

beforeEach(async () => {
  ({
    app,
    clients: { admin, operator },
    projectIds: [projectId],
    itemIds: [itemId],
  } = await seedShop({
    ipBase: "10.42.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, operator: { name: "Otto", pin: "2222", keys: ["production"] } },
    ...bakery(["Production", "Shipping"]),
    items: [{ name: "Sign", category: "Banner", material: "Vinyl" }],
  }));
  scraper = app.client("10.42.0.50");
});

describe("who may read it", () => {
  test("no token: 401 JSON; a member's session is not enough", async () => {
    for (const client of [scraper, admin]) {
      const res = await client.request("/metrics");
      expect(res.status).toBe(401);
      expect((await res.json()).message).toContain("Send an API token with the 'metrics' scope");
    }
  });

  test("an unknown or revoked token: 401; a token without the metrics scope: 403 naming it", async () => {
    expect((await scraper.request("/metrics", { headers: { authorization: `Bearer sfk_${"x".repeat(43)}` } })).status).toBe(401);
    const reader = await makeToken("Reader", ["read", "projects:write"]);
    const refused = await scraper.request("/metrics", { headers: { authorization: `Bearer ${reader}` } });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: "This API token does not have the 'metrics' scope." });
    const prometheus = await makeToken("Prometheus", ["metrics"]);
    expect((await scraper.request("/metrics", { headers: { authorization: `Bearer ${prometheus}` } })).status).toBe(200);
    // The metrics scope opens /metrics only, not the API.
    const api = await scraper.request("/api/projects", { headers: { authorization: `Bearer ${prometheus}` } });
    expect(api.status).toBe(403);
    expect((await api.json()).message).toBe("This API token does not have the 'read' scope.");
  });
});

describe("what it says", () => {
  test("every family is there with its type; each histogram's buckets are cumulative and end at its count", async () => {
    const token = await makeToken("Prometheus", ["metrics"]);
    await admin.request(`/api/projects/${projectId}`);
    const families = await scrape(token);
    const types = Object.fromEntries([...families.values()].map((f) => [f.name, f.type]));
    expect(types).toMatchObject({
      shopflow_http_requests_total: "COUNTER",
      shopflow_http_request_duration_seconds: "HISTOGRAM",
      shopflow_scans_total: "COUNTER",
      shopflow_event_streams_open: "GAUGE",
      shopflow_database_size_bytes: "GAUGE",
      shopflow_database_wal_size_bytes: "GAUGE",
      shopflow_checkpoint_duration_seconds: "HISTOGRAM",
      shopflow_scan_batch_size: "HISTOGRAM",
      shopflow_backup_age_seconds: "GAUGE",
      shopflow_backups_enabled: "GAUGE",
      shopflow_webhook_deliveries_pending: "GAUGE",
    });
    const histograms = [...families.values()].filter((f) => f.type === "HISTOGRAM");
    expect(histograms.map((f) => f.name).sort()).toEqual([
      "shopflow_checkpoint_duration_seconds",
      "shopflow_http_request_duration_seconds",
      "shopflow_scan_batch_size",
    ]);
    let series = 0;
    for (const f of histograms) {
      for (const m of histogramSeries(families.text, f.name).values()) {
        series += 1;
        // In bound order: an object's integer-like keys ("1", "5") come first, whatever order they were written in.
        const bounds = Object.keys(m.buckets!).sort((a, b) => (a === "+Inf" ? Infinity : Number(a)) - (b === "+Inf" ? Infinity : Number(b)));
        expect(bounds.at(-1)).toBe("+Inf");
        const counts = bounds.map((b) => Number(m.buckets![b]));
        for (let i = 1; i < counts.length; i++) expect(counts[i]!).toBeGreaterThanOrEqual(counts[i - 1]!);
        expect(counts.at(-1)).toBe(Number(m.count));
        expect(Number(m.sum)).toBeGreaterThanOrEqual(0);
      }
    }
    expect(series).toBeGreaterThan(0);
    expect(value(families, "shopflow_database_size_bytes")).toBeGreaterThan(0);
  });

  test("scans that keep arriving over turns of the event loop share one commit; a lone scan commits alone", async () => {
    const token = await makeToken("Prometheus", ["metrics"]);
    const ids = [itemId];
    for (let i = 2; i <= 8; i++) {
      const res = await admin.request("/api/items", { method: "POST", json: { name: `Sign ${i}`, category: "Banner", material: "Vinyl", projectId } });
      ids.push(((await res.json()) as { id: number }).id);
    }
    const batches = async () => {
      const h = (await scrape(token)).get("shopflow_scan_batch_size")!.metrics[0]!;
      return { count: Number(h.count), sum: Number(h.sum) };
    };
    const start = (id: number) => admin.request(`/api/items/${id}/start-timer`, { method: "POST" });
    const nextTurn = () => new Promise((resolve) => setImmediate(resolve));
    const before = await batches();
    // Half the scans, then the other half one turn of the event loop later (the server read more requests): one batch.
    const first = ids.slice(0, 4).map(start);
    await nextTurn();
    const second = ids.slice(4).map(start);
    expect((await Promise.all([...first, ...second])).map((r) => r.status)).toEqual(ids.map(() => 200));
    const together = await batches();
    expect(together).toEqual({ count: before.count + 1, sum: before.sum + 8 });
    expect((await admin.request(`/api/items/${ids[0]}/end-timer`, { method: "POST" })).status).toBe(200);
    expect(await batches()).toEqual({ count: together.count + 1, sum: together.sum + 1 });
  });

  test("requests are counted by route pattern and status, never by the path with its ids", async () => {
    const token = await makeToken("Prometheus", ["metrics"]);
    const labels = { route: "/api/projects/:id", method: "GET", status: "200" };
    const before = await scrape(token);
    for (let i = 0; i < 3; i++) expect((await admin.request(`/api/projects/${projectId}`)).status).toBe(200);
    expect((await admin.request("/api/projects/999999")).status).toBe(404);
    const after = await scrape(token);
    expect(value(after, "shopflow_http_requests_total", labels) - value(before, "shopflow_http_requests_total", labels)).toBe(3);
    const missing = { ...labels, status: "404" };
    expect(value(after, "shopflow_http_requests_total", missing) - value(before, "shopflow_http_requests_total", missing)).toBe(1);
    const latency = 'route="/api/projects/:id",method="GET"';
    const observed = (s: Scrape) => Number(histogramSeries(s.text, "shopflow_http_request_duration_seconds").get(latency)?.count ?? 0);
    expect(observed(after) - observed(before)).toBe(4);
    const routes = after.get("shopflow_http_requests_total")!.metrics.map((m) => m.labels!.route!);
    expect(routes.filter((r) => /\/\d+(\/|$)/.test(r))).toEqual([]);
  });

  test("scans are counted: the timer toggles and the QR Timer's scans, by outcome", async () => {
    const token = await makeToken("Prometheus", ["metrics"]);
    const before = await scrape(token);
    expect((await operator.request(`/api/items/${itemId}/start-timer`, { method: "POST" })).status).toBe(200);
    expect((await operator.request(`/api/items/${itemId}/end-timer`, { method: "POST" })).status).toBe(200);
    // Past the double-read window of that stop, which moved the item: the scan is a start, not a second read.
    ageLastStop(itemId);
    expect((await operator.request("/api/scans", { method: "POST", json: { code: String(itemId) } })).status).toBe(200);
    expect((await operator.request("/api/items/999999/start-timer", { method: "POST" })).status).toBe(404);
    const after = await scrape(token);
    const moved = (labels: Record<string, string>) => value(after, "shopflow_scans_total", labels) - value(before, "shopflow_scans_total", labels);
    expect(moved({ via: "start-timer", outcome: "ok" })).toBe(1);
    expect(moved({ via: "end-timer", outcome: "ok" })).toBe(1);
    expect(moved({ via: "scan", outcome: "ok" })).toBe(1);
    expect(moved({ via: "start-timer", outcome: "refused" })).toBe(1);
  });

  test("open event streams, backup age and the webhook queue come from the server and the database", async () => {
    const token = await makeToken("Prometheus", ["metrics"]);
    const before = await scrape(token);
    expect(sample(before, "shopflow_backup_age_seconds")!.value).toBe("+Inf");
    // This server runs without BACKUP_DIR: the infinite age says 'not configured', which an alert can tell apart.
    expect(value(before, "shopflow_backups_enabled")).toBe(0);
    expect(value(before, "shopflow_webhook_deliveries_pending")).toBe(0);
    const abort = new AbortController();
    const stream = await operator.request("/api/events", { signal: abort.signal });
    expect(stream.status).toBe(200);
    const db = app.db.$client;
    const hourAgo = Date.now() - 3_600_000;
    db.run("INSERT INTO backup_runs (started_at, finished_at, ok) VALUES (?, ?, 1), (?, NULL, 0)", [hourAgo - 5_000, hourAgo, Date.now() - 1_000]);
    db.run("INSERT INTO webhook_endpoints (name, url, events, secret) VALUES ('ERP', 'https://erp.example/hook', '[]', 'whsec_x')");
    for (const [i, status] of ["pending", "pending", "delivered", "failed"].entries()) {
      db.run("INSERT INTO webhook_deliveries (endpoint_id, message_id, event_type, payload, status) VALUES (1, ?, 'project.created', '{}', ?)", [
        `msg_${i}`,
        status,
      ]);
    }
    const after = await scrape(token);
    expect(value(after, "shopflow_event_streams_open") - value(before, "shopflow_event_streams_open")).toBe(1);
    const age = value(after, "shopflow_backup_age_seconds");
    expect(age).toBeGreaterThanOrEqual(3600);
    expect(age).toBeLessThan(3700);
    expect(value(after, "shopflow_webhook_deliveries_pending")).toBe(2);
    abort.abort();
  });
});
