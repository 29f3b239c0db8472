// CPU time per scan request in-process (the code's own cost, whatever else the machine does): 50 start-timer
// calls at once through the built fetch handler, then 50 end-timer calls, and so on, on a seed-large database.
// Checkpoints are left out of the figure (run between measured rounds), as the server runs them on a worker.
//   bun scripts/bench-scan-cpu.ts --data-dir DIR [--rounds 400] [--pin 1234]     (the database is written to)
//   On a small seed: --rounds 4 --warmup 2 --in-flight 5 --first 1
import { scriptArgs } from "./cli-args";
import { scanRound, signedInHandler, stoppedItemsToScan } from "./in-process";

const USAGE = `Usage: bun scripts/bench-scan-cpu.ts --data-dir DIR [--rounds 400] [--pin 1234] [--first 100000] [--in-flight 50] [--warmup 20]
  --data-dir DIR    a seeded data folder (scripts/seed-large.ts); its items get timer scans
  --rounds N        rounds of scans, warm-up included (default 400)
  --first ID        scan items from this id on, skipping any whose timer runs (default 100000)
  --in-flight N     scans sent at once in each round (default 50)
  --warmup N        rounds left out of the figure (default 20)
  --pin PIN         the administrator's PIN (default 1234)`;

const { values, usageError, seededDir, whole } = scriptArgs("bench-scan-cpu", USAGE, {
  "data-dir": { type: "string" },
  rounds: { type: "string", default: "400" },
  pin: { type: "string", default: "1234" },
  first: { type: "string", default: "100000" },
  "in-flight": { type: "string", default: "50" },
  warmup: { type: "string", default: "20" },
});
const dataDir = seededDir();
const rounds = whole("rounds", 1);
const first = whole("first", 1);
const IN_FLIGHT = whole("in-flight", 1);
const WARMUP = whole("warmup", 0);
if (rounds <= WARMUP) usageError(`--rounds (${rounds}) must be more than --warmup (${WARMUP}): only the rounds after the warm-up are measured.`);

const { handler, cookie } = await signedInHandler({ dataDir, pin: String(values.pin) });
const { getDb } = await import("~/infra/db.server");
const client = getDb().$client;
client.run("PRAGMA wal_autocheckpoint = 0");

// Each pair of rounds starts, then stops, IN_FLIGHT items not scanned before in this run (scripts/in-process.ts).
const wanted = Math.ceil(rounds / 2) * IN_FLIGHT;
const ids = await stoppedItemsToScan({ handler, cookie, client, first, wanted, log: (line) => console.error(`bench-scan-cpu: ${line}`) });
if (ids.length < wanted) {
  console.error(`bench-scan-cpu: ${rounds} rounds of ${IN_FLIGHT} need ${wanted} stopped items from id ${first} on; the data has ${ids.length}.`);
  process.exit(2);
}

let cpuUs = 0;
let wallMs = 0;
for (let r = 0; r < rounds; r++) {
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  await scanRound(handler, cookie, ids, r, IN_FLIGHT);
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
