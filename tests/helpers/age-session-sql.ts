/**
 * The statements that move an item's running session (its start and the start's log row) `ms` into the past, with
 * parameters (ms, itemId): shared by the in-process helper (timers.ts) and the browser tests, which run them on
 * their server's database file. No imports, so Playwright's Node process can load it too.
 */
export const AGE_SESSION_SQL = [
  "UPDATE items SET current_session_start = current_session_start - ? WHERE id = ? AND is_timer_active = 1",
  "UPDATE timer_logs SET timestamp = timestamp - ? WHERE id = (SELECT id FROM timer_logs WHERE item_id = ? AND action = 'start' ORDER BY timestamp DESC, id DESC LIMIT 1)",
] as const;

/**
 * The statement that moves an item's latest stop `ms` into the past, with parameters (ms, itemId): as if the scan
 * that moved it on had been made then, so the same member's next scan is a start, not a double read.
 */
export const AGE_LAST_STOP_SQL =
  "UPDATE timer_logs SET timestamp = timestamp - ? WHERE id = (SELECT id FROM timer_logs WHERE item_id = ? AND action = 'stop' ORDER BY timestamp DESC, id DESC LIMIT 1)";
