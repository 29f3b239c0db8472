import { createHash, randomBytes } from "node:crypto";
import { createSession, deleteSession, getSessionMember } from "~/models/session.server";
import { toSignedInUser, type SignedInUser } from "~/models/team-member.server";
import { getEnv } from "./env.server";
import { getClientIp, isSecureRequest } from "./request.server";

export const SESSION_COOKIE = "shopflow_session";

function parseCookies(header: string | null): Record<string, string> {
  const out: Record<string, string> = {};
  if (!header) return out;
  for (const part of header.split(";")) {
    const i = part.indexOf("=");
    if (i < 0) continue;
    const k = part.slice(0, i).trim();
    if (!(k in out)) out[k] = decodeURIComponent(part.slice(i + 1).trim());
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

const sessionIdFromToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** Start a session for a member; returns the Set-Cookie header value. */
export function startSession(request: Request, teamMemberId: number): string {
  const token = randomBytes(32).toString("base64url");
  createSession({
    id: sessionIdFromToken(token),
    teamMemberId,
    ip: getClientIp(request),
    userAgent: request.headers.get("user-agent"),
  });
  // No Max-Age: the server's idle limit ends the session; the cookie lives until the browser closes or logout.
  return serializeCookie(request, SESSION_COOKIE, token);
}

export function endSession(request: Request): string {
  const token = readCookie(request, SESSION_COOKIE);
  if (token) deleteSession(sessionIdFromToken(token));
  return serializeCookie(request, SESSION_COOKIE, "", { maxAge: 0 });
}

// Shared through globalThis like the database handle: the server's /api gate and the route bundle are separate
// module copies, and one session lookup per request is enough.
const g = globalThis as unknown as { __shopflowUserCache?: WeakMap<Request, SignedInUser | null> };
const cache = (g.__shopflowUserCache ??= new WeakMap());

/** The signed-in user of this request, or null. Memoised per request: loaders of one page share it. */
export function getUser(request: Request): SignedInUser | null {
  if (cache.has(request)) return cache.get(request)!;
  const token = readCookie(request, SESSION_COOKIE);
  let user: SignedInUser | null = null;
  if (token && /^[A-Za-z0-9_-]{43}$/.test(token)) {
    const member = getSessionMember(sessionIdFromToken(token), getEnv().SESSION_IDLE_MINUTES * 60_000);
    user = member ? toSignedInUser(member) : null;
  }
  cache.set(request, user);
  return user;
}
