// `npm test`: build, unit + request tests (bun test), then end-to-end tests in Chromium (Playwright).
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dir, "..");
const bun = process.execPath;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(label: string, cmd: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${label}: ${cmd.map((c) => path.basename(c) === c ? c : path.relative(root, c) || c).join(" ")}`);
  const r = Bun.spawnSync(cmd, { cwd: root, stdio: ["inherit", "inherit", "inherit"], env: { ...process.env, ...env } });
  if (r.exitCode !== 0) {
    console.error(`\n✗ ${label} failed (exit ${r.exitCode})`);
    process.exit(r.exitCode || 1);
  }
}

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = process.getuid?.() === 0;
  if (isRoot && existsSync("/usr/bin/apt-get")) {
    console.log("Chromium is missing: installing Debian's chromium package (apt-get)...");
    const env = { DEBIAN_FRONTEND: "noninteractive" };
    let r = Bun.spawnSync(["apt-get", "install", "-y", "--no-install-recommends", "chromium"], { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } });
    if (r.exitCode !== 0) {
      Bun.spawnSync(["apt-get", "update"], { stdio: ["ignore", "inherit", "inherit"] });
      r = Bun.spawnSync(["apt-get", "install", "-y", "--no-install-recommends", "chromium"], { stdio: ["ignore", "inherit", "inherit"], env: { ...process.env, ...env } });
    }
    if (r.exitCode === 0 && existsSync(CHROMIUM)) return;
  }
  console.error(
    `\n✗ The end-to-end tests need Chromium at ${CHROMIUM}.\n` +
      "  On Debian/Ubuntu run:  sudo apt-get install -y chromium\n" +
      "  or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  process.exit(1);
}

const only = process.argv[2];
run("build", [bun, "--bun", "x", "react-router", "build"]);
run("typecheck", [bun, "--bun", "x", "react-router", "typegen"]);
run("typecheck", [bun, "--bun", "x", "tsc", "--noEmit"]);
if (only !== "e2e") run("unit and request tests", [bun, "test"]);
if (only !== "unit") {
  ensureChromium();
  // Playwright's runner is a Node program; Node 20 runs it fine (only React Router's CLI needs Bun).
  run("end-to-end tests (Chromium)", ["node", path.join(root, "node_modules", "@playwright", "test", "cli.js"), "test"], {
    CHROMIUM_PATH: CHROMIUM,
  });
}
console.log("\n✓ all tests passed");
