import { statSync } from "node:fs";
import { count, desc, eq } from "drizzle-orm";
import { backupRuns, webhookDeliveries } from "#db/schema";
import { getDb } from "~/infra/db.server";

// The database's figures for /metrics (decision 0041): a fixed three statements however large the shop.

export type StoreFigures = { databaseBytes: number; walBytes: number; lastBackupAt: Date | null; pendingWebhookDeliveries: number };

export function storeFigures(): StoreFigures {
  const db = getDb();
  const size = db.$client
    .query<{ bytes: number }, []>("SELECT (SELECT page_count FROM pragma_page_count()) * (SELECT page_size FROM pragma_page_size()) AS bytes")
    .get();
  // The newest good backup: few rows, read from the start-time index's end.
  const backup = db.select({ at: backupRuns.finishedAt }).from(backupRuns).where(eq(backupRuns.ok, true)).orderBy(desc(backupRuns.startedAt)).limit(1).get();
  // The partial index of pending deliveries counts the queue without reading the delivered ones.
  const pending = db.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.status, "pending")).get();
  return {
    databaseBytes: size?.bytes ?? 0,
    walBytes: walFileBytes(db.$client.filename),
    lastBackupAt: backup?.at ?? null,
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
