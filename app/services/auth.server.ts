import { plural, t } from "@lingui/core/macro";
import { writeAudit } from "~/models/audit.server";
import {
  bumpCounter,
  DEVICE_KEY_PREFIX,
  failureKeyCount,
  logWindow,
  recentFailureCount,
  recentFailureTimes,
  recentMemberFailureTimes,
  recordLoginAttempt,
  recordRefusal,
  shopCounters,
  unloggedWindows,
} from "~/models/session-store.server";
import { getShopSettings } from "~/models/shop-settings.server";
import { findActiveMemberByPin, getTeamMember, listSignInNames, toSignedInUser, type SignedInUser } from "~/models/team-member.server";
import type { SignInMode } from "~/domain/constants";
import { chooseNameFirstMessage } from "~/domain/sign-in-messages";
import { clientKey } from "~/http/address-limit.server";
import { getClientIp } from "~/http/request.server";
import { knownDeviceCookie, knownDeviceId } from "./known-device.server";
import { startSession } from "./session.server";
import { processState, type SlowLane } from "~/infra/process-state.server";

// How sign-in holds up against guessing (decisions 0008 and 0025):
// - Per client: 5 wrong PINs per 5 minutes (docs/product.md (Decisions)). A client is its address as the one per-address
//   limiter counts it (http/address-limit.server: an IPv6 one by its /64), or, for
//   a browser that signed in here before, its own signed device id, counted apart from every address.
// - Shop-wide: once 50 wrong PINs from browsers that never signed in here fall inside 5 minutes, each such address
//   gets one per window and their sign-ins are answered one at a time, a few seconds apart. Known devices go on as
//   before: a flood from strangers does not lock the shop's own PCs out.
// - 'Choose your name, then PIN': 5 wrong PINs for one member inside 15 minutes lock that member for 15 minutes
//   (known devices and other browsers each have their own count), and a client may get 15 wrong PINs per 15
//   minutes, so one person's typos do not lock the floor PC for everyone else.
// - The audit log gets the first few refusals of each 5-minute window one by one, and one entry counting the rest.
export const MAX_FAILURES = 5;
export const FAILURE_WINDOW_MS = 5 * 60_000;
export const NAMED_MAX_FAILURES = 15;
export const NAMED_FAILURE_WINDOW_MS = 15 * 60_000;
export const SHOP_WIDE_FAILURES = 50;
export const TRIPPED_MAX_FAILURES = 1;
export const MEMBER_MAX_FAILURES = 5;
export const MEMBER_WINDOW_MS = 15 * 60_000;
export const MEMBER_LOCK_MS = 15 * 60_000;
/** Sign-in refusals written one by one per 5-minute window; the rest are counted into one entry. */
export const AUDIT_DETAIL_PER_WINDOW = 10;

// The answers a person reads, in the language of the request (decision 0049): built when the request is answered.
/** A wrong PIN with a name chosen: the same answer whoever's PIN it was. */
export const pinNotThisMemberMessage = () => t`PIN does not match the selected team member`;
const invalidPinMessage = () => t`Invalid PIN code`;

// The shop's own counters in login_refusals, one row per window (see writeUpWindows).
const DETAIL = "*detail";
const FAILED = "*failed";
const REFUSED = "*refused";
const TRIPPED = "*tripped";
const LOGGED = "*logged";
const LOCKED = "*lock:";

const LANE: SlowLane = { slotMs: 3000, maxWaitMs: 30_000, sleep: (ms) => Bun.sleep(ms) };
const written = () => processState.signInWindow;
/**
 * Tests set the slow lane's shape and how a place in line is waited for (a test records the waits instead of
 * sleeping through them); what is not given is the server's own. The server never calls this.
 */
export function setSlowLaneForTests(shape: Partial<SlowLane> = {}) {
  processState.signInLane = { next: 0, forTests: { ...shape } };
}

export type VerifyResult =
  | { ok: true; user: SignedInUser; cookies: string[] }
  | { ok: false; status: 400 | 401 | 429; message: string; retryAfterSeconds?: number };

const minutes = (seconds: number) => Math.max(1, Math.ceil(seconds / 60));

const tooMany = (seconds: number): VerifyResult => {
  const count = minutes(seconds);
  return {
    ok: false,
    status: 429,
    message: plural(count, { one: "Too many attempts. Try again in # minute.", other: "Too many attempts. Try again in # minutes." }),
    retryAfterSeconds: Math.max(1, Math.ceil(seconds)),
  };
};

const memberLocked = (seconds: number): VerifyResult => {
  const count = minutes(seconds);
  return {
    ok: false,
    status: 429,
    message: plural(count, {
      one: "Too many attempts for this team member. Try again in # minute.",
      other: "Too many attempts for this team member. Try again in # minutes.",
    }),
    retryAfterSeconds: Math.max(1, Math.ceil(seconds)),
  };
};

/** Seconds until this client (an address key or a device) may try again, or 0 when it is not locked out. */
export function throttleSeconds(key: string, maxFailures = MAX_FAILURES, windowMs = FAILURE_WINDOW_MS): number {
  const times = recentFailureTimes(key, windowMs, maxFailures);
  if (times.length < maxFailures) return 0;
  const unlockAt = times[maxFailures - 1]!.getTime() + windowMs;
  return Math.max(1, Math.ceil((unlockAt - Date.now()) / 1000));
}

/**
 * Seconds this member stays locked for known devices (`known`; `address` is the device's, whose own earlier wrong
 * PINs still count) or for other browsers, 0 when not locked: 5 wrong
 * PINs inside 15 minutes lock the member for 15 minutes from the 5th. While locked nothing more is counted, so
 * once it ends it takes 5 fresh wrong PINs to lock again.
 */
export function memberLockSeconds(teamMemberId: number, known: boolean, address: string): number {
  const times = recentMemberFailureTimes(teamMemberId, known, address, MEMBER_WINDOW_MS + MEMBER_LOCK_MS, MEMBER_MAX_FAILURES);
  if (times.length < MEMBER_MAX_FAILURES) return 0;
  const newest = times[0]!.getTime();
  // A wrong PIN 15 minutes older than the newest no longer counts: when a lock ends, those that caused it are
  // all that old, so the next lock takes 5 new ones.
  if (newest - times[MEMBER_MAX_FAILURES - 1]!.getTime() >= MEMBER_WINDOW_MS) return 0;
  return Math.max(0, Math.ceil((newest + MEMBER_LOCK_MS - Date.now()) / 1000));
}

export const windowStart = (now: number) => new Date(now - (now % FAILURE_WINDOW_MS));

/** Whether the shop-wide budget is spent: it only ever applies to browsers that never signed in here. */
export function shopBudgetSpent(): boolean {
  return recentFailureCount(FAILURE_WINDOW_MS) >= SHOP_WIDE_FAILURES;
}

/** While the shop-wide budget is spent: a place in line, or how long to wait when the line is full. */
async function waitForSlot(): Promise<number> {
  const lane = processState.signInLane;
  const shape = { ...LANE, ...lane.forTests };
  const now = Date.now();
  const slot = Math.max(now, lane.next);
  const wait = slot - now;
  if (wait > shape.maxWaitMs) return Math.ceil(wait / 1000);
  lane.next = slot + shape.slotMs;
  if (wait > 0) await shape.sleep(wait);
  return 0;
}

/**
 * The audit side of one sign-in request. A refused or failed sign-in gets its own entry while the window has room
 * (AUDIT_DETAIL_PER_WINDOW) and the shop-wide budget holds; otherwise it is counted, and the window's one entry
 * (writeUpWindows) says how many. A flood of any shape then costs the log at most a dozen rows per window.
 */
function signInLedger(ip: string, window: Date, tripped: boolean) {
  const anonymous = { id: null, name: null, ip };
  const detailed = () => !tripped && bumpCounter(DETAIL, window) <= AUDIT_DETAIL_PER_WINDOW;
  return {
    /** A request refused before its PIN was looked at. `client`: the throttled client, named once per window. */
    refused(client: string | null) {
      if (!tripped && client && recordRefusal(client, window) && detailed()) {
        writeAudit(anonymous, { action: "login-throttled", entity: "session" });
      } else {
        bumpCounter(REFUSED, window);
      }
    },
    failed(after: Record<string, unknown>) {
      if (detailed()) writeAudit(anonymous, { action: "login-failed", entity: "session", after });
      else bumpCounter(FAILED, window);
    },
    memberLocked(teamMemberId: number, known: boolean) {
      if (detailed()) {
        writeAudit(anonymous, {
          action: "login-member-locked",
          entity: "session",
          entityId: teamMemberId,
          after: {
            expectedUserId: teamMemberId,
            wrongPins: MEMBER_MAX_FAILURES,
            lockedMinutes: MEMBER_LOCK_MS / 60_000,
            scope: known ? "known-devices" : "other-browsers",
          },
        });
      } else {
        bumpCounter(`${LOCKED}${teamMemberId}`, window);
      }
    },
  };
}

/**
 * Writes the one audit entry of every finished window that counted refusals instead of writing them one by one:
 * how many wrong PINs and refused sign-ins, from how many clients, which members got locked, and whether the
 * shop-wide budget was spent. Runs on the next sign-in after a window ends and from the server's housekeeping, so
 * a window is written up within minutes even when the attack stops.
 */
export function writeUpWindows(now = Date.now()) {
  const current = windowStart(now);
  if (written().checked === current.getTime()) return;
  for (const w of unloggedWindows([DETAIL, LOGGED], LOGGED, current)) {
    const end = new Date(w.getTime() + FAILURE_WINDOW_MS);
    const counters = shopCounters(w);
    const lockedMembers = [...counters.keys()].filter((k) => k.startsWith(LOCKED)).map((k) => Number(k.slice(LOCKED.length)));
    logWindow(w, LOGGED, (tx) =>
      writeAudit(
        { id: null, name: null, ip: null },
        {
          action: counters.has(TRIPPED) ? "login-budget-tripped" : "login-refusals-counted",
          entity: "session",
          after: {
            windowStart: w.toISOString(),
            windowEnd: end.toISOString(),
            wrongPins: counters.get(FAILED) ?? 0,
            refusedSignIns: counters.get(REFUSED) ?? 0,
            clients: failureKeyCount(w, end),
            ...(lockedMembers.length ? { lockedMembers } : {}),
          },
        },
        tx,
      ),
    );
  }
  written().checked = current.getTime();
}

/** The active member a name-then-PIN sign-in is for, when there is one. */
function chosenMember(id: number | undefined) {
  if (id === undefined) return undefined;
  const m = getTeamMember(id);
  return m?.isActive ? m : undefined;
}

/**
 * The one sign-in path, used by POST /api/auth/verify-pin and the no-JavaScript login form.
 * The PIN has already been validated as 4 digits.
 */
export async function verifyPin(request: Request, pinCode: string, expectedUserId?: number): Promise<VerifyResult> {
  const named = getShopSettings().signInMode === "name-then-pin";
  if (named && expectedUserId === undefined) return { ok: false, status: 400, message: chooseNameFirstMessage() };
  const now = Date.now();
  writeUpWindows(now);
  const ip = getClientIp(request);
  const device = await knownDeviceId(request);
  const address = clientKey(request);
  const client = device ? `${DEVICE_KEY_PREFIX}${device}` : address;
  const window = windowStart(now);
  const tripped = !device && shopBudgetSpent();
  if (tripped) bumpCounter(TRIPPED, window);
  const ledger = signInLedger(ip, window, tripped);

  const wait = tripped
    ? throttleSeconds(client, TRIPPED_MAX_FAILURES, FAILURE_WINDOW_MS)
    : named
      ? throttleSeconds(client, NAMED_MAX_FAILURES, NAMED_FAILURE_WINDOW_MS)
      : throttleSeconds(client, MAX_FAILURES, FAILURE_WINDOW_MS);
  if (wait > 0) {
    ledger.refused(client);
    return tooMany(wait);
  }
  const member = chosenMember(expectedUserId);
  const locked = member ? memberLockSeconds(member.id, !!device, address) : 0;
  if (locked > 0) {
    ledger.refused(null);
    return memberLocked(locked);
  }
  if (tripped) {
    const full = await waitForSlot();
    if (full > 0) {
      ledger.refused(client);
      return tooMany(full);
    }
  }

  const owner = findActiveMemberByPin(pinCode);
  if (!owner || (expectedUserId !== undefined && owner.id !== expectedUserId)) {
    recordLoginAttempt(client, false, member?.id ?? null);
    ledger.failed({ reason: owner ? "pin-does-not-match-expected-member" : "unknown-pin", expectedUserId });
    if (member && memberLockSeconds(member.id, !!device, address) > 0) ledger.memberLocked(member.id, !!device);
    // With a name chosen, every wrong PIN gets the same answer: telling 'nobody's PIN' from 'someone else's PIN'
    // would show a stranger which PINs are in use, and then only the names would be left to try.
    return { ok: false, status: 401, message: expectedUserId !== undefined ? pinNotThisMemberMessage() : invalidPinMessage() };
  }
  recordLoginAttempt(client, true, owner.id);
  writeAudit({ id: owner.id, name: owner.name, ip }, { action: "login", entity: "session", entityId: owner.id });
  return { ok: true, user: toSignedInUser(owner), cookies: [startSession(request, owner.id), await knownDeviceCookie(request, device ?? undefined)] };
}

export type SignInChoices = { signInMode: SignInMode; members: { id: number; name: string }[] };

/**
 * What a signed-out PIN screen may show: the mode, and in 'Choose your name, then PIN' the active members' names
 * (id and name, nothing else). With 'PIN only' nobody's name is handed out.
 */
export function signInChoices(): SignInChoices {
  const { signInMode } = getShopSettings();
  return { signInMode, members: signInMode === "name-then-pin" ? listSignInNames() : [] };
}
