// Preloaded by bun test: every test process gets its own throwaway DATA_DIR so nothing touches ./data.
import { afterAll } from "bun:test";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const dir = mkdtempSync(path.join(tmpdir(), "shopflow-test-"));
process.env.DATA_DIR = dir;
process.env.DEMO = "0";
delete process.env.ADMIN_PIN;
// Nothing of the app is loaded here: a test that serves requests loads the server bundle and only it, a unit test
// the source modules (decision 0047). Their database helpers set what every test needs, such as the forecast's
// clock (tests/helpers/fresh-database.ts).
// In a preload file afterAll runs once, after every test file.
afterAll(() => rmSync(dir, { recursive: true, force: true }));
