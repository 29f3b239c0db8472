// Shared by browser and server: the audit log stores code names ('workflow-step', 'start-timer'); people read
// words ('Workflow step', 'Start timer'). A name without an entry here is worded by rule, so a new kind of
// change still reads as words.

const ENTITY_LABELS: Record<string, string> = {
  audit_log: "Audit trail",
  "board-key": "TV board link",
  database: "Database",
  session: "Sign-in",
};

const ACTION_LABELS: Record<string, string> = {
  login: "Signed in",
  logout: "Signed out",
  "login-failed": "Refused PIN",
  "login-throttled": "Refused PIN (too many tries)",
  "login-budget-tripped": "Sign-ins slowed shop-wide",
  "pin-clash-refused": "PIN already in use, refused",
  "prune-audit": "Remove old entries",
  "seed-demo": "Fill with the demo shop",
  "upload-url": "Start an upload",
  // Before 'reorder-steps' (which names its project), a reorder was recorded under the first step's record type.
  reorder: "Reorder",
};

/** 'workflow-step' → 'Workflow step', 'audit_log' → 'Audit log'. */
export function words(name: string): string {
  const s = name.replace(/[-_]+/g, " ").trim().toLowerCase();
  return s ? s[0]!.toUpperCase() + s.slice(1) : name;
}

export const auditEntityLabel = (entity: string) => ENTITY_LABELS[entity] ?? words(entity);
export const auditActionLabel = (action: string) => ACTION_LABELS[action] ?? words(action);

/** How many entries the History of a project or item page shows; older ones are in the audit trail. */
export const HISTORY_LIMIT = 20;
