// `npm test`: every check, with the independent ones side by side (as the Epic Stack's `validate` runs them):
//   1. Biome ‖ the build
//   2. the typecheck ‖ unit and request tests (bun test, two worker processes)
//   3. end-to-end tests in Chromium (Playwright)
// `npm test -- unit` stops after 2, `npm test -- e2e` skips bun test; `--dry-run` prints the phases and their
// commands without running them (tests/request/scripts.test.ts runs that, never the suite). The load average is
// sampled through the run and reported per phase; the browser phase gets as many workers as cores sit idle before
// it (at most two), since a machine run at several times its cores is where timeouts and flakes come from.
import { existsSync, readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";

const root = path.join(import.meta.dir, "..");
const bun = process.execPath;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

type Step = { label: string; cmd: string[]; env?: Record<string, string> };
type Outcome = { label: string; ok: boolean; seconds: number; load: number[] };

const outcomes: Outcome[] = [];
let samples: number[] = [];
const sampler = setInterval(() => samples.push(loadavg()[0]!), 5000);
const started = performance.now();

const show = (cmd: string[]) => cmd.map((c) => (path.basename(c) === c ? c : path.relative(root, c) || c)).join(" ");

/**
 * Runs `steps` side by side. The first streams its output; the others' output is held and printed when each ends,
 * so two tools never interleave their lines. Stops the whole run when any fails.
 */
async function phase(steps: Step[]) {
  samples = [];
  for (const s of steps) console.log(`\n▶ ${s.label}: ${show(s.cmd)}`);
  if (dryRun) return;
  const t0 = performance.now();
  const results = await Promise.all(
    steps.map(async (step, i) => {
      const child = Bun.spawn(step.cmd, {
        cwd: root,
        stdin: "ignore",
        stdout: i === 0 ? "inherit" : "pipe",
        stderr: i === 0 ? "inherit" : "pipe",
        env: { ...process.env, ...step.env },
      });
      const held =
        i === 0 ? "" : (await Promise.all([new Response(child.stdout as ReadableStream).text(), new Response(child.stderr as ReadableStream).text()])).join("");
      const code = await child.exited;
      const seconds = (performance.now() - t0) / 1000;
      if (held.trim()) console.log(`\n── ${step.label} (${seconds.toFixed(0)} s) ──\n${held.trimEnd()}`);
      return { step, code, seconds };
    }),
  );
  for (const r of results) outcomes.push({ label: r.step.label, ok: r.code === 0, seconds: r.seconds, load: samples.slice() });
  const failed = results.filter((r) => r.code !== 0);
  if (failed.length) {
    for (const f of failed) console.error(`\n✗ ${f.step.label} failed (exit ${f.code})`);
    finish(failed[0]!.code || 1);
  }
}

function finish(code: number) {
  clearInterval(sampler);
  if (dryRun) {
    console.log("\n(dry run: nothing was run)");
    process.exit(code);
  }
  const cores = availableParallelism();
  console.log(`\n${code === 0 ? "✓ all tests passed" : "✗ stopped"} in ${((performance.now() - started) / 60000).toFixed(1)} min on ${cores} cores`);
  for (const o of outcomes) {
    const mean = o.load.length ? o.load.reduce((a, b) => a + b, 0) / o.load.length : loadavg()[0]!;
    const max = o.load.length ? Math.max(...o.load) : mean;
    console.log(`  ${o.ok ? "✓" : "✗"} ${o.label.padEnd(28)} ${o.seconds.toFixed(0).padStart(5)} s   load average ${mean.toFixed(1)} (max ${max.toFixed(1)})`);
  }
  process.exit(code);
}

/** `apt-get install` the Debian packages (as root, with apt-get), running `apt-get update` once if the first try fails. */
function aptInstall(packages: string[]): boolean {
  const apt = "/usr/bin/apt-get";
  if (process.getuid?.() !== 0 || !existsSync(apt)) return false;
  const env = { ...process.env, DEBIAN_FRONTEND: "noninteractive" };
  const install = () => Bun.spawnSync([apt, "install", "-y", "--no-install-recommends", ...packages], { stdio: ["ignore", "inherit", "inherit"], env });
  let r = install();
  if (r.exitCode !== 0) {
    Bun.spawnSync([apt, "update"], { stdio: ["ignore", "inherit", "inherit"] });
    r = install();
  }
  return r.exitCode === 0;
}

/** How many cores sat idle over `ms` (from /proc/stat; null where there is none). */
async function idleCores(ms: number): Promise<number | null> {
  const read = () => {
    // node:fs, not Bun.file: /proc files have no size, and Bun.file(...).exists() says they are not there.
    if (!existsSync("/proc/stat")) return null;
    const [, ...fields] = readFileSync("/proc/stat", "utf8").split("\n")[0]!.trim().split(/\s+/);
    const n = fields.map(Number);
    // user nice system idle iowait irq softirq steal: idle and iowait are the time no program wanted.
    return { idle: n[3]! + (n[4] ?? 0), total: n.slice(0, 8).reduce((a, b) => a + b, 0) };
  };
  const a = read();
  await Bun.sleep(ms);
  const b = read();
  if (!a || !b || b.total === a.total) return null;
  return ((b.idle - a.idle) / (b.total - a.total)) * availableParallelism();
}

/**
 * Browser workers for the machine as it is now: each worker is a Chromium and an app server, which together keep
 * about a core busy. Two on an idle 2-core machine; one when another program already keeps the cores busy, since
 * a second worker then only makes every page slower (and a slow page is where timeouts come from).
 */
async function browserWorkers(): Promise<string> {
  if (process.env.E2E_WORKERS) return process.env.E2E_WORKERS;
  if (dryRun) return "2";
  const idle = await idleCores(3000);
  const workers = idle === null ? 2 : Math.max(1, Math.min(2, Math.floor(idle + 0.25)));
  console.log(
    `\n${idle === null ? "" : `${idle.toFixed(1)} of ${availableParallelism()} cores idle: `}${workers} browser worker${workers === 1 ? "" : "s"} (E2E_WORKERS overrides)`,
  );
  return String(workers);
}

function ensureChromium() {
  if (dryRun || existsSync(CHROMIUM)) return;
  console.log("Chromium is missing: installing Debian's chromium package (apt-get)...");
  if (aptInstall(["chromium"]) && existsSync(CHROMIUM)) return;
  console.error(
    `\n✗ The end-to-end tests need Chromium at ${CHROMIUM}.\n` +
      "  On Debian/Ubuntu run:  sudo apt-get install -y chromium\n" +
      "  or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  finish(1);
}

// The label PDF tests check the PDFs with independent tools: qpdf, poppler's pdftoppm and zbar's zbarimg.
const LABEL_TOOLS: Record<string, string> = { qpdf: "qpdf", pdftoppm: "poppler-utils", zbarimg: "zbar-tools" };
// Real clients the tests drive: lynx (a text browser, as on old floor PCs) and Debian's sqlite3 CLI (older than
// Bun's SQLite: the schema must suit the tools a shop has).
const CLIENT_TOOLS: Record<string, string> = { lynx: "lynx", sqlite3: "sqlite3" };

/** Installs the Debian packages of the tools (binary → package) that are missing, or stops with how to. */
function ensureTools(tools: Record<string, string>, what: string) {
  if (dryRun) return;
  const missing = () => Object.keys(tools).filter((bin) => !Bun.which(bin));
  if (missing().length === 0) return;
  const packages = [...new Set(missing().map((bin) => tools[bin]!))];
  console.log(`${missing().join(", ")} missing: installing ${packages.join(" ")} (apt-get)...`);
  if (aptInstall(packages) && missing().length === 0) return;
  console.error(
    `\n✗ ${what} need ${missing().join(", ")}.\n` + `  On Debian/Ubuntu run:  sudo apt-get install -y --no-install-recommends ${packages.join(" ")}`,
  );
  finish(1);
}

const USAGE = `Usage: npm test [-- unit | e2e] [--dry-run]
  unit        build, format and lint, typecheck, bun test (no browser)
  e2e         build, format and lint, typecheck, Playwright (no bun test)
  --dry-run   print the phases and their commands without running them`;
const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const dryRun = argv.includes("--dry-run");
const rest = argv.filter((a) => a !== "--dry-run");
const only = rest[0];
if ((only && only !== "unit" && only !== "e2e") || rest.length > 1) {
  console.error(`npm test takes no argument, "unit" (build, typecheck, bun test) or "e2e" (build, typecheck, Playwright), not "${rest.join(" ")}"\n${USAGE}`);
  process.exit(2);
}
const biome = path.join(root, "node_modules", ".bin", "biome");
const typecheck: Step = {
  label: "typecheck",
  cmd: ["sh", "-c", `"${bun}" --bun x react-router typegen && "${bun}" --bun x tsc --noEmit`],
};

// Biome: the formatting and the lint rules of biome.json (errors fail; warnings are listed by `npx biome lint`).
await phase([
  { label: "build", cmd: [bun, "--bun", "x", "react-router", "build"] },
  { label: "format and lint", cmd: [biome, "check", "--diagnostic-level=error", "."] },
]);
if (only !== "e2e") {
  ensureTools(LABEL_TOOLS, "The label PDF tests");
  ensureTools(CLIENT_TOOLS, "The text-browser and database-tool tests");
  // Two worker processes, one a core. The slowest files start first and the two workers' shares are cut by time,
  // not by file count (tests/timings.json; refresh it with `bun test --parallel=2 --timings=tests/timings.json
  // --update-timings` after adding slow files). The timeout only guards against a hang: no test waits for time.
  const timings = existsSync(path.join(root, "tests", "timings.json")) ? ["--timings=tests/timings.json"] : [];
  await phase([{ label: "unit and request tests", cmd: [bun, "test", "--parallel=2", "--timeout=120000", ...timings] }, typecheck]);
} else {
  await phase([typecheck]);
}
if (only !== "unit") {
  ensureChromium();
  // Playwright's runner is a Node program; Node 20 runs it fine (only React Router's CLI needs Bun).
  await phase([
    {
      label: "end-to-end tests (Chromium)",
      cmd: ["node", path.join(root, "node_modules", "@playwright", "test", "cli.js"), "test"],
      env: { CHROMIUM_PATH: CHROMIUM, E2E_WORKERS: await browserWorkers() },
    },
  ]);
}
finish(0);
