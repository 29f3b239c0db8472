import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrations } from "../../db/migrations.gen";
import { BUN, ROOT, signInHeaders, startChild } from "../helpers/child-server";

// Upgrades: the version before the newest migration runs on a DATA_DIR and fills it; the
// current version then starts on the same DATA_DIR. Its migrations run once, nothing is lost, and a second start
// changes nothing. (A failed migration leaving the database as it was: tests/unit/database.test.ts.)

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});
const git = (...args: string[]) => {
  const r = spawnSync("git", args, { cwd: ROOT, encoding: "utf8" });
  if (r.status !== 0) throw new Error(`git ${args.join(" ")}: ${r.stderr}`);
  return r.stdout.trim();
};

describe("upgrade", () => {
  test(
    "the previous version's data survives the current version's migrations, applied once",
    async () => {
      // The commit that added the newest migration, and the tree just before it.
      const newest = migrations.at(-1)!.tag;
      const added = git("log", "-1", "--diff-filter=A", "--format=%H", "--", `db/migrations/${newest}.sql`);
      expect(added).toMatch(/^[0-9a-f]{40}$/);
      const previous = git("rev-parse", `${added}^`);
      const oldTree = mkdtempSync(path.join(tmpdir(), "shopflow-prev-"));
      dirs.push(oldTree);
      const archive = spawnSync("sh", ["-c", `git archive ${previous} | tar -x -C "${oldTree}"`], { cwd: ROOT, encoding: "utf8" });
      expect(archive.status, archive.stderr).toBe(0);
      symlinkSync(path.join(ROOT, "node_modules"), path.join(oldTree, "node_modules"));
      const built = spawnSync(BUN, ["--bun", "x", "react-router", "build"], { cwd: oldTree, encoding: "utf8" });
      expect(built.status, built.stderr).toBe(0);

      const dataDir = mkdtempSync(path.join(tmpdir(), "shopflow-upgrade-"));
      dirs.push(dataDir);
      const old = await startChild({ dataDir, root: oldTree, env: { DEMO: "1" } });
      const h = await signInHeaders(old.url, "1234");
      const read = async (url: string, headers: Record<string, string>) => ({
        projects: ((await (await fetch(`${url}/api/projects`, { headers })).json()) as unknown[]).length,
        items: ((await (await fetch(`${url}/api/items`, { headers })).json()) as { id: number; name: string; totalTimeSeconds: number }[]).map((i) => [
          i.id,
          i.name,
          i.totalTimeSeconds,
        ]),
        members: ((await (await fetch(`${url}/api/team-members`, { headers })).json()) as unknown[]).length,
      });
      // Something written by the old version after its first start, too.
      const categories = (await (await fetch(`${old.url}/api/categories`, { headers: h })).json()) as { name: string }[];
      const projects = (await (await fetch(`${old.url}/api/projects`, { headers: h })).json()) as { id: number }[];
      expect(
        (
          await fetch(`${old.url}/api/items`, {
            method: "POST",
            headers: h,
            body: JSON.stringify({ name: "Made before the upgrade", category: categories[0]!.name, projectId: projects[0]!.id }),
          })
        ).status,
      ).toBe(201);
      const before = await read(old.url, h);
      old.process.kill("SIGTERM");
      await old.exited;
      const file = path.join(dataDir, "shopflow.db");
      const count = () => {
        const db = new Database(file, { readonly: true });
        try {
          return db.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()!.n;
        } finally {
          db.close();
        }
      };
      expect(count()).toBe(migrations.length - 1);

      const current = await startChild({ dataDir });
      expect(count()).toBe(migrations.length);
      const h2 = await signInHeaders(current.url, "1234");
      expect(await read(current.url, h2)).toEqual(before);
      current.process.kill("SIGTERM");
      await current.exited;
      const again = await startChild({ dataDir });
      expect(count()).toBe(migrations.length);
      again.process.kill("SIGTERM");
      await again.exited;
    },
    { timeout: 180_000 },
  );
});
