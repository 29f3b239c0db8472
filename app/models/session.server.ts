import { and, count, desc, eq, gte, lt, sql } from "drizzle-orm";
import { loginAttempts, loginRefusals, sessions, teamMembers, type TeamMember } from "#db/schema";
import { getDb, type DB } from "~/utils/db.server";
import { prepared } from "./prepared.server";

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
// (issue "Step 5": 50 scans at once answered under 10 ms): reading and mapping the session and member rows was a
// fifth of a scan's time. Lookups are kept in memory per database handle (tests swap handles) and on globalThis
// (the server entry and the route bundle are separate module copies). Every write to sessions or team members
// in this process drops them (forgetSessions), so a logout, deactivation or PIN change still ends a session at
// once; an entry is also re-read after SESSION_CACHE_MS, which bounds what a change made outside the server could
// leave stale (nothing does that while it runs: a restore needs the server stopped).
type CachedSession = { member: TeamMember; lastSeen: number; readAt: number };
const SESSION_CACHE_MS = 2_000;
const SESSION_CACHE_MAX = 10_000;
const gs = globalThis as unknown as { __shopflowSessionCache?: WeakMap<DB, Map<string, CachedSession>> };
const sessionCache = (gs.__shopflowSessionCache ??= new WeakMap());

function cachedSessions(db: DB): Map<string, CachedSession> {
  let map = sessionCache.get(db);
  if (!map) sessionCache.set(db, (map = new Map()));
  return map;
}

/** Drops every remembered session lookup: call after any write to sessions or team members. */
export function forgetSessions(db: DB = getDb()) {
  sessionCache.get(db)?.clear();
}

/** The member of a live session, or undefined; an idle or orphaned session is removed on sight. */
export function getSessionMember(id: string, idleMs: number): TeamMember | undefined {
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
  if (now - entry.lastSeen > TOUCH_INTERVAL_MS) {
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

export function recordLoginAttempt(ip: string, success: boolean, teamMemberId: number | null) {
  getDb().insert(loginAttempts).values({ ip, at: new Date(), success, teamMemberId }).run();
}

/** Times of the latest `limit` failed attempts from one address inside the window, newest first. */
export function recentFailureTimes(ip: string, windowMs: number, limit: number): Date[] {
  return getDb()
    .select({ at: loginAttempts.at })
    .from(loginAttempts)
    .where(
      and(
        eq(loginAttempts.ip, ip),
        eq(loginAttempts.success, false),
        gte(loginAttempts.at, new Date(Date.now() - windowMs)),
      ),
    )
    .orderBy(desc(loginAttempts.at))
    .limit(limit)
    .all()
    .map((r) => r.at);
}

/** Failed sign-ins from every address inside the window (the shop-wide budget). */
export function recentFailureCount(windowMs: number): number {
  return (
    getDb()
      .select({ n: count() })
      .from(loginAttempts)
      .where(and(eq(loginAttempts.success, false), gte(loginAttempts.at, new Date(Date.now() - windowMs))))
      .get()?.n ?? 0
  );
}

/**
 * Counts one refused sign-in of `key` (an address, or '*' for the shop-wide budget) in the window starting at
 * `windowStart`: one row per key and window however many requests arrive. True for the first of the window.
 */
export function recordRefusal(key: string, windowStart: Date): boolean {
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
  return row?.count === 1;
}

export function pruneLoginAttempts(olderThanMs: number) {
  const before = new Date(Date.now() - olderThanMs);
  getDb().delete(loginAttempts).where(lt(loginAttempts.at, before)).run();
  getDb().delete(loginRefusals).where(lt(loginRefusals.lastAt, before)).run();
}
