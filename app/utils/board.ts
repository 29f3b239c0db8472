// The TV board's messages, shared by the page, the event stream and the settings screen.
export const BOARD_LINK_INVALID = "This board link is not valid: it may have been revoked. Ask a manager for a new one.";
/** How a board link looks: /board?key=… on this server (or PUBLIC_URL). */
export const boardLink = (base: string, key: string) => `${base.replace(/\/$/, "")}/board?key=${encodeURIComponent(key)}`;
