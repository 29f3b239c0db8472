import { expect, test } from "bun:test";
import { escapeText, foldLine, icsCalendar, nextDay, utcStamp } from "~/domain/icalendar";

// The iCalendar writer's rules (RFC 5545 §3.1, §3.3.11), which the request tests then check with a real parser.

const octets = (s: string) => new TextEncoder().encode(s).length;

test("text escapes backslash, semicolon, comma and every kind of line break", () => {
  expect(escapeText("a\\b;c,d\r\ne\nf\rg")).toBe("a\\\\b\\;c\\,d\\ne\\nf\\ng");
});

test("a line is folded at 75 octets, a continuation's leading space counted, and no UTF-8 character is split", () => {
  const line = `SUMMARY:${"é🍔x".repeat(40)}`;
  const folded = foldLine(line);
  const parts = folded.split("\r\n");
  expect(parts.length).toBeGreaterThan(2);
  for (const p of parts) expect(octets(p)).toBeLessThanOrEqual(75);
  for (const p of parts.slice(1)) expect(p.startsWith(" ")).toBe(true);
  // Unfolded, it is the line again; no replacement characters (a split character) anywhere.
  expect(parts.map((p, i) => (i ? p.slice(1) : p)).join("")).toBe(line);
  expect(folded).not.toContain("\uFFFD");
  expect(foldLine("SHORT:line")).toBe("SHORT:line");
});

test("dates and instants: the day after crosses months and years; instants are UTC", () => {
  expect(nextDay("2026-12-31")).toBe("2027-01-01");
  expect(nextDay("2028-02-28")).toBe("2028-02-29");
  expect(utcStamp(Date.UTC(2026, 2, 8, 7, 5, 9))).toBe("20260308T070509Z");
});

test("a calendar is CRLF throughout and ends with CRLF; an all-day event's DTEND is the day after its last", () => {
  const text = icsCalendar({
    name: "X",
    prodId: "-//T//T//EN",
    stamp: Date.UTC(2026, 0, 1),
    events: [{ uid: "a@b", summary: "S", start: { day: "2026-03-07" }, lastDay: "2026-03-08" }],
  });
  expect(text.endsWith("\r\n")).toBe(true);
  expect(text.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
  expect(text).toContain("DTSTART;VALUE=DATE:20260307\r\nDTEND;VALUE=DATE:20260309\r\n");
});
