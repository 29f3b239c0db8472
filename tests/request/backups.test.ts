import { afterAll, describe, expect, test } from "bun:test";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { auditLog, backupRuns } from "#db/schema";
import { visibleHtml, type Client, hooks } from "../helpers/app";
import { open } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";

const { backUpByHand, openDatabase, setDb, startBackupScheduler } = hooks;

// Global Settings → Backups (docs/decisions/0044-automatic-backups.md): what it says when BACKUP_DIR is not set,
// 'Back up now' (audited) and the last and next backups, and a failed backup shown to management on the page,
// on Global Settings and on Home, not to other staff.

const dirs: string[] = [];
const tempDir = (label: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `shopflow-${label}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  setDb(undefined);
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const members = { admin: { name: "Ada", pin: "4321", keys: ["management"] }, staff: { name: "Otto", pin: "2222", keys: ["production"] } };

/** A shop whose database is a file in DATA_DIR, as the server's is: the backup copies that file. */
async function shop(env: Record<string, string>) {
  const dataDir = tempDir("data");
  const s = await seedShop({ env: { DATA_DIR: dataDir, ...env }, ipBase: "10.44.0", members });
  const file = path.join(dataDir, "shopflow.db");
  writeFileSync(file, s.app.db.$client.serialize());
  const db = openDatabase(file);
  setDb(db);
  return { ...s, db, dataDir };
}

const backUpNow = (c: Client) => c.request("/settings/backups", { method: "POST", form: { intent: "backup-now" } });
const toastOf = async (c: Client, res: Response) => {
  expect(res.status).toBe(302);
  return visibleHtml(await c.request(res.headers.get("location")!));
};

describe("Backups page", () => {
  test("without BACKUP_DIR it says backups are off and what to set, with an example", async () => {
    const { clients } = await shop({});
    const html = await visibleHtml(await clients.admin.request("/settings/backups"));
    expect(html).toContain("Automatic backups are off");
    expect(html).toContain("BACKUP_DIR=/mnt/nas/shopflow\nBACKUP_EVERY=24h\nBACKUP_KEEP=14");
    expect(html).not.toContain("Back up now");
    expect(await toastOf(clients.admin, await backUpNow(clients.admin))).toContain("Set BACKUP_DIR where the server is started, then restart Shopflow.");
    // Global Settings links to it.
    expect(await visibleHtml(await clients.admin.request("/settings"))).toContain('href="/settings/backups"');
  });

  test("management only; 'Back up now' refused cross-site", async () => {
    const { clients } = await shop({ BACKUP_DIR: tempDir("backups") });
    expect((await clients.staff.request("/settings/backups")).status).toBe(403);
    expect((await backUpNow(clients.staff)).status).toBe(403);
    const res = await clients.admin.request("/settings/backups", {
      method: "POST",
      form: { intent: "backup-now" },
      headers: { origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
  });

  test("'Back up now' makes a checked backup, audited under the manager's name; the page shows the last and the next", async () => {
    const backups = tempDir("backups");
    const { clients, db } = await shop({ BACKUP_DIR: backups, BACKUP_EVERY: "6h", BACKUP_KEEP: "5" });
    const scheduler = startBackupScheduler({ dir: backups, everyMs: 6 * 3_600_000, keep: 5 }, { timers: false, log: () => undefined });
    try {
      let html = await visibleHtml(await clients.admin.request("/settings/backups"));
      expect(html).toContain("None yet: the first one runs shortly after the server starts.");
      expect(html).toContain("Shopflow backs up every 6 hours into");
      expect(html).toContain("keeps the newest 5");
      // The page's own button, as a browser without JavaScript presses it: a post, then back on the page.
      const landed = await (await open(clients.admin, "/settings/backups")).form({ button: "Back up now" }).submit("Back up now");
      expect(landed.redirects).toEqual(["/settings/backups"]);
      expect(landed.$$('[role="status"]').some((el) => (el.textContent ?? "").includes("Backup made"))).toBe(true);
      const [folder] = readdirSync(backups);
      expect(folder).toMatch(/^shopflow-auto-\d{8}-\d{6}$/);
      const run = db.select().from(backupRuns).get()!;
      expect(run).toMatchObject({ ok: true, path: path.join(backups, folder!) });
      expect(
        db
          .select()
          .from(auditLog)
          .all()
          .filter((a) => a.entity === "backup"),
      ).toMatchObject([{ action: "backup-now", actorName: "Ada", entityId: String(run.id), after: { path: run.path, sizeBytes: run.sizeBytes } }]);
      html = await visibleHtml(await clients.admin.request("/settings/backups"));
      expect(html).toContain(path.join(backups, folder!));
      expect(html).toMatch(/Size<\/dt><dd[^>]*>\d+ KB/);
      expect(html).toMatch(/Took<\/dt><dd[^>]*>\d+(\.\d)? m?s/);
      // Next: six hours after this one started.
      expect(html).toContain("in 6 hours");
    } finally {
      await scheduler.stop();
    }
  });

  test("a failing backup folder is recorded, audited and shown to management on the page, Global Settings and Home", async () => {
    const missing = path.join(tempDir("backups"), "nas");
    const { clients, db } = await shop({ BACKUP_DIR: missing });
    const why = `The backup folder ${missing} does not exist. Is the disk or NAS mounted?`;
    expect(await toastOf(clients.admin, await backUpNow(clients.admin))).toContain(why);
    expect(db.select().from(backupRuns).get()).toMatchObject({ ok: false, path: missing });
    expect(
      db
        .select()
        .from(auditLog)
        .all()
        .filter((a) => a.entity === "backup"),
    ).toMatchObject([{ action: "backup-now-failed", actorName: "Ada" }]);
    const page = await visibleHtml(await clients.admin.request("/settings/backups"));
    expect(page).toContain("The last backup failed");
    expect(page).toContain(why);
    expect(page).toContain("There is no good backup yet.");
    for (const p of ["/settings", "/"]) {
      const html = await visibleHtml(await clients.admin.request(p));
      expect(html, p).toContain('data-testid="backup-failure-notice"');
      expect(html, p).toContain(why);
    }
    expect(await visibleHtml(await clients.staff.request("/"))).not.toContain('data-testid="backup-failure-notice"');
    // Once a backup works again the notices go; the page still names the last failure.
    db.delete(backupRuns).run();
    db.insert(backupRuns)
      .values([
        { startedAt: new Date(Date.now() - 7_200_000), finishedAt: new Date(Date.now() - 7_199_000), path: missing, ok: false, error: why },
        {
          startedAt: new Date(Date.now() - 3_600_000),
          finishedAt: new Date(Date.now() - 3_599_000),
          path: `${missing}/x`,
          ok: true,
          sizeBytes: 5 << 20,
          durationMs: 900,
        },
      ])
      .run();
    for (const p of ["/settings", "/"]) expect(await visibleHtml(await clients.admin.request(p)), p).not.toContain('data-testid="backup-failure-notice"');
    const now = await visibleHtml(await clients.admin.request("/settings/backups"));
    expect(now).not.toContain("The last backup failed");
    expect(now).toMatch(/Last failure: [^<]+\(2 hours ago\): The backup folder/);
    expect(now).toContain("5.0 MB");
  });

  test("the backup command's backups are listed too; the schedule and the failure notice count only automatic ones", async () => {
    const backups = tempDir("backups");
    const { clients, db } = await shop({ BACKUP_DIR: backups, BACKUP_EVERY: "6h" });
    const scheduler = startBackupScheduler({ dir: backups, everyMs: 6 * 3_600_000, keep: 5 }, { timers: false, log: () => undefined });
    try {
      const due = scheduler.nextAt();
      const dest = path.join(tempDir("manual"), "before-upgrade");
      expect(backUpByHand(dest)).toBe(dest);
      // A file where the folder should be: the command fails, and that is recorded too.
      const blocked = path.join(tempDir("manual"), "blocked");
      writeFileSync(blocked, "");
      expect(() => backUpByHand(path.join(blocked, "b"))).toThrow();
      const runs = db.select().from(backupRuns).all();
      expect(runs).toMatchObject([
        { kind: "manual", ok: true, path: dest },
        { kind: "manual", ok: false, error: expect.stringContaining("ENOTDIR") },
      ]);
      expect(scheduler.nextAt()).toBe(due);
      const html = await visibleHtml(await clients.admin.request("/settings/backups"));
      expect(html).toContain("by the backup command");
      expect(html).toContain(`Restorable: ${dest}`);
      expect(html).not.toContain("The last backup failed");
      expect(await visibleHtml(await clients.admin.request("/"))).not.toContain('data-testid="backup-failure-notice"');
    } finally {
      await scheduler.stop();
    }
    // Without BACKUP_DIR the page still lists them.
    const off = await shop({});
    backUpByHand(path.join(tempDir("manual"), "x"));
    expect(await visibleHtml(await off.clients.admin.request("/settings/backups"))).toContain("by the backup command");
  });

  test("only folders still on disk are restorable: one BACKUP_KEEP removed is marked removed", async () => {
    const backups = tempDir("backups");
    const { clients, db } = await shop({ BACKUP_DIR: backups });
    const kept = path.join(backups, "shopflow-auto-20261125-020000");
    const pruned = path.join(backups, "shopflow-auto-20261124-020000");
    mkdirSync(kept);
    db.insert(backupRuns)
      .values([
        {
          startedAt: new Date(Date.now() - 2 * 86_400_000),
          finishedAt: new Date(Date.now() - 2 * 86_400_000 + 1000),
          path: pruned,
          ok: true,
          sizeBytes: 1 << 20,
          durationMs: 900,
        },
        {
          startedAt: new Date(Date.now() - 86_400_000),
          finishedAt: new Date(Date.now() - 86_400_000 + 1000),
          path: kept,
          ok: true,
          sizeBytes: 1 << 20,
          durationMs: 900,
        },
      ])
      .run();
    const html = await visibleHtml(await clients.admin.request("/settings/backups"));
    expect(html).toContain(`Restorable: ${kept}`);
    expect(html).not.toContain(`Restorable: ${pruned}`);
    expect(html).toMatch(new RegExp(`Removed</span>[^]*Its folder <span[^>]*>${pruned}</span> is gone`));
    rmSync(kept, { recursive: true });
    const gone = await visibleHtml(await clients.admin.request("/settings/backups"));
    expect(gone).not.toContain("Restorable:");
    expect(gone).toContain("Its folder is gone: it cannot be restored.");
  });

  test("the data restores replaced: listed with its size, removed by management without JavaScript, audited", async () => {
    const { clients, db, dataDir } = await shop({});
    const folder = "before-restore-20261120-101500";
    mkdirSync(path.join(dataDir, folder, "designs"), { recursive: true });
    writeFileSync(path.join(dataDir, folder, "shopflow.db"), Buffer.alloc(3 * 1024 * 1024));
    writeFileSync(path.join(dataDir, folder, "designs", "p1.pdf"), "%PDF-1.4");
    const page = await open(clients.admin, "/settings/backups");
    expect(page.text()).toContain("Data replaced by restores");
    expect(page.text()).toContain(folder);
    expect(page.text()).toContain("3.0 MB");
    // Other staff get no page and no removal; another site cannot remove it either.
    expect((await clients.staff.request("/settings/backups")).status).toBe(403);
    const post = (c: Client, headers: Record<string, string> = {}) =>
      c.request("/settings/backups", { method: "POST", form: { intent: "remove-before-restore", folder }, headers });
    expect((await post(clients.staff)).status).toBe(403);
    expect((await post(clients.admin, { origin: "https://evil.example" })).status).toBe(403);
    // Only such a folder, by its name: nothing else in DATA_DIR can be named.
    for (const name of ["../x", "designs", "shopflow.db", `${folder}/designs`]) {
      const res = await clients.admin.request("/settings/backups", { method: "POST", form: { intent: "remove-before-restore", folder: name } });
      expect(await toastOf(clients.admin, res)).toContain("Nothing removed");
    }
    expect(existsSync(path.join(dataDir, folder, "designs", "p1.pdf"))).toBe(true);
    const landed = await page.form({ button: `Remove ${folder}` }).submit(`Remove ${folder}`);
    expect(landed.redirects).toEqual(["/settings/backups"]);
    expect(landed.$$('[role="status"]').some((el) => (el.textContent ?? "").includes("Folder removed"))).toBe(true);
    expect(existsSync(path.join(dataDir, folder))).toBe(false);
    expect(landed.$$('[data-testid="before-restore-folder"]')).toHaveLength(0);
    expect(
      db
        .select()
        .from(auditLog)
        .all()
        .filter((a) => a.action === "remove-before-restore"),
    ).toMatchObject([{ actorName: "Ada", entity: "backup", entityId: folder, before: { name: folder, sizeBytes: 3 * 1024 * 1024 + 8 } }]);
  });
});
