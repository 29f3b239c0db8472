// One in-process publisher of change notices. Every model write announces what it changed after its
// transaction commits, so a listener never sees a change that was rolled back. Live pages (server-sent events)
// subscribe here, and each notice moves on the versions of what it changed (decision 0034), which the live pages'
// data answers are validated by.

import { processState } from "~/infra/process-state.server";

export type ChangeNotice = {
  entity: string;
  id: number | string | null;
  action: string;
  projectId?: number | null;
  department?: string | null;
  /** The department an item left (a stop that moved it on, an edit that changed it): its work list changed too. */
  fromDepartment?: string | null;
  at: number;
};

export type ChangeListener = (notice: ChangeNotice) => void;

const changes = () => processState.changes;

/** What a timer change is called in a notice: a pause, a day-end pause and an undone advance are timer changes too. */
const TIMER_ACTIONS = new Set(["start-timer", "end-timer", "reset-timer", "pause-timer", "pause-at-day-end", "undo-advance"]);

/**
 * What a notice changed, as the scopes pages are validated by (decision 0034). `*` is every change; a page that
 * names no narrower scopes follows it. Entities the list does not know (reference data: departments, categories,
 * team members, shop settings, and any added later) count as `reference`, which every page follows.
 */
export function scopesOf(notice: Omit<ChangeNotice, "at">): string[] {
  const scopes = ["*"];
  switch (notice.entity) {
    case "item":
      // A timer's start, stop or reset changes the item's time and department, not what the machine screens show.
      scopes.push(TIMER_ACTIONS.has(notice.action) ? "item-timers" : "items");
      // The work lists of the departments it is in and left (decision 0037): a scan in Production leaves
      // Quality Control's list answering 304.
      scopes.push(`items-in:${notice.department ?? "*"}`);
      if (notice.fromDepartment && notice.fromDepartment !== notice.department) scopes.push(`items-in:${notice.fromDepartment}`);
      break;
    case "machine-file":
      // A notice without a machine (none today) could be about any machine: `machine-files:*` is every queue's.
      scopes.push("machine-files", `machine-files:${notice.department ?? "*"}`);
      break;
    case "project":
      scopes.push("projects");
      break;
    case "item-file":
      scopes.push("item-files");
      break;
    case "workflow-step":
      scopes.push("steps");
      break;
    case "design":
      scopes.push("designs");
      break;
    case "board-key":
      scopes.push("board-keys");
      break;
    default:
      scopes.push("reference");
  }
  return scopes;
}

/**
 * The versions of `scopes` now, as one string: it changes whenever a notice touches one of them, and with every
 * restart. Moved on before a notice reaches any listener, so a page that reloads because of a notice never gets an
 * answer validated by the versions from before it.
 */
export function versionOf(scopes: readonly string[]): string {
  const { epoch, counts } = changes();
  return `${epoch}:${scopes.map((s) => counts.get(s) ?? 0).join(".")}`;
}

export function announce(notice: Omit<ChangeNotice, "at">) {
  const { counts } = changes();
  for (const scope of scopesOf(notice)) counts.set(scope, (counts.get(scope) ?? 0) + 1);
  const full = { ...notice, at: Date.now() };
  for (const listener of changes().listeners) {
    try {
      listener(full);
    } catch (error) {
      // A broken listener must not fail the write that has already committed.
      console.error("change listener failed", error);
    }
  }
}

/** Subscribe; returns the unsubscribe function. */
export function onChange(listener: ChangeListener): () => void {
  const { listeners } = changes();
  listeners.add(listener);
  return () => listeners.delete(listener);
}
