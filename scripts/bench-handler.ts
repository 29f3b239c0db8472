// For scripts/bench.ts: the built app's fetch handler timed in-process, one request at a time, with no network
// and no load tool. `bun scripts/bench-handler.ts '{"dataDir":...,"routes":[...]}'` prints one JSON line.
// Each route runs in batches and the fastest batch's mean is kept: interference from other processes only
// ever adds time, so the best batch is the closest to what the code itself costs on a shared machine.
import type { ServerBuild } from "react-router";

type Input = { dataDir: string; pin: string; buildDir?: string; routes: { label: string; path: string; signedIn: boolean }[]; batches?: number; perBatch?: number };
const input = JSON.parse(process.argv[2] ?? "{}") as Input;
process.env.DATA_DIR = input.dataDir;
// Before React loads (hence the dynamic imports): the development build of React is another program.
process.env.NODE_ENV = "production";
const { createFetchHandler, staticFromDir } = await import("~/services/http.server");
const { getDb } = await import("~/utils/db.server");
const { getSecret } = await import("~/utils/secret.server");

// `buildDir` lets two builds be compared on the same data (a copy of an older build/ folder).
const buildDir = input.buildDir ?? new URL("../build", import.meta.url).pathname;
const build = (await import(`${buildDir}/server/index.js`)) as unknown as ServerBuild;
getSecret();
getDb();
const handler = createFetchHandler(build, { staticSource: staticFromDir(`${buildDir}/client`), mode: "production" });
const socket = { requestIP: () => ({ address: "127.0.0.1" }) };
const ORIGIN = "http://127.0.0.1:3000";
const headers = { "user-agent": "shopflow-bench", accept: "*/*" };

const signIn = await handler(
  new Request(`${ORIGIN}/api/auth/verify-pin`, {
    method: "POST",
    headers: { ...headers, "content-type": "application/json", origin: ORIGIN },
    body: JSON.stringify({ pinCode: input.pin }),
  }),
  socket,
);
const cookie = signIn.headers.getSetCookie().find((c) => c.startsWith("shopflow_session="))?.split(";")[0];
if (signIn.status !== 200 || !cookie) throw new Error(`sign-in failed: ${signIn.status}`);

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
