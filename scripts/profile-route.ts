// One route of the built app, rendered in-process N times as the seeded administrator: prints the mean time and
// the response size, and with --out writes the body. Run under `bun --cpu-prof` to see where a page's time goes.
//   bun [--cpu-prof --cpu-prof-dir=DIR] scripts/profile-route.ts --data-dir DIR --path /projects/1 [-n 100] [--pin 1234] [--out page.html]
import { parseArgs } from "node:util";
import { ORIGIN, signedInHandler, SOCKET as socket } from "./in-process";

const { values } = parseArgs({
  options: {
    "data-dir": { type: "string" },
    path: { type: "string" },
    n: { type: "string", short: "n", default: "100" },
    pin: { type: "string", default: "1234" },
    out: { type: "string" },
  },
});
if (!values["data-dir"] || !values.path) {
  console.error("Usage: bun scripts/profile-route.ts --data-dir DIR --path /route [-n 100] [--pin 1234] [--out file]");
  process.exit(2);
}
const { handler, cookie } = await signedInHandler({ dataDir: values["data-dir"], pin: values.pin! });
const get = async () => {
  const res = await handler(new Request(ORIGIN + values.path, { headers: { cookie } }), socket);
  return { status: res.status, body: new Uint8Array(await res.arrayBuffer()) };
};
const first = await get();
if (values.out) await Bun.write(values.out, first.body);
const n = Number(values.n);
const t = performance.now();
for (let i = 0; i < n; i++) await get();
console.log(`${values.path}: ${((performance.now() - t) / n).toFixed(2)} ms, status ${first.status}, ${first.body.byteLength.toLocaleString("en-US")} bytes`);
process.exit(0);
