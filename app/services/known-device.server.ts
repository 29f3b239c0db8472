import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { readCookie, signedCookie } from "~/http/cookies.server";
import { getSecret } from "~/infra/secret.server";

// A browser that has signed in here before carries a signed, random device id (decision 0025): its wrong PINs
// are counted under that id, apart from every address, and a flood of wrong PINs from strangers (which trips the
// shop-wide budget) does not slow it down. Only a successful sign-in hands one out, and the server secret signs it,
// so an attacker cannot make one up.

export const KNOWN_DEVICE_COOKIE = "shopflow_device";
const PURPOSE = "known-device";
// Browsers keep a cookie at most 400 days; each sign-in renews it, so a PC in daily use stays known.
const MAX_AGE_SECONDS = 400 * 24 * 60 * 60;
const DEVICE_ID = /^[A-Za-z0-9_-]{22}$/;

const deviceCookie = signedCookie(KNOWN_DEVICE_COOKIE, PURPOSE, { maxAge: MAX_AGE_SECONDS });

/** This browser's device id when it carries a genuine known-device cookie, else null. */
export async function knownDeviceId(request: Request): Promise<string | null> {
  const id = (await deviceCookie.read(request)) ?? legacyDeviceId(request);
  return typeof id === "string" && DEVICE_ID.test(id) ? id : null;
}

/** The Set-Cookie that makes (or keeps) this browser known after a successful sign-in. */
export async function knownDeviceCookie(request: Request, deviceId?: string): Promise<string> {
  const id = deviceId ?? (await knownDeviceId(request)) ?? randomBytes(16).toString("base64url");
  return deviceCookie.write(request, id);
}

/**
 * A device cookie in the format used before the signed cookies moved to React Router's (`id.signature`, an HMAC of
 * 'known-device:id'). The floor PCs carry one for up to 400 days; the next sign-in rewrites it in the current
 * format, so it may be removed 400 days after the 2026-12 release (docs/decisions/0030-platform-parts.md).
 */
function legacyDeviceId(request: Request): string | null {
  const signed = readCookie(request, KNOWN_DEVICE_COOKIE);
  const i = signed?.lastIndexOf(".") ?? -1;
  if (!signed || i <= 0) return null;
  const id = signed.slice(0, i);
  const given = Buffer.from(signed.slice(i + 1));
  const expected = Buffer.from(createHmac("sha256", getSecret()).update(`${PURPOSE}:${id}`).digest("base64url"));
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}
