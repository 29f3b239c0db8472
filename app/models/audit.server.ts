import { auditLog } from "#db/schema";
import { getDb, type DB } from "~/utils/db.server";

export type Actor = { id: number | null; name: string | null; ip?: string | null };

type Tx = Pick<DB, "insert">;

export type AuditEntry = {
  action: string;
  entity: string;
  entityId?: string | number | null;
  before?: unknown;
  after?: unknown;
};

/** Write one audit row; pass the transaction so the row commits or rolls back with the change it records. */
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
}

