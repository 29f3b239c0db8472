import { and, asc, eq, sql } from "drizzle-orm";
import { categories, items, timerLogs } from "#db/schema";
import { DEFAULT_ITEM_DEPARTMENT } from "~/utils/constants";
import { getDb } from "~/utils/db.server";
import { itemSequence, nextDepartment } from "~/utils/domain";
import { ConflictError, NotFoundError } from "~/utils/errors";
import { announce } from "~/utils/events.server";
import { writeAudit, type Actor } from "./audit.server";
import type { Tx } from "./crud.server";

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

function itemOrThrow(tx: Tx, id: number): Item {
  const item = tx.select().from(items).where(eq(items.id, id)).get();
  if (!item) throw new NotFoundError(ITEM_NOT_FOUND);
  return item;
}

/** The item's department sequence: its category's, else the standard order (PRODUCT.md). */
function sequenceOf(tx: Tx, item: Item): readonly string[] {
  const category = tx
    .select({ departmentSequence: categories.departmentSequence })
    .from(categories)
    .where(sql`${categories.name} = ${item.category} COLLATE NOCASE`)
    .get();
  return itemSequence(category?.departmentSequence);
}

export function startTimer(id: number, actor: Actor, now = Date.now()): Item {
  const item = getDb().transaction((tx) => {
    const before = itemOrThrow(tx, id);
    const after = tx
      .update(items)
      .set({ isTimerActive: true, currentSessionStart: new Date(now), version: sql`${items.version} + 1` })
      .where(and(eq(items.id, id), eq(items.isTimerActive, false)))
      .returning()
      .get();
    if (!after) throw new ConflictError(ALREADY_RUNNING);
    const department = before.department ?? DEFAULT_ITEM_DEPARTMENT;
    tx.insert(timerLogs).values({ itemId: id, action: "start", department, timestamp: new Date(now), teamMemberId: actor.id }).run();
    writeAudit(actor, { action: "start-timer", entity: "item", entityId: id, after: { department, at: new Date(now) } }, tx);
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
  const result = getDb().transaction((tx) => {
    const before = itemOrThrow(tx, id);
    if (!before.isTimerActive || !before.currentSessionStart) throw new ConflictError(NOT_RUNNING);
    const started = before.currentSessionStart;
    const sessionSeconds = Math.max(0, Math.floor((now - started.getTime()) / 1000));
    const stoppedIn = before.department ?? DEFAULT_ITEM_DEPARTMENT;
    const next = nextDepartment(sequenceOf(tx, before), stoppedIn);
    const after = tx
      .update(items)
      .set({
        isTimerActive: false,
        currentSessionStart: null,
        totalTimeSeconds: sql`${items.totalTimeSeconds} + ${sessionSeconds}`,
        ...(next.kind === "none" ? {} : { department: next.department, currentStepIndex: next.index }),
        version: sql`${items.version} + 1`,
      })
      // Only the session this call read: a stop that raced another stop finds nothing to update.
      .where(and(eq(items.id, id), eq(items.isTimerActive, true), eq(items.currentSessionStart, started)))
      .returning()
      .get();
    if (!after) throw new ConflictError(NOT_RUNNING);
    tx.insert(timerLogs)
      .values({ itemId: id, action: "stop", department: stoppedIn, timestamp: new Date(now), sessionDurationSeconds: sessionSeconds, teamMemberId: actor.id })
      .run();
    writeAudit(actor, { action: "end-timer", entity: "item", entityId: id, before: { department: stoppedIn }, after: { department: after.department, sessionSeconds } }, tx);
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
    const before = itemOrThrow(tx, id);
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
