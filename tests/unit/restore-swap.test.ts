import { afterAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { cpSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { departments, teamMembers } from "#db/schema";
import { writeBackupCopy } from "~/infra/backup-copy";
import { RestoreRefused, restoreInto } from "~/infra/backup.server";
import { openDatabase } from "~/infra/db.server";

// The restore's swap (infra/backup.server.ts): the backup's files are prepared beside the data, then renamed into
// place; a rename that fails part-way puts back every file already moved, so DATA_DIR is byte for byte as it was.

const dirs: string[] = [];
const tempDir = (label: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `shopflow-${label}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

/** Every path under `root` with its mode and, for files, the SHA-256 of its bytes. */
export function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const e of readdirSync(root, { withFileTypes: true, recursive: true })) {
    const p = path.join(e.parentPath, e.name);
    const mode = (lstatSync(p).mode & 0o7777).toString(8);
    out[path.relative(root, p)] = e.isFile() ? `${mode} ${createHash("sha256").update(readFileSync(p)).digest("hex")}` : mode;
  }
  return out;
}

/** A data directory (or a backup of one) holding a shop named `name`, its secret and one design. */
function shopFolder(label: string, name: string, secret: string): string {
  const dir = tempDir(label);
  const db = openDatabase(path.join(dir, "shopflow.db"));
  db.insert(teamMembers).values({ name, pinHash: "x" }).run();
  db.insert(departments).values({ name: "Production", value: "production" }).run();
  db.$client.run("PRAGMA wal_checkpoint(TRUNCATE)");
  db.$client.close();
  rmSync(path.join(dir, "shopflow.db-wal"), { force: true });
  rmSync(path.join(dir, "shopflow.db-shm"), { force: true });
  writeFileSync(path.join(dir, "secret.key"), secret.repeat(32));
  mkdirSync(path.join(dir, "designs"));
  writeFileSync(path.join(dir, "designs", `${name}.pdf`), `%PDF-1.4 ${name}`);
  return dir;
}

describe("the restore's swap", () => {
  test("a rename failing at any step puts every moved file back: DATA_DIR byte for byte as before", () => {
    const backup = shopFolder("swap-backup", "Backup", "ab");
    const pristine = shopFolder("swap-data", "Current", "cd");
    // The swap renames the database, the secret and the designs aside (3), then the backup's into place (3).
    for (let failAt = 1; failAt <= 6; failAt++) {
      const dataDir = tempDir(`swap-${failAt}`);
      cpSync(pristine, dataDir, { recursive: true });
      const before = snapshot(dataDir);
      let calls = 0;
      const rename = (a: string, b: string) => {
        if (++calls === failAt) throw new Error("EIO: the disk went away");
        require("node:fs").renameSync(a, b);
      };
      let error: Error | null = null;
      try {
        restoreInto(dataDir, backup, { rename });
      } catch (e) {
        error = e as Error;
      }
      expect(error, `fail at ${failAt}`).toBeInstanceOf(RestoreRefused);
      expect(error!.message).toBe("The restore failed while moving the files (EIO: the disk went away) and put every file back: nothing was changed");
      expect(snapshot(dataDir), `fail at ${failAt}`).toEqual(before);
    }
  });

  test("without a failure the backup's files are in place and the replaced ones in before-restore-<time>", () => {
    const backup = shopFolder("ok-backup", "Backup", "ab");
    const dataDir = shopFolder("ok-data", "Current", "cd");
    const current = snapshot(dataDir);
    const r = restoreInto(dataDir, backup);
    expect(path.basename(r.previousSavedAs!)).toMatch(/^before-restore-\d{8}-\d{6}$/);
    expect(snapshot(r.previousSavedAs!)).toEqual(current);
    const now = snapshot(dataDir);
    const incoming = snapshot(backup);
    for (const [p, v] of Object.entries(incoming)) expect(now[p]?.split(" ")[1], p).toBe(v.split(" ")[1]);
    // Nothing prepared is left behind.
    expect(readdirSync(dataDir).filter((n) => n.startsWith(".restore-"))).toEqual([]);
  });
});

describe("an automatic backup's copy", () => {
  test("is owner-only under umask 022 and carries the logo, not half-received uploads", () => {
    const old = process.umask(0o022);
    try {
      const dataDir = shopFolder("auto-data", "Current", "cd");
      mkdirSync(path.join(dataDir, "branding"), { mode: 0o755 });
      writeFileSync(path.join(dataDir, "branding", "logo-1.png"), "png", { mode: 0o644 });
      writeFileSync(path.join(dataDir, "designs", ".upload-abc"), "half", { mode: 0o644 });
      const dest = path.join(tempDir("auto-backups"), ".shopflow-auto-20261126-020000.partial");
      writeBackupCopy({ dbFile: path.join(dataDir, "shopflow.db"), dataDir, dest });
      const modes = Object.fromEntries(Object.entries(snapshot(dest)).map(([p, v]) => [p, v.split(" ")[0]]));
      expect(modes).toEqual({
        "shopflow.db": "600",
        "secret.key": "600",
        designs: "700",
        "designs/Current.pdf": "600",
        branding: "700",
        "branding/logo-1.png": "600",
      });
      expect((lstatSync(dest).mode & 0o777).toString(8)).toBe("700");
    } finally {
      process.umask(old);
    }
  });
});
