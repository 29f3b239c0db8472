import { defineConfig } from "@playwright/test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const PORT = Number(process.env.E2E_PORT ?? 3217);
// The config is loaded by the runner and again by each worker: make the data folder once and hand it down.
process.env.SHOPFLOW_E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "shopflow-e2e-"));
const dataDir = process.env.SHOPFLOW_E2E_DATA_DIR;

export default defineConfig({
  testDir: "tests/e2e",
  // *.e2e.ts, so bun test never collects these files.
  testMatch: "**/*.e2e.ts",
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 30_000,
  reporter: [["list"]],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    trace: "retain-on-failure",
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
      ],
    },
  },
  projects: [
    { name: "js", use: { browserName: "chromium", javaScriptEnabled: true } },
    { name: "no-js", use: { browserName: "chromium", javaScriptEnabled: false } },
  ],
  globalTeardown: "./tests/e2e/teardown.ts",
  webServer: {
    command: `${path.join("node_modules", ".bin", "bun")} server.ts`,
    url: `http://127.0.0.1:${PORT}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(PORT),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      DEMO: "1",
      // Each test sends its own X-Forwarded-For so wrong-PIN tests do not lock each other out.
      TRUST_PROXY: "1",
      NODE_ENV: "production",
    },
  },
});
