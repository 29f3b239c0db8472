import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { createHmac, randomBytes } from "node:crypto";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { migrations } from "../../db/migrations.gen";
import { signInHeaders, startChild } from "../helpers/child-server";

// Upgrades, per commit: a DATA_DIR whose database stands at the migration before the newest, with a shop's rows in
// it, gets the current server. Its migrations run once, nothing is lost, and a second start changes nothing.
// `npm run test:soak` does the same with the previous version itself built and run first
// (tests/soak/upgrade-from-previous-build.soak.ts); a failed migration: tests/unit/database.test.ts.

const dirs: string[] = [];
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

const PIN = "4321";

/** A DATA_DIR at every migration but the newest, holding a manager, a project, two items and a timed session. */
function previousShop(): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), "shopflow-upgrade-"));
  dirs.push(dataDir);
  const secret = randomBytes(32);
  writeFileSync(path.join(dataDir, "secret.key"), secret.toString("hex"), { mode: 0o600 });
  const db = new Database(path.join(dataDir, "shopflow.db"), { strict: true });
  db.run("PRAGMA journal_mode = WAL");
  db.run("CREATE TABLE __drizzle_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, hash text NOT NULL, created_at numeric)");
  for (const m of migrations.slice(0, -1)) {
    for (const stmt of m.sql.split("--> statement-breakpoint")) if (stmt.trim()) db.run(stmt);
    db.run("INSERT INTO __drizzle_migrations (hash, created_at) VALUES (?, ?)", [m.hash, m.when]);
  }
  const pinHash = createHmac("sha256", secret).update(`pin:${PIN}`).digest("hex");
  db.run("INSERT INTO team_members (name, pin_hash, accessible_departments) VALUES ('Ada Admin', ?, '[\"management\"]')", [pinHash]);
  db.run("INSERT INTO departments (name, value, sort_order) VALUES ('Production', 'production', 0)");
  db.run("INSERT INTO categories (name, department_sequence) VALUES ('Banner', '[\"production\"]')");
  db.run("INSERT INTO workflows (name, department_sequence) VALUES ('Standard', '[\"production\"]')");
  db.run("INSERT INTO projects (name, priority, workflow_id) VALUES ('Storefront', 'rush', 1)");
  db.run("INSERT INTO items (name, category, project_id, department, total_time_seconds) VALUES ('Sign', 'Banner', 1, 'production', 90)");
  db.run("INSERT INTO items (name, category, project_id, department) VALUES ('Vinyl', 'Banner', 1, 'production')");
  db.run("INSERT INTO timer_logs (item_id, action, timestamp, session_duration_seconds) VALUES (1, 'stop', 1, 90)");
  db.close();
  return dataDir;
}

const applied = (dataDir: string) => {
  const db = new Database(path.join(dataDir, "shopflow.db"), { readonly: true });
  try {
    return db.query<{ n: number }, []>("SELECT count(*) AS n FROM __drizzle_migrations").get()!.n;
  } finally {
    db.close();
  }
};

describe("upgrade", () => {
  test("a database at the previous migration keeps every row through the newest, applied once", async () => {
    const dataDir = previousShop();
    expect(applied(dataDir)).toBe(migrations.length - 1);

    const current = await startChild({ dataDir });
    try {
      expect(applied(dataDir)).toBe(migrations.length);
      const headers = await signInHeaders(current.url, PIN);
      const projects = (await (await fetch(`${current.url}/api/projects`, { headers })).json()) as { name: string; priority: string }[];
      expect(projects.map((p) => [p.name, p.priority])).toEqual([["Storefront", "rush"]]);
      const items = (await (await fetch(`${current.url}/api/items`, { headers })).json()) as { name: string; totalTimeSeconds: number }[];
      expect(items.map((i) => [i.name, i.totalTimeSeconds]).sort()).toEqual([
        ["Sign", 90],
        ["Vinyl", 0],
      ]);
    } finally {
      current.process.kill("SIGTERM");
      await current.exited;
    }
    const again = await startChild({ dataDir });
    again.process.kill("SIGTERM");
    await again.exited;
    expect(applied(dataDir)).toBe(migrations.length);
  });
});
