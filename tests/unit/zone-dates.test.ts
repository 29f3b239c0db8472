import { describe, expect, test } from "bun:test";
import { Temporal } from "@js-temporal/polyfill";
import { noonInZone, zoneDate } from "~/domain/dates";

// zoneDate reads the day from a kept Intl formatter (lists call it for every row); Temporal is the reference.
const reference = (ms: number, tz: string) => Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(tz).toPlainDate().toString();

describe("zoneDate", () => {
  const zones = [
    "America/New_York",
    "America/Los_Angeles",
    "America/St_Johns",
    "Europe/London",
    "Australia/Lord_Howe",
    "Pacific/Kiritimati",
    "Pacific/Pago_Pago",
    "UTC",
  ];

  test("gives Temporal's calendar day at every hour around the year's daylight-saving changes", () => {
    const start = Date.UTC(2026, 0, 1);
    for (const tz of zones) {
      // Every 61 minutes through the year: each local midnight and every DST change is passed closely.
      for (let ms = start; ms < start + 366 * 86_400_000; ms += 61 * 60_000) {
        const got = zoneDate(ms, tz);
        if (got !== reference(ms, tz)) throw new Error(`${tz} ${new Date(ms).toISOString()}: ${got} ≠ ${reference(ms, tz)}`);
      }
    }
  });

  test("takes a Date or milliseconds, and writes years outside four digits as Temporal does", () => {
    const at = Date.UTC(2026, 11, 2, 3, 30);
    expect(zoneDate(new Date(at), "America/Chicago")).toBe("2026-12-01");
    expect(zoneDate(at, "Europe/Berlin")).toBe("2026-12-02");
    for (const ms of [Date.UTC(999, 5, 1, 12), Date.UTC(10_000, 0, 1, 12), Date.UTC(-5, 0, 1, 12)]) {
      expect(zoneDate(ms, "UTC")).toBe(reference(ms, "UTC"));
    }
  });
});

describe("noonInZone", () => {
  const zones = ["America/New_York", "America/Chicago", "America/St_Johns", "Europe/London", "Australia/Lord_Howe", "Pacific/Apia", "UTC"];
  const noon = (day: string, tz: string) =>
    Temporal.PlainDate.from(day).toZonedDateTime({ timeZone: tz, plainTime: Temporal.PlainTime.from("12:00") }).epochMilliseconds;

  test("gives Temporal's instant of noon on every day of two years, daylight-saving days included", () => {
    for (const tz of zones) {
      for (let day = Temporal.PlainDate.from("2026-01-01"); Temporal.PlainDate.compare(day, "2028-01-01") < 0; day = day.add({ days: 1 })) {
        const got = noonInZone(day.toString(), tz)?.getTime();
        if (got !== noon(day.toString(), tz)) throw new Error(`${tz} ${day}: ${got} ≠ ${noon(day.toString(), tz)}`);
      }
    }
  });

  test("refuses what is not a calendar date, and a zone no one knows", () => {
    for (const bad of ["2026-02-29", "2026-13-01", "2026-04-31", "2026-1-01", "", "tomorrow"]) expect(noonInZone(bad, "UTC")).toBeNull();
    expect(noonInZone("2028-02-29", "UTC")!.toISOString()).toBe("2028-02-29T12:00:00.000Z");
    expect(noonInZone("2026-06-01", "Mars/Olympus_Mons")).toBeNull();
  });
});
