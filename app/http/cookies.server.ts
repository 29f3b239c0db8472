import { createHmac, timingSafeEqual } from "node:crypto";
import { isSecureRequest } from "~/http/request.server";
import { getSecret } from "~/infra/secret.server";

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

/**
 * The name a cookie of ours goes by. Browsers share cookies between every port of a host and let any page of it
 * set one for a sub-path, so over HTTPS our cookies are `__Host-` cookies: a browser takes one only from this
 * origin over HTTPS, with Path=/ and no Domain, so nothing served over plain HTTP (another port, another app)
 * can plant or overwrite it. Over plain HTTP the prefix would be refused, so the plain name is used. Every
 * cookie of ours is named `shopflow_…` through this (see docs/decisions/0024-http-and-operations.md).
 */
export function cookieName(request: Request | boolean, name: string): string {
  const secure = typeof request === "boolean" ? request : isSecureRequest(request);
  return secure ? `${HOST_PREFIX}${name}` : name;
}

const HOST_PREFIX = "__Host-";
const OURS = /^(__Host-)?shopflow_/;

/** How many times each cookie name appears in a Cookie header. */
function nameCounts(header: string | null): Map<string, number> {
  const counts = new Map<string, number>();
  if (!header) return counts;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    const k = (i < 0 ? "" : part.slice(0, i)).trim();
    if (k) counts.set(k, (counts.get(k) ?? 0) + 1);
  }
  return counts;
}

/**
 * One cookie's value from a Cookie header, or undefined when it is missing, unreadable or sent more than once.
 * Two cookies of one name mean another port or path of this host set one beside ours, and the browser's order
 * (longest path first) would let the planted one win on the pages under its path: neither is trusted.
 */
export function cookieValue(header: string | null, name: string): string | undefined {
  if ((nameCounts(header).get(name) ?? 0) !== 1) return undefined;
  return parseCookies(header)[name];
}

/** The request's cookie `name` (prefixed as `cookieName` says), or undefined when missing or ambiguous. */
export function readCookie(request: Request, name: string): string | undefined {
  return cookieValue(request.headers.get("cookie"), cookieName(request, name));
}

export function serializeCookie(request: Request, name: string, value: string, opts: { maxAge?: number; httpOnly?: boolean } = {}): string {
  const parts = [`${cookieName(request, name)}=${encodeURIComponent(value)}`, "Path=/", "SameSite=Lax"];
  if (opts.httpOnly !== false) parts.push("HttpOnly");
  if (isSecureRequest(request)) parts.push("Secure");
  if (opts.maxAge !== undefined) parts.push(`Max-Age=${opts.maxAge}`);
  return parts.join("; ");
}

/**
 * Set-Cookie values that delete every copy of each cookie of ours the request carried more than once. A
 * cookie is deleted only by a Set-Cookie with its own path (and Domain, when it had one), which the server
 * cannot see, so the deletion is sent for every path that could have sent it to this address ('/projects',
 * '/projects/', '/projects/5'...), host-only and, for a host name, with Domain as well.
 */
export function clearDuplicateCookies(header: string | null, url: URL): string[] {
  const duplicated = [...nameCounts(header)].filter(([name, n]) => n > 1 && OURS.test(name)).map(([name]) => name);
  if (duplicated.length === 0) return [];
  const paths = new Set(["/"]);
  const segments = url.pathname.split("/").filter(Boolean).slice(0, 12);
  for (let i = 1; i <= segments.length; i++) {
    const p = `/${segments.slice(0, i).join("/")}`;
    paths.add(p).add(`${p}/`);
  }
  const secure = url.protocol === "https:" ? "; Secure" : "";
  const host = url.hostname;
  const isName = !/^[\d.]+$/.test(host) && !host.startsWith("[") && host !== "localhost";
  const out: string[] = [];
  for (const name of duplicated) {
    // A __Host- cookie can only be Path=/ without Domain, and only over HTTPS.
    const forPaths = name.startsWith(HOST_PREFIX) ? ["/"] : [...paths];
    for (const p of forPaths) {
      out.push(`${name}=; Path=${p}; Max-Age=0; SameSite=Lax; HttpOnly${secure}`);
      if (isName && !name.startsWith(HOST_PREFIX)) out.push(`${name}=; Path=${p}; Domain=${host}; Max-Age=0; SameSite=Lax; HttpOnly${secure}`);
    }
  }
  return out;
}

const mac = (purpose: string, value: string) => createHmac("sha256", getSecret()).update(`${purpose}:${value}`).digest("base64url");

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
