import { processState } from "~/infra/process-state.server";

// The server's own figures for IT's monitoring (GET /metrics, decision 0041): counters and histograms kept in
// memory by the HTTP layer and the checkpointer, written out in the Prometheus text exposition format (0.0.4). A
// few families with small label sets (a route's pattern, never a raw path with its ids), so recording a request
// is a couple of map lookups and a scrape is cheap.

/** Seconds: from a scan's few milliseconds to a slow CSV export. */
export const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** A checkpoint pass copies a few pages in well under a millisecond; a held finish may take tens of them. */
export const CHECKPOINT_BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1];

/** Scans committed together (decision 0014): one at a quiet shop, dozens at a busy floor. */
export const SCAN_BATCH_BUCKETS = [1, 2, 5, 10, 20, 50, 100];

type Labels = Record<string, string>;
type Histogram = { buckets: number[]; counts: number[]; sum: number; count: number };

/**
 * One metric's series by their label values, given in the order of the family's label names. Every request records
 * two or three series, so a series is found through one map per label, with nothing built for a lookup; the labels'
 * record is made once, with the series.
 */
class Family<T> {
  readonly series: { labels: Labels; value: T }[] = [];
  private readonly index = new Map<string, unknown>();
  constructor(
    private readonly names: readonly string[],
    private readonly make: () => T,
  ) {}
  get(a?: string, b?: string, c?: string): T {
    const n = this.names.length;
    let level: Map<string, unknown> = this.index;
    for (let i = 0; i < n - 1; i++) {
      const v = i === 0 ? a! : b!;
      let next = level.get(v) as Map<string, unknown> | undefined;
      if (!next) level.set(v, (next = new Map()));
      level = next;
    }
    if (n === 0) {
      if (this.series.length === 0) this.series.push({ labels: {}, value: this.make() });
      return this.series[0]!.value;
    }
    const last = n === 1 ? a! : n === 2 ? b! : c!;
    let found = level.get(last) as T | undefined;
    if (found === undefined) {
      const given = [a, b, c];
      const labels: Labels = Object.fromEntries(this.names.map((name, i) => [name, given[i]!]));
      found = this.make();
      level.set(last, found);
      this.series.push({ labels, value: found });
    }
    return found;
  }
}

const newHistogram = (buckets: number[]) => (): Histogram => ({ buckets, counts: buckets.map(() => 0), sum: 0, count: 0 });

function observe(h: Histogram, value: number) {
  h.sum += value;
  h.count += 1;
  // Counts per bucket (not cumulative) here; the text format's cumulative `le` counts are summed when written.
  const { buckets } = h;
  for (let i = 0; i < buckets.length; i++) {
    if (value <= buckets[i]!) {
      h.counts[i]! += 1;
      return;
    }
  }
}

/** An HTTP status as its label: the few a server answers are made once. */
const statusTexts = new Map<number, string>();
function statusText(status: number): string {
  let text = statusTexts.get(status);
  if (text === undefined) statusTexts.set(status, (text = String(status)));
  return text;
}

const newMetrics = () => ({
  requests: new Family(["route", "method", "status"], () => ({ n: 0 })),
  latency: new Family(["route", "method"], newHistogram(LATENCY_BUCKETS)),
  scans: new Family(["via", "outcome"], () => ({ n: 0 })),
  checkpoints: new Family(["kind"], newHistogram(CHECKPOINT_BUCKETS)),
  scanBatches: new Family([], newHistogram(SCAN_BATCH_BUCKETS)),
});
export type Metrics = ReturnType<typeof newMetrics>;
const metrics = () => (processState.metrics ??= newMetrics());

/** Routes whose POSTs are scans: the timer toggles and the QR Timer's scan (app/routes.ts ids). */
const SCAN_ROUTES: Readonly<Record<string, string>> = {
  "api-items-start-timer": "start-timer",
  "api-items-end-timer": "end-timer",
  "routes/api/scans": "scan",
  "routes/qr-scanner": "qr-scanner-page",
};

const outcome = (status: number) => (status < 400 ? "ok" : status < 500 ? "refused" : "error");

/** One answered request: `route` is the route's pattern (or "static", "none"), never the path as sent. */
export function recordRequest(route: string, routeId: string | null, method: string, status: number, seconds: number) {
  const state = metrics();
  state.requests.get(route, method, statusText(status)).n += 1;
  observe(state.latency.get(route, method), seconds);
  const via = routeId && method === "POST" ? SCAN_ROUTES[routeId] : undefined;
  if (via) state.scans.get(via, outcome(status)).n += 1;
}

/** One checkpoint of the write-ahead log: a background pass, a held finish, or one the request thread did itself. */
export function recordCheckpoint(kind: "pass" | "finish" | "blocking", ms: number) {
  observe(metrics().checkpoints.get(kind), ms / 1000);
}

/** One commit of queued scans, `scans` of them (refused ones included). */
export function recordScanBatch(scans: number) {
  observe(metrics().scanBatches.get(), scans);
}

export type Gauges = {
  openEventStreams: number;
  databaseBytes: number;
  walBytes: number;
  /** Seconds since the newest good backup finished; +Inf when there has been none. */
  backupAgeSeconds: number;
  /** Whether BACKUP_DIR is set: an age of +Inf with backups off is 'not configured', not 'failing'. */
  backupsEnabled: boolean;
  pendingWebhookDeliveries: number;
};

const escapeLabel = (v: string) => v.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/"/g, '\\"');
const labelText = (labels: Labels) => {
  const parts = Object.entries(labels).map(([k, v]) => `${k}="${escapeLabel(v)}"`);
  return parts.length ? `{${parts.join(",")}}` : "";
};
const num = (v: number) => (v === Infinity ? "+Inf" : v === -Infinity ? "-Inf" : Number.isNaN(v) ? "NaN" : String(v));

function header(out: string[], name: string, type: string, help: string) {
  out.push(`# HELP ${name} ${help}`, `# TYPE ${name} ${type}`);
}

function writeHistogram(out: string[], name: string, family: Family<Histogram>) {
  for (const { labels, value: h } of family.series) {
    let cumulative = 0;
    h.buckets.forEach((b, i) => {
      cumulative += h.counts[i]!;
      out.push(`${name}_bucket${labelText({ ...labels, le: String(b) })} ${cumulative}`);
    });
    out.push(`${name}_bucket${labelText({ ...labels, le: "+Inf" })} ${h.count}`);
    out.push(`${name}_sum${labelText(labels)} ${h.sum}`, `${name}_count${labelText(labels)} ${h.count}`);
  }
}

/** Everything, in the Prometheus text exposition format. */
export function metricsText(g: Gauges): string {
  const state = metrics();
  const out: string[] = [];
  header(out, "shopflow_http_requests_total", "counter", "HTTP requests answered, by route pattern, method and status.");
  for (const { labels, value } of state.requests.series) out.push(`shopflow_http_requests_total${labelText(labels)} ${value.n}`);
  header(out, "shopflow_http_request_duration_seconds", "histogram", "Time to answer an HTTP request (until its headers), by route pattern and method.");
  writeHistogram(out, "shopflow_http_request_duration_seconds", state.latency);
  header(out, "shopflow_scans_total", "counter", "Timer scans and toggles, by way in and outcome (ok, refused, error).");
  for (const { labels, value } of state.scans.series) out.push(`shopflow_scans_total${labelText(labels)} ${value.n}`);
  header(out, "shopflow_scan_batch_size", "histogram", "Scans committed together in one transaction (group commit).");
  state.scanBatches.get(); // written from the start, at zero, like the process's own figures
  writeHistogram(out, "shopflow_scan_batch_size", state.scanBatches);
  header(out, "shopflow_event_streams_open", "gauge", "Live-update event streams open now (pages and TV boards).");
  out.push(`shopflow_event_streams_open ${g.openEventStreams}`);
  header(out, "shopflow_database_size_bytes", "gauge", "Size of the SQLite database (its pages).");
  out.push(`shopflow_database_size_bytes ${g.databaseBytes}`);
  header(out, "shopflow_database_wal_size_bytes", "gauge", "Size of the write-ahead log file.");
  out.push(`shopflow_database_wal_size_bytes ${g.walBytes}`);
  header(
    out,
    "shopflow_checkpoint_duration_seconds",
    "histogram",
    "Write-ahead log checkpoints that copied pages: background passes, held finishes, blocking ones.",
  );
  writeHistogram(out, "shopflow_checkpoint_duration_seconds", state.checkpoints);
  header(out, "shopflow_backup_age_seconds", "gauge", "Seconds since the newest successful backup finished (+Inf: none yet).");
  out.push(`shopflow_backup_age_seconds ${num(g.backupAgeSeconds)}`);
  header(out, "shopflow_backups_enabled", "gauge", "1 when automatic backups are on (BACKUP_DIR set), 0 when they are off.");
  out.push(`shopflow_backups_enabled ${g.backupsEnabled ? 1 : 0}`);
  header(out, "shopflow_webhook_deliveries_pending", "gauge", "Webhook deliveries waiting to be sent or retried.");
  out.push(`shopflow_webhook_deliveries_pending ${g.pendingWebhookDeliveries}`);
  header(out, "process_start_time_seconds", "gauge", "When the server process started, in seconds since the Unix epoch.");
  out.push(`process_start_time_seconds ${Math.floor(performance.timeOrigin / 1000)}`);
  header(out, "process_resident_memory_bytes", "gauge", "Resident memory of the server process.");
  out.push(`process_resident_memory_bytes ${process.memoryUsage().rss}`);
  return `${out.join("\n")}\n`;
}

export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";
