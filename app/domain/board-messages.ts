import { t } from "@lingui/core/macro";

// The TV board's messages, shared by the page, the event stream and the settings screen.
export const BOARD_LINK_INVALID = "This board link is not valid: it may have been revoked. Ask a manager for a new one.";
/** BOARD_LINK_INVALID in the language being spoken. */
export const boardLinkInvalid = () => t`This board link is not valid: it may have been revoked. Ask a manager for a new one.`;
/** How a board link looks: /board?key=… on this server (or PUBLIC_URL). */
export const boardLink = (base: string, key: string) => `${base.replace(/\/$/, "")}/board?key=${encodeURIComponent(key)}`;
/** What the board shows changes with these notices only; a board key's event stream carries nothing else. */
export const BOARD_ENTITIES: ReadonlySet<string> = new Set(["item", "machine-file", "department"]);

export const RUNNING_PER_COLUMN = 12;
