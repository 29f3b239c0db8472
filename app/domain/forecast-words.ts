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

const WEEKDAYS = ["", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"];
export const WEEKDAY_SHORT = ["", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];

/** '8:00 AM' from minutes after midnight. */
export function formatDayStart(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/** 'Monday to Friday, from 8:00 AM for 8 hours'; 'Monday, Wednesday and Friday, …'. */
export function formatWorkingWeek(c: { workingDays: readonly number[]; dayStartMinutes: number; dayHours: number }): string {
  const days = [...new Set(c.workingDays)].filter((d) => d >= 1 && d <= 7).sort((a, b) => a - b);
  const consecutive = days.length >= 3 && days.every((d, i) => i === 0 || d === days[i - 1]! + 1);
  const names = days.map((d) => WEEKDAYS[d]!);
  const list =
    days.length === 0
      ? "No working days"
      : days.length === 7
        ? "Every day"
        : consecutive
          ? `${names[0]} to ${names.at(-1)}`
          : names.length === 1
            ? names[0]!
            : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${list}, from ${formatDayStart(c.dayStartMinutes)} for ${c.dayHours} hour${c.dayHours === 1 ? "" : "s"}`;
}

/** A list's short line: 'Tue, Dec 8 · 2 working days late', 'Tue, Dec 8 · on time', or why it is unknown. */
export function finishShortText(f: FinishFacts, timeZone: string): string {
  if (f.finishAt === null) return f.reason ?? "Unknown";
  const date = formatListDate(f.finishAt, timeZone);
  if (f.relation === "after") return `${date} · ${days(f.workingDays)} late`;
  if (f.relation === "on" || f.relation === "before") return `${date} · on time`;
  return date;
}
