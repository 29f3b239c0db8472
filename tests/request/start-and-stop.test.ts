import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { chmodSync, chownSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BUN, freePort, ROOT, startChild } from "../helpers/child-server";
import { createApp } from "../helpers/app";

// What IT reads when the server starts or stops (docs/product.md, Decisions: Files on disk): a data directory the
// server cannot write is one line with the folder, its owner, the user the server runs as and the command that fixes
// it, exit 1, no stack; a clean stop says 'Stopped cleanly'; /healthz answers what README.md says it answers.

const dirs: string[] = [];
const tempDir = (label: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `shopflow-${label}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const NONROOT = 65532;

async function serveAs(dataDir: string, uid: number) {
  return spawnSync(BUN, ["server.ts"], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(await freePort()), HOST: "127.0.0.1", NODE_ENV: "production", ADMIN_PIN: "1234" },
    encoding: "utf8",
    timeout: 60_000,
    uid,
    gid: uid,
  });
}

describe("a data directory the server cannot write", () => {
  test("a root-owned bind mount, the server as the container's user: one line with the owner, the user and the chown; exit 1", async () => {
    const dataDir = path.join(tempDir("root-owned"), "data");
    mkdirSync(dataDir);
    chmodSync(path.dirname(dataDir), 0o755);
    chmodSync(dataDir, 0o755);
    const r = await serveAs(dataDir, NONROOT);
    expect(r.status).toBe(1);
    expect(r.stdout).toBe("");
    const owner = /^root:/m.test(readFileSync("/etc/passwd", "utf8")) ? "root (uid 0)" : "uid 0";
    const me = /^[^:]+:[^:]*:65532:/m.test(readFileSync("/etc/passwd", "utf8")) ? /uid 65532\)/ : /uid 65532\./;
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toStartWith(`shopflow: cannot write to DATA_DIR ${dataDir}: it is owned by ${owner} and the server runs as `);
    expect(lines[0]).toMatch(me);
    expect(lines[0]).toEndWith(`Fix it on the host: sudo chown -R 65532:65532 <the folder mounted at ${dataDir}> (or use a named volume)`);
    expect(r.stderr).not.toMatch(/SQLITE_CANTOPEN|\n\s+at |Bun v\d/);
    expect(readdirSync(dataDir)).toEqual([]);
  }, 60_000);

  test("a file in it owned by root: named, with the same fix", async () => {
    const dataDir = path.join(tempDir("root-file"), "data");
    const first = await startChild({ dataDir, env: { ADMIN_PIN: "1234" } });
    first.process.kill("SIGTERM");
    await first.exited;
    // The folder is the container user's, the database still root's (a restore by hand as root).
    spawnSync("chown", [`${NONROOT}:${NONROOT}`, dataDir, path.join(dataDir, "secret.key"), path.join(dataDir, "shopflow.lock")]);
    chmodSync(path.dirname(dataDir), 0o755);
    const r = await serveAs(dataDir, NONROOT);
    expect(r.status).toBe(1);
    const lines = r.stderr.trimEnd().split("\n");
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(`cannot write to DATA_DIR ${dataDir}: ${path.join(dataDir, "shopflow.db")} is owned by`);
    expect(lines[0]).toContain("chown -R 65532:65532");
  }, 60_000);
});

test("its own folder, closed to it by its mode: the chmod, not a chown", async () => {
  const dataDir = path.join(tempDir("own-closed"), "data");
  mkdirSync(dataDir);
  chmodSync(path.dirname(dataDir), 0o755);
  chownSync(dataDir, NONROOT, NONROOT);
  chmodSync(dataDir, 0o500);
  const r = await serveAs(dataDir, NONROOT);
  expect(r.status).toBe(1);
  expect(r.stderr).toBe(
    `shopflow: cannot write to DATA_DIR ${dataDir}: its mode (500) does not let its owner read and write it. Fix it with: chmod -R u+rwX ${dataDir}\n`,
  );
}, 60_000);

describe("a clean stop", () => {
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    test(`${signal}: 'Stopped cleanly', exit 0`, async () => {
      const dataDir = path.join(tempDir("stop"), "data");
      const server = await startChild({ dataDir, env: { ADMIN_PIN: "1234" } });
      server.process.kill(signal);
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain(`Stopped cleanly (data: ${dataDir})\n`);
    }, 60_000);
  }
});

describe("/healthz as README.md says", () => {
  test("200 and 503 bodies are the ones README's Health paragraph shows", async () => {
    const readme = readFileSync(path.join(ROOT, "README.md"), "utf8");
    const health = /\*\*Health\.\*\* `GET \/healthz` answers 200 `([^`]+)` while the database answers, 503 `([^`]+)` otherwise/.exec(readme);
    expect(health, "README's Health paragraph").not.toBeNull();
    const app = createApp();
    const ok = await app.client().request("/healthz");
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual(JSON.parse(health![1]!));
    const log = console.error;
    console.error = () => undefined;
    try {
      app.db.$client.close();
      const down = await app.client().request("/healthz");
      expect(down.status).toBe(503);
      expect(await down.json()).toEqual(JSON.parse(health![2]!));
    } finally {
      console.error = log;
    }
  });
});
