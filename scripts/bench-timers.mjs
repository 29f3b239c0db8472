// Timer scans under load (issue "Step 5": a start-timer/end-timer pair answers in under 10 ms p99 at 50 concurrent
// requests). Run against a server seeded with scripts/seed-large.ts:
//
//   node scripts/bench-timers.mjs --url http://127.0.0.1:3000 --pin 1234 [--connections 50] [--duration 10]
//
// It signs in with the PIN, picks one stopped item per connection (so no two connections scan the same item and
// every call is a real toggle, never a 409), and each connection then alternates POST start-timer and POST
// end-timer on its item as fast as the answers come. Prints autocannon's latency figures for all the calls.
// Plain JavaScript under Node, like scripts/bench-load.mjs: the load tool must not share the server's runtime.
import autocannon from "autocannon";

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, arg, i, all) => (arg.startsWith("--") ? [...pairs, [arg.slice(2), all[i + 1]]] : pairs), []),
);
const url = args.url ?? "http://127.0.0.1:3000";
const connections = Number(args.connections ?? 50);
const duration = Number(args.duration ?? 10);
const origin = new URL(url).origin;

const signIn = await fetch(`${url}/api/auth/verify-pin`, { method: "POST", headers: { "content-type": "application/json", origin }, body: JSON.stringify({ pinCode: args.pin ?? "1234" }) });
if (signIn.status !== 200) throw new Error(`sign-in failed: ${signIn.status} ${await signIn.text()}`);
const cookie = signIn.headers.getSetCookie().map((c) => c.split(";")[0]).join("; ");
const headers = { cookie, origin, "content-type": "application/json" };

// Stopped items from the newest pages: enough for one per connection.
const ids = [];
const wanted = connections * 2;
for (let offset = 0; ids.length < wanted && offset < 10_000; offset += 500) {
  const page = await (await fetch(`${url}/api/items?limit=500&offset=${offset}`, { headers })).json();
  for (const item of page) if (!item.isTimerActive && ids.length < wanted) ids.push(item.id);
  if (page.length < 500) break;
}
if (ids.length < wanted) throw new Error(`only ${ids.length} stopped items for ${connections} connections`);

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
