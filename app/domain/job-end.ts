import { formatListDate } from "~/domain/dates";
import { dueStanding } from "~/domain/forecast";
import type { WorkingTime } from "~/domain/working-calendar";

// The end of a job (docs/product.md, Decisions: The end of a job): browser-safe words shared by the models and the
// screens (the floor's rules, hasPassed and floorPercent, are in rules.ts with the others).

export const ITEM_FINISHED = "This item is finished. Reopen it first if it needs more work.";
export const finishedToast = () => ({ title: "Item Finished", description: ITEM_FINISHED });

/** 'Completed on the floor: all 4 items through Production' (a step's audit row). */
export const completedOnFloorNote = (items: number, department: string) =>
  `Completed on the floor: ${items === 1 ? "the one item" : `all ${items} items`} through ${department}`;

const days = (n: number) => `${n} working day${n === 1 ? "" : "s"}`;

/**
 * 'Completed Tue, Dec 8 — 2 working days early', '… — on the due date', '… — 1 working day late', or just
 * 'Completed Tue, Dec 8' without a due date; days are counted on the shop's calendar.
 */
export function completedText(wt: WorkingTime | null, completedAt: number, dueAt: number | null, timeZone: string): string {
  const head = `Completed ${formatListDate(completedAt, timeZone)}`;
  if (dueAt === null || wt === null) return head;
  const s = dueStanding(wt, completedAt, dueAt);
  if (s.relation === "on") return `${head} — on the due date`;
  if (s.relation === "after") return `${head} — ${days(s.workingDays)} late`;
  if (s.relation === "before") return `${head} — ${s.workingDays > 0 ? `${days(s.workingDays)} early` : "before the due date"}`;
  return head;
}

/** 'Finished Dec 8, 2026 by Ana' (item and QR pages). */
export const finishedText = (date: string, by: string | null) => `Finished ${date} by ${by ?? "a former team member"}`;
