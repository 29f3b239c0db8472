// The server's own code: the commands (`serve`, `backup`, `restore`, `healthcheck`) and the HTTP server. Vite
// builds this file as the entry of the React Router server bundle (vite.config.ts), so the routes and this code
// share one copy of every module: one database handle, one event hub, one scan queue. server.ts only finds the
// client assets and calls `main`.
import path from "node:path";
import type { ServerBuild } from "react-router";
import * as serverBuild from "virtual:react-router/server-build";
import { MigrationError } from "#db/migrate";
import { bootstrapDatabase } from "~/models/bootstrap.server";
import { pruneAudit } from "~/models/audit-trail.server";
import { pauseTimersAtDayEnd } from "~/models/day-end-pause.server";
import { pruneUploads } from "~/models/design.server";
import { deleteIdleSessions, pruneLoginAttempts } from "~/models/session-store.server";
import { knownShopAddress } from "~/models/shop-settings.server";
import { restore } from "~/infra/backup.server";
import { dataDirProblem } from "~/infra/data-dir-check.server";
import { keepNewFilesPrivate, tightenDataDir } from "~/infra/private-files.server";
import { DataDirBusy, lockDataDir } from "~/infra/data-dir-lock.server";
import { startCheckpointer } from "~/infra/checkpointer.server";
import { databaseFile, getDb } from "~/infra/db.server";
import { ENV_HELP, getEnv, type Env } from "~/infra/env.server";
import pkg from "../package.json";
import { createFetchHandler, staticFromDir } from "~/pipeline/http.server";
import { UPLOAD_WAIT_MS } from "~/pipeline/uploads.server";
import { writeUpWindows } from "~/services/auth.server";
import { getSecret } from "~/infra/secret.server";
import { backUpByHand, backupSettings, startBackupScheduler } from "~/services/backups.server";
import { startWebhookSender } from "~/services/webhook-sender.server";

const USAGE = `Usage: shopflow [serve] [--demo]     serve the app (default)
       shopflow backup [DIR]             consistent copy of the database, secret and design files
       shopflow restore DIR [--allow-empty]
                                         put a backup in place (stop the server first); it is checked
                                         first, and --allow-empty lets a backup of an empty shop in
       shopflow healthcheck              exit 0 when the running server answers /healthz
       shopflow --version | --help

Configuration comes from the environment:
${ENV_HELP.map(([name, fallback, meaning]) => `  ${name.padEnd(22)}${meaning}\n  ${" ".repeat(22)}default: ${fallback}`).join("\n")}`;

/** The React Router build: what request tests serve through `createFetchHandler`. */
export const build = serverBuild as unknown as ServerBuild;
export { createFetchHandler, staticFromDir };
/** The bundle's own modules that request tests seed and inspect through (server/test-hooks.ts, decision 0047). */
export * as hooks from "./test-hooks";

function loadEnv(): Env {
  try {
    return getEnv();
  } catch (error) {
    console.error(`shopflow: ${(error as Error).message}`);
    process.exit(1);
  }
}

/** A start that cannot go on: one line IT can act on, exit 1, no stack (docs/product.md, Decisions: Files on disk). */
function cannotStart(message: string): never {
  console.error(message.startsWith("shopflow: ") ? message : `shopflow: ${message}`);
  process.exit(1);
}

function serve(env: Env, clientDir: string) {
  try {
    start(env, clientDir);
  } catch (error) {
    cannotStart(`could not start: ${(error as Error)?.message ?? String(error)}`);
  }
}

function start(env: Env, clientDir: string) {
  // A folder the server cannot write is said in one line with its owner and the fix, before SQLite fails in it.
  const problem = dataDirProblem(env.DATA_DIR);
  if (problem) cannotStart(problem);
  tightenDataDir(path.resolve(env.DATA_DIR));
  // Before the database is opened or migrated: one server per data directory, and none during a restore.
  let lock: ReturnType<typeof lockDataDir>;
  try {
    lock = lockDataDir(env.DATA_DIR, "serve", (holder) =>
      holder.role === "restore"
        ? `A restore is running on this data directory (pid ${holder.pid ?? "unknown"}): start the server when it has finished.`
        : `Another Shopflow server is already running on this data directory (pid ${holder.pid ?? "unknown"}). Stop it first, or give this server its own DATA_DIR.`,
    );
  } catch (error) {
    if (!(error instanceof DataDirBusy)) throw error;
    cannotStart(error.message);
  }
  getSecret();
  try {
    getDb();
  } catch (error) {
    // A failed upgrade: its message says what happened and that the data was left as it was.
    if (error instanceof MigrationError || (error as Error)?.name === "MigrationError") cannotStart((error as Error).message);
    throw error;
  }
  bootstrapDatabase(env);
  // Checkpoints run on a worker thread so a commit never waits for the log to be copied back (decision 0019).
  const checkpointer = startCheckpointer(getDb().$client, databaseFile());
  const idleMs = env.SESSION_IDLE_MINUTES * 60_000;
  const housekeeping = () => {
    deleteIdleSessions(idleMs);
    pruneLoginAttempts(24 * 60 * 60_000);
    writeUpWindows();
    pruneUploads();
    // In batches with pauses between them: a first sweep of years of entries never holds the server (returns at once).
    void pruneAudit(env.AUDIT_RETENTION_DAYS);
    // Timers forgotten over the night stop at the day's end (docs/product.md, Decisions: The end of a job).
    pauseTimersAtDayEnd();
  };
  housekeeping();
  setInterval(housekeeping, 10 * 60_000).unref();
  // BACKUP_DIR set: automatic backups on their schedule (docs/decisions/0044-automatic-backups.md).
  const backups = backupSettings();
  const backupScheduler = backups ? startBackupScheduler(backups) : null;

  // Sends the webhook outbox; its state is all in the database (decision 0042).
  const webhooks = startWebhookSender();

  const fetch = createFetchHandler(build, { staticSource: staticFromDir(clientDir) });
  const server = Bun.serve({
    port: env.PORT,
    hostname: env.HOST,
    // The HTTP layer sets each write's limit (by route and member) and answers 413 with a readable body; past
    // this one Bun would answer 413 itself, with none. Bodies are never kept beyond the layer's limits.
    maxRequestBodySize: Number.MAX_SAFE_INTEGER,
    // An upload that waits for its turn (two are received at a time) sends nothing meanwhile: with Bun's default
    // of 10 s its connection was closed without an answer on a busy server. It may wait UPLOAD_WAIT_MS, then gets
    // a readable 503; the connection outlives that wait.
    idleTimeout: Math.ceil(UPLOAD_WAIT_MS / 1000) + 15,
    fetch: (req, srv) => fetch(req, srv),
    error(error) {
      console.error(error);
      return new Response("Something went wrong on the server", { status: 500 });
    },
  });
  if (!knownShopAddress()) {
    // Without it, QR labels carry whatever Host the browser that printed them used (an IP, localhost, a name).
    console.warn(
      "PUBLIC_URL is not set and no shop address is saved: QR labels will encode the address each browser used. Set PUBLIC_URL, or the shop's address in Global Settings → Shop address, e.g. http://shop-server:3000",
    );
  }
  console.log(`Shopflow listening on http://${env.HOST === "0.0.0.0" ? "localhost" : env.HOST}:${server.port} (data: ${path.resolve(env.DATA_DIR)})`);
  let stopping = false;
  const stop = async () => {
    // A second Ctrl+C while the first is finishing changes nothing.
    if (stopping) return;
    stopping = true;
    server.stop();
    // Before the database closes: a backup cut short is recorded as failed, and its unfinished folder removed.
    await backupScheduler?.stop();
    await webhooks.stop();
    const cp = checkpointer.stats();
    // Under heavy load the writes waited for the log to start over: say how often and how long, for the operator.
    if (cp.holds + cp.blockingFinishes > 0) {
      console.log(
        `Checkpoints: ${cp.passes} passes, ${cp.holds} finishing holds, ${cp.blockingFinishes} finished on the request thread (longest wait ${cp.longestHoldMs.toFixed(1)} ms), log at most ${cp.largestLog} pages`,
      );
    }
    await checkpointer.stop();
    getDb().$client.close();
    lock.release();
    console.log(`Stopped cleanly (data: ${path.resolve(env.DATA_DIR)})`);
    process.exit(0);
  };
  process.on("SIGINT", stop);
  process.on("SIGTERM", stop);
}

/** Runs the command in `args` (process.argv after the script); `clientDir` holds the built browser assets. */
export async function main(args: string[], clientDir: string) {
  if (args.includes("--demo")) process.env.DEMO = "1";
  const allowEmpty = args.includes("--allow-empty");
  const [command = "serve", arg] = args.filter((a) => a !== "--demo" && a !== "--allow-empty");
  // Whatever umask the server was started with, what it writes is the owner's alone (docs/product.md, Decisions: Files on disk).
  keepNewFilesPrivate();
  if (command === "--help" || command === "help" || command === "-h") {
    console.log(USAGE);
  } else if (command === "--version" || command === "-v") {
    console.log(`shopflow ${pkg.version}`);
  } else if (command === "serve") {
    serve(loadEnv(), clientDir);
  } else if (command === "healthcheck") {
    // For container HEALTHCHECKs on images without curl: exit 0 when /healthz answers 200.
    const env = loadEnv();
    const host = env.HOST === "0.0.0.0" || env.HOST === "::" ? "127.0.0.1" : env.HOST;
    try {
      const res = await fetch(`http://${host}:${env.PORT}/healthz`, { signal: AbortSignal.timeout(4000) });
      process.exit(res.ok ? 0 : 1);
    } catch {
      process.exit(1);
    }
  } else if (command === "backup") {
    loadEnv();
    try {
      console.log(`Backup written to ${backUpByHand(arg)} (database ${databaseFile()})`);
    } catch (error) {
      console.error(`Backup failed: ${(error as Error).message}`);
      process.exit(1);
    }
  } else if (command === "restore") {
    loadEnv();
    if (!arg) {
      console.error(USAGE);
      process.exit(2);
    }
    try {
      const r = restore(arg, { allowEmpty });
      console.log(`Restored from ${r.restoredFrom}.${r.previousSavedAs ? ` The previous data is in ${r.previousSavedAs}.` : ""}`);
    } catch (error) {
      // The sentence alone: it is what the operator reads and acts on ('Stop the server first: …').
      console.error((error as Error).message);
      process.exit(1);
    }
  } else {
    console.error(USAGE);
    process.exit(2);
  }
}
