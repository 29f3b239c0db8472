import { auditLog } from "#db/schema";
import { getDb, type DB } from "~/infra/db.server";
import { prepared } from "./prepared.server";
import { outboxFromAudit } from "./webhook-outbox.server";

export type Actor = { id: number | null; name: string | null; ip?: string | null };

type Tx = Pick<DB, "insert">;

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/**
 * Write one audit row; pass the transaction so the row commits or rolls back with the change it records. The
 * webhook deliveries the change calls for are written with it (docs/decisions/0042-webhooks.md).
 */
export function writeAudit(actor: Actor, entry: AuditEntry, tx: Tx = getDb()) {
  tx.insert(auditLog)
    .values({
      at: new Date(),
      actorId: actor.id,
      actorName: actor.name,
      action: entry.action,
      entity: entry.entity,
      entityId: entry.entityId == null ? null : String(entry.entityId),
      before: entry.before === undefined ? null : entry.before,
      after: entry.after === undefined ? null : entry.after,
      ip: actor.ip ?? null,
    })
    .run();
  outboxFromAudit(entry);
}

// The timer scans write an audit row each, dozens a second on a busy floor: the insert is compiled once, on SQLite's
// own interface (drizzle's placeholder filling cost more than the insert). It runs on the one connection, so inside
// the caller's transaction like writeAudit's; dates as epoch milliseconds and JSON as text, as drizzle stores them.
type AuditValues = {
  at: number;
  actorId: number | null;
  actorName: string | null;
  action: string;
  entity: string;
  entityId: string | null;
  before: string | null;
  after: string | null;
  ip: string | null;
};
const auditInsert = (db: DB) =>
  prepared(db, "audit:insert", (d) =>
    d.$client.prepare<unknown, AuditValues>(
      `INSERT INTO audit_log (at, actor_id, actor_name, action, entity, entity_id, before, after, ip)
       VALUES ($at, $actorId, $actorName, $action, $entity, $entityId, $before, $after, $ip)`,
    ),
  );

/** writeAudit through a compiled statement, for the hot paths; call it inside the write's transaction. */
export function writeAuditPrepared(actor: Actor, entry: AuditEntry) {
  const json = (v: unknown) => (v === undefined ? null : JSON.stringify(v));
  auditInsert(getDb()).run({
    at: Date.now(),
    actorId: actor.id,
    actorName: actor.name,
    action: entry.action,
    entity: entry.entity,
    entityId: entry.entityId == null ? null : String(entry.entityId),
    before: json(entry.before),
    after: json(entry.after),
    ip: actor.ip ?? null,
  });
  outboxFromAudit(entry);
}
