import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  chmodSync,
  chownSync,
  cpSync,
  lstatSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
  writeSync,
  closeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BUN, ROOT, signInHeaders, startChild } from "../helpers/child-server";

// `restore` checks the backup before it touches anything (docs/product.md, Decisions: Backups and restores): each
// cause is refused with a sentence naming it, exit code 1, and DATA_DIR byte for byte (every file's bytes and
// mode) as it was. Real `bun server.ts` processes; the 'cannot be read by this user' cases run the command as the
// container's user, uid 65532, on a backup root copied with `cp -r`.

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

/** Every path under `root` with its mode, owner and, for files, the SHA-256 of its bytes. */
function snapshot(root: string): Record<string, string> {
  const out: Record<string, string> = {};
  const add = (p: string) => {
    const st = lstatSync(p);
    const facts = `${(st.mode & 0o7777).toString(8)} ${st.uid}`;
    out[path.relative(root, p) || "."] = st.isFile() ? `${facts} ${createHash("sha256").update(readFileSync(p)).digest("hex")}` : facts;
  };
  add(root);
  for (const e of readdirSync(root, { withFileTypes: true, recursive: true })) add(path.join(e.parentPath, e.name));
  return out;
}

const cli = (dataDir: string, args: string[], uid?: number) =>
  spawnSync(BUN, ["server.ts", ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, ADMIN_PIN: "" },
    encoding: "utf8",
    timeout: 60_000,
    ...(uid === undefined ? {} : { uid, gid: uid }),
  });

let dataDir = "";
let good = "";
let emptyShop = "";

beforeAll(async () => {
  // A shop with something in it, and a backup of it made while the server ran.
  dataDir = path.join(tempDir("restore-data"), "data");
  const server = await startChild({ dataDir, env: { ADMIN_PIN: "1234" } });
  const h = await signInHeaders(server.url, "1234");
  expect(
    (await fetch(`${server.url}/api/materials`, { method: "POST", headers: h, body: JSON.stringify({ name: "Acrylic", category: "Sheet" }) })).status,
  ).toBe(201);
  mkdirSync(path.join(dataDir, "designs"), { mode: 0o700 });
  writeFileSync(path.join(dataDir, "designs", "p1.pdf"), "%PDF-1.4 current", { mode: 0o600 });
  good = path.join(tempDir("restore-good"), "b");
  const made = cli(dataDir, ["backup", good]);
  expect(made.status, made.stderr).toBe(0);
  server.process.kill("SIGTERM");
  expect(await server.exited).toBe(0);
  // A shop as its first start leaves it: the administrator and nothing else.
  const freshDir = path.join(tempDir("restore-fresh"), "data");
  const fresh = await startChild({ dataDir: freshDir, env: { ADMIN_PIN: "1234" } });
  emptyShop = path.join(tempDir("restore-empty-shop"), "b");
  expect(cli(freshDir, ["backup", emptyShop]).status).toBe(0);
  fresh.process.kill("SIGTERM");
  await fresh.exited;
}, 180_000);

/** A copy of the good backup, changed by `spoil`, in a folder named `name`. */
function spoiled(name: string, spoil: (dir: string) => void): string {
  const dir = path.join(tempDir("restore-bad"), name);
  cpSync(good, dir, { recursive: true });
  spoil(dir);
  return dir;
}

function expectRefused(args: string[], sentence: string | RegExp, uid?: number) {
  const before = snapshot(dataDir);
  const r = cli(dataDir, ["restore", ...args], uid);
  expect(r.status, r.stdout + r.stderr).toBe(1);
  const lines = r.stderr.trim().split("\n");
  expect(lines).toHaveLength(1);
  if (typeof sentence === "string") expect(lines[0]).toBe(sentence);
  else expect(lines[0]).toMatch(sentence);
  expect(lines[0]).toContain("nothing was changed");
  expect(r.stdout).not.toContain("Restored");
  expect(snapshot(dataDir)).toEqual(before);
}

describe("restore refuses before it touches anything", () => {
  test("a .partial folder a stopped backup left", () => {
    const partial = spoiled(".shopflow-auto-20261126-020000.partial", () => undefined);
    expectRefused([partial], `This backup did not finish (${partial} is the temporary folder of a backup that was stopped or failed): nothing was changed`);
  });

  test("an empty shopflow.db (0 bytes)", () => {
    const dir = spoiled("empty-file", (d) => writeFileSync(path.join(d, "shopflow.db"), ""));
    expectRefused([dir], "This backup's shopflow.db is empty (0 bytes, no shop in it): nothing was changed");
  });

  test("a damaged database (PRAGMA integrity_check)", () => {
    const dir = spoiled("damaged", (d) => {
      const fd = openSync(path.join(d, "shopflow.db"), "r+");
      // Garbage over pages 3 to 6: the header still says SQLite, the b-trees do not add up.
      writeSync(fd, Buffer.alloc(4 * 4096, 0x5a), 0, 4 * 4096, 2 * 4096);
      closeSync(fd);
    });
    expectRefused([dir], /^This backup's shopflow\.db (is damaged \(PRAGMA integrity_check: .+\)|cannot be opened \(.+\)): nothing was changed$/);
  });

  test("another program's database, and one without the migration record", () => {
    const foreign = spoiled("foreign", (d) => {
      rmSync(path.join(d, "shopflow.db"));
      const db = new Database(path.join(d, "shopflow.db"), { create: true });
      db.run("CREATE TABLE invoices (id INTEGER PRIMARY KEY)");
      db.close();
    });
    expectRefused([foreign], "This backup's shopflow.db holds no Shopflow tables: it is not a Shopflow database: nothing was changed");
    const unrecorded = spoiled("unrecorded", (d) => {
      const db = new Database(path.join(d, "shopflow.db"));
      db.run("DELETE FROM __drizzle_migrations");
      db.close();
    });
    expectRefused([unrecorded], "This backup's shopflow.db has no migration record: it is not a Shopflow database: nothing was changed");
  });

  test("an empty shop unless --allow-empty", () => {
    expectRefused(
      [emptyShop],
      "This backup holds an empty shop (no departments, projects, workflows or materials; 1 team member): restoring it would leave the shop with nothing: nothing was changed. Add --allow-empty to restore it anyway",
    );
    // Asked for: restored, on a copy of the data directory.
    const copy = path.join(tempDir("restore-allow"), "data");
    cpSync(dataDir, copy, { recursive: true });
    const r = cli(copy, ["restore", emptyShop, "--allow-empty"]);
    expect(r.status, r.stderr).toBe(0);
    expect(r.stdout).toContain(`Restored from ${emptyShop}.`);
  });

  test("no secret.key", () => {
    const dir = spoiled("no-secret", (d) => rmSync(path.join(d, "secret.key")));
    expectRefused([dir], "This backup has no secret.key (every PIN and signed link depends on it): nothing was changed");
  });

  test("a secret.key or a design this user cannot read (uid 65532, a backup copied by root)", () => {
    // The data directory is the container user's, as in the image; the backup root's, as `cp -r` by root leaves it.
    for (const e of [dataDir, ...readdirSync(dataDir, { recursive: true }).map((n) => path.join(dataDir, String(n)))]) chownSync(e, NONROOT, NONROOT);
    chmodSync(path.dirname(dataDir), 0o755);
    const readableBut = (name: string, hide: string) =>
      spoiled(name, (d) => {
        mkdirSync(path.join(d, "designs"), { recursive: true });
        writeFileSync(path.join(d, "designs", "p2.pdf"), "%PDF-1.4 backup");
        chmodSync(path.dirname(d), 0o755);
        for (const p of [d, path.join(d, "designs")]) chmodSync(p, 0o755);
        for (const p of ["shopflow.db", "secret.key", "designs/p1.pdf", "designs/p2.pdf"]) chmodSync(path.join(d, p), 0o644);
        chmodSync(path.join(d, hide), 0o600);
      });
    const secret = readableBut("secret-unreadable", "secret.key");
    expectRefused([secret], "This backup's secret.key cannot be read by this user (uid 65532): nothing was changed", NONROOT);
    const design = readableBut("design-unreadable", "designs/p2.pdf");
    expectRefused([design], "This backup's designs/p2.pdf cannot be read by this user (uid 65532): nothing was changed", NONROOT);
    // Once readable, the same user restores it, and what it wrote is its own and owner-only.
    chmodSync(path.join(design, "designs/p2.pdf"), 0o644);
    const r = cli(dataDir, ["restore", design], NONROOT);
    expect(r.status, r.stderr).toBe(0);
    const after = snapshot(dataDir);
    for (const p of ["shopflow.db", "secret.key", "designs/p2.pdf"]) expect(after[p]!.split(" ").slice(0, 2), p).toEqual(["600", String(NONROOT)]);
  });
});
