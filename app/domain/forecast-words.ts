import { formatListDate } from "~/domain/dates";

// What the screens and the API say about an expected finish (docs/decisions/0038-finish-date-forecast.md).

export type FinishFacts = {
  finishAt: number | null;
  relation: "after" | "on" | "before" | null;
  workingDays: number;
  reason: string | null;
};

const days = (n: number) => `${n} working day${n === 1 ? "" : "s"}`;

/**
 * 'Expected to finish Tue, Dec 8 — 2 working days after the due date'; '— on the due date'; '— 3 working days before
 * the due date'; no due date: the date alone; unknown: 'Expected finish unknown — Installation has no capacity set'.
 */
export function expectedFinishText(f: FinishFacts, timeZone: string): string {
  if (f.finishAt === null) return `Expected finish unknown — ${f.reason ?? "not enough is known yet"}`;
  const start = `Expected to finish ${formatListDate(f.finishAt, timeZone)}`;
  switch (f.relation) {
    case "after":
      return `${start} — ${days(f.workingDays)} after the due date`;
    case "on":
      return `${start} — on the due date`;
    case "before":
      return f.workingDays > 0 ? `${start} — ${days(f.workingDays)} before the due date` : `${start} — before the due date`;
    default:
      return start;
  }
}

/** Working time in words: '3 working hours', 'about 2.5 working days' (days of the shop's `dayHours`). */
export function workingSpan(seconds: number, dayHours: number): string {
  const hours = seconds / 3600;
  if (hours < 1) return `${Math.max(1, Math.round(seconds / 60))} working minutes`;
  if (hours < dayHours) {
    const h = Math.round(hours);
    return `${h} working hour${h === 1 ? "" : "s"}`;
  }
  const d = Math.round((hours / dayHours) * 2) / 2;
  return `about ${d} working day${d === 1 ? "" : "s"}`;
}

/** 'Held up by Installation: about 2 working days in its queue'; without a queue, where most of the work is. */
export function heldUpText(name: string | null, waitSeconds: number, dayHours: number): string | null {
  if (!name) return null;
  if (waitSeconds >= 60) return `Held up by ${name}: ${workingSpan(waitSeconds, dayHours)} in its queue`;
  return `No queue ahead; most of the work left is in ${name}`;
}

/** The /projects badge and the board's strip. */
export const AT_RISK = "At risk";
export const LATE_RISK = "Late risk";
export const PREVIEW_AS_RUSH = "Preview as rush";
