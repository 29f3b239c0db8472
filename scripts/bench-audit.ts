// `bun scripts/bench-audit.ts [--rows 1000000]`: the audit trail's date-range filter on a big log.
// Fills a database at migration 0011 with `rows` audit entries spread over three years (timer scans, sign-ins,
// edits by 30 members), times the upgrade to the current schema (0012 rebuilds audit_log), then times the first
// page of /settings/audit's list for date ranges, alone and with the other filters: the statement the list ran
// before (the range read from the `at` index, every row of it sorted by id) against listAudit (the range turned
// into an id range by two seeks, read in id order); both must list the same page. Medians of 15 runs, in ms.
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import * as schema from "#db/schema";
import { migrate } from "#db/migrate";
import { migrations } from "#db/migrations.gen";
import { listAudit, type AuditFilter } from "~/models/audit-trail.server";
import { setDb, type DB } from "~/infra/db.server";

const USAGE = `Usage: bun scripts/bench-audit.ts [--rows 1000000]
  --rows N   audit entries in the temporary database (default 1000000; 2000 is a quick check that it runs)`;
let values: { rows: string; help?: boolean };
try {
  ({ values } = parseArgs({ options: { rows: { type: "string", default: "1000000" }, help: { type: "boolean", short: "h" } } }));
} catch (error) {
  console.error(`bench-audit: ${(error as Error).message}\n${USAGE}`);
  process.exit(2);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const ROWS = Number(values.rows.replace(/_/g, ""));
if (!Number.isSafeInteger(ROWS) || ROWS < 1) {
  console.error(`bench-audit: --rows is a number of entries, 1 or more, not "${values.rows}".\n${USAGE}`);
  process.exit(2);
}
const DAY = 86400_000;
const PAGE = 50;

const dir = mkdtempSync(path.join(tmpdir(), "shopflow-bench-audit-"));
process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
const sqlite = new Database(path.join(dir, "shopflow.db"), { create: true, strict: true });
sqlite.run("PRAGMA journal_mode = WAL");
sqlite.run("PRAGMA foreign_keys = ON");
sqlite.run("PRAGMA synchronous = NORMAL");
const before0012 = migrations.findIndex((m) => m.tag.startsWith("0012_"));
migrate(sqlite, migrations.slice(0, before0012));
// At 0011 the actors must exist (the foreign key 0012 removes).
for (let m = 1; m <= 30; m++) sqlite.run("INSERT INTO team_members (name, pin_hash) VALUES (?, ?)", [`Member ${m}`, `hash-${m}`]);

// Three years up to now, one entry every ~95 s; deterministic (a fixed LCG), `at` grows with the id.
const now = Date.now();
const span = 3 * 365 * DAY;
let seed = 42;
const rand = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const insert = sqlite.prepare(
  "INSERT INTO audit_log (at, actor_id, actor_name, action, entity, entity_id, before, after, ip) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
);
const started = performance.now();
sqlite.transaction(() => {
  for (let i = 0; i < ROWS; i++) {
    const at = Math.round(now - span + (i * span) / ROWS);
    const r = rand();
    const member = 1 + Math.floor(rand() * 30);
    const [action, entity, id, after] =
      r < 0.7
        ? [
            rand() < 0.5 ? "start-timer" : "end-timer",
            "item",
            1 + Math.floor(rand() * 200_000),
            `{"department":"production","at":"${new Date(at).toISOString()}"}`,
          ]
        : r < 0.85
          ? ["login", "session", member, null]
          : r < 0.95
            ? ["update", "project", 1 + Math.floor(rand() * 10_000), '{"description":"Revision"}']
            : ["update", "workflow-step", 1 + Math.floor(rand() * 50_000), '{"percentComplete":50}'];
    insert.run(at, member, `Member ${member}`, action, entity, String(id), null, after, "10.0.0.1");
  }
})();
console.log(`${ROWS.toLocaleString("en-US")} audit entries in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const upgrade = performance.now();
migrate(sqlite);
console.log(`migration 0012 (audit_log rebuilt without the actor foreign key): ${((performance.now() - upgrade) / 1000).toFixed(2)} s`);

setDb(drizzle({ client: sqlite, schema }) as DB);

/** The list's statement before the id range: as drizzle wrote it for listAudit. */
function oldList(f: AuditFilter) {
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (f.actorId !== undefined) where.push('"audit_log"."actor_id" = ?'), params.push(f.actorId);
  if (f.entity !== undefined) where.push('"audit_log"."entity" = ?'), params.push(f.entity);
  if (f.from !== undefined) where.push('"audit_log"."at" >= ?'), params.push(f.from);
  if (f.to !== undefined) where.push('"audit_log"."at" < ?'), params.push(f.to);
  if (f.kind === "changes") where.push(`"audit_log"."entity" <> 'session'`);
  const sql = `select * from "audit_log" where ${where.join(" and ")} order by "audit_log"."id" desc limit ?`;
  return { sql, run: () => sqlite.query(sql).all(...params, PAGE + 1) };
}

function median(fn: () => unknown): number {
  fn();
  const times: number[] = [];
  for (let i = 0; i < 15; i++) {
    const t = performance.now();
    fn();
    times.push(performance.now() - t);
  }
  return times.sort((a, b) => a - b)[7]!;
}

const cases: [string, AuditFilter][] = [
  ["last 100 days", { from: now - 100 * DAY, to: now + DAY }],
  ["100 days a year ago", { from: now - 465 * DAY, to: now - 365 * DAY }],
  ["one day a year ago", { from: now - 366 * DAY, to: now - 365 * DAY }],
  ["last 100 days, one member", { from: now - 100 * DAY, to: now + DAY, actorId: 7 }],
  ["last 100 days, record type project", { from: now - 100 * DAY, to: now + DAY, entity: "project" }],
  ["last 100 days, changes only", { from: now - 100 * DAY, to: now + DAY, kind: "changes" }],
  ["100 days a year ago, one member", { from: now - 465 * DAY, to: now - 365 * DAY, actorId: 7 }],
  ["100 days a year ago, record type project", { from: now - 465 * DAY, to: now - 365 * DAY, entity: "project" }],
  ["the whole three years", { from: now - span - DAY, to: now + DAY }],
];
console.log("\n| Filter | Rows in the date range | Before (ms) | After (ms) |");
console.log("|---|---:|---:|---:|");
for (const [label, f] of cases) {
  const old = oldList(f);
  const inRange = (sqlite.query("SELECT count(*) AS n FROM audit_log WHERE at >= ? AND at < ?").get(f.from!, f.to!) as { n: number }).n;
  const a = median(old.run);
  const b = median(() => listAudit(f, PAGE));
  const same = JSON.stringify((old.run() as { id: number }[]).map((r) => r.id).slice(0, PAGE)) === JSON.stringify(listAudit(f, PAGE).rows.map((r) => r.id));
  if (!same) throw new Error(`${label}: the two lists differ`);
  console.log(`| ${label} | ${inRange.toLocaleString("en-US")} | ${a.toFixed(2)} | ${b.toFixed(2)} |`);
}
