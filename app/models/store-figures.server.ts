import { statSync } from "node:fs";
import { sql } from "drizzle-orm";
import { getDb } from "~/infra/db.server";

// The database's figures for /metrics (docs/decisions/0041): a fixed three statements however large the shop.

export type StoreFigures = { databaseBytes: number; walBytes: number; lastBackupAt: Date | null; pendingWebhookDeliveries: number };

export function storeFigures(): StoreFigures {
  const db = getDb();
  const size = db.get<{ bytes: number }>(sql`SELECT (SELECT page_count FROM pragma_page_count()) * (SELECT page_size FROM pragma_page_size()) AS bytes`);
  // The newest good backup: few rows, read from the start-time index's end.
  const backup = db.get<{ at: number | null } | undefined>(sql`SELECT finished_at AS at FROM backup_runs WHERE ok = 1 ORDER BY started_at DESC LIMIT 1`);
  // The partial index of pending deliveries: counts the queue without reading delivered ones.
  const pending = db.get<{ n: number }>(sql`SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'pending'`);
  return {
    databaseBytes: size?.bytes ?? 0,
    walBytes: walFileBytes(db.$client.filename),
    lastBackupAt: backup?.at != null ? new Date(backup.at) : null,
    pendingWebhookDeliveries: pending?.n ?? 0,
  };
}

function walFileBytes(file: string): number {
  if (!file || file === ":memory:") return 0;
  try {
    return statSync(`${file}-wal`).size;
  } catch {
    return 0; // no log file (checkpointed and truncated away, or not in WAL mode)
  }
}
