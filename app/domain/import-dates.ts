import { t } from "@lingui/core/macro";
import { intlLocale } from "./format";

// Dates as shops' spreadsheets write them, for the order import (docs/product.md, Decisions: Due dates; decision
// 0045 as amended by 0048). Browser-safe and pure.
//
// Read: an ISO day (2026-12-18, or a timestamp's day), year first with slashes (2026/12/18), day and month with
// slashes, dots or dashes and a four- or two-digit year (12/18/2026, 12/18/26, 18/12/2026, 18.12.2026), and Excel's
// date serial numbers (46374: days since Excel's 1900 epoch, which a cell formatted as a number shows). Whether
// 01/02/2026 is the 2nd of January or the 1st of February is the shop's setting (`dayFirst`); a date that can be
// read only one way (13/12/2026, 12/13/2026) is read that way whatever the setting. Dotted dates are written day
// first wherever they are used, so they are read day first unless only the other order makes a date.

/** The zones where a shop writes month first when it has not said (docs/product.md: the Americas). */
const AMERICAS = /^(America|US|Canada|Brazil|Chile|Mexico)\//;

/** How 01/02/2026 is read when the shop has not chosen: month first in the Americas, day first elsewhere. */
export const defaultDayFirst = (timeZone: string) => !AMERICAS.test(timeZone);

/** The first and last days the import takes (a due date outside them is a typo). */
export const FIRST_IMPORT_DAY = "2000-01-01";
export const LAST_IMPORT_DAY = "2099-12-31";

const ISO = /^(\d{4})-(\d{1,2})-(\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?$/;
const SLASH_YMD = /^(\d{4})\/(\d{1,2})\/(\d{1,2})$/;
const PARTS = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$/;
/** An Excel serial: a whole number of days, or one with a time of day after the point. */
const SERIAL = /^(\d{5})(?:\.\d+)?$/;
/** Excel's day 0 (it counts 1900 as a leap year, so from March 1900 on, day n is 1899-12-30 plus n days). */
const EXCEL_EPOCH = Date.UTC(1899, 11, 30);
const DAY_MS = 86_400_000;

function day(year: number, month: number, date: number): string | null {
  const at = new Date(Date.UTC(year, month - 1, date));
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== date) return null;
  return at.toISOString().slice(0, 10);
}

/**
 * The day `text` names as 'YYYY-MM-DD', or null when it names none. `dayFirst` decides 01/02/2026 (see the top).
 * The range check (FIRST_IMPORT_DAY…LAST_IMPORT_DAY) is the caller's, so it can say which it was.
 */
export function readImportDate(text: string, dayFirst: boolean): string | null {
  const s = text.trim();
  let m = ISO.exec(s) ?? SLASH_YMD.exec(s);
  if (m) return day(Number(m[1]), Number(m[2]), Number(m[3]));
  m = PARTS.exec(s);
  if (m) {
    const a = Number(m[1]);
    const b = Number(m[3]);
    const year = m[4]!.length === 2 ? 2000 + Number(m[4]) : Number(m[4]);
    const first = m[2] === "." || dayFirst;
    const preferred = first ? day(year, b, a) : day(year, a, b);
    return preferred ?? (first ? day(year, a, b) : day(year, b, a));
  }
  m = SERIAL.exec(s);
  if (m) return new Date(EXCEL_EPOCH + Number(m[1]) * DAY_MS).toISOString().slice(0, 10);
  return null;
}

const understood = new Map<string, Intl.DateTimeFormat>();
/** 'Fri, Dec 18, 2026': a day as the import understood it, for the preview, in the language being spoken. */
export function formatImportDay(date: string): string {
  const locale = intlLocale();
  let f = understood.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { timeZone: "UTC", weekday: "short", month: "short", day: "numeric", year: "numeric" });
    understood.set(locale, f);
  }
  return f.format(new Date(`${date}T12:00:00Z`));
}

/** 'month first (12/18/2026)' or 'day first (18/12/2026)': the order in words, for the import screen and settings. */
export const dateOrderWords = (dayFirst: boolean) => (dayFirst ? t`day first (18/12/2026)` : t`month first (12/18/2026)`);
