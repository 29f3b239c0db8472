import { DOUBLE_SCAN_WINDOW_MS } from "~/domain/timer-words";
import { AGE_LAST_STOP_SQL, AGE_SESSION_SQL } from "./age-session-sql";
import { hooks } from "./app";

/**
 * Moves an item's running session (its start and the start's log row) `ms` into the past, as if it had been
 * started then: by default just past the double-read window, so the same member's next scan is a stop.
 */
export function ageSession(itemId: number, ms = DOUBLE_SCAN_WINDOW_MS + 100) {
  const db = hooks.getDb().$client;
  for (const sql of AGE_SESSION_SQL) db.query(sql).run(ms, itemId);
}

/**
 * Moves an item's latest stop `ms` into the past (by default just past the double-read window), so the same
 * member's next scan starts it in the department that stop moved it to instead of being refused as a second read.
 */
export function ageLastStop(itemId: number, ms = DOUBLE_SCAN_WINDOW_MS + 100) {
  hooks.getDb().$client.query(AGE_LAST_STOP_SQL).run(ms, itemId);
}
