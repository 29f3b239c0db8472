import { and, desc, eq, gte, lt, ne, type SQL } from "drizzle-orm";
import { auditLog } from "#db/schema";
import { getDb } from "~/utils/db.server";

// The audit trail (issue "Step 9"): every audited write, sign-ins and refused PINs, newest first. Read only: the
// app never updates or deletes an audit row. Pages go by id (keyset), so page 500 costs what page 1 does.

export type AuditFilter = {
  actorId?: number;
  entity?: string;
  entityId?: string;
  /** Inclusive start and exclusive end, epoch ms. */
  from?: number;
  to?: number;
  kind?: "changes" | "sign-ins";
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
export const SIGN_IN_ACTIONS = ["login", "logout", "login-failed", "login-throttled", "login-budget-tripped"] as const;

function where(f: AuditFilter): SQL | undefined {
  return and(
    f.actorId !== undefined ? eq(auditLog.actorId, f.actorId) : undefined,
    f.entity !== undefined ? eq(auditLog.entity, f.entity) : undefined,
    f.entityId !== undefined ? eq(auditLog.entityId, f.entityId) : undefined,
    f.from !== undefined ? gte(auditLog.at, new Date(f.from)) : undefined,
    f.to !== undefined ? lt(auditLog.at, new Date(f.to)) : undefined,
    f.kind === "sign-ins" ? eq(auditLog.entity, "session") : f.kind === "changes" ? ne(auditLog.entity, "session") : undefined,
  );
}

/**
 * One page, newest first: `limit` rows older than `beforeId` (the first page without it), and whether there are
 * more. One statement.
 */
export function listAudit(filter: AuditFilter, limit: number, beforeId?: number): { rows: AuditRow[]; more: boolean } {
  const rows = getDb()
    .select()
    .from(auditLog)
    .where(and(where(filter), beforeId !== undefined ? lt(auditLog.id, beforeId) : undefined))
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

/** A record's own history (project and item pages): its newest `limit` rows, from the entity index. */
function recordHistory(entity: string, id: string | number, limit = 20): AuditRow[] {
  return getDb()
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entity, entity), eq(auditLog.entityId, String(id))))
    .orderBy(desc(auditLog.id))
    .limit(limit)
    .all() as AuditRow[];
}

/** What changed between `before` and `after`: one line per field whose value differs. */
export function auditDiff(before: unknown, after: unknown): { field: string; from: string; to: string }[] {
  const obj = (v: unknown): Record<string, unknown> => (v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : v === null || v === undefined ? {} : { value: v });
  const a = obj(before);
  const b = obj(after);
  const show = (v: unknown) => (v === undefined ? "—" : v === null ? "(empty)" : typeof v === "string" ? v : JSON.stringify(v));
  const fields = [...new Set([...Object.keys(a), ...Object.keys(b)])].sort();
  return fields.filter((k) => JSON.stringify(a[k]) !== JSON.stringify(b[k])).map((k) => ({ field: k, from: show(a[k]), to: show(b[k]) }));
}


/** A record's history as its page shows it: when (in the shop's zone, formatted by the caller), who, what. */
export function historyEntries(entity: string, id: number | string, format: (d: Date) => string) {
  return recordHistory(entity, id).map((r) => ({
    id: r.id,
    when: format(r.at),
    who: r.actorName ?? "System",
    action: r.action,
    changes: auditDiff(r.before, r.after).map((d) => `${d.field}: ${d.from} → ${d.to}`),
  }));
}
