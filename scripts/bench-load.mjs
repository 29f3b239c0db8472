// One load run for scripts/bench.ts: `node scripts/bench-load.mjs '{"url":...,"connections":50,...}'` prints one
// JSON line. A separate process so the load tool never shares the event loop of the bench, and plain JavaScript
// so Node runs it (autocannon sends more requests per CPU second under Node than under Bun on this code).
import autocannon from "autocannon";

const opts = JSON.parse(process.argv[2] ?? "{}");
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
