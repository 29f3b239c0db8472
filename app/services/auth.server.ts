import { writeAudit } from "~/models/audit.server";
import { recentFailureTimes, recordLoginAttempt } from "~/models/session.server";
import { findActiveMemberByPin, toSignedInUser, type SignedInUser } from "~/models/team-member.server";
import { getClientIp } from "~/utils/request.server";
import { startSession } from "./session.server";

export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 5 * 60_000;

export type VerifyResult =
  | { ok: true; user: SignedInUser; setCookie: string }
  | { ok: false; status: 401 | 429; message: string; retryAfterSeconds?: number };

/** Seconds until this address may try again, or 0 when it is not locked out. */
export function throttleSeconds(ip: string): number {
  const times = recentFailureTimes(ip, FAILURE_WINDOW_MS, MAX_FAILURES);
  if (times.length < MAX_FAILURES) return 0;
  const unlockAt = times[MAX_FAILURES - 1]!.getTime() + FAILURE_WINDOW_MS;
  return Math.max(1, Math.ceil((unlockAt - Date.now()) / 1000));
}

/**
 * The one sign-in path, used by POST /api/auth/verify-pin and the no-JavaScript login form.
 * The PIN has already been validated as 4 digits.
 */
export function verifyPin(request: Request, pinCode: string, expectedUserId?: number): VerifyResult {
  const ip = getClientIp(request);
  const anonymous = { id: null, name: null, ip };
  const wait = throttleSeconds(ip);
  if (wait > 0) {
    writeAudit(anonymous, { action: "login-throttled", entity: "session" });
    return {
      ok: false,
      status: 429,
      message: `Too many attempts. Try again in ${Math.ceil(wait / 60)} minutes.`,
      retryAfterSeconds: wait,
    };
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
