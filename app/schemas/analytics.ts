import { t } from "@lingui/core/macro";
import { check, z } from "./messages";

// /analytics: the date range in the URL, a GET form that works without JavaScript. Both ends are
// calendar days in the shop's zone and both are included.
const day = z
  .string()
  .trim()
  .regex(
    /^\d{4}-\d{2}-\d{2}$/,
    check(() => t`Enter a date as YYYY-MM-DD.`),
  );

export const MAX_RANGE_DAYS = 3660;
export const rangeOrderMessage = () => t`The start date must be on or before the end date.`;
export const rangeTooLongMessage = () => t`Choose a range of at most 10 years.`;

export const AnalyticsRangeSchema = z.object({ from: day, to: day }).refine((r) => r.from <= r.to, { error: rangeOrderMessage, path: ["from"] });

export const ANALYTICS_TABLES = ["departments", "finished", "projects", "machines"] as const;
export type AnalyticsTable = (typeof ANALYTICS_TABLES)[number];
