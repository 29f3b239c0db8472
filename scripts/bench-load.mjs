// One load run for scripts/bench.ts: `node scripts/bench-load.mjs '{"url":...,"connections":50,...}'` prints one
// JSON line. A separate process so the load tool never shares the event loop of the bench, and plain JavaScript
// so Node runs it (autocannon sends more requests per CPU second under Node than under Bun on this code).
import autocannon from "autocannon";

const USAGE = `Usage: node scripts/bench-load.mjs '{"url":"http://127.0.0.1:3000/healthz","connections":50,"duration":5,"warmup":0,"headers":{}}'
  One JSON argument (scripts/bench.ts writes it): url is needed; connections (default 50), duration in seconds
  (default 5), warmup in seconds (default none) and headers are optional. Prints one JSON line of figures.`;
if (process.argv[2] === "--help" || process.argv[2] === "-h") {
  console.log(USAGE);
  process.exit(0);
}
/** A mistake in the argument: exit code 2 and the usage, before any load is sent. */
function usageError(message) {
  console.error(`bench-load: ${message}\n${USAGE}`);
  process.exit(2);
}
let opts;
try {
  opts = JSON.parse(process.argv[2] ?? "");
} catch {
  usageError("the argument is not JSON.");
}
if (typeof opts?.url !== "string" || !URL.canParse(opts.url)) usageError("url is needed, as an address such as http://127.0.0.1:3000/healthz.");
for (const k of ["connections", "duration", "warmup"]) {
  if (opts[k] !== undefined && !(Number.isFinite(opts[k]) && opts[k] >= 0)) usageError(`${k} is a number, 0 or more.`);
}
const base = { url: opts.url, connections: opts.connections ?? 50, headers: opts.headers ?? {}, timeout: 20 };

const warm = opts.warmup > 0 ? await autocannon({ ...base, duration: opts.warmup }) : null;
const r = await autocannon({ ...base, duration: opts.duration ?? 5 });
process.stdout.write(
  JSON.stringify({
    reqPerSec: r.requests.total / r.duration,
    total: r.requests.total,
    // The bench divides the server's CPU time over the whole child run by every request it answered.
    warmupTotal: warm ? warm.requests.total : 0,
    seconds: r.duration,
    p50: r.latency.p50,
    p99: r.latency.p99,
    max: r.latency.max,
    ok: r["2xx"],
    non2xx: r.non2xx,
    errors: r.errors,
    timeouts: r.timeouts,
    bytesPerReq: r.requests.total > 0 ? Math.round(r.throughput.total / r.requests.total) : 0,
  }) + "\n",
);
