import { addressKey } from "~/domain/ip";
import { getClientIp } from "./request.server";

// The one per-address limiter (docs/product.md, Decisions: per-address limits) for every door anyone may knock on
// without signing in: PINs, customer status pages, calendar feeds and API tokens. A client is its address, an IPv6
// one by its /64 (`addressKey`): one home or office line gets a whole /64 and picks new addresses from it at will,
// so counting each address would give one client 2^64 fresh budgets. IPv4 addresses (IPv4-mapped IPv6 too) count
// one by one.
//
// Status pages, feeds and tokens are counted here, in memory: their keys are long and random, so these limits are
// not what keeps them secret; they keep one client (a stuck calendar app, a script trying keys) from taking the
// server's time from the floor, and a restart forgetting the counts is harmless. Wrong PINs are counted under the
// same key in the database instead (services/auth.server, decision 0025): a 4-digit PIN is guessable, so its count
// must outlive a restart and feed the shop-wide budget.

/** The key a client's requests are counted under, for every per-address limit. */
export const clientKey = (request: Request) => addressKey(getClientIp(request));

export type AddressLimit = {
  /** Counts one request from `address` and says whether it may have its answer; when not, how many seconds until it may. */
  take(address: string, now?: number): { ok: true } | { ok: false; retryAfterSeconds: number };
  /** Seconds until `address` may have another answer (0: now), without counting one. */
  wait(address: string, now?: number): number;
  /** Counts one against `address` (a refusal, where only refusals count). */
  count(address: string, now?: number): void;
  /** Forget every count (tests). */
  reset(): void;
};

/** A fixed window of `windowMs` per client (`addressKey`), `limit` requests in each. */
function addressLimit(limit: number, windowMs: number): AddressLimit {
  const windows = new Map<string, { start: number; count: number }>();
  const MAX_CLIENTS = 10_000;
  const windowOf = (address: string, now: number) => {
    const key = addressKey(address);
    let w = windows.get(key);
    if (!w || now - w.start >= windowMs || now < w.start) {
      // Many clients at once (a scan of the network): drop the windows that have ended, then the oldest.
      if (!w && windows.size >= MAX_CLIENTS) {
        for (const [k, old] of windows) if (now - old.start >= windowMs) windows.delete(k);
        if (windows.size >= MAX_CLIENTS) windows.delete(windows.keys().next().value!);
      }
      w = { start: now, count: 0 };
      windows.set(key, w);
    }
    return w;
  };
  const wait = (address: string, now = Date.now()) => {
    const w = windowOf(address, now);
    return w.count >= limit ? Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) : 0;
  };
  const count = (address: string, now = Date.now()) => {
    windowOf(address, now).count++;
  };
  return {
    take(address, now = Date.now()) {
      const seconds = wait(address, now);
      if (seconds > 0) return { ok: false, retryAfterSeconds: seconds };
      count(address, now);
      return { ok: true };
    },
    wait,
    count,
    reset() {
      windows.clear();
    },
  };
}

/** Every in-memory per-address limit, with its numbers in one place. */
export const ADDRESS_LIMITS = {
  /** A customer reloads now and then; 20 a minute from one client is a script, not a person. */
  statusPage: addressLimit(20, 60_000),
  /** A calendar app asks every 15 minutes to a few hours; 30 a minute from one client is a stuck app or a scan. */
  calendarFeed: addressLimit(30, 60_000),
  /**
   * Unknown API tokens (never made here, or malformed): 30 a minute from one client, then every bearer request
   * from it waits out the minute, a right token's too, as a PIN does after too many wrong ones. A revoked token is
   * refused without counting (a program nobody updated yet must not lock out the others at its address), and a
   * live token's own requests count against the token (pipeline/token-auth.server), not here.
   */
  apiTokenRefusals: addressLimit(30, 60_000),
} as const;
