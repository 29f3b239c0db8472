import { COMPLETED_DEPARTMENT, PRIORITY_WEIGHTS, STANDARD_DEPARTMENT_ORDER, type Priority, type ProjectStatus, type StepStatus } from "~/domain/constants";

// The rules of docs/product.md §4 and docs/product.md (Decisions) in one place, used by the models, the screens and the demo seed alike.

/** docs/product.md (Decisions): an item follows its category's sequence when it has one, otherwise the standard order. */
export function itemSequence(categorySequence: readonly string[] | null | undefined): readonly string[] {
  return categorySequence && categorySequence.length > 0 ? categorySequence : STANDARD_DEPARTMENT_ORDER;
}

export type NextDepartment = { kind: "next"; department: string; index: number } | { kind: "final"; department: string; index: number } | { kind: "none" };

/**
 * Where stopping the timer moves an item: the department after its current one; at the last one it stays
 * ('Final Department'). An item whose department is not in the sequence moves to the sequence's first.
 */
export function nextDepartment(sequence: readonly string[], current: string | null | undefined): NextDepartment {
  if (sequence.length === 0) return { kind: "none" };
  const at = current ? sequence.indexOf(current) : -1;
  if (at >= sequence.length - 1) return { kind: "final", department: sequence[sequence.length - 1]!, index: sequence.length - 1 };
  return { kind: "next", department: sequence[at + 1]!, index: at + 1 };
}

/** What a stop in the timer log did: paused, moved the item on, finished it, or (unknowable now) only stopped. */
export type StopOutcome = { kind: "paused" } | { kind: "undone" } | { kind: "advanced"; department: string } | { kind: "finished" } | { kind: "stopped" };

/**
 * Pause and Done write the same `stop` row (decision 0048); what tells them apart is where the item was next: the
 * department of the item's next log row, or its own department now for its newest row. Still there: a pause, unless
 * the audit trail says a scan's advance was undone (`undone`). In the department its sequence follows with: Done.
 * Anywhere else the item was moved by hand since, and whether the stop itself moved it can no longer be told.
 */
export function stopOutcome(
  stop: { department: string | null; finished: boolean },
  departmentAfter: string | null,
  sequence: readonly string[],
  undone = false,
): StopOutcome {
  if (stop.finished) return { kind: "finished" };
  // A scan's advance taken back with Undo (its audit row names the stop): a Done that was undone, not a pause.
  if (undone) return { kind: "undone" };
  if (!stop.department || !departmentAfter) return { kind: "stopped" };
  if (departmentAfter === stop.department) return { kind: "paused" };
  const next = nextDepartment(sequence, stop.department);
  return next.kind === "next" && next.department === departmentAfter ? { kind: "advanced", department: departmentAfter } : { kind: "stopped" };
}

/**
 * Every row of a timer log, newest first, with where the item was after it (`currentDepartment` for the newest):
 * one pass over rows already read, so a long log costs no query per row.
 */
export function withDepartmentAfter<T extends { department: string | null }>(
  newestFirst: readonly T[],
  currentDepartment: string,
): (T & { departmentAfter: string | null })[] {
  return newestFirst.map((row, i) => ({ ...row, departmentAfter: i === 0 ? currentDepartment : newestFirst[i - 1]!.department }));
}

/**
 * docs/product.md, Decisions: The end of a job. Whether an item has passed a department: it is finished, its
 * sequence does not hold the department, or its current department comes later in its sequence.
 */
export function hasPassed(sequence: readonly string[], current: string | null | undefined, finished: boolean, department: string): boolean {
  if (finished) return true;
  const at = sequence.indexOf(department);
  if (at < 0) return true;
  return (current ? sequence.indexOf(current) : -1) > at;
}

/** Whether an item of this sequence works in the department at all (a step's share counts only those that do). */
export const goesThrough = (sequence: readonly string[], department: string): boolean => sequence.includes(department);

/** A step's share of items past its department: 100 only when every one has passed, never 100 before. */
export function floorPercent(passed: number, total: number): number {
  if (total <= 0) return 0;
  if (passed >= total) return 100;
  return Math.min(99, Math.round((passed / total) * 100));
}

/** docs/product.md §4: an item in installation counts as completed. */
export const isItemCompleted = (department: string | null | undefined) => department === COMPLETED_DEPARTMENT;

/** docs/product.md (Decisions): 0 'pending', 1–99 'in-progress', 100 'completed'. */
export function stepStatusFromPercent(percent: number): StepStatus {
  if (percent >= 100) return "completed";
  if (percent <= 0) return "pending";
  return "in-progress";
}

/** docs/product.md (Decisions): 'completed' when the project has steps and every one is completed, else 'active'. */
export function projectStatusFromSteps(steps: readonly { status: string }[]): ProjectStatus {
  return steps.length > 0 && steps.every((s) => s.status === "completed") ? "completed" : "active";
}

export function priorityWeight(priority: string | null | undefined): number {
  return PRIORITY_WEIGHTS[priority as Priority] ?? 0;
}

/** Percent, rounded, 0 when there is nothing to count. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 100) : 0);

/** A department name or value as a URL-safe key: 'Pre-Production' and 'pre-production' are the same. */
const departmentKey = (d: string | null | undefined) =>
  (d ?? "")
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");

const BACK_BY_DEPARTMENT: Record<string, string> = {
  "pre-production": "/pre-production",
  production: "/production",
  fabrication: "/fabrication",
  "project-management": "/projects",
};

/**
 * docs/product.md §2 Project detail: where Back goes. The user's own department first; otherwise the department of the first
 * step not completed (or the first step when all are), mapped the same way; finally /projects.
 */
export function projectBackTarget(userDepartment: string | null | undefined, steps: readonly { department: string; status: string }[]): string {
  const own = BACK_BY_DEPARTMENT[departmentKey(userDepartment)];
  if (own) return own;
  const step = steps.find((s) => s.status !== "completed") ?? steps[0];
  return (step && BACK_BY_DEPARTMENT[departmentKey(step.department)]) ?? "/projects";
}
