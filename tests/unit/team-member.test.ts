import { beforeEach, describe, expect, test } from "bun:test";
import { auditLog, teamMembers } from "#db/schema";
import { activeAccessKeys, createTeamMember, findActiveMemberByPin, listTeamMembers, PinInUseError, updateTeamMember } from "~/models/team-member.server";
import type { DB } from "~/infra/db.server";
import { useTestDb } from "../helpers/db";

const actor = { id: null, name: "test" };
let db: DB;
beforeEach(() => {
  db = useTestDb();
});

describe("team members", () => {
  test("the PIN is stored only as a keyed hash and never returned", () => {
    const m = createTeamMember({ name: "Ann", pinCode: "1234", accessibleDepartments: ["production"] }, actor);
    expect(m).not.toHaveProperty("pinHash");
    expect(m.hasPin).toBe(true);
    const row = db.select().from(teamMembers).get()!;
    expect(row.pinHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row.pinHash).not.toContain("1234");
    expect(findActiveMemberByPin("1234")?.id).toBe(m.id);
    expect(findActiveMemberByPin("1235")).toBeUndefined();
    expect(JSON.stringify(listTeamMembers())).not.toContain(row.pinHash);
  });

  test("PINs are unique among active members", () => {
    createTeamMember({ name: "Ann", pinCode: "1234" }, actor);
    expect(() => createTeamMember({ name: "Bob", pinCode: "1234" }, actor)).toThrow(PinInUseError);
    expect(() => createTeamMember({ name: "Bob", pinCode: "1234" }, actor)).toThrow("PIN is already in use by another team member");
    // An inactive member may keep an old PIN, but cannot be reactivated onto a PIN in use.
    const old = createTeamMember({ name: "Old", pinCode: "1234", isActive: false }, actor);
    expect(() => updateTeamMember(old.id, { isActive: true }, actor)).toThrow(PinInUseError);
    const bob = createTeamMember({ name: "Bob", pinCode: "5678" }, actor);
    expect(() => updateTeamMember(bob.id, { pinCode: "1234" }, actor)).toThrow(PinInUseError);
    expect(updateTeamMember(bob.id, { pinCode: "5678" }, actor)?.name).toBe("Bob");
  });

  test("inactive members cannot be found by PIN", () => {
    createTeamMember({ name: "Ann", pinCode: "1234", isActive: false }, actor);
    expect(findActiveMemberByPin("1234")).toBeUndefined();
  });

  test("activeAccessKeys lists the keys active members hold", () => {
    createTeamMember({ name: "A", pinCode: "1111", accessibleDepartments: ["production", "fabrication"] }, actor);
    createTeamMember({ name: "B", pinCode: "2222", accessibleDepartments: ["management"], isActive: false }, actor);
    expect([...activeAccessKeys()].sort()).toEqual(["fabrication", "production"]);
  });

  test("writes are audited, without the PIN", () => {
    const m = createTeamMember({ name: "Ann", pinCode: "1234" }, actor);
    updateTeamMember(m.id, { pinCode: "4321", name: "Anne" }, actor);
    const rows = db.select().from(auditLog).all();
    expect(rows.map((r) => r.action)).toEqual(["create", "update"]);
    const text = JSON.stringify(rows);
    expect(text).not.toContain("1234");
    expect(text).not.toContain("4321");
    expect(text).toContain("pinChanged");
  });
});
