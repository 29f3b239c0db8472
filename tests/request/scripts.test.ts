import { afterAll, beforeAll, describe, expect, setDefaultTimeout, test } from "bun:test";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrations } from "#db/migrations.gen";
import { BUN, freePort, ROOT, startChild, type Child } from "../helpers/child-server";
import { RUNTIME_ENV } from "../../scripts/runtime-env";

// Every file in scripts/ is run here, on a shop of 20 projects, so that the benches and the profiling script cannot
// break unnoticed between the times someone runs them. A script whose real run is the whole suite (test.ts,
// test-soak.ts), a long build (compile.ts) or a container engine (test-container.ts) prints what it would run
// instead. Only exit codes and the shape of the output are checked, never a timing: the figures depend on the
// machine. The scripts that load the app use build/ (`npm test` builds first; `npm run build` before running this
// file on its own).

// A guard against a hung script only: on a busy machine one of these runs takes several seconds, more than bun
// test's default 5 s, and a run that takes long is no failure here.
const HANG_GUARD = 60_000;
setDefaultTimeout(HANG_GUARD);
const work = mkdtempSync(path.join(tmpdir(), "shopflow-scripts-"));
/** The tiny shop most scripts run on, filled by scripts/seed-large.ts before the tests. */
const data = path.join(work, "data");
const TINY = ["--projects", "20", "--items", "200", "--logs", "2000"];
let seeded: Run;

type Run = { code: number | null; out: string; err: string };

/** Runs a script with Bun (as package.json does), in the checkout, and waits for it; killed after the hang guard. */
async function run(args: string[], env: Record<string, string> = {}): Promise<Run> {
  const base: Record<string, string | undefined> = { ...process.env, DATA_DIR: path.join(work, "unused"), ...env };
  // bun test sets NODE_ENV=test; a script is run from a shell, where it is unset unless the script sets it.
  delete base.NODE_ENV;
  const child = Bun.spawn([BUN, ...args], { cwd: ROOT, env: base, stdout: "pipe", stderr: "pipe", timeout: HANG_GUARD - 5_000 });
  const [out, err] = await Promise.all([new Response(child.stdout).text(), new Response(child.stderr).text()]);
  return { code: await child.exited, out, err };
}

/** Exit 0, or the output in the failure message. */
function ok(r: Run) {
  if (r.code !== 0) throw new Error(`exit ${r.code}\n${r.out}\n${r.err}`);
  return r.out;
}

/** A mistake in the command line: exit 2 and a sentence naming the script, without a stack trace. */
function usageError(r: Run, script: string) {
  expect(r.code).toBe(2);
  expect(r.err).toContain(`${script}`);
  expect(r.err).not.toContain("    at ");
}

beforeAll(async () => {
  if (!existsSync(path.join(ROOT, "build", "server", "index.js"))) throw new Error("build/ is missing: run `npm run build` first");
  seeded = await run(["scripts/seed-large.ts", "--data-dir", data, ...TINY]);
});
afterAll(() => rmSync(work, { recursive: true, force: true }));

/** How each file in scripts/ is tested here: a new script needs a line (and a test). */
const COVERED: Record<string, string> = {
  "backtest-forecast.ts": "on the tiny shop",
  "bench-audit.ts": "--rows 2000",
  "bench-completing-scans.ts": "4 projects of 3 items on a copy of the tiny shop",
  "cli-args.ts": "a module: through bench-scan-cpu.ts, bench-completing-scans.ts and bench-streams.ts (their usage errors and --data-dir checks)",
  "bench-forecast.ts": "seeds and measures a tiny shop",
  "bench-handler.ts": "two routes, one batch",
  "bench-live.ts": "2 clients for 1 s",
  "bench-load.mjs": "1 s against a server",
  "bench-scan-alloc.ts": "2 rounds, and its refusal to count with the collector on (tests/request/scan-allocations.test.ts holds the budget)",
  "bench-scan-cpu.ts": "4 rounds of 5",
  "bench-scans.lua": "through bench-timers.mjs --tool wrk, when wrk is installed",
  "bench-sizes.ts": "one tiny size, which runs bench.ts",
  "bench-streams.ts": "3 streams",
  "bench-timers.mjs": "1 s against a server",
  "bench.ts": "through bench-sizes.ts; its options",
  "compile.ts": "--dry-run (a real compile takes about a minute)",
  "embed-migrations.ts": "--out, compared with db/migrations.gen.ts",
  "i18n-catalogs.ts": "a module: through lingui.config.ts (tests/unit/i18n-catalogs.test.ts)",
  "in-process.ts": "a module: through profile-route.ts, bench-handler.ts, bench-scan-cpu.ts, bench-scan-alloc.ts and bench-completing-scans.ts",
  "lingui-preload.ts": "a module: bunfig.toml preloads it for every test (each translated page goes through it)",
  "link-bun.cjs": "as npm's postinstall runs it",
  "merge-po.ts": "merges two sides' catalog entries",
  "profile-route.ts": "3 renders of a project page",
  "runtime-env.ts": "a module: through start.ts (the server it starts has the settings) and tests/unit/runtime-env.test.ts",
  "seed-large.ts": "fills the tiny shop",
  "seed-queue-model.ts": "a module: through seed-large.ts (and tests/unit/seed-queue-model.test.ts)",
  "start.ts": "starts the demo on build/ with the runtime settings and stops on SIGTERM",
  "test-container.ts": "--dry-run, and its one-line skip where neither podman nor docker is installed",
  "test-soak.ts": "--dry-run",
  "test.ts": "--dry-run",
  "webhooks-crash-test.ts": "--help and its argument (tests/request/webhooks-crash.test.ts runs its helper)",
};

test("every file in scripts/ has a test here", () => {
  expect(readdirSync(path.join(ROOT, "scripts")).sort()).toEqual(Object.keys(COVERED).sort());
});

test("merge-po merges two sides' catalog entries: additions from both, a translation from either", async () => {
  const po = (entries: [string, string][]) => entries.map(([id, str]) => `msgid "${id}"\nmsgstr "${str}"\n`).join("\n");
  const dir = path.join(work, "po");
  mkdirSync(dir, { recursive: true });
  const file = (name: string, entries: [string, string][]) => {
    writeFileSync(path.join(dir, name), po(entries));
    return path.join(dir, name);
  };
  const base = file("base.po", [
    ["Save", ""],
    ["Gone", "Ido"],
  ]);
  const ours = file("ours.po", [
    ["Save", "Guardar"],
    ["Gone", "Ido"],
    ["Ours", "Nuestro"],
  ]);
  const theirs = file("theirs.po", [
    ["Save", ""],
    ["Theirs", "Suyo"],
  ]);
  expect(ok(await run(["scripts/merge-po.ts", base, ours, theirs]))).toBe("");
  const merged = readFileSync(ours, "utf8");
  expect(merged).toContain('msgid "Save"\nmsgstr "Guardar"');
  expect(merged).toContain('msgid "Ours"');
  expect(merged).toContain('msgid "Theirs"\nmsgstr "Suyo"');
  expect(merged).not.toContain('"Gone"');
  usageError(await run(["scripts/merge-po.ts", base]), "usage: merge-po.ts");
});

describe("on the tiny shop", () => {
  test("seed-large fills it", () => {
    const out = ok(seeded);
    expect(out).toContain("Sign in with PIN 1234 (management).");
    expect(out).toMatch(/^ {2}items: 200$/m);
    expect(out).toMatch(/^ {2}timer_logs: 2000$/m);
  });

  test("seed-large refuses an unknown option", async () => {
    usageError(await run(["scripts/seed-large.ts", "--data-dir", path.join(work, "never"), "--rows", "5"]), "seed-large: unknown option --rows");
    expect(existsSync(path.join(work, "never"))).toBe(false);
  });

  test("backtest-forecast reports the forecast's errors", async () => {
    const out = ok(await run(["scripts/backtest-forecast.ts", "--data-dir", data]));
    expect(out).toContain("Backtest on");
    expect(out).toMatch(/Errors in working days/);
    usageError(await run(["scripts/backtest-forecast.ts", "--days", "soon"]), "backtest-forecast: --days");
  });

  test("profile-route renders a page and prints its mean time and size", async () => {
    const page = path.join(work, "project.html");
    const out = ok(await run(["scripts/profile-route.ts", "--data-dir", data, "--path", "/projects/1", "-n", "3", "--out", page]));
    expect(out).toMatch(/^\/projects\/1: [\d.]+ ms, status 200, [\d,]+ bytes$/m);
    expect(readFileSync(page, "utf8")).toContain("<html");
    usageError(await run(["scripts/profile-route.ts", "--data-dir", data]), "profile-route: --data-dir and --path");
    usageError(await run(["scripts/profile-route.ts", "--data-dir", path.join(work, "empty"), "--path", "/"]), "holds no shopflow.db");
  });

  test("bench-handler times two routes in-process", async () => {
    const routes = [
      { label: "/healthz", path: "/healthz", signedIn: false },
      { label: "/projects", path: "/projects", signedIn: true },
    ];
    const out = ok(await run(["scripts/bench-handler.ts", JSON.stringify({ dataDir: data, pin: "1234", routes, batches: 1, perBatch: 2 })]));
    const times = JSON.parse(out.trim().split("\n").pop()!) as Record<string, { bestUs: number; status: number }>;
    expect(Object.keys(times)).toEqual(["/healthz", "/projects"]);
    for (const t of Object.values(times)) {
      expect(t.status).toBe(200);
      expect(t.bestUs).toBeGreaterThan(0);
    }
    usageError(await run(["scripts/bench-handler.ts", JSON.stringify({ dataDir: data })]), "bench-handler: dataDir and pin");
  });

  test("bench-scan-cpu scans stopped items and prints the CPU per request", async () => {
    const out = ok(await run(["scripts/bench-scan-cpu.ts", "--data-dir", data, "--rounds", "4", "--warmup", "2", "--in-flight", "5", "--first", "1"]));
    const figures = JSON.parse(out.trim().split("\n").pop()!) as { requests: number; cpuUsPerRequest: number };
    expect(figures.requests).toBe(10);
    expect(figures.cpuUsPerRequest).toBeGreaterThan(0);
    usageError(await run(["scripts/bench-scan-cpu.ts", "--data-dir", data, "--rounds", "2", "--warmup", "2"]), "must be more than --warmup");
  });

  test("bench-completing-scans times scans that complete a step and a project", async () => {
    const copy = path.join(work, "completing");
    cpSync(data, copy, { recursive: true });
    const out = ok(await run(["scripts/bench-completing-scans.ts", "--data-dir", copy, "--projects", "4", "--items", "3"]));
    // The script reads back that every scan completed what it was set up to, and fails otherwise.
    const figures = JSON.parse(out.slice(out.indexOf("{"))) as Record<"step" | "project", { median: number; n: number }>;
    for (const kind of ["step", "project"] as const) {
      expect(figures[kind].n).toBe(1);
      expect(figures[kind].median).toBeGreaterThan(0);
    }
    usageError(await run(["scripts/bench-completing-scans.ts", "--data-dir", copy, "--projects", "2"]), "--projects is a whole number, 4 or more");
    // scripts/cli-args.ts: the data folder's checks and --help, as every script using it answers them.
    usageError(await run(["scripts/bench-completing-scans.ts"]), "bench-completing-scans: --data-dir is needed.");
    usageError(await run(["scripts/bench-completing-scans.ts", "--data-dir", path.join(work, "empty")]), "holds no shopflow.db");
    usageError(await run(["scripts/bench-completing-scans.ts", "--rows", "5"]), "bench-completing-scans: Unknown option '--rows'");
    expect(ok(await run(["scripts/bench-completing-scans.ts", "--help"]))).toContain("Usage: bun scripts/bench-completing-scans.ts");
  });

  test("bench-scan-alloc counts a scan's objects with the collector off, and will not count with it on", async () => {
    const out = ok(await run(["scripts/bench-scan-alloc.ts", "--data-dir", data, "--rounds", "2"], { BUN_JSC_useGC: "false" }));
    const figures = JSON.parse(out.trim().split("\n").pop()!) as { objectsPerScan: number; byType: Record<string, number> };
    expect(figures.objectsPerScan).toBeGreaterThan(0);
    expect(figures.byType.Object).toBeGreaterThan(0);
    usageError(await run(["scripts/bench-scan-alloc.ts", "--data-dir", data, "--rounds", "2"]), "bench-scan-alloc: run it with BUN_JSC_useGC=false");
    usageError(await run(["scripts/bench-scan-alloc.ts", "--data-dir", data, "--rounds", "3"], { BUN_JSC_useGC: "false" }), "--rounds is an even whole number");
  });

  test("bench-streams opens 3 event streams and reports the RSS", async () => {
    const port = String(await freePort());
    const out = ok(await run(["scripts/bench-streams.ts", "--data-dir", data, "--streams", "3", "--port", port]));
    expect(out).toMatch(/^RSS idle \d+ MB; with 3 open streams \d+ MB; a change reached all 3 in \d+ ms/m);
    usageError(await run(["scripts/bench-streams.ts", "--data-dir", data, "--streams", "many"]), "bench-streams: --streams");
  });

  test("bench-live runs 2 live clients under scans for a second", async () => {
    const out = ok(await run(["scripts/bench-live.ts", "--data-dir", data, "--no-build", "--clients", "2", "--rate", "2", "--duration", "1"]));
    expect(out).toMatch(/^Live floor: 2 live pages \(/m);
    expect(out).toMatch(/server CPU: [\d.]+% of one core/);
    expect(out).toMatch(/scans: 2 answered 200, 0 refused/);
    usageError(await run(["scripts/bench-live.ts", "--clients"]), "bench-live: --clients needs a number");
  });

  describe("against a running server", () => {
    let server: Child;
    beforeAll(async () => {
      server = await startChild({ dataDir: data, env: { DEMO: "0" } });
    });
    afterAll(async () => {
      server.process.kill("SIGTERM");
      await server.exited;
    });

    test("bench-load sends a second of load and prints its figures", async () => {
      const out = ok(await run(["scripts/bench-load.mjs", JSON.stringify({ url: `${server.url}/healthz`, connections: 2, duration: 1 })]));
      const r = JSON.parse(out.trim().split("\n").pop()!) as { total: number; ok: number; non2xx: number };
      expect(r.total).toBeGreaterThan(0);
      expect(r.ok).toBe(r.total);
      usageError(await run(["scripts/bench-load.mjs", "{}"]), "bench-load: url is needed");
    });

    test("bench-timers toggles timers for a second with autocannon", async () => {
      const out = ok(
        await run([
          "scripts/bench-timers.mjs",
          "--url",
          server.url,
          "--connections",
          "2",
          "--duration",
          "1",
          "--tool",
          "autocannon",
          "--settle",
          "0",
          "--server-pid",
          String(server.process.pid),
        ]),
      );
      const r = JSON.parse(out.slice(out.indexOf("{"))) as { tool: string; requests: number; non2xx: number; errors: number; serverCpuSeconds: number };
      expect(r.tool).toBe("autocannon");
      // The server's CPU over the load alone, read from /proc (bench.ts divides it by the requests).
      expect(r.serverCpuSeconds).toBeGreaterThan(0);
      expect(r.requests).toBeGreaterThan(0);
      expect([r.non2xx, r.errors]).toEqual([0, 0]);
      usageError(await run(["scripts/bench-timers.mjs", "--tool", "ab"]), "bench-timers: --tool");
      usageError(await run(["scripts/bench-timers.mjs", "--server-pid", "me"]), "bench-timers: --server-pid");
      // Without wrk on the PATH and no --tool, the bench falls back to autocannon and says its figures are another measure.
      const fallback = await run(["scripts/bench-timers.mjs", "--url", server.url, "--connections", "1", "--duration", "1", "--settle", "0"], {
        PATH: path.join(work, "no-wrk-here"),
      });
      expect(JSON.parse(ok(fallback).slice(fallback.out.indexOf("{"))).tool).toBe("autocannon");
      expect(fallback.err).toContain("wrk is not installed, so the load comes from autocannon");
    });

    test.skipIf(!Bun.which("wrk"))("bench-timers with wrk runs bench-scans.lua", async () => {
      const out = ok(await run(["scripts/bench-timers.mjs", "--url", server.url, "--connections", "2", "--duration", "1", "--tool", "wrk"]));
      const r = JSON.parse(out.slice(out.indexOf("{"))) as { tool: string; requests: number; non2xx: number };
      expect(r.tool).toBe("wrk");
      expect(r.non2xx).toBe(0);
    });
  });
});

test("bench-audit fills 2,000 audit entries and lists the filters' times", async () => {
  const out = ok(await run(["scripts/bench-audit.ts", "--rows", "2000"]));
  expect(out).toContain("2,000 audit entries in");
  expect(out).toMatch(/^\| the whole three years \| 2,000 \| [\d.]+ \| [\d.]+ \|$/m);
  usageError(await run(["scripts/bench-audit.ts", "--rows", "0"]), "bench-audit: --rows");
});

test("bench-forecast seeds a tiny shop and times the forecast on it", async () => {
  const out = ok(await run(["scripts/bench-forecast.ts", "--data-dir", path.join(work, "forecast"), ...TINY, "--runs", "2"]));
  expect(out).toMatch(/^As seeded: \d+ open projects/m);
  expect(out).toMatch(/^Every project open: 20 open projects/m);
  expect(out).toContain("recompute after a scan, median / p90:");
  usageError(await run(["scripts/bench-forecast.ts", "--runs", "0"]), "bench-forecast: --runs");
});

test("bench-sizes runs bench.ts at one tiny size and prints the combined table, leaving docs/benchmarks.md alone", async () => {
  const doc = path.join(ROOT, "docs", "benchmarks.md");
  const before = readFileSync(doc, "utf8");
  const quick = ["--no-write", "--no-build", "--duration", "1", "--warmup", "0", "--connections", "2", "--starts", "0", "--handler-batches", "1"];
  const out = ok(await run(["scripts/bench-sizes.ts", "--sizes", "20", "--no-live", "--no-figures", ...quick, "--only", "healthz"]));
  expect(out).toContain("════ 20 projects ════");
  // bench.ts's own table, then the combined one with the ratio column.
  expect(out).toMatch(/^\| \/healthz \| [\d,]+ \| \d+ \| \d+ \| [\d.]+ \| [\d,]+ \| [\d,]+ \| [\d,—]+ \| {2}\|$/m);
  expect(out).toMatch(/^\| \/healthz \| .* \| [\d.]+ \| .*ratio \|$/m);
  expect(readFileSync(doc, "utf8")).toBe(before);
  usageError(await run(["scripts/bench-sizes.ts", "--sizes", "small"]), "bench-sizes: --sizes");
});

test("bench.ts: --help, and a mistake exits 2", async () => {
  expect(ok(await run(["scripts/bench.ts", "--help"]))).toContain("--handler-batches N");
  usageError(await run(["scripts/bench.ts", "--starts"]), "bench: --starts needs a number");
  usageError(await run(["scripts/bench.ts", "--fast"]), "bench: unknown option --fast");
});

test("compile --dry-run prints the build and the bun build --compile command", async () => {
  const lines = ok(await run(["scripts/compile.ts", "--dry-run"]))
    .trim()
    .split("\n");
  expect(lines).toHaveLength(2);
  expect(lines[0]).toBe("bun --bun x react-router build");
  expect(lines[1]).toStartWith("bun build server.ts build/server/checkpoint-worker.js build/server/backup-worker.js --compile ");
  expect(lines[1]).toEndWith("--outfile dist/shopflow");
  usageError(await run(["scripts/compile.ts", "--fast"]), "compile: unknown option --fast");
});

test("embed-migrations writes what db/migrations.gen.ts holds", async () => {
  const out = path.join(work, "migrations.gen.ts");
  expect(ok(await run(["scripts/embed-migrations.ts", "--out", out]))).toBe(`embedded ${migrations.length} migration(s)\n`);
  const fresh = (await import(out)) as { migrations: typeof migrations };
  expect(fresh.migrations).toEqual(migrations);
});

test("link-bun finds Bun's binary, as the postinstall runs it", async () => {
  expect(ok(await run(["scripts/link-bun.cjs"]))).toBe("");
});

/** The environment of a child process of `pid` (Linux's /proc), or null while it has none. */
function childEnvironment(pid: number): Record<string, string> | null {
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    let environ: string;
    try {
      stat = readFileSync(`/proc/${entry}/stat`, "utf8");
      // "pid (command) state ppid ...": the command may hold spaces and parentheses, so read after the last ")".
      if (Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) !== pid) continue;
      environ = readFileSync(`/proc/${entry}/environ`, "utf8");
    } catch {
      continue; // gone meanwhile
    }
    return Object.fromEntries(
      environ
        .split("\0")
        .filter(Boolean)
        .map((kv) => [kv.slice(0, kv.indexOf("=")), kv.slice(kv.indexOf("=") + 1)]),
    );
  }
  return null;
}

test("start serves the demo shop from build/ and stops on SIGTERM", async () => {
  const port = await freePort();
  const env: Record<string, string | undefined> = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: path.join(work, "demo"),
    DEMO: "1",
    SHOPFLOW_REBUILD: "0",
  };
  for (const name of ["NODE_ENV", "ADMIN_PIN", "PUBLIC_URL", ...Object.keys(RUNTIME_ENV)]) delete env[name];
  const child = Bun.spawn([BUN, "scripts/start.ts"], { cwd: ROOT, env, stdout: "pipe", stderr: "pipe", timeout: HANG_GUARD - 5_000 });
  let status = 0;
  for (let i = 0; i < 400 && status !== 200 && child.exitCode === null; i++) {
    status = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.status,
      () => 0,
    );
    if (status !== 200) await Bun.sleep(100);
  }
  const server = childEnvironment(child.pid);
  child.kill("SIGTERM");
  const code = await child.exited;
  const output = (await new Response(child.stdout).text()) + (await new Response(child.stderr).text());
  expect({ status, output: status === 200 ? "" : output }).toEqual({ status: 200, output: "" });
  // The server runs with the runtime settings it ships with (scripts/runtime-env.ts), read from its environment.
  for (const [name, value] of Object.entries(RUNTIME_ENV)) expect({ name, value: server?.[name] }).toEqual({ name, value });
  expect(output).not.toContain("Building Shopflow");
  expect(code).toBe(0);
  expect(ok(await run(["scripts/start.ts", "--help"]))).toContain("SHOPFLOW_REBUILD=1 always builds, =0 never");
});

test("test.ts --dry-run lists the phases without running them", async () => {
  const all = ok(await run(["scripts/test.ts", "--dry-run"]));
  for (const phase of ["build", "format and lint", "unit and request tests", "typecheck", "end-to-end tests (Chromium)"]) expect(all).toContain(`▶ ${phase}: `);
  expect(all).toContain("(dry run: nothing was run)");
  const unit = ok(await run(["scripts/test.ts", "unit", "--dry-run"]));
  expect(unit).toContain("▶ unit and request tests: ");
  expect(unit).not.toContain("end-to-end");
  usageError(await run(["scripts/test.ts", "everything", "--dry-run"]), 'npm test takes no argument, "unit"');
});

test("test-soak.ts --dry-run lists the long runs without running them", async () => {
  const out = ok(await run(["scripts/test-soak.ts", "--dry-run"]));
  expect(out).toContain("▶ build: ");
  expect(out).toMatch(/▶ long runs \(bun test\): .*\.\/tests\/soak\/upgrade-from-previous-build\.soak\.ts/);
  expect(out).not.toContain("tests/request/scripts.test.ts");
  usageError(await run(["scripts/test-soak.ts", "--fast"]), "test-soak: unknown option --fast");
});

test("test-container.ts --dry-run lists the README's container flows; without an engine it skips in one line", async () => {
  const out = ok(await run(["scripts/test-container.ts", "--dry-run"]));
  for (const flow of [
    "image builds",
    "named volume",
    "restart on the same volume",
    "exec backup",
    "restore refused while the server runs",
    "restore in a one-off container",
    "bind mount owned by another user",
  ]) {
    expect(out).toContain(`▶ ${flow}: `);
  }
  expect(out).toContain("exec <c> /app/shopflow backup /data/backups/x");
  expect(out).toContain("run --rm -v <vol>:/data shopflow restore /data/backups/x");
  expect(out).toContain("(dry run: nothing was run)");
  // A PATH with neither podman nor docker on it: one line, exit 0, nothing built.
  const noEngine = path.join(work, "no-engine");
  mkdirSync(noEngine, { recursive: true });
  const skipped = await run(["scripts/test-container.ts"], { PATH: noEngine, CONTAINER_ENGINE: "" });
  expect(skipped).toEqual({ code: 0, out: "test:container: skipped, neither podman nor docker is installed.\n", err: "" });
  usageError(await run(["scripts/test-container.ts", "--fast"]), "test-container: unknown option --fast");
});

test("webhooks-crash-test: --help, and a count of kills that is not one exits 2", async () => {
  expect(ok(await run(["scripts/webhooks-crash-test.ts", "--help"]))).toContain("KILLS");
  usageError(await run(["scripts/webhooks-crash-test.ts", "0"]), "webhooks-crash-test: the one argument is a number of kills");
});
