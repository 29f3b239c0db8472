import { rmSync } from "node:fs";

// Each worker removes its own data folder; this removes the run's folder, and with it what a worker that died
// before its teardown left behind.
export default function teardown() {
  const dir = process.env.SHOPFLOW_E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
