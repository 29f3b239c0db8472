import { t } from "@lingui/core/macro";
import { createHmac } from "node:crypto";
import { STATUS_CODES } from "node:http";
import { WEBHOOK_RETRY_WINDOW_MS, WEBHOOK_SECRET_PREFIX } from "~/domain/webhooks";
import { atRiskProjects } from "~/models/project-forecast.server";
import { anyEndpointWants, onOutboxWrite } from "~/models/webhook-outbox.server";
import {
  type AttemptResult,
  type DueDelivery,
  dropExpiredPreviousSecrets,
  pruneDeliveries,
  queueHeads,
  recordAttempt,
  sealStoredWebhookSecrets,
  setSenderWake,
} from "~/models/webhook.server";

// The webhook sender (docs/decisions/0042-webhooks.md): a loop in the server process that sends what the outbox
// holds. Per endpoint strictly in id order: only an endpoint's oldest pending delivery is ever tried, and the next
// waits until it is delivered or has failed for good. Every state is in the table, so a restart (or a kill -9)
// carries on where it stopped; a delivery whose answer was lost is sent again with the same webhook-id.

export type SenderOptions = {
  /** The clock (tests move it past the 24 hours). */
  now?: () => number;
  /** How long a receiver may take to answer. */
  timeoutMs?: number;
  /** The first retry's delay; each next one doubles, up to `maxDelayMs`, with jitter. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** How often the forecast is looked at for projects newly at risk, while an endpoint wants them. */
  atRiskEveryMs?: number;
  /** How long `stop()` waits for the answers to attempts under way before giving them up. */
  stopGraceMs?: number;
};

export type WebhookSender = {
  /** Look at the queue now (after a commit, a 'Send again'). */
  kick(): void;
  /** Resolves once nothing is being sent and nothing is due now (tests). */
  idle(): Promise<void>;
  /**
   * Starts nothing more; waits up to the grace for the answers to attempts under way and records them, then gives
   * up the rest (they stay queued and are sent again at the next start, under their webhook-id).
   */
  stop(): Promise<void>;
};

/** The Standard Webhooks signature: `v1,` + base64 HMAC-SHA256 of `id.timestamp.body` under the secret's bytes. */
export function signWebhook(secret: string, messageId: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(WEBHOOK_SECRET_PREFIX) ? secret.slice(WEBHOOK_SECRET_PREFIX.length) : secret, "base64");
  return `v1,${createHmac("sha256", key).update(`${messageId}.${timestamp}.${body}`).digest("base64")}`;
}

/**
 * The webhook-signature header: one `v1,<signature>` per secret, space-separated. A Standard Webhooks verifier
 * accepts the delivery when any of them matches its secret, so during the day after 'Make a new secret' a receiver
 * with either the old or the new secret verifies it.
 */
export function signatureHeader(secrets: string[], messageId: string, timestamp: number, body: string): string {
  return secrets.map((secret) => signWebhook(secret, messageId, timestamp, body)).join(" ");
}

/**
 * What the delivery log keeps of an answer other than 2xx: its status code and the standard reason for it, never the
 * body nor the receiver's own reason text. The log would otherwise show management error pages of services only
 * the server can reach.
 */
export function answerText(status: number): string {
  const reason = STATUS_CODES[status];
  return `HTTP ${status}${reason ? ` ${reason}` : ""}`;
}

/** The kind of network error, in words; never its message, which may carry what the other side sent. */
export function networkErrorText(error: unknown, timedOut: boolean, timeoutMs: number): string {
  if (timedOut) return `Timed out: no answer within ${timeoutMs < 1000 ? `${timeoutMs} ms` : `${Math.round(timeoutMs / 1000)} s`}`;
  const e = error as { code?: unknown; message?: unknown; cause?: { code?: unknown } } | null;
  const code = String(e?.code ?? e?.cause?.code ?? "");
  const message = String(e?.message ?? "");
  if (/ConnectionRefused|ECONNREFUSED/i.test(code) || /refused/i.test(message)) return "Connection refused";
  if (/ENOTFOUND|EAI_AGAIN|DNS/i.test(code) || /resolve|getaddrinfo|DNS/i.test(message)) return "Address not found (DNS)";
  if (/ConnectionClosed|ECONNRESET|EPIPE/i.test(code) || /closed|reset/i.test(message)) return "Connection closed before an answer";
  if (/CERT|SSL|TLS|SELF_SIGNED|UNABLE_TO_VERIFY/i.test(code) || /certificate|TLS|SSL/i.test(message)) return "TLS error: the certificate was not accepted";
  if (/ETIMEDOUT|Timeout/i.test(code)) return "Timed out: no connection";
  if (/EHOSTUNREACH|ENETUNREACH/i.test(code)) return "Network unreachable";
  return "Network error";
}

/**
 * A delivery's stored error in the reader's language. The log keeps what the sender wrote, in English (it runs
 * outside any request); its own sentences are translated when shown, anything else (an HTTP status line) is shown
 * as stored.
 */
export function deliveryErrorWords(stored: string): string {
  const timedOut = /^Timed out: no answer within (\d+ m?s)$/.exec(stored);
  if (timedOut) {
    const wait = timedOut[1];
    return t`Timed out: no answer within ${wait}`;
  }
  switch (stored) {
    case "Connection refused":
      return t`Connection refused`;
    case "Address not found (DNS)":
      return t`Address not found (DNS)`;
    case "Connection closed before an answer":
      return t`Connection closed before an answer`;
    case "TLS error: the certificate was not accepted":
      return t`TLS error: the certificate was not accepted`;
    case "Timed out: no connection":
      return t`Timed out: no connection`;
    case "Network unreachable":
      return t`Network unreachable`;
    case "Network error":
      return t`Network error`;
    case UNREADABLE:
      return t`Not sent: the signing secret cannot be opened with this server's secret.key (was the database restored without it?). Make a new secret on this page and give it to the receiver.`;
  }
  return stored;
}

/** The wait before retry number `attempts` (1 = the first retry): doubling, capped, then between half and all of it. */
export function retryDelay(attempts: number, base: number, max: number, random = Math.random): number {
  const full = Math.min(max, base * 2 ** Math.min(30, Math.max(0, attempts - 1)));
  return Math.round(full / 2 + (random() * full) / 2);
}

const MAX_WAIT_MS = 30_000;
/**
 * A receiver that has a delivery answers within milliseconds; giving up its attempt the moment the server stops
 * would leave the delivery pending and send it again after every restart. Short of the attempt's own 10 s timeout,
 * so a silent receiver does not hold up the shutdown.
 */
const STOP_GRACE_MS = 3_000;
const PRUNE_EVERY_MS = 60 * 60_000;
/** How long delivered and failed deliveries stay in the log. */
const LOG_DAYS = 30;

/** Recorded instead of an attempt when the secret cannot be opened: nothing unsigned is sent. */
const UNREADABLE =
  "Not sent: the signing secret cannot be opened with this server's secret.key (was the database restored without it?). Make a new secret on this page and give it to the receiver.";

async function send(d: DueDelivery, now: number, timeoutMs: number, stopSignal: AbortSignal): Promise<AttemptResult | null> {
  if (d.secrets.length === 0) return { ok: false, status: null, ms: 0, error: UNREADABLE };
  const timestamp = Math.floor(now / 1000);
  const started = performance.now();
  const timeout = AbortSignal.timeout(timeoutMs);
  try {
    const res = await fetch(d.url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "user-agent": "Shopflow-Webhooks",
        "webhook-id": d.messageId,
        "webhook-timestamp": String(timestamp),
        "webhook-signature": signatureHeader(d.secrets, d.messageId, timestamp, d.payload),
      },
      body: d.payload,
      // A redirect is not a delivery: the receiver's address should be corrected, not followed blindly.
      redirect: "manual",
      signal: AbortSignal.any([timeout, stopSignal]),
    });
    // The body is not read: nothing of it is kept, and a large one costs nothing.
    await res.body?.cancel().catch(() => {});
    const ms = performance.now() - started;
    if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status, ms, error: null };
    return { ok: false, status: res.status, ms, error: answerText(res.status) };
  } catch (error) {
    // The stop's grace is over: the attempt did not finish; the delivery stays queued as it was.
    if (stopSignal.aborted) return null;
    return { ok: false, status: null, ms: performance.now() - started, error: networkErrorText(error, timeout.aborted, timeoutMs) };
  }
}

export function startWebhookSender(options: SenderOptions = {}): WebhookSender {
  const now = options.now ?? Date.now;
  const timeoutMs = options.timeoutMs ?? 10_000;
  const base = options.baseDelayMs ?? 5_000;
  const max = options.maxDelayMs ?? 60 * 60_000;
  const atRiskEvery = options.atRiskEveryMs ?? 60_000;
  const stopGrace = options.stopGraceMs ?? STOP_GRACE_MS;
  const inFlight = new Map<number, Promise<void>>();
  // `closing`: stop() was called, nothing new starts. `giveUp`: the grace is over, attempts under way are dropped.
  let closing = false;
  let stopped: Promise<void> | null = null;
  const giveUp = new AbortController();
  let timer: ReturnType<typeof setTimeout> | null = null;
  let kicked = false;
  let lastPrune = 0;
  let lastAtRisk = now();
  let idleWaiters: (() => void)[] = [];

  const attempt = async (d: DueDelivery) => {
    const at = now();
    const result = await send(d, at, timeoutMs, giveUp.signal);
    // An answer that came in is recorded even while stopping (stop() waits for it), so it is not sent again.
    if (!result) return;
    const retryAt = now() + retryDelay(d.attempts + 1, base, max);
    recordAttempt(d, result, now(), retryAt, d.createdAt + WEBHOOK_RETRY_WINDOW_MS);
  };

  const housekeeping = () => {
    const t = now();
    if (t - lastPrune >= PRUNE_EVERY_MS) {
      lastPrune = t;
      pruneDeliveries(LOG_DAYS, t);
      dropExpiredPreviousSecrets(t);
    }
    // The forecast is computed when someone looks at it; while an endpoint wants project.at_risk, it is looked at
    // here too, so a project that slips overnight is reported without anyone opening a page.
    if (t - lastAtRisk >= atRiskEvery) {
      lastAtRisk = t;
      if (anyEndpointWants("project.at_risk")) atRiskProjects(0, t);
    }
  };

  const pump = () => {
    kicked = false;
    if (closing) return;
    if (timer) clearTimeout(timer);
    timer = null;
    try {
      housekeeping();
      const t = now();
      let next: number | null = null;
      for (const d of queueHeads(t)) {
        if (inFlight.has(d.endpointId)) continue;
        if (d.nextAttemptAt > t) {
          next = next === null ? d.nextAttemptAt : Math.min(next, d.nextAttemptAt);
          continue;
        }
        const p = attempt(d)
          .catch((error) => console.error("webhook delivery failed to run", error))
          .finally(() => {
            inFlight.delete(d.endpointId);
            kick();
          });
        inFlight.set(d.endpointId, p);
      }
      if (inFlight.size === 0) {
        const waiters = idleWaiters;
        idleWaiters = [];
        for (const w of waiters) w();
      }
      timer = setTimeout(pump, next === null ? MAX_WAIT_MS : Math.min(MAX_WAIT_MS, Math.max(0, next - t)));
    } catch (error) {
      // A locked or closing database: try again shortly rather than stop sending for good.
      console.error("webhook sender", error);
      timer = setTimeout(pump, 1_000);
    }
    timer?.unref?.();
  };

  function kick() {
    if (kicked || closing) return;
    kicked = true;
    setTimeout(pump, 0);
  }

  // The start-up step for secrets an older version stored in clear; a no-op once they are sealed.
  const sealed = sealStoredWebhookSecrets();
  if (sealed > 0)
    console.log(`Webhooks: sealed ${sealed === 1 ? "1 signing secret" : `${sealed} signing secrets`} stored in clear with a key from secret.key.`);
  const unsubscribe = onOutboxWrite(kick);
  setSenderWake(kick);
  kick();

  async function finish() {
    closing = true;
    if (timer) clearTimeout(timer);
    unsubscribe();
    setSenderWake(null);
    const underWay = Promise.allSettled([...inFlight.values()]);
    let graceTimer: ReturnType<typeof setTimeout> | undefined;
    await Promise.race([underWay, new Promise<void>((resolve) => (graceTimer = setTimeout(resolve, stopGrace)))]);
    clearTimeout(graceTimer);
    giveUp.abort();
    await underWay;
    for (const w of idleWaiters) w();
    idleWaiters = [];
  }

  return {
    kick,
    idle: () =>
      new Promise<void>((resolve) => {
        idleWaiters.push(resolve);
        kick();
      }),
    stop() {
      stopped ??= finish();
      return stopped;
    },
  };
}
