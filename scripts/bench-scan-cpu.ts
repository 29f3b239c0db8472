// CPU time per scan request in-process (the code's own cost, whatever else the machine does): 50 start-timer
// calls at once through the built fetch handler, then 50 end-timer calls, and so on, on a seed-large database.
// Checkpoints are left out of the figure (run between measured rounds), as the server runs them on a worker.
//   bun scripts/bench-scan-cpu.ts --data-dir DIR [--rounds 400] [--pin 1234]     (the database is written to)
import { parseArgs } from "node:util";
import { ORIGIN, signedInHandler, SOCKET } from "./in-process";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    rounds: { type: "string", default: "400" },
    pin: { type: "string", default: "1234" },
    first: { type: "string", default: "100000" },
  },
});
if (!values["data-dir"]) {
  console.error("Usage: bun scripts/bench-scan-cpu.ts --data-dir DIR [--rounds 400] [--pin 1234] [--first 100000]");
  process.exit(2);
}
const { handler, cookie } = await signedInHandler({ dataDir: values["data-dir"], pin: values.pin! });
const { getDb } = await import("~/infra/db.server");
const client = getDb().$client;
client.run("PRAGMA wal_autocheckpoint = 0");

const IN_FLIGHT = 50;
const WARMUP = 20;
const rounds = Number(values.rounds);
const first = Number(values.first);
let cpuUs = 0;
let wallMs = 0;
for (let r = 0; r < rounds; r++) {
  // Each pair of rounds starts, then stops, 50 items not scanned before in this run.
  const verb = r % 2 === 0 ? "start-timer" : "end-timer";
  const base = first + Math.floor(r / 2) * IN_FLIGHT;
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: IN_FLIGHT }, async (_, i) => {
      const res = await handler(
        new Request(`${ORIGIN}/api/items/${base + i}/${verb}`, { method: "POST", headers: { cookie, origin: ORIGIN, "content-length": "0" } }),
        SOCKET,
      );
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${verb} ${base + i}: ${res.status} ${text}`);
    }),
  );
  const cpu = process.cpuUsage(cpu0);
  if (r >= WARMUP) {
    cpuUs += cpu.user + cpu.system;
    wallMs += performance.now() - t0;
  }
  if (r % 20 === 19) client.run("PRAGMA wal_checkpoint(TRUNCATE)");
}
const n = (rounds - WARMUP) * IN_FLIGHT;
console.log(JSON.stringify({ requests: n, cpuUsPerRequest: Math.round((cpuUs / n) * 10) / 10, wallUsPerRequest: Math.round(((wallMs * 1000) / n) * 10) / 10 }));
process.exit(0);
