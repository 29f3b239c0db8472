// `npm start`: build when needed, then serve with the demo shop unless DEMO says otherwise.
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dir, "..");
const bun = process.execPath;
if (!existsSync(path.join(root, "build", "server", "index.js")) || process.env.SHOPFLOW_REBUILD === "1") {
  const b = Bun.spawnSync([bun, "--bun", "x", "react-router", "build"], { cwd: root, stdio: ["inherit", "inherit", "inherit"] });
  if (b.exitCode !== 0) process.exit(b.exitCode ?? 1);
}
const env = { ...process.env, DEMO: process.env.DEMO ?? "1", NODE_ENV: "production" };
const child = Bun.spawn([bun, "server.ts", ...process.argv.slice(2)], { cwd: root, env, stdio: ["inherit", "inherit", "inherit"] });
for (const sig of ["SIGINT", "SIGTERM"] as const) process.on(sig, () => child.kill(sig));
process.exit(await child.exited);
