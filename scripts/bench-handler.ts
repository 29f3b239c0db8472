// For scripts/bench.ts: the built app's fetch handler timed in-process, one request at a time, with no network
// and no load tool. `bun scripts/bench-handler.ts '{"dataDir":...,"routes":[...]}'` prints one JSON line.
// Each route runs in batches and the fastest batch's mean is kept: interference from other processes only
// ever adds time, so the best batch is the closest to what the code itself costs on a shared machine.
import { ORIGIN, signedInHandler, SOCKET as socket } from "./in-process";

type Input = {
  dataDir: string;
  pin: string;
  buildDir?: string;
  routes: { label: string; path: string; signedIn: boolean }[];
  batches?: number;
  perBatch?: number;
};
const USAGE = `Usage: bun scripts/bench-handler.ts '{"dataDir":"DIR","pin":"1234","routes":[{"label":"/healthz","path":"/healthz","signedIn":false}]}'
  One JSON argument (scripts/bench.ts writes it): dataDir, pin and routes are needed; buildDir (default build/),
  batches (default 5) and perBatch (default: about 200 ms of requests) are optional. Prints one JSON line:
  {label: {bestUs, medianUs, status}}.`;
if (process.argv[2] === "--help" || process.argv[2] === "-h") {
  console.log(USAGE);
  process.exit(0);
}
/** What is wrong with the input, in a sentence, or null: checked before the database and the build are opened. */
function problem(x: Partial<Input>): string | null {
  if (typeof x.dataDir !== "string" || typeof x.pin !== "string") return "dataDir and pin are needed, as strings.";
  if (!Array.isArray(x.routes) || x.routes.some((r) => typeof r?.label !== "string" || typeof r.path !== "string")) {
    return "routes is a list of {label, path, signedIn}.";
  }
  for (const k of ["batches", "perBatch"] as const) {
    if (x[k] !== undefined && !(Number.isSafeInteger(x[k]) && x[k]! >= 1)) return `${k} is a whole number, 1 or more.`;
  }
  return null;
}
let input: Input;
try {
  input = JSON.parse(process.argv[2] ?? "") as Input;
} catch {
  console.error(`bench-handler: the argument is not JSON.\n${USAGE}`);
  process.exit(2);
}
const wrong = problem(input ?? {});
if (wrong) {
  console.error(`bench-handler: ${wrong}\n${USAGE}`);
  process.exit(2);
}
const headers = { "user-agent": "shopflow-bench", accept: "*/*" };
// `buildDir` lets two builds be compared on the same data (a copy of an older build/ folder).
const { handler, cookie } = await signedInHandler({ dataDir: input.dataDir, pin: input.pin, buildDir: input.buildDir, headers });

const batches = input.batches ?? 5;
const out: Record<string, { bestUs: number; medianUs: number; status: number }> = {};
for (const route of input.routes) {
  const once = async () => {
    const res = await handler(new Request(ORIGIN + route.path, { headers: route.signedIn ? { ...headers, cookie } : headers }), socket);
    await res.arrayBuffer();
    return res.status;
  };
  const status = await once();
  // About a second of work per route: fewer requests for the slow pages (a batch size given is taken as it is).
  const perBatch =
    input.perBatch ??
    (await (async () => {
      const t0 = performance.now();
      for (let i = 0; i < 20; i++) await once();
      return Math.max(20, Math.min(1000, Math.round(200 / ((performance.now() - t0) / 20))));
    })());
  for (let i = 0; i < perBatch; i++) await once();
  const means: number[] = [];
  for (let b = 0; b < batches; b++) {
    const t = performance.now();
    for (let i = 0; i < perBatch; i++) await once();
    means.push(((performance.now() - t) * 1000) / perBatch);
  }
  means.sort((a, b) => a - b);
  out[route.label] = { bestUs: means[0]!, medianUs: means[Math.floor(means.length / 2)]!, status };
}
process.stdout.write(JSON.stringify(out) + "\n");
process.exit(0);
