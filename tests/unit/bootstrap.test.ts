import { beforeEach, describe, expect, test } from "bun:test";
import { projects, teamMembers } from "#db/schema";
import { bootstrapDatabase } from "~/models/bootstrap.server";
import { findActiveMemberByPin } from "~/models/team-member.server";
import { parseEnv } from "~/infra/env.server";
import type { DB } from "~/infra/db.server";
import { useTestDb } from "../helpers/db";

let db: DB;
const lines: string[] = [];
const log = (l: string) => lines.push(l);
beforeEach(() => {
  db = useTestDb();
  lines.length = 0;
});

describe("first start", () => {
  test("ADMIN_PIN: only an administrator with the management key", () => {
    const r = bootstrapDatabase(parseEnv({ ADMIN_PIN: "4321" }), log);
    expect(r.kind).toBe("admin");
    const members = db.select().from(teamMembers).all();
    expect(members).toHaveLength(1);
    expect(members[0]!.name).toBe("Administrator");
    expect(members[0]!.accessibleDepartments).toEqual(["management"]);
    expect(findActiveMemberByPin("4321")?.id).toBe(members[0]!.id);
    expect(db.select().from(projects).all()).toHaveLength(0);
    expect(lines.join("\n")).not.toContain("4321");
  });

  test("no ADMIN_PIN: a random PIN printed once", () => {
    const r = bootstrapDatabase(parseEnv({ ADMIN_NAME: "Boss" }), log);
    if (r.kind !== "admin") throw new Error("expected admin");
    expect(r.generatedPin).toMatch(/^\d{4}$/);
    expect(lines.join("\n")).toContain(r.generatedPin!);
    expect(findActiveMemberByPin(r.generatedPin!)?.name).toBe("Boss");
  });

  test("DEMO=1: the demo shop, whose administrator uses ADMIN_PIN when given", () => {
    const r = bootstrapDatabase(parseEnv({ DEMO: "1", ADMIN_PIN: "9876" }), log);
    expect(r.kind).toBe("demo");
    expect(db.select().from(teamMembers).all()).toHaveLength(8);
    expect(db.select().from(projects).all().length).toBeGreaterThanOrEqual(25);
    expect(findActiveMemberByPin("9876")?.accessibleDepartments).toEqual(["management"]);
  });

  test("a database with data is never seeded", () => {
    bootstrapDatabase(parseEnv({ ADMIN_PIN: "4321" }), log);
    expect(bootstrapDatabase(parseEnv({ DEMO: "1" }), log)).toEqual({ kind: "existing" });
    expect(bootstrapDatabase(parseEnv({ ADMIN_PIN: "1111" }), log)).toEqual({ kind: "existing" });
    expect(db.select().from(teamMembers).all()).toHaveLength(1);
  });
});
