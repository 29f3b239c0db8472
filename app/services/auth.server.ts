import { writeAudit } from "~/models/audit.server";
import { recentFailureCount, recentFailureTimes, recordLoginAttempt, recordRefusal } from "~/models/session.server";
import { findActiveMemberByPin, toSignedInUser, type SignedInUser } from "~/models/team-member.server";
import { getClientIp } from "~/utils/request.server";
import { startSession } from "./session.server";

// PRODUCT.md: at most 5 failures per address per 5 minutes. On top of that a shop-wide budget: many addresses
// together could otherwise sweep the 10,000 PINs (a 200-person shop has 200 valid ones). Once 50 failures from
// anywhere fall inside 5 minutes, every address gets one failure per window and sign-ins are answered one at a
// time, a few seconds apart, until the window clears. Legitimate staff still get in, only slower.
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 5 * 60_000;
export const SHOP_WIDE_FAILURES = 50;
export const TRIPPED_MAX_FAILURES = 1;

// On globalThis, like the database handle: the server entry and the route bundle are separate module copies.
const g = globalThis as unknown as { __shopflowSlowLane?: { next: number; slotMs: number; maxWaitMs: number } };
const lane = (g.__shopflowSlowLane ??= { next: 0, slotMs: 3000, maxWaitMs: 30_000 });
/** Tests shorten the slow lane; the server never calls this. */
export function setSlowLaneForTests(t: { slotMs?: number; maxWaitMs?: number }) {
  Object.assign(lane, t, { next: 0 });
}

export type VerifyResult =
  | { ok: true; user: SignedInUser; setCookie: string }
  | { ok: false; status: 401 | 429; message: string; retryAfterSeconds?: number };

const tooMany = (seconds: number): VerifyResult => ({
  ok: false,
  status: 429,
  message: `Too many attempts. Try again in ${Math.max(1, Math.ceil(seconds / 60))} minutes.`,
  retryAfterSeconds: Math.max(1, Math.ceil(seconds)),
});

/** Seconds until this address may try again, or 0 when it is not locked out. */
export function throttleSeconds(ip: string, maxFailures = MAX_FAILURES): number {
  const times = recentFailureTimes(ip, FAILURE_WINDOW_MS, maxFailures);
  if (times.length < maxFailures) return 0;
  const unlockAt = times[maxFailures - 1]!.getTime() + FAILURE_WINDOW_MS;
  return Math.max(1, Math.ceil((unlockAt - Date.now()) / 1000));
}

const windowStart = (now: number) => new Date(now - (now % FAILURE_WINDOW_MS));

/** One audit row per address (or for the whole shop) and window, however many requests are refused. */
function noteRefusal(key: string, ip: string, action: string) {
  if (recordRefusal(key, windowStart(Date.now()))) {
    writeAudit({ id: null, name: null, ip }, { action, entity: "session", after: key === "*" ? { scope: "shop" } : undefined });
  }
}

/** While the shop-wide budget is spent: a place in line, or how long to wait when the line is full. */
async function waitForSlot(): Promise<number> {
  const now = Date.now();
  const slot = Math.max(now, lane.next);
  const wait = slot - now;
  if (wait > lane.maxWaitMs) return Math.ceil(wait / 1000);
  lane.next = slot + lane.slotMs;
  if (wait > 0) await Bun.sleep(wait);
  return 0;
}

/**
 * The one sign-in path, used by POST /api/auth/verify-pin and the no-JavaScript login form.
 * The PIN has already been validated as 4 digits.
 */
export async function verifyPin(request: Request, pinCode: string, expectedUserId?: number): Promise<VerifyResult> {
  const ip = getClientIp(request);
  const anonymous = { id: null, name: null, ip };
  const tripped = recentFailureCount(FAILURE_WINDOW_MS) >= SHOP_WIDE_FAILURES;
  if (tripped) noteRefusal("*", ip, "login-budget-tripped");
  const wait = throttleSeconds(ip, tripped ? TRIPPED_MAX_FAILURES : MAX_FAILURES);
  if (wait > 0) {
    noteRefusal(ip, ip, "login-throttled");
    return tooMany(wait);
  }
  if (tripped) {
    const full = await waitForSlot();
    if (full > 0) {
      noteRefusal(ip, ip, "login-throttled");
      return tooMany(full);
    }
  }
  const member = findActiveMemberByPin(pinCode);
  if (!member || (expectedUserId !== undefined && member.id !== expectedUserId)) {
    recordLoginAttempt(ip, false, member?.id ?? null);
    writeAudit(anonymous, {
      action: "login-failed",
      entity: "session",
      after: { reason: member ? "pin-does-not-match-expected-member" : "unknown-pin", expectedUserId },
    });
    return {
      ok: false,
      status: 401,
      message: member ? "PIN does not match the selected team member" : "Invalid PIN code",
    };
  }
  recordLoginAttempt(ip, true, member.id);
  writeAudit({ id: member.id, name: member.name, ip }, { action: "login", entity: "session", entityId: member.id });
  return { ok: true, user: toSignedInUser(member), setCookie: startSession(request, member.id) };
}
