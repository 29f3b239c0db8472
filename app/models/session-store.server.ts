import { and, count, countDistinct, desc, eq, gte, inArray, lt, not, or, sql } from "drizzle-orm";
import { loginAttempts, loginRefusals, sessions, teamMembers, type TeamMember } from "#db/schema";
import { getDb, type DB } from "~/infra/db.server";
import { prepared } from "~/models/prepared.server";
import { type CachedSession, processState } from "~/infra/process-state.server";

// lastSeenAt is refreshed at most this often so every page view does not become a database write.
const TOUCH_INTERVAL_MS = 60_000;

export function createSession(args: { id: string; teamMemberId: number; ip: string; userAgent: string | null }) {
  const now = new Date();
  getDb()
    .insert(sessions)
    .values({ ...args, lastSeenAt: now, createdAt: now })
    .run();
}

// Every request of a signed-in user runs the lookup: prepared once per database (see prepared.server.ts).
const sessionLookup = (db: DB) =>
  prepared(db, "session:lookup", (d) =>
    d
      .select({ lastSeenAt: sessions.lastSeenAt, m: teamMembers })
      .from(sessions)
      .innerJoin(teamMembers, eq(teamMembers.id, sessions.teamMemberId))
      .where(eq(sessions.id, sql.placeholder("id")))
      .prepare(),
  );

// The value is epoch milliseconds, as the column stores it (a placeholder skips drizzle's Date mapping).
const sessionTouch = (db: DB) =>
  prepared(db, "session:touch", (d) =>
    d
      .update(sessions)
      .set({ lastSeenAt: sql`${sql.placeholder("at")}` })
      .where(eq(sessions.id, sql.placeholder("id")))
      .prepare(),
  );

// Every request of a signed-in member looks its session up, and a busy station scans thousands of times a minute
// (target: 50 scans at once answered under 10 ms): reading and mapping the session and member rows was a
// fifth of a scan's time. Lookups are kept in memory per database handle (tests swap handles). Every write to sessions or team members
// in this process drops them (forgetSessions), so a logout, deactivation or PIN change still ends a session at
// once; an entry is also re-read after SESSION_CACHE_MS, which bounds what a change made outside the server could
// leave stale (nothing does that while it runs: a restore needs the server stopped).
const SESSION_CACHE_MS = 2_000;
const SESSION_CACHE_MAX = 10_000;
const sessionCache = () => processState.sessions;

function cachedSessions(db: DB): Map<string, CachedSession> {
  let map = sessionCache().get(db);
  if (!map) sessionCache().set(db, (map = new Map()));
  return map;
}

/** Drops every remembered session lookup: call after any write to sessions or team members. */
export function forgetSessions(db: DB = getDb()) {
  sessionCache().get(db)?.clear();
}

/**
 * The member of a live session, or undefined; an idle or orphaned session is removed on sight. `touch: false`
 * asks without counting as activity (an open event stream's check must not keep an idle session alive).
 */
export function getSessionMember(id: string, idleMs: number, { touch = true } = {}): TeamMember | undefined {
  const db = getDb();
  const now = Date.now();
  const cache = cachedSessions(db);
  let entry = cache.get(id);
  if (!entry || now - entry.readAt > SESSION_CACHE_MS) {
    const row = sessionLookup(db).get({ id });
    if (!row) {
      cache.delete(id);
      return undefined;
    }
    if (cache.size >= SESSION_CACHE_MAX) cache.clear();
    entry = { member: row.m, lastSeen: row.lastSeenAt.getTime(), readAt: now };
    cache.set(id, entry);
  }
  if (!entry.member.isActive || now - entry.lastSeen > idleMs) {
    db.delete(sessions).where(eq(sessions.id, id)).run();
    cache.delete(id);
    return undefined;
  }
  if (touch && now - entry.lastSeen > TOUCH_INTERVAL_MS) {
    sessionTouch(db).run({ id, at: now });
    entry.lastSeen = now;
  }
  return entry.member;
}

export function deleteSession(id: string) {
  const db = getDb();
  db.delete(sessions).where(eq(sessions.id, id)).run();
  forgetSessions(db);
}

export function deleteIdleSessions(idleMs: number) {
  const db = getDb();
  db.delete(sessions)
    .where(lt(sessions.lastSeenAt, new Date(Date.now() - idleMs)))
    .run();
  forgetSessions(db);
}

// Sign-in attempts are counted under a key: a client address (an IPv6 one by its /64), or `device:<id>` for a
// browser that signed in here before (docs/decisions/0025-sign-in-under-attack.md). `teamMemberId` on a failure is
// the member the attempt was for (the chosen name), on a success the member who signed in.
// Keys that start with '*' (the character before '+'): a range the primary key can seek, where LIKE could not.
const shopKey = and(gte(loginRefusals.ip, "*"), lt(loginRefusals.ip, "+"));

export const DEVICE_KEY_PREFIX = "device:";
const isDeviceKey = sql`${loginAttempts.ip} LIKE 'device:%'`;

export function recordLoginAttempt(key: string, success: boolean, teamMemberId: number | null) {
  getDb().insert(loginAttempts).values({ ip: key, at: new Date(), success, teamMemberId }).run();
}

/** Times of the latest `limit` failed attempts under one key inside the window, newest first. */
export function recentFailureTimes(key: string, windowMs: number, limit: number): Date[] {
  return getDb()
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(and(eq(loginAttempts.ip, key), eq(loginAttempts.success, false), gte(loginAttempts.at, new Date(Date.now() - windowMs))))
    .orderBy(desc(loginAttempts.at))
    .limit(limit)
    .all()
    .map((r) => r.at);
}

/**
 * Times of the latest `limit` wrong PINs typed for one member inside the window, newest first. For a browser that
 * signed in here before (`known`): those typed on such browsers, and those typed from its own address (`address`)
 * before it was one; for any other browser: those typed on browsers that never signed in here. Counted apart so
 * that strangers trying a name cannot lock that member out of the shop's own PCs.
 */
export function recentMemberFailureTimes(teamMemberId: number, known: boolean, address: string, windowMs: number, limit: number): Date[] {
  return getDb()
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.teamMemberId, teamMemberId),
        eq(loginAttempts.success, false),
        gte(loginAttempts.at, new Date(Date.now() - windowMs)),
        known ? or(isDeviceKey, eq(loginAttempts.ip, address)) : not(isDeviceKey),
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(limit)
    .all()
    .map((r) => r.at);
}

/** Failed sign-ins inside the window from browsers that never signed in here (the shop-wide budget). */
export function recentFailureCount(windowMs: number): number {
  return (
    getDb()
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.success, false), gte(loginAttempts.at, new Date(Date.now() - windowMs)), not(isDeviceKey)))
      .get()?.n ?? 0
  );
}

/** Distinct keys (addresses, /64s, devices) that typed a wrong PIN in [from, to). */
export function failureKeyCount(from: Date, to: Date): number {
  return (
    getDb()
      .select({ n: countDistinct(loginAttempts.ip) })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.success, false), gte(loginAttempts.at, from), lt(loginAttempts.at, to)))
      .get()?.n ?? 0
  );
}

/**
 * Adds one to the counter `key` of the window starting at `windowStart` (one row per key and window, however
 * many requests arrive) and returns the new count. Keys are client addresses, or `*…` for the shop's own counters.
 */
export function bumpCounter(key: string, windowStart: Date): number {
  const now = new Date();
  const row = getDb()
    .insert(loginRefusals)
    .values({ ip: key, windowStart, count: 1, lastAt: now })
    .onConflictDoUpdate({
      target: [loginRefusals.ip, loginRefusals.windowStart],
      set: { count: sql`${loginRefusals.count} + 1`, lastAt: now },
    })
    .returning({ count: loginRefusals.count })
    .get();
  return row?.count ?? 1;
}

/** Counts one refused sign-in of `key` in the window: true for the first of the window. */
export function recordRefusal(key: string, windowStart: Date): boolean {
  return bumpCounter(key, windowStart) === 1;
}

/** Every shop counter (`*…`) of one window, key → count. */
export function shopCounters(windowStart: Date): Map<string, number> {
  const rows = getDb()
    .select({ key: loginRefusals.ip, n: loginRefusals.count })
    .from(loginRefusals)
    .where(and(eq(loginRefusals.windowStart, windowStart), shopKey))
    .all();
  return new Map(rows.map((r) => [r.key, r.n]));
}

/**
 * Windows before `before` with a shop counter (`*…`) other than `skip`, not yet written up (no `logged` counter):
 * oldest first.
 */
export function unloggedWindows(skip: string[], logged: string, before: Date): Date[] {
  const rows = getDb()
    .selectDistinct({ w: loginRefusals.windowStart })
    .from(loginRefusals)
    .where(
      and(
        shopKey,
        not(inArray(loginRefusals.ip, skip)),
        lt(loginRefusals.windowStart, before),
        sql`NOT EXISTS (SELECT 1 FROM ${loginRefusals} l WHERE l.ip = ${logged} AND l.window_start = ${loginRefusals.windowStart})`,
      ),
    )
    .orderBy(loginRefusals.windowStart)
    .all();
  return rows.map((r) => r.w);
}

/** Writes a window's one audit entry and marks it written, in one transaction: never twice, never lost. */
export function logWindow(windowStart: Date, logged: string, write: (tx: Pick<DB, "insert">) => void) {
  getDb().transaction((tx) => {
    const done = tx
      .insert(loginRefusals)
      .values({ ip: logged, windowStart, count: 1, lastAt: new Date() })
      .onConflictDoNothing()
      .returning({ n: loginRefusals.count })
      .get();
    if (done) write(tx);
  });
}

export function pruneLoginAttempts(olderThanMs: number) {
  const before = new Date(Date.now() - olderThanMs);
  getDb().delete(loginAttempts).where(lt(loginAttempts.at, before)).run();
  getDb().delete(loginRefusals).where(lt(loginRefusals.lastAt, before)).run();
}
