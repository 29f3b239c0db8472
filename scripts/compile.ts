// `npm run compile`: one self-contained executable, dist/shopflow, with the client assets and migrations inside.
import path from "node:path";

const root = path.join(import.meta.dir, "..");
const bun = process.execPath;
const run = (cmd: string[]) => {
  const r = Bun.spawnSync(cmd, { cwd: root, stdio: ["inherit", "inherit", "inherit"], env: { ...process.env, NODE_ENV: "production" } });
  if (r.exitCode !== 0) process.exit(r.exitCode ?? 1);
};
run([bun, "--bun", "x", "react-router", "build"]);
run([
  bun,
  "build",
  "server.ts",
  "--compile",
  "--production",
  "--target=bun",
  "--format=esm",
  "--bytecode",
  "--no-compile-autoload-bunfig",
  "--no-compile-autoload-dotenv",
  "--asset",
  "build/client",
  "--outfile",
  "dist/shopflow",
]);
console.log("Built dist/shopflow");
