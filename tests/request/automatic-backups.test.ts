import { afterAll, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BUN, ROOT, signInHeaders, startChild } from "../helpers/child-server";
import { until } from "../helpers/wait";

// Automatic backups end to end (docs/decisions/0044-automatic-backups.md): a real server process with a short
// BACKUP_EVERY makes backups by itself while it serves, keeps BACKUP_KEEP of them, and the newest restores into a
// new data directory that a new server starts on and answers from, with the same PINs (the secret came along).

const dirs: string[] = [];
const tempDir = (label: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `shopflow-${label}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const made = (output: string) => output.split("\n").filter((l) => l.startsWith("Backup made:")).length;

test(
  "a server with BACKUP_EVERY=2s backs itself up, keeps BACKUP_KEEP, and its newest backup restores into a new data directory that serves the data",
  async () => {
    const dataDir = tempDir("data");
    const backupDir = tempDir("nas");
    let projectId = 0;
    const child = await startChild({ dataDir, env: { DEMO: "1", BACKUP_DIR: backupDir, BACKUP_EVERY: "2s", BACKUP_KEEP: "2" } });
    try {
      expect(child.output()).toContain(`Automatic backups every 2 seconds into ${backupDir}, keeping the newest 2`);
      const headers = await signInHeaders(child.url, "1234");
      const workflows = (await (await fetch(`${child.url}/api/workflows`, { headers })).json()) as { id: number }[];
      await until(() => made(child.output()) >= 1);
      // A change after the first backup: the newest backup must hold it.
      const res = await fetch(`${child.url}/api/projects`, {
        method: "POST",
        headers,
        body: JSON.stringify({ name: "Made after the first backup", description: "d", workflowId: workflows[0]!.id }),
      });
      expect(res.status).toBe(201);
      projectId = ((await res.json()) as { id: number }).id;
      const after = made(child.output());
      await until(() => made(child.output()) >= after + 2);
      // The page shows it.
      const page = await (await fetch(`${child.url}/settings/backups`, { headers })).text();
      expect(page).toContain("Last backup");
      expect(page).toContain(backupDir);
      child.process.kill("SIGTERM");
      expect(await child.exited).toBe(0);
    } finally {
      child.process.kill("SIGKILL");
    }
    expect(child.output()).not.toContain("Backup failed");
    // BACKUP_KEEP=2: two finished backup folders, no temporary one left behind by the stop.
    const folders = readdirSync(backupDir).sort();
    expect(folders, child.output()).toHaveLength(2);
    for (const f of folders) expect(f).toMatch(/^shopflow-auto-\d{8}-\d{6}(-\d+)?$/);
    const newest = path.join(backupDir, folders.at(-1)!);
    expect(existsSync(path.join(newest, "secret.key"))).toBe(true);

    const restoredDir = path.join(tempDir("restored"), "data");
    const restore = spawnSync(BUN, ["server.ts", "restore", newest], { cwd: ROOT, env: { ...process.env, DATA_DIR: restoredDir }, encoding: "utf8" });
    expect(restore.status, restore.stderr).toBe(0);
    const restored = await startChild({ dataDir: restoredDir });
    try {
      const h = await signInHeaders(restored.url, "1234");
      const res = await fetch(`${restored.url}/api/projects/${projectId}`, { headers: h });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { name: string }).name).toBe("Made after the first backup");
    } finally {
      restored.process.kill("SIGTERM");
      await restored.exited;
    }
  },
  { timeout: 240_000 },
);
