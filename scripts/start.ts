// `npm start`: build when needed, then serve with the demo shop unless DEMO says otherwise. SHOPFLOW_REBUILD=1
// builds every time, SHOPFLOW_REBUILD=0 never (build/ must be there: a test starts the app without building).
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";
import { runtimeEnvDefaults } from "./runtime-env";

const root = path.join(import.meta.dir, "..");
const bun = process.execPath;
const built = path.join(root, "build", "server", "index.js");
const args = process.argv.slice(2);

// The server's own help and version need no build: they are answered before anything is built or opened.
if (["--help", "-h", "help", "--version", "-v"].includes(args[0] ?? "")) {
  if (args[0] !== "--version" && args[0] !== "-v") {
    console.log("npm start [-- COMMAND]: bun scripts/start.ts builds the app when the code is newer than build/, then runs");
    console.log("bun server.ts COMMAND with DEMO=1 unless DEMO is set. SHOPFLOW_REBUILD=1 always builds, =0 never.\n");
  }
  const r = Bun.spawnSync([bun, "server.ts", ...args], { cwd: root, stdio: ["inherit", "inherit", "inherit"] });
  process.exit(r.exitCode ?? 1);
}

/** Newest modification time under the source folders: after a `git pull` the old build must not be served. */
function newestSource(): number {
  let newest = 0;
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  for (const dir of ["app", "db", "public"]) if (existsSync(path.join(root, dir))) walk(path.join(root, dir));
  for (const file of ["package.json", "vite.config.ts", "react-router.config.ts"]) newest = Math.max(newest, statSync(path.join(root, file)).mtimeMs);
  return newest;
}

if (process.env.SHOPFLOW_REBUILD === "0") {
  if (!existsSync(built)) {
    console.error("SHOPFLOW_REBUILD=0 and there is no build/server/index.js: run `npm run build` first.");
    process.exit(1);
  }
} else if (!existsSync(built) || statSync(built).mtimeMs < newestSource() || process.env.SHOPFLOW_REBUILD === "1") {
  // The first start on a fresh clone builds the app: about a minute on a small machine, with nothing listening yet.
  console.log("Building Shopflow before its first start (about a minute; it builds again only after the code changes)...");
  const b = Bun.spawnSync([bun, "--bun", "x", "react-router", "build"], { cwd: root, stdio: ["inherit", "inherit", "inherit"] });
  if (b.exitCode !== 0) process.exit(b.exitCode ?? 1);
}
// The runtime settings the server is meant to run with (scripts/runtime-env.ts), unless the environment sets them.
const env = { ...runtimeEnvDefaults(), ...process.env, DEMO: process.env.DEMO ?? "1", NODE_ENV: "production" };
const child = Bun.spawn([bun, "server.ts", ...args], { cwd: root, env, stdio: ["inherit", "inherit", "inherit"] });
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
process.exit(await child.exited);
