// `npm test`: build, unit + request tests (bun test), then end-to-end tests in Chromium (Playwright).
import { existsSync } from "node:fs";
import path from "node:path";

const root = path.join(import.meta.dir, "..");
const bun = process.execPath;
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

function run(label: string, cmd: string[], env: Record<string, string> = {}) {
  console.log(`\n▶ ${label}: ${cmd.map((c) => (path.basename(c) === c ? c : path.relative(root, c) || c)).join(" ")}`);
  const r = Bun.spawnSync(cmd, { cwd: root, stdio: ["inherit", "inherit", "inherit"], env: { ...process.env, ...env } });
  if (r.exitCode !== 0) {
    console.error(`\n✗ ${label} failed (exit ${r.exitCode})`);
    process.exit(r.exitCode || 1);
  }
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

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  console.log("Chromium is missing: installing Debian's chromium package (apt-get)...");
  if (aptInstall(["chromium"]) && existsSync(CHROMIUM)) return;
  console.error(
    `\n✗ The end-to-end tests need Chromium at ${CHROMIUM}.\n` +
      "  On Debian/Ubuntu run:  sudo apt-get install -y chromium\n" +
      "  or point CHROMIUM_PATH at a Chromium or Chrome binary.",
  );
  process.exit(1);
}

// The label PDF tests check the PDFs with independent tools: qpdf, poppler's pdftoppm and zbar's zbarimg.
const LABEL_TOOLS: Record<string, string> = { qpdf: "qpdf", pdftoppm: "poppler-utils", zbarimg: "zbar-tools" };
// Real clients the tests drive: lynx (a text browser, as on old floor PCs) and Debian's sqlite3 CLI (older than
// Bun's SQLite: the schema must suit the tools a shop has).
const CLIENT_TOOLS: Record<string, string> = { lynx: "lynx", sqlite3: "sqlite3" };

/** Installs the Debian packages of the tools (binary → package) that are missing, or stops with how to. */
function ensureTools(tools: Record<string, string>, what: string) {
  const missing = () => Object.keys(tools).filter((bin) => !Bun.which(bin));
  if (missing().length === 0) return;
  const packages = [...new Set(missing().map((bin) => tools[bin]!))];
  console.log(`${missing().join(", ")} missing: installing ${packages.join(" ")} (apt-get)...`);
  if (aptInstall(packages) && missing().length === 0) return;
  console.error(
    `\n✗ ${what} need ${missing().join(", ")}.\n` + `  On Debian/Ubuntu run:  sudo apt-get install -y --no-install-recommends ${packages.join(" ")}`,
  );
  process.exit(1);
}

const only = process.argv[2];
run("build", [bun, "--bun", "x", "react-router", "build"]);
run("typecheck", [bun, "--bun", "x", "react-router", "typegen"]);
run("typecheck", [bun, "--bun", "x", "tsc", "--noEmit"]);
if (only !== "e2e") {
  ensureTools(LABEL_TOOLS, "The label PDF tests");
  ensureTools(CLIENT_TOOLS, "The text-browser and database-tool tests");
  run("unit and request tests", [bun, "test"]);
}
if (only !== "unit") {
  ensureChromium();
  // Playwright's runner is a Node program; Node 20 runs it fine (only React Router's CLI needs Bun).
  run("end-to-end tests (Chromium)", ["node", path.join(root, "node_modules", "@playwright", "test", "cli.js"), "test"], {
    CHROMIUM_PATH: CHROMIUM,
  });
}
console.log("\n✓ all tests passed");
