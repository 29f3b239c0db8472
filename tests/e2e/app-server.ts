// Starts and stops one Shopflow server for one Playwright worker (see the `appServer` fixture in fixtures.ts).
// Not a test file: bun test collects only *.test.ts / *_test.ts / *.spec.ts, Playwright only *.e2e.ts.
import { spawn, type ChildProcess } from "node:child_process";
import { existsSync } from "node:fs";
import { createServer } from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
export const BUN = path.join(ROOT, "node_modules", ".bin", process.platform === "win32" ? "bun.exe" : "bun");
const HOST = "127.0.0.1";
/** How much of the server's stdout/stderr is kept for error messages and failed tests' attachments. */
const LOG_LIMIT = 256 * 1024;

export type AppServer = {
  /** http://127.0.0.1:{port} */
  url: string;
  port: number;
  dataDir: string;
  /** The server's stdout and stderr so far (the last LOG_LIMIT characters). */
  log(): string;
  /** How many characters of output the server has written so far (an offset into the whole output). */
  logSize(): number;
  /** The output written since `logSize()` returned `from` (what is still kept of it). */
  logSince(from: number): string;
  stop(): Promise<void>;
};

/** Resolves when nothing listens on host:port, rejects with a readable error when something does. */
function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", (error: NodeJS.ErrnoException) => {
      reject(
        new Error(
          `e2e: cannot start the app server on ${HOST}:${port}: ${error.code === "EADDRINUSE" ? "the port is already in use" : error.message}.` +
            " Stop whatever listens there, or move the e2e servers with E2E_PORT=<base port> (worker n uses base + n).",
        ),
      );
    });
    probe.listen(port, HOST, () => probe.close(() => resolve()));
  });
}

function exited(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => child.once("exit", () => resolve()));
}

/** Where a test's stand-in label printer listens for the server on `appPort`: a port the server may print to. */
export const fakePrinterPort = (appPort: number) => appPort + 20_000;

/**
 * Spawns `bun server.ts` (production build, demo data, its own DATA_DIR) on `port` and waits until GET /healthz
 * answers 200. On failure (the process exits, or no answer within `timeoutMs`) the error carries the server's
 * output.
 */
export async function startAppServer(opts: {
  port: number;
  dataDir: string;
  timeoutMs?: number;
  emptyShopAdminPin?: string;
  env?: Record<string, string>;
}): Promise<AppServer> {
  const { port, dataDir, timeoutMs = 30_000 } = opts;
  const url = `http://${HOST}:${port}`;
  await assertPortFree(port);

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    DEMO: "1",
    NODE_ENV: "production",
    // Each test sends its own X-Forwarded-For (from loopback) so wrong-PIN tests do not lock each other out.
    TRUST_PROXY: "1",
    // The label printing tests' stand-in printer listens beside the server (label printers: 9100 and 6101 only).
    PRINTER_PORTS: `9100,6101,${fakePrinterPort(port)}`,
  };
  // A developer's own settings must not change what the tests expect (the demo Administrator's PIN 1234, ...).
  for (const name of ["ADMIN_PIN", "ADMIN_NAME", "PUBLIC_URL", "SESSION_IDLE_MINUTES"]) delete env[name];
  // A first start without demo data: an empty shop with only its administrator.
  if (opts.emptyShopAdminPin) {
    delete env.DEMO;
    env.ADMIN_PIN = opts.emptyShopAdminPin;
  }
  Object.assign(env, opts.env);

  const command = `${path.relative(ROOT, BUN)} server.ts`;
  const child = spawn(BUN, ["server.ts"], { cwd: ROOT, env, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  let written = 0;
  const keep = (chunk: Buffer) => {
    const text = chunk.toString();
    written += text.length;
    output = (output + text).slice(-LOG_LIMIT);
  };
  child.stdout!.on("data", keep);
  child.stderr!.on("data", keep);
  let spawnError: Error | undefined;
  child.once("error", (error) => (spawnError = error));
  // Should the worker process end without its fixture teardown, do not leave the server behind.
  const killOnExit = () => child.kill("SIGKILL");
  process.once("exit", killOnExit);

  const stop = async () => {
    process.removeListener("exit", killOnExit);
    if (child.exitCode !== null || child.signalCode !== null) return;
    child.kill("SIGTERM");
    const timer = setTimeout(() => child.kill("SIGKILL"), 5_000);
    await exited(child);
    clearTimeout(timer);
  };

  const fail = async (why: string): Promise<never> => {
    await stop();
    throw new Error(
      `e2e: the app server did not start: ${why}\n` +
        `  command: ${command} (cwd ${ROOT})\n` +
        `  env: PORT=${port} HOST=${HOST} DATA_DIR=${dataDir} DEMO=1 NODE_ENV=production TRUST_PROXY=1\n` +
        (existsSync(path.join(ROOT, "build", "server", "index.js"))
          ? ""
          : "  build/server/index.js is missing: build the app first (node_modules/.bin/bun --bun x react-router build)\n") +
        `--- server stdout/stderr ---\n${output.trimEnd() || "(no output)"}\n--- end of server output ---`,
    );
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (spawnError) return fail(`spawning it failed: ${spawnError.message}`);
    if (child.exitCode !== null || child.signalCode !== null) {
      return fail(`it exited (${child.exitCode !== null ? `code ${child.exitCode}` : child.signalCode}) before GET /healthz answered 200`);
    }
    if (Date.now() > deadline) return fail(`GET ${url}/healthz did not answer 200 within ${timeoutMs / 1000} s`);
    const status = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.status,
      () => 0,
    );
    // Our own child answered: the port was free before it started, and it is still running.
    if (status === 200 && child.exitCode === null) break;
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    port,
    dataDir,
    log: () => output,
    logSize: () => written,
    logSince: (from) => output.slice(Math.max(0, output.length - (written - from))),
    stop,
  };
}
