import { describe, expect, test } from "bun:test";
import {
  addWorkingSeconds,
  hasWorkingTime,
  NoWorkingTimeError,
  WorkingTime,
  workingDaysBetween,
  workingSecondsBetween,
  workingTime,
  type WorkingCalendar,
} from "~/domain/working-calendar";

// The shop's working time (docs/decisions/0038-finish-date-forecast.md). Dates of late 2026: Mon Nov 23, Thanksgiving
// Thu Nov 26, Fri Dec 4, Tue Dec 8. Chicago is UTC-6 in winter (CST) and UTC-5 until Nov 1 (CDT).

const H = 3600;
const chicago: WorkingCalendar = { timeZone: "America/Chicago", workingDays: [1, 2, 3, 4, 5], dayStartMinutes: 480, dayHours: 8, holidays: [] };
const at = (iso: string) => new Date(iso).getTime();
const iso = (ms: number) => new Date(ms).toISOString();

describe("adding working time", () => {
  test("within a day, and to the end of a day rather than the next morning", () => {
    // Mon Nov 30, 9:00 CST = 15:00Z.
    expect(iso(addWorkingSeconds(chicago, at("2026-11-30T15:00:00Z"), 2 * H))).toBe("2026-11-30T17:00:00.000Z");
    expect(iso(addWorkingSeconds(chicago, at("2026-11-30T14:00:00Z"), 8 * H))).toBe("2026-11-30T22:00:00.000Z");
  });

  test("before the day starts, work starts at 8:00; after it ends, the next working morning", () => {
    expect(iso(addWorkingSeconds(chicago, at("2026-11-30T12:00:00Z"), H))).toBe("2026-11-30T15:00:00.000Z");
    expect(iso(addWorkingSeconds(chicago, at("2026-12-01T02:00:00Z"), H))).toBe("2026-12-01T15:00:00.000Z");
  });

  test("over a weekend: Friday 15:00 plus 3 hours is Monday 10:00", () => {
    expect(iso(addWorkingSeconds(chicago, at("2026-12-04T21:00:00Z"), 3 * H))).toBe("2026-12-07T16:00:00.000Z");
    // From Saturday noon, the first hour is Monday's.
    expect(iso(addWorkingSeconds(chicago, at("2026-12-05T18:00:00Z"), H))).toBe("2026-12-07T15:00:00.000Z");
  });

  test("over a holiday: Wednesday 15:00 plus 3 hours skips Thanksgiving to Friday 10:00", () => {
    const shop = { ...chicago, holidays: ["2026-11-26"] };
    expect(iso(addWorkingSeconds(shop, at("2026-11-25T21:00:00Z"), 3 * H))).toBe("2026-11-27T16:00:00.000Z");
    expect(iso(addWorkingSeconds(chicago, at("2026-11-25T21:00:00Z"), 3 * H))).toBe("2026-11-26T16:00:00.000Z");
  });

  test("across the end of daylight saving time (Sunday Nov 1): 8:00 stays 8:00 on the wall clock", () => {
    // Fri Oct 30, 15:00 CDT = 20:00Z; Mon Nov 2, 9:00 CST = 15:00Z.
    expect(iso(addWorkingSeconds(chicago, at("2026-10-30T20:00:00Z"), 2 * H))).toBe("2026-11-02T15:00:00.000Z");
    expect(workingSecondsBetween(chicago, at("2026-10-30T20:00:00Z"), at("2026-11-02T15:00:00Z"))).toBe(2 * H);
  });

  test("a shop working every hour of every day: a 25-hour day still holds 24 working hours, a 23-hour day 23", () => {
    const always: WorkingCalendar = { timeZone: "America/Chicago", workingDays: [1, 2, 3, 4, 5, 6, 7], dayStartMinutes: 0, dayHours: 24, holidays: [] };
    // Nov 1 2026 (CDT → CST) is 25 hours long, Mar 8 2026 (CST → CDT) 23.
    expect(workingSecondsBetween(always, at("2026-11-01T05:00:00Z"), at("2026-11-02T06:00:00Z"))).toBe(24 * H);
    expect(workingSecondsBetween(always, at("2026-03-08T06:00:00Z"), at("2026-03-09T05:00:00Z"))).toBe(23 * H);
  });

  test("zero adds nothing, and adding then measuring gives back the same seconds far from today", () => {
    const from = at("2031-06-10T13:00:00Z");
    expect(addWorkingSeconds(chicago, from, 0)).toBe(from);
    const later = addWorkingSeconds(chicago, from, 500 * H);
    expect(workingSecondsBetween(chicago, from, later)).toBe(500 * H);
    const past = at("2019-02-01T20:00:00Z");
    expect(workingSecondsBetween(chicago, past, addWorkingSeconds(chicago, past, 37 * H))).toBe(37 * H);
    expect(workingSecondsBetween(chicago, later, from)).toBe(-500 * H);
  });

  test("a day starting late runs past midnight and counts on the day it starts", () => {
    const nights: WorkingCalendar = { timeZone: "America/Chicago", workingDays: [1, 2, 3, 4, 5], dayStartMinutes: 22 * 60, dayHours: 8, holidays: [] };
    // Fri Dec 4 22:00 CST = Sat 04:00Z; the shift runs to Sat 06:00 CST; the next starts Mon Dec 7 22:00.
    expect(iso(addWorkingSeconds(nights, at("2026-12-05T04:00:00Z"), 8 * H))).toBe("2026-12-05T12:00:00.000Z");
    expect(iso(addWorkingSeconds(nights, at("2026-12-05T04:00:00Z"), 9 * H))).toBe("2026-12-08T05:00:00.000Z");
  });
});

describe("working days between dates", () => {
  test("Friday Dec 4 to Tuesday Dec 8 is 2 working days, 1 with Monday off; backwards it is negative", () => {
    const wt = workingTime(chicago);
    expect(wt.workingDaysAfter("2026-12-04", "2026-12-08")).toBe(2);
    expect(wt.workingDaysAfter("2026-12-08", "2026-12-04")).toBe(-2);
    expect(wt.workingDaysAfter("2026-12-08", "2026-12-08")).toBe(0);
    expect(workingTime({ ...chicago, holidays: ["2026-12-07", "2026-12-05"] }).workingDaysAfter("2026-12-04", "2026-12-08")).toBe(1);
    // Four whole weeks and a day.
    expect(wt.workingDaysAfter("2026-11-02", "2026-12-01")).toBe(21);
  });

  test("between instants, by their dates in the shop's zone", () => {
    // Fri Dec 4 23:30 CST is Sat 05:30Z: still Friday in Chicago.
    expect(workingDaysBetween(chicago, at("2026-12-05T05:30:00Z"), at("2026-12-08T18:00:00Z"))).toBe(2);
    expect(workingTime(chicago).dateOf(at("2026-12-05T05:30:00Z"))).toBe("2026-12-04");
    expect(workingTime({ ...chicago, timeZone: "Pacific/Kiritimati" }).dateOf(at("2026-12-04T12:00:00Z"))).toBe("2026-12-05");
  });

  test("working dates and weekdays", () => {
    const wt = workingTime({ ...chicago, holidays: ["2026-12-25"] });
    expect(wt.isWorkingDate("2026-12-24")).toBe(true);
    expect(wt.isWorkingDate("2026-12-25")).toBe(false);
    expect(wt.isWorkingDate("2026-12-26")).toBe(false);
    expect(wt.isWorkingDate("not a date")).toBe(false);
  });
});

describe("a calendar without working time", () => {
  test("is recognised, and refused rather than looping for ever", () => {
    expect(hasWorkingTime({ workingDays: [], dayHours: 8 })).toBe(false);
    expect(hasWorkingTime({ workingDays: [1], dayHours: 0 })).toBe(false);
    expect(hasWorkingTime(chicago)).toBe(true);
    expect(() => new WorkingTime({ ...chicago, workingDays: [] })).toThrow(NoWorkingTimeError);
  });
});
