import { and, asc, eq, sql } from "drizzle-orm";
import { categories, items, timerLogs } from "#db/schema";
import { DEFAULT_ITEM_DEPARTMENT } from "~/utils/constants";
import { getDb } from "~/utils/db.server";
import { itemSequence, nextDepartment } from "~/utils/domain";
import { ConflictError, NotFoundError } from "~/utils/errors";
import { announce } from "~/utils/events.server";
import type { DB } from "~/utils/db.server";
import { writeAudit, writeAuditPrepared, type Actor } from "./audit.server";
import type { Tx } from "./crud.server";
import { prepared } from "./prepared.server";

// Item timers (PRODUCT.md 'Items, timers, QR'). Each start and stop is one transaction: an update that only
// applies when the timer is in the state the call expects, then its log row. Two scans of one item at the same
// moment therefore give one start and one stop, never two starts, whatever process or request handles them.

type Item = typeof items.$inferSelect;
export type TimerLog = typeof timerLogs.$inferSelect;

export const ITEM_NOT_FOUND = "Item not found";
export const ALREADY_RUNNING = "This item's timer is already running. Stop it before starting it again.";
export const NOT_RUNNING = "This item's timer is not running. Start it before stopping it.";

export type StopResult = {
  item: Item;
  /** The department the session was worked in. */
  stoppedIn: string;
  sessionSeconds: number;
  /** True when the item was already at the last department of its sequence and stays there ('Final Department'). */
  final: boolean;
};

// A scan is the floor's most frequent write (issue "Step 5": a start/stop pair under 10 ms at 50 at once). Built
// by drizzle on every call, its five statements cost ten times what SQLite needs to run them, so they are
// compiled once per database. Values go in as raw SQL parameters (times as epoch milliseconds, as stored).
const ph = (name: string) => sql`${sql.placeholder(name)}`;
const q = (db: DB) => ({
  item: prepared(db, "timer:item", (d) => d.select().from(items).where(eq(items.id, sql.placeholder("id"))).prepare()),
  sequence: prepared(db, "timer:sequence", (d) =>
    d
      .select({ departmentSequence: categories.departmentSequence })
      .from(categories)
      .where(sql`${categories.name} = ${sql.placeholder("name")} COLLATE NOCASE`)
      .prepare(),
  ),
  start: prepared(db, "timer:start", (d) =>
    d
      .update(items)
      .set({ isTimerActive: true, currentSessionStart: ph("now"), version: sql`${items.version} + 1` })
      .where(and(eq(items.id, sql.placeholder("id")), eq(items.isTimerActive, false)))
      .returning()
      .prepare(),
  ),
  stop: prepared(db, "timer:stop", (d) =>
    d
      .update(items)
      .set({
        isTimerActive: false,
        currentSessionStart: null,
        totalTimeSeconds: sql`${items.totalTimeSeconds} + ${sql.placeholder("seconds")}`,
        department: ph("department"),
        currentStepIndex: ph("stepIndex"),
        version: sql`${items.version} + 1`,
      })
      // Only the session this call read: a stop that raced another stop finds nothing to update.
      .where(and(eq(items.id, sql.placeholder("id")), eq(items.isTimerActive, true), sql`${items.currentSessionStart} = ${sql.placeholder("started")}`))
      .returning()
      .prepare(),
  ),
  log: prepared(db, "timer:log", (d) =>
    d
      .insert(timerLogs)
      .values({
        itemId: ph("itemId"),
        action: ph("action"),
        department: ph("department"),
        timestamp: ph("at"),
        sessionDurationSeconds: ph("seconds"),
        teamMemberId: ph("memberId"),
      })
      .prepare(),
  ),
});

function itemOrThrow(db: DB, id: number): Item {
  const item = q(db).item.get({ id });
  if (!item) throw new NotFoundError(ITEM_NOT_FOUND);
  return item;
}

/** The item's department sequence: its category's, else the standard order (PRODUCT.md). */
function sequenceOf(db: DB, item: Item): readonly string[] {
  return itemSequence(q(db).sequence.get({ name: item.category })?.departmentSequence);
}

export function startTimer(id: number, actor: Actor, now = Date.now()): Item {
  const db = getDb();
  // The prepared statements run on the one connection, inside this transaction.
  const item = db.transaction(() => {
    const before = itemOrThrow(db, id);
    const after = q(db).start.get({ id, now });
    if (!after) throw new ConflictError(ALREADY_RUNNING);
    const department = before.department ?? DEFAULT_ITEM_DEPARTMENT;
    q(db).log.run({ itemId: id, action: "start", department, at: now, seconds: null, memberId: actor.id });
    writeAuditPrepared(actor, { action: "start-timer", entity: "item", entityId: id, after: { department, at: new Date(now) } });
    return after;
  });
  announce({ entity: "item", id, action: "start-timer", projectId: item.projectId, department: item.department });
  return item;
}

/**
 * Stops the running session: its seconds (server clock, any length, across midnight or days) go to the item's
 * total and its log row, and the item moves to the next department of its sequence (it stays at the last).
 */
export function endTimer(id: number, actor: Actor, now = Date.now()): StopResult {
  const db = getDb();
  const result = db.transaction(() => {
    const before = itemOrThrow(db, id);
    if (!before.isTimerActive || !before.currentSessionStart) throw new ConflictError(NOT_RUNNING);
    const started = before.currentSessionStart;
    const sessionSeconds = Math.max(0, Math.floor((now - started.getTime()) / 1000));
    const stoppedIn = before.department ?? DEFAULT_ITEM_DEPARTMENT;
    const next = nextDepartment(sequenceOf(db, before), stoppedIn);
    const after = q(db).stop.get({
      id,
      started: started.getTime(),
      seconds: sessionSeconds,
      department: next.kind === "none" ? before.department : next.department,
      stepIndex: next.kind === "none" ? before.currentStepIndex : next.index,
    });
    if (!after) throw new ConflictError(NOT_RUNNING);
    q(db).log.run({ itemId: id, action: "stop", department: stoppedIn, at: now, seconds: sessionSeconds, memberId: actor.id });
    writeAuditPrepared(actor, { action: "end-timer", entity: "item", entityId: id, before: { department: stoppedIn }, after: { department: after.department, sessionSeconds } });
    return { item: after, stoppedIn, sessionSeconds, final: next.kind === "final" };
  });
  announce({ entity: "item", id, action: "end-timer", projectId: result.item.projectId, department: result.item.department });
  return result;
}

/** A scan: starts a stopped timer, stops a running one. */
export function toggleTimer(id: number, actor: Actor, now = Date.now()): { started: Item } | { stopped: StopResult } {
  const running = getDb().select({ on: items.isTimerActive }).from(items).where(eq(items.id, id)).get();
  if (!running) throw new NotFoundError(ITEM_NOT_FOUND);
  try {
    return running.on ? { stopped: endTimer(id, actor, now) } : { started: startTimer(id, actor, now) };
  } catch (error) {
    // Someone else's scan changed the state between the read and the write: this scan is the other half.
    if (!(error instanceof ConflictError)) throw error;
    return running.on ? { started: startTimer(id, actor, now) } : { stopped: endTimer(id, actor, now) };
  }
}

/**
 * Spec §4 'Reset Timer': the total goes back to 0 and a running session ends without being counted. The logs stay
 * (they are the history of the work); the audit row records the total that was cleared.
 */
export function resetTimer(id: number, actor: Actor): Item {
  const result = getDb().transaction((tx) => {
    const before = itemOrThrow(getDb(), id);
    const after = tx
      .update(items)
      .set({ isTimerActive: false, currentSessionStart: null, totalTimeSeconds: 0, version: sql`${items.version} + 1` })
      .where(eq(items.id, id))
      .returning()
      .get()!;
    writeAudit(actor, { action: "reset-timer", entity: "item", entityId: id, before: { totalTimeSeconds: before.totalTimeSeconds, running: before.isTimerActive } }, tx);
    return after;
  });
  announce({ entity: "item", id, action: "reset-timer", projectId: result.projectId, department: result.department });
  return result;
}

/** The item's timer log, oldest first (the (item_id, timestamp) index serves it). */
export function listTimerLogs(id: number): TimerLog[] | undefined {
  const db = getDb();
  if (!db.select({ id: items.id }).from(items).where(eq(items.id, id)).get()) return undefined;
  return db.select().from(timerLogs).where(eq(timerLogs.itemId, id)).orderBy(asc(timerLogs.timestamp), asc(timerLogs.id)).all();
}
