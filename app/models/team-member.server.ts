import { plural, t } from "@lingui/core/macro";
import { and, asc, eq, ne, or, sql } from "drizzle-orm";
import { projectWorkflowSteps, sessions, stepAssignments, teamMembers, type TeamMember } from "#db/schema";
import { getDb, type DB } from "~/infra/db.server";
import { hashPin } from "~/infra/secret.server";
import { writeAudit, type Actor } from "./audit.server";
import { prepared } from "./prepared.server";
import { forgetSessions } from "~/models/session-store.server";
import { assertFresh, changedValues, countWhere, uniqueViolationColumn, type Tx, type UpdateGuard } from "./crud.server";
import type { PublicTeamMember, SignedInUser } from "~/domain/entities";
import { ConflictError } from "~/domain/errors";
import { announce } from "~/infra/change-notices.server";
import { compareNames } from "~/domain/format";
import { isLanguage, type Language } from "~/domain/languages";

export type { PublicTeamMember, SignedInUser };

export function toPublic(m: TeamMember): PublicTeamMember {
  const { pinHash: _omit, ...rest } = m;
  return { ...rest, hasPin: true };
}

/** The signed-in user shape of docs/product.md §3 (and the verify-pin answer). */
export function toSignedInUser(m: TeamMember): SignedInUser {
  return {
    id: m.id,
    name: m.name,
    email: m.email,
    department: m.department,
    subdepartment: m.subdepartment,
    skills: m.skills,
    accessibleDepartments: m.accessibleDepartments,
    language: isLanguage(m.language) ? m.language : null,
  };
}

// The list and the held keys serve /api/team-members, the Team tab and every signed-out Home: prepared once per
// database (see prepared.server.ts).
const listAll = (db: DB) => prepared(db, "team-members:list", (d) => d.select().from(teamMembers).orderBy(asc(teamMembers.id)).prepare());

const heldKeys = (db: DB) =>
  prepared(db, "team-members:held-keys", (d) =>
    d
      .select({ key: sql<string>`j.value` })
      .from(sql`${teamMembers}, json_each(${teamMembers.accessibleDepartments}) AS j`)
      .where(eq(teamMembers.isActive, true))
      .groupBy(sql`j.value`)
      .prepare(),
  );

export function listTeamMembers(): PublicTeamMember[] {
  return listAll(getDb())
    .all()
    .sort((a, b) => compareNames(a.name, b.name) || a.id - b.id)
    .map(toPublic);
}

const activeNames = (db: DB) =>
  prepared(db, "team-members:active-names", (d) =>
    d.select({ id: teamMembers.id, name: teamMembers.name }).from(teamMembers).where(eq(teamMembers.isActive, true)).prepare(),
  );

/**
 * 'Choose your name, then PIN': who may be chosen. Only the id and the name of each active member, the most a
 * signed-out visitor may see in that mode; sorted as people read names.
 */
export function listSignInNames(): { id: number; name: string }[] {
  return activeNames(getDb())
    .all()
    .sort((a, b) => compareNames(a.name, b.name) || a.id - b.id);
}

export function getTeamMember(id: number): TeamMember | undefined {
  return getDb().select().from(teamMembers).where(eq(teamMembers.id, id)).get();
}

export function findActiveMemberByPin(pin: string): TeamMember | undefined {
  return getDb()
    .select()
    .from(teamMembers)
    .where(and(eq(teamMembers.pinHash, hashPin(pin)), eq(teamMembers.isActive, true)))
    .get();
}

/**
 * Which department keys at least one active member holds: drives the signed-out Home tiles and the
 * 'No team members have access to this department.' toast without sending the member list to the browser.
 */
export function activeAccessKeys(): Set<string> {
  return new Set(
    heldKeys(getDb())
      .all()
      .map((r) => r.key),
  );
}

/**
 * The active members who hold `key`, by name: who a member is told to ask ('management' gives keys and adds
 * materials). At most `limit`: a message names a few people, not the whole office.
 */
export function activeHoldersOf(key: string, limit = 3): string[] {
  return getDb()
    .select({ name: sql<string>`${teamMembers.name}` })
    .from(sql`${teamMembers}, json_each(${teamMembers.accessibleDepartments}) AS j`)
    .where(and(eq(teamMembers.isActive, true), sql`j.value = ${key}`))
    .all()
    .map((r) => r.name)
    .sort(compareNames)
    .slice(0, limit);
}

export class PinInUseError extends ConflictError {
  constructor() {
    super(t`PIN is already in use by another team member`);
  }
}

/** Whether an active member other than `exceptId` already signs in with this PIN hash. */
function pinHashInUse(pinHash: string, exceptId?: number): boolean {
  const hit = getDb()
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(and(eq(teamMembers.pinHash, pinHash), eq(teamMembers.isActive, true), exceptId ? ne(teamMembers.id, exceptId) : undefined))
    .get();
  return Boolean(hit);
}

export type TeamMemberInput = {
  name: string;
  email?: string | null;
  department?: string | null;
  subdepartment?: string | null;
  skills?: string[];
  accessibleDepartments?: string[];
  pinCode: string;
  profilePhotoUrl?: string | null;
  isActive?: boolean;
  /** Their own language; null follows the device (docs/product.md, Languages). */
  language?: Language | null;
};

/**
 * 'PIN is already in use' tells a manager that some member has that PIN, so each refusal is audited: trying
 * PINs this way leaves a trail.
 */
function refusePinClash(actor: Actor, memberId: number | null): never {
  writeAudit(actor, { action: "pin-clash-refused", entity: "team-member", entityId: memberId });
  throw new PinInUseError();
}

/** The database's unique index on active PIN hashes is the last word when two saves race. */
function withPinIndex<T>(actor: Actor, memberId: number | null, fn: () => T): T {
  try {
    return fn();
  } catch (error) {
    if (uniqueViolationColumn(error) === "pin_hash") refusePinClash(actor, memberId);
    throw error;
  }
}

export function createTeamMember(input: TeamMemberInput, actor: Actor): PublicTeamMember {
  const db = getDb();
  if ((input.isActive ?? true) && pinHashInUse(hashPin(input.pinCode))) refusePinClash(actor, null);
  const created = withPinIndex(actor, null, () =>
    db.transaction((tx) => {
      const { pinCode, ...fields } = input;
      const row = tx
        .insert(teamMembers)
        .values({
          ...fields,
          skills: fields.skills ?? [],
          accessibleDepartments: fields.accessibleDepartments ?? [],
          pinHash: hashPin(pinCode),
        })
        .returning()
        .get();
      const pub = toPublic(row);
      writeAudit(actor, { action: "create", entity: "team-member", entityId: row.id, after: pub }, tx);
      return pub;
    }),
  );
  announce({ entity: "team-member", id: created.id, action: "create" });
  return created;
}

export function updateTeamMember(id: number, patch: Partial<TeamMemberInput>, actor: Actor, guard?: UpdateGuard): PublicTeamMember | undefined {
  const db = getDb();
  const before = getTeamMember(id);
  if (!before) return undefined;
  assertFresh("team member", before, guard);
  const willBeActive = patch.isActive ?? before.isActive;
  const newHash = patch.pinCode ? hashPin(patch.pinCode) : before.pinHash;
  if (willBeActive && (patch.pinCode || (patch.isActive && !before.isActive))) {
    if (pinHashInUse(newHash, id)) refusePinClash(actor, id);
  }
  const updated = withPinIndex(actor, id, () =>
    db.transaction((tx) => {
      const current = tx.select().from(teamMembers).where(eq(teamMembers.id, id)).get();
      if (!current) return undefined;
      // Re-checked inside the write: another save may have landed since `before` was read.
      assertFresh("team member", { ...before, version: current.version }, guard?.version === undefined ? undefined : { version: guard.version });
      const { pinCode: _pin, ...sent } = patch;
      const fields = changedValues(sent, current);
      if (Object.keys(fields).length === 0 && newHash === before.pinHash) return { member: toPublic(current), changed: false };
      const keepsManagement = (patch.isActive ?? before.isActive) && (patch.accessibleDepartments ?? before.accessibleDepartments).includes("management");
      if (!keepsManagement) assertNotLastAdministrator(tx, before);
      const row = tx
        .update(teamMembers)
        // The PIN is written only when one was sent: the hash read before this transaction is not written back.
        .set({ ...fields, ...(patch.pinCode ? { pinHash: newHash } : {}), version: current.version + 1 })
        .where(eq(teamMembers.id, id))
        .returning()
        .get();
      const accessChanged =
        patch.accessibleDepartments !== undefined &&
        JSON.stringify([...patch.accessibleDepartments].sort()) !== JSON.stringify([...before.accessibleDepartments].sort());
      // A changed PIN or access, or deactivation, must not leave an old session holding the old rights.
      if (newHash !== before.pinHash || accessChanged || !row.isActive) {
        tx.delete(sessions).where(eq(sessions.teamMemberId, id)).run();
      }
      writeAudit(
        actor,
        {
          action: "update",
          entity: "team-member",
          entityId: id,
          before: { ...toPublic(before), pinChanged: undefined },
          after: { ...toPublic(row), pinChanged: newHash !== before.pinHash || undefined },
        },
        tx,
      );
      return { member: toPublic(row), changed: true };
    }),
  );
  if (!updated?.changed) return updated?.member;
  // Remembered session lookups hold the member's row: a new name, key or deactivation applies at once.
  forgetSessions(db);
  announce({ entity: "team-member", id, action: "update" });
  return updated.member;
}

const lastAdminMessage = () => t`At least one active team member must keep the management key ('Super User (All Access)')`;

/** Global Settings must stay reachable: the last active management member cannot lose the key. */
function assertNotLastAdministrator(tx: Tx, member: TeamMember) {
  if (!member.isActive || !member.accessibleDepartments.includes("management")) return;
  const others = tx
    .select({ id: teamMembers.id })
    .from(teamMembers)
    .where(
      and(
        eq(teamMembers.isActive, true),
        ne(teamMembers.id, member.id),
        sql`EXISTS (SELECT 1 FROM json_each(${teamMembers.accessibleDepartments}) WHERE json_each.value = 'management')`,
      ),
    )
    .get();
  if (!others) throw new ConflictError(lastAdminMessage());
}

const ownAccountMessage = () => t`You cannot delete your own account. Ask another manager, or deactivate it instead.`;

export function deleteTeamMember(id: number, actor: Actor): PublicTeamMember | undefined {
  const deleted = getDb().transaction((tx) => {
    const before = tx.select().from(teamMembers).where(eq(teamMembers.id, id)).get();
    if (!before) return undefined;
    assertNotLastAdministrator(tx, before);
    // The audit row of this delete names its actor: a member cannot be both.
    if (actor.id === id) throw new ConflictError(ownAccountMessage());
    const steps = countWhere(
      tx,
      projectWorkflowSteps,
      or(
        eq(projectWorkflowSteps.assignedTeamMemberId, id),
        sql`${projectWorkflowSteps.id} IN (SELECT ${stepAssignments.projectWorkflowStepId} FROM ${stepAssignments} WHERE ${stepAssignments.teamMemberId} = ${id})`,
      )!,
    );
    if (steps > 0) {
      const name = before.name;
      throw new ConflictError(
        plural(steps, {
          one: `Team member "${name}" is assigned to ${steps} workflow step. Deactivate the member instead.`,
          other: `Team member "${name}" is assigned to ${steps} workflow steps. Deactivate the member instead.`,
        }),
      );
    }
    tx.delete(teamMembers).where(eq(teamMembers.id, id)).run();
    writeAudit(actor, { action: "delete", entity: "team-member", entityId: id, before: toPublic(before) }, tx);
    return toPublic(before);
  });
  forgetSessions();
  if (deleted) announce({ entity: "team-member", id, action: "delete" });
  return deleted;
}
