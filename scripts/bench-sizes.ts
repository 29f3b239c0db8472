// `npm run bench [-- options]`: scripts/bench.ts at two data sizes, side by side (1,000 and 100,000
// projects; items ×20 and timer logs ×200 of the projects, as seed-large makes them), with the ratio of each
// route's cost between the sizes, then the live floor at each size (scripts/bench-live.ts: 100 live pages while
// scans arrive at 10 a second; --no-live leaves it out), then the whole-operation figures the tests do not assert
// (tests/bench/figures.bench.ts; --no-figures leaves them out). Options other than --sizes, --no-live and
// --no-figures go to bench.ts (e.g. --duration 3, --only items). Writes the combined tables to docs/benchmarks.md
// between the bench markers.
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const root = path.join(import.meta.dir, "..");
const USAGE = `Usage: npm run bench -- [--sizes 1000,100000] [--no-live] [--no-figures] [scripts/bench.ts options]
  --sizes A,B      project counts to seed and bench (items ×20, timer logs ×200; default 1000,100000)
  --no-live        leave out the live floor run (scripts/bench-live.ts)
  --no-figures     leave out the whole-operation figures (tests/bench/figures.bench.ts)
  --no-write       print the tables without writing docs/benchmarks.md
  Other options go to scripts/bench.ts (\`bun scripts/bench.ts --help\`). A quick check that it runs:
  --sizes 20 --no-live --no-figures --no-write --no-build --duration 1 --warmup 0 --connections 2 --starts 0 --handler-batches 1 --only healthz`;
const argv = process.argv.slice(2);
if (argv.includes("--help") || argv.includes("-h")) {
  console.log(USAGE);
  process.exit(0);
}
const sizesAt = argv.indexOf("--sizes");
const sizes = sizesAt >= 0 ? (argv[sizesAt + 1] ?? "").split(",").map(Number) : [1_000, 100_000];
// Seed-large needs projects to spread its items over; a size that is not a whole number would seed nonsense.
if (sizes.some((n) => !Number.isSafeInteger(n) || n < 1)) {
  console.error(`bench-sizes: --sizes is a list of project counts such as 1000,100000, not "${argv[sizesAt + 1] ?? ""}".\n${USAGE}`);
  process.exit(2);
}
const live = !argv.includes("--no-live");
const figures = !argv.includes("--no-figures");
const passOn = (sizesAt >= 0 ? argv.filter((_, i) => i !== sizesAt && i !== sizesAt + 1) : argv).filter((a) => a !== "--no-live" && a !== "--no-figures");
const write = !passOn.includes("--no-write");

type Row = {
  label: string;
  fullLabel: string;
  kind: string;
  skipped: string | null;
  reqPerSec: number | null;
  p50: number | null;
  p99: number | null;
  share: number | null;
  target: number | null;
  failed: number | null;
  handlerUs: number | null;
};
/** What scripts/bench-live.ts writes with --json. */
type Live = {
  clients: number;
  mix: Record<string, number>;
  rate: number;
  seconds: number;
  cpuShare: number;
  clientCpuShare: number;
  latency: { p50: number; p95: number; p99: number; max: number; missed: number; measured: number };
  data: { requests: number; ok200: number; notModified: number; perSecond: number };
  scans: { ok: number; p50: number; p99: number };
  uptimeBefore: string;
  uptimeAfter: string;
};
type Result = {
  live?: Live;
  startedAt: string;
  machine: { nproc: number; cpu: string; memGb: string; load: string };
  sizes: { projects: number; items: number; logs: number };
  trivialMedian: number | null;
  routes: Row[];
  startTimes: { what: string; medianMs: number }[];
  rss: { idle: number; after: number; peak: number };
  js: { page: string; files: number; raw: number; gz: number }[];
};

const fmt = (n: number | null | undefined, digits = 0) =>
  n === null || n === undefined || !Number.isFinite(n) ? "—" : n.toLocaleString("en-US", { maximumFractionDigits: digits, minimumFractionDigits: digits });
const work = mkdtempSync(path.join(tmpdir(), "shopflow-bench-sizes-"));
process.on("exit", () => rmSync(work, { recursive: true, force: true }));

const results: Result[] = [];
sizes.forEach((projects, i) => {
  const json = path.join(work, `size-${projects}.json`);
  // The data is kept for the live floor run that follows (unless bench.ts is told where to keep its own).
  const dataDir = passOn.includes("--data-dir") ? null : path.join(work, `data-${projects}`);
  const args = [
    "scripts/bench.ts",
    ...(dataDir ? ["--data-dir", dataDir] : []),
    "--projects",
    String(projects),
    "--items",
    String(projects * 20),
    "--logs",
    String(projects * 200),
    "--no-write",
    "--json",
    json,
    ...passOn.filter((a) => a !== "--no-write"),
  ];
  // Build once, for the first size.
  if (i > 0 && !args.includes("--no-build")) args.push("--no-build");
  console.log(`\n════ ${projects.toLocaleString("en-US")} projects ════`);
  const run = spawnSync(process.execPath, args, { cwd: root, stdio: "inherit" });
  if (run.status !== 0 || !existsSync(json)) {
    console.error(`bench at ${projects} projects failed (exit ${run.status})`);
    // bench.ts exits 2 on a mistake in the options passed on to it: the same mistake here.
    process.exit(run.status === 2 ? 2 : 1);
  }
  const result = JSON.parse(readFileSync(json, "utf8")) as Result;
  if (live && dataDir) {
    const liveJson = path.join(work, `live-${projects}.json`);
    console.log(`\n════ live floor, ${projects.toLocaleString("en-US")} projects ════`);
    const liveRun = spawnSync(process.execPath, ["scripts/bench-live.ts", "--data-dir", dataDir, "--no-build", "--json", liveJson], {
      cwd: root,
      stdio: "inherit",
    });
    if (liveRun.status === 0 && existsSync(liveJson)) result.live = JSON.parse(readFileSync(liveJson, "utf8")) as Live;
    else console.error(`the live floor run at ${projects} projects failed (exit ${liveRun.status})`);
  }
  results.push(result);
});

const [small, large] = [results[0]!, results.at(-1)!];
const lines: string[] = [];
const m = small.machine;
lines.push(
  `Run ${small.startedAt} on ${m.nproc} × ${m.cpu} (${m.memGb} GB RAM), Bun ${Bun.version}. Command: \`npm run bench${argv.length ? ` -- ${argv.join(" ")}` : ""}\`.`,
);
lines.push("");
lines.push(
  `Data: ${results.map((r) => `${fmt(r.sizes.projects)} projects / ${fmt(r.sizes.items)} items / ${fmt(r.sizes.logs)} timer logs`).join(" and ")} (scripts/seed-large.ts; project 1 has 200 items). Load: autocannon, 50 connections, on the same machine; each app run follows a run of a trivial \`Bun.serve\` and "% trivial" divides by it. "handler µs" is one request at a time in-process (the code's own cost; single-user latency). "ratio" is the larger size's handler time over the smaller's (CPU cost, steadier than req/s on a shared VM); the target is ≤ 1.5.`,
);
lines.push("");
const head = results.map((r) => `${fmt(r.sizes.projects)}: req/s | % trivial | p50 | p99 | handler µs`).join(" | ");
lines.push(`| route | ${head} | ratio | targets |`);
lines.push(`|---|${results.map(() => "---:|---:|---:|---:|---:|").join("")}---:|---|`);
for (const row of small.routes) {
  const cells = results.map((r) => {
    const x = r.routes.find((y) => y.label === row.label);
    if (!x || x.skipped) return `— | — | — | — | ${x?.skipped ?? "not run"}`;
    return `${fmt(x.reqPerSec)} | ${fmt(x.share, 1)} | ${fmt(x.p50)} | ${fmt(x.p99)} | ${fmt(x.handlerUs)}`;
  });
  const a = row;
  const b = large.routes.find((y) => y.label === row.label);
  const ratio = a.handlerUs && b?.handlerUs ? b.handlerUs / a.handlerUs : a.reqPerSec && b?.reqPerSec ? a.reqPerSec / b.reqPerSec : null;
  const checks: string[] = [];
  for (const r of results) {
    const x = r.routes.find((y) => y.label === row.label);
    if (!x || x.share === null || x.target === null) continue;
    checks.push(`${x.share >= x.target ? "✓" : "✗"} ≥ ${x.target}% at ${fmt(r.sizes.projects)}`);
    if (x.kind === "scan") checks.push(`${(x.p99 ?? Infinity) < 10 ? "✓" : "✗"} p99 < 10 ms`);
    if (x.kind !== "scan" && x.handlerUs !== null) checks.push(`${x.handlerUs < 20_000 ? "✓" : "✗"} < 20 ms`);
    if (x.failed) checks.push(`${x.failed} failed`);
  }
  if (ratio !== null) checks.push(`${ratio <= 1.5 ? "✓" : "✗"} ratio`);
  lines.push(`| ${b?.fullLabel ?? a.fullLabel} | ${cells.join(" | ")} | ${fmt(ratio, 2)} | ${[...new Set(checks)].join("; ")} |`);
}
lines.push("");
for (const r of results) {
  for (const st of r.startTimes)
    lines.push(
      `- ${fmt(r.sizes.projects)} projects: start to first 200, ${st.what}: ${fmt(st.medianMs)} ms ${st.what.includes("binary") ? (st.medianMs < 100 ? "✓" : "✗") + " < 100 ms" : ""}`,
    );
  lines.push(
    `- ${fmt(r.sizes.projects)} projects: RSS ${fmt(r.rss.idle)} MB idle ${r.rss.idle < 120 ? "✓" : "✗"} < 120 MB; ${fmt(r.rss.after)} MB after the load (peak ${fmt(r.rss.peak)} MB) ${r.rss.after < 200 ? "✓" : "✗"} < 200 MB`,
  );
}
const lives = results.filter((r) => r.live);
if (lives.length) {
  const l0 = lives[0]!.live!;
  const kinds = Object.entries(l0.mix)
    .map(([k, v]) => `${v} ${k}`)
    .join(", ");
  lines.push("");
  lines.push(
    [
      `Live floor (scripts/bench-live.ts): ${l0.clients} live pages (${kinds}), each with its own session and event stream,`,
      `reloading its data as the browser does, while scans arrive through \`POST /api/scans\` at ${l0.rate} a second for ${fmt(l0.seconds)} s.`,
      `"CPU" is the server's CPU time over that time, as a share of one core; "scan → every screen" runs from a scan's answer`,
      "until every page it concerns has fetched data asked for after the scan. Targets: CPU under 50%, p99 under 1 s.",
    ].join(" "),
  );
  lines.push("");
  const head = ["data", "server CPU", "scan → every screen p50", "p95", "p99", "max", "page data requests/s", "answered 304"];
  head.push("scan answer p50 / p99", "load average (start → end)", "targets");
  lines.push(`| ${head.join(" | ")} |`);
  lines.push(`|---|${"---:|".repeat(8)}---|---|`);
  const load = (u: string) => /load average: ([\d.]+)/.exec(u)?.[1] ?? "?";
  for (const r of lives) {
    const l = r.live!;
    const checks = [`${l.cpuShare < 0.5 ? "✓" : "✗"} CPU < 50%`, `${l.latency.p99 < 1000 && l.latency.missed === 0 ? "✓" : "✗"} p99 < 1 s`];
    if (l.latency.missed) checks.push(`${l.latency.missed} scans never shown on every screen`);
    const cells = [
      `${fmt(r.sizes.projects)} projects`,
      `${fmt(l.cpuShare * 100, 1)}%`,
      ...[l.latency.p50, l.latency.p95, l.latency.p99, l.latency.max].map((ms) => `${fmt(ms)} ms`),
      fmt(l.data.perSecond),
      `${fmt((l.data.notModified / Math.max(1, l.data.requests)) * 100)}%`,
      `${fmt(l.scans.p50, 1)} / ${fmt(l.scans.p99, 1)} ms`,
      `${load(l.uptimeBefore)} → ${load(l.uptimeAfter)}`,
      checks.join("; "),
    ];
    lines.push(`| ${cells.join(" | ")} |`);
  }
}
lines.push("");
lines.push("Client JavaScript a first visit loads (gzip level 6); the floor pages' target is ≤ 150 KB:");
lines.push("");
lines.push("| page | files | JS bytes | gzipped | |");
lines.push("|---|---:|---:|---:|---|");
const FLOOR = ["/qr-scanner", "/qr/:id", "/production/:machine"];
for (const p of small.js)
  lines.push(`| ${p.page} | ${p.files} | ${fmt(p.raw)} | ${fmt(p.gz)} | ${FLOOR.includes(p.page) ? (p.gz <= 150 * 1024 ? "✓ ≤ 150 KB" : "✗ > 150 KB") : ""} |`);

// The figures the tests used to assert (tests/bench/figures.bench.ts): timings of whole operations at the sizes
// the tests use, read next to the machine's load instead of failing a test on a busy machine.
if (figures) {
  console.log("\n════ figures ════");
  const figuresJson = path.join(work, "figures.json");
  const figuresRun = spawnSync(process.execPath, ["test", "--timeout=600000", "./tests/bench/figures.bench.ts"], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, BENCH_FIGURES_JSON: figuresJson },
  });
  if (figuresRun.status !== 0 || !existsSync(figuresJson)) {
    console.error(`the figures run failed (exit ${figuresRun.status})`);
    process.exit(1);
  }
  const measured = JSON.parse(readFileSync(figuresJson, "utf8")) as {
    load: number;
    figures: { name: string; value: number; unit: string; target: string; ok: boolean }[];
  };
  lines.push("");
  lines.push(`Whole operations (tests/bench/figures.bench.ts, in-process through the built app; load average ${fmt(measured.load, 1)} at the end):`);
  lines.push("");
  lines.push("| operation | time | target |");
  lines.push("|---|---:|---|");
  for (const f of measured.figures) lines.push(`| ${f.name.trim()} | ${fmt(f.value, f.value < 10 ? 1 : 0)} ${f.unit} | ${f.ok ? "✓" : "✗"} ${f.target} |`);
}

const report = lines.join("\n");
console.log(`\n${report}\n`);

if (write) {
  const doc = path.join(root, "docs", "benchmarks.md");
  const START = "<!-- bench:start (written by npm run bench) -->";
  const END = "<!-- bench:end -->";
  const block = `${START}\n${report}\n${END}`;
  const current = existsSync(doc) ? readFileSync(doc, "utf8") : "# Benchmarks\n\n";
  const next =
    current.includes(START) && current.includes(END)
      ? current.slice(0, current.indexOf(START)) + block + current.slice(current.indexOf(END) + END.length)
      : `${current.trimEnd()}\n\n## Latest run\n\n${block}\n`;
  writeFileSync(doc, next);
  console.log(`Written to ${path.relative(root, doc)}`);
}
