// JavaScript objects a scan request leaves on the heap for the garbage collector (the server's share, the load
// generator's own taken out): 50 start-timer calls at once through the built fetch handler, then 50 end-timer
// calls, and so on. At a busy floor every young collection pauses all the scans in flight for a millisecond or two,
// and how often one comes is what the requests allocate; so the count is a budget the scan keeps
// (tests/request/scan-allocations.test.ts), and unlike a time it is the same on a busy machine.
// Counted with the collector off, which only the engine's start-up options can do:
//   BUN_JSC_useGC=false bun scripts/bench-scan-alloc.ts --data-dir DIR [--rounds 20] [--pin 1234]
// Prints {"objectsPerScan": N, "byType": {...}} (the database is written to).
import { heapStats } from "bun:jsc";
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type InProcess, scanRound, signedInHandler, stoppedItemsToScan } from "./in-process";

const USAGE = `Usage: BUN_JSC_useGC=false bun scripts/bench-scan-alloc.ts --data-dir DIR [--rounds 20] [--pin 1234]
  --data-dir DIR   a seeded data folder (scripts/seed-large.ts); its items get timer scans
  --rounds N       measured rounds of 50 scans, after as many to warm up (default 20)`;

function usageError(message: string): never {
  console.error(`bench-scan-alloc: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: { "data-dir": { type: "string" }, rounds: { type: "string", default: "20" }, pin: { type: "string", default: "1234" } },
  }));
} catch (error) {
  usageError((error as Error).message);
}
const dataDir = values["data-dir"];
if (typeof dataDir !== "string") usageError("--data-dir is needed.");
if (!existsSync(path.join(dataDir, "shopflow.db"))) usageError(`${dataDir} holds no shopflow.db: seed it first (scripts/seed-large.ts).`);
const rounds = Number(values.rounds);
if (!Number.isSafeInteger(rounds) || rounds < 2 || rounds % 2 !== 0) usageError(`--rounds is an even whole number, 2 or more, not "${values.rounds}".`);
if (process.env.BUN_JSC_useGC !== "false") usageError("run it with BUN_JSC_useGC=false: a collection during the count would hide what was allocated.");

const IN_FLIGHT = 50;
const { handler, cookie } = await signedInHandler({ dataDir, pin: String(values.pin) });
const { getDb } = await import("~/infra/db.server");
const client = getDb().$client;
client.run("PRAGMA wal_autocheckpoint = 0");
const ids = await stoppedItemsToScan({ handler, cookie, client, first: 1, wanted: rounds * IN_FLIGHT });
if (ids.length < rounds * IN_FLIGHT) usageError(`${rounds * 2} rounds need ${rounds * IN_FLIGHT} stopped items; the data has ${ids.length}.`);

/** Rounds [from, to) of scans through `answer`: start the round's items, then stop them. */
async function scan(answer: InProcess["handler"], from: number, to: number) {
  for (let r = from; r < to; r++) await scanRound(answer, cookie, ids, r, IN_FLIGHT);
}

/** Objects by type that `run` left on the heap, per scan. */
async function counted(run: () => Promise<void>, scans: number): Promise<Map<string, number>> {
  const before = heapStats().objectTypeCounts;
  await run();
  const after = heapStats().objectTypeCounts;
  const out = new Map<string, number>();
  for (const [type, n] of Object.entries(after)) out.set(type, (n - (before[type] ?? 0)) / scans);
  return out;
}

// Warm-up: the engine compiles the path first (its compiled code allocates less than the interpreter).
await scan(handler, 0, rounds);
const scans = rounds * IN_FLIGHT;
const server = await counted(() => scan(handler, rounds, rounds * 2), scans);
// The load generator's own objects (its Request, promises and closures), through an answer that does nothing.
const nothing: InProcess["handler"] = async () => new Response("{}");
await scan(nothing, 0, rounds);
const own = await counted(() => scan(nothing, 0, rounds), scans);
const byType: Record<string, number> = {};
let total = 0;
for (const [type, n] of server) {
  const v = Math.round((n - (own.get(type) ?? 0)) * 10) / 10;
  if (v > 0) byType[type] = v;
  total += n - (own.get(type) ?? 0);
}
console.log(JSON.stringify({ objectsPerScan: Math.round(total * 10) / 10, byType }));
process.exit(0);
