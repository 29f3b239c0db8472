import { randomBytes } from "node:crypto";
import { readCookie, serializeCookie, sign, unsign } from "~/http/cookies.server";

// A browser that has signed in here before carries a signed, random device id (docs/decisions/0025): its wrong PINs
// are counted under that id, apart from every address, and a flood of wrong PINs from strangers (which trips the
// shop-wide budget) does not slow it down. Only a successful sign-in hands one out, and the server secret signs it,
// so an attacker cannot make one up.

export const KNOWN_DEVICE_COOKIE = "shopflow_device";
const PURPOSE = "known-device";
// Browsers keep a cookie at most 400 days; each sign-in renews it, so a PC in daily use stays known.
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

/** This browser's device id when it carries a genuine known-device cookie, else null. */
export function knownDeviceId(request: Request): string | null {
  const raw = readCookie(request, KNOWN_DEVICE_COOKIE);
  if (!raw) return null;
  const id = unsign(PURPOSE, raw);
  return id && DEVICE_ID.test(id) ? id : null;
}

/** The Set-Cookie that makes (or keeps) this browser known after a successful sign-in. */
export function knownDeviceCookie(request: Request, deviceId = knownDeviceId(request) ?? randomBytes(16).toString("base64url")): string {
  return serializeCookie(request, KNOWN_DEVICE_COOKIE, sign(PURPOSE, deviceId), { maxAge: MAX_AGE_SECONDS });
}
