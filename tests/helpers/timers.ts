import { getDb } from "~/infra/db.server";
import { DOUBLE_SCAN_WINDOW_MS } from "~/domain/timer-words";

/**
 * Moves an item's running session (its start and the start's log row) `ms` into the past, as if it had been
 * started then: by default just past the double-read window, so the same member's next scan is a stop.
 */
export function ageSession(itemId: number, ms = DOUBLE_SCAN_WINDOW_MS + 100) {
  const db = getDb().$client;
  db.query("UPDATE items SET current_session_start = current_session_start - ? WHERE id = ? AND is_timer_active = 1").run(ms, itemId);
  db.query(
    "UPDATE timer_logs SET timestamp = timestamp - ? WHERE id = (SELECT id FROM timer_logs WHERE item_id = ? AND action = 'start' ORDER BY timestamp DESC, id DESC LIMIT 1)",
  ).run(ms, itemId);
}
