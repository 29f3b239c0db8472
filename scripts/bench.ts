// `npm run bench [-- options]`: how fast the built app answers, next to a trivial Bun.serve on the same machine.
//
// 1. Builds the app and the single binary (`bun scripts/compile.ts`; --no-build uses build/ and dist/ as they are).
// 2. Seeds a temporary DATA_DIR with scripts/seed-large.ts (10k projects, 200k items, 2M timer logs by default).
// 3. Times start to first 200 of dist/shopflow and of `bun server.ts` on that data.
// 4. Starts a trivial Bun.serve and the app side by side, signs in with the seeded administrator PIN, and loads
//    each route with autocannon (50 connections): a trivial run, then the app's run, route after route, so each
//    percentage compares two runs made seconds apart under the same machine conditions.
// 5. Prints one Markdown table, RSS of the app idle and after the load, and the gzipped JavaScript each page
//    loads, and writes them to docs/benchmarks.md (between the bench markers; the rest of the file is kept).
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg, tmpdir, totalmem } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { Database } from "bun:sqlite";
import { runtimeEnvDefaults } from "./runtime-env";

const root = path.join(import.meta.dir, "..");
const bun = process.execPath;

const USAGE = `Usage: npm run bench -- [options]
  --projects N --items N --logs N   seed sizes (default 10000 / 200000 / 2000000)
  --data-dir DIR                    seed DIR once and reuse it on later runs (default: a new temp folder)
  --duration S                      measured seconds per run (default 5)
  --warmup S                        unmeasured seconds before each run (default 2)
  --connections N                   concurrent connections (default 50)
  --rounds N                        trivial/app pairs per route; the table shows medians (default 1)
  --starts N                        starts timed per server, the median reported (default 3; 0: none)
  --handler-batches N               in-process batches per route, the best reported (default 5)
  --only a,b                        only the routes whose label contains one of these words
  --no-build                        use build/ and dist/shopflow as they are
  --no-write                        do not update docs/benchmarks.md
  --json FILE                       also write the results as JSON (scripts/bench-sizes.ts reads it)
A quick check that it runs: --projects 20 --items 200 --logs 2000 --no-build --no-write --duration 1 --warmup 0
  --connections 2 --starts 0 --handler-batches 1 --only healthz`;

type Args = {
  projects: number;
  items: number;
  logs: number;
  dataDir?: string;
  duration: number;
  warmup: number;
  connections: number;
  rounds: number;
  starts: number;
  handlerBatches: number;
  only?: string[];
  build: boolean;
  write: boolean;
  json?: string;
};

/** A mistake in the command line: exit code 2 and the usage, where a failed run exits 1. */
class UsageError extends Error {}

function parseArgs(argv: string[]): Args {
  const a: Args = {
    projects: 10_000,
    items: 200_000,
    logs: 2_000_000,
    duration: 5,
    warmup: 2,
    connections: 50,
    rounds: 1,
    starts: 3,
    handlerBatches: 5,
    build: true,
    write: true,
  };
  const num = (v: string | undefined, flag: string) => {
    const n = Number(v);
    if (v === undefined || v === "" || !Number.isFinite(n) || n < 0) throw new UsageError(`${flag} needs a number`);
    return n;
  };
  for (let i = 0; i < argv.length; i++) {
    const flag = argv[i]!;
    const value = () => argv[++i];
    switch (flag) {
      case "--projects":
        a.projects = num(value(), flag);
        break;
      case "--items":
        a.items = num(value(), flag);
        break;
      case "--logs":
        a.logs = num(value(), flag);
        break;
      case "--data-dir":
        a.dataDir = path.resolve(value() ?? "");
        break;
      case "--duration":
        a.duration = num(value(), flag);
        break;
      case "--warmup":
        a.warmup = num(value(), flag);
        break;
      case "--connections":
        a.connections = num(value(), flag);
        break;
      case "--rounds":
        a.rounds = Math.max(1, Math.round(num(value(), flag)));
        break;
      case "--starts":
        a.starts = Math.round(num(value(), flag));
        break;
      case "--handler-batches":
        a.handlerBatches = Math.max(1, Math.round(num(value(), flag)));
        break;
      case "--only":
        a.only = (value() ?? "").split(",").filter(Boolean);
        break;
      case "--no-build":
        a.build = false;
        break;
      case "--no-write":
        a.write = false;
        break;
      case "--json":
        a.json = path.resolve(value() ?? "");
        break;
      case "--help":
        console.log(USAGE);
        return process.exit(0);
      default:
        throw new UsageError(`unknown option ${flag}`);
    }
  }
  return a;
}

// --- Child processes: every one is stopped when the bench ends, however it ends ---

const children = new Set<ChildProcess>();
function stopAll() {
  for (const c of children) if (c.exitCode === null) c.kill("SIGTERM");
}
process.on("exit", stopAll);
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => process.exit(130));

function start(cmd: string[], env: Record<string, string>, label: string): ChildProcess {
  const child = spawn(cmd[0]!, cmd.slice(1), { cwd: root, env: { ...process.env, ...env }, stdio: ["ignore", "pipe", "pipe"] });
  children.add(child);
  let output = "";
  const keep = (d: Buffer) => (output = (output + d.toString()).slice(-4000));
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  child.on("exit", (code, signal) => {
    children.delete(child);
    if (code && !signal) console.error(`${label} exited with ${code}:\n${output}`);
  });
  return child;
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  child.kill("SIGTERM");
  await Promise.race([exited, Bun.sleep(3000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
}

function runOrDie(label: string, cmd: string[], env: Record<string, string> = {}) {
  console.log(`▶ ${label}`);
  const r = spawnSync(cmd[0]!, cmd.slice(1), { cwd: root, env: { ...process.env, ...env }, stdio: "inherit" });
  if (r.status !== 0) throw new Error(`${label} failed (exit ${r.status})`);
}

async function freePort(): Promise<number> {
  const s = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: () => new Response() });
  const port = s.port!;
  s.stop(true);
  return port;
}

/** Milliseconds from now until GET url answers 200 (polled every 5 ms), or an error after `limitMs`. */
async function until200(url: string, child: ChildProcess, limitMs = 60_000): Promise<number> {
  const t0 = performance.now();
  while (performance.now() - t0 < limitMs) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode}) before answering ${url}`);
    try {
      const res = await fetch(url, { signal: AbortSignal.timeout(1000) });
      if (res.status === 200) return performance.now() - t0;
    } catch {
      // not listening yet
    }
    await Bun.sleep(5);
  }
  throw new Error(`no 200 from ${url} within ${limitMs} ms`);
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

function rssMb(pid: number) {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? NaN);
  return { rss: kb("VmRSS") / 1024, peak: kb("VmHWM") / 1024 };
}

// --- Load ---

type LoadResult = {
  reqPerSec: number;
  total: number;
  warmupTotal: number;
  /** CPU time (user + system, all threads) the server spent per request, warm-up included. */
  cpuUsPerReq?: number;
  p50: number;
  p99: number;
  max: number;
  ok: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  bytesPerReq: number;
};

// Node sends more requests per CPU second with autocannon than Bun does on this 2-core class of machine, which
// leaves more of the machine to the server under test; Bun runs it when Node is missing.
const loadRuntime = spawnSync("node", ["--version"]).status === 0 ? "node" : bun;

const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim()) || 100;

/** CPU seconds (user + system) a process has used, from /proc/<pid>/stat. */
function cpuSeconds(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}

const SCAN_LABEL = `scan toggle (start-timer / end-timer; ${spawnSync("wrk", ["--version"]).error ? "autocannon" : "wrk"})`;

/** A second in which the server used less than this share of one core is a quiet one. */
const QUIET_SHARE = 0.05;
/** How long a server may go on answering what the last load left before the bench gives up on it. */
const QUIET_LIMIT_MS = 300_000;

/**
 * Waits for a quiet second: the load tool stops when its time is up, but a route slower than the load's pace (the
 * ten-year analytics page answers about one request a second to 50 connections) leaves requests the server goes on
 * answering for a minute or more. Measured then, the next route (and the trivial run beside it, and its CPU per
 * request) would carry the tail of this one. Returns the milliseconds waited.
 */
async function untilQuiet(pid: number): Promise<number> {
  const t0 = performance.now();
  let before = cpuSeconds(pid);
  while (performance.now() - t0 < QUIET_LIMIT_MS) {
    await Bun.sleep(1000);
    const now = cpuSeconds(pid);
    if (now - before < QUIET_SHARE) return performance.now() - t0;
    before = now;
  }
  throw new Error(`the server was still busy ${QUIET_LIMIT_MS / 1000} s after the last load`);
}

/**
 * One load run against `url`. When the server's pid is given, also its CPU time per request: unlike req/s this
 * hardly depends on what else the machine is doing, so it compares runs made at different times.
 */
async function load(url: string, headers: Record<string, string>, args: Args, serverPid?: number): Promise<LoadResult> {
  const cpuBefore = serverPid ? cpuSeconds(serverPid) : 0;
  const result = await loadRun(url, headers, args);
  if (serverPid) {
    const answered = result.total + result.warmupTotal;
    if (answered > 0) result.cpuUsPerReq = ((cpuSeconds(serverPid) - cpuBefore) * 1e6) / answered;
  }
  return result;
}

function loadRun(url: string, headers: Record<string, string>, args: Args): Promise<LoadResult> {
  const opts = JSON.stringify({ url, headers, connections: args.connections, duration: args.duration, warmup: args.warmup });
  return new Promise((resolve, reject) => {
    const child = spawn(loadRuntime, [path.join(root, "scripts", "bench-load.mjs"), opts], { cwd: root, stdio: ["ignore", "pipe", "inherit"] });
    children.add(child);
    let out = "";
    child.stdout!.on("data", (d: Buffer) => (out += d.toString()));
    child.on("exit", (code) => {
      children.delete(child);
      if (code !== 0) return reject(new Error(`load run on ${url} failed (exit ${code})`));
      resolve(JSON.parse(out.trim().split("\n").pop()!) as LoadResult);
    });
  });
}

// --- Client JavaScript per page, from React Router's client manifest ---

type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[]; hasDefaultExport?: boolean }>;
};

function jsPerPage() {
  const assets = path.join(root, "build", "client", "assets");
  const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
  if (!manifestFile) throw new Error("no build/client/assets/manifest-*.js: build first");
  const text = readFileSync(path.join(assets, manifestFile), "utf8");
  const manifest = JSON.parse(text.slice(text.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;
  const size = new Map<string, { raw: number; gz: number }>();
  const sizeOf = (url: string) => {
    if (!size.has(url)) {
      const bytes = readFileSync(path.join(root, "build", "client", url));
      size.set(url, { raw: bytes.length, gz: gzipSync(bytes, { level: 6 }).length });
    }
    return size.get(url)!;
  };
  const rows: { page: string; files: number; raw: number; gz: number }[] = [];
  for (const route of Object.values(manifest.routes)) {
    if (route.id === "root" || !route.hasDefaultExport) continue;
    // What a first visit loads: the entry, and the modules of the route and its parents.
    // Not the route manifest file: with lazy route discovery the page carries its own routes and never loads it.
    const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
    for (let r: Manifest["routes"][string] | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
      files.add(r.module);
      for (const i of r.imports ?? []) files.add(i);
    }
    let raw = 0;
    let gz = 0;
    for (const f of files) {
      const s = sizeOf(f);
      raw += s.raw;
      gz += s.gz;
    }
    rows.push({ page: route.index ? "/" : `/${route.path ?? route.id}`, files: files.size, raw, gz });
  }
  return rows.sort((a, b) => a.page.localeCompare(b.page));
}

// --- The run ---

type Route = { label: string; path: string; signedIn: boolean; kind: "json" | "page" | "product" | "image" | "health" | "scan" };

function machine() {
  const cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1]?.trim() ?? "unknown CPU";
  return {
    nproc: availableParallelism(),
    cpu,
    memGb: Math.round(totalmem() / 2 ** 30),
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
  };
}

const fmt = (n: number, digits = 0) => n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const pct = (n: number) => (n >= 10 ? fmt(n, 1) : n >= 1 ? fmt(n, 2) : fmt(n, 3));

// The scan targets, as a share of the trivial server's rate measured beside it.
const TARGET_PCT: Record<Route["kind"], number | null> = { json: 6, page: 1.5, product: 1.5, image: null, health: null, scan: 8 };
// Memory targets: RSS under 120 MB idle and under 200 MB after the bench.
const RSS_IDLE_TARGET_MB = 120;
const RSS_TARGET_MB = 200;

/**
 * The scan toggle under load: scripts/bench-timers.mjs, with wrk when it is installed (each wrk thread starts then
 * stops its half of the items in turn), else autocannon (each connection starts and stops the next item of a queue);
 * enough items early in their sequence that every stop moves one on and none finishes (it imports them if need be).
 */
/** A trivial run, then the scan load on the app at `origin`, logged as the routes' runs are. */
async function scanPair(label: string, trivialUrl: string, trivialPid: number | undefined, origin: string, appPid: number, args: Args) {
  const trivial = await load(trivialUrl, {}, args, trivialPid);
  const app = await scanLoad(origin, args, appPid);
  console.log(`  ${label}: ${fmt(app.reqPerSec)} req/s (trivial ${fmt(trivial.reqPerSec)}), p50 ${app.p50} ms, p99 ${app.p99} ms`);
  return { app, trivial };
}

async function scanLoad(origin: string, args: Args, serverPid: number): Promise<LoadResult> {
  const run = spawnSync(
    loadRuntime,
    [
      path.join(root, "scripts", "bench-timers.mjs"),
      "--url",
      origin,
      "--pin",
      "1234",
      "--connections",
      String(args.connections),
      "--duration",
      String(args.duration),
      // The CPU of the load alone, without the items it may import first.
      "--server-pid",
      String(serverPid),
    ],
    { cwd: root, encoding: "utf8" },
  );
  if (run.status !== 0) throw new Error(`scan load failed: ${run.stderr}`);
  const r = JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as {
    tool: string;
    reqPerSec: number;
    requests: number;
    p50ms: number;
    p99ms: number;
    maxMs: number;
    ok: number;
    non2xx: number;
    errors: number;
    timeouts: number;
    seconds: number;
    serverCpuSeconds: number;
  };
  const result = {
    reqPerSec: r.reqPerSec,
    total: r.requests,
    warmupTotal: 0,
    seconds: r.seconds,
    p50: r.p50ms,
    p99: r.p99ms,
    max: r.maxMs,
    ok: r.ok,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerReq: 0,
  } as LoadResult;
  if (r.requests > 0) result.cpuUsPerReq = (r.serverCpuSeconds * 1e6) / r.requests;
  return result;
}

async function main() {
  const args = parseArgs(process.argv.slice(2));
  const command = `npm run bench${process.argv.length > 2 ? ` -- ${process.argv.slice(2).join(" ")}` : ""}`;
  const m = machine();
  const startedAt = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  console.log(`Shopflow bench: ${m.nproc} × ${m.cpu}, ${m.memGb} GB, load average ${m.load}, Bun ${Bun.version}`);

  if (args.build) runOrDie("build (bun scripts/compile.ts: react-router build + dist/shopflow)", [bun, "scripts/compile.ts"]);
  if (!existsSync(path.join(root, "build", "server", "index.js"))) throw new Error("build/server/index.js is missing: run without --no-build");
  const binary = path.join(root, "dist", "shopflow");

  // --- Data ---
  const ownDir = !args.dataDir;
  const dataDir = args.dataDir ?? mkdtempSync(path.join(tmpdir(), "shopflow-bench-"));
  process.on("exit", () => ownDir && rmSync(dataDir, { recursive: true, force: true }));
  const dbFile = path.join(dataDir, "shopflow.db");
  if (!existsSync(dbFile)) {
    runOrDie(`seed ${dataDir}`, [
      bun,
      "scripts/seed-large.ts",
      "--data-dir",
      dataDir,
      "--projects",
      String(args.projects),
      "--items",
      String(args.items),
      "--logs",
      String(args.logs),
    ]);
  } else {
    console.log(`▶ reusing the data in ${dataDir}`);
  }
  const ro = new Database(dbFile, { readonly: true });
  const count = (t: string) => ro.query<{ n: number }, []>(`SELECT count(*) AS n FROM ${t}`).get()!.n;
  const sizes = { projects: count("projects"), items: count("items"), logs: count("timer_logs") };
  // A product page with the most to show: a running timer, a project workflow and a QR code.
  const itemId =
    ro.query<{ id: number }, []>("SELECT id FROM items WHERE is_timer_active = 1 AND qr_code IS NOT NULL ORDER BY id LIMIT 1").get()?.id ??
    ro.query<{ id: number }, []>("SELECT id FROM items ORDER BY id LIMIT 1").get()?.id;
  // A project page with the most to show: the project with the most items (ties: the lowest id).
  const projectId = ro.query<{ id: number }, []>("SELECT project_id AS id FROM items GROUP BY project_id ORDER BY count(*) DESC, project_id LIMIT 1").get()?.id;
  const projectItems = ro.query<{ n: number }, [number]>("SELECT count(*) AS n FROM items WHERE project_id = ?").get(projectId ?? 0)?.n ?? 0;
  // The machine with the longest queue, and a category to filter the items list by.
  const busyMachine = ro
    .query<{ machine: string; n: number }, []>(
      "SELECT machine, count(*) AS n FROM machine_ready_files WHERE is_completed = 0 GROUP BY machine ORDER BY n DESC LIMIT 1",
    )
    .get();
  const category = ro.query<{ category: string }, []>("SELECT category FROM items GROUP BY category ORDER BY count(*) DESC LIMIT 1").get()?.category ?? "";
  ro.close();
  if (!itemId) throw new Error("the data has no items");

  // The app runs with the runtime settings it ships with (scripts/runtime-env.ts); the trivial server without.
  const appEnv = (port: number): Record<string, string> => ({
    ...runtimeEnvDefaults(),
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    NODE_ENV: "production",
    DEMO: "0",
    PUBLIC_URL: "",
  });

  // --- Start to first 200 (median of --starts, 3 by default; the database file is already in the page cache after the seed) ---
  const startTimes: { what: string; ms: number[] }[] = [];
  const timeStarts = async (what: string, cmd: string[]) => {
    if (args.starts === 0) return;
    const ms: number[] = [];
    for (let i = 0; i < args.starts; i++) {
      const port = await freePort();
      const child = start(cmd, appEnv(port), what);
      ms.push(await until200(`http://127.0.0.1:${port}/healthz`, child));
      await stop(child);
    }
    startTimes.push({ what, ms });
    console.log(`  start to first 200, ${what}: ${ms.map((x) => fmt(x)).join(", ")} ms`);
  };
  console.log("▶ start to first 200");
  if (existsSync(binary)) await timeStarts("dist/shopflow (compiled binary)", [binary]);
  else console.log("  dist/shopflow is missing (run without --no-build): binary start not measured");
  await timeStarts("bun server.ts", [bun, "server.ts"]);

  // --- The two servers, side by side ---
  const trivialPort = await freePort();
  const trivial = start([bun, "-e", `Bun.serve({ hostname: "127.0.0.1", port: ${trivialPort}, fetch: () => new Response("ok") })`], {}, "trivial server");
  const appPort = await freePort();
  const app = start([bun, "server.ts"], appEnv(appPort), "app");
  const origin = `http://127.0.0.1:${appPort}`;
  await until200(`http://127.0.0.1:${trivialPort}/`, trivial);
  await until200(`${origin}/healthz`, app);
  await Bun.sleep(1000);
  const idle = rssMb(app.pid!);

  const signIn = await fetch(`${origin}/api/auth/verify-pin`, {
    method: "POST",
    headers: { "content-type": "application/json", origin },
    body: JSON.stringify({ pinCode: "1234" }),
  });
  const token = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith("shopflow_session="))
    ?.split(";")[0];
  if (signIn.status !== 200 || !token) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
  const cookie = { cookie: token };

  const routes: Route[] = [
    { label: "/healthz", path: "/healthz", signedIn: false, kind: "health" },
    { label: "/api/categories", path: "/api/categories", signedIn: true, kind: "json" },
    { label: "/api/team-members", path: "/api/team-members", signedIn: true, kind: "json" },
    { label: "/api/departments", path: "/api/departments", signedIn: true, kind: "json" },
    { label: "/api/materials", path: "/api/materials", signedIn: true, kind: "json" },
    { label: "/api/workflows", path: "/api/workflows", signedIn: true, kind: "json" },
    { label: "/api/categories/1", path: "/api/categories/1", signedIn: true, kind: "json" },
    { label: "/ (home, signed out)", path: "/", signedIn: false, kind: "page" },
    { label: "/ (home, signed in)", path: "/", signedIn: true, kind: "page" },
    { label: "/login", path: "/login", signedIn: false, kind: "page" },
    { label: "/settings?tab=products", path: "/settings?tab=products", signedIn: true, kind: "page" },
    { label: "/products/{id}", path: `/products/${itemId}`, signedIn: true, kind: "product" },
    { label: "/products/{id}?qr=1 (QR dialog open)", path: `/products/${itemId}?qr=1`, signedIn: true, kind: "product" },
    { label: "/items/{id}/qr.png", path: `/items/${itemId}/qr.png`, signedIn: true, kind: "image" },
    // The list screens and the list call (a route that is not built yet is reported as skipped).
    { label: "/api/projects-with-metrics?limit=50", path: "/api/projects-with-metrics?limit=50&offset=0", signedIn: true, kind: "json" },
    { label: "/projects (page 1)", path: "/projects", signedIn: true, kind: "page" },
    { label: `/projects/{id} (${projectItems} items)`, path: `/projects/${projectId}`, signedIn: true, kind: "page" },
    { label: "/workflows", path: "/workflows", signedIn: true, kind: "page" },
    { label: "/pre-production", path: "/pre-production", signedIn: true, kind: "page" },
    // Items, the floor, machine files; the scan toggle.
    { label: "/api/items?limit=50", path: "/api/items?limit=50&offset=0", signedIn: true, kind: "json" },
    { label: "/api/items/{id}", path: `/api/items/${itemId}`, signedIn: true, kind: "json" },
    { label: "/api/items/{id}/timer-logs", path: `/api/items/${itemId}/timer-logs`, signedIn: true, kind: "json" },
    { label: "/api/machine-ready-files?projectId", path: `/api/machine-ready-files?projectId=${projectId}`, signedIn: true, kind: "json" },
    {
      label: "/api/machine-files-with-details?machine&limit=100",
      path: `/api/machine-files-with-details?machine=${encodeURIComponent(busyMachine?.machine ?? "")}&limit=100`,
      signedIn: true,
      kind: "json",
    },
    {
      label: "/api/completed-files-analytics?machine&limit=100",
      path: `/api/completed-files-analytics?machine=${encodeURIComponent(busyMachine?.machine ?? "")}&limit=100`,
      signedIn: true,
      kind: "json",
    },
    { label: "/items (category filter)", path: `/items?category=${encodeURIComponent(category)}`, signedIn: true, kind: "page" },
    { label: "/items/{id}", path: `/items/${itemId}`, signedIn: true, kind: "page" },
    { label: "/qr/{id}", path: `/qr/${itemId}`, signedIn: true, kind: "page" },
    { label: "/qr-scanner", path: "/qr-scanner", signedIn: true, kind: "page" },
    { label: "/production", path: "/production", signedIn: true, kind: "page" },
    {
      label: `/production/{machine} (${fmt(busyMachine?.n ?? 0)} open files)`,
      path: `/production/${encodeURIComponent(busyMachine?.machine ?? "none")}`,
      signedIn: true,
      kind: "page",
    },
    { label: "/fabrication", path: "/fabrication", signedIn: true, kind: "page" },
    { label: "/projects/{id}/machine-files", path: `/projects/${projectId}/machine-files`, signedIn: true, kind: "page" },
    { label: "/settings", path: "/settings", signedIn: true, kind: "page" },
    { label: "/analytics (last 30 days)", path: "/analytics", signedIn: true, kind: "page" },
    // Ten years, the longest range it takes: every timer log of the seeded shop (three years).
    {
      label: "/analytics (10 years: every log)",
      path: `/analytics?from=${new Date(Date.now() - 3650 * 86400_000).toISOString().slice(0, 10)}&to=${new Date().toISOString().slice(0, 10)}`,
      signedIn: true,
      kind: "page",
    },
    {
      label: `${SCAN_LABEL}, after the routes above`,
      path: "/api/items/{id}/start-timer",
      signedIn: true,
      kind: "scan",
    },
  ];
  const selected = routes.filter((r) => !args.only || args.only.some((w) => r.label.includes(w)));

  // A route that is not there (yet) or refuses the bench is reported, not measured as if it worked.
  const results: { route: Route; app?: LoadResult; trivial?: LoadResult; share?: number; skipped?: string }[] = [];
  const trivialUrl = `http://127.0.0.1:${trivialPort}/`;
  console.log(
    `▶ load: ${args.connections} connections, ${args.warmup} s warm-up + ${args.duration} s per run, ${args.rounds} round(s), autocannon under ${path.basename(loadRuntime)}`,
  );
  const runs = new Map<Route, { app: LoadResult; trivial: LoadResult }[]>();
  for (let round = 1; round <= args.rounds; round++) {
    for (const route of selected) {
      if (results.some((r) => r.route === route && r.skipped)) continue;
      const waited = await untilQuiet(app.pid!);
      if (waited > 3000) console.log(`  (waited ${fmt(waited / 1000)} s for the server to answer what the last load left)`);
      if (route.kind === "scan") {
        const pair = await scanPair(route.label, trivialUrl, trivial.pid, origin, app.pid!, args);
        runs.set(route, [...(runs.get(route) ?? []), pair]);
        continue;
      }
      const headers = route.signedIn ? cookie : {};
      const probe = await fetch(origin + route.path, { headers, redirect: "manual" });
      await probe.arrayBuffer();
      if (probe.status !== 200) {
        results.push({ route, skipped: `answers ${probe.status}` });
        console.log(`  ${route.label}: skipped (answers ${probe.status})`);
        continue;
      }
      const t = await load(trivialUrl, {}, args, trivial.pid);
      const a = await load(origin + route.path, headers, args, app.pid);
      runs.set(route, [...(runs.get(route) ?? []), { app: a, trivial: t }]);
      console.log(
        `  ${args.rounds > 1 ? `[${round}/${args.rounds}] ` : ""}${route.label}: ${fmt(a.reqPerSec)} req/s (trivial ${fmt(t.reqPerSec)}), p50 ${a.p50} ms, p99 ${a.p99} ms, ${fmt(a.cpuUsPerReq ?? NaN)} µs CPU/req${a.non2xx || a.errors ? `, ${a.non2xx} non-2xx, ${a.errors} errors` : ""}`,
      );
    }
  }
  // Per route, the round with the median share of the trivial rate (one real pair of runs, not a mix).
  for (const route of selected) {
    const pairs = runs.get(route);
    if (!pairs) continue;
    const sorted = [...pairs].sort((x, y) => x.app.reqPerSec / x.trivial.reqPerSec - y.app.reqPerSec / y.trivial.reqPerSec);
    const mid = sorted[Math.floor(sorted.length / 2)]!;
    const failed = pairs.reduce((n, p) => n + p.app.non2xx + p.app.errors + p.app.timeouts, 0);
    results.push({
      route,
      app: { ...mid.app, non2xx: failed, errors: 0, timeouts: 0 },
      trivial: mid.trivial,
      share: (mid.app.reqPerSec / mid.trivial.reqPerSec) * 100,
    });
  }
  results.sort((a, b) => selected.indexOf(a.route) - selected.indexOf(b.route));
  await untilQuiet(app.pid!);
  const after = rssMb(app.pid!);
  await stop(app);

  // The scans again, on a server that has answered nothing else. After the pages above the forecast is being
  // watched, so the server reads the scanned items back and computes it again in the background, on the thread
  // that answers them (docs/decisions/0054-forecast-work-in-small-pieces.md): with the ~13,000 items the scan load
  // puts on the floor, about 1 ms pieces and a simulation of ~20 ms once a second. The two rows tell the scan's own
  // cost from that.
  const scanRoute = selected.find((r) => r.kind === "scan");
  if (scanRoute) {
    const freshPort = await freePort();
    const fresh = start([bun, "server.ts"], appEnv(freshPort), "app (fresh, for the scans)");
    await until200(`http://127.0.0.1:${freshPort}/healthz`, fresh);
    await untilQuiet(fresh.pid!);
    const route: Route = { ...scanRoute, label: `${SCAN_LABEL}, on a fresh server` };
    const pair = await scanPair(route.label, trivialUrl, trivial.pid, `http://127.0.0.1:${freshPort}`, fresh.pid!, args);
    results.push({ route, ...pair, share: (pair.app.reqPerSec / pair.trivial.reqPerSec) * 100 });
    await stop(fresh);
  }
  await stop(trivial);

  // The same routes through the built handler in-process, one request at a time (scripts/bench-handler.ts).
  console.log(`▶ handler time in-process (sequential, best of ${args.handlerBatches} batches)`);
  const measuredRoutes = results.filter((r) => r.app && r.route.kind !== "scan").map((r) => r.route);
  const handlerRun = spawnSync(
    bun,
    ["scripts/bench-handler.ts", JSON.stringify({ dataDir, pin: "1234", routes: measuredRoutes, batches: args.handlerBatches })],
    {
      cwd: root,
      env: { ...process.env, NODE_ENV: "production" },
      encoding: "utf8",
    },
  );
  const handlerTimes =
    handlerRun.status === 0
      ? (JSON.parse(handlerRun.stdout.trim().split("\n").pop()!) as Record<string, { bestUs: number; medianUs: number; status: number }>)
      : {};
  if (handlerRun.status !== 0) console.error(`handler timing failed:\n${handlerRun.stderr}`);
  const loadAtEnd = loadavg()
    .map((l) => l.toFixed(2))
    .join(" ");

  // --- Report ---
  const measured = results.filter((r) => r.trivial);
  const trivialRates = measured.map((r) => r.trivial!.reqPerSec);
  const lines: string[] = [];
  lines.push(
    `Run ${startedAt} on ${m.nproc} × ${m.cpu} (${m.memGb} GB RAM), load average ${m.load} at the start and ${loadAtEnd} at the end (other work on the machine), Bun ${Bun.version}.`,
  );
  lines.push("");
  lines.push(
    `Command: \`${command}\` (data: ${fmt(sizes.projects)} projects, ${fmt(sizes.items)} items, ${fmt(sizes.logs)} timer logs; product page: item ${itemId}).`,
  );
  lines.push(
    `Load: autocannon, ${args.connections} connections, ${args.warmup} s warm-up then ${args.duration} s per run, run under ${path.basename(loadRuntime)} on the same machine. Each app run follows a run against the trivial server (\`Bun.serve\` answering "ok"); "% of trivial" divides by that neighbouring run. Each pair starts once the app has had a quiet second (under ${QUIET_SHARE * 100}% of a core), so no row carries what the route before it left queued${args.rounds > 1 ? `; with ${args.rounds} rounds per route, each row is the round with the median share` : ""}. "CPU µs/req" is the server process's CPU time (user + system, all threads, from /proc) over the requests it answered in that run: it barely depends on what else the machine was doing, where req/s does. "handler µs" is the same route through the built fetch handler in-process, one request at a time, no network (the fastest of ${args.handlerBatches} batches; scripts/bench-handler.ts): the code's own cost per request.`,
  );
  lines.push("");
  lines.push("| route | req/s | p50 ms | p99 ms | % of trivial | trivial req/s | CPU µs/req | handler µs | target |");
  lines.push("|---|---:|---:|---:|---:|---:|---:|---:|---|");
  if (trivialRates.length) {
    const trivialCpu = median(measured.map((r) => r.trivial!.cpuUsPerReq ?? NaN));
    lines.push(
      `| trivial Bun.serve (median of ${trivialRates.length} runs) | ${fmt(median(trivialRates))} | ${median(measured.map((r) => r.trivial!.p50))} | ${median(measured.map((r) => r.trivial!.p99))} | 100 | | ${fmt(trivialCpu)} | | |`,
    );
  }
  for (const r of results) {
    if (!r.app) {
      lines.push(`| ${r.route.label} | — | — | — | — | | | | not measured: ${r.skipped} |`);
      continue;
    }
    const share = r.share!;
    const target = TARGET_PCT[r.route.kind];
    const bad = r.app.non2xx + r.app.errors + r.app.timeouts;
    const verdict = [target === null ? "" : `${share >= target ? "✓" : "✗"} ≥ ${target}%`, bad ? `${bad} failed requests` : ""].filter(Boolean).join("; ");
    lines.push(
      `| ${r.route.label} | ${fmt(r.app.reqPerSec)} | ${r.app.p50} | ${r.app.p99} | ${pct(share)} | ${fmt(r.trivial!.reqPerSec)} | ${fmt(r.app.cpuUsPerReq ?? NaN)} | ${handlerTimes[r.route.label] ? fmt(handlerTimes[r.route.label]!.bestUs) : "—"} | ${verdict} |`,
    );
  }
  lines.push("");
  for (const s of startTimes)
    lines.push(`- Start to first 200 (\`GET /healthz\`), ${s.what}: ${fmt(median(s.ms))} ms (median of ${s.ms.join(", ").replace(/(\d+)\.\d+/g, "$1")} ms)`);
  lines.push(
    `- RSS of the app (\`bun server.ts\`): ${fmt(idle.rss)} MB idle after start ${idle.rss < RSS_IDLE_TARGET_MB ? "✓" : "✗"} < ${RSS_IDLE_TARGET_MB} MB; ${fmt(after.rss)} MB after the load (peak ${fmt(after.peak)} MB) ${after.rss < RSS_TARGET_MB ? "✓" : "✗"} < ${RSS_TARGET_MB} MB`,
  );
  lines.push("");
  lines.push("Client JavaScript a first visit loads before it is interactive (entry, root and route modules, not the language catalog; gzip level 6):");
  lines.push("");
  lines.push("| page | files | JS bytes | gzipped |");
  lines.push("|---|---:|---:|---:|");
  for (const p of jsPerPage()) lines.push(`| ${p.page} | ${p.files} | ${fmt(p.raw)} | ${fmt(p.gz)} |`);
  const report = lines.join("\n");
  console.log(`\n${report}\n`);
  if (args.json) {
    writeFileSync(
      args.json,
      JSON.stringify({
        startedAt,
        machine: m,
        sizes,
        trivialMedian: trivialRates.length ? median(trivialRates) : null,
        routes: results.map((r) => ({
          label: r.route.label.replace(/ \([\d,]+ (items|open files)\)$/, ""),
          fullLabel: r.route.label,
          kind: r.route.kind,
          skipped: r.skipped ?? null,
          reqPerSec: r.app?.reqPerSec ?? null,
          p50: r.app?.p50 ?? null,
          p99: r.app?.p99 ?? null,
          share: r.share ?? null,
          target: TARGET_PCT[r.route.kind],
          failed: r.app ? r.app.non2xx + r.app.errors + r.app.timeouts : null,
          handlerUs: handlerTimes[r.route.label]?.bestUs ?? null,
        })),
        startTimes: startTimes.map((st) => ({ what: st.what, medianMs: median(st.ms) })),
        rss: { idle: idle.rss, after: after.rss, peak: after.peak },
        js: jsPerPage(),
      }),
    );
  }

  if (args.write) {
    const doc = path.join(root, "docs", "benchmarks.md");
    const START = "<!-- bench:start (written by npm run bench) -->";
    const END = "<!-- bench:end -->";
    const block = `${START}\n${report}\n${END}`;
    const current = existsSync(doc) ? readFileSync(doc, "utf8") : "# Benchmarks\n\n";
    const next =
      current.includes(START) && current.includes(END)
        ? current.slice(0, current.indexOf(START)) + block + current.slice(current.indexOf(END) + END.length)
        : `${current.trimEnd()}\n\n## Latest run\n\n${block}\n`;
    writeFileSync(doc, next);
    console.log(`Written to ${path.relative(root, doc)}`);
  }
}

try {
  await main();
  process.exit(0);
} catch (error) {
  console.error(`bench: ${(error as Error).message}${error instanceof UsageError ? `\n${USAGE}` : ""}`);
  process.exit(error instanceof UsageError ? 2 : 1);
}
