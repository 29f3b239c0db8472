// `bun scripts/bench-live.ts [options]`: the live floor under scans. Starts the built app on seed-large data, opens
// live page clients that behave as the browser does: each holds its own /api/events stream with its own session (or
// a board link), and when a notice concerns its page it reloads the page's data the way the page's own code does
// (components/live.tsx: the same burst rule, browser/live-reloads.ts, and the same validators,
// browser/data-validators.ts), as React Router's revalidation fetches it (GET <page>.data, same cookies).
// Meanwhile scans arrive through POST /api/scans (the QR Timer's call) at a steady rate. Reports the server's CPU
// (process CPU time over wall time, as a share of one core) and, per scan, the time from its answer until every
// screen it concerns has fetched data that shows it (a data request sent after the scan was committed). Targets:
// under half a core, p99 < 1 s.
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Database } from "bun:sqlite";
import { dataValidators } from "~/browser/data-validators";
import { liveReloads } from "~/browser/live-reloads";

// Bun's fetch keeps at most 256 requests open at once by default: every client's stream and its reloads need more.
if (!process.env.BUN_CONFIG_MAX_HTTP_REQUESTS) {
  const again = Bun.spawnSync([process.execPath, ...process.argv.slice(1)], {
    env: { ...process.env, BUN_CONFIG_MAX_HTTP_REQUESTS: "4000" },
    stdio: ["inherit", "inherit", "inherit"],
  });
  process.exit(again.exitCode ?? 1);
}

const root = path.join(import.meta.dir, "..");
const bun = process.execPath;

const USAGE = `Usage: bun scripts/bench-live.ts [options]
  --data-dir DIR          seed DIR once (seed-large) and reuse it on later runs (default: a new temp folder)
  --projects N --items N --logs N   seed sizes (default 10000 / 200000 / 2000000)
  --clients N             live page clients (default 100)
  --rate N                scans a second (default 10)
  --duration S            seconds of scanning (default 30)
  --port P                the app's port (default: a free one)
  --pin PIN               the seeded administrator's PIN (default 1234)
  --no-build              use build/ as it is
  --json FILE             also write the results as JSON (scripts/bench-sizes.ts reads it)
A quick check that it runs: --projects 20 --items 200 --logs 2000 --no-build --clients 2 --rate 2 --duration 1`;

type Args = {
  dataDir?: string;
  projects: number;
  items: number;
  logs: number;
  clients: number;
  rate: number;
  duration: number;
  port?: number;
  pin: string;
  build: boolean;
  json?: string;
};

/** A mistake in the command line: exit code 2 and the usage, where a failed run exits 1. */
class UsageError extends Error {}

function parseArgs(argv: string[]): Args {
  const a: Args = { projects: 10_000, items: 200_000, logs: 2_000_000, clients: 100, rate: 10, duration: 30, pin: "1234", build: true };
  const num = (v: string | undefined, flag: string) => {
    const n = Number(v);
    if (v === undefined || v === "" || !Number.isFinite(n) || n < 0) throw new UsageError(`${flag} needs a number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => argv[++i];
    if (flag === "--data-dir") a.dataDir = path.resolve(value() ?? "");
    else if (flag === "--projects") a.projects = num(value(), flag);
    else if (flag === "--items") a.items = num(value(), flag);
    else if (flag === "--logs") a.logs = num(value(), flag);
    else if (flag === "--clients") a.clients = Math.max(1, Math.round(num(value(), flag)));
    else if (flag === "--rate") a.rate = num(value(), flag);
    else if (flag === "--duration") a.duration = num(value(), flag);
    else if (flag === "--port") a.port = num(value(), flag);
    else if (flag === "--pin") a.pin = value() ?? "";
    else if (flag === "--no-build") a.build = false;
    else if (flag === "--json") a.json = path.resolve(value() ?? "");
    else if (flag === "--help") {
      console.log(USAGE);
      process.exit(0);
    } else throw new UsageError(`unknown option ${flag}`);
  }
  return a;
}

// --- The app's process ---

let app: ChildProcess | null = null;
process.on("exit", () => app?.exitCode === null && app.kill("SIGTERM"));
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => process.exit(130));

const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim()) || 100;
/** CPU seconds (user + system, every thread) a process has used, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

const uptime = () => spawnSync("uptime", { encoding: "utf8" }).stdout?.trim() ?? loadavg().join(" ");

async function freePort(): Promise<number> {
  const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

// --- What each page shows, and which notices concern it: as the page's own useLiveData call says ---

type Notice = { entity: string; id: number | string | null; action: string; projectId: number | null; department: string | null };
type Kind = "floor" | "pre-production" | "queue" | "project" | "board";
type Page = { kind: Kind; path: string; stream: string; concerns: (n: Notice) => boolean; signedIn: boolean };

const BOARD_ENTITIES = new Set(["item", "machine-file", "department"]);
const pages = {
  floor: (): Page => ({
    kind: "floor",
    path: "/production",
    stream: "/api/events",
    signedIn: true,
    concerns: (n) => n.entity === "item" || n.entity === "machine-file" || n.entity === "department",
  }),
  preProduction: (): Page => ({
    kind: "pre-production",
    path: "/pre-production",
    stream: "/api/events",
    signedIn: true,
    concerns: (n) => n.entity === "project" || n.entity === "workflow-step",
  }),
  queue: (machine: string): Page => ({
    kind: "queue",
    path: `/production/${encodeURIComponent(machine)}`,
    stream: "/api/events",
    signedIn: true,
    concerns: (n) => (n.entity === "machine-file" && (n.department === machine || n.department === null)) || n.entity === "item-file" || n.entity === "item",
  }),
  project: (id: number): Page => ({
    kind: "project",
    path: `/projects/${id}`,
    stream: "/api/events",
    signedIn: true,
    concerns: (n) => n.projectId !== null && String(n.projectId) === String(id),
  }),
  board: (key: string | null): Page => ({
    kind: "board",
    path: key ? `/board?key=${encodeURIComponent(key)}` : "/board",
    stream: key ? `/api/events?key=${encodeURIComponent(key)}` : "/api/events",
    signedIn: key === null,
    concerns: (n) => BOARD_ENTITIES.has(n.entity),
  }),
};

/** React Router's data URL for a page (single fetch): `/production/x` → `/production/x.data`, the query kept. */
function dataUrl(pagePath: string): string {
  const u = new URL(pagePath, "http://x");
  return `${u.pathname === "/" ? "/_root" : u.pathname}.data${u.search}`;
}

// --- One live page client ---

type Fetched = { start: number; end: number; status: number; bytes: number };

class LiveClient {
  fetches: Fetched[] = [];
  /** When each scan's notice reached this client (scan key → time). */
  arrivals = new Map<string, number>();
  seen = new Map<string, number>();
  errors = 0;
  /** The last event id of this client's stream: what its reloads say they have seen. */
  private lastEventId: string | null = null;
  private abort = new AbortController();
  /** The status the server itself answered the last data request with (the validators turn a 304 into the kept 200). */
  private wireStatus = 0;
  private validators = dataValidators(
    async (input, init) => {
      const res = await fetch(input, init);
      this.wireStatus = res.status;
      return res;
    },
    () => this.origin + this.page.path,
  );
  private reloads = liveReloads({
    reload: () => this.validators.withValidator(new URL(this.page.path, "http://x").pathname, () => this.fetchData(), this.lastEventId),
  });

  constructor(
    readonly page: Page,
    readonly origin: string,
    readonly cookie: string | null,
  ) {}

  private headers(extra: Record<string, string> = {}): Record<string, string> {
    return {
      accept: "*/*",
      "accept-encoding": "gzip, deflate",
      "sec-fetch-site": "same-origin",
      "sec-fetch-mode": "cors",
      "sec-fetch-dest": "empty",
      "user-agent": "shopflow-bench-live",
      ...(this.cookie ? { cookie: this.cookie } : {}),
      ...extra,
    };
  }

  /** Opens the page itself (the document), then its event stream; resolves once the stream says it is ready. */
  async open(): Promise<void> {
    const doc = await fetch(this.origin + this.page.path, { headers: this.headers({ accept: "text/html" }), redirect: "manual" });
    await doc.arrayBuffer();
    if (doc.status !== 200) throw new Error(`${this.page.path} answered ${doc.status}`);
    const res = await fetch(this.origin + this.page.stream, { headers: this.headers({ accept: "text/event-stream" }), signal: this.abort.signal });
    if (res.status !== 200 || !res.body) throw new Error(`${this.page.stream} answered ${res.status}`);
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = "";
    let ready: () => void = () => {};
    const isReady = new Promise<void>((r) => (ready = r));
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          buffer += decoder.decode(value, { stream: true });
          for (let at = buffer.indexOf("\n\n"); at >= 0; at = buffer.indexOf("\n\n")) {
            const frame = buffer.slice(0, at);
            buffer = buffer.slice(at + 2);
            const event = /^event: (.*)$/m.exec(frame)?.[1];
            this.lastEventId = /^id: (.*)$/m.exec(frame)?.[1] ?? this.lastEventId;
            if (event === "ready") ready();
            else if (event === "reset") this.onNotice(null);
            else if (event === "change") this.onNotice(JSON.parse(/^data: (.*)$/m.exec(frame)![1]!) as Notice);
          }
        }
      } catch {
        // closed at the end of the run
      }
    })();
    await isReady;
  }

  close() {
    this.reloads.dispose();
    this.abort.abort();
  }

  private onNotice(n: Notice | null) {
    const now = performance.now();
    if (n && n.entity === "item" && (n.action === "start-timer" || n.action === "end-timer")) {
      // The k-th notice of (item, action) is the k-th scan of it: the scanner never has two in flight for one item.
      const base = `${n.id}:${n.action}`;
      const k = (this.seen.get(base) ?? 0) + 1;
      this.seen.set(base, k);
      this.arrivals.set(`${base}:${k}`, now);
    }
    if (n && !this.page.concerns(n)) return;
    this.reloads.notify();
  }

  private async fetchData() {
    const start = performance.now();
    try {
      const res = await this.validators.fetch(this.origin + dataUrl(this.page.path), { headers: this.headers(), redirect: "manual" });
      const body = await res.arrayBuffer();
      const end = performance.now();
      const status = this.wireStatus;
      if (status !== 200 && status !== 304) this.errors++;
      else this.fetches.push({ start, end, status, bytes: status === 304 ? 0 : body.byteLength });
    } catch {
      this.errors++;
    }
  }
}

// --- The run ---

/** The p-th percentile of sorted numbers (nearest rank). */
const pct = (sorted: number[], p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN);
const fmt = (n: number, digits = 0) => (Number.isFinite(n) ? n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits }) : "—");

export type LiveResult = {
  startedAt: string;
  clients: number;
  mix: Record<string, number>;
  rate: number;
  seconds: number;
  scans: { sent: number; ok: number; refused: number; p50: number; p99: number };
  cpuShare: number;
  /** This script's own CPU (the clients and the scanner), on the same machine. */
  clientCpuShare: number;
  latency: { p50: number; p95: number; p99: number; max: number; missed: number; measured: number };
  data: { requests: number; ok200: number; notModified: number; perSecond: number; meanBytes: number; errors: number };
  byKind: Record<string, { clients: number; requests: number; notModified: number; meanBytes: number }>;
  uptimeBefore: string;
  uptimeAfter: string;
  sizes: { projects: number; items: number; logs: number };
};

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const startedAt = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  if (args.build) {
    console.log("▶ build");
    const r = spawnSync(bun, ["--bun", "x", "react-router", "build"], { cwd: root, stdio: "inherit" });
    if (r.status !== 0) throw new Error("build failed");
  }
  if (!existsSync(path.join(root, "build", "server", "index.js"))) throw new Error("build/server/index.js is missing: run without --no-build");

  const ownDir = !args.dataDir;
  const dataDir = args.dataDir ?? mkdtempSync(path.join(tmpdir(), "shopflow-bench-live-"));
  process.on("exit", () => ownDir && rmSync(dataDir, { recursive: true, force: true }));
  const dbFile = path.join(dataDir, "shopflow.db");
  if (!existsSync(dbFile)) {
    console.log(`▶ seed ${dataDir}`);
    const r = spawnSync(
      bun,
      ["scripts/seed-large.ts", "--data-dir", dataDir, "--projects", String(args.projects), "--items", String(args.items), "--logs", String(args.logs)],
      { cwd: root, stdio: "inherit" },
    );
    if (r.status !== 0) throw new Error("seed failed");
  }

  // What to open and what to scan, read from the data before the app starts.
  const ro = new Database(dbFile, { readonly: true });
  const count = (t: string) => ro.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${t}`).get()!.n;
  const sizes = { projects: count("projects"), items: count("items"), logs: count("timer_logs") };
  const machines = ro
    .query<{ value: string }, []>("SELECT value FROM departments WHERE is_machine = 1 AND is_active = 1 ORDER BY sort_order, id")
    .all()
    .map((r) => r.value);
  // The busiest active projects are the ones open on screens.
  const openProjects = ro
    .query<{ id: number }, []>(
      `SELECT p.id AS id FROM projects p JOIN items i ON i.project_id = p.id WHERE p.status = 'active'
       GROUP BY p.id ORDER BY count(*) DESC, p.id DESC LIMIT 15`,
    )
    .all()
    .map((r) => r.id);
  const activeItems = ro
    .query<{ id: number; projectId: number; running: number }, []>(
      `SELECT i.id AS id, i.project_id AS projectId, i.is_timer_active AS running
       FROM items i JOIN projects p ON p.id = i.project_id WHERE p.status = 'active' AND i.finished_at IS NULL`,
    )
    .all();
  ro.close();
  if (!machines.length || !openProjects.length || !activeItems.length) throw new Error("the data has no machines, active projects or items");
  const onScreen = new Set(openProjects);
  const poolOpen = activeItems.filter((i) => onScreen.has(i.projectId));
  const poolOther = activeItems.filter((i) => !onScreen.has(i.projectId));

  const port = args.port ?? (await freePort());
  const origin = `http://127.0.0.1:${port}`;
  app = spawn(bun, ["server.ts"], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, NODE_ENV: "production", DEMO: "0", PUBLIC_URL: "" },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; ; i++) {
    try {
      if ((await fetch(`${origin}/healthz`)).ok) break;
    } catch {}
    if (i > 600 || app.exitCode !== null) throw new Error("the app did not start");
    await Bun.sleep(50);
  }

  const signIn = async () => {
    const res = await fetch(`${origin}/api/auth/verify-pin`, {
      method: "POST",
      headers: { "content-type": "application/json", origin },
      body: JSON.stringify({ pinCode: args.pin }),
    });
    if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
    return res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0]!)
      .join("; ");
  };

  // The mix: 30% floors (Production, a few Pre-Production), 30% machine queues, 30% project pages, 10% TV boards
  // (most opened with a board link, as a wall TV is).
  const n = args.clients;
  // Each share is capped by the clients left, so that a few clients (rounded up share by share) are still n.
  const nBoards = Math.max(1, Math.round(n * 0.1));
  const nProjects = Math.min(Math.round(n * 0.3), n - nBoards);
  const nQueues = Math.min(Math.round(n * 0.3), n - nBoards - nProjects);
  const nPre = Math.min(Math.round(n * 0.05), n - nBoards - nProjects - nQueues);
  const nFloors = n - nBoards - nProjects - nQueues - nPre;
  const admin = await signIn();
  const made = await fetch(`${origin}/settings/boards`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", origin, cookie: admin },
    body: new URLSearchParams({ intent: "create", name: "Bench TV" }),
  });
  const key = /board\?key=([A-Za-z0-9_%-]+)/.exec(await made.text())?.[1];
  if (!key) throw new Error(`no board link was made (${made.status})`);
  const list: Page[] = [
    ...Array.from({ length: nFloors }, () => pages.floor()),
    ...Array.from({ length: nPre }, () => pages.preProduction()),
    ...Array.from({ length: nQueues }, (_, i) => pages.queue(machines[i % machines.length]!)),
    ...Array.from({ length: nProjects }, (_, i) => pages.project(openProjects[i % openProjects.length]!)),
    ...Array.from({ length: nBoards }, (_, i) => pages.board(i < Math.ceil((nBoards * 2) / 3) ? decodeURIComponent(key) : null)),
  ];
  const mix: Record<string, number> = {};
  for (const p of list) mix[p.kind] = (mix[p.kind] ?? 0) + 1;
  console.log(
    `▶ ${n} live clients: ${Object.entries(mix)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ")} (${sizes.projects.toLocaleString("en-US")} projects)`,
  );
  // Each screen is its own browser: its own session.
  const clients: LiveClient[] = [];
  for (const page of list) clients.push(new LiveClient(page, origin, page.signedIn ? await signIn() : null));
  for (let i = 0; i < clients.length; i += 10) await Promise.all(clients.slice(i, i + 10).map((c) => c.open()));
  await Bun.sleep(2000);

  // --- Scans at a steady rate (open loop), half on items of the projects open on screens ---
  const scanner = await signIn();
  type Scan = { key: string; projectId: number; sent: number; answered: number };
  const scans: Scan[] = [];
  let refused = 0;
  const lastScan = new Map<number, number>();
  const running = new Map(activeItems.map((i) => [i.id, i.running === 1]));
  const busy = new Set<number>();
  const scanCount = new Map<string, number>();
  let seq = 0;
  const pick = () => {
    for (let tries = 0; tries < 100; tries++) {
      const pool = Math.random() < 0.5 && poolOpen.length ? poolOpen : poolOther.length ? poolOther : poolOpen;
      const item = pool[Math.floor(Math.random() * pool.length)]!;
      // A label read twice by one member within 5 s is refused as a double read: a floor does not do that.
      if (!busy.has(item.id) && performance.now() - (lastScan.get(item.id) ?? -1e9) > 6000) return item;
    }
    return null;
  };
  const scanOnce = async () => {
    const item = pick();
    if (!item) return;
    busy.add(item.id);
    lastScan.set(item.id, performance.now());
    const sent = performance.now();
    try {
      const res = await fetch(`${origin}/api/scans`, {
        method: "POST",
        headers: { "content-type": "application/json", origin, cookie: scanner },
        body: JSON.stringify({ code: String(item.id), scanId: `bench-live-${process.pid}-${++seq}` }),
      });
      const body = (await res.json()) as { item?: { running: boolean } };
      const answered = performance.now();
      if (res.status !== 200 || !body.item) {
        refused++;
        // A stop in its last department finished the item (decision 0048): the floor does not scan it again.
        if (res.status === 409) {
          for (const p of [poolOpen, poolOther]) {
            const at = p.indexOf(item);
            if (at >= 0) p.splice(at, 1);
          }
        }
        return;
      }
      running.set(item.id, body.item.running);
      const base = `${item.id}:${body.item.running ? "start-timer" : "end-timer"}`;
      const k = (scanCount.get(base) ?? 0) + 1;
      scanCount.set(base, k);
      scans.push({ key: `${base}:${k}`, projectId: item.projectId, sent, answered });
    } catch {
      refused++;
    } finally {
      busy.delete(item.id);
    }
  };

  const uptimeBefore = uptime();
  console.log(`▶ ${args.rate} scans a second for ${args.duration} s; ${uptimeBefore}`);
  const pid = app.pid!;
  const cpu0 = cpuSeconds(pid);
  const own0 = process.cpuUsage();
  const t0 = performance.now();
  const inFlight: Promise<void>[] = [];
  const total = Math.round(args.rate * args.duration);
  for (let i = 0; i < total; i++) {
    const due = t0 + (i * 1000) / args.rate;
    const wait = due - performance.now();
    if (wait > 0) await Bun.sleep(wait);
    inFlight.push(scanOnce());
  }
  await Promise.all(inFlight);
  const scanEnd = performance.now();
  const cpu1 = cpuSeconds(pid);
  const own1 = process.cpuUsage(own0);
  const wall = (scanEnd - t0) / 1000;
  const uptimeAfter = uptime();
  // Let the last reloads land (a screen that never shows a scan counts as missed).
  const settle = performance.now();
  const pendingOf = (c: LiveClient, s: Scan) => {
    const from = Math.min(s.answered, c.arrivals.get(s.key) ?? Infinity);
    return !c.fetches.some((f) => f.start >= from);
  };
  while (performance.now() - settle < 10_000) {
    const recent = scans.filter((s) => s.answered > scanEnd - 3000);
    if (!recent.some((s) => clients.some((c) => c.page.concerns(noticeOf(s)) && pendingOf(c, s)))) break;
    await Bun.sleep(100);
  }
  for (const c of clients) c.close();

  // --- Figures ---
  function noticeOf(s: Scan): Notice {
    const [id, action] = s.key.split(":");
    return { entity: "item", id: Number(id), action: action!, projectId: s.projectId, department: null };
  }
  const perScan: number[] = [];
  let missed = 0;
  for (const s of scans) {
    const notice = noticeOf(s);
    let worst = 0;
    let lost = false;
    for (const c of clients) {
      if (!c.page.concerns(notice)) continue;
      // Data shows the scan when it was asked for after the scan was committed: after its answer, or after its
      // notice reached this screen, whichever came first.
      const from = Math.min(s.answered, c.arrivals.get(s.key) ?? Infinity);
      const f = c.fetches.find((x) => x.start >= from);
      if (!f) {
        lost = true;
        continue;
      }
      worst = Math.max(worst, f.end - s.answered);
    }
    if (lost) missed++;
    else perScan.push(Math.max(0, worst));
  }
  perScan.sort((a, b) => a - b);
  const scanTimes = scans.map((s) => s.answered - s.sent).sort((a, b) => a - b);
  const fetches = clients.flatMap((c) => c.fetches.filter((f) => f.start >= t0 && f.start <= scanEnd));
  const byKind: LiveResult["byKind"] = {};
  for (const c of clients) {
    const own = c.fetches.filter((f) => f.start >= t0 && f.start <= scanEnd);
    const k = (byKind[c.page.kind] ??= { clients: 0, requests: 0, notModified: 0, meanBytes: 0 });
    k.clients++;
    k.meanBytes = (k.meanBytes * k.requests + own.reduce((sum, f) => sum + f.bytes, 0)) / Math.max(1, k.requests + own.length);
    k.requests += own.length;
    k.notModified += own.filter((f) => f.status === 304).length;
  }
  const result: LiveResult = {
    startedAt,
    clients: n,
    mix,
    rate: args.rate,
    seconds: wall,
    scans: { sent: total, ok: scans.length, refused, p50: pct(scanTimes, 50), p99: pct(scanTimes, 99) },
    cpuShare: (cpu1 - cpu0) / wall,
    clientCpuShare: (own1.user + own1.system) / 1e6 / wall,
    latency: {
      p50: pct(perScan, 50),
      p95: pct(perScan, 95),
      p99: pct(perScan, 99),
      max: perScan.at(-1) ?? NaN,
      missed,
      measured: perScan.length,
    },
    data: {
      requests: fetches.length,
      ok200: fetches.filter((f) => f.status === 200).length,
      notModified: fetches.filter((f) => f.status === 304).length,
      perSecond: fetches.length / wall,
      meanBytes: fetches.reduce((s, f) => s + f.bytes, 0) / Math.max(1, fetches.length),
      errors: clients.reduce((s, c) => s + c.errors, 0),
    },
    byKind,
    uptimeBefore,
    uptimeAfter,
    sizes,
  };
  const ok = (b: boolean) => (b ? "✓" : "✗");
  const { latency: l, data: d } = result;
  const kinds = Object.entries(mix)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ");
  console.log(
    [
      "",
      `Live floor: ${n} live pages (${kinds}), ${args.rate} scans/s for ${fmt(wall, 1)} s`,
      `  on ${fmt(sizes.projects)} projects / ${fmt(sizes.items)} items`,
      `  server CPU: ${fmt(result.cpuShare * 100, 1)}% of one core ${ok(result.cpuShare < 0.5)} < 50%` +
        ` (the clients and scanner of this script: ${fmt(result.clientCpuShare * 100, 1)}%)`,
      `  scan → every screen showing it: p50 ${fmt(l.p50)} ms, p95 ${fmt(l.p95)} ms, p99 ${fmt(l.p99)} ms, max ${fmt(l.max)} ms` +
        ` ${ok(l.p99 < 1000 && missed === 0)} p99 < 1 s (${l.measured} scans, ${missed} never shown on every screen)`,
      `  scans: ${scans.length} answered 200, ${refused} refused; answer p50 ${fmt(result.scans.p50, 1)} ms, p99 ${fmt(result.scans.p99, 1)} ms`,
      `  page data requests: ${fmt(d.requests)} (${fmt(d.perSecond)}/s): ${fmt(d.ok200)} × 200, ${fmt(d.notModified)} × 304,` +
        ` ${fmt(d.meanBytes / 1024, 1)} KB mean body, ${d.errors} failed`,
      ...Object.entries(byKind).map(
        ([k, v]) =>
          `    ${k}: ${v.clients} clients, ${fmt(v.requests / wall / v.clients, 1)} reloads/s each, ${fmt(v.notModified)} × 304,` +
          ` ${fmt(v.meanBytes / 1024, 1)} KB mean body`,
      ),
      `  machine: before ${uptimeBefore}`,
      `           after  ${uptimeAfter}`,
    ].join("\n"),
  );
  if (args.json) writeFileSync(args.json, JSON.stringify(result));
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(`bench-live: ${(error as Error).message}${error instanceof UsageError ? `\n${USAGE}` : ""}`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
