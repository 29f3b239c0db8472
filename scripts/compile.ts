// `npm run compile`: one self-contained executable, dist/shopflow, with the client assets and migrations inside.
// `--dry-run` prints the two commands (the app's build, then bun build --compile) without running them.
import path from "node:path";

const USAGE = `Usage: bun scripts/compile.ts [--dry-run]   (npm run compile)
  Builds the app (react-router build), then dist/shopflow with bun build --compile.
  --dry-run   print the commands instead of running them`;

const args = process.argv.slice(2);
if (args.includes("--help") || args.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = args.filter((a) => a !== "--dry-run");
if (unknown.length) {
  console.error(`compile: unknown option ${unknown[0]}\n${USAGE}`);
  process.exit(2);
}
const dryRun = args.includes("--dry-run");

const root = path.join(import.meta.dir, "..");
const bun = process.execPath;
const run = (cmd: string[]) => {
  if (dryRun) {
    console.log(cmd.map((c) => (c === bun ? "bun" : c)).join(" "));
    return;
  }
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
if (!dryRun) console.log("Built dist/shopflow");
