import { plural, t } from "@lingui/core/macro";
import { and, asc, desc, eq, gte, inArray, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import {
  auditLog,
  apiTokens,
  boardKeys,
  calendarKeys,
  categories,
  departments,
  items,
  labelPrinters,
  machineReadyFiles,
  machines,
  materials,
  projects,
  projectWorkflowInstances,
  projectWorkflowSteps,
  stepTemplates,
  subdepartments,
  teamMembers,
  workflows,
} from "#db/schema";
import { auditActionLabel, auditEntityLabel, auditFieldLabel, codeWords, HISTORY_LIMIT, type HistoryLine } from "~/domain/audit-words";
import { formatLogTime, formatTimelineDate } from "~/domain/dates";
import { departmentKeyLabel } from "~/domain/departments";
import { departmentLabel } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { getDb } from "~/infra/db.server";
import { writeAudit } from "./audit.server";
import { IMPORT_BATCH_ROWS, pause } from "./batches.server";

// The audit trail: every audited write, sign-ins and refused PINs, newest first. Read only: the
// app never updates an audit row, and deletes one only by the retention the server's operator sets
// (AUDIT_RETENTION_DAYS, keep forever by default). Pages go by id (keyset), so page 500 costs what page 1 does.

export type AuditFilter = {
  actorId?: number;
  entity?: string;
  entityId?: string;
  /** Inclusive start and exclusive end, epoch ms. */
  from?: number;
  to?: number;
  kind?: "changes" | "sign-ins";
  /** A project with what belongs to it: its design and its workflow steps (see projectScope). */
  project?: ProjectScope;
};

export type AuditRow = {
  id: number;
  at: Date;
  actorId: number | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: unknown;
  after: unknown;
  ip: string | null;
};

/** The sign-in kinds: a member signing in or out, and the refusals (wrong PIN, throttled, the shop-wide budget). */
export const SIGN_IN_ACTIONS = [
  "login",
  "logout",
  "login-failed",
  "login-throttled",
  "login-budget-tripped",
  "login-refusals-counted",
  "login-member-locked",
] as const;

export type ProjectScope = { projectId: number; stepIds: number[] };

/** A project's audit scope: its id and the ids of its workflow steps (step edits are recorded under the step). */
export function projectScope(projectId: number): ProjectScope {
  const stepIds = getDb()
    .select({ id: projectWorkflowSteps.id })
    .from(projectWorkflowSteps)
    .innerJoin(projectWorkflowInstances, eq(projectWorkflowInstances.id, projectWorkflowSteps.projectWorkflowInstanceId))
    .where(eq(projectWorkflowInstances.projectId, projectId))
    .all()
    .map((r) => r.id);
  return { projectId, stepIds };
}

function scopeWhere(s: ProjectScope): SQL | undefined {
  const pid = String(s.projectId);
  return or(
    and(inArray(auditLog.entity, ["project", "design"]), eq(auditLog.entityId, pid)),
    // Reorders written before 'reorder-steps' carry the project's id under 'workflow-step': told apart from a
    // step's own entries by their action.
    and(eq(auditLog.entity, "workflow-step"), eq(auditLog.action, "reorder"), eq(auditLog.entityId, pid)),
    s.stepIds.length ? and(eq(auditLog.entity, "workflow-step"), ne(auditLog.action, "reorder"), inArray(auditLog.entityId, s.stepIds.map(String))) : undefined,
  );
}

/**
 * A date range as the range of ids written in it, read from the `at` index in two seeks: ids and `at` grow
 * together, so the list walks the primary key (or the member or record index) in id order and stops after a page,
 * instead of collecting every row of the range to sort it. A clock stepped back (NTP) can blur an end of the
 * range by the size of the step. null: nothing was written in the range.
 */
function idRange(from: number | undefined, to: number | undefined): { lo?: number; hi?: number } | null {
  const db = getDb();
  let lo: number | undefined;
  let hi: number | undefined;
  if (from !== undefined) {
    const first = db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(gte(auditLog.at, new Date(from)))
      .orderBy(asc(auditLog.at), asc(auditLog.id))
      .limit(1)
      .get();
    if (!first) return null;
    lo = first.id;
  }
  if (to !== undefined) {
    const last = db
      .select({ id: auditLog.id })
      .from(auditLog)
      .where(lt(auditLog.at, new Date(to)))
      .orderBy(desc(auditLog.at), desc(auditLog.id))
      .limit(1)
      .get();
    if (!last) return null;
    hi = last.id;
  }
  if (lo !== undefined && hi !== undefined && lo > hi) return null;
  return { lo, hi };
}

function where(f: AuditFilter, ids: { lo?: number; hi?: number }): SQL | undefined {
  return and(
    f.actorId !== undefined ? eq(auditLog.actorId, f.actorId) : undefined,
    f.entity !== undefined ? eq(auditLog.entity, f.entity) : undefined,
    f.entityId !== undefined ? eq(auditLog.entityId, f.entityId) : undefined,
    ids.lo !== undefined ? gte(auditLog.id, ids.lo) : undefined,
    ids.hi !== undefined ? lte(auditLog.id, ids.hi) : undefined,
    // The dates themselves still hold each row (a row written under a clock stepped back stays out); the unary
    // plus keeps SQLite from reading them through the `at` index, which would mean sorting the range by id.
    f.from !== undefined ? sql`+${auditLog.at} >= ${f.from}` : undefined,
    f.to !== undefined ? sql`+${auditLog.at} < ${f.to}` : undefined,
    f.kind === "sign-ins" ? eq(auditLog.entity, "session") : f.kind === "changes" ? ne(auditLog.entity, "session") : undefined,
    f.project ? scopeWhere(f.project) : undefined,
  );
}

/**
 * One page, newest first: `limit` rows older than `beforeId` (the first page without it), and whether there are
 * more. One statement, plus two index seeks when a date range is given.
 */
export function listAudit(filter: AuditFilter, limit: number, beforeId?: number): { rows: AuditRow[]; more: boolean } {
  const ids = filter.from !== undefined || filter.to !== undefined ? idRange(filter.from, filter.to) : {};
  if (ids === null) return { rows: [], more: false };
  const rows = getDb()
    .select()
    .from(auditLog)
    .where(and(where(filter, ids), beforeId !== undefined ? lt(auditLog.id, beforeId) : undefined))
    .orderBy(desc(auditLog.id))
    .limit(limit + 1)
    .all() as AuditRow[];
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/** The entities that appear in the log, for the filter (from the entity index, not the rows). */
export function auditEntities(): string[] {
  return getDb()
    .selectDistinct({ entity: auditLog.entity })
    .from(auditLog)
    .orderBy(auditLog.entity)
    .all()
    .map((r) => r.entity);
}

/**
 * Members who are gone but still act in the log, for the member filter: those whose deletion is recorded (read
 * from the record index), and `also` when it is none of the current members (a link to a member whose deletion
 * the retention has removed since). Named as the log names them.
 */
export function deletedActors(also?: number): { id: number; name: string }[] {
  const db = getDb();
  const current = new Set(
    db
      .select({ id: teamMembers.id })
      .from(teamMembers)
      .all()
      .map((m) => m.id),
  );
  const gone = new Map<number, string>();
  for (const r of db
    .select({ entityId: auditLog.entityId, before: auditLog.before })
    .from(auditLog)
    .where(and(eq(auditLog.entity, "team-member"), eq(auditLog.action, "delete")))
    .all()) {
    const id = Number(r.entityId);
    const name = (r.before as { name?: unknown } | null)?.name;
    if (Number.isInteger(id) && !current.has(id)) gone.set(id, typeof name === "string" ? name : memberNumber(id));
  }
  if (also !== undefined && !current.has(also) && !gone.has(also)) {
    const last = db.select({ name: auditLog.actorName }).from(auditLog).where(eq(auditLog.actorId, also)).orderBy(desc(auditLog.id)).limit(1).get();
    if (last) gone.set(also, last.name ?? memberNumber(also));
  }
  return [...gone].map(([id, name]) => ({ id, name }));
}

/** How a difference is shown: dates in the shop's zone, departments and members by name. */
export type DiffView = {
  timeZone: string;
  /** A department's value → its name in this shop (departmentLabel when not given). */
  departmentName?: (value: string) => string;
  /** A team member's id → their name, when known. */
  memberName?: (id: number) => string | undefined;
};

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z$/;
// Calendar dates (docs/product.md §5 Step dates) are stored as noon in the shop's zone: the day alone is what was chosen.
const DAY_FIELDS = new Set(["startDate", "endDate", "dueDate"]);
const DEPARTMENT_FIELDS = new Set(["department", "departmentSequence", "stoppedIn"]);
const MEMBER_FIELDS = new Set(["expectedUserId", "assignedTeamMemberId", "teamMembers", "createdBy", "lockedMembers"]);
// Stored as code values ('in-progress', 'rush', 'maintenance'): shown as words.
const CODE_FIELDS = new Set(["status", "priority", "machineStatus", "color", "fileType", "timeSource", "scope"]);
// The app's own bookkeeping, which tells a manager nothing: the version goes up by one on every save (it only
// guards against two people saving over each other) and the id is the record's, already named by the entry.
const BOOKKEEPING = new Set(["version", "id"]);
// When a record was made or last saved: worth reading on a creation or a deletion, but an update's own time
// already says when it was saved.
const STAMPS = new Set(["createdAt", "updatedAt"]);
/** A refused sign-in's stored reason, in words. */
function reasonWords(reason: string): string {
  if (reason === "unknown-pin") return t`No active team member has this PIN`;
  if (reason === "pin-does-not-match-expected-member") return t`The PIN is another team member's, not the chosen one's`;
  return reason;
}

/** What a bare list (not an object) holds, by the entry it belongs to: the field it is shown as. */
function listField(action?: string): string {
  if (action === "refresh-workflow") return "departmentSequence";
  if (action === "assign") return "teamMembers";
  if (action === "reorder" || action === "reorder-steps") return "stepOrder";
  return "value";
}

function showValue(field: string, v: unknown, view: DiffView): string {
  if (v === undefined) return "—";
  if (v === null) return t`(empty)`;
  if (Array.isArray(v)) return v.length ? v.map((x) => showValue(field, x, view)).join(", ") : t`(none)`;
  if (typeof v === "boolean") return v ? t`Yes` : t`No`;
  if (typeof v === "string") {
    if (ISO_INSTANT.test(v)) return DAY_FIELDS.has(field) ? formatTimelineDate(v, view.timeZone) : formatLogTime(v, view.timeZone);
    if (DEPARTMENT_FIELDS.has(field)) return (view.departmentName ?? departmentLabel)(v);
    if (field === "accessibleDepartments") return departmentKeyLabel(v) ?? departmentLabel(v);
    if (field === "reason") return reasonWords(v);
    if (CODE_FIELDS.has(field)) return codeWords(v);
    return v;
  }
  if (typeof v === "number" && MEMBER_FIELDS.has(field)) {
    const name = view.memberName?.(v);
    return name ? `${name} (#${v})` : memberNumber(v);
  }
  // Another record's id ('projectId', 'workflowId'): a number that names a record, as the summary writes it.
  if (typeof v === "number" && /[a-z]Id$/.test(field)) return `#${v}`;
  return typeof v === "number" ? String(v) : JSON.stringify(v);
}

/**
 * What changed between `before` and `after`: one line per field whose value differs, the field named in words and
 * each value as a person reads it (`entry` names the action, which says what a bare list holds). The app's own
 * bookkeeping (version, id, and the stamps on an update) is left out.
 */
export function auditDiff(
  before: unknown,
  after: unknown,
  view: DiffView,
  entry?: { action?: string; entity?: string },
): { key: string; field: string; from: string; to: string }[] {
  const bare = listField(entry?.action);
  const isObj = (v: unknown): v is Record<string, unknown> => !!v && typeof v === "object" && !Array.isArray(v);
  const obj = (v: unknown): Record<string, unknown> => (isObj(v) ? v : v === null || v === undefined ? {} : { [bare]: v });
  const a = obj(before);
  const b = obj(after);
  const update = isObj(before) && isObj(after);
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((k) => !BOOKKEEPING.has(k) && !(update && STAMPS.has(k)));
  return fields
    .filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k]))
    .map((k) => ({ key: k, field: auditFieldLabel(k, entry?.entity), from: showValue(k, a[k], view), to: showValue(k, b[k], view) }))
    .sort((x, y) => x.field.localeCompare(y.field));
}

/** Who acted, as the audit trail and the History lists name them. */
export function auditActor(r: Pick<AuditRow, "actorId" | "actorName" | "entity" | "action" | "after">): string {
  // The server itself (the demo seed, the first administrator, the retention): older rows name it 'system'.
  if (r.actorId === null && r.actorName?.toLowerCase() === "system") return t`System`;
  if (r.actorName) return r.actorName;
  const id = r.actorId;
  if (id !== null) return memberNumber(id);
  if (r.entity !== "session") return t`System`;
  // A refused sign-in has no member: say what is known about who tried.
  const reason = (r.after as { reason?: unknown } | null)?.reason;
  if (r.action === "login-failed") return reason === "pin-does-not-match-expected-member" ? t`Unknown (another member's PIN)` : t`Unknown (no PIN match)`;
  return t`Unknown`;
}

// The record types whose rows carry a name, and their tables.
const NAMED_TABLES = {
  item: items,
  project: projects,
  "label-printer": labelPrinters,
  "team-member": teamMembers,
  material: materials,
  machine: machines,
  department: departments,
  subdepartment: subdepartments,
  category: categories,
  workflow: workflows,
  "step-template": stepTemplates,
  "board-key": boardKeys,
  "api-token": apiTokens,
  "calendar-key": calendarKeys,
  "machine-file": machineReadyFiles,
} as const;

export type RecordName = { name: string; exists: boolean };

/**
 * The names of the records a page of entries is about, 'entity:id' → name, in one statement for the whole page
 * (a UNION of one id list per record type), never a query per row. A record deleted since is named as its own
 * entries last recorded it, and marked as gone.
 */
export function auditRecordNames(rows: Pick<AuditRow, "entity" | "entityId" | "action" | "before" | "after">[]): Map<string, RecordName> {
  const wanted = new Map<keyof typeof NAMED_TABLES | "workflow-step", Set<number>>();
  for (const r of rows) {
    const id = parseIdParam(r.entityId);
    // An old 'reorder' entry carries its project's id under 'workflow-step' (see scopeWhere).
    const step = r.entity === "workflow-step" && r.action !== "reorder";
    if (id === null || !(r.entity in NAMED_TABLES || step)) continue;
    const entity = r.entity as keyof typeof NAMED_TABLES | "workflow-step";
    if (!wanted.has(entity)) wanted.set(entity, new Set());
    wanted.get(entity)!.add(id);
  }
  const names = new Map<string, RecordName>();
  if (wanted.size) {
    const parts = [...wanted].map(([entity, set]) => {
      const ids = sql.join(
        [...set].map((id) => sql`${id}`),
        sql`, `,
      );
      // A step has no name of its own: its department's, and the project it belongs to.
      if (entity === "workflow-step") {
        return sql`SELECT ${entity} AS entity, s.id AS id, coalesce(d.name, s.department) || ' of ' || p.name AS name
          FROM ${projectWorkflowSteps} s
          JOIN ${projectWorkflowInstances} i ON i.id = s.project_workflow_instance_id
          JOIN ${projects} p ON p.id = i.project_id
          LEFT JOIN ${departments} d ON d.value = s.department
          WHERE s.id IN (${ids})`;
      }
      return sql`SELECT ${entity} AS entity, id, name FROM ${NAMED_TABLES[entity]} WHERE id IN (${ids})`;
    });
    for (const r of getDb().all<{ entity: string; id: number; name: string }>(sql.join(parts, sql` UNION ALL `))) {
      names.set(`${r.entity}:${r.id}`, { name: r.name, exists: true });
    }
  }
  for (const r of rows) {
    const key = `${r.entity}:${r.entityId}`;
    if (names.has(key) || !(r.entity in NAMED_TABLES) || parseIdParam(r.entityId) === null) continue;
    const recorded = [r.after, r.before]
      .map((v) => (v && typeof v === "object" && !Array.isArray(v) ? (v as { name?: unknown }).name : undefined))
      .find((n) => typeof n === "string");
    if (typeof recorded === "string") names.set(key, { name: recorded, exists: false });
  }
  return names;
}

/**
 * A sign-in entry in a sentence: who, and from which address (the row holds no more than that). Another entry
 * that changed no field says so, so that no opened entry is left blank. `memberName` names a locked member.
 */
export function auditNote(
  r: Pick<AuditRow, "action" | "entity" | "ip" | "before" | "after">,
  who: string,
  changed: number,
  memberName?: (id: number) => string | undefined,
): string | null {
  const ip = r.ip;
  const from = ip ? t`from ${ip}` : t`from an address that was not recorded`;
  const after = (r.after && typeof r.after === "object" ? r.after : {}) as Record<string, unknown>;
  const counted = () => {
    const pins = countOf(after.wrongPins);
    const signIns = countOf(after.refusedSignIns);
    const wrong = plural(pins, { one: "# wrong PIN", other: "# wrong PINs" });
    const refused = plural(signIns, { one: "# refused sign-in", other: "# refused sign-ins" });
    return t`${wrong} and ${refused}`;
  };
  switch (r.action) {
    case "login":
      return t`${who} signed in with their PIN ${from}.`;
    case "logout":
      return t`${who} signed out ${from}.`;
    case "login-failed":
      return t`A PIN typed ${from} was refused.`;
    case "login-throttled":
      return t`Sign-ins ${from} were refused for a while: too many wrong PINs came from there in a few minutes.`;
    case "login-budget-tripped": {
      // Entries from before the window counts carry no numbers.
      if (after.wrongPins === undefined)
        return t`Too many wrong PINs across the shop in a few minutes: for a while every address got one try and sign-ins were answered one at a time.`;
      const both = counted();
      return t`Too many wrong PINs across the shop: browsers that had not signed in here before got one try at a time. ${both} are counted here instead of one entry each.`;
    }
    case "login-refusals-counted": {
      const both = counted();
      return t`More sign-ins were refused in these 5 minutes than the log lists one by one: ${both} are counted here instead.`;
    }
    case "login-member-locked": {
      const id = typeof after.expectedUserId === "number" ? after.expectedUserId : null;
      const name = (id !== null && memberName?.(id)) || t`This team member`;
      return after.scope === "known-devices"
        ? t`${name} cannot sign in for 15 minutes on the browsers that signed in here before: 5 wrong PINs were typed for them in 15 minutes, the last ${from}. Other members still can.`
        : t`${name} cannot sign in for 15 minutes on browsers that have not signed in here before: 5 wrong PINs were typed for them in 15 minutes, the last ${from}. Other members still can.`;
    }
  }
  if (changed > 0) return null;
  if (r.before && r.after && typeof r.before === "object" && typeof r.after === "object") return t`Saved without changing any field.`;
  return t`Nothing more was recorded than who did it and when.`;
}

/** A member the log names by id alone. */
function memberNumber(id: number): string {
  return t`Member #${id}`;
}

/** A stored count, 0 when the entry has none. */
function countOf(n: unknown): number {
  return typeof n === "number" ? n : 0;
}

export type { HistoryLine };

function historyLine(r: AuditRow, own: string, view: DiffView): HistoryLine {
  const department = (v: unknown) => (typeof v === "string" ? (view.departmentName ?? departmentLabel)(v) : null);
  const step =
    r.entity === "workflow-step" && r.action !== "reorder"
      ? department((r.after as { department?: unknown } | null)?.department ?? (r.before as { department?: unknown } | null)?.department)
      : null;
  return {
    id: r.id,
    when: formatLogTime(r.at, view.timeZone),
    who: auditActor(r),
    action: auditActionLabel(r.action),
    // The record's own entries need no name; a step's or the design's say whose they are.
    subject: r.entity === own ? null : step ? `${auditEntityLabel(r.entity)}: ${step}` : auditEntityLabel(r.entity),
    changes: auditDiff(r.before, r.after, view, r).map((d) => `${d.field}: ${d.from} → ${d.to}`),
  };
}

/** The member ids an entry's values name (assignments, expected members): what its History shows by name. */
function memberIdsIn(r: AuditRow, into: Set<number>) {
  const visit = (field: string, v: unknown) => {
    if (typeof v === "number" && Number.isInteger(v)) into.add(v);
    else if (Array.isArray(v)) for (const x of v) visit(field, x);
  };
  const bare = listField(r.action);
  for (const value of [r.before, r.after]) {
    if (value && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of Object.entries(value)) if (MEMBER_FIELDS.has(k)) visit(k, v);
    } else if (MEMBER_FIELDS.has(bare)) visit(bare, value);
  }
}

/**
 * A record's History: the newest HISTORY_LIMIT entries `scope` selects, worded for its page. Members its entries
 * name are named as they are called now, read in one query; a member who has since been deleted stays 'Member #id'.
 */
function historyOf(scope: SQL | undefined, own: string, view: DiffView): HistoryLine[] {
  const rows = getDb().select().from(auditLog).where(scope).orderBy(desc(auditLog.id)).limit(HISTORY_LIMIT).all() as AuditRow[];
  let named = view;
  if (!view.memberName) {
    const ids = new Set<number>();
    for (const r of rows) memberIdsIn(r, ids);
    const names = new Map(
      ids.size
        ? getDb()
            .select({ id: teamMembers.id, name: teamMembers.name })
            .from(teamMembers)
            .where(inArray(teamMembers.id, [...ids]))
            .all()
            .map((m) => [m.id, m.name] as const)
        : [],
    );
    named = { ...view, memberName: (id) => names.get(id) };
  }
  return rows.map((r) => historyLine(r, own, named));
}

/** An item's History (its page): its newest entries, from the record index. */
export function itemHistory(itemId: number, view: DiffView): HistoryLine[] {
  return historyOf(and(eq(auditLog.entity, "item"), eq(auditLog.entityId, String(itemId))), "item", view);
}

/** A project's History (its page): its own entries, its design's and its workflow steps', newest first. */
export function projectHistory(projectId: number, view: DiffView): HistoryLine[] {
  return historyOf(scopeWhere(projectScope(projectId)), "project", view);
}

export const PRUNE_BATCH = IMPORT_BATCH_ROWS;

/**
 * Retention (AUDIT_RETENTION_DAYS): removes the entries older than `days` days, oldest first, PRUNE_BATCH to a
 * transaction with a pause between them (docs/product.md, Decisions: Large writes), so neither a scan nor a page
 * waits long behind a first sweep of years of entries, then records what it removed as an entry of its own. 0
 * keeps everything. Resolves to how many entries it removed.
 */
export async function pruneAudit(days: number, now = Date.now()): Promise<number> {
  if (!(days > 0)) return 0;
  const db = getDb();
  const cutoff = now - days * 24 * 3600_000;
  let removed = 0;
  for (let batch = 0; ; batch++) {
    if (batch > 0) await pause();
    const n = db.transaction(
      (tx) =>
        tx
          .delete(auditLog)
          .where(
            inArray(
              auditLog.id,
              tx
                .select({ id: auditLog.id })
                .from(auditLog)
                .where(lt(auditLog.at, new Date(cutoff)))
                .orderBy(asc(auditLog.at))
                .limit(PRUNE_BATCH),
            ),
          )
          .returning({ id: auditLog.id })
          .all().length,
    );
    removed += n;
    if (n < PRUNE_BATCH) break;
  }
  if (removed > 0) {
    writeAudit(
      { id: null, name: "System" },
      { action: "prune-audit", entity: "audit_log", after: { removed, olderThan: new Date(cutoff), retentionDays: days } },
    );
  }
  return removed;
}

/** Who saved a record last, when, and which of its fields changed, as the History words them. */
export type LastChange = { who: string; at: number; changes: { key: string; field: string; from: string; to: string }[] };

/**
 * The save that won over a stale form (decisions 0009 and 0021): the newest update of the record that changed one
 * of `fields` (any field when none are named), among its latest HISTORY_LIMIT updates; null when none did (the
 * entries were pruned). One indexed read, newest first.
 */
export function lastChangeOf(entity: string, entityId: number, fields: readonly string[], view: DiffView): LastChange | null {
  const rows = getDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(entityId)), eq(auditLog.action, "update")))
    .orderBy(desc(auditLog.id))
    .limit(HISTORY_LIMIT)
    .all() as AuditRow[];
  for (const r of rows) {
    const diff = auditDiff(r.before, r.after, view, r);
    const changes = fields.length ? diff.filter((d) => fields.includes(d.key)) : diff;
    if (changes.length) return { who: auditActor(r), at: new Date(r.at).getTime(), changes };
  }
  return null;
}
