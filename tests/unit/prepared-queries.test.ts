import { afterEach, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { eq } from "drizzle-orm";
import { categories, sessions } from "#db/schema";
import { categoryModel } from "~/models/category.server";
import { createSession, deleteSession, forgetSessions, getSessionMember } from "~/models/session-store.server";
import { activeAccessKeys, createTeamMember, deleteTeamMember, listTeamMembers, updateTeamMember } from "~/models/team-member.server";
import type { DB } from "~/infra/db.server";
import { useTestDb } from "../helpers/db";

// The hot-path reads run prepared queries kept per database handle: they must see every write, follow a swapped
// handle, and keep the session rules (idle limit, deactivation, the once-a-minute lastSeenAt touch).
const actor = { id: null, name: "test" };
const HOUR = 3_600_000;
let db: DB;
beforeEach(() => {
  db = useTestDb();
});

function member(name = "Ann", pinCode = "1234", accessibleDepartments = ["production"]) {
  return createTeamMember({ name, pinCode, accessibleDepartments }, actor);
}
const lastSeen = (id: string) => db.select().from(sessions).where(eq(sessions.id, id)).get()?.lastSeenAt.getTime();
// Written behind the models' back (as time passing would): the remembered lookups are dropped by hand.
const setLastSeen = (id: string, at: number) => {
  db.update(sessions)
    .set({ lastSeenAt: new Date(at) })
    .where(eq(sessions.id, id))
    .run();
  forgetSessions(db);
};

describe("session lookup", () => {
  test("finds the member, with the stored types (dates, booleans, JSON lists)", () => {
    const m = member();
    createSession({ id: "s1", teamMemberId: m.id, ip: "1.2.3.4", userAgent: null });
    const found = getSessionMember("s1", HOUR)!;
    expect(found.id).toBe(m.id);
    expect(found.accessibleDepartments).toEqual(["production"]);
    expect(found.isActive).toBe(true);
    expect(found.createdAt).toBeInstanceOf(Date);
    expect(getSessionMember("nope", HOUR)).toBeUndefined();
  });

  test("lastSeenAt is refreshed once it is more than a minute old, not on every request", () => {
    const m = member();
    createSession({ id: "s1", teamMemberId: m.id, ip: "1.2.3.4", userAgent: null });
    const recent = Date.now() - 10_000;
    setLastSeen("s1", recent);
    getSessionMember("s1", HOUR);
    expect(lastSeen("s1")).toBe(recent);
    setLastSeen("s1", Date.now() - 5 * 60_000);
    const before = Date.now();
    getSessionMember("s1", HOUR);
    expect(lastSeen("s1")!).toBeGreaterThanOrEqual(before);
    // Stored as epoch milliseconds like every timestamp, so the idle sweep still compares it correctly.
    const stored = db.$client.query<{ v: unknown }, []>("SELECT last_seen_at AS v FROM sessions").get()!.v;
    expect(typeof stored).toBe("number");
  });

  test("an idle session, or one of a deactivated member, is removed on sight", () => {
    const m = member();
    createSession({ id: "idle", teamMemberId: m.id, ip: "1.2.3.4", userAgent: null });
    setLastSeen("idle", Date.now() - 2 * HOUR);
    expect(getSessionMember("idle", HOUR)).toBeUndefined();
    expect(lastSeen("idle")).toBeUndefined();

    const other = member("Bob", "5678");
    createSession({ id: "s2", teamMemberId: other.id, ip: "1.2.3.4", userAgent: null });
    expect(getSessionMember("s2", HOUR)?.id).toBe(other.id);
    updateTeamMember(other.id, { isActive: false }, actor);
    expect(getSessionMember("s2", HOUR)).toBeUndefined();
  });

  test("a swapped database handle gets its own prepared queries", () => {
    const m = member();
    createSession({ id: "s1", teamMemberId: m.id, ip: "1.2.3.4", userAgent: null });
    expect(getSessionMember("s1", HOUR)?.name).toBe("Ann");
    db = useTestDb();
    expect(getSessionMember("s1", HOUR)).toBeUndefined();
    const b = member("Bea", "1111");
    createSession({ id: "s1", teamMemberId: b.id, ip: "1.2.3.4", userAgent: null });
    expect(getSessionMember("s1", HOUR)?.name).toBe("Bea");
  });
});

describe("remembered session lookups", () => {
  afterEach(() => setSystemTime());

  test("a repeated lookup reads nothing; after SESSION_CACHE_MS it reads again", () => {
    const m = member();
    createSession({ id: "s1", teamMemberId: m.id, ip: "1.2.3.4", userAgent: null });
    expect(getSessionMember("s1", HOUR)?.id).toBe(m.id);
    // Removed behind the models' back: the remembered answer stands for up to 2 s, then the row is read again.
    db.$client.run("DELETE FROM sessions WHERE id = 's1'");
    expect(getSessionMember("s1", HOUR)?.id).toBe(m.id);
    setSystemTime(new Date(Date.now() + 2_100));
    expect(getSessionMember("s1", HOUR)).toBeUndefined();
  });

  test("every model write to sessions or team members applies at once", () => {
    const ann = member("Ann", "1234", ["production"]);
    const bob = member("Bob", "5678", ["fabrication"]);
    const cy = member("Cy", "2468", ["production"]);
    for (const [id, who] of [
      ["a", ann],
      ["b", bob],
      ["c", cy],
      ["d", ann],
    ] as const)
      createSession({ id, teamMemberId: who.id, ip: "1.2.3.4", userAgent: null });
    for (const id of ["a", "b", "c", "d"]) expect(getSessionMember(id, HOUR)).toBeDefined();

    updateTeamMember(ann.id, { name: "Ann Lee" }, actor);
    expect(getSessionMember("a", HOUR)?.name).toBe("Ann Lee");
    // A new key ends the member's sessions (docs/product.md (Decisions)), at once.
    updateTeamMember(ann.id, { accessibleDepartments: ["fabrication"] }, actor);
    expect(getSessionMember("a", HOUR)).toBeUndefined();
    expect(getSessionMember("d", HOUR)).toBeUndefined();
    updateTeamMember(bob.id, { pinCode: "9999" }, actor);
    expect(getSessionMember("b", HOUR)).toBeUndefined();
    deleteTeamMember(cy.id, actor);
    expect(getSessionMember("c", HOUR)).toBeUndefined();

    createSession({ id: "e", teamMemberId: bob.id, ip: "1.2.3.4", userAgent: null });
    expect(getSessionMember("e", HOUR)?.id).toBe(bob.id);
    deleteSession("e");
    expect(getSessionMember("e", HOUR)).toBeUndefined();
  });
});

describe("reference lists", () => {
  test("list and get see every write, in name order", () => {
    expect(categoryModel.list()).toEqual([]);
    db.insert(categories)
      .values([{ name: "vinyl Banner" }, { name: "Channel Letters" }])
      .run();
    expect(categoryModel.list().map((c) => c.name)).toEqual(["Channel Letters", "vinyl Banner"]);
    const id = categoryModel.list()[0]!.id;
    expect(categoryModel.get(id)?.name).toBe("Channel Letters");
    db.update(categories).set({ name: "Acrylic Letters" }).where(eq(categories.id, id)).run();
    expect(categoryModel.get(id)?.name).toBe("Acrylic Letters");
    expect(categoryModel.list().map((c) => c.name)).toEqual(["Acrylic Letters", "vinyl Banner"]);
    expect(categoryModel.get(999)).toBeUndefined();
    expect(categoryModel.list(eq(categories.name, "vinyl Banner")).map((c) => c.name)).toEqual(["vinyl Banner"]);
  });

  test("team members and the held keys follow changes", () => {
    const ann = member("ann", "1234", ["production"]);
    member("Bob", "5678", ["fabrication"]);
    expect(listTeamMembers().map((m) => m.name)).toEqual(["ann", "Bob"]);
    expect([...activeAccessKeys()].sort()).toEqual(["fabrication", "production"]);
    updateTeamMember(ann.id, { isActive: false }, actor);
    expect([...activeAccessKeys()]).toEqual(["fabrication"]);
  });
});
