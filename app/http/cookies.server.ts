import { createHmac } from "node:crypto";
import { createCookie } from "react-router";
import { isSecureRequest } from "~/http/request.server";
import { getSecret } from "~/infra/secret.server";

/**
 * The cookies of a Cookie header as Bun reads them, in the order sent, a name sent twice listed twice. Another app
 * on the same host can set cookies that do not decode (`_ga=%`): Bun reads them without failing, so one bad cookie
 * cannot take every page down.
 */
function cookiesIn(header: string | null): readonly (readonly [string, string])[] {
  return header ? readHeader(header).cookies : NO_COOKIES;
}

type ReadHeader = {
  cookies: readonly (readonly [string, string])[];
  /** How many times each name was sent. */
  counts: ReadonlyMap<string, number>;
  /** Names of ours sent more than once (see clearDuplicateCookies). */
  duplicatedOurs: readonly string[];
};

// A request reads its Cookie header three or four times (session, language, duplicates), and a device sends the
// same header request after request: the last few headers' cookies are kept, read-only.
function readHeader(header: string): ReadHeader {
  let read = parsed.get(header);
  if (!read) {
    const cookies = Object.freeze([...new Bun.CookieMap(header)].map((pair) => Object.freeze(pair) as readonly [string, string]));
    const counts = new Map<string, number>();
    for (const [name] of cookies) counts.set(name, (counts.get(name) ?? 0) + 1);
    const duplicatedOurs = Object.freeze([...counts].filter(([name, n]) => n > 1 && OURS.test(name)).map(([name]) => name));
    read = Object.freeze({ cookies, counts, duplicatedOurs });
    if (parsed.size >= PARSED_HEADERS) parsed.clear();
    parsed.set(header, read);
  }
  return read;
}
const PARSED_HEADERS = 256;
const parsed = new Map<string, ReadHeader>();
const NO_COOKIES: readonly (readonly [string, string])[] = Object.freeze([]);
const NO_COUNTS: ReadonlyMap<string, number> = new Map();

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
const NONE: readonly string[] = Object.freeze([]);
const OURS = /^(__Host-)?shopflow_/;

/** How many times each cookie name appears in a Cookie header. */
function nameCounts(header: string | null): ReadonlyMap<string, number> {
  return header ? readHeader(header).counts : NO_COUNTS;
}

/**
 * One cookie's value from a Cookie header, or undefined when it is missing, unreadable or sent more than once.
 * Two cookies of one name mean another port or path of this host set one beside ours, and the browser's order
 * (longest path first) would let the planted one win on the pages under its path: neither is trusted.
 */
export function cookieValue(header: string | null, name: string): string | undefined {
  let value: string | undefined;
  let seen = 0;
  for (const [k, v] of cookiesIn(header)) {
    if (k !== name) continue;
    if (++seen > 1) return undefined;
    value = v;
  }
  return value;
}

/** The request's cookie `name` (prefixed as `cookieName` says), or undefined when missing or ambiguous. */
export function readCookie(request: Request, name: string): string | undefined {
  return cookieValue(request.headers.get("cookie"), cookieName(request, name));
}

/** The Set-Cookie value for cookie `name` of ours: Path=/, SameSite=Lax, HttpOnly unless told, Secure over HTTPS. */
export function serializeCookie(request: Request, name: string, value: string, opts: { maxAge?: number; httpOnly?: boolean } = {}): string {
  return new Bun.Cookie(cookieName(request, name), value, {
    path: "/",
    sameSite: "lax",
    httpOnly: opts.httpOnly !== false,
    secure: isSecureRequest(request),
    maxAge: opts.maxAge,
  }).serialize();
}

/**
 * Set-Cookie values that delete every copy of each cookie of ours the request carried more than once. A
 * cookie is deleted only by a Set-Cookie with its own path (and Domain, when it had one), which the server
 * cannot see, so the deletion is sent for every path that could have sent it to this address ('/projects',
 * '/projects/', '/projects/5'...), host-only and, for a host name, with Domain as well.
 */
export function clearDuplicateCookies(header: string | null, address: URL | string): readonly string[] {
  // Every request asks; reading the header is only worth it when a name of ours could be in it twice, and the
  // address only when one is (the session and device cookies sit side by side in most requests).
  const first = header?.indexOf("shopflow_") ?? -1;
  if (first < 0 || header!.indexOf("shopflow_", first + 1) < 0) return NONE;
  const duplicated = readHeader(header!).duplicatedOurs;
  if (duplicated.length === 0) return NONE;
  const url = typeof address === "string" ? new URL(address) : address;
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

/**
 * A signed cookie of ours (React Router's createCookie): the value travels as signed JSON, so nobody else (another
 * app on this host, a page of another port) can write one the app would take as its own. Each purpose signs with
 * its own key derived from the server secret, so one cookie's value cannot stand in for another's. `read` gives
 * undefined when the request carries no such cookie (or two: see cookieValue), and null for one that is unsigned,
 * signed by another key or in an older format: a page treats that like none, and may clear it.
 */
export function signedCookie(name: string, purpose: string, opts: { maxAge: number }) {
  const cookie = (request: Request) =>
    createCookie(cookieName(request, name), {
      path: "/",
      sameSite: "lax",
      httpOnly: true,
      secure: isSecureRequest(request),
      maxAge: opts.maxAge,
      secrets: [purposeKey(purpose)],
    });
  return {
    async read(request: Request): Promise<unknown> {
      const header = request.headers.get("cookie");
      const c = cookie(request);
      if ((nameCounts(header).get(c.name) ?? 0) !== 1) return undefined;
      try {
        return (await c.parse(header)) ?? null;
      } catch {
        return null;
      }
    },
    /** The Set-Cookie value carrying `value` (anything JSON can hold). */
    write: (request: Request, value: unknown): Promise<string> => cookie(request).serialize(value),
    /** The Set-Cookie value that deletes it. */
    clear: (request: Request): string => serializeCookie(request, name, "", { maxAge: 0 }),
  };
}

/** The signing key of one purpose, derived from the server secret (which lives beside the database). */
export function purposeKey(purpose: string): string {
  return createHmac("sha256", getSecret()).update(`cookie:${purpose}`).digest("base64url");
}
