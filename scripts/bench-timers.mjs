// Timer scans under load (target: a start-timer/end-timer pair answers in under 10 ms p99 at 50 concurrent
// requests). Run against a server seeded with scripts/seed-large.ts:
//
//   node scripts/bench-timers.mjs --url http://127.0.0.1:3000 --pin 1234 [--connections 50] [--duration 10] [--tool wrk|autocannon]
//
// Every call must be a real toggle that moves an item on, never a 409. A stop moves the item to the next
// department of its sequence, and the stop in its last department finishes it, after which a start is refused
// (docs/product.md, Decisions: The end of a job; decision 0048). So the bench toggles only stopped, unfinished items
// with at least ADVANCES departments after their current one, and takes enough of them that no item is started more
// than ADVANCES times in the run (each start is followed by a stop, in the run or in the clean-up after it):
// items = RATE_CEILING × duration / (2 × ADVANCES), 33,334 for 10 s. seed-large's history leaves almost every item
// in its last department (a few hundred are early in their sequence), so when the newest items do not hold enough,
// the bench imports the rest as new projects ("Bench floor …", 20 items each, through POST /api/projects/import),
// whose items start in their first department. The data grows by that many items a run.
// - wrk (the default when `wrk` is installed: `apt-get install wrk`): a C load generator with two threads, so the
//   load itself takes little of the machine the server runs on. Each thread toggles its own half of the items
//   (scripts/bench-scans.lua): start each, then stop each, spread over the pool as a busy floor would be.
// - autocannon (under Node): each connection takes the item at the head of the queue, starts and stops it, and
//   puts it at the back; Node's load costs the server more of a 2-core machine's CPU than wrk does.
// Prints the latency figures of all the calls as JSON. The load tool must not share the server's runtime.
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const USAGE = `Usage: node scripts/bench-timers.mjs --url http://127.0.0.1:3000 [--pin 1234] [--connections 50] [--duration 10] [--tool wrk|autocannon] [--settle 12] [--server-pid N]
  --settle S      seconds to wait after importing items, while the server folds the import's log into the database
  --server-pid N  also report the CPU seconds that process spent during the load alone (not the import before it)
  Against a server already running on seeded data (scripts/seed-large.ts). A quick check that it runs:
  --connections 2 --duration 1 --tool autocannon --settle 0 (it imports the items it needs when the data lacks them).`;
/** A mistake in the command line: exit code 2 and the usage, before the server is asked anything. */
function usageError(message) {
  console.error(`bench-timers: ${message}\n${USAGE}`);
  process.exit(2);
}
const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const args = {};
for (let i = 0; i < argv.length; i += 2) {
  const flag = argv[i];
  if (!["--url", "--pin", "--connections", "--duration", "--tool", "--settle", "--server-pid"].includes(flag)) usageError(`unknown option ${flag}`);
  if (argv[i + 1] === undefined) usageError(`${flag} needs a value`);
  args[flag.slice(2)] = argv[i + 1];
}
const url = args.url ?? "http://127.0.0.1:3000";
if (!URL.canParse(url)) usageError(`--url is an address such as http://127.0.0.1:3000, not "${url}"`);
const connections = Number(args.connections ?? 50);
const duration = Number(args.duration ?? 10);
if (!Number.isSafeInteger(connections) || connections < 1) usageError(`--connections is a whole number, 1 or more, not "${args.connections}"`);
if (!Number.isFinite(duration) || duration <= 0) usageError(`--duration is a number of seconds, not "${args.duration}"`);
const settle = Number(args.settle ?? 12);
if (!Number.isFinite(settle) || settle < 0) usageError(`--settle is a number of seconds, 0 or more, not "${args.settle}"`);
if (args.tool !== undefined && args.tool !== "wrk" && args.tool !== "autocannon") usageError(`--tool is wrk or autocannon, not "${args.tool}"`);
const serverPid = args["server-pid"] === undefined ? undefined : Number(args["server-pid"]);
if (serverPid !== undefined && (!Number.isSafeInteger(serverPid) || serverPid < 1))
  usageError(`--server-pid is the server's process id, not "${args["server-pid"]}"`);
const origin = new URL(url).origin;
const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;
const tool = args.tool ?? (hasWrk ? "wrk" : "autocannon");
if (tool === "wrk" && !hasWrk) throw new Error("wrk is not installed (Debian: apt-get install wrk); or pass --tool autocannon");
// Said, not silent: autocannon's load runs under Node on the server's own cores, so its figures (p99 10–14 ms where wrk
// gave 7.7–8.6 on the same build and machine, docs/benchmarks.md) are no comparison with wrk's.
if (tool === "autocannon" && args.tool === undefined)
  console.error(
    "bench-timers: wrk is not installed, so the load comes from autocannon under Node, which takes CPU from the server: its figures do not compare with wrk's (Debian: apt-get install wrk).",
  );
const CLK_TCK = Number(spawnSync("getconf", ["CLK_TCK"]).stdout?.toString().trim()) || 100;
/** CPU seconds (user + system) the server has used, from /proc/<pid>/stat; null without --server-pid. */
function serverCpu() {
  if (serverPid === undefined) return null;
  const stat = readFileSync(`/proc/${serverPid}/stat`, "utf8");
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / CLK_TCK;
}
const WRK_THREADS = 2;
/** Stops an item may take in a run: each moves it to its next department, none finishes it. */
const ADVANCES = 3;
/** Scans a second the pool is sized for: above any run on the 2-core VM (12,000–14,000 with wrk, docs/benchmarks.md). */
const RATE_CEILING = 20_000;
const PAGE = 500;
/** The newest items read for ones early in their sequence before importing the rest. */
const SCAN_LIMIT = 50_000;
const PROJECT_ITEMS = 20;

const signIn = await fetch(`${url}/api/auth/verify-pin`, {
  method: "POST",
  headers: { "content-type": "application/json", origin },
  body: JSON.stringify({ pinCode: args.pin ?? "1234" }),
});
if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
const cookie = signIn.headers
  .getSetCookie()
  .map((c) => c.split(";")[0])
  .join("; ");
const headers = { cookie, origin, "content-type": "application/json" };

const getJson = async (pathAndQuery) => {
  const res = await fetch(`${url}${pathAndQuery}`, { headers });
  if (res.status !== 200) throw new Error(`GET ${pathAndQuery}: ${res.status} ${await res.text()}`);
  return { body: await res.json(), total: Number(res.headers.get("x-total-count") ?? Number.NaN) };
};
const all = async (route) => {
  const out = [];
  for (let offset = 0; ; offset += PAGE) {
    const { body } = await getJson(`${route}?limit=${PAGE}&offset=${offset}`);
    out.push(...body);
    if (body.length < PAGE) return out;
  }
};
// An item's sequence: its category's, else the standard order (app/domain/rules.ts itemSequence).
const STANDARD = ["pre-production", "production", "fabrication", "quality-control", "installation"];
const categories = await all("/api/categories");
const sequenceOf = new Map(categories.map((c) => [c.name.toLowerCase(), c.departmentSequence?.length ? c.departmentSequence : STANDARD]));
/** Stops that move the item on before the one that would finish it (an unknown department moves to the first). */
const advancesLeft = (item) => {
  const sequence = sequenceOf.get((item.category ?? "").toLowerCase()) ?? STANDARD;
  return sequence.length - 1 - sequence.indexOf(item.department);
};

// No item is started more than ADVANCES times: a wrk thread (or autocannon's queue) goes round its items once per
// 2 × items requests, and a start sent in the last round is stopped by the clean-up.
const wanted = Math.max(connections * 2, Math.ceil((RATE_CEILING * duration) / (2 * ADVANCES)) + WRK_THREADS * connections);

/** Stopped, unfinished items with ADVANCES departments or more to go, newest first, from the newest `limit` items. */
async function collect(limit) {
  const found = [];
  const { total } = await getJson("/api/items?limit=1&offset=0");
  for (let end = total; end > 0 && total - end < limit && found.length < wanted; end -= PAGE) {
    const offset = Math.max(0, end - PAGE);
    const { body } = await getJson(`/api/items?limit=${end - offset}&offset=${offset}`);
    for (const item of body.reverse()) {
      if (!item.isTimerActive && !item.finishedAt && advancesLeft(item) >= ADVANCES && found.length < wanted) found.push(item.id);
    }
  }
  return found;
}

let ids = await collect(SCAN_LIMIT);
if (ids.length < wanted) {
  // New projects whose items start in the first department of the longest sequence the shop has.
  const workflows = await all("/api/workflows");
  const workflow = workflows.toSorted((a, b) => (b.departmentSequence?.length ?? 0) - (a.departmentSequence?.length ?? 0))[0];
  const category = categories
    .filter((c) => advancesLeft({ category: c.name, department: "pre-production" }) >= ADVANCES)
    .toSorted((a, b) => advancesLeft({ category: b.name, department: "pre-production" }) - advancesLeft({ category: a.name, department: "pre-production" }))[0];
  if (!category) throw new Error(`no category has ${ADVANCES + 1} departments or more to import bench items with`);
  const missing = wanted - ids.length;
  const stamp = new Date().toISOString().replace(/\.\d+Z$/, "Z");
  const rows = Array.from({ length: missing }, (_, n) => {
    const project = Math.floor(n / PROJECT_ITEMS) + 1;
    return {
      projectName: `Bench floor ${stamp} #${project}`,
      externalReference: `bench-${stamp}-${project}`,
      workflow: workflow?.name ?? "",
      itemName: `Bench item ${n + 1}`,
      quantity: 1,
      category: category.name,
    };
  });
  console.error(
    `bench-timers: ${ids.length} items early enough in their sequence; importing ${missing} more (${category.name}, ${Math.ceil(missing / PROJECT_ITEMS)} projects)`,
  );
  // 10,000 rows at most per import (MAX_ORDER_ROWS), whole projects per batch.
  const batch = 500 * PROJECT_ITEMS;
  for (let start = 0; start < rows.length; start += batch) {
    const res = await fetch(`${url}/api/projects/import`, {
      method: "POST",
      headers,
      body: JSON.stringify({ rows: rows.slice(start, start + batch), importId: `bench-${stamp}-${start}` }),
    });
    if (res.status !== 201) throw new Error(`importing bench items failed: ${res.status} ${(await res.text()).slice(0, 500)}`);
  }
  ids = await collect(SCAN_LIMIT + missing);
  // The import left a write-ahead log of some hundred thousand pages; the server copies it back and cuts it once
  // nothing has been written for IDLE_TRUNCATE_MS (app/infra/checkpointer.server.ts, 10 s; --settle, 12 s by default). The floor's scans are timed
  // from there, as on a shop's morning, not while the log of the import is still being copied.
  if (settle > 0) {
    console.error(`bench-timers: waiting ${settle} s for the server to fold the import into the database`);
    await new Promise((resolve) => setTimeout(resolve, settle * 1000));
  }
}
if (ids.length < wanted) throw new Error(`only ${ids.length} stopped items with ${ADVANCES} departments to go; ${wanted} needed`);

/** Stops every item still running (a 409 for one already stopped changes nothing), 50 at a time. */
async function stopAll() {
  for (let i = 0; i < ids.length; i += 50) {
    await Promise.all(ids.slice(i, i + 50).map((id) => fetch(`${url}/api/items/${id}/end-timer`, { method: "POST", headers }).catch(() => null)));
  }
}

if (tool === "wrk") {
  const dir = mkdtempSync(path.join(tmpdir(), "shopflow-wrk-"));
  const idsFile = path.join(dir, "ids.txt");
  writeFileSync(idsFile, ids.join("\n"));
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "bench-scans.lua");
  const cpuBefore = serverCpu();
  const run = spawnSync(
    "wrk",
    [
      `-t${WRK_THREADS}`,
      `-c${connections}`,
      `-d${duration}s`,
      "--timeout",
      "10s",
      "-s",
      script,
      url,
      "--",
      idsFile,
      String(Math.floor(ids.length / WRK_THREADS)),
      cookie,
      origin,
    ],
    { encoding: "utf8" },
  );
  const cpuAfter = serverCpu();
  rmSync(dir, { recursive: true, force: true });
  // Leave no timer running behind.
  await stopAll();
  const line = run.stdout.split("\n").find((l) => l.startsWith("{"));
  if (run.status !== 0 || !line) throw new Error(`wrk failed: ${run.stderr || run.stdout}`);
  const r = JSON.parse(line);
  const out = {
    tool,
    connections,
    items: ids.length,
    seconds: r.seconds,
    requests: r.requests,
    reqPerSec: Math.round(r.requests / r.seconds),
    p50ms: r.p50ms,
    p90ms: r.p90ms,
    p99ms: r.p99ms,
    p999ms: r.p999ms,
    maxMs: r.maxMs,
    ok: r.requests - r.non2xx,
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    serverCpuSeconds: cpuBefore === null ? undefined : cpuAfter - cpuBefore,
  };
  console.log(JSON.stringify(out, null, 2));
  if (out.non2xx > 0 || out.errors > 0) process.exitCode = 1;
  if (r.requests / (2 * ids.length) > ADVANCES)
    console.error(`bench-timers: ${r.requests} requests went round ${ids.length} items more than ${ADVANCES} times: raise RATE_CEILING`);
  process.exit();
}

// autocannon clears a connection's context at the start of every start/stop loop: each loop takes the item at the
// head of the queue and puts it at the back once its stop has answered, so no two connections ever scan the same
// item and every item goes round before any goes again.
const free = [...ids];
const statuses = {};
const cpuBefore = serverCpu();
const result = await autocannon({
  url,
  connections,
  duration,
  headers,
  // Every status counted, so a run that was refused (401, 409, 429) says so instead of looking fast.
  setupClient: (client) => client.on("response", (status) => (statuses[status] = (statuses[status] ?? 0) + 1)),
  requests: [
    {
      method: "POST",
      setupRequest: (req, context) => {
        context.id = free.shift();
        return { ...req, path: `/api/items/${context.id}/start-timer` };
      },
    },
    {
      method: "POST",
      setupRequest: (req, context) => ({ ...req, path: `/api/items/${context.id}/end-timer` }),
      onResponse: (status, body, context) => free.push(context.id),
    },
  ],
});

const cpuAfter = serverCpu();
// Leave no timer running behind.
await stopAll();

const out = {
  tool,
  connections,
  items: ids.length,
  seconds: result.duration,
  requests: result.requests.total,
  reqPerSec: Math.round(result.requests.total / result.duration),
  p50ms: result.latency.p50,
  p90ms: result.latency.p90,
  p99ms: result.latency.p99,
  maxMs: result.latency.max,
  ok: result["2xx"],
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
  statuses,
  serverCpuSeconds: cpuBefore === null ? undefined : cpuAfter - cpuBefore,
};
console.log(JSON.stringify(out, null, 2));
if (out.non2xx > 0 || out.errors > 0) process.exitCode = 1;
