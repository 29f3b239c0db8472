import { describe, expect, test } from "bun:test";
import { completedOnFloorNote, completedText } from "~/domain/job-end";
import { floorPercent, hasPassed } from "~/domain/rules";
import { workingTime } from "~/domain/working-calendar";

// The rules of docs/product.md, Decisions: The end of a job that need no database: when an item has passed a
// department, a step's share, and the completed line's working days.

const SEQ = ["pre-production", "production", "fabrication", "installation"];
const wt = workingTime({ timeZone: "America/Chicago", workingDays: [1, 2, 3, 4, 5], dayStartMinutes: 480, dayHours: 8, holidays: ["2026-12-09"] });
const TZ = "America/Chicago";
// Noon in Chicago on a day of December 2026.
const day = (d: number) => Date.parse(`2026-12-${String(d).padStart(2, "0")}T18:00:00Z`);

describe("hasPassed", () => {
  test("finished, later in its sequence, or a sequence without the department", () => {
    expect(hasPassed(SEQ, "production", false, "pre-production")).toBe(true);
    expect(hasPassed(SEQ, "production", false, "production")).toBe(false);
    expect(hasPassed(SEQ, "production", false, "installation")).toBe(false);
    expect(hasPassed(SEQ, "installation", true, "installation")).toBe(true);
    expect(hasPassed(["pre-production", "installation"], "pre-production", false, "production")).toBe(true);
    // A department outside its sequence: before the first.
    expect(hasPassed(SEQ, "shipping", false, "pre-production")).toBe(false);
  });
});

describe("floorPercent", () => {
  test("the share, 100 only when every item has passed", () => {
    expect(floorPercent(0, 4)).toBe(0);
    expect(floorPercent(1, 4)).toBe(25);
    expect(floorPercent(199, 200)).toBe(99);
    expect(floorPercent(4, 4)).toBe(100);
  });
  test("the audit note", () => {
    expect(completedOnFloorNote(4, "Production")).toBe("Completed on the floor: all 4 items through Production");
    expect(completedOnFloorNote(1, "Production", 3)).toBe("Completed on the floor: the one item through Production");
    expect(completedOnFloorNote(0, "Fabrication", 4)).toBe("Completed on the floor: none of the 4 items go through Fabrication");
    expect(completedOnFloorNote(0, "Fabrication", 1)).toBe("Completed on the floor: none of the project's one item goes through Fabrication");
  });
});

describe("completedText", () => {
  test("early, on the due date and late, in working days on the shop's calendar (holidays skipped)", () => {
    expect(completedText(wt, day(8), day(10), TZ)).toBe("Completed Tue, Dec 8 — 1 working day early");
    expect(completedText(wt, day(8), day(11), TZ)).toBe("Completed Tue, Dec 8 — 2 working days early");
    expect(completedText(wt, day(8), day(8), TZ)).toBe("Completed Tue, Dec 8 — on the due date");
    expect(completedText(wt, day(14), day(10), TZ)).toBe("Completed Mon, Dec 14 — 2 working days late");
    // Finished on Saturday for a Sunday due date: no working day between, still a day early.
    expect(completedText(wt, day(12), day(13), TZ)).toBe("Completed Sat, Dec 12 — before the due date");
    expect(completedText(wt, day(8), null, TZ)).toBe("Completed Tue, Dec 8");
  });
});
