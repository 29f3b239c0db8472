import { afterEach, expect, test } from "bun:test";
import { mkdtempSync, readdirSync, readlinkSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { type Child, startChild } from "../helpers/child-server";

// The server runs as one bundle (docs/decisions/0031-one-module-graph.md) and its checkpoint worker is a file built
// beside it (0030). If the bundle could not find that file, the checkpointer would fall back to SQLite's own
// checkpoints on the request thread: the server would still answer, so only this check notices.
let child: Child | undefined;
let dir = "";
afterEach(() => {
  child?.process.kill("SIGKILL");
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Open descriptors of the process on the database file (Linux's /proc). */
const connections = (pid: number, file: string) =>
  readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return readlinkSync(`/proc/${pid}/fd/${fd}`) === file;
    } catch {
      return false;
    }
  }).length;

test("the server bundle starts its checkpoint worker: a second connection to the database, and no fallback", async () => {
  dir = mkdtempSync(path.join(tmpdir(), "shopflow-worker-"));
  child = await startChild({ dataDir: dir });
  const file = path.join(dir, "shopflow.db");
  const deadline = Date.now() + 10_000;
  while (connections(child.process.pid!, file) < 2 && Date.now() < deadline) await Bun.sleep(50);
  expect(connections(child.process.pid!, file), child.output()).toBe(2);
  expect(child.output()).not.toContain("Checkpoints are back on the request thread");
});
