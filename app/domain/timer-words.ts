import { t } from "@lingui/core/macro";
import type { StopOutcome } from "./rules";

// Browser-safe constants and words of item timers: what a start, a stop and a refused scan say, the same on the
// QR Timer page, the /qr/{id} page, /api/scans and the timer API (docs/decisions/0022-scans-and-flash-messages.md).

// The double-read window lives in ./constants.ts (no translated words there: the browser tests import it).
export { DOUBLE_SCAN_WINDOW_MS } from "./constants";
export const doubleScanMessage = () => t`Already started — scanned twice? Scan again in a few seconds to stop.`;

/** The second read of a scan that moved the item on moments ago (the department is named by the toasts). */
export const doubleStartMessage = () => t`Just moved on — scanned twice? Scan again in a few seconds to start it in its new department.`;

export type TimerToast = { title: string; description: string };

export const startedToast = (itemName: string, department: string): TimerToast => ({ title: t`Timer Started`, description: t`${itemName} in ${department}.` });

/** docs/product.md §8: 'Timer Stopped & Advanced' names where the item went; at the last department it is 'Final Department'. */
export function stoppedToast(itemName: string, department: string, final: boolean): TimerToast {
  return final
    ? { title: t`Final Department`, description: t`${itemName} is finished in ${department}.` }
    : { title: t`Timer Stopped & Advanced`, description: t`${itemName} moved to ${department}.` };
}

export const doubleScanToast = (): TimerToast => ({ title: t`Timer Still Running`, description: doubleScanMessage() });

/** The label page's Done pressed moments after its Start (the button takes Start's place): a double tap, said as one. */
export const doubleTapToast = (): TimerToast => ({
  title: t`Timer Still Running`,
  description: t`Started moments ago — tapped twice? Press Done again in a few seconds to stop.`,
});

/** A scan's second read right after the first moved the item to `department`: nothing started there. */
export const doubleStartToast = (department: string): TimerToast => ({
  title: t`Timer Not Started`,
  description: t`Just moved to ${department} — scanned twice? Scan again in a few seconds to start it there.`,
});

/** A scan's second read right after the first finished the item: nothing changed, and the first scan's Undo stays. */
export const doubleFinishMessage = () => t`Finished moments ago — scanned twice? Nothing changed: it stays finished.`;
export const doubleFinishToast = (): TimerToast => ({ title: t`Timer Not Started`, description: doubleFinishMessage() });

/** The label page's Start pressed moments after its Done moved the item (Start takes Done's place): a double tap. */
export const doubleTapStartToast = (department: string): TimerToast => ({
  title: t`Timer Not Started`,
  description: t`Moved to ${department} moments ago — tapped twice? Press Start again in a few seconds to start it there.`,
});

/** docs/product.md, Decisions: The end of a job: Pause stops the timer and the item stays where it is. */
export const pausedToast = (itemName: string, department: string): TimerToast => ({
  title: t`Timer Paused`,
  description: t`${itemName} stays in ${department}.`,
});

/**
 * The stop-and-advance button's words (docs/product.md, Decisions: The end of a job): it names where the item goes,
 * or says the stop finishes it in its last department.
 */
export function doneLabel(next: { final: boolean; department: string | null }): string {
  const department = next.department;
  return next.final ? t`Done — finish item` : department ? t`Done → ${department}` : t`Done`;
}

/** A timer log row's action in words: a stop says whether it paused the item, moved it on or finished it. */
export function timerLogActionText(
  row: { action: "start" | "stop"; department?: string | null; outcome: StopOutcome | null },
  departmentName: (value: string) => string,
): string {
  if (row.action === "start") return t`Started`;
  switch (row.outcome?.kind) {
    case "paused":
      return t`Paused`;
    case "undone": {
      const department = row.department ? departmentName(row.department) : "";
      return department ? t`Done, then undone — kept in ${department}` : t`Done, then undone`;
    }
    case "advanced": {
      const department = departmentName(row.outcome.department);
      return t`Done → ${department}`;
    }
    case "finished":
      return t`Done — item finished`;
    default:
      return t`Stopped`;
  }
}

/** How long after a QR Timer scan stopped and advanced (or finished) an item it can be undone (docs/product.md, Decisions: The end of a job). */
export const UNDO_ADVANCE_WINDOW_MS = 30_000;
/** The Undo offered after a QR Timer scan: one that moved the item on keeps it where it was; one that finished it, unfinished. */
export const undoLabel = (department: string, finished = false) => (finished ? t`Undo — not finished yet` : t`Undo — keep it in ${department}`);
export const undoTooLateMessage = () => t`Too late to undo: a scan can be undone for 30 seconds after it.`;
export const undoChangedMessage = () => t`This item changed after the scan (it was started, paused or moved again), so the scan cannot be undone.`;
export const undoNothingMessage = () => t`That scan did not move the item, so there is nothing to undo.`;
export const undoAlreadyMessage = () => t`This move was already undone.`;
export const undoneToast = (itemName: string, department: string): TimerToast => ({
  title: t`Scan Undone`,
  description: t`${itemName} is back in ${department}; its time is kept.`,
});
/** A finishing scan undone: the item stays where it was, not finished. */
export const unfinishedToast = (itemName: string, department: string): TimerToast => ({
  title: t`Scan Undone`,
  description: t`${itemName} is not finished: it stays in ${department}; its time is kept.`,
});

/**
 * The audit action of a timer paused by the end-of-day pass, worded in docs/product.md, Decisions: The end of a job.
 * Stored in the audit row (data, written by a scheduled job), so it stays as written.
 */
export const DAY_END_PAUSE_ACTION = "pause-at-day-end";
export const DAY_END_PAUSE_WORDS = "Paused at the end of the working day";
