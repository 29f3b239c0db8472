import { eq, sql } from "drizzle-orm";
import { shopSettings } from "#db/schema";
import { DEFAULT_DAY_HOURS, DEFAULT_DAY_START_MINUTES, DEFAULT_WORKING_DAYS, hasWorkingTime, workingTime } from "~/domain/working-calendar";
import { DAY_END_PAUSE_ACTION, DAY_END_PAUSE_WORDS } from "~/domain/timer-words";
import { announce } from "~/infra/change-notices.server";
import { getDb } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";

// Forgotten timers stop at the end of the day (docs/product.md, Decisions: The end of a job; decision 0048). A timer
// still running an hour after the shop's hours end is paused at that end, so a night does not count as work: the
// same `stop` log row a Pause writes (the item stays in its department), its session counted until the day's end.
// The server's housekeeping runs a pass every few minutes (server/app.ts); one pass is one transaction of a fixed
// number of statements whatever the number of running items: the setting, the running items with who started each,
// then one update, one insert of log rows and one of audit rows over the items due.

/** How long after the day's end a timer still running counts as forgotten. */
export const DAY_END_GRACE_MS = 3_600_000;

/** The audit row's actor: the server itself, as the audit trail names rows without a member ('System'). */
const SYSTEM = "system";

export type DayEndPause = {
  id: number;
  name: string;
  department: string | null;
  /** The day's end the session was counted until (epoch ms). */
  pausedAt: number;
  sessionSeconds: number;
  /** Who started the session (its start log row): who is told at their next sign-in. */
  memberId: number | null;
};

type Running = { id: number; name: string; department: string | null; projectId: number; started: number; memberId: number | null };

/** One pass at `now`: pauses every timer due and says which. Nothing when the setting is off. */
export function pauseTimersAtDayEnd(now = Date.now()): DayEndPause[] {
  const db = getDb();
  const done = db.transaction((tx) => {
    const settings = tx
      .select({
        on: shopSettings.pauseAtDayEnd,
        workingDays: shopSettings.workingDays,
        dayStartMinutes: shopSettings.dayStartMinutes,
        dayHours: shopSettings.dayHours,
        holidays: shopSettings.holidays,
      })
      .from(shopSettings)
      .where(eq(shopSettings.id, 1))
      .get();
    if (settings && !settings.on) return [];
    const calendar = {
      timeZone: getEnv().SHOP_TIMEZONE,
      workingDays: settings?.workingDays ?? [...DEFAULT_WORKING_DAYS],
      dayStartMinutes: settings?.dayStartMinutes ?? DEFAULT_DAY_START_MINUTES,
      dayHours: settings?.dayHours ?? DEFAULT_DAY_HOURS,
      // The forecast's calendar, holidays and all, so the two share one index (holidays change no day's hours).
      holidays: settings?.holidays ?? [],
    };
    if (!hasWorkingTime(calendar)) return [];
    const hours = workingTime(calendar);
    // The running items (the partial index of running items) and who started each session (its start log row).
    const running = tx.all<Running>(sql`
      SELECT i.id AS id, i.name AS name, i.department AS department, i.project_id AS projectId,
        i.current_session_start AS started,
        (SELECT l.team_member_id FROM timer_logs l WHERE l.item_id = i.id AND l.action = 'start'
          ORDER BY l.timestamp DESC, l.id DESC LIMIT 1) AS memberId
      FROM items i WHERE i.is_timer_active = 1`);
    const due: (DayEndPause & { projectId: number; started: number })[] = [];
    for (const r of running) {
      const end = hours.hoursEndAfter(r.started);
      if (now < end + DAY_END_GRACE_MS) continue;
      due.push({ ...r, pausedAt: end, sessionSeconds: Math.max(0, Math.floor((end - r.started) / 1000)) });
    }
    if (due.length === 0) return [];
    const rows = JSON.stringify(due.map((d) => ({ id: d.id, started: d.started, seconds: d.sessionSeconds, at: d.pausedAt, department: d.department })));
    tx.run(sql`
      UPDATE items SET is_timer_active = 0, current_session_start = NULL,
        total_time_seconds = items.total_time_seconds + p.seconds, version = items.version + 1
      FROM (SELECT value ->> 'id' AS id, value ->> 'started' AS started, value ->> 'seconds' AS seconds FROM json_each(${rows})) AS p
      WHERE items.id = p.id AND items.is_timer_active = 1 AND items.current_session_start = p.started`);
    // The stop row a Pause writes: in the item's own department, not finishing it, by no member.
    tx.run(sql`
      INSERT INTO timer_logs (item_id, action, department, timestamp, session_duration_seconds, team_member_id, time_source, finished)
      SELECT value ->> 'id', 'stop', value ->> 'department', value ->> 'at', value ->> 'seconds', NULL, 'server', 0 FROM json_each(${rows})`);
    const audits = JSON.stringify(
      due.map((d) => ({
        id: String(d.id),
        before: JSON.stringify({ department: d.department, running: true }),
        after: JSON.stringify({
          department: d.department,
          sessionSeconds: d.sessionSeconds,
          pausedAt: new Date(d.pausedAt),
          memberId: d.memberId,
          note: DAY_END_PAUSE_WORDS,
        }),
      })),
    );
    tx.run(sql`
      INSERT INTO audit_log (at, actor_id, actor_name, action, entity, entity_id, before, after, ip)
      SELECT ${now}, NULL, ${SYSTEM}, ${DAY_END_PAUSE_ACTION}, 'item', value ->> 'id', value ->> 'before', value ->> 'after', NULL FROM json_each(${audits})`);
    return due;
  });
  for (const d of done) announce({ entity: "item", id: d.id, action: DAY_END_PAUSE_ACTION, projectId: d.projectId, department: d.department });
  return done.map(({ projectId: _p, started: _s, ...d }) => d);
}

export type DayEndNotice = { id: number; name: string; department: string | null; pausedAt: number };

/** How far back a sign-in looks for its member's paused timers when they never signed in before. */
const NOTICE_LOOKBACK_MS = 14 * 86_400_000;

/**
 * The items the end-of-day pass paused for `memberId` (they started the session) since the sign-in before their
 * current one: what Home tells them after they sign in. From the audit rows, so nothing else is stored.
 */
export function dayEndPausesFor(memberId: number, now = Date.now()): DayEndNotice[] {
  const db = getDb();
  // Their sign-ins, newest first (the (entity, entity_id) index): the one before the current session's.
  const logins = db.all<{ at: number }>(sql`
    SELECT at FROM audit_log WHERE entity = 'session' AND entity_id = ${String(memberId)} AND action = 'login'
    ORDER BY at DESC LIMIT 2`);
  const since = Math.max(logins[1]?.at ?? 0, now - NOTICE_LOOKBACK_MS);
  return db
    .all<DayEndNotice>(sql`
    SELECT i.id AS id, i.name AS name, i.department AS department, a.after ->> 'pausedAt' AS pausedAt
    FROM audit_log a JOIN items i ON i.id = CAST(a.entity_id AS INTEGER)
    WHERE a.at > ${since} AND a.action = ${DAY_END_PAUSE_ACTION} AND a.entity = 'item' AND a.after ->> 'memberId' = ${memberId}
    ORDER BY a.at, i.name`)
    .map((r) => ({ ...r, pausedAt: typeof r.pausedAt === "number" ? r.pausedAt : Date.parse(String(r.pausedAt)) }));
}
