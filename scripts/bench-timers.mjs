// Timer scans under load (target: a start-timer/end-timer pair answers in under 10 ms p99 at 50 concurrent
// requests). Run against a server seeded with scripts/seed-large.ts:
//
//   node scripts/bench-timers.mjs --url http://127.0.0.1:3000 --pin 1234 [--connections 50] [--duration 10] [--tool wrk|autocannon]
//
// It signs in with the PIN and takes stopped items, so that every call is a real toggle, never a 409.
// - wrk (the default when `wrk` is installed: `apt-get install wrk`): a C load generator with two threads, so the
//   load itself takes little of the machine the server runs on. Each thread toggles its own pool of 2,000 items
//   (scripts/bench-scans.lua): start each, then stop each, spread over 4,000 items as a busy floor would be.
// - autocannon (under Node): each connection alternates start and end on one item of 100; Node's load costs
//   the server more of a 2-core machine's CPU than wrk does.
// Prints the latency figures of all the calls as JSON. The load tool must not share the server's runtime.
import autocannon from "autocannon";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const USAGE = `Usage: node scripts/bench-timers.mjs --url http://127.0.0.1:3000 [--pin 1234] [--connections 50] [--duration 10] [--tool wrk|autocannon]
  Against a server already running on seeded data (scripts/seed-large.ts). A quick check that it runs:
  --connections 2 --duration 1 --tool autocannon (on any data with 4 stopped items).`;
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
  if (!["--url", "--pin", "--connections", "--duration", "--tool"].includes(flag)) usageError(`unknown option ${flag}`);
  if (argv[i + 1] === undefined) usageError(`${flag} needs a value`);
  args[flag.slice(2)] = argv[i + 1];
}
const url = args.url ?? "http://127.0.0.1:3000";
if (!URL.canParse(url)) usageError(`--url is an address such as http://127.0.0.1:3000, not "${url}"`);
const connections = Number(args.connections ?? 50);
const duration = Number(args.duration ?? 10);
if (!Number.isSafeInteger(connections) || connections < 1) usageError(`--connections is a whole number, 1 or more, not "${args.connections}"`);
if (!Number.isFinite(duration) || duration <= 0) usageError(`--duration is a number of seconds, not "${args.duration}"`);
if (args.tool !== undefined && args.tool !== "wrk" && args.tool !== "autocannon") usageError(`--tool is wrk or autocannon, not "${args.tool}"`);
const origin = new URL(url).origin;
const hasWrk = spawnSync("wrk", ["--version"]).error === undefined;
const tool = args.tool ?? (hasWrk ? "wrk" : "autocannon");
if (tool === "wrk" && !hasWrk) throw new Error("wrk is not installed (Debian: apt-get install wrk); or pass --tool autocannon");
const WRK_THREADS = 2;
const WRK_POOL = 2_000;

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

// Stopped items from the newest pages: enough for one per connection (autocannon) or the threads' pools (wrk).
const ids = [];
const wanted = tool === "wrk" ? WRK_THREADS * WRK_POOL : connections * 2;
for (let offset = 0; ids.length < wanted && offset < 50_000; offset += 500) {
  const page = await (await fetch(`${url}/api/items?limit=500&offset=${offset}`, { headers })).json();
  // A finished item refuses a start (decision 0048): only unfinished ones.
  for (const item of page) if (!item.isTimerActive && !item.finishedAt && ids.length < wanted) ids.push(item.id);
  if (page.length < 500) break;
}
if (ids.length < wanted) throw new Error(`only ${ids.length} stopped items for ${connections} connections`);

if (tool === "wrk") {
  const dir = mkdtempSync(path.join(tmpdir(), "shopflow-wrk-"));
  const idsFile = path.join(dir, "ids.txt");
  writeFileSync(idsFile, ids.join("\n"));
  const script = path.join(path.dirname(fileURLToPath(import.meta.url)), "bench-scans.lua");
  const run = spawnSync(
    "wrk",
    [`-t${WRK_THREADS}`, `-c${connections}`, `-d${duration}s`, "--timeout", "10s", "-s", script, url, "--", idsFile, String(WRK_POOL), cookie, origin],
    { encoding: "utf8" },
  );
  rmSync(dir, { recursive: true, force: true });
  // Leave no timer running behind.
  await Promise.all(ids.map((id) => fetch(`${url}/api/items/${id}/end-timer`, { method: "POST", headers }).catch(() => null)));
  const line = run.stdout.split("\n").find((l) => l.startsWith("{"));
  if (run.status !== 0 || !line) throw new Error(`wrk failed: ${run.stderr || run.stdout}`);
  const r = JSON.parse(line);
  const out = {
    tool,
    connections,
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
  };
  console.log(JSON.stringify(out, null, 2));
  if (out.non2xx > 0 || out.errors > 0) process.exitCode = 1;
  process.exit();
}

// autocannon clears a connection's context at the start of every start/stop loop: each loop takes a free item
// and gives it back once its stop has answered, so no two connections ever scan the same item.
const free = [...ids];
const statuses = {};
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

// Leave no timer running behind.
await Promise.all(ids.map((id) => fetch(`${url}/api/items/${id}/end-timer`, { method: "POST", headers }).catch(() => null)));

const out = {
  tool,
  connections,
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
};
console.log(JSON.stringify(out, null, 2));
if (out.non2xx > 0 || out.errors > 0) process.exitCode = 1;
