// `npm run compile`: one self-contained executable, dist/shopflow, with the client assets and migrations inside.
import path from "node:path";

const root = path.join(import.meta.dir, "..");
const bun = process.execPath;
const run = (cmd: string[]) => {
  const r = Bun.spawnSync(cmd, { cwd: root, stdio: ["inherit", "inherit", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
  if (r.exitCode !== 0) process.exit(r.exitCode ?? 1);
};
run([bun, "--bun", "x", "react-router", "build"]);
// Worker threads start from entry points of their own, which a compiled binary carries only when listed here:
// the built ones, beside the server bundle that starts them (app/infra/checkpointer.server.ts).
const workers = ["build/server/checkpoint-worker.js", "build/server/backup-worker.js"];
run([
  bun,
  "build",
  "server.ts",
  ...workers,
  "--compile",
  "--production",
  "--target=bun",
  "--format=esm",
  "--bytecode",
  "--no-compile-autoload-bunfig",
  "--no-compile-autoload-dotenv",
  // Entry points named without their folder: a worker lands beside the server at the binary's root, where the
  // module that starts it (bundled into that root) resolves "./<name>.js".
  "--entry-naming",
  "[name].[ext]",
  "--asset",
  "build/client",
  "--outfile",
  "dist/shopflow",
]);
console.log("Built dist/shopflow");
