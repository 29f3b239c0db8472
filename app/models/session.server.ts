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

/** The member of a live session, or undefined; an idle or orphaned session is removed on sight. */
export function getSessionMember(id: string, idleMs: number): TeamMember | undefined {
  const db = getDb();
  const row = sessionLookup(db).get({ id });
  if (!row) return undefined;
  const now = Date.now();
  const lastSeen = row.lastSeenAt.getTime();
  if (!row.m.isActive || now - lastSeen > idleMs) {
    db.delete(sessions).where(eq(sessions.id, id)).run();
    return undefined;
  }
  if (now - lastSeen > TOUCH_INTERVAL_MS) sessionTouch(db).run({ id, at: now });
  return row.m;
}

export function deleteSession(id: string) {
  getDb().delete(sessions).where(eq(sessions.id, id)).run();
}

export function deleteIdleSessions(idleMs: number) {
  getDb()
    .delete(sessions)
    .where(lt(sessions.lastSeenAt, new Date(Date.now() - idleMs)))
    .run();
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
