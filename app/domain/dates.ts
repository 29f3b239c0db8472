import { plural, t } from "@lingui/core/macro";
import { Temporal } from "@js-temporal/polyfill";
import { formatCount, intlLocale } from "./format";
import { ZoneClock } from "./working-calendar";

// Dates in the shop's zone (SHOP_TIMEZONE, docs/product.md (Decisions) 'Dates and time'). Timestamps are stored in UTC; a
// calendar date (a step's start or end) is stored as 12:00 in the shop's zone (docs/product.md §5 Step dates), which stays
// the same calendar day in every zone a browser may be in and never lands on a DST gap.

/** A calendar date as a date input sends it, 'yyyy-mm-dd'. */
export const PLAIN_DATE = /^\d{4}-\d{2}-\d{2}$/;

const clocks = new Map<string, ZoneClock | null>();
/** The zone's clock, kept; null for a zone Intl does not know. */
function clockOf(timeZone: string): ZoneClock | null {
  let clock = clocks.get(timeZone);
  if (clock === undefined) {
    try {
      clock = new ZoneClock(timeZone);
    } catch {
      clock = null;
    }
    clocks.set(timeZone, clock);
  }
  return clock;
}

/**
 * 'yyyy-mm-dd' → the instant of noon that day in `timeZone`; null for an empty or invalid date. An import writes one
 * per project, so the zone's offset comes from a kept Intl clock (Temporal decides only near a daylight-saving change).
 */
export function noonInZone(date: string, timeZone: string): Date | null {
  if (!PLAIN_DATE.test(date)) return null;
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, 12);
  const check = new Date(wall);
  // Refuses 2026-02-30 and the like, as Temporal's overflow: "reject" does.
  if (check.getUTCFullYear() !== y || check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) return null;
  const clock = clockOf(timeZone);
  return clock ? new Date(clock.instantOf(wall)) : null;
}

const dayFormatters = new Map<string, Intl.DateTimeFormat>();
const US_DAY = /^(\d{2})\/(\d{2})\/(\d{4})$/;

/**
 * An instant → its calendar date in `timeZone` as 'yyyy-mm-dd' (the value of a date input). Lists call this for
 * every row's dates, so it asks a kept Intl formatter, a fraction of Temporal's cost; a year Intl writes otherwise
 * (before 1000, after 9999) goes to Temporal.
 */
export function zoneDate(instant: Date | number, timeZone: string): string {
  const ms = typeof instant === "number" ? instant : instant.getTime();
  let f = dayFormatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat("en-US", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" });
    dayFormatters.set(timeZone, f);
  }
  const m = US_DAY.exec(f.format(ms));
  if (m) return `${m[3]}-${m[1]}-${m[2]}`;
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDate().toString();
}

/** Noon in `timeZone`, `days` calendar days from the day `from` falls on there (demo data, defaults). */
export function noonDaysFrom(from: Date | number, days: number, timeZone: string): Date {
  const ms = typeof from === "number" ? from : from.getTime();
  const day = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).toPlainDate().add({ days });
  return new Date(day.toZonedDateTime({ timeZone, plainTime: Temporal.PlainTime.from("12:00") }).epochMilliseconds);
}

const formatters = new Map<string, Intl.DateTimeFormat>();
/** A kept formatter of one kind, in the shop's zone and the language being spoken (format.ts intlLocale). */
function fmt(timeZone: string, kind: "list" | "timeline" | "analytics" | "log"): Intl.DateTimeFormat {
  const locale = intlLocale();
  const key = `${kind}|${timeZone}|${locale}`;
  let f = formatters.get(key);
  if (!f) {
    const options: Intl.DateTimeFormatOptions =
      kind === "list"
        ? { timeZone, weekday: "short", month: "short", day: "numeric" }
        : kind === "timeline"
          ? { timeZone, month: "short", day: "numeric", year: "numeric" }
          : kind === "log"
            ? { timeZone, month: "short", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", second: "2-digit" }
            : { timeZone, month: "short", day: "numeric", hour: "numeric", minute: "2-digit" };
    f = new Intl.DateTimeFormat(locale, options);
    formatters.set(key, f);
  }
  return f;
}

type DateInput = Date | number | string | null | undefined;
const toDate = (d: DateInput) => (d === null || d === undefined || d === "" ? null : new Date(d));

/** docs/product.md §9 lists: short weekday, month, day ('Mon, Nov 23'), or 'Not set'. */
export function formatListDate(d: DateInput, timeZone: string): string {
  const date = toDate(d);
  return date && !Number.isNaN(date.getTime()) ? fmt(timeZone, "list").format(date) : t`Not set`;
}

/** docs/product.md §9 timeline: 'MMM d, yyyy'. */
export function formatTimelineDate(d: Date | number | string, timeZone: string): string {
  return fmt(timeZone, "timeline").format(new Date(d));
}

/** docs/product.md §9 analytics: 'MMM d, h:mm a'. */
export function formatDateTime(d: Date | number | string, timeZone: string): string {
  return fmt(timeZone, "analytics").format(new Date(d));
}

/** A timer log entry, to the second: 'Nov 23, 2026, 2:05:09 PM'. */
export function formatLogTime(d: Date | number | string, timeZone: string): string {
  return fmt(timeZone, "log").format(new Date(d));
}

const RELATIVE_STEPS: [RelativeUnit, number][] = [
  ["year", 365 * 86400],
  ["month", 30 * 86400],
  ["week", 7 * 86400],
  ["day", 86400],
  ["hour", 3600],
  ["minute", 60],
];
type RelativeUnit = "year" | "month" | "week" | "day" | "hour" | "minute";

/**
 * '5 minutes ago', 'yesterday', 'in 3 weeks': what Intl.RelativeTimeFormat("en-US", { numeric: "auto" }) writes,
 * word for word, but through the catalog, so every language (the pseudo-locale too) says it in its own words.
 */
function relativeText(value: number, unit: RelativeUnit): string {
  const n = Math.abs(value);
  const past = value < 0;
  // The number as Intl writes it (1,000): the language's grouping.
  const count = formatCount(n);
  switch (unit) {
    case "year":
      if (n === 1) return past ? t`last year` : t`next year`;
      return past ? plural(n, { one: `${count} year ago`, other: `${count} years ago` }) : plural(n, { one: `in ${count} year`, other: `in ${count} years` });
    case "month":
      if (n === 1) return past ? t`last month` : t`next month`;
      return past
        ? plural(n, { one: `${count} month ago`, other: `${count} months ago` })
        : plural(n, { one: `in ${count} month`, other: `in ${count} months` });
    case "week":
      if (n === 1) return past ? t`last week` : t`next week`;
      return past ? plural(n, { one: `${count} week ago`, other: `${count} weeks ago` }) : plural(n, { one: `in ${count} week`, other: `in ${count} weeks` });
    case "day":
      if (n === 1) return past ? t`yesterday` : t`tomorrow`;
      return past ? plural(n, { one: `${count} day ago`, other: `${count} days ago` }) : plural(n, { one: `in ${count} day`, other: `in ${count} days` });
    case "hour":
      return past ? plural(n, { one: `${count} hour ago`, other: `${count} hours ago` }) : plural(n, { one: `in ${count} hour`, other: `in ${count} hours` });
    case "minute":
      return past
        ? plural(n, { one: `${count} minute ago`, other: `${count} minutes ago` })
        : plural(n, { one: `in ${count} minute`, other: `in ${count} minutes` });
  }
}

/** 'just now', '5 minutes ago', 'yesterday', '3 weeks ago': the machine screen's 'Date/Time File Added'. */
export function formatRelative(d: Date | number | string, now: number = Date.now()): string {
  const seconds = Math.round((new Date(d).getTime() - now) / 1000);
  for (const [unit, size] of RELATIVE_STEPS) {
    if (Math.abs(seconds) >= size) return relativeText(Math.trunc(seconds / size), unit);
  }
  return t`just now`;
}

/** The instant the shop's day began (midnight in `timeZone`) for the day `at` falls on there. */
export function startOfZoneDay(at: Date | number, timeZone: string): number {
  const ms = typeof at === "number" ? at : at.getTime();
  return Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(timeZone).startOfDay().epochMilliseconds;
}
