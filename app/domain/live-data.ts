// Live pages' data requests (decision 0034), shared by the browser's live client and the server.

/**
 * The header a live reload names the last notice it has seen with (an event id of /api/events): an answer made
 * after that notice shows everything the reload was asked for.
 */
export const LIVE_SEEN_HEADER = "X-Live-Seen";
