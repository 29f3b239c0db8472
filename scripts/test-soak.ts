// `npm run test:soak`: the long runs, in full (SOAK=1, tests/helpers/soak.ts): every demo label at both
// resolutions, 20 kills of the server under scans and webhooks, the many-address sign-in attack against a real
// clock, the 200,000-row import, the upgrade from the previous version built from git, and the full PIN-entry
// rounds in Chromium. Per commit, `npm test` runs a small sample of each. Any test file that reads SOAK takes part:
// bun tests and Playwright specs that import tests/helpers/soak.ts (or read SOAK), and every tests/soak/*.soak.ts.
// `--dry-run` prints the phases and the files each runs, without running them.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const USAGE = `Usage: npm run test:soak [-- --dry-run]
  --dry-run   print the phases (build, bun test, Playwright) and their files without running them`;
const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const unknown = argv.filter((a) => a !== "--dry-run");
if (unknown.length) {
  console.error(`test-soak: unknown option ${unknown[0]}\n${USAGE}`);
  process.exit(2);
}
const dryRun = argv.includes("--dry-run");

const root = path.join(import.meta.dir, "..");
const bun = process.execPath;
const started = performance.now();

function files(dir: string, match: (name: string, text: string) => boolean): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .filter((f) => match(f, readFileSync(path.join(root, f), "utf8")))
    .sort();
}

const bunTests = [
  ...files("tests", (f, text) => /\.test\.ts$/.test(f) && /from "\.\.\/helpers\/soak"/.test(text)),
  ...files("tests/soak", (f) => f.endsWith(".soak.ts")),
].map((f) => `./${f}`);
const browserTests = files("tests/e2e", (f, text) => f.endsWith(".e2e.ts") && /process\.env\.SOAK|from "\.\.\/helpers\/soak"/.test(text));

function run(label: string, cmd: string[]) {
  console.log(`\n▶ ${label}: ${cmd.map((c) => (path.isAbsolute(c) ? path.basename(c) : c)).join(" ")}`);
  if (dryRun) return;
  const t = performance.now();
  const r = Bun.spawnSync(cmd, { cwd: root, stdio: ["inherit", "inherit", "inherit"], env: { ...process.env, SOAK: "1" } });
  console.log(`  ${label}: ${((performance.now() - t) / 1000).toFixed(0)} s`);
  if (r.exitCode !== 0) {
    console.error(`\n✗ ${label} failed (exit ${r.exitCode})`);
    process.exit(r.exitCode || 1);
  }
}

run("build", [bun, "--bun", "x", "react-router", "build"]);
run("long runs (bun test)", [bun, "test", "--timeout=1800000", ...bunTests]);
if (browserTests.length) {
  run("long runs in Chromium (Playwright)", ["node", path.join(root, "node_modules", "@playwright", "test", "cli.js"), "test", "--workers=1", ...browserTests]);
}
if (dryRun) {
  console.log("\n(dry run: nothing was run)");
  process.exit(0);
}
console.log(`\n✓ soak passed in ${((performance.now() - started) / 60000).toFixed(1)} min`);
