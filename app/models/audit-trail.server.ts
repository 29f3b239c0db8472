import { and, asc, desc, eq, gte, inArray, lt, ne, type SQL } from "drizzle-orm";
import { auditLog } from "#db/schema";
import { getDb } from "~/utils/db.server";
import { writeAudit } from "./audit.server";

// The audit trail (issue "Step 9"): every audited write, sign-ins and refused PINs, newest first. Read only: the
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

export const PRUNE_BATCH = 5000;

/**
 * Retention (AUDIT_RETENTION_DAYS): removes the entries older than `days` days, oldest first, PRUNE_BATCH to a
 * transaction so a scan never waits long behind it, then records what it removed as an entry of its own. 0 keeps
 * everything. Returns how many entries it removed.
 */
export function pruneAudit(days: number, now = Date.now()): number {
  if (!(days > 0)) return 0;
  const db = getDb();
  const cutoff = now - days * 24 * 3600_000;
  let removed = 0;
  for (;;) {
    const n = db.transaction(
      (tx) =>
        tx
          .delete(auditLog)
          .where(inArray(auditLog.id, tx.select({ id: auditLog.id }).from(auditLog).where(lt(auditLog.at, new Date(cutoff))).orderBy(asc(auditLog.at)).limit(PRUNE_BATCH)))
          .returning({ id: auditLog.id })
          .all().length,
    );
    removed += n;
    if (n < PRUNE_BATCH) break;
  }
  if (removed > 0) {
    writeAudit({ id: null, name: "System" }, { action: "prune-audit", entity: "audit_log", after: { removed, olderThan: new Date(cutoff), retentionDays: days } });
  }
  return removed;
}
