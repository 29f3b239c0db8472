// One route of the built app, rendered in-process N times as the seeded administrator: prints the mean time and
// the response size, and with --out writes the body. Run under `bun --cpu-prof` to see where a page's time goes.
//   bun [--cpu-prof --cpu-prof-dir=DIR] scripts/profile-route.ts --data-dir DIR --path /projects/1 [-n 100] [--pin 1234] [--out page.html]
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ORIGIN, signedInHandler, SOCKET as socket } from "./in-process";

const USAGE = `Usage: bun scripts/profile-route.ts --data-dir DIR --path /route [-n 100] [--pin 1234] [--out file]
  --data-dir DIR   a seeded data folder (scripts/seed-large.ts), opened with the build in build/
  --path /route    the route to render, as the seeded administrator
  -n N             renders timed after the first (default 100)
  --pin PIN        the administrator's PIN (default 1234)
  --out FILE       also write the first response's body to FILE`;

/** A mistake in the command line: the usage and exit code 2, before anything is opened. */
function usageError(message: string): never {
  console.error(`profile-route: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: { "data-dir"?: string; path?: string; n: string; pin: string; out?: string; help?: boolean };
try {
  ({ values } = parseArgs({
    options: {
      "data-dir": { type: "string" },
      path: { type: "string" },
      n: { type: "string", short: "n", default: "100" },
      pin: { type: "string", default: "1234" },
      out: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }) as { values: typeof values });
} catch (error) {
  usageError((error as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
if (!values["data-dir"] || !values.path) usageError("--data-dir and --path are both needed.");
if (!values.path.startsWith("/")) usageError(`--path is a route starting with "/", not "${values.path}".`);
// Opening a folder without a database would make an empty one, where the sign-in fails for want of a member.
if (!existsSync(path.join(values["data-dir"], "shopflow.db"))) usageError(`${values["data-dir"]} holds no shopflow.db: seed it first (scripts/seed-large.ts).`);
const n = Number(values.n);
if (!Number.isSafeInteger(n) || n < 1) usageError(`-n is a number of renders (1 or more), not "${values.n}".`);

const { handler, cookie } = await signedInHandler({ dataDir: values["data-dir"], pin: values.pin });
const get = async () => {
  const res = await handler(new Request(ORIGIN + values.path, { headers: { cookie } }), socket);
  return { status: res.status, body: new Uint8Array(await res.arrayBuffer()) };
};
const first = await get();
if (values.out) await Bun.write(values.out, first.body);
const t = performance.now();
for (let i = 0; i < n; i++) await get();
console.log(`${values.path}: ${((performance.now() - t) / n).toFixed(2)} ms, status ${first.status}, ${first.body.byteLength.toLocaleString("en-US")} bytes`);
process.exit(0);
