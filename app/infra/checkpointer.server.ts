import type { Database } from "bun:sqlite";
import { processState } from "~/infra/process-state.server";
import type { CheckpointerCommand, CheckpointerReport } from "~/infra/checkpoint-worker";
import { recordCheckpoint } from "./metrics.server";

// WAL checkpoints off the request thread (decision 0019). SQLite copies the write-ahead log back into the
// database file in a "checkpoint", by default inside whichever commit pushes the log past 1,000 pages; that
// commit then writes every page the log holds into the database file and waits for the disk twice. On a busy
// floor (target: 50 scans at once on seed-large data) one commit in five took 8–13 ms longer, and every
// request waiting on the one JavaScript thread waited with it.
//
// Here a worker thread with its own connection copies the log back every CHECKPOINT_INTERVAL_MS with PASSIVE
// checkpoints, which never block the writer. One thing the worker cannot do alone: SQLite starts the log over
// only when, at the start of a write, every frame in it has been copied, and under continuous writes frames are
// appended while the worker copies, so the log would grow without end. Once the log passes FINISH_AT_FRAMES the
// worker runs one more pass at once (catching up), then the request thread holds its batched writes (the scans:
// holdWrites) while the worker runs a last pass, which has only the pages of those few milliseconds to copy and
// sync; the next write starts the log over. The request thread is not blocked meanwhile (it goes on reading
// requests), and a hold ends after MAX_HOLD_MS at the latest. At a shop's usual pace the log starts over by itself
// after each pass and no hold happens. A log file left large by a busy spell is truncated once nothing has been
// written for IDLE_TRUNCATE_MS.
// Durability is unchanged: the same checkpoints, with the same syncs (synchronous = NORMAL), on another thread.

/**
 * Pages in the log at which it is made to start over (~130 MB of log). Each time, the scans in flight wait a few
 * milliseconds for two disk syncs; at 10,000 pages that happened three times as often and the p99 of 50 scans in
 * flight went past 10 ms on the benchmark machine.
 */
export const FINISH_AT_FRAMES = 32_768;
/** How often the worker copies the log back. */
export const CHECKPOINT_INTERVAL_MS = 50;
/** A log this many times FINISH_AT_FRAMES means holds did not help: the request thread finishes it itself. */
const STUCK_FACTOR = 4;
/** Longest a finishing pass may hold the batched writes. */
export const MAX_HOLD_MS = 250;
/** A log file left large by a busy spell is cut back after this long without writes. */
export const IDLE_TRUNCATE_MS = 10_000;
/** SQLite's own automatic checkpoint: what the connection goes back to when the worker stops or fails. */
const SQLITE_DEFAULT_AUTOCHECKPOINT = 1_000;
/** A worker that has not reported for this long is treated as gone. */
const WORKER_SILENT_MS = 10_000;

/**
 * The worker's entry point, a file beside this module: the .ts source when this module runs from source (the unit
 * tests), and the entry Vite builds beside the server bundle (build/server/checkpoint-worker.js, vite.config.ts)
 * when it runs from the bundle; the compiled binary carries that file at its root, beside the server
 * (scripts/compile.ts).
 */
const WORKER_FILE = import.meta.url.endsWith(".ts") ? "./checkpoint-worker.ts" : "./checkpoint-worker.js";
const startWorker = () => new Worker(new URL(WORKER_FILE, import.meta.url));

type WorkerMessage = CheckpointerReport;

export type WriteGate = { held: boolean; waiters: (() => void)[] };
const gate = () => processState.writeGate;

/** True while batched writes must wait for a finishing checkpoint; `resume` then runs once they may go on. */
export function holdWrites(resume: () => void): boolean {
  if (!gate().held) return false;
  gate().waiters.push(resume);
  return true;
}

function openWrites() {
  gate().held = false;
  for (const resume of gate().waiters.splice(0)) resume();
}

export type CheckpointStats = {
  running: boolean;
  passes: number;
  /** Finishing passes, each with the batched writes held. */
  holds: number;
  /** Checkpoints the request thread finished itself because the log kept growing past holds. */
  blockingFinishes: number;
  longestHoldMs: number;
  longestPassMs: number;
  /** The most pages the log held at a pass. */
  largestLog: number;
};

export type Checkpointer = { stop(): Promise<void>; stats(): CheckpointStats };

/**
 * Moves the checkpoints of `connection` (the server's one writing connection, with `file` open) to a worker
 * thread. Falls back to SQLite's automatic checkpoint if the worker cannot run.
 */
export function startCheckpointer(
  connection: Database,
  file: string,
  opts: {
    finishAtFrames?: number;
    intervalMs?: number;
    idleTruncateMs?: number;
    log?: (line: string) => void;
    /** Arms the timer that ends a hold after MAX_HOLD_MS at the latest (tests watch it instead of timing holds). */
    holdTimer?: (end: () => void, ms: number) => ReturnType<typeof setTimeout>;
  } = {},
): Checkpointer {
  const finishAt = opts.finishAtFrames ?? FINISH_AT_FRAMES;
  const log = opts.log ?? ((line: string) => console.error(line));
  const stats: CheckpointStats = { running: false, passes: 0, holds: 0, blockingFinishes: 0, longestHoldMs: 0, longestPassMs: 0, largestLog: 0 };
  let stopped = false;
  let lastHeard = Date.now();
  let heldAt = 0;
  let finishing = false;
  let holdTimer: ReturnType<typeof setTimeout> | null = null;
  let onStopped: (() => void) | null = null;
  let lastCopied = 0;
  let lastLog = 0;

  const endHold = () => {
    if (holdTimer) clearTimeout(holdTimer);
    finishing = false;
    holdTimer = null;
    if (gate().held) {
      stats.longestHoldMs = Math.max(stats.longestHoldMs, performance.now() - heldAt);
      openWrites();
    }
  };

  const fallBack = (why: string) => {
    if (stopped) return;
    stopped = true;
    stats.running = false;
    endHold();
    connection.run(`PRAGMA wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
    log(`Checkpoints are back on the request thread: ${why}`);
    worker.terminate();
  };

  connection.run("PRAGMA wal_autocheckpoint = 0");
  const worker = startWorker();
  const send = (command: CheckpointerCommand) => worker.postMessage(command);
  // The worker must not keep a finished process alive (tests, one-off commands).
  (worker as unknown as { unref(): void }).unref();

  worker.onmessage = (event: MessageEvent<WorkerMessage>) => {
    const msg = event.data;
    lastHeard = Date.now();
    if (msg.kind === "ready") {
      stats.running = true;
    } else if (msg.kind === "pass") {
      // /metrics times the passes that copied pages, not the idle ones every 50 ms (decision 0041).
      if (msg.checkpointed !== lastCopied || msg.log !== lastLog) recordCheckpoint("pass", msg.ms);
      lastCopied = msg.checkpointed;
      lastLog = msg.log;
      stats.passes++;
      stats.longestPassMs = Math.max(stats.longestPassMs, msg.ms);
      stats.largestLog = Math.max(stats.largestLog, msg.log);
      if (msg.busy === 0 && msg.log >= STUCK_FACTOR * finishAt && !stopped && !gate().held) {
        // Writes that do not wait for holds (a form post, an import) kept landing during finishing passes: the
        // request thread, the only writer, copies the rest itself once, blocking, so the log cannot grow on.
        const t = performance.now();
        connection.query("PRAGMA wal_checkpoint(PASSIVE)").get();
        recordCheckpoint("blocking", performance.now() - t);
        stats.blockingFinishes++;
        stats.longestHoldMs = Math.max(stats.longestHoldMs, performance.now() - t);
        return;
      }
      if (msg.busy === 0 && msg.log >= finishAt && !stopped && !finishing) {
        // First one more pass right away, without holding anything, so the held pass has only the pages of a
        // few milliseconds to copy and sync.
        finishing = true;
        send({ kind: "catch-up" });
      }
    } else if (msg.kind === "caught-up") {
      if (stopped) return;
      gate().held = true;
      heldAt = performance.now();
      stats.holds++;
      holdTimer = opts.holdTimer ? opts.holdTimer(endHold, MAX_HOLD_MS) : setTimeout(endHold, MAX_HOLD_MS);
      send({ kind: "finish" });
    } else if (msg.kind === "finished") {
      recordCheckpoint("finish", msg.ms);
      endHold();
    } else if (msg.kind === "error") {
      fallBack(msg.message);
    } else if (msg.kind === "stopped") {
      onStopped?.();
    }
  };
  worker.onerror = (event) => fallBack((event as ErrorEvent).message || "the checkpoint worker failed");

  const watchdog = setInterval(() => {
    if (Date.now() - lastHeard > WORKER_SILENT_MS) fallBack(`the checkpoint worker has not answered for ${WORKER_SILENT_MS / 1000} s`);
  }, WORKER_SILENT_MS);
  watchdog.unref();

  send({ kind: "start", file, intervalMs: opts.intervalMs ?? CHECKPOINT_INTERVAL_MS, idleTruncateMs: opts.idleTruncateMs ?? IDLE_TRUNCATE_MS });

  return {
    stats: () => ({ ...stats }),
    async stop() {
      clearInterval(watchdog);
      if (stopped) return;
      stopped = true;
      endHold();
      await Promise.race([new Promise<void>((resolve) => ((onStopped = resolve), send({ kind: "stop" }))), Bun.sleep(2_000)]);
      worker.terminate();
      stats.running = false;
      connection.run(`PRAGMA wal_autocheckpoint = ${SQLITE_DEFAULT_AUTOCHECKPOINT}`);
    },
  };
}
