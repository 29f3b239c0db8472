import { t } from "@lingui/core/macro";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { calendarKeys, departments, teamMembers } from "#db/schema";
import { NotFoundError } from "~/domain/errors";
import { departmentLabel } from "~/domain/format";
import { getDb } from "~/infra/db.server";
import { hashKey, newKey } from "~/infra/secret-key.server";
import { writeAudit, type Actor } from "./audit.server";
import { departmentModel } from "./department.server";
import { projectDueSql } from "./project-due.server";

// Calendar feeds (docs/decisions/0043-calendar-feeds-and-customer-links.md): a department's or a member's step
// dates, due dates and expected finishes, read by a calendar app with a key in its address. As with board links,
// the key is random, shown once, and only its SHA-256 is kept. Reading a feed is a fixed number of statements.

/** A calendar app fetches a feed every few minutes to hours: the last use is written at most this often. */
const TOUCH_EVERY_MS = 60_000;
/** How far back a feed reaches: what is past is history, and a phone need not carry years of it. */
export const FEED_DAYS_BACK = 60;
/** At most this many of each kind of event: a feed stays a few hundred kilobytes whatever the shop's size. */
export const FEED_ROWS = 1_000;

export type CalendarSubject = { department: string } | { teamMemberId: number };

export type CalendarKeyRow = {
  id: number;
  name: string;
  department: string | null;
  teamMemberId: number | null;
  /** The department's or member's name, as it is now. */
  subjectName: string;
  createdAt: Date;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export function listCalendarKeys(): CalendarKeyRow[] {
  const rows = getDb()
    .select({
      id: calendarKeys.id,
      name: calendarKeys.name,
      department: calendarKeys.department,
      teamMemberId: calendarKeys.teamMemberId,
      departmentName: departments.name,
      memberName: teamMembers.name,
      createdAt: calendarKeys.createdAt,
      lastUsedAt: calendarKeys.lastUsedAt,
      revokedAt: calendarKeys.revokedAt,
    })
    .from(calendarKeys)
    .leftJoin(departments, eq(departments.value, calendarKeys.department))
    .leftJoin(teamMembers, eq(teamMembers.id, calendarKeys.teamMemberId))
    .orderBy(desc(calendarKeys.id))
    .all();
  return rows.map(({ departmentName, memberName, ...r }) => ({
    ...r,
    subjectName: r.department !== null ? departmentName || departmentLabel(r.department) : (memberName ?? t`Removed member`),
  }));
}

/** The name a subject goes by (its department's or member's), or a NotFoundError when there is no such one. */
export function subjectName(subject: CalendarSubject): string {
  const db = getDb();
  if ("department" in subject) {
    const d = db.select({ name: departments.name }).from(departments).where(eq(departments.value, subject.department)).get();
    if (!d) throw new NotFoundError(t`That department no longer exists. Reload the page and choose another.`);
    return d.name || departmentLabel(subject.department);
  }
  const m = db.select({ name: teamMembers.name, active: teamMembers.isActive }).from(teamMembers).where(eq(teamMembers.id, subject.teamMemberId)).get();
  if (!m || !m.active) throw new NotFoundError(t`That team member no longer exists or is inactive. Reload the page and choose another.`);
  return m.name;
}

/** A new feed's key (random, 32 bytes): returned once, stored only as its hash. */
export function createCalendarKey(input: { name: string | null; subject: CalendarSubject }, actor: Actor): { id: number; key: string; name: string } {
  const key = newKey();
  const name = input.name || subjectName(input.subject);
  if (input.name) subjectName(input.subject);
  const department = "department" in input.subject ? input.subject.department : null;
  const teamMemberId = "teamMemberId" in input.subject ? input.subject.teamMemberId : null;
  return getDb().transaction((tx) => {
    const row = tx
      .insert(calendarKeys)
      .values({ name, department, teamMemberId, keyHash: hashKey(key), createdBy: actor.id })
      .returning({ id: calendarKeys.id })
      .get();
    writeAudit(actor, { action: "create", entity: "calendar-key", entityId: row.id, after: { name, department, teamMemberId } }, tx);
    return { id: row.id, key, name };
  });
}

export function revokeCalendarKey(id: number, actor: Actor): void {
  getDb().transaction((tx) => {
    const row = tx
      .update(calendarKeys)
      .set({ revokedAt: new Date() })
      .where(and(eq(calendarKeys.id, id), isNull(calendarKeys.revokedAt)))
      .returning({ name: calendarKeys.name })
      .get();
    if (!row) throw new NotFoundError(t`Calendar feed not found`);
    writeAudit(actor, { action: "revoke", entity: "calendar-key", entityId: id, before: { name: row.name } }, tx);
  });
}

export type CalendarKeyLookup = { status: "ok"; id: number; name: string; subject: CalendarSubject } | { status: "revoked" } | { status: "unknown" };

/** The feed a key opens; marks it used (at most once a minute). */
export function calendarKeyLookup(key: string, now = Date.now()): CalendarKeyLookup {
  if (!key || key.length > 200) return { status: "unknown" };
  const db = getDb();
  const row = db
    .select()
    .from(calendarKeys)
    .where(eq(calendarKeys.keyHash, hashKey(key)))
    .get();
  if (!row) return { status: "unknown" };
  if (row.revokedAt) return { status: "revoked" };
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() > TOUCH_EVERY_MS)
    db.update(calendarKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(calendarKeys.id, row.id))
      .run();
  const subject: CalendarSubject = row.department !== null ? { department: row.department } : { teamMemberId: row.teamMemberId! };
  return { status: "ok", id: row.id, name: row.name, subject };
}

export type FeedStep = {
  /** 'step' (a workflow step, by department) or 'task' (a step made from a step template). */
  kind: "step" | "task";
  id: number;
  name: string;
  department: string | null;
  startAt: number | null;
  endAt: number | null;
  status: string;
  percent: number;
  projectId: number;
  project: string;
};
export type FeedProject = { id: number; name: string; status: string; dueAt: number | null };
export type FeedData = { steps: FeedStep[]; projects: FeedProject[] };

/**
 * What a feed shows: the subject's steps with a date from `from` on (the department's, or those the member is
 * assigned to: the step's assignee or one of its team), and the projects those steps belong to that are open or
 * were due from `from` on. Four statements (the departments' names the fourth), whatever the number of projects.
 */
export function calendarFeedData(subject: CalendarSubject, from: number): FeedData {
  const db = getDb();
  const stepWho =
    "department" in subject
      ? sql`s.department = ${subject.department}`
      : sql`(s.assigned_team_member_id = ${subject.teamMemberId} OR s.id IN (SELECT project_workflow_step_id FROM step_assignments WHERE team_member_id = ${subject.teamMemberId}))`;
  const taskWho = "department" in subject ? sql`t.department = ${subject.department}` : sql`t.assigned_team_member_id = ${subject.teamMemberId}`;
  type Row = Omit<FeedStep, "kind">;
  const steps = db.all<Row>(sql`
    SELECT s.id AS id, s.department AS name, s.department AS department, s.start_date AS startAt, s.end_date AS endAt, s.status AS status,
      s.percent_complete AS percent, p.id AS projectId, p.name AS project
    FROM project_workflow_steps s JOIN project_workflow_instances i ON i.id = s.project_workflow_instance_id JOIN projects p ON p.id = i.project_id
    WHERE ${stepWho} AND coalesce(s.end_date, s.start_date) >= ${from}
    ORDER BY coalesce(s.start_date, s.end_date), s.id LIMIT ${FEED_ROWS}`);
  const tasks = db.all<Row>(sql`
    SELECT t.id AS id, t.name AS name, t.department AS department, t.start_date AS startAt, t.end_date AS endAt, t.status AS status,
      t.percent_complete AS percent, p.id AS projectId, p.name AS project
    FROM project_steps t JOIN projects p ON p.id = t.project_id
    WHERE ${taskWho} AND coalesce(t.end_date, t.start_date) >= ${from}
    ORDER BY coalesce(t.start_date, t.end_date), t.id LIMIT ${FEED_ROWS}`);
  // The project's due date, or its latest step's end without one (Decisions: Due dates).
  const due = projectDueSql("p");
  const projects = db.all<FeedProject>(sql`
    SELECT p.id AS id, p.name AS name, p.status AS status, ${due} AS dueAt FROM projects p
    WHERE (p.status = 'active' OR ${due} >= ${from}) AND (
      p.id IN (SELECT i.project_id FROM project_workflow_steps s JOIN project_workflow_instances i ON i.id = s.project_workflow_instance_id WHERE ${stepWho})
      OR p.id IN (SELECT t.project_id FROM project_steps t WHERE ${taskWho}))
    ORDER BY p.status = 'active' DESC, coalesce(${due}, 9e15), p.id LIMIT ${FEED_ROWS}`);
  const names = new Map(departmentModel.list().map((d) => [d.value, d.name]));
  return {
    steps: [
      ...steps.map((s): FeedStep => ({ ...s, kind: "step", name: names.get(s.name) || departmentLabel(s.name) })),
      ...tasks.map((t): FeedStep => ({ ...t, kind: "task" })),
    ],
    projects,
  };
}
