import { getClientIp } from "~/http/request.server";

// A request limit per client address for the addresses anyone may open without signing in: calendar feeds and
// customer status pages (docs/decisions/0043-calendar-feeds-and-customer-links.md). Their keys are long and random,
// so this is not what keeps them secret; it keeps one address (a stuck calendar app, a script trying keys) from
// taking the server's time from the floor. Counted in memory: a restart forgets the counts, which is harmless.

export type AddressLimit = {
  /** Whether `request`'s address may have one more answer now; when not, how many seconds until it may. */
  take(request: Request, now?: number): { ok: true } | { ok: false; retryAfterSeconds: number };
  /** Forget every count (tests). */
  reset(): void;
};

/** A fixed window of `windowMs` per address, `limit` requests in each. */
export function addressLimit(limit: number, windowMs: number): AddressLimit {
  const windows = new Map<string, { start: number; count: number }>();
  const MAX_ADDRESSES = 10_000;
  return {
    take(request, now = Date.now()) {
      const address = getClientIp(request);
      let w = windows.get(address);
      if (!w || now - w.start >= windowMs || now < w.start) {
        // Many addresses at once (a scan of the network): drop the windows that have ended, then the oldest.
        if (!w && windows.size >= MAX_ADDRESSES) {
          for (const [a, old] of windows) if (now - old.start >= windowMs) windows.delete(a);
          if (windows.size >= MAX_ADDRESSES) windows.delete(windows.keys().next().value!);
        }
        w = { start: now, count: 0 };
        windows.set(address, w);
      }
      if (w.count >= limit) return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((w.start + windowMs - now) / 1000)) };
      w.count++;
      return { ok: true };
    },
    reset() {
      windows.clear();
    },
  };
}
