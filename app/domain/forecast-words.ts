import { plural, t } from "@lingui/core/macro";
import { formatListDate } from "~/domain/dates";
import { currentI18n } from "~/domain/i18n-runtime";
import { intlLocaleFor } from "~/domain/languages";

// What the screens and the API say about an expected finish (docs/decisions/0038-finish-date-forecast.md).

export type FinishFacts = {
  finishAt: number | null;
  relation: "after" | "on" | "before" | null;
  workingDays: number;
  reason: string | null;
};

/** The Intl locale dates and numbers are written in for the language being spoken ('es' → 'es-US'). */
export function intlLocale(): string {
  return intlLocaleFor(currentI18n().locale);
}

/**
 * A forecast's reason in the reader's language. The forecast is computed once for every request, so it keeps its
 * reasons in English (domain/forecast.ts: noCapacityReason, NO_WORKING_TIME_REASON), put in words when shown.
 */
export function reasonText(reason: string): string {
  if (reason === "The shop's calendar has no working days set") return t`The shop's calendar has no working days set`;
  const suffix = " has no capacity set";
  if (reason.endsWith(suffix)) {
    const name = reason.slice(0, -suffix.length);
    return t`${name} has no capacity set`;
  }
  return reason;
}

/**
 * 'Expected to finish Tue, Dec 8 — 2 working days after the due date'; '— on the due date'; '— 3 working days before
 * the due date'; no due date: the date alone; unknown: 'Expected finish unknown — Installation has no capacity set'.
 */
export function expectedFinishText(f: FinishFacts, timeZone: string): string {
  if (f.finishAt === null) {
    const reason = f.reason === null ? t`not enough is known yet` : reasonText(f.reason);
    return t`Expected finish unknown — ${reason}`;
  }
  const date = formatListDate(f.finishAt, timeZone);
  const count = f.workingDays;
  switch (f.relation) {
    case "after":
      return plural(count, {
        one: `Expected to finish ${date} — # working day after the due date`,
        other: `Expected to finish ${date} — # working days after the due date`,
      });
    case "on":
      return t`Expected to finish ${date} — on the due date`;
    case "before":
      return count > 0
        ? plural(count, {
            one: `Expected to finish ${date} — # working day before the due date`,
            other: `Expected to finish ${date} — # working days before the due date`,
          })
        : t`Expected to finish ${date} — before the due date`;
    default:
      return t`Expected to finish ${date}`;
  }
}

/** Working time in words: '3 working hours', 'about 2.5 working days' (days of the shop's `dayHours`). */
export function workingSpan(seconds: number, dayHours: number): string {
  const hours = seconds / 3600;
  if (hours < 1) {
    const minutes = Math.max(1, Math.round(seconds / 60));
    return plural(minutes, { one: "# working minute", other: "# working minutes" });
  }
  if (hours < dayHours) {
    const h = Math.round(hours);
    return plural(h, { one: "# working hour", other: "# working hours" });
  }
  const d = Math.round((hours / dayHours) * 2) / 2;
  return plural(d, { one: "about # working day", other: "about # working days" });
}

/** 'Held up by Installation: about 2 working days in its queue'; without a queue, where most of the work is. */
export function heldUpText(name: string | null, waitSeconds: number, dayHours: number): string | null {
  if (!name) return null;
  if (waitSeconds >= 60) {
    const span = workingSpan(waitSeconds, dayHours);
    return t`Held up by ${name}: ${span} in its queue`;
  }
  return t`No queue ahead; most of the work left is in ${name}`;
}

/** 'About 2 working days in its queue': a step's wait, as the project page lists it under the item. */
export function queueWaitText(waitSeconds: number, dayHours: number): string {
  const span = workingSpan(waitSeconds, dayHours);
  return t`${span} in its queue`;
}

/** 'Held up by Installation': a late-risk row's short line. */
export function heldUpShortText(name: string): string {
  return t`Held up by ${name}`;
}

/** The /projects badge and the board's strip (English; the functions below speak the reader's language). */
export const AT_RISK = "At risk";
export const LATE_RISK = "Late risk";
export const PREVIEW_AS_RUSH = "Preview as rush";
export const atRiskText = () => t`At risk`;
export const lateRiskText = () => t`Late risk`;
export const previewAsRushText = () => t`Preview as rush`;

const weekdays = () => ["", t`Monday`, t`Tuesday`, t`Wednesday`, t`Thursday`, t`Friday`, t`Saturday`, t`Sunday`];
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
  const dayNames = weekdays();
  const names = days.map((d) => dayNames[d]!);
  const first = names[0] ?? "";
  const last = names.at(-1) ?? "";
  const others = names.slice(0, -1).join(", ");
  const list =
    days.length === 0
      ? t`No working days`
      : days.length === 7
        ? t`Every day`
        : consecutive
          ? t`${first} to ${last}`
          : names.length === 1
            ? names[0]!
            : t`${others} and ${last}`;
  const start = formatDayStart(c.dayStartMinutes);
  const text = plural(c.dayHours, { one: `${list}, from ${start} for # hour`, other: `${list}, from ${start} for # hours` });
  // Spanish writes weekdays in lower case: the sentence's first letter is still a capital.
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A list's short line: 'Tue, Dec 8 · 2 working days late', 'Tue, Dec 8 · on time', or why it is unknown. */
export function finishShortText(f: FinishFacts, timeZone: string): string {
  if (f.finishAt === null) return f.reason === null ? t`Unknown` : reasonText(f.reason);
  const date = formatListDate(f.finishAt, timeZone);
  if (f.relation === "after") {
    return plural(f.workingDays, { one: `${date} · # working day late`, other: `${date} · # working days late` });
  }
  if (f.relation === "on" || f.relation === "before") return t`${date} · on time`;
  return date;
}
