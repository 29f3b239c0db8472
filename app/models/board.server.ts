import { t } from "@lingui/core/macro";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { boardKeys, departmentItemCounts } from "#db/schema";
import { DEFAULT_ITEM_DEPARTMENT } from "~/domain/constants";
import { startOfZoneDay } from "~/domain/dates";
import { getDb } from "~/infra/db.server";
import { hashKey, newKey } from "~/infra/secret-key.server";
import { getEnv } from "~/infra/env.server";
import { NotFoundError } from "~/domain/errors";
import { announce, versionOf } from "~/infra/change-notices.server";
import { lastNoticeSeq } from "~/infra/event-stream.server";
import { departmentLabel } from "~/domain/format";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/languages";
import { IN_PROGRESS, loggedDepartments, workInProgress } from "./analytics.server";
import { writeAudit, type Actor } from "./audit.server";
import { departmentModel } from "./department.server";

// The TV board: its read-only links and what it shows. Every read is a fixed number of
// statements, whatever the number of departments and items.

/** A key is shown once; a board only re-checks it against the database this often (and marks it used). */
const TOUCH_EVERY_MS = 60_000;

export type BoardKeyRow = { id: number; name: string; language: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

export function listBoardKeys(): BoardKeyRow[] {
  return getDb()
    .select({
      id: boardKeys.id,
      name: boardKeys.name,
      language: boardKeys.language,
      createdAt: boardKeys.createdAt,
      lastUsedAt: boardKeys.lastUsedAt,
      revokedAt: boardKeys.revokedAt,
    })
    .from(boardKeys)
    .orderBy(desc(boardKeys.id))
    .all();
}

/** A new board link's key (random, 32 bytes): returned once, stored only as its hash. `language`: what the board speaks. */
export function createBoardKey(name: string, actor: Actor, language: Language = DEFAULT_LANGUAGE): { id: number; key: string } {
  const key = newKey();
  return getDb().transaction((tx) => {
    const row = tx
      .insert(boardKeys)
      .values({ name, keyHash: hashKey(key), language, createdBy: actor.id })
      .returning({ id: boardKeys.id })
      .get();
    writeAudit(actor, { action: "create", entity: "board-key", entityId: row.id, after: { name, language } }, tx);
    return { id: row.id, key };
  });
}

export function revokeBoardKey(id: number, actor: Actor): void {
  getDb().transaction((tx) => {
    const row = tx
      .update(boardKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(boardKeys.id, id), isNull(boardKeys.revokedAt)))
      .returning({ name: boardKeys.name })
      .get();
    if (!row) throw new NotFoundError(t`Board link not found`);
    writeAudit(actor, { action: "revoke", entity: "board-key", entityId: id, before: { name: row.name } }, tx);
  });
  // A TV still showing the link holds its event stream open: this ends it (infra/event-stream.server.ts).
  announce({ entity: "board-key", id, action: "revoke" });
}

/** The board link a key opens, or null (unknown, revoked). Marks it used, at most once a minute. */
export function boardKeyId(key: string | null | undefined): number | null {
  return boardKeyLink(key)?.id ?? null;
}

/** The board link a key opens with the language it speaks, or null (unknown, revoked). Marks it used, as boardKeyId. */
export function boardKeyLink(key: string | null | undefined): { id: number; language: Language } | null {
  if (!key || key.length > 200) return null;
  const db = getDb();
  const row = db
    .select({ id: boardKeys.id, language: boardKeys.language, lastUsedAt: boardKeys.lastUsedAt, revokedAt: boardKeys.revokedAt })
    .from(boardKeys)
    .where(eq(boardKeys.keyHash, hashKey(key)))
    .get();
  if (!row || row.revokedAt) return null;
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_EVERY_MS)
    db.update(boardKeys).set({ lastUsedAt: new Date() }).where(eq(boardKeys.id, row.id)).run();
  return { id: row.id, language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE };
}

export type BoardItem = { id: number; name: string; project: string; rush: boolean; sessionStart: number | null; totalSeconds: number };
export type BoardDepartment = {
  value: string;
  name: string;
  color: string | null;
  running: BoardItem[];
  runningCount: number;
  waitingCount: number;
  waiting: BoardItem[];
  completedToday: number;
};
export type BoardData = { departments: BoardDepartment[]; machines: { value: string; name: string; waiting: number; status: string }[]; now: number };

const RUNNING_SHOWN = 300;
const WAITING_SHOWN = 5;

/** What the board shows, as the change notices' scopes (infra/change-notices.server.ts; decision 0034). */
export const BOARD_SCOPES = ["reference", "item-timers", "items", "projects", "machine-files"] as const;

/**
 * The TVs on a floor reload together after each notice, and the board they get is the same for all of them: it is
 * computed once for them. The last board is kept, by database, with the number of the last notice it reflects, and
 * handed out again for at most this long (a change made outside the app, which no notice announces, still shows
 * within it, as after a reload before): while no notice has touched what it shows, or, to a live reload that says
 * which notice it has seen (`seen`), when it already reflects that notice. At ten scans a second the versions
 * change between two TVs' requests; the second TV still gets the board made for the first, which shows the notice
 * it reloads for, and a later notice brings its own reload. Only `now` is each request's own.
 */
const SHARED_BOARD_MS = 1_000;
const lastBoard = new WeakMap<object, { key: string; since: number; seq: number; at: number; board: Omit<BoardData, "now"> }>();

export type BoardOptions = {
  now?: number;
  /** The last notice a live reload has seen (pipeline/page-data-etag.server.ts seenNotice), if it says. */
  seen?: number | null;
  /** Running items sent per department, at most: what a column can show (the count says how many there are). */
  runningPerColumn?: number;
};

export function boardData({ now = Date.now(), seen = null, runningPerColumn = RUNNING_SHOWN }: BoardOptions = {}): BoardData {
  const db = getDb();
  const since = startOfZoneDay(now, getEnv().SHOP_TIMEZONE);
  const key = versionOf(BOARD_SCOPES);
  let last = lastBoard.get(db);
  const fresh = last && last.since === since && now >= last.at && now - last.at < SHARED_BOARD_MS;
  if (!last || !fresh || (last.key !== key && (seen === null || last.seq < seen))) {
    last = { key, since, seq: lastNoticeSeq(), at: now, board: computeBoard(db, since) };
    lastBoard.set(db, last);
  }
  const { departments, machines } = last.board;
  // A TV sends nothing it cannot show: a few hundred running timers are most of a board's bytes.
  return { departments: departments.map((d) => ({ ...d, running: d.running.slice(0, runningPerColumn) })), machines, now };
}

function computeBoard(db: ReturnType<typeof getDb>, since: number): Omit<BoardData, "now"> {
  // Columns: the departments work goes through (a workflow's or a product's sequence) or that hold items now, in
  // the shop's own order (Global Settings' sort order), as the work flows. A department nothing passes through
  // would only be a column of zeros taking room from the others.
  const counts = new Map(
    db
      .select()
      .from(departmentItemCounts)
      .all()
      .map((c) => [c.department, c]),
  );
  const sequences = db.all<{ v: string }>(sql`
    SELECT DISTINCT s.value AS v FROM workflows w, json_each(w.department_sequence) s
    UNION SELECT DISTINCT s.value FROM categories c, json_each(c.department_sequence) s`);
  const used = new Set(sequences.map((r) => r.v));
  const all = departmentModel
    .list()
    .filter((d) => d.isActive)
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name));
  const stations = all.filter((d) => !d.isMachine && (used.has(d.value) || (counts.get(d.value)?.total ?? 0) > 0));
  const machines = all.filter((d) => d.isMachine);
  // Working and waiting as /analytics counts work in progress (analytics.server.ts IN_PROGRESS): an item that has
  // finished its last department, or belongs to a completed project, is not waiting for anyone.
  const wip = new Map(workInProgress().map((w) => [w.department ?? DEFAULT_ITEM_DEPARTMENT, w]));
  const toItem = (r: { id: number; name: string; project: string; priority: string; sessionStart: number | null; totalSeconds: number }): BoardItem => ({
    id: r.id,
    name: r.name,
    project: r.project,
    rush: r.priority === "rush",
    sessionStart: r.sessionStart ?? null,
    totalSeconds: r.totalSeconds,
  });
  type Row = { id: number; name: string; department: string; project: string; priority: string; sessionStart: number | null; totalSeconds: number };
  const cols = sql`i.id AS id, i.name AS name, coalesce(i.department, ${DEFAULT_ITEM_DEPARTMENT}) AS department, p.name AS project, p.priority AS priority,
    i.current_session_start AS sessionStart, i.total_time_seconds AS totalSeconds`;
  // Everything being worked on now (the partial index of running items), rush first, longest running first.
  const running = db.all<Row>(sql`
    SELECT ${cols} FROM items i JOIN projects p ON p.id = i.project_id
    WHERE i.is_timer_active = 1 AND p.status = 'active'
    ORDER BY p.priority = 'rush' DESC, i.current_session_start ASC LIMIT ${RUNNING_SHOWN}`);
  // Next up in each department: items in progress that are not running, rush projects' first, then the oldest.
  // One statement for every column, from the active projects (few next to every project ever made).
  const waiting = db.all<Row>(sql`
    SELECT * FROM (
      SELECT ${cols}, row_number() OVER (PARTITION BY coalesce(i.department, ${DEFAULT_ITEM_DEPARTMENT}) ORDER BY p.priority = 'rush' DESC, i.id) AS n
      FROM projects p CROSS JOIN items i ON i.project_id = p.id
      WHERE i.is_timer_active = 0 AND ${IN_PROGRESS}
    ) WHERE n <= ${WAITING_SHOWN} ORDER BY department, n`);
  const done = new Map(
    db
      .all<{ department: string; n: number }>(
        sql`${loggedDepartments("stop")} SELECT department, count(*) AS n FROM timer_logs WHERE action = 'stop' AND department IN (SELECT v FROM depts) AND timestamp >= ${since} GROUP BY department`,
      )
      .map((r) => [r.department, r.n]),
  );
  const departments = stations.map((d): BoardDepartment => {
    const w = wip.get(d.value);
    return {
      value: d.value,
      name: d.name || departmentLabel(d.value),
      color: d.color ?? null,
      running: running.filter((r) => r.department === d.value).map(toItem),
      runningCount: w?.r ?? 0,
      waitingCount: Math.max(0, (w?.n ?? 0) - (w?.r ?? 0)),
      waiting: waiting.filter((r) => r.department === d.value).map(toItem),
      completedToday: done.get(d.value) ?? 0,
    };
  });
  const queues = new Map(
    db
      .all<{ machine: string; n: number }>(sql`SELECT machine, count(*) AS n FROM machine_ready_files WHERE is_completed = 0 GROUP BY machine`)
      .map((r) => [r.machine, r.n]),
  );
  return {
    departments,
    machines: machines.map((m) => ({ value: m.value, name: m.name, waiting: queues.get(m.value) ?? 0, status: m.machineStatus ?? "active" })),
  };
}
