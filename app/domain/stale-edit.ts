// A save over someone else's change of the same field is refused (decisions 0009 and 0021). The refused form offers
// Reload, a submit button named RELOAD_FIELD: the action answers with the latest values under what was typed
// (views/project-edit.server.ts), so nothing typed is lost and the next save is checked against the latest.

export const RELOAD_FIELD = "reload";

/**
 * Whether a form's message is the refusal of a stale save ('This project was changed by someone else…'; in Spanish
 * 'Otra persona cambió este proyecto…').
 */
export const isStaleRefusal = (message: string) => /^This [a-z -]+ was changed by someone else/.test(message) || /^Otra persona cambió /.test(message);
