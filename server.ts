// Shopflow's process entry, and the compiled binary's: `serve` (default), `backup [dir]`, `restore <dir>`,
// `healthcheck`. Everything else lives in the server bundle (server/app.ts, built by `npm run build`), so the
// process loads each module once.
import { existsSync } from "node:fs";
import path from "node:path";
import { main } from "./build/server/index.js";

function clientDir(): string {
  // Compiled binary: `--asset build/client` embeds the folder as client/ under the executable's root.
  const embedded = path.join(path.dirname(process.execPath), "client");
  const candidates = [path.join(import.meta.dir, "build", "client"), "/$bunfs/root/client", embedded];
  return candidates.find((d) => existsSync(d)) ?? candidates[0]!;
}

if (import.meta.main) await main(process.argv.slice(2), clientDir());
