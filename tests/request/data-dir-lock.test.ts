import { afterAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BUN, freePort, ROOT, signInHeaders, startChild, type Child } from "../helpers/child-server";

// One process owns a data directory: a restore under a running server moved the database aside while the
// server kept writing to the moved file, and every later write was lost. Real `bun server.ts` processes.

const dirs: string[] = [];
const tempDir = (label: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `shopflow-${label}-`));
  dirs.push(d);
  return d;
};
const children: Child[] = [];
afterAll(() => {
  for (const c of children) c.process.kill("SIGKILL");
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const cli = (dataDir: string, ...args: string[]) =>
  spawnSync(BUN, ["server.ts", ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, ADMIN_PIN: "" }, encoding: "utf8", timeout: 60_000 });

async function start(dataDir: string) {
  const child = await startChild({ dataDir, env: { ADMIN_PIN: "1234", ADMIN_NAME: "Owner" } });
  children.push(child);
  return child;
}

async function addMaterial(child: Child, name: string) {
  const h = await signInHeaders(child.url, "1234");
  const res = await fetch(`${child.url}/api/materials`, { method: "POST", headers: h, body: JSON.stringify({ name, category: "Sheet" }) });
  expect(res.status).toBe(201);
}

async function materials(child: Child): Promise<string[]> {
  const h = await signInHeaders(child.url, "1234");
  return ((await (await fetch(`${child.url}/api/materials`, { headers: h })).json()) as { name: string }[]).map((c) => c.name).sort();
}

describe("restore and a running server", () => {
  test("restore refuses while the server runs (exit 1, the sentence, nothing changed); after the server stops it restores", async () => {
    const dataDir = tempDir("lock-data");
    const server = await start(dataDir);
    await addMaterial(server, "In the backup");
    const backupDir = path.join(tempDir("lock-backup"), "b");
    const backup = cli(dataDir, "backup", backupDir);
    expect(backup.status, backup.stderr).toBe(0);
    await addMaterial(server, "After the backup");
    // The database is changed only by the server; the WAL checkpointer may fold pages in at any moment, so
    // "nothing changed" is checked on what a restore would touch: no file moved aside, none replaced.
    const before = readdirSync(dataDir).sort();
    const refused = cli(dataDir, "restore", backupDir);
    expect(refused.status).toBe(1);
    expect(refused.stderr).toBe(`Stop the server first: it is running on this data directory (pid ${server.process.pid})\n`);
    expect(readdirSync(dataDir).sort()).toEqual(before);
    expect(readdirSync(dataDir).some((f) => f.startsWith("before-restore"))).toBe(false);
    // The server still owns its files: a write after the refusal is kept.
    await addMaterial(server, "After the refusal");
    expect(await materials(server)).toEqual(["After the backup", "After the refusal", "In the backup"]);

    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    expect(existsSync(path.join(dataDir, "shopflow.pid"))).toBe(false);
    const restored = cli(dataDir, "restore", backupDir);
    expect(restored.status, restored.stderr).toBe(0);
    const again = await start(dataDir);
    expect(await materials(again)).toEqual(["In the backup"]);
    again.process.kill("SIGTERM");
    await again.exited;
  }, 120_000);

  test("after kill -9 the stale pid file blocks nothing: restore runs and the server starts", async () => {
    const dataDir = tempDir("lock-kill");
    const server = await start(dataDir);
    await addMaterial(server, "Kept");
    const backupDir = path.join(tempDir("lock-kill-backup"), "b");
    expect(cli(dataDir, "backup", backupDir).status).toBe(0);
    server.process.kill("SIGKILL");
    await server.exited;
    // The pid file is still there, naming a dead process.
    expect(readFileSync(path.join(dataDir, "shopflow.pid"), "utf8")).toStartWith(`${server.process.pid} `);
    const restored = cli(dataDir, "restore", backupDir);
    expect(restored.status, restored.stderr).toBe(0);
    const again = await start(dataDir);
    expect(await materials(again)).toEqual(["Kept"]);
    // And after a kill -9 of that one, a new server starts straight away on the same directory.
    again.process.kill("SIGKILL");
    await again.exited;
    const third = await start(dataDir);
    expect(await materials(third)).toEqual(["Kept"]);
    third.process.kill("SIGTERM");
    await third.exited;
  }, 120_000);

  test("a second server on the same DATA_DIR refuses to start and says why; the first keeps serving", async () => {
    const dataDir = tempDir("lock-twice");
    const first = await start(dataDir);
    const secret = readFileSync(path.join(dataDir, "secret.key"));
    const port = String(await freePort());
    const second = spawnSync(BUN, ["server.ts"], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, PORT: port, HOST: "127.0.0.1", NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(second.status).toBe(1);
    expect(second.stderr).toContain(
      `shopflow: Another Shopflow server is already running on this data directory (pid ${first.process.pid}). Stop it first, or give this server its own DATA_DIR.`,
    );
    expect(readFileSync(path.join(dataDir, "secret.key"))).toEqual(secret);
    await addMaterial(first, "Still serving");
    expect(await materials(first)).toEqual(["Still serving"]);
    first.process.kill("SIGTERM");
    await first.exited;
  }, 120_000);
});
