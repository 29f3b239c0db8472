// Preloaded by bun test: every test process gets its own throwaway DATA_DIR so nothing touches ./data.
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

process.env.DATA_DIR = mkdtempSync(path.join(tmpdir(), "shopflow-test-"));
process.env.DEMO = "0";
delete process.env.ADMIN_PIN;
