import { t } from "@lingui/core/macro";
import { flowAnalytics, type Flow } from "~/models/analytics.server";
import { AnalyticsRangeSchema, MAX_RANGE_DAYS, rangeTooLongMessage } from "~/schemas/analytics";
import { zoneDate } from "~/domain/dates";
import { getEnv } from "~/infra/env.server";
import { addDays, daysBetween, dayStart, isCalendarDay, periodsFor, type Granularity } from "~/infra/periods.server";

// /analytics and its CSV downloads read the same figures: the range from the URL, then one flowAnalytics call.

export const DEFAULT_RANGE_DAYS = 30;

export type AnalyticsRead = {
  from: string;
  to: string;
  /** What was wrong with the range in the URL, when it was replaced by the default. */
  rangeError: string | null;
  /** The range the URL asked for, as typed (empty when not given). */
  asked: { from: string; to: string };
  flow: Flow;
  granularity: Granularity;
  finished: { key: string; label: string; value: number }[];
  ms: number;
};

export function readAnalytics(url: URL, now = Date.now()): AnalyticsRead {
  const tz = getEnv().SHOP_TIMEZONE;
  const today = zoneDate(now, tz);
  const fallback = { from: addDays(today, 1 - DEFAULT_RANGE_DAYS), to: today };
  const asked = { from: url.searchParams.get("from") ?? "", to: url.searchParams.get("to") ?? "" };
  let range = fallback;
  let rangeError: string | null = null;
  if (asked.from || asked.to) {
    const parsed = AnalyticsRangeSchema.safeParse({ from: asked.from || fallback.from, to: asked.to || fallback.to });
    if (!parsed.success) rangeError = parsed.error.issues[0]!.message;
    else if (!isCalendarDay(parsed.data.from) || !isCalendarDay(parsed.data.to)) rangeError = t`Enter a real calendar date.`;
    else if (daysBetween(parsed.data.from, parsed.data.to) > MAX_RANGE_DAYS) rangeError = rangeTooLongMessage();
    else range = parsed.data;
  }
  const started = performance.now();
  const { granularity, periods } = periodsFor(range.from, range.to, tz);
  const flow = flowAnalytics({ from: dayStart(range.from, tz), to: dayStart(addDays(range.to, 1), tz) }, periods, now);
  const finished = periods.map((p, i) => ({ key: p.key, label: p.label, value: flow.finishedPerPeriod[i] ?? 0 }));
  return { ...range, rangeError, asked, flow, granularity, finished, ms: performance.now() - started };
}
