import { createHmac, timingSafeEqual } from "node:crypto";
import { isSecureRequest } from "./request.server";
import { getSecret } from "./secret.server";

/**
 * Cookies of this host. Another app on the same host can set cookies we cannot parse (`_ga=%`): such a cookie
 * is skipped, never an error, so one bad cookie cannot take every page down.
 */
export function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    if (!k || k in out) continue;
    try {
      out[k] = decodeURIComponent(part.slice(i + 1).trim());
    } catch {
      // malformed %-escape: not one of ours
    }
  }
  return out;
}

export function readCookie(request: Request, name: string): string | undefined {
  return parseCookies(request.headers.get("cookie"))[name];
}

export function serializeCookie(
  request: Request,
  name: string,
  value: string,
  opts: { maxAge?: number; httpOnly?: boolean } = {},
): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "SameSite=Lax"];
  if (opts.httpOnly !== false) parts.push("HttpOnly");
  if (isSecureRequest(request)) parts.push("Secure");
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${opts.maxAge}`);
  return parts.join("; ");
}

const mac = (purpose: string, value: string) =>
  createHmac("sha256", getSecret()).update(`${purpose}:${value}`).digest("base64url");

/** `value.signature`, keyed with the server secret and a purpose so a signature cannot be reused elsewhere. */
export function sign(purpose: string, value: string): string {
  return `${value}.${mac(purpose, value)}`;
}

/** The value of a signed string, or null when the signature is missing or wrong. */
export function unsign(purpose: string, signed: string): string | null {
  const i = signed.lastIndexOf(".");
  if (i <= 0) return null;
  const value = signed.slice(0, i);
  const given = Buffer.from(signed.slice(i + 1));
  const expected = Buffer.from(mac(purpose, value));
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
