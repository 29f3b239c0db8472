import { describe, expect, test } from "bun:test";
import { dateOrderWords, defaultDayFirst, formatImportDay, readImportDate } from "~/domain/import-dates";
import { planOrderImport } from "~/domain/order-plan";

// Order import dates as shops' spreadsheets write them (docs/product.md, Decisions: Due dates; decision 0048).

const month = (s: string) => readImportDate(s, false);
const day = (s: string) => readImportDate(s, true);

describe("readImportDate", () => {
  test("the same day however it is written, in either order", () => {
    for (const read of [month, day]) {
      expect(
        ["2026-12-18", "2026/12/18", "2026-12-18T09:30:00Z", "2026-12-18 09:30", "12/18/2026", "12/18/26", "18/12/2026", "18.12.2026", "46374", "46374.5"].map(
          read,
        ),
      ).toEqual(Array(10).fill("2026-12-18"));
    }
  });

  test("01/02/2026 by the shop's order; a date that can be read only one way is read that way", () => {
    expect([month("01/02/2026"), day("01/02/2026")]).toEqual(["2026-01-02", "2026-02-01"]);
    expect([month("1/2/26"), day("1/2/26")]).toEqual(["2026-01-02", "2026-02-01"]);
    expect([month("01-02-2026"), day("01-02-2026")]).toEqual(["2026-01-02", "2026-02-01"]);
    expect([month("13/12/2026"), day("13/12/2026")]).toEqual(["2026-12-13", "2026-12-13"]);
    expect([month("12/13/2026"), day("12/13/2026")]).toEqual(["2026-12-13", "2026-12-13"]);
    // Dotted dates are written day first wherever they are used.
    expect([month("01.02.2026"), day("01.02.2026")]).toEqual(["2026-02-01", "2026-02-01"]);
    expect(month("12.18.2026")).toBe("2026-12-18");
  });

  test("Excel serial numbers count from Excel's epoch", () => {
    expect(["36526", "45658", "46023", "73050"].map(month)).toEqual(["2000-01-01", "2025-01-01", "2026-01-01", "2099-12-31"]);
  });

  test("what names no day is null", () => {
    expect(["13/13/2026", "02/30/2026", "2026-02-29", "31.13.2026", "2026-12", "1/2", "12/18/026", "4637", "next week", "", "46374 days"].map(month)).toEqual(
      Array(11).fill(null),
    );
  });

  test("unset, the order follows the shop's zone: month first in the Americas", () => {
    expect(["America/Chicago", "America/Sao_Paulo", "US/Eastern", "Europe/Berlin", "Australia/Sydney", "UTC"].map(defaultDayFirst)).toEqual([
      false,
      false,
      false,
      true,
      true,
      true,
    ]);
    expect(dateOrderWords(false)).toBe("month first (12/18/2026)");
  });

  test("the preview shows each date as understood", () => {
    expect(formatImportDay("2026-12-18")).toBe("Fri, Dec 18, 2026");
    expect(formatImportDay("2026-03-04")).toBe("Wed, Mar 4, 2026");
  });
});

describe("planOrderImport with dates and names", () => {
  const row = (r: Record<string, string>, line: number) => ({
    line,
    projectName: "Front",
    customer: "",
    externalReference: "",
    dueDate: "",
    priority: "",
    workflow: "Print",
    itemName: "",
    quantity: "",
    category: "",
    material: "",
    ...r,
  });
  const ref = { workflows: [{ id: 1, name: "Print" }], categories: [], materials: [], existing: [] };

  test("reads dates in the shop's order and names the order when a date is not one", () => {
    const rows = [row({ projectName: "A", dueDate: "03/04/2026" }, 2), row({ projectName: "B", dueDate: "31/31/2026" }, 3)];
    const us = planOrderImport(rows, { ...ref, dayFirst: false });
    expect(us.projects.map((p) => p.dueDay)).toEqual(["2026-03-04"]);
    expect(us.issues).toEqual([
      { line: 3, index: 1, message: 'Due date "31/31/2026" is not a date: write it as 2026-12-18, or month first (12/18/2026) as this shop reads dates.' },
    ]);
    expect(planOrderImport(rows.slice(0, 1), { ...ref, dayFirst: true }).projects[0]!.dueDay).toBe("2026-04-03");
  });

  test("a line without a reference whose name the shop has is a warning, never an issue; with a reference it is not", () => {
    const rows = [row({ projectName: "front " }, 2), row({ projectName: "Front", externalReference: "Q-9" }, 3), row({ projectName: "Back" }, 4)];
    const plan = planOrderImport(rows, { ...ref, sameNames: ["Front"] });
    expect(plan.issues).toEqual([]);
    expect(plan.projects.map((p) => p.action)).toEqual(["create", "create", "create"]);
    expect(plan.warnings).toEqual([
      {
        line: 2,
        index: 0,
        message: 'A project named "Front" already exists: this makes a second one. Add an External Reference to update it instead.',
      },
    ]);
  });
});
