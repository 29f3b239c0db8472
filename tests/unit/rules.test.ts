import { describe, expect, test } from "bun:test";
import { formatListDate, formatTimelineDate, noonDaysFrom, noonInZone, zoneDate } from "~/domain/dates";
import { itemSequence, nextDepartment, percentOf, priorityWeight, projectStatusFromSteps, stepStatusFromPercent } from "~/domain/rules";
import { compareNames, formatDuration, formatHMS, formatMB } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { clientAddress, ipMatcher, LOOPBACK, parseIp } from "~/domain/ip";
import { fieldLabel } from "~/schemas/messages";

describe("domain rules (docs/product.md §4 and Decisions)", () => {
  test("an item follows its category's sequence, else the standard order", () => {
    expect(itemSequence(["production", "installation"])).toEqual(["production", "installation"]);
    expect(itemSequence([])).toEqual(["pre-production", "production", "fabrication", "quality-control", "installation"]);
    expect(itemSequence(null)).toHaveLength(5);
  });

  test("next department: the one after; at the last it stays ('Final Department'); unknown starts at the first", () => {
    const seq = ["pre-production", "production", "installation"];
    expect(nextDepartment(seq, "pre-production")).toEqual({ kind: "next", department: "production", index: 1 });
    expect(nextDepartment(seq, "installation")).toEqual({ kind: "final", department: "installation", index: 2 });
    expect(nextDepartment(seq, "fabrication")).toEqual({ kind: "next", department: "pre-production", index: 0 });
    expect(nextDepartment([], "production")).toEqual({ kind: "none" });
  });

  test("step status follows its percent; a project is completed when every step is", () => {
    expect([0, 1, 99, 100].map(stepStatusFromPercent)).toEqual(["pending", "in-progress", "in-progress", "completed"]);
    expect(projectStatusFromSteps([])).toBe("active");
    expect(projectStatusFromSteps([{ status: "completed" }, { status: "in-progress" }])).toBe("active");
    expect(projectStatusFromSteps([{ status: "completed" }, { status: "completed" }])).toBe("completed");
  });

  test("priority weights (product §9) and percentages", () => {
    expect(["rush", "high", "medium", "low", "other"].map(priorityWeight)).toEqual([4, 3, 2, 1, 0]);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(5, 0)).toBe(0);
  });
});

describe("dates in the shop's zone", () => {
  test("a step date is noon in the shop's zone, in summer and in winter", () => {
    expect(noonInZone("2026-07-01", "America/Chicago")!.toISOString()).toBe("2026-07-01T17:00:00.000Z");
    expect(noonInZone("2026-12-01", "America/Chicago")!.toISOString()).toBe("2026-12-01T18:00:00.000Z");
    expect(noonInZone("2026-02-30", "America/Chicago")).toBeNull();
    expect(noonInZone("", "America/Chicago")).toBeNull();
    expect(zoneDate(new Date("2026-12-01T03:00:00Z"), "America/Chicago")).toBe("2026-11-30");
  });

  test("days from a moment count calendar days there, across a DST change", () => {
    // 05:00Z on Oct 31 is midnight in Chicago (CDT); DST ends on Nov 1, so noons move from 17:00Z to 18:00Z.
    const from = new Date("2026-10-31T05:00:00Z");
    expect(noonDaysFrom(from, 0, "America/Chicago").toISOString()).toBe("2026-10-31T17:00:00.000Z");
    expect(noonDaysFrom(from, 1, "America/Chicago").toISOString()).toBe("2026-11-01T18:00:00.000Z");
    expect(noonDaysFrom(from, -1, "America/Chicago").toISOString()).toBe("2026-10-30T17:00:00.000Z");
  });

  test("the spec's formats", () => {
    const d = new Date("2026-11-23T18:00:00Z");
    expect(formatListDate(d, "America/Chicago")).toBe("Mon, Nov 23");
    expect(formatListDate(null, "America/Chicago")).toBe("Not set");
    expect(formatTimelineDate(d, "America/Chicago")).toBe("Nov 23, 2026");
  });
});

describe("formats", () => {
  test("durations of the projects list and HH:MM:SS", () => {
    expect([0, 5, 65, 3600, 3725].map(formatDuration)).toEqual(["0h", "5s", "1m 5s", "1h 0m", "1h 2m"]);
    expect(formatHMS(90061)).toBe("25:01:01");
    expect(formatMB(1572864)).toBe("1.50 MB");
  });

  test("names sort by the locale: accented names in place, not after Z", () => {
    expect(["Zoe", "Émile", "adam", "Eve"].sort(compareNames)).toEqual(["adam", "Émile", "Eve", "Zoe"]);
  });
});

describe("ids and field names", () => {
  test("only plain decimal ids", () => {
    expect(["1", "42", 7].map(parseIdParam)).toEqual([1, 42, 7]);
    expect(["0x1", "1e0", " 1", "1.0", "-1", "0", "", null, 1.5, "9".repeat(16)].map(parseIdParam)).toEqual(Array(10).fill(null));
  });

  test("issue paths become field names", () => {
    expect(fieldLabel(["expectedUserId"])).toBe("Expected user id");
    expect(fieldLabel(["requiredSkills", 0])).toBe("Required skills, entry 1");
    expect(fieldLabel([])).toBe("The request body");
  });
});

describe("trusted proxies", () => {
  const trusted = ipMatcher([...LOOPBACK, "10.1.0.0/16", "fd00::/8"]);

  test("addresses and CIDRs, IPv4-mapped IPv6 counts as IPv4", () => {
    expect(["127.0.0.1", "::1", "::ffff:127.0.0.1", "10.1.255.3", "fd12::1"].map(trusted)).toEqual([true, true, true, true, true]);
    expect(["10.2.0.1", "8.8.8.8", "fe80::1", "garbage", ""].map(trusted)).toEqual([false, false, false, false, false]);
    expect(parseIp("1.2.3.256")).toBeNull();
  });

  test("the client is the rightmost hop that is not a trusted proxy; an untrusted peer's header is ignored", () => {
    expect(clientAddress("127.0.0.1", "6.6.6.6, 203.0.113.7", trusted)).toBe("203.0.113.7");
    expect(clientAddress("127.0.0.1", "203.0.113.7, 10.1.0.5", trusted)).toBe("203.0.113.7");
    expect(clientAddress("192.0.2.9", "203.0.113.7", trusted)).toBe("192.0.2.9");
    expect(clientAddress("127.0.0.1", "not-an-ip", trusted)).toBe("127.0.0.1");
    expect(clientAddress("127.0.0.1", null, trusted)).toBe("127.0.0.1");
  });
});
