import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BUN, ROOT, signInHeaders, startChild } from "../helpers/child-server";
import { seedShop } from "../helpers/shop";

// The shop's files are the owner's alone (docs/product.md, Decisions: Files on disk): with umask 022 every file and
// folder the server, an upload, a backup or a restore makes is 0600 / 0700, and a start on looser files tightens them
// and says so once. The servers and commands are real processes started with umask 022; the uploads run in this
// process, also under umask 022, so the modes the code names are what is checked there.

const dirs: string[] = [];
const tempDir = (label: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `shopflow-${label}-`));
  dirs.push(d);
  return d;
};
let oldUmask = 0;
beforeAll(() => {
  oldUmask = process.umask(0o022);
});
afterAll(() => {
  process.umask(oldUmask);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every path under `root` (itself as ".") with its permission bits in octal. */
function modes(root: string): Record<string, string> {
  const out: Record<string, string> = { ".": (lstatSync(root).mode & 0o777).toString(8) };
  for (const e of readdirSync(root, { withFileTypes: true, recursive: true })) {
    const p = path.join(e.parentPath, e.name);
    out[path.relative(root, p)] = (lstatSync(p).mode & 0o777).toString(8);
  }
  return out;
}

/** Paths whose mode is not owner-only: folders other than 700, files other than 600. */
function open(root: string): string[] {
  return Object.entries(modes(root))
    .filter(([p, m]) => m !== (lstatSync(path.join(root, p)).isDirectory() ? "700" : "600"))
    .map(([p, m]) => `${p} ${m}`);
}

const cli = (dataDir: string, ...args: string[]) =>
  spawnSync(BUN, ["server.ts", ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir, ADMIN_PIN: "" }, encoding: "utf8", timeout: 60_000 });

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52, 0, 0, 0, 1, 0, 0, 0, 1, 8, 6, 0, 0, 0]);
const PDF = "%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

describe("files on disk are owner-only under umask 022", () => {
  test("after a start, a backup and a restore: DATA_DIR, database files, secret, lock, backups and before-restore are 0700/0600", async () => {
    expect(process.umask()).toBe(0o022);
    const dataDir = path.join(tempDir("modes"), "data");
    const server = await startChild({ dataDir, env: { ADMIN_PIN: "1234" } });
    const h = await signInHeaders(server.url, "1234");
    expect(
      (await fetch(`${server.url}/api/materials`, { method: "POST", headers: h, body: JSON.stringify({ name: "Acrylic", category: "Sheet" }) })).status,
    ).toBe(201);
    const started = modes(dataDir);
    expect(started).toMatchObject({
      ".": "700",
      "shopflow.db": "600",
      "shopflow.db-wal": "600",
      "shopflow.db-shm": "600",
      "secret.key": "600",
      "shopflow.lock": "600",
      "shopflow.pid": "600",
    });
    expect(open(dataDir)).toEqual([]);

    // The backup command while the server runs, into a folder it makes.
    const backupDir = path.join(tempDir("modes-backup"), "nightly", "b1");
    const made = cli(dataDir, "backup", backupDir);
    expect(made.status, made.stderr).toBe(0);
    expect(modes(backupDir)).toMatchObject({ ".": "700", "shopflow.db": "600", "secret.key": "600" });
    expect(open(backupDir)).toEqual([]);

    server.process.kill("SIGTERM");
    expect(await server.exited).toBe(0);
    const restored = cli(dataDir, "restore", backupDir);
    expect(restored.status, restored.stderr).toBe(0);
    const after = modes(dataDir);
    const before = Object.keys(after).find((p) => /^before-restore-\d{8}-\d{6}$/.test(p))!;
    expect(after).toMatchObject({ ".": "700", "shopflow.db": "600", "secret.key": "600", [before]: "700", [`${before}/shopflow.db`]: "600" });
    expect(open(dataDir)).toEqual([]);
  }, 180_000);

  test("a start on files others can read tightens them and says so in one line, once", async () => {
    const dataDir = path.join(tempDir("loose"), "data");
    const first = await startChild({ dataDir, env: { ADMIN_PIN: "1234" } });
    first.process.kill("SIGTERM");
    await first.exited;
    // As a copy with `cp -r` under umask 022, or an older version, leaves them.
    mkdirSync(path.join(dataDir, "designs"));
    writeFileSync(path.join(dataDir, "designs", "p1.pdf"), PDF);
    chmodSync(dataDir, 0o755);
    chmodSync(path.join(dataDir, "designs"), 0o755);
    for (const f of ["shopflow.db", "secret.key", "designs/p1.pdf"]) chmodSync(path.join(dataDir, f), 0o644);
    const second = await startChild({ dataDir, env: { ADMIN_PIN: "1234" } });
    expect(open(dataDir)).toEqual([]);
    const lines = second
      .output()
      .split("\n")
      .filter((l) => l.includes("owner-only"));
    expect(lines).toEqual([`Made ${dataDir} private: 5 files or folders open to other accounts are now owner-only (folders 0700, files 0600)`]);
    second.process.kill("SIGTERM");
    await second.exited;
    const third = await startChild({ dataDir, env: { ADMIN_PIN: "1234" } });
    expect(third.output()).not.toContain("owner-only");
    third.process.kill("SIGTERM");
    await third.exited;
  }, 180_000);

  test("an uploaded design (both ways) and the shop's logo are 0600 in 0700 folders", async () => {
    const dataDir = tempDir("uploads");
    const {
      clients: { pm, admin },
      projectIds: [projectId],
    } = await seedShop({
      env: { DATA_DIR: dataDir },
      members: {
        pm: { name: "Pat PM", pin: "1111", keys: ["project-management"], ip: "10.0.0.2" },
        admin: { name: "Ada", pin: "4321", keys: ["management"], ip: "10.0.0.1" },
      },
      departments: ["Production"],
      workflow: { name: "W", departmentSequence: ["production"] },
      projects: [{ name: "Job", by: "pm" }],
    });
    const { uploadURL } = await (await pm.request(`/api/projects/${projectId}/design/upload-url`, { method: "POST" })).json();
    expect((await pm.request(uploadURL, { method: "PUT", headers: { "content-type": "application/pdf" }, body: PDF })).status).toBe(200);
    const form = new FormData();
    form.set("file", new File([PDF], "scan.pdf", { type: "application/pdf" }));
    expect((await pm.request(`/api/projects/${projectId}/design`, { method: "POST", body: form })).status).toBe(201);
    const logo = new FormData();
    logo.append("intent", "logo");
    logo.append("logo", new File([PNG], "logo.png", { type: "image/png" }));
    expect((await admin.request("/settings/customer-page", { method: "POST", body: logo })).status).toBe(302);
    const found = modes(dataDir);
    expect(found.designs).toBe("700");
    expect(found.branding).toBe("700");
    const files = Object.entries(found).filter(([p]) => /^(designs|branding)\//.test(p));
    expect(files.filter(([p]) => p.startsWith("designs/")).length).toBeGreaterThanOrEqual(1);
    expect(files.filter(([p]) => p.startsWith("branding/")).length).toBe(1);
    expect(files.filter(([, m]) => m !== "600")).toEqual([]);
  });
});
