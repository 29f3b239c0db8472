import { Database } from "bun:sqlite";

// The checkpoint worker of infra/checkpointer.server.ts (decision 0019): its own connection to the database file
// copies the write-ahead log back with PASSIVE checkpoints, which never block the writer. An entry point of its
// own: the compiled binary carries it (scripts/compile.ts), and the server starts it from the source or the build.

export type CheckpointerCommand =
  | { kind: "start"; file: string; intervalMs: number; idleTruncateMs: number }
  | { kind: "catch-up" }
  | { kind: "finish" }
  | { kind: "stop" };

export type CheckpointPass = { busy: number; log: number; checkpointed: number; ms: number };

export type CheckpointerReport =
  | (CheckpointPass & { kind: "pass" | "caught-up" | "finished" })
  | { kind: "ready" }
  | { kind: "stopped" }
  | { kind: "error"; message: string };

// The worker's side of the channel (the DOM types the app is checked with describe a window, not a worker).
declare const self: {
  postMessage(message: CheckpointerReport): void;
  onmessage: ((event: MessageEvent<CheckpointerCommand>) => void) | null;
};

let idleTruncateMs = 0;
let db: Database | null = null;
let timer: ReturnType<typeof setInterval> | null = null;
let idleSince = 0;
let lastLog = -1;
let truncated = false;

const report = (message: CheckpointerReport) => self.postMessage(message);

function checkpoint(kind: "pass" | "caught-up" | "finished") {
  if (!db) throw new Error("the checkpoint worker was not started");
  const t = performance.now();
  const r = db.query<{ busy: number; log: number; checkpointed: number }, []>("PRAGMA wal_checkpoint(PASSIVE)").get()!;
  report({ kind, busy: r.busy, log: r.log, checkpointed: r.checkpointed, ms: performance.now() - t });
  // After a busy spell the log file keeps its largest size; once nothing was written for a while, cut it back.
  const now = Date.now();
  if (r.log !== lastLog || r.checkpointed !== r.log) {
    lastLog = r.log;
    idleSince = now;
    truncated = false;
    return;
  }
  if (!truncated && now - idleSince >= idleTruncateMs) {
    truncated = true;
    db.query("PRAGMA wal_checkpoint(TRUNCATE)").get();
  }
}

const fail = (error: unknown) => report({ kind: "error", message: String((error as Error)?.message ?? error) });

self.onmessage = (event: MessageEvent<CheckpointerCommand>) => {
  const msg = event.data;
  try {
    if (msg.kind === "start") {
      idleTruncateMs = msg.idleTruncateMs;
      db = new Database(msg.file);
      db.run("PRAGMA busy_timeout = 0");
      db.run("PRAGMA synchronous = NORMAL");
      report({ kind: "ready" });
      timer = setInterval(() => {
        try {
          checkpoint("pass");
        } catch (error) {
          fail(error);
        }
      }, msg.intervalMs);
    } else if (msg.kind === "catch-up") {
      checkpoint("caught-up");
    } else if (msg.kind === "finish") {
      checkpoint("finished");
    } else if (msg.kind === "stop") {
      if (timer) clearInterval(timer);
      db?.close();
      report({ kind: "stopped" });
    }
  } catch (error) {
    fail(error);
  }
};
