// `bun scripts/bench-forecast.ts [--data-dir DIR] [--projects N] [--items N] [--logs N] [--runs 20]`
// The finish-date forecast on seed-large data (docs/decisions/0038-finish-date-forecast.md, docs/benchmarks.md):
// 1. the shop as seeded (its recent projects open): the first load, and the recompute after one timer scan;
// 2. every project open (a copy of the database where every project is active and no item has finished its last
//    department: 10,000 open projects, 200,000 open items, each department with people enough to clear its queue in
//    about 40 working days): the same, and a 'Preview as rush'.
// A recompute is what a read after a change costs: the statements that read what changed, and the simulation.
// DIR is seeded once (an empty one) and reused; the copy for the second part is made beside it and removed.
import { copyFileSync, existsSync, rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { atRiskProjects, forecastStatus, previewRush, projectIdsByExpectedFinish } from "~/models/project-forecast.server";
import { endTimer, startTimer } from "~/models/timer.server";
import { openDatabase, setDb } from "~/infra/db.server";
import { seedLarge } from "./seed-large";

const USAGE = `Usage: bun scripts/bench-forecast.ts [--data-dir DIR] [--projects N] [--items N] [--logs N] [--runs 20]
  --data-dir DIR                    seeded once when it holds no database, then reused (default /tmp/shopflow-bench-forecast)
  --projects N --items N --logs N   seed sizes (default 10000 / 200000 / 2000000; 20 / 200 / 2000 is a quick check)
  --runs N                          recomputes timed after a scan (default 20)`;

function usageError(message: string): never {
  console.error(`bench-forecast: ${message}\n${USAGE}`);
  process.exit(2);
}
let opts: Record<string, string | boolean | undefined>;
try {
  ({ values: opts } = parseArgs({
    options: {
      "data-dir": { type: "string" },
      projects: { type: "string" },
      items: { type: "string" },
      logs: { type: "string" },
      runs: { type: "string" },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (error) {
  usageError((error as Error).message);
}
if (opts.help) {
  console.log(USAGE);
  process.exit(0);
}
const count = (flag: string, fallback: number, min: number) => {
  const v = opts[flag];
  if (v === undefined) return fallback;
  const n = Number(String(v).replace(/_/g, ""));
  if (!Number.isSafeInteger(n) || n < min) usageError(`--${flag} is a whole number, ${min} or more, not "${v}".`);
  return n;
};
const dataDir = path.resolve(String(opts["data-dir"] ?? "/tmp/shopflow-bench-forecast"));
const runs = count("runs", 20, 1);
const sizes = { projects: count("projects", 10_000, 1), items: count("items", 200_000, 1), logs: count("logs", 2_000_000, 0) };
process.env.DATA_DIR = dataDir;
const file = path.join(dataDir, "shopflow.db");
const actor = { id: null, name: "bench", ip: null };

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const p90 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * 0.9))]!;
const ms = (x: number) => `${x.toFixed(1)} ms`;

if (!existsSync(file)) {
  const db = openDatabase(file);
  console.log(`Seeding ${file}: ${sizes.projects} projects, ${sizes.items} items, ${sizes.logs} timer logs`);
  seedLarge(db, sizes);
  db.$client.close();
}

/** The first read (everything loaded and computed), then `runs` recomputes each after a timer scan. */
function measure(label: string, dbFile: string) {
  const db = openDatabase(dbFile);
  setDb(db);
  const started = performance.now();
  const status = forecastStatus();
  const first = performance.now() - started;
  // The items of the open projects that run next: a scan starts or stops one of them.
  const ids = db.$client
    .query<{ id: number; running: number }, []>(
      `SELECT i.id AS id, i.is_timer_active AS running FROM items i JOIN projects p ON p.id = i.project_id WHERE p.status = 'active' ORDER BY i.id DESC LIMIT ${runs}`,
    )
    .all();
  const recompute: number[] = [];
  const simulation: number[] = [];
  for (const [k, row] of ids.entries()) {
    const now = Date.now() + k;
    if (row.running) endTimer(row.id, actor, now);
    else startTimer(row.id, actor, now);
    const t = performance.now();
    // A read after the change, a minute later each time: computed again (after a scan alone a slow computation may be
    // reused for up to 5 × its time, project-forecast.server.ts reuseMs; a minute forces it).
    const s = forecastStatus(Date.now() + 61_000 * (k + 1));
    recompute.push(performance.now() - t);
    simulation.push(s.computeMs);
  }
  const later = Date.now() + 61_000 * (runs + 2);
  const after = forecastStatus(later);
  const t = performance.now();
  const risky = atRiskProjects(10, later);
  const order = projectIdsByExpectedFinish("asc", later);
  const lists = performance.now() - t;
  // A project in the middle of the order: made rush, it passes about half the shop.
  const target = order[Math.floor(order.length / 2)]!;
  const pt = performance.now();
  const preview = previewRush(target, later);
  const previewMs = performance.now() - pt;
  console.log(`\n${label}: ${status.openProjects.toLocaleString("en-US")} open projects, ${status.openItems.toLocaleString("en-US")} open items`);
  console.log(`  first read (load everything + compute):   ${ms(first)} (of which the simulation ${ms(status.computeMs)})`);
  console.log(`  recompute after a scan, median / p90:     ${ms(median(recompute))} / ${ms(p90(recompute))} (simulation ${ms(median(simulation))})`);
  console.log(`  at-risk list and expected-finish order:   ${ms(lists)} (${risky.total.toLocaleString("en-US")} at risk)`);
  console.log(`  'Preview as rush' of project ${target}:     ${ms(previewMs)} (${preview.slippedTotal} projects would slip)`);
  db.$client.close();
  return { label, status, after, first, recompute, simulation, previewMs };
}

measure("As seeded", file);

// Every project open: a copy, so the seeded data stays as it was for the next run.
const copy = path.join(dataDir, "all-open.db");
rmSync(copy, { force: true });
{
  const db = openDatabase(file);
  db.$client.run("PRAGMA wal_checkpoint(TRUNCATE)");
  db.$client.close();
  copyFileSync(file, copy);
  const c = openDatabase(copy);
  c.$client.run("UPDATE projects SET status = 'active', completed_at = NULL");
  c.$client.run("UPDATE items SET finished_at = NULL, finished_by = NULL");
  c.$client.run("UPDATE timer_logs SET finished = 0 WHERE action = 'stop' AND finished = 1");
  // A shop with 200,000 open items has the people to work them: each department gets enough to clear what waits
  // there in about 40 working days (at 1.5 hours an item), so finishes fall within months, as in a real shop.
  c.$client.run(
    `UPDATE departments SET capacity_people = max(1, min(100, (SELECT (count(*) * 3 / 2 + 319) / 320 FROM items i WHERE i.department = departments.value)))`,
  );
  c.$client.close();
}
measure("Every project open", copy);
for (const f of [copy, `${copy}-wal`, `${copy}-shm`]) rmSync(f, { force: true });
