import { describe, expect, test } from "bun:test";
import { decideTileClick, homeTiles } from "~/domain/departments";
import { can, type Permission } from "~/services/permissions.server";

const user = (...keys: string[]) => ({
  id: 1,
  name: "x",
  email: null,
  department: null,
  subdepartment: null,
  skills: [],
  accessibleDepartments: keys,
});

describe("permission table (docs/product.md, Decisions: Permissions)", () => {
  const cases: [string[] | null, Permission, boolean][] = [
    [null, "read", false],
    [null, "timers", false],
    [[], "read", true],
    [[], "timers", true],
    [[], "machine-files:operate", true],
    [[], "projects:write", false],
    [["production"], "projects:write", false],
    [["pre-production"], "projects:write", true],
    [["project-management"], "projects:write", true],
    [["management"], "projects:write", true],
    [[], "timers:reset", false],
    [["production", "fabrication"], "timers:reset", false],
    [["pre-production"], "timers:reset", true],
    [["project-management"], "timers:reset", true],
    [["management"], "timers:reset", true],
    [["pre-production", "project-management", "production", "fabrication"], "settings:write", false],
    [["management"], "settings:write", true],
    [["production"], "screen:production", true],
    [["production"], "screen:fabrication", false],
    [["fabrication"], "screen:fabrication", true],
    [["pre-production"], "screen:pre-production", true],
    [["project-management"], "screen:pre-production", false],
    [["management"], "screen:fabrication", true],
  ];
  for (const [keys, perm, expected] of cases) {
    test(`${keys ? JSON.stringify(keys) : "signed out"} ${expected ? "may" : "may not"} ${perm}`, () => {
      expect(can(keys ? user(...keys) : null, perm)).toBe(expected);
    });
  }
});

describe("tile click (product §4)", () => {
  const [pre, prod] = homeTiles();
  test("management goes straight in with the override toast", () => {
    expect(decideTileClick(prod!, user("management"), [])).toEqual({
      kind: "go",
      to: "/production",
      toast: { title: "Access Granted", description: "Accessing Production Floor (Management Override)." },
    });
  });
  test("the matching key goes in", () => {
    expect(decideTileClick(pre!, user("pre-production"), [])).toMatchObject({
      kind: "go",
      toast: { description: "Accessing Pre-Production." },
    });
  });
  test("another key is denied", () => {
    expect(decideTileClick(prod!, user("pre-production"), [])).toMatchObject({
      kind: "deny",
      toast: { title: "Access Denied", description: "You don't have access to Production Floor.", variant: "destructive" },
    });
  });
  test("signed out: nobody holds the key → denied; somebody does (or management exists) → PIN dialog", () => {
    expect(decideTileClick(prod!, null, ["pre-production"])).toMatchObject({
      kind: "deny",
      toast: { description: "No team members have access to this department." },
    });
    expect(decideTileClick(prod!, null, ["production"])).toEqual({ kind: "pin", title: "Access Production Floor" });
    expect(decideTileClick(prod!, null, ["management"])).toEqual({ kind: "pin", title: "Access Production Floor" });
  });
});
