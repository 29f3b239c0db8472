import { t } from "@lingui/core/macro";
import { epochDayOf, dateOfEpochDay } from "~/domain/working-calendar";
import { numberish } from "./common";
import { check, z } from "./messages";

// The shop's working calendar and each department's capacity (docs/decisions/0038-finish-date-forecast.md): the
// fields of PATCH /api/shop-settings and of the department API, and the Global Settings → Capacity and calendar form.

export const MAX_PEOPLE = 100;
export const MAX_HOLIDAYS = 400;

export const peopleMessage = () => t`People must be a whole number from 0 to ${MAX_PEOPLE}`;
export const hoursMessage = () => t`Hours a day must be a number from 0 to 24`;
export const dayHoursMessage = () => t`The working day must be more than 0 and at most 24 hours long`;
export const dayStartMessage = () => t`Enter when the working day starts, e.g. 08:00`;
export const workingDaysMessage = () => t`Choose at least one working day`;
export const holidayMessage = () => t`Holidays must be dates written as YYYY-MM-DD, e.g. 2026-12-25`;
const PEOPLE = check(peopleMessage);
const HOURS = check(hoursMessage);
const DAY_HOURS = check(dayHoursMessage);
const DAY_START = check(dayStartMessage);

/** A department's people: 0 means it does no work (its items then have no expected finish). */
export const capacityPeople = numberish(z.number(PEOPLE).int(PEOPLE).min(0, PEOPLE).max(MAX_PEOPLE, PEOPLE));

/** Hours each person works a day; null (or an empty field) means the shop's hours a day. */
export const capacityHours = z.preprocess(
  (v) => (typeof v === "string" ? (v.trim() === "" ? null : Number(v)) : v),
  z.number(HOURS).min(0, HOURS).max(24, HOURS).nullable(),
);

/** ISO weekdays (1 Monday … 7 Sunday), each once, at least one; a form sends one field per ticked box. */
export const workingDays = z.preprocess(
  (v) => (v == null ? [] : (Array.isArray(v) ? v : [v]).map((d) => (typeof d === "string" && /^\d$/.test(d.trim()) ? Number(d) : d))),
  z
    .array(
      z
        .number({ error: () => t`Working days are weekday numbers, 1 (Monday) to 7 (Sunday)` })
        .int()
        .min(1)
        .max(7),
    )
    .min(1, check(workingDaysMessage))
    .refine(
      (days) => new Set(days).size === days.length,
      check(() => t`A working day appears twice`),
    )
    .transform((days) => [...days].sort((a, b) => a - b)),
);

export const dayStartMinutes = numberish(
  z
    .number({ error: () => t`The day's start must be minutes after midnight, 0 to 1439` })
    .int()
    .min(0)
    .max(
      1439,
      check(() => t`The day's start must be minutes after midnight, 0 to 1439`),
    ),
);

/** '08:00' (a time input) → minutes after midnight. */
export const dayStartTime = z
  .string(DAY_START)
  .trim()
  .regex(/^([01]?\d|2[0-3]):[0-5]\d$/, DAY_START)
  .transform((t) => {
    const [h, m] = t.split(":").map(Number);
    return h! * 60 + m!;
  });

export const dayHours = numberish(z.number(DAY_HOURS).gt(0, DAY_HOURS).max(24, DAY_HOURS));

const isDate = (d: string) => Number.isFinite(epochDayOf(d)) && dateOfEpochDay(epochDayOf(d)) === d;

/** Dates 'YYYY-MM-DD' (real ones), kept once each and in order; a form sends them one a line or separated by commas. */
export const holidays = z.preprocess(
  (v) =>
    typeof v === "string"
      ? v
          .split(/[\s,;]+/)
          .map((s) => s.trim())
          .filter(Boolean)
      : v == null
        ? []
        : v,
  z
    .array(z.string(check(holidayMessage)))
    .max(
      MAX_HOLIDAYS,
      check(() => t`At most ${MAX_HOLIDAYS} holidays`),
    )
    .superRefine((days, ctx) => {
      const bad = days.find((d) => !isDate(d));
      if (bad === undefined) return;
      const holiday = holidayMessage();
      // Quoted outside the message: a placeholder right after an apostrophe would not be one.
      const quoted = `'${bad.slice(0, 40)}'`;
      ctx.addIssue({ code: "custom", message: t`${holiday} (${quoted} is not one)` });
    })
    .transform((days) => [...new Set(days)].sort()),
);

/** Global Settings → Capacity and calendar: the shop's week. */
export const WorkingCalendarFormSchema = z.object({
  workingDays,
  dayStart: dayStartTime,
  dayHours,
  holidays,
  // A checkbox: sent ('on') when ticked, absent when not (docs/product.md, Decisions: The end of a job).
  pauseAtDayEnd: z.preprocess((v) => v === "on" || v === "true" || v === true, z.boolean()),
  version: numberish(z.number().int().positive()).optional(),
});

/** Global Settings → Capacity and calendar: every department's people and hours, as `people-{id}` and `hours-{id}`. */
export function capacityFormSchema(departmentIds: readonly number[]) {
  const shape: Record<string, z.ZodType> = {};
  for (const id of departmentIds) {
    shape[`people-${id}`] = capacityPeople;
    shape[`hours-${id}`] = capacityHours.optional();
  }
  return z.object(shape);
}
