// `npm start`: build when needed, then serve with the demo shop unless DEMO says otherwise.
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dir, "..");
const bun = process.execPath;
const built = path.join(root, "build", "server", "index.js");

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

if (!existsSync(built) || statSync(built).mtimeMs < newestSource() || process.env.SHOPFLOW_REBUILD === "1") {
  // The first start on a fresh clone builds the app: about a minute on a small machine, with nothing listening yet.
  console.log("Building Shopflow before its first start (about a minute; it builds again only after the code changes)...");
  const b = Bun.spawnSync([bun, "--bun", "x", "react-router", "build"], { cwd: root, stdio: ["inherit", "inherit", "inherit"] });
  if (b.exitCode !== 0) process.exit(b.exitCode ?? 1);
}
const env = { ...process.env, DEMO: process.env.DEMO ?? "1", NODE_ENV: "production" };
const child = Bun.spawn([bun, "server.ts", ...process.argv.slice(2)], { cwd: root, env, stdio: ["inherit", "inherit", "inherit"] });
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
process.exit(await child.exited);
