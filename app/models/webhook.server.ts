import { t } from "@lingui/core/macro";
import { and, asc, count, desc, eq, sql } from "drizzle-orm";
import { webhookDeliveries, webhookEndpoints } from "#db/schema";
import { BadRequestError, ConflictError, NotFoundError } from "~/domain/errors";
import { WEBHOOK_SECRET_PREFIX, webhookUrlRefusal, type WebhookEvent } from "~/domain/webhooks";
import { announce } from "~/infra/change-notices.server";
import { type DB, getDb } from "~/infra/db.server";
import { processState } from "~/infra/process-state.server";
import { isSealed, openSecret, sealSecret, UnsealError } from "~/infra/sealed-secret.server";
import { type Actor, writeAudit } from "./audit.server";
import { changedValues } from "./crud.server";
import { forgetWebhookEndpoints } from "./webhook-outbox.server";

// Global Settings → Webhooks: the endpoints management sets up, their delivery log, and what the sender reads and
// records (docs/decisions/0042-webhooks.md). The secret never goes into the audit trail, and is stored sealed with
// a key derived from secret.key (app/infra/sealed-secret.server.ts): only this module opens it.

type StoredEndpoint = typeof webhookEndpoints.$inferSelect;
/** An endpoint as the screens and the API see it: its secret in clear, the one it replaced never. */
export type WebhookEndpoint = Omit<StoredEndpoint, "secret" | "previousSecret"> & { secret: string };
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type EndpointInput = { name: string; url: string; events: WebhookEvent[] };
export type EndpointPatch = Partial<EndpointInput> & { isActive?: boolean };

const gone = () => t`This webhook no longer exists. It may have been deleted by someone else.`;

/** How long the secret replaced by 'Make a new secret' keeps signing beside the new one. */
export const PREVIOUS_SECRET_MS = 24 * 60 * 60_000;

// Bound into the seal: a value sealed for something else cannot be passed off as a webhook secret.
const PURPOSE = "webhook-secret";
const seal = (secret: string) => sealSecret(secret, PURPOSE);

/** A secret that cannot be opened (the database came without its secret.key) reads as this, not as an error page. */
export const UNREADABLE_SECRET = "";

function reveal({ secret, previousSecret: _previous, ...row }: StoredEndpoint): WebhookEndpoint {
  let clear = UNREADABLE_SECRET;
  try {
    clear = openSecret(secret, PURPOSE);
  } catch (error) {
    if (!(error instanceof UnsealError)) throw error;
  }
  return { ...row, secret: clear };
}

/** `whsec_` + base64 of 24 random bytes: the Standard Webhooks form every receiver library reads. */
export function newWebhookSecret(): string {
  return WEBHOOK_SECRET_PREFIX + Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64");
}

/** The endpoint as the audit trail keeps it: everything but the secret. */
const audited = (e: StoredEndpoint) => ({ name: e.name, url: e.url, events: e.events, isActive: e.isActive });

function checkUrl(url: string) {
  const refusal = webhookUrlRefusal(url);
  if (refusal) throw new BadRequestError(refusal);
}

/** After a change of the endpoints: the outbox reads them again, and pages showing them reload. */
function changed(id: number, action: string) {
  forgetWebhookEndpoints();
  forgetFailedCount();
  announce({ entity: "webhook-endpoint", id, action });
}

export type EndpointSummary = Omit<WebhookEndpoint, "secret"> & {
  pending: number;
  failed: number;
  delivered: number;
  lastAttemptAt: Date | null;
  lastStatus: string | null;
};

/** Every endpoint with its queue: pending, failed and delivered counts, and its last attempt (endpoints are few). */
export function listWebhookEndpoints(): EndpointSummary[] {
  const db = getDb();
  const rows = db.select().from(webhookEndpoints).orderBy(asc(webhookEndpoints.name), asc(webhookEndpoints.id)).all();
  if (rows.length === 0) return [];
  const counts = db.all<{ endpointId: number; status: string; n: number }>(
    sql`SELECT endpoint_id AS endpointId, status, count(*) AS n FROM webhook_deliveries GROUP BY endpoint_id, status`,
  );
  const last = db.all<{ endpointId: number; at: number | null; status: string }>(
    sql`SELECT e.id AS endpointId, d.last_attempt_at AS at, d.status AS status FROM webhook_endpoints e
        JOIN webhook_deliveries d ON d.id = (SELECT max(id) FROM webhook_deliveries WHERE endpoint_id = e.id AND last_attempt_at IS NOT NULL)`,
  );
  return rows.map(({ secret: _secret, previousSecret: _previous, ...r }) => {
    const n = (status: string) => counts.find((c) => c.endpointId === r.id && c.status === status)?.n ?? 0;
    const l = last.find((x) => x.endpointId === r.id);
    return {
      ...r,
      pending: n("pending"),
      failed: n("failed"),
      delivered: n("delivered"),
      lastAttemptAt: l?.at ? new Date(l.at) : null,
      lastStatus: l?.status ?? null,
    };
  });
}

export function getWebhookEndpoint(id: number): WebhookEndpoint | undefined {
  const row = getDb().select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();
  return row && reveal(row);
}

export function createWebhookEndpoint(input: EndpointInput, actor: Actor): WebhookEndpoint {
  checkUrl(input.url);
  const row = getDb().transaction((tx) => {
    const inserted = tx
      .insert(webhookEndpoints)
      .values({ name: input.name, url: input.url.trim(), events: input.events, secret: seal(newWebhookSecret()), isActive: true, createdBy: actor.id })
      .returning()
      .get();
    writeAudit(actor, { action: "create", entity: "webhook-endpoint", entityId: inserted.id, after: audited(inserted) }, tx);
    return inserted;
  });
  changed(row.id, "create");
  return reveal(row);
}

export function updateWebhookEndpoint(id: number, patch: EndpointPatch, actor: Actor, guard: { version?: number } = {}): WebhookEndpoint {
  if (patch.url !== undefined) checkUrl(patch.url);
  const result = getDb().transaction((tx) => {
    const before = tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();
    if (!before) throw new NotFoundError(gone());
    if (guard.version !== undefined && guard.version !== before.version)
      throw new ConflictError(t`Someone else changed this webhook while you were editing it. Reload to see their changes, then make yours again.`);
    const values = changedValues({ name: patch.name, url: patch.url?.trim(), events: patch.events, isActive: patch.isActive }, before);
    if (Object.keys(values).length === 0) return { after: before, changed: false };
    const after = tx
      .update(webhookEndpoints)
      .set({ ...values, version: before.version + 1 })
      .where(eq(webhookEndpoints.id, id))
      .returning()
      .get();
    writeAudit(actor, { action: "update", entity: "webhook-endpoint", entityId: id, before: audited(before), after: audited(after) }, tx);
    return { after, changed: true };
  });
  if (result.changed) changed(id, "update");
  return reveal(result.after);
}

/**
 * A new secret. The one it replaces keeps signing beside it for 24 hours (both signatures in the one header, as
 * Standard Webhooks allows), so the receiver keeps verifying until it is given the new one. Made again within the
 * day, only the secret just replaced keeps signing: the one before it stops.
 */
export function rotateWebhookSecret(id: number, actor: Actor, now = Date.now()): WebhookEndpoint {
  const row = getDb().transaction((tx) => {
    const before = tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();
    if (!before) throw new NotFoundError(gone());
    // A secret that cannot be opened could sign nothing: it is not kept. One an older version stored in clear is
    // sealed on the way.
    const previous = reveal(before).secret === UNREADABLE_SECRET ? null : isSealed(before.secret) ? before.secret : seal(before.secret);
    const until = new Date(now + PREVIOUS_SECRET_MS);
    const after = tx
      .update(webhookEndpoints)
      .set({
        secret: seal(newWebhookSecret()),
        previousSecret: previous,
        previousSecretUntil: previous ? until : null,
        version: sql`${webhookEndpoints.version} + 1`,
      })
      .where(eq(webhookEndpoints.id, id))
      .returning()
      .get()!;
    writeAudit(
      actor,
      {
        action: "new-secret",
        entity: "webhook-endpoint",
        entityId: id,
        after: { name: after.name, previousSignsUntil: previous ? until.toISOString() : null },
      },
      tx,
    );
    return after;
  });
  changed(id, "new-secret");
  return reveal(row);
}

/**
 * The start-up step that seals secrets stored in clear by an older version. Idempotent: a sealed value is left as
 * it is. Returns how many were sealed.
 */
export function sealStoredWebhookSecrets(): number {
  const db = getDb();
  return db.transaction((tx) => {
    let n = 0;
    for (const row of tx
      .select({ id: webhookEndpoints.id, secret: webhookEndpoints.secret, previous: webhookEndpoints.previousSecret })
      .from(webhookEndpoints)
      .all()) {
      const secret = isSealed(row.secret) ? row.secret : seal(row.secret);
      const previous = row.previous === null || isSealed(row.previous) ? row.previous : seal(row.previous);
      if (secret === row.secret && previous === row.previous) continue;
      tx.update(webhookEndpoints).set({ secret, previousSecret: previous }).where(eq(webhookEndpoints.id, row.id)).run();
      n++;
    }
    return n;
  });
}

/** Deletes the endpoint and its delivery log (pending deliveries are not sent). */
export function deleteWebhookEndpoint(id: number, actor: Actor): WebhookEndpoint {
  const row = getDb().transaction((tx) => {
    const before = tx.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, id)).get();
    if (!before) throw new NotFoundError(gone());
    const deliveries = tx.select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, id)).get()?.n ?? 0;
    tx.delete(webhookEndpoints).where(eq(webhookEndpoints.id, id)).run();
    writeAudit(actor, { action: "delete", entity: "webhook-endpoint", entityId: id, before: audited(before), after: { deliveries } }, tx);
    return before;
  });
  changed(id, "delete");
  return reveal(row);
}

// --- The delivery log ---

export function countDeliveries(endpointId: number): number {
  return getDb().select({ n: count() }).from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, endpointId)).get()?.n ?? 0;
}

/** A page of the endpoint's deliveries, newest first (the (endpoint_id, id) index serves it). */
export function listDeliveries(endpointId: number, page: { limit: number; offset: number }): WebhookDelivery[] {
  return getDb()
    .select()
    .from(webhookDeliveries)
    .where(eq(webhookDeliveries.endpointId, endpointId))
    .orderBy(desc(webhookDeliveries.id))
    .limit(page.limit)
    .offset(page.offset)
    .all();
}

/**
 * 'Send again': the delivery goes back in the queue with the same webhook-id (a receiver that did get it drops
 * the repeat), tried at once and for another 24 hours. It keeps its place: the endpoint's later deliveries wait
 * behind it, so the receiver still sees the events in order.
 */
export function resendDelivery(endpointId: number, deliveryId: number, actor: Actor, now = Date.now()): WebhookDelivery {
  const row = getDb().transaction((tx) => {
    const before = tx
      .select()
      .from(webhookDeliveries)
      .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, endpointId)))
      .get();
    if (!before) throw new NotFoundError(t`This delivery is no longer in the log.`);
    if (before.status === "pending") return before;
    const after = tx
      .update(webhookDeliveries)
      .set({ status: "pending", attempts: 0, nextAttemptAt: new Date(now), createdAt: new Date(now), deliveredAt: null })
      .where(eq(webhookDeliveries.id, deliveryId))
      .returning()
      .get()!;
    writeAudit(
      actor,
      {
        action: "send-again",
        entity: "webhook-delivery",
        entityId: deliveryId,
        before: { status: before.status, messageId: before.messageId },
        after: { status: "pending" },
      },
      tx,
    );
    return after;
  });
  forgetFailedCount();
  wakeSender();
  announce({ entity: "webhook-endpoint", id: endpointId, action: "send-again" });
  return row;
}

/**
 * 'Try now' on a delivery still being retried (the receiver was fixed): the endpoint's waiting deliveries are due
 * now, in their order, instead of at their backed-off times. Their attempts and 24 hours are kept.
 */
export function tryEndpointNow(endpointId: number, actor: Actor, now = Date.now()): number {
  const changed = getDb().transaction((tx) => {
    const rows = tx
      .update(webhookDeliveries)
      .set({ nextAttemptAt: new Date(now) })
      .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.status, "pending"), sql`${webhookDeliveries.nextAttemptAt} > ${now}`))
      .returning({ id: webhookDeliveries.id })
      .all();
    if (rows.length) writeAudit(actor, { action: "try-now", entity: "webhook-endpoint", entityId: endpointId, after: { deliveries: rows.length } }, tx);
    return rows.length;
  });
  wakeSender();
  if (changed) announce({ entity: "webhook-endpoint", id: endpointId, action: "try-now" });
  return changed;
}

// --- Failed deliveries, for management's notice ---

// Counted once and kept until a delivery fails, is sent again or an endpoint changes: Home asks on every load,
// and the log has no index by status (a failed delivery is rare; the table may be large).
const failedCache = () => processState.webhookFailedCount;

export function forgetFailedCount(db: DB = getDb()) {
  failedCache().delete(db);
}

/** How many deliveries failed for good (24 hours of retries) and were not sent again. */
export function failedDeliveryCount(): number {
  const db = getDb();
  let n = failedCache().get(db);
  if (n === undefined) {
    n = db.$client.query<{ n: number }, []>("SELECT count(*) AS n FROM webhook_deliveries WHERE status = 'failed'").get()?.n ?? 0;
    failedCache().set(db, n);
  }
  return n;
}

// --- What the sender reads and records ---

/** The running sender registers here, so 'Send again' starts an attempt at once. */
export function setSenderWake(fn: (() => void) | null) {
  processState.webhookSenderWake = fn;
}
function wakeSender() {
  const fn = processState.webhookSenderWake;
  if (fn) setTimeout(fn, 0);
}

// Each endpoint's oldest pending delivery, read from the partial index of pending deliveries: the queue, never
// the whole log of delivered ones.
const HEADS = `(SELECT endpoint_id AS endpointId, min(id) AS id FROM webhook_deliveries INDEXED BY webhook_deliveries_pending_idx
  WHERE status = 'pending' GROUP BY endpoint_id)`;

export type DueDelivery = {
  id: number;
  endpointId: number;
  messageId: string;
  payload: string;
  attempts: number;
  createdAt: number;
  url: string;
  /**
   * The secrets to sign with, in clear: the endpoint's, then for 24 hours after 'Make a new secret' the one it
   * replaced. Empty when the secret cannot be opened (the database came without its secret.key).
   */
  secrets: string[];
};

type HeadRow = Omit<DueDelivery, "secrets"> & { nextAttemptAt: number | null; secret: string; previousSecret: string | null; previousUntil: number | null };

function signingSecrets(secret: string, previous: string | null): string[] {
  try {
    const current = openSecret(secret, PURPOSE);
    if (previous === null) return [current];
    try {
      return [current, openSecret(previous, PURPOSE)];
    } catch (error) {
      if (error instanceof UnsealError) return [current];
      throw error;
    }
  } catch (error) {
    if (error instanceof UnsealError) return [];
    throw error;
  }
}

/**
 * The head of each active endpoint's queue: its oldest pending delivery, by id, with when it is due. Only the head
 * is ever tried: a later delivery waits until the one before it is delivered or has failed for good.
 */
export function queueHeads(now = Date.now()): (DueDelivery & { nextAttemptAt: number })[] {
  return getDb()
    .$client.query<HeadRow, []>(
      `SELECT d.id AS id, d.endpoint_id AS endpointId, d.message_id AS messageId, d.payload AS payload, d.attempts AS attempts,
              d.created_at AS createdAt, d.next_attempt_at AS nextAttemptAt, e.url AS url, e.secret AS secret,
              e.previous_secret AS previousSecret, e.previous_secret_until AS previousUntil
       FROM ${HEADS} h JOIN webhook_deliveries d ON d.id = h.id JOIN webhook_endpoints e ON e.id = h.endpointId
       WHERE e.is_active = 1 ORDER BY d.id`,
    )
    .all()
    .map(({ secret, previousSecret, previousUntil, ...r }) => ({
      ...r,
      secrets: signingSecrets(secret, previousUntil !== null && previousUntil > now ? previousSecret : null),
      nextAttemptAt: r.nextAttemptAt ?? 0,
    }));
}

/** How many deliveries wait to be sent (the metrics' queue length). */
export function pendingDeliveryCount(): number {
  return (
    getDb()
      .$client.query<{ n: number }, []>("SELECT count(*) AS n FROM webhook_deliveries INDEXED BY webhook_deliveries_pending_idx WHERE status = 'pending'")
      .get()?.n ?? 0
  );
}

export type AttemptResult = { ok: boolean; status: number | null; ms: number; error: string | null };

/**
 * Records one attempt. Delivered on a 2xx; otherwise tried again at `retryAt`, or failed for good when that falls
 * past the 24 hours after the delivery was queued (`deadline`). Only a delivery still pending is changed (an
 * endpoint deleted or a delivery sent again meanwhile is left as it is).
 */
export function recordAttempt(
  d: { id: number; endpointId: number },
  result: AttemptResult,
  now: number,
  retryAt: number,
  deadline: number,
): "delivered" | "pending" | "failed" {
  const status = result.ok ? "delivered" : retryAt > deadline ? "failed" : "pending";
  getDb()
    .$client.query(
      `UPDATE webhook_deliveries SET status = $status, attempts = attempts + 1, last_attempt_at = $now, last_status = $code,
         last_response_ms = $ms, last_error = $error, next_attempt_at = $next, delivered_at = $deliveredAt
       WHERE id = $id AND status = 'pending'`,
    )
    .run({
      id: d.id,
      status,
      now,
      code: result.status,
      ms: Math.round(result.ms),
      error: result.error,
      next: status === "pending" ? retryAt : null,
      deliveredAt: status === "delivered" ? now : null,
    });
  if (status === "failed") {
    forgetFailedCount();
    announce({ entity: "webhook-endpoint", id: d.endpointId, action: "delivery-failed" });
  }
  return status;
}

/** Drops the secrets whose day of signing beside a new one is over: nothing signs with them any more. */
export function dropExpiredPreviousSecrets(now = Date.now()) {
  getDb().$client.query("UPDATE webhook_endpoints SET previous_secret = NULL, previous_secret_until = NULL WHERE previous_secret_until <= $now").run({ now });
}

/** Removes delivered and failed deliveries older than `days` (the log, not the queue: pending ones stay). */
export function pruneDeliveries(days: number, now = Date.now()) {
  const cutoff = now - days * 24 * 60 * 60_000;
  const result = getDb().$client.query("DELETE FROM webhook_deliveries WHERE status <> 'pending' AND created_at < $cutoff").run({ cutoff });
  if (result.changes > 0) forgetFailedCount();
}
