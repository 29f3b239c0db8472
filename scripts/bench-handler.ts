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
const input = JSON.parse(process.argv[2] ?? "{}") as Input;
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
  // About a second of work per route: fewer requests for the slow pages.
  const t0 = performance.now();
  for (let i = 0; i < 20; i++) await once();
  const perBatch = input.perBatch ?? Math.max(20, Math.min(1000, Math.round(200 / ((performance.now() - t0) / 20))));
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
