// The built app's fetch handler in this process, signed in: for the scripts that time the code itself with no
// network and no load tool (bench-handler.ts, profile-route.ts, bench-scan-cpu.ts).
import { existsSync } from "node:fs";
import type { ServerBuild } from "react-router";

export const ORIGIN = "http://127.0.0.1:3000";
export const SOCKET = { requestIP: () => ({ address: "127.0.0.1" }) };

/** What the server bundle exports (server/app.ts); typed here because build/ is not part of the typecheck. */
type ServerBundle = {
  build: ServerBuild;
  createFetchHandler: typeof import("~/pipeline/http.server").createFetchHandler;
  staticFromDir: typeof import("~/pipeline/http.server").staticFromDir;
};

export type InProcess = { handler: (req: Request, socket: typeof SOCKET) => Promise<Response>; cookie: string };

/** Opens DATA_DIR's database with the build in `buildDir` (default ../build) and signs in with `pin`. */
export async function signedInHandler(opts: { dataDir: string; pin: string; buildDir?: string; headers?: Record<string, string> }): Promise<InProcess> {
  process.env.DATA_DIR = opts.dataDir;
  // Before React loads (hence the dynamic imports): the development build of React is another program.
  process.env.NODE_ENV = "production";
  const { getDb } = await import("~/infra/db.server");
  const { getSecret } = await import("~/infra/secret.server");
  const buildDir = opts.buildDir ?? new URL("../build", import.meta.url).pathname;
  if (!existsSync(`${buildDir}/server/index.js`)) throw new Error(`${buildDir}/server/index.js is missing: run \`npm run build\` first`);
  // The server bundle (server/app.ts) is the React Router build with the server's own code: its `build` and its
  // fetch handler, so the routes run through the same copy of the request pipeline the server runs. The source
  // modules above share the bundle's database and secret (app/infra/process-state.server.ts). A build from before
  // server/app.ts became the bundle's entry is the ServerBuild itself, served by this checkout's pipeline.
  const bundle = (await import(`${buildDir}/server/index.js`)) as Partial<ServerBundle> & ServerBuild;
  const { build, createFetchHandler, staticFromDir }: ServerBundle = bundle.build
    ? (bundle as ServerBundle)
    : { build: bundle, ...(await import("~/pipeline/http.server")) };
  getSecret();
  getDb();
  const handler = createFetchHandler(build, { staticSource: staticFromDir(`${buildDir}/client`), mode: "production" });
  const signIn = await handler(
    new Request(`${ORIGIN}/api/auth/verify-pin`, {
      method: "POST",
      headers: { ...opts.headers, "content-type": "application/json", origin: ORIGIN },
      body: JSON.stringify({ pinCode: opts.pin }),
    }),
    SOCKET,
  );
  const cookie = signIn.headers
    .getSetCookie()
    .find((c) => c.startsWith("shopflow_session="))
    ?.split(";")[0];
  if (signIn.status !== 200 || !cookie) throw new Error(`sign-in failed: ${signIn.status}`);
  return { handler, cookie };
}

/**
 * `wanted` item ids from `first` on whose timers a bench may start and then stop: stopped and unfinished. Items whose
 * timer was already running, or finished (decision 0048), are passed over, since starting one is refused (409).
 * seed-large finishes the items of its finished projects, as the floor would have: what is missing comes as new
 * projects (20 items each, through the order import, as bench-timers.mjs does), whose items start in their first
 * department.
 */
export async function stoppedItemsToScan(opts: {
  handler: InProcess["handler"];
  cookie: string;
  client: import("bun:sqlite").Database;
  first: number;
  wanted: number;
  log?: (line: string) => void;
}): Promise<number[]> {
  const { handler, cookie, client, first, wanted } = opts;
  const stoppedItems = () =>
    client
      .query<{ id: number }, [number, number]>("SELECT id FROM items WHERE id >= ? AND is_timer_active = 0 AND finished_at IS NULL ORDER BY id LIMIT ?")
      .all(first, wanted)
      .map((r) => r.id);
  const ids = stoppedItems();
  if (ids.length >= wanted) return ids;
  const missing = wanted - ids.length;
  const workflow = client.query<{ name: string }, []>("SELECT name FROM workflows ORDER BY id LIMIT 1").get();
  const category = client.query<{ name: string }, []>("SELECT name FROM categories ORDER BY id LIMIT 1").get();
  const stamp = new Date().toISOString();
  const rows = Array.from({ length: missing }, (_, n) => ({
    projectName: `Scan bench ${stamp} #${Math.floor(n / 20) + 1}`,
    externalReference: `scan-bench-${stamp}-${Math.floor(n / 20) + 1}`,
    workflow: workflow?.name ?? "",
    itemName: `Scan bench item ${n + 1}`,
    quantity: 1,
    category: category?.name ?? "",
  }));
  opts.log?.(`${ids.length} stopped items from id ${first} on; importing ${missing} more`);
  for (let start = 0; start < rows.length; start += 10_000) {
    const res = await handler(
      new Request(`${ORIGIN}/api/projects/import`, {
        method: "POST",
        headers: { cookie, origin: ORIGIN, "content-type": "application/json" },
        body: JSON.stringify({ rows: rows.slice(start, start + 10_000), importId: `scan-bench-${stamp}-${start}` }),
      }),
      SOCKET,
    );
    if (res.status !== 201) throw new Error(`importing bench items failed: ${res.status} ${(await res.text()).slice(0, 500)}`);
  }
  client.run("PRAGMA wal_checkpoint(TRUNCATE)");
  return stoppedItems();
}

/**
 * One round of `inFlight` scans sent at once through `handler`: an even round starts the items
 * ids[⌊round / 2⌋ × inFlight …], the odd round after it stops them. Any answer but 200 ends the bench.
 */
export async function scanRound(handler: InProcess["handler"], cookie: string, ids: readonly number[], round: number, inFlight: number) {
  const verb = round % 2 === 0 ? "start-timer" : "end-timer";
  const base = Math.floor(round / 2) * inFlight;
  await Promise.all(
    Array.from({ length: inFlight }, async (_, i) => {
      const res = await handler(
        new Request(`${ORIGIN}/api/items/${ids[base + i]}/${verb}`, { method: "POST", headers: { cookie, origin: ORIGIN, "content-length": "0" } }),
        SOCKET,
      );
      const text = await res.text();
      if (res.status !== 200) throw new Error(`${verb} ${ids[base + i]}: ${res.status} ${text}`);
    }),
  );
}
