import { t } from "@lingui/core/macro";
import { Temporal } from "@js-temporal/polyfill";
import { intlLocale } from "~/domain/format";

// Calendar periods in the shop's zone for /analytics: the chart of items finished per day counts by day for a
// range up to three months, by week up to two years, by month beyond (a column per day of a year is unreadable).

export type Period = { key: string; label: string; start: number; end: number };
export type Granularity = "day" | "week" | "month";

// One pair of formatters per language, made once: the chart's labels in the reader's language.
const formatters = new Map<string, { label: Intl.DateTimeFormat; monthLabel: Intl.DateTimeFormat }>();
function formattersFor(locale: string) {
  let f = formatters.get(locale);
  if (!f) {
    f = {
      label: new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "short", day: "numeric" }),
      monthLabel: new Intl.DateTimeFormat(locale, { timeZone: "UTC", month: "short", year: "numeric" }),
    };
    formatters.set(locale, f);
  }
  return f;
}
const asUtc = (d: Temporal.PlainDate) => Date.UTC(d.year, d.month - 1, d.day);

/** True for a real calendar day: '2026-02-30' is not one. */
export function isCalendarDay(date: string): boolean {
  try {
    Temporal.PlainDate.from(date, { overflow: "reject" });
    return true;
  } catch {
    return false;
  }
}

/** Days from `from` to `to`, both included ('yyyy-mm-dd'). */
export function daysBetween(from: string, to: string): number {
  return Temporal.PlainDate.from(from).until(Temporal.PlainDate.from(to), { largestUnit: "days" }).days + 1;
}

export function addDays(date: string, days: number): string {
  return Temporal.PlainDate.from(date).add({ days }).toString();
}

/** Midnight at the start of `date` in `timeZone` (or the first instant of that day, on a DST change at midnight). */
export function dayStart(date: string, timeZone: string): number {
  return Temporal.PlainDate.from(date).toZonedDateTime({ timeZone }).epochMilliseconds;
}

export function granularityFor(days: number): Granularity {
  return days <= 92 ? "day" : days <= 731 ? "week" : "month";
}

/** The periods that cover `from`..`to`, each [start, end) in epoch ms; the last ends at the end of `to`. */
export function periodsFor(from: string, to: string, timeZone: string): { granularity: Granularity; periods: Period[] } {
  const granularity = granularityFor(daysBetween(from, to));
  const last = Temporal.PlainDate.from(to);
  const end = dayStart(last.add({ days: 1 }).toString(), timeZone);
  const periods: Period[] = [];
  const { label, monthLabel } = formattersFor(intlLocale());
  let d = Temporal.PlainDate.from(from);
  while (Temporal.PlainDate.compare(d, last) <= 0) {
    const next = granularity === "day" ? d.add({ days: 1 }) : granularity === "week" ? d.add({ days: 7 }) : d.with({ day: 1 }).add({ months: 1 });
    const text = granularity === "month" ? monthLabel.format(asUtc(d)) : granularity === "week" ? weekOf(label.format(asUtc(d))) : label.format(asUtc(d));
    const start = dayStart(d.toString(), timeZone);
    const stop = Temporal.PlainDate.compare(next, last) > 0 ? end : dayStart(next.toString(), timeZone);
    periods.push({ key: d.toString(), label: text, start, end: stop });
    d = next;
  }
  return { granularity, periods };
}

const weekOf = (day: string) => t({ message: `Week of ${day}`, comment: "A chart column: the week that starts on that day" });
