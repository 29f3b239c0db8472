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
