import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, isNull, sql } from "drizzle-orm";
import { boardKeys, departmentItemCounts, items, projects } from "#db/schema";
import { startOfZoneDay } from "~/utils/dates";
import { getDb } from "~/utils/db.server";
import { getEnv } from "~/utils/env.server";
import { NotFoundError } from "~/utils/errors";
import { announce } from "~/utils/events.server";
import { departmentLabel } from "~/utils/format";
import { loggedDepartments } from "./analytics.server";
import { writeAudit, type Actor } from "./audit.server";
import { departmentModel } from "./department.server";

// The TV board (issue "Step 8"): its read-only links and what it shows. Every read is a fixed number of
// statements (two per department for the waiting lists), whatever the number of items.

const hashKey = (key: string) => createHash("sha256").update(key).digest("hex");
/** A key is shown once; a board only re-checks it against the database this often (and marks it used). */
const TOUCH_EVERY_MS = 60_000;

export type BoardKeyRow = { id: number; name: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

export function listBoardKeys(): BoardKeyRow[] {
  return getDb()
    .select({ id: boardKeys.id, name: boardKeys.name, createdAt: boardKeys.createdAt, lastUsedAt: boardKeys.lastUsedAt, revokedAt: boardKeys.revokedAt })
    .from(boardKeys)
    .orderBy(desc(boardKeys.id))
    .all();
}

/** A new board link's key (random, 32 bytes): returned once, stored only as its hash. */
export function createBoardKey(name: string, actor: Actor): { id: number; key: string } {
  const key = randomBytes(32).toString("base64url");
  return getDb().transaction((tx) => {
    const row = tx.insert(boardKeys).values({ name, keyHash: hashKey(key), createdBy: actor.id }).returning({ id: boardKeys.id }).get();
    writeAudit(actor, { action: "create", entity: "board-key", entityId: row.id, after: { name } }, tx);
    return { id: row.id, key };
  });
}

export function revokeBoardKey(id: number, actor: Actor): void {
  getDb().transaction((tx) => {
    const row = tx.update(boardKeys).set({ revokedAt: new Date() }).where(and(eq(boardKeys.id, id), isNull(boardKeys.revokedAt))).returning({ name: boardKeys.name }).get();
    if (!row) throw new NotFoundError("Board link not found");
    writeAudit(actor, { action: "revoke", entity: "board-key", entityId: id, before: { name: row.name } }, tx);
  });
  // A TV still showing the link holds its event stream open: this ends it (utils/event-stream.server.ts).
  announce({ entity: "board-key", id, action: "revoke" });
}

/** The board link a key opens, or null (unknown, revoked). Marks it used, at most once a minute. */
export function boardKeyId(key: string | null | undefined): number | null {
  if (!key || key.length > 200) return null;
  const db = getDb();
  const row = db.select({ id: boardKeys.id, lastUsedAt: boardKeys.lastUsedAt, revokedAt: boardKeys.revokedAt }).from(boardKeys).where(eq(boardKeys.keyHash, hashKey(key))).get();
  if (!row || row.revokedAt) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS) db.update(boardKeys).set({ lastUsedAt: new Date() }).where(eq(boardKeys.id, row.id)).run();
  return row.id;
}

export type BoardItem = { id: number; name: string; project: string; rush: boolean; sessionStart: number | null; totalSeconds: number };
export type BoardDepartment = { value: string; name: string; color: string | null; running: BoardItem[]; runningCount: number; waitingCount: number; waiting: BoardItem[]; completedToday: number };
export type BoardData = { departments: BoardDepartment[]; machines: { value: string; name: string; waiting: number; status: string }[]; now: number };

const RUNNING_SHOWN = 300;
const WAITING_SHOWN = 5;

export function boardData(now = Date.now()): BoardData {
  const db = getDb();
  // In the shop's own order (Global Settings' sort order), as the work flows, not alphabetically.
  const all = departmentModel
    .list()
    .filter((d) => d.isActive)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
  const stations = all.filter((d) => !d.isMachine);
  const machines = all.filter((d) => d.isMachine);
  const counts = new Map(db.select().from(departmentItemCounts).all().map((c) => [c.department, c]));
  const cols = {
    id: items.id,
    name: items.name,
    department: items.department,
    project: projects.name,
    priority: projects.priority,
    sessionStart: items.currentSessionStart,
    totalSeconds: items.totalTimeSeconds,
  };
  const toItem = (r: { id: number; name: string; project: string; priority: string; sessionStart: Date | null; totalSeconds: number }): BoardItem => ({
    id: r.id,
    name: r.name,
    project: r.project,
    rush: r.priority === "rush",
    sessionStart: r.sessionStart ? r.sessionStart.getTime() : null,
    totalSeconds: r.totalSeconds,
  });
  // Everything being worked on now (the partial index of running items), rush first, longest running first.
  const running = db
    .select(cols)
    .from(items)
    .innerJoin(projects, eq(projects.id, items.projectId))
    .where(eq(items.isTimerActive, true))
    .orderBy(desc(sql`${projects.priority} = 'rush'`), asc(items.currentSessionStart))
    .limit(RUNNING_SHOWN)
    .all();
  const since = startOfZoneDay(now, getEnv().SHOP_TIMEZONE);
  const done = new Map(
    db
      .all<{ department: string; n: number }>(
        sql`${loggedDepartments("stop")} SELECT department, count(*) AS n FROM timer_logs WHERE action = 'stop' AND department IN (SELECT v FROM depts) AND timestamp >= ${since} GROUP BY department`,
      )
      .map((r) => [r.department, r.n]),
  );
  const departments = stations.map((d): BoardDepartment => {
    // Waiting: rush projects' items first, then the oldest; each list from the department's index, cut short.
    const waitingRush = db
      .select(cols)
      .from(items)
      .innerJoin(projects, eq(projects.id, items.projectId))
      .where(and(eq(items.department, d.value), eq(items.isTimerActive, false), eq(projects.priority, "rush"), sql`${projects.status} <> 'completed'`))
      .orderBy(asc(items.id))
      .limit(WAITING_SHOWN)
      .all();
    const rest =
      waitingRush.length < WAITING_SHOWN
        ? db
            .select(cols)
            .from(items)
            .innerJoin(projects, eq(projects.id, items.projectId))
            .where(and(eq(items.department, d.value), eq(items.isTimerActive, false), sql`${projects.priority} <> 'rush'`))
            .orderBy(asc(items.id))
            .limit(WAITING_SHOWN - waitingRush.length)
            .all()
        : [];
    const c = counts.get(d.value);
    const mine = running.filter((r) => r.department === d.value);
    return {
      value: d.value,
      name: d.name || departmentLabel(d.value),
      color: d.color ?? null,
      running: mine.map(toItem),
      runningCount: c?.running ?? mine.length,
      waitingCount: Math.max(0, (c?.total ?? 0) - (c?.running ?? 0)),
      waiting: [...waitingRush, ...rest].map(toItem),
      completedToday: done.get(d.value) ?? 0,
    };
  });
  const queues = new Map(
    db.all<{ machine: string; n: number }>(sql`SELECT machine, count(*) AS n FROM machine_ready_files WHERE is_completed = 0 GROUP BY machine`).map((r) => [r.machine, r.n]),
  );
  return {
    departments,
    machines: machines.map((m) => ({ value: m.value, name: m.name, waiting: queues.get(m.value) ?? 0, status: m.machineStatus ?? "active" })),
    now,
  };
}
