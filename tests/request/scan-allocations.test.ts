import { afterAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// A scan's objects for the garbage collector (scripts/bench-scan-alloc.ts): at 50 scans in flight each young
// collection holds every one of them for a millisecond or two, and how often one comes is what the requests
// allocate. Counted with the collector off, in processes of their own (the engine takes that option only at start).

const ROOT = path.resolve(import.meta.dir, "../..");
const dir = mkdtempSync(path.join(tmpdir(), "shopflow-scan-alloc-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Objects a scan request left, the load generator's own taken out; 249 before the hot path was trimmed. */
const BUDGET = 180;

const run = (args: string[], env: Record<string, string> = {}) => {
  const out = Bun.spawnSync([process.execPath, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdout: "pipe", stderr: "pipe" });
  if (out.exitCode !== 0) throw new Error(`${args.join(" ")} failed: ${out.stderr.toString()}`);
  return out.stdout.toString();
};

describe("a scan request's allocations", () => {
  test(`start-timer and end-timer leave at most ${BUDGET} objects each for the collector`, () => {
    run(["scripts/seed-large.ts", "--projects", "4", "--items", "40", "--logs", "400", "--data-dir", dir]);
    const line = run(["scripts/bench-scan-alloc.ts", "--data-dir", dir, "--rounds", "10"], { BUN_JSC_useGC: "false" })
      .split("\n")
      .find((l) => l.startsWith("{"));
    const { objectsPerScan, byType } = JSON.parse(line ?? "{}") as { objectsPerScan: number; byType: Record<string, number> };
    // The count is the scans' own: each answer is made of objects and strings (its item, toast and JSON text).
    expect(byType.Object).toBeGreaterThan(10);
    expect(byType.string).toBeGreaterThan(10);
    expect(objectsPerScan).toBeGreaterThan(50);
    expect(objectsPerScan).toBeLessThanOrEqual(BUDGET);
  });
});
