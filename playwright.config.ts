import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

// Each worker starts its own app server (port E2E_PORT + its parallelIndex, default 3510, 3511, ...) with its own
// data folder: see the `appServer` fixture in tests/e2e/fixtures.ts. The folders live in one folder per run.
// The config is loaded by the runner and again by each worker: make that folder once and hand it down.
process.env.SHOPFLOW_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "shopflow-e2e-"));

// Two workers suit a 2-core CI machine (each worker is a browser plus a server); E2E_WORKERS overrides.
// E2E_WORKERS: a count ("3") or a share of the cores ("50%").
const E2E_WORKERS = process.env.E2E_WORKERS?.trim();
const WORKERS = !E2E_WORKERS ? 2 : /^\d+$/.test(E2E_WORKERS) ? Number(E2E_WORKERS) : E2E_WORKERS;

export default defineConfig({
  testDir: "tests/e2e",
  // *.e2e.ts, so bun test never collects these files.
  testMatch: "**/*.e2e.ts",
  fullyParallel: true,
  workers: WORKERS,
  // One retry in CI, with a trace of the retry; every retried test is listed at the end (./tests/e2e/retry-reporter.ts),
  // so a test that passed only on its second try is still seen.
  retries: process.env.CI ? 1 : 0,
  // Per test. With two workers on two cores each test gets about half the machine, and the longest scenarios
  // (create, edit and delete on a settings tab: about a hundred steps) come near 30 s on a busy machine. A real
  // failure is still caught by the expect timeout of the step that fails.
  timeout: 60_000,
  // An assertion waits up to 10 s for the page to get there: on a machine whose cores another program keeps busy a
  // page load or a live update can take several seconds, and a test must not fail for that. A real failure costs
  // 10 s instead of 5.
  expect: { timeout: 10_000 },
  reporter: [["list"], ["./tests/e2e/retry-reporter.ts"]],
  use: {
    // A trace costs a third of a test's time: recorded only when a failed test runs again.
    trace: "on-first-retry",
    // A click or fill that cannot happen (something covers the element) fails with what was in the way, instead of
    // waiting out the whole test.
    actionTimeout: 15_000,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        // One renderer process for the whole browser instead of one per site and tab: the tests' pages are one
        // site on localhost, and on a 2-core machine each extra process is time taken from the app server.
        "--disable-features=site-per-process",
        "--renderer-process-limit=1",
      ],
    },
  },
  // Every test runs with JavaScript on. Without it only the tests tagged @no-js run: pages whose no-JavaScript
  // document differs (dialogs as panels, ↑/↓ reorder buttons, Refresh links, the sign-in form) and a smoke walk per
  // area. Every other no-JavaScript flow is a request test that submits the page's real forms
  // (tests/helpers/html-form.ts), which proves the same in a fraction of the time.
  projects: [
    { name: "js", use: { browserName: "chromium", javaScriptEnabled: true } },
    { name: "no-js", grep: /@no-js/, use: { browserName: "chromium", javaScriptEnabled: false } },
  ],
  globalTeardown: "./tests/e2e/teardown.ts",
});
