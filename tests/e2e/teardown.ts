import { rmSync } from "node:fs";

export default function teardown() {
  const dir = process.env.SHOPFLOW_E2E_DATA_DIR;
  if (dir) rmSync(dir, { recursive: true, force: true });
}
