import { plural, t } from "@lingui/core/macro";
import { formatListDate } from "~/domain/dates";
import { dueStanding } from "~/domain/forecast";
import type { WorkingTime } from "~/domain/working-calendar";

// The end of a job (docs/product.md, Decisions: The end of a job): browser-safe words shared by the models and the
// screens (the floor's rules, hasPassed and floorPercent, are in rules.ts with the others).

export const itemFinishedMessage = () => t`This item is finished. Reopen it first if it needs more work.`;
/**
 * The finished item's refusal on the floor's screens: for a member who may not reopen it (no project keys), who can,
 * after the spec's sentence (a worker told only to 'reopen it' has no button for it).
 */
export const finishedMessageFor = (canReopen: boolean) =>
  canReopen ? itemFinishedMessage() : `${itemFinishedMessage()} ${t`Ask someone who can change projects to reopen it.`}`;
export const finishedToast = (canReopen = true) => ({ title: t`Item Finished`, description: finishedMessageFor(canReopen) });

/**
 * 'Completed on the floor: all 4 items through Production' (a step's audit row: stored data, so it stays as written).
 * `through`: the items that go through the department; `total`: the project's items, named when none of them do.
 */
export const completedOnFloorNote = (through: number, department: string, total = through) =>
  through === 0
    ? `Completed on the floor: none of the ${total === 1 ? "project's one item goes" : `${total} items go`} through ${department}`
    : `Completed on the floor: ${through === 1 ? "the one item" : `all ${through} items`} through ${department}`;

/**
 * 'Completed Tue, Dec 8 — 2 working days early', '… — on the due date', '… — 1 working day late', or just
 * 'Completed Tue, Dec 8' without a due date; days are counted on the shop's calendar.
 */
export function completedText(wt: WorkingTime | null, completedAt: number, dueAt: number | null, timeZone: string): string {
  const date = formatListDate(completedAt, timeZone);
  if (dueAt === null || wt === null) return t`Completed ${date}`;
  const s = dueStanding(wt, completedAt, dueAt);
  const count = s.workingDays;
  if (s.relation === "on") return t`Completed ${date} — on the due date`;
  if (s.relation === "after")
    return plural(count, { one: `Completed ${date} — ${count} working day late`, other: `Completed ${date} — ${count} working days late` });
  if (s.relation === "before")
    return count > 0
      ? plural(count, { one: `Completed ${date} — ${count} working day early`, other: `Completed ${date} — ${count} working days early` })
      : t`Completed ${date} — before the due date`;
  return t`Completed ${date}`;
}

/** 'Finished Dec 8, 2026 by Ana' (item and QR pages). */
export function finishedText(date: string, by: string | null): string {
  const name = by ?? t`a former team member`;
  return t`Finished ${date} by ${name}`;
}
