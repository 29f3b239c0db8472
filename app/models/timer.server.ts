import { AsyncLocalStorage } from "node:async_hooks";
import { t } from "@lingui/core/macro";
import { and, asc, desc, eq, sql } from "drizzle-orm";
import { items, timerLogs } from "#db/schema";
import { DEFAULT_ITEM_DEPARTMENT } from "~/domain/constants";
import {
  DOUBLE_SCAN_WINDOW_MS,
  doubleScanMessage,
  doubleFinishMessage,
  doubleStartMessage,
  UNDO_ADVANCE_WINDOW_MS,
  undoChangedMessage,
  undoAlreadyMessage,
  undoNothingMessage,
  undoTooLateMessage,
} from "~/domain/timer-words";
import { getDb } from "~/infra/db.server";
import { nextDepartment, type StopOutcome, stopOutcome, withDepartmentAfter } from "~/domain/rules";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { holdWrites } from "~/infra/checkpointer.server";
import { announce } from "~/infra/change-notices.server";
import type { DB } from "~/infra/db.server";
import { writeAudit, writeAuditPrepared, type Actor } from "./audit.server";
import { prepared } from "./prepared.server";
import { followTheFloor, sequenceFromText, type Notice as FloorNotice } from "./floor-progress.server";
import { itemFinishedMessage } from "~/domain/job-end";
import { processState } from "~/infra/process-state.server";
import { recordScanBatch } from "~/infra/metrics.server";
import { flushWhenSettled } from "~/infra/gather.server";

// Item timers (docs/product.md, Decisions: Timers). Each start and stop is one transaction: an update that only
// applies when the timer is in the state the call expects, then its log row. Two scans of one item at the same
// moment therefore give one start and one stop, never two starts, whatever process or request handles them.

type Item = typeof items.$inferSelect;
export type TimerLog = typeof timerLogs.$inferSelect;

// Refusals, in the language of the request being answered.
export const itemNotFoundMessage = () => t`Item not found`;
export const alreadyRunningMessage = () => t`This item's timer is already running. Stop it before starting it again.`;
export const notRunningMessage = () => t`This item's timer is not running. Start it before stopping it.`;

/**
 * A scan that would stop a session the same member started less than DOUBLE_SCAN_WINDOW_MS ago: one label read
 * twice. Refused (409) and nothing changes; an explicit end-timer is never refused for this.
 */
export class DoubleScanError extends ConflictError {
  constructor(
    readonly itemId: number,
    message = doubleScanMessage(),
  ) {
    super(message);
  }
}

/**
 * The other half of a double read: a scan that would start the item in the department the same member's scan
 * moved it to less than DOUBLE_SCAN_WINDOW_MS ago (`department`, where it would start). Refused (409) like a
 * double stop, so the second read neither starts a timer nobody runs nor takes away the first scan's Undo.
 */
export class DoubleStartError extends DoubleScanError {
  constructor(
    itemId: number,
    readonly department: string,
  ) {
    super(itemId, doubleStartMessage());
  }
}

/**
 * A scan's second read right after the same member's scan finished the item (its last department): said as a double
 * read, not as 'finished, reopen it first', so the first scan keeps its Undo (decision 0052).
 */
export class DoubleFinishError extends DoubleScanError {
  constructor(itemId: number) {
    super(itemId, doubleFinishMessage());
  }
}

/** A scan, start or stop of an item a stop in its last department finished: refused (409) until Reopen (decision 0048). */
export class ItemFinishedError extends ConflictError {
  constructor(readonly itemId: number) {
    super(itemFinishedMessage());
  }
}

export type StopResult = {
  item: Item;
  /** The department the session was worked in. */
  stoppedIn: string;
  sessionSeconds: number;
  /** True when the item was already at the last department of its sequence and stays there ('Final Department'). */
  final: boolean;
};

// A scan is the floor's most frequent write (target: a start/stop pair under 10 ms at 50 at once). Its statements
// are compiled once per database, on SQLite's own interface: drizzle's placeholder filling and row mapping cost a
// scan more than some of the statements they wrap (its mapping is restated in `toItem`, and a request test holds
// these answers to the drizzle-read item). Values go in as stored (times as epoch milliseconds, booleans as 0/1).
const ITEM_COLUMNS = `id, name, category, material, quantity, department, assigned_machine AS assignedMachine,
  project_id AS projectId, workflow_id AS workflowId, product_workflow_id AS productWorkflowId,
  current_step_index AS currentStepIndex, is_timer_active AS isTimerActive, current_session_start AS currentSessionStart,
  total_time_seconds AS totalTimeSeconds, qr_code AS qrCode, finished_at AS finishedAt, finished_by AS finishedBy,
  version, created_at AS createdAt`;
type ItemRow = Omit<Item, "isTimerActive" | "currentSessionStart" | "finishedAt" | "createdAt"> & {
  isTimerActive: number;
  currentSessionStart: number | null;
  finishedAt: number | null;
  createdAt: number;
};
/** A row as drizzle reads it (items' booleans and timestamp_ms columns). */
const toItem = (r: ItemRow): Item => ({
  ...r,
  isTimerActive: Boolean(r.isTimerActive),
  currentSessionStart: r.currentSessionStart === null ? null : new Date(r.currentSessionStart),
  finishedAt: r.finishedAt === null ? null : new Date(r.finishedAt),
  createdAt: new Date(r.createdAt),
});
type LogValues = {
  itemId: number;
  action: "start" | "stop";
  department: string;
  at: number;
  seconds: number | null;
  memberId: number | null;
  scanId: string | null;
  timeSource: "server" | "device";
  waitSeconds: number | null;
  finished: 0 | 1;
};
type Previous = { id: number; action: "start" | "stop"; department: string | null; at: number; memberId: number | null };
const timerQueries = (db: DB) => prepared(db, "timer:queries", buildQueries);
const buildQueries = (db: DB) => ({
  item: db.$client.prepare<ItemRow, { id: number }>(`SELECT ${ITEM_COLUMNS} FROM items WHERE id = $id`),
  sequence: db.$client.prepare<{ sequence: string | null }, { name: string }>(
    "SELECT department_sequence AS sequence FROM categories WHERE name = $name COLLATE NOCASE",
  ),
  start: db.$client.prepare<ItemRow, { id: number; now: number }>(
    `UPDATE items SET is_timer_active = 1, current_session_start = $now, version = version + 1
     WHERE id = $id AND is_timer_active = 0 AND finished_at IS NULL RETURNING ${ITEM_COLUMNS}`,
  ),
  // Only the session this call read: a stop that raced another stop finds nothing to update.
  stop: db.$client.prepare<ItemRow, { id: number; started: number; seconds: number; department: string; stepIndex: number }>(
    `UPDATE items SET is_timer_active = 0, current_session_start = NULL, total_time_seconds = total_time_seconds + $seconds,
       department = $department, current_step_index = $stepIndex, version = version + 1
     WHERE id = $id AND is_timer_active = 1 AND current_session_start = $started RETURNING ${ITEM_COLUMNS}`,
  ),
  // The stop in the item's last department finishes it (decision 0048).
  finish: db.$client.prepare<ItemRow, { id: number; at: number; by: number | null }>(
    `UPDATE items SET finished_at = $at, finished_by = $by WHERE id = $id RETURNING ${ITEM_COLUMNS}`,
  ),
  log: db.$client.prepare<unknown, LogValues>(
    `INSERT INTO timer_logs (item_id, action, department, timestamp, session_duration_seconds, team_member_id, scan_id,
       time_source, wait_seconds, finished)
     VALUES ($itemId, $action, $department, $at, $seconds, $memberId, $scanId, $timeSource, $waitSeconds, $finished)`,
  ),
  // The item's latest log row: a start's wait is counted from it when it is a stop in another department; for a
  // running item it is the start of its session, which says who started it.
  previous: db.$client.prepare<Previous, { id: number }>(
    `SELECT id, action, department, timestamp AS at, team_member_id AS memberId FROM timer_logs WHERE item_id = $id
     ORDER BY timestamp DESC, id DESC LIMIT 1`,
  ),
  // The member's latest log row, in the order their scans were applied (one seek down timer_logs_member_idx).
  memberLast: db.$client.prepare<{ id: number | null }, { member: number }>("SELECT max(id) AS id FROM timer_logs WHERE team_member_id = $member"),
  byScan: db.$client.prepare<{ itemId: number; action: "start" | "stop" }, { scanId: string }>(
    "SELECT item_id AS itemId, action FROM timer_logs WHERE scan_id = $scanId",
  ),
  lastAt: db.$client.prepare<{ at: number | null }, { id: number }>("SELECT max(timestamp) AS at FROM timer_logs WHERE item_id = $id"),
  // A batch gives each scan its own savepoint; compiled once, like the statements above.
  savepoint: db.$client.prepare("SAVEPOINT scan"),
  release: db.$client.prepare("RELEASE scan"),
  rollbackTo: db.$client.prepare("ROLLBACK TO scan"),
});

// Offline scanning: a scanner that lost the network queues its scans with an id it made and the
// device's clock, and sends them when it is back. The id makes a replay apply once; the device's time is used
// only when it is believable, otherwise the server's, and the log row says which.
export type ScanMeta = { scanId?: string | null; deviceTime?: number | null };
export const DEVICE_TIME_MAX_AGE_MS = 24 * 3600 * 1000;
export const scanIdReusedMessage = () => t`This scan id was already used for another item.`;
/** What a scan that was already applied answers: the item as it is now, and what the first time did. */
export type Replay = { replayed: true; item: Item; action: "start" | "stop" };
type ScanTime = { at: number; source: "server" | "device" };

/** The device's time if it is not in the future, not older than 24 h and not before the item's last log row. */
function scanTime(db: DB, id: number, serverNow: number, deviceTime: number | null | undefined): ScanTime {
  if (deviceTime === null || deviceTime === undefined || !Number.isFinite(deviceTime)) return { at: serverNow, source: "server" };
  const at = Math.floor(deviceTime);
  if (at > serverNow || at < serverNow - DEVICE_TIME_MAX_AGE_MS) return { at: serverNow, source: "server" };
  const last = timerQueries(db).lastAt.get({ id })?.at ?? null;
  if (last !== null && at < last) return { at: serverNow, source: "server" };
  return { at, source: "device" };
}

/** The earlier outcome of this scan id, or null when it is new. */
function replayOf(db: DB, id: number, meta: ScanMeta): Replay | null {
  if (!meta.scanId) return null;
  const prior = timerQueries(db).byScan.get({ scanId: meta.scanId });
  if (!prior) return null;
  if (prior.itemId !== id) throw new ConflictError(scanIdReusedMessage());
  return { replayed: true, item: itemOrThrow(db, id), action: prior.action };
}

function itemOrThrow(db: DB, id: number): Item {
  const row = timerQueries(db).item.get({ id });
  if (!row) throw new NotFoundError(itemNotFoundMessage());
  return toItem(row);
}

/** The item's department sequence: its category's, else the standard order (docs/product.md (Decisions)). */
function sequenceOf(db: DB, item: Item): readonly string[] {
  return sequenceFromText(db, timerQueries(db).sequence.get({ name: item.category })?.sequence ?? null);
}

type Notice = Parameters<typeof announce>[0];
/** `more`: what else the write changed (steps, the project's status), announced after the same commit. */
type Applied<T> = { value: T; notice: Notice | null; more?: FloorNotice[] };

/**
 * How long an item waited before this start (flow analytics): from its stop in the previous
 * department. A restart in the same department, or a first start, is not a wait between departments.
 */
export function waitSince(
  previous: { action: string; department: string | null; at: Date | number } | null | undefined,
  department: string,
  now: number,
): number | null {
  if (previous?.action !== "stop" || previous.department === department) return null;
  const at = typeof previous.at === "number" ? previous.at : previous.at.getTime();
  return Math.max(0, Math.floor((now - at) / 1000));
}

/**
 * Whether `previous` (the item's latest log row) is a stop by `actor` moments ago with no other read of theirs since:
 * a scan now would be that stop's label read a second time.
 */
function followsOwnStop(db: DB, previous: Previous | null, actor: Actor, now: number): boolean {
  return (
    actor.id !== null &&
    previous?.action === "stop" &&
    previous.memberId === actor.id &&
    now - previous.at < DOUBLE_SCAN_WINDOW_MS &&
    isMembersLastRead(db, actor.id, previous.id)
  );
}

/**
 * Whether this start, as a scan, would follow the same member's scan that moved the item here moments ago (see
 * DoubleStartError). A stop in the department the item is in (Pause, an undone move) is no move.
 */
function isDoubleStart(db: DB, previous: Previous | null, actor: Actor, department: string, now: number): boolean {
  return previous?.department !== department && followsOwnStop(db, previous, actor, now);
}

/**
 * Whether log row `logId` is still the member's latest: a label read twice has no other read between its two
 * reads, so a scan of another item in between (A, B, A) makes the third a read of its own. Asked only inside the
 * window, so an ordinary scan costs no extra query.
 */
function isMembersLastRead(db: DB, memberId: number, logId: number): boolean {
  return timerQueries(db).memberLast.get({ member: memberId })?.id === logId;
}

// The work of one start or stop, without its transaction: the caller commits it, alone or in a batch.
/** `asScan`: the start is a scan's toggle (QR Timer, /api/scans, the /qr/{id} form), refused for a double read. */
function applyStart(db: DB, id: number, actor: Actor, serverNow: number, meta: ScanMeta = {}, asScan = false): Applied<Item> {
  const { at: now, source } = scanTime(db, id, serverNow, meta.deviceTime);
  // The conditional update is the read: a start changes no column the log row needs, and only a refused start
  // needs the item again, to say whether it is missing (404) or already running (409).
  const row = timerQueries(db).start.get({ id, now });
  if (!row) {
    if (itemOrThrow(db, id).finishedAt) {
      // A scan of this finished item right after the member's stop that finished it (see DoubleFinishError).
      if (asScan && followsOwnStop(db, timerQueries(db).previous.get({ id }), actor, now)) throw new DoubleFinishError(id);
      throw new ItemFinishedError(id);
    }
    throw new ConflictError(alreadyRunningMessage());
  }
  const after = toItem(row);
  const department = after.department ?? DEFAULT_ITEM_DEPARTMENT;
  const previous = timerQueries(db).previous.get({ id });
  // Refused after the update, which the caller's transaction (or the batch's savepoint) then takes back: the
  // previous row is read for the wait anyway, so an ordinary start costs no extra query.
  if (asScan && isDoubleStart(db, previous, actor, department, now)) throw new DoubleStartError(id, department);
  const waitSeconds = waitSince(previous, department, now);
  timerQueries(db).log.run({
    itemId: id,
    action: "start",
    department,
    at: now,
    seconds: null,
    memberId: actor.id,
    scanId: meta.scanId ?? null,
    timeSource: source,
    waitSeconds,
    finished: 0,
  });
  writeAuditPrepared(actor, { action: "start-timer", entity: "item", entityId: id, after: { department, at: new Date(now) } });
  return { value: after, notice: { entity: "item", id, action: "start-timer", projectId: after.projectId, department: after.department } };
}

/** Whether this stop would end, as a scan, a session `actor` started moments ago (see DoubleScanError). */
function isDoubleScan(db: DB, id: number, actor: Actor, started: Date, now: number): boolean {
  // Read only inside the window, so an ordinary stop costs no extra query. The scan's own time is compared, so a
  // double read queued offline and sent minutes later is still recognised.
  if (actor.id === null || now - started.getTime() >= DOUBLE_SCAN_WINDOW_MS) return false;
  const start = timerQueries(db).previous.get({ id });
  return start?.action === "start" && start.memberId === actor.id && isMembersLastRead(db, actor.id, start.id);
}

/** `asScan`: the stop is a scan's toggle (QR Timer, /api/scans, the /qr/{id} form), refused for a double read. */
function applyStop(db: DB, id: number, actor: Actor, serverNow: number, meta: ScanMeta = {}, asScan = false): Applied<StopResult> {
  const before = itemOrThrow(db, id);
  if (!before.isTimerActive && before.finishedAt) throw new ItemFinishedError(id);
  if (!before.isTimerActive || !before.currentSessionStart) throw new ConflictError(notRunningMessage());
  const { at: now, source } = scanTime(db, id, serverNow, meta.deviceTime);
  const started = before.currentSessionStart;
  if (asScan && isDoubleScan(db, id, actor, started, now)) throw new DoubleScanError(id);
  const sessionSeconds = Math.max(0, Math.floor((now - started.getTime()) / 1000));
  const stoppedIn = before.department ?? DEFAULT_ITEM_DEPARTMENT;
  const next = nextDepartment(sequenceOf(db, before), stoppedIn);
  const row = timerQueries(db).stop.get({
    id,
    started: started.getTime(),
    seconds: sessionSeconds,
    department: next.kind === "none" ? before.department : next.department,
    stepIndex: next.kind === "none" ? before.currentStepIndex : next.index,
  });
  if (!row) throw new ConflictError(notRunningMessage());
  const after = toItem(row);
  const finished = next.kind === "final" ? 1 : 0;
  timerQueries(db).log.run({
    itemId: id,
    action: "stop",
    department: stoppedIn,
    at: now,
    seconds: sessionSeconds,
    memberId: actor.id,
    scanId: meta.scanId ?? null,
    timeSource: source,
    waitSeconds: null,
    finished,
  });
  writeAuditPrepared(actor, {
    action: "end-timer",
    entity: "item",
    entityId: id,
    before: { department: stoppedIn },
    // `finished`: the stop ended the item's last department (the item.finished webhook, decision 0042).
    after: finished ? { department: after.department, sessionSeconds, finished: true } : { department: after.department, sessionSeconds },
  });
  const { item: done, notices } = afterStop(db, after, finished === 1, actor, now);
  return {
    value: { item: done, stoppedIn, sessionSeconds, final: next.kind === "final" },
    notice: { entity: "item", id, action: "end-timer", projectId: after.projectId, department: after.department, fromDepartment: stoppedIn },
    more: notices,
  };
}

/**
 * Pause (decision 0048): a stop that does not advance. The same `stop` log row as a stop in the item's own
 * department (finished 0), so analytics count the session as hands-on time and the next start there as no wait; the
 * item keeps its department and step, and the audit row says `pause-timer`. Never refused as a double read: Pause
 * is always an explicit button.
 */
function applyPause(db: DB, id: number, actor: Actor, now: number): Applied<StopResult> {
  const before = itemOrThrow(db, id);
  if (!before.isTimerActive || !before.currentSessionStart) throw new ConflictError(notRunningMessage());
  const started = before.currentSessionStart;
  const sessionSeconds = Math.max(0, Math.floor((now - started.getTime()) / 1000));
  const stoppedIn = before.department ?? DEFAULT_ITEM_DEPARTMENT;
  const row = timerQueries(db).stop.get({
    id,
    started: started.getTime(),
    seconds: sessionSeconds,
    department: before.department,
    stepIndex: before.currentStepIndex,
  });
  if (!row) throw new ConflictError(notRunningMessage());
  const after = toItem(row);
  timerQueries(db).log.run({
    itemId: id,
    action: "stop",
    department: stoppedIn,
    at: now,
    seconds: sessionSeconds,
    memberId: actor.id,
    scanId: null,
    timeSource: "server",
    waitSeconds: null,
    finished: 0,
  });
  writeAuditPrepared(actor, {
    action: "pause-timer",
    entity: "item",
    entityId: id,
    before: { department: stoppedIn },
    after: { department: after.department, sessionSeconds },
  });
  return {
    value: { item: after, stoppedIn, sessionSeconds, final: false },
    notice: { entity: "item", id, action: "pause-timer", projectId: after.projectId, department: after.department },
  };
}

/**
 * What a stop changes beyond the item's timer (docs/product.md, Decisions: The end of a job): the stop in the last
 * department finishes the item, and the project's steps and status follow the floor, in the stop's transaction.
 */
function afterStop(db: DB, item: Item, final: boolean, actor: Actor, now: number): { item: Item; notices: FloorNotice[] } {
  const finishedRow = final ? timerQueries(db).finish.get({ id: item.id, at: now, by: actor.id }) : null;
  const done = finishedRow ? toItem(finishedRow) : item;
  // In a batch of scans the steps follow once per project, after the batch's last scan, in the same transaction.
  if (floorBatch) {
    floorBatch.set(item.projectId, { actor, now });
    return { item: done, notices: [] };
  }
  return { item: done, notices: followTheFloor(item.projectId, actor, now, db) };
}

function commitOne<T>(apply: (db: DB) => Applied<T>): T {
  const db = getDb();
  // The prepared statements run on the one connection, inside this transaction.
  const { value, notice, more } = db.transaction(() => apply(db));
  if (notice) announce(notice);
  for (const n of more ?? []) announce(n);
  return value;
}

export function startTimer(id: number, actor: Actor, now = Date.now(), opts: { asScan?: boolean } = {}): Item {
  return commitOne((db) => applyStart(db, id, actor, now, {}, opts.asScan));
}

/**
 * Stops the running session: its seconds (server clock, any length, across midnight or days) go to the item's
 * total and its log row, and the item moves to the next department of its sequence (it stays at the last).
 */
export function endTimer(id: number, actor: Actor, now = Date.now(), opts: { asScan?: boolean } = {}): StopResult {
  return commitOne((db) => applyStop(db, id, actor, now, {}, opts.asScan));
}

/** Pauses the running session: its seconds go to the item's total and its log row; the item stays where it is. */
export function pauseTimer(id: number, actor: Actor, now = Date.now()): StopResult {
  return commitOne((db) => applyPause(db, id, actor, now));
}

// Group commit for scans. A commit costs far more than a scan's own statements (measured on seed-large data:
// 135 µs a scan with its own commit, 27 µs each when 50 share one), and at a busy floor scans arrive together.
// Scans that reach the server in the same turn of the event loop are applied in one transaction, each in its own
// savepoint, so one that is refused (409) or fails leaves the others untouched; every caller gets its answer
// only after the commit that holds its scan.
type Job = {
  apply: (db: DB) => Applied<unknown>;
  /** Runs `apply` in the context of the request that queued it (AsyncLocalStorage.snapshot). */
  inContext: <R>(fn: (db: DB) => R, db: DB) => R;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
};
declare module "~/infra/process-state.server" {
  interface ScanJob extends Job {}
}
const shared = processState;

/**
 * The projects a batch of scans moved items of (and who last did, and when), while flushScans applies the batch: each
 * project's steps are brought to the floor once for the whole batch, not once per scan. Scans at a busy floor come
 * in runs of one project's items, and the step update is most of a stop's cost (at 50 scans in flight it took the
 * p99 from 9 ms to 25 ms when done per scan). Only ever set inside flushScans' synchronous transaction.
 */
let floorBatch: Map<number, { actor: Actor; now: number }> | null = null;

function flushScans() {
  // A checkpoint that lets the log start over is finishing: the batch waits for it (infra/checkpointer.server.ts).
  if (holdWrites(flushScans)) return;
  const jobs = shared.scanQueue ?? [];
  shared.scanQueue = null;
  recordScanBatch(jobs.length);
  const db = getDb();
  const { savepoint, release, rollbackTo } = timerQueries(db);
  const outcomes: ({ ok: true; applied: Applied<unknown> } | { ok: false; error: unknown })[] = [];
  const floor = new Map<number, { actor: Actor; now: number }>();
  const floorNotices: FloorNotice[] = [];
  try {
    db.transaction(() => {
      floorBatch = floor;
      try {
        for (const job of jobs) {
          savepoint.run();
          try {
            outcomes.push({ ok: true, applied: job.inContext(job.apply, db) });
            release.run();
          } catch (error) {
            rollbackTo.run();
            release.run();
            outcomes.push({ ok: false, error });
          }
        }
      } finally {
        floorBatch = null;
      }
      // A refused scan's project is read again too: harmless, its items are as they were.
      for (const [projectId, { actor, now }] of floor) floorNotices.push(...followTheFloor(projectId, actor, now, db));
    });
  } catch (error) {
    // The commit itself failed (disk full, I/O error): nothing of the batch was kept.
    for (const job of jobs) job.reject(error);
    return;
  }
  jobs.forEach((job, i) => {
    const outcome = outcomes[i]!;
    if (outcome.ok) {
      if (outcome.applied.notice) announce(outcome.applied.notice);
      for (const n of outcome.applied.more ?? []) announce(n);
      job.resolve(outcome.applied.value);
    } else job.reject(outcome.error);
  });
  // After the scans' own notices, as a single stop announces its item before the steps it moved.
  for (const n of floorNotices) announce(n);
}

function enqueue<T>(apply: (db: DB) => Applied<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    if (!shared.scanQueue) {
      shared.scanQueue = [];
      // Scans that keep arriving over the next turns join this batch (infra/gather.server.ts): at 50 scans in
      // flight on seed-large data batches grew from 19 scans to more, and the scans' p99 fell 10–20%.
      flushWhenSettled(() => shared.scanQueue?.length ?? 0, flushScans);
    }
    // Scans of several requests are applied together: each runs in its own request's context, so a refusal is
    // worded in the language of the request it answers.
    shared.scanQueue.push({ apply, inContext: AsyncLocalStorage.snapshot(), resolve: resolve as (v: unknown) => void, reject });
  });
}

/** startTimer for request handlers: the same rules, committed together with the scans that arrived with it. */
export function startTimerQueued(id: number, actor: Actor, meta: ScanMeta = {}): Promise<Item | Replay> {
  return enqueue<Item | Replay>((db) => {
    const replay = replayOf(db, id, meta);
    return replay ? { value: replay, notice: null } : applyStart(db, id, actor, Date.now(), meta);
  });
}

/** endTimer for request handlers, likewise. */
export function endTimerQueued(id: number, actor: Actor, meta: ScanMeta = {}): Promise<StopResult | Replay> {
  return enqueue<StopResult | Replay>((db) => {
    const replay = replayOf(db, id, meta);
    return replay ? { value: replay, notice: null } : applyStop(db, id, actor, Date.now(), meta);
  });
}

/**
 * A scan: starts a stopped timer, stops a running one. With a scan id already applied it changes nothing and
 * says so (an offline scanner replaying its queue twice). A second read of a label its member scanned moments
 * ago is refused with DoubleScanError (DoubleStartError when the first read moved the item on).
 */
export function toggleTimer(
  id: number,
  actor: Actor,
  now = Date.now(),
  meta: ScanMeta = {},
): { started: Item } | { stopped: StopResult } | { replayed: Replay } {
  const db = getDb();
  const replay = replayOf(db, id, meta);
  if (replay) return { replayed: replay };
  const running = db.select({ on: items.isTimerActive }).from(items).where(eq(items.id, id)).get();
  if (!running) throw new NotFoundError(itemNotFoundMessage());
  const start = () => ({ started: commitOne((d) => applyStart(d, id, actor, now, meta, true)) });
  const stop = () => ({ stopped: commitOne((d) => applyStop(d, id, actor, now, meta, true)) });
  try {
    return running.on ? stop() : start();
  } catch (error) {
    // Someone else's scan changed the state between the read and the write: this scan is the other half (and is
    // refused like any stop if that was this member's own start a moment ago).
    if (!(error instanceof ConflictError) || error instanceof DoubleScanError || error instanceof ItemFinishedError) throw error;
    return running.on ? start() : stop();
  }
}

/**
 * docs/product.md §4 'Reset Timer': the total goes back to 0 and a running session ends without being counted. The logs stay
 * (they are the history of the work); the audit row records the total that was cleared.
 */
/** Sets the item's time back to zero; NotFoundError when there is no such item (with `inProject`: in that project). */
export function resetTimer(id: number, actor: Actor, scope: { inProject?: number } = {}): Item {
  const result = getDb().transaction((tx) => {
    const before = itemOrThrow(getDb(), id);
    if (scope.inProject !== undefined && before.projectId !== scope.inProject) throw new NotFoundError(itemNotFoundMessage());
    const after = tx
      .update(items)
      .set({ isTimerActive: false, currentSessionStart: null, totalTimeSeconds: 0, version: sql`${items.version} + 1` })
      .where(eq(items.id, id))
      .returning()
      .get()!;
    writeAudit(
      actor,
      { action: "reset-timer", entity: "item", entityId: id, before: { totalTimeSeconds: before.totalTimeSeconds, running: before.isTimerActive } },
      tx,
    );
    return after;
  });
  announce({ entity: "item", id, action: "reset-timer", projectId: result.projectId, department: result.department });
  return result;
}

/** What a stop did, as the API says it: the kinds of stopOutcome (decision 0048); null for a start. */
export type LogOutcome = "paused" | "undone" | "advanced" | "finished" | "stopped" | null;

/**
 * The item's stops whose advance was taken back with Undo: the stop row stays as written, so only the undo's audit
 * row (which names the stop) tells them from a pause. One read of the item's audit rows by the entity index.
 */
export function undoneStopIds(itemId: number, db: DB = getDb()): ReadonlySet<number> {
  const rows = db.$client
    .query<{ stopId: number | null }, [string]>(
      `SELECT json_extract(after, '$.stopId') AS stopId FROM audit_log WHERE entity = 'item' AND entity_id = ? AND action = 'undo-advance'`,
    )
    .all(String(itemId));
  return new Set(rows.map((r) => r.stopId).filter((id): id is number => typeof id === "number"));
}

type LogRow = { id: number; action: "start" | "stop"; department: string | null; finished: boolean };

/**
 * What each row of an item's timer log did, newest first (null for a start), the item page's log and the API's
 * alike. A stop is read from where the item was next: the department of the row after it, or the item's own
 * (`currentDepartment`) after its newest row; a stop whose advance was undone, from the undo's audit row (read
 * once, and only when there is a stop).
 */
export function logOutcomes(itemId: number, newestFirst: readonly LogRow[], currentDepartment: string, sequence: readonly string[]): (StopOutcome | null)[] {
  const undone = newestFirst.some((r) => r.action === "stop") ? undoneStopIds(itemId) : new Set<number>();
  return withDepartmentAfter(newestFirst, currentDepartment).map((r) =>
    r.action === "stop" ? stopOutcome(r, r.departmentAfter, sequence, undone.has(r.id)) : null,
  );
}

/**
 * A page of the item's timer log, oldest first, each stop with what it did (`outcome`). One row past the page is
 * read, the row after the page's last. Undefined when there is no such item.
 */
export function listTimerLogsWithOutcome(id: number, page: { limit: number; offset: number }): (TimerLog & { outcome: LogOutcome })[] | undefined {
  const db = getDb();
  const row = timerQueries(db).item.get({ id });
  if (!row) return undefined;
  const item = toItem(row);
  const newestFirst = db
    .select()
    .from(timerLogs)
    .where(eq(timerLogs.itemId, id))
    .orderBy(asc(timerLogs.timestamp), asc(timerLogs.id))
    .limit(page.limit + 1)
    .offset(page.offset)
    .all()
    .reverse();
  // The row past the page, when there is one, stands first: it is read only as the one after the page's last.
  const outcomes = logOutcomes(id, newestFirst, item.department ?? DEFAULT_ITEM_DEPARTMENT, sequenceOf(db, item));
  const shown = newestFirst.length > page.limit ? 1 : 0;
  return newestFirst
    .map((log, i) => ({ ...log, outcome: outcomes[i]?.kind ?? null }))
    .slice(shown)
    .reverse();
}

export function countTimerLogs(id: number): number {
  return getDb().select({ n: sql<number>`count(*)` }).from(timerLogs).where(eq(timerLogs.itemId, id)).get()?.n ?? 0;
}

// --- Undo of a QR Timer scan's advance (docs/product.md, Decisions: The end of a job) ---

/** The item's latest timer log row when it is a stop: the scan a QR Timer answer offers to undo. */
export function undoableStop(id: number): { stopId: number; at: number; department: string | null; finished: boolean } | null {
  const row = getDb()
    .select({ id: timerLogs.id, action: timerLogs.action, at: timerLogs.timestamp, department: timerLogs.department, finished: timerLogs.finished })
    .from(timerLogs)
    .where(eq(timerLogs.itemId, id))
    .orderBy(desc(timerLogs.timestamp), desc(timerLogs.id))
    .limit(1)
    .get();
  return row?.action === "stop" ? { stopId: row.id, at: row.at.getTime(), department: row.department, finished: Boolean(row.finished) } : null;
}

export type UndoResult = { item: Item; department: string; unfinished: boolean };

/**
 * Takes back a QR Timer scan's stop that moved an item on or finished it, keeping the session's time and its log
 * row (which then reads 'Done, then undone'). A move: the item goes back to the department the scan stopped it in
 * (its step index as there). A finish: the item stays in its last department, unfinished again, and the stop row
 * no longer counts as finishing it (flow analytics' finished items, the forecast's visit, which goes on). Either
 * way the project's steps and status follow. Refused (409) after UNDO_ADVANCE_WINDOW_MS from the stop, when
 * anything happened to the item since (a later log row, a running timer, another department, a Reopen), and when
 * the stop did neither. Audited 'undo-advance'.
 */
export function undoAdvance(id: number, stopId: number, actor: Actor, now = Date.now()): UndoResult {
  const db = getDb();
  const result = db.transaction((tx) => {
    const item = itemOrThrow(db, id);
    const stop = tx
      .select({ id: timerLogs.id, action: timerLogs.action, department: timerLogs.department, at: timerLogs.timestamp, finished: timerLogs.finished })
      .from(timerLogs)
      .where(and(eq(timerLogs.id, stopId), eq(timerLogs.itemId, id)))
      .get();
    if (stop?.action !== "stop" || !stop.department) throw new NotFoundError(undoNothingMessage());
    // The undo leaves the stop row as it was: only its audit row tells a stop that never moved the item from one
    // already moved back, which a second press or a replayed request would otherwise hear.
    if (undoneStopIds(id, db).has(stopId)) throw new ConflictError(undoAlreadyMessage());
    if (now - stop.at.getTime() > UNDO_ADVANCE_WINDOW_MS) throw new ConflictError(undoTooLateMessage());
    if (undoableStop(id)?.stopId !== stopId || item.isTimerActive) throw new ConflictError(undoChangedMessage());
    const sequence = sequenceOf(db, item);
    let after: Item | undefined;
    if (stop.finished) {
      // Reopened (and finished again, or moved) since: not the state this scan left.
      if (!item.finishedAt || item.department !== stop.department) throw new ConflictError(undoChangedMessage());
      after = tx
        .update(items)
        .set({ finishedAt: null, finishedBy: null, version: sql`${items.version} + 1` })
        .where(and(eq(items.id, id), eq(items.isTimerActive, false), sql`${items.finishedAt} IS NOT NULL`))
        .returning()
        .get();
      // The one change to the row: the stop finished nothing after all (analytics count finishing stops).
      tx.update(timerLogs).set({ finished: false }).where(eq(timerLogs.id, stopId)).run();
    } else {
      const next = nextDepartment(sequence, stop.department);
      if (next.kind !== "next" || item.department === stop.department) throw new ConflictError(undoNothingMessage());
      if (item.department !== next.department) throw new ConflictError(undoChangedMessage());
      after = tx
        .update(items)
        .set({ department: stop.department, currentStepIndex: Math.max(0, sequence.indexOf(stop.department)), version: sql`${items.version} + 1` })
        .where(and(eq(items.id, id), eq(items.isTimerActive, false), eq(items.department, item.department)))
        .returning()
        .get();
    }
    if (!after) throw new ConflictError(undoChangedMessage());
    writeAudit(
      actor,
      {
        action: "undo-advance",
        entity: "item",
        entityId: id,
        before: stop.finished ? { department: item.department, finished: true } : { department: item.department },
        after: stop.finished ? { department: stop.department, stopId, finished: false } : { department: stop.department, stopId },
      },
      tx,
    );
    // The item is back before a department it had passed, or unfinished: the project's steps follow it.
    const floor = followTheFloor(after.projectId, actor, now, db);
    return { item: after, department: stop.department, movedFrom: item.department, floor, unfinished: stop.finished };
  });
  announce({ entity: "item", id, action: "undo-advance", projectId: result.item.projectId, department: result.department, fromDepartment: result.movedFrom });
  for (const n of result.floor) announce(n);
  return { item: result.item, department: result.department, unfinished: result.unfinished };
}
