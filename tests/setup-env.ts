// Preloaded by bun test: every test process gets its own throwaway DATA_DIR so nothing touches ./data.
import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(tmpdir(), "shopflow-test-"));
process.env.DATA_DIR = dir;
process.env.DEMO = "0";
delete process.env.ADMIN_PIN;
// A forecast is reused after scans for a while that depends on how long it took to compute (decision 0038): on a
// busy machine a test would read a stale one. Tests measure no computation unless they say so (the reuse rule's
// own test sets a clock of its own).
const { setForecastTimingForTests } = await import("~/models/project-forecast.server");
setForecastTimingForTests({ clock: () => 0 });
// In a preload file afterAll runs once, after every test file.
afterAll(() => rmSync(dir, { recursive: true, force: true }));
