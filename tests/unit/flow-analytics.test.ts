import { Database } from "bun:sqlite";
import { describe, expect, test } from "bun:test";
import { migrate } from "../../db/migrate";
import { migrations } from "../../db/migrations.gen";
import { waitSince } from "~/models/timer.server";
import { csvCell } from "~/domain/csv";
import { formatSpan } from "~/domain/format";
import { daysBetween, granularityFor, isCalendarDay, periodsFor } from "~/infra/periods.server";

// Flow analytics, below the page: the SQLite functions it relies on, the upgrade that fills the new
// columns for logs written before them, and the calendar periods of the charts.

test("the bundled SQLite has median(), which the analytics queries use", () => {
  const db = new Database(":memory:");
  expect(db.query("SELECT median(x) AS m FROM (SELECT 1 AS x UNION ALL SELECT 10 UNION ALL SELECT 4)").get()).toEqual({ m: 4 });
  expect(db.query("SELECT json_extract('[5,6]', '$[1]') AS v, '[5,6]' ->> 0 AS w").get()).toEqual({ v: 6, w: 5 });
});

describe("migration 0010 fills wait_seconds and finished for existing logs", () => {
  const index = migrations.findIndex((m) => m.tag.startsWith("0010_"));
  test("starts after another department's stop get the wait; stops the item stayed after are finishes", () => {
    expect(index).toBeGreaterThan(0);
    const db = new Database(":memory:");
    db.run("PRAGMA foreign_keys = ON");
    migrate(db, migrations.slice(0, index));
    db.run("INSERT INTO projects (id, name) VALUES (1, 'P')");
    // Item 1 went through a → b → c and finished in c, then was restarted there. Item 2 left a, waits in b.
    db.run("INSERT INTO items (id, name, category, department, project_id) VALUES (1, 'I1', 'C', 'c', 1), (2, 'I2', 'C', 'b', 1)");
    const log = (item: number, action: string, dept: string, at: number) =>
      db.run("INSERT INTO timer_logs (item_id, action, department, timestamp) VALUES (?, ?, ?, ?)", [item, action, dept, at]);
    log(1, "start", "a", 0);
    log(1, "stop", "a", 10_000);
    log(1, "start", "b", 70_000); // waited 60 s
    log(1, "stop", "b", 80_000);
    log(1, "start", "c", 200_000); // waited 120 s
    log(1, "stop", "c", 210_000); // finished: the item stayed in c
    log(1, "start", "c", 300_000); // a restart, not a wait
    log(1, "stop", "c", 310_000); // finished again, the item is still in c
    log(2, "start", "a", 0);
    log(2, "stop", "a", 5_000); // moved on to b: not a finish
    migrate(db);
    const rows = db.query("SELECT item_id, action, department, wait_seconds AS w, finished AS f FROM timer_logs ORDER BY id").all();
    expect(rows.map((r: any) => [r.item_id, r.action, r.department, r.w, r.f])).toEqual([
      [1, "start", "a", null, 0],
      [1, "stop", "a", null, 0],
      [1, "start", "b", 60, 0],
      [1, "stop", "b", null, 0],
      [1, "start", "c", 120, 0],
      [1, "stop", "c", null, 1],
      [1, "start", "c", null, 0],
      [1, "stop", "c", null, 1],
      [2, "start", "a", null, 0],
      [2, "stop", "a", null, 0],
    ]);
  });
});

test("waitSince: only a stop in another department starts a wait", () => {
  expect(waitSince(undefined, "b", 1000)).toBeNull();
  expect(waitSince({ action: "start", department: "a", at: 0 }, "b", 90_000)).toBeNull();
  expect(waitSince({ action: "stop", department: "b", at: 0 }, "b", 90_000)).toBeNull();
  expect(waitSince({ action: "stop", department: "a", at: new Date(0) }, "b", 90_999)).toBe(90);
  // A clock that went backwards never gives a negative wait.
  expect(waitSince({ action: "stop", department: "a", at: 5000 }, "b", 1000)).toBe(0);
});

describe("periods", () => {
  test("days in the shop's zone, including a 23-hour DST day", () => {
    const { granularity, periods } = periodsFor("2026-03-07", "2026-03-09", "America/Chicago");
    expect(granularity).toBe("day");
    expect(periods.map((p) => p.label)).toEqual(["Mar 7", "Mar 8", "Mar 9"]);
    expect(periods.map((p) => (p.end - p.start) / 3600_000)).toEqual([24, 23, 24]);
    expect(new Date(periods[0]!.start).toISOString()).toBe("2026-03-07T06:00:00.000Z");
    for (let i = 1; i < periods.length; i++) expect(periods[i]!.start).toBe(periods[i - 1]!.end);
  });

  test("weeks past three months, months past two years; the last period ends with the range", () => {
    expect(granularityFor(92)).toBe("day");
    expect(granularityFor(93)).toBe("week");
    expect(granularityFor(731)).toBe("week");
    expect(granularityFor(732)).toBe("month");
    const weeks = periodsFor("2026-01-01", "2026-04-10", "UTC");
    expect(weeks.granularity).toBe("week");
    expect(weeks.periods[0]!.label).toBe("Week of Jan 1");
    expect(weeks.periods.at(-1)!.end).toBe(Date.parse("2026-04-11T00:00:00Z"));
    const months = periodsFor("2023-06-15", "2026-11-25", "UTC");
    expect(months.granularity).toBe("month");
    expect(months.periods.map((p) => p.label).slice(0, 3)).toEqual(["Jun 2023", "Jul 2023", "Aug 2023"]);
    expect(months.periods[1]!.start).toBe(Date.parse("2023-07-01T00:00:00Z"));
    expect(months.periods).toHaveLength(42);
  });

  test("calendar days", () => {
    expect(isCalendarDay("2026-02-28")).toBe(true);
    expect(isCalendarDay("2026-02-30")).toBe(false);
    expect(isCalendarDay("2028-02-29")).toBe(true);
    expect(daysBetween("2026-01-01", "2026-12-31")).toBe(365);
  });
});

test("CSV keeps numbers as numbers and defuses formula-like text", () => {
  expect(csvCell(-5)).toBe("-5");
  expect(csvCell(259200)).toBe("259200");
  expect(csvCell(Number.NaN)).toBe("");
  expect(csvCell("-5")).toBe("'-5");
  expect(csvCell("=1+1")).toBe("'=1+1");
});

test("formatSpan reads days for long waits", () => {
  expect(formatSpan(45)).toBe("45s");
  expect(formatSpan(450)).toBe("7m 30s");
  expect(formatSpan(5400)).toBe("1h 30m");
  expect(formatSpan(3 * 86400 + 4 * 3600 + 59)).toBe("3d 4h");
});
