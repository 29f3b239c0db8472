import { liveApiTokenScopes } from "~/models/api-token.server";
import { writeAudit } from "~/models/audit.server";
import { createSession, deleteSession, getSessionMember } from "~/models/session-store.server";
import { toSignedInUser, type SignedInUser } from "~/models/team-member.server";
import { getEnv } from "~/infra/env.server";
import { cookieName, cookieValue, readCookie, serializeCookie } from "~/http/cookies.server";
import { getClientIp, isSecureRequest } from "~/http/request.server";
import { processState } from "~/infra/process-state.server";
import { hashKey as sessionIdFromToken, newKey } from "~/infra/secret-key.server";

/** The session cookie's name over plain HTTP; over HTTPS it is `__Host-shopflow_session` (http/cookies.server). */
export const SESSION_COOKIE = "shopflow_session";

/** Start a session for a member; returns the Set-Cookie header value. */
export function startSession(request: Request, teamMemberId: number): string {
  const token = newKey();
  createSession({
    id: sessionIdFromToken(token),
    teamMemberId,
    ip: getClientIp(request),
    userAgent: request.headers.get("user-agent"),
  });
  // No Max-Age: the server's idle limit ends the session; the cookie lives until the browser closes or logout.
  return serializeCookie(request, SESSION_COOKIE, token);
}

/** Sign out (the header's button and POST /api/auth/logout alike): audit, end the session, clear the cookie. */
export function signOut(request: Request): string {
  const user = getUser(request);
  // An API token has no session to end (decision 0041).
  if (user && !user.apiToken) {
    writeAudit({ id: user.id, name: user.name, ip: getClientIp(request) }, { action: "logout", entity: "session", entityId: user.id });
  }
  const token = readCookie(request, SESSION_COOKIE);
  if (token) deleteSession(sessionIdFromToken(token));
  return serializeCookie(request, SESSION_COOKIE, "", { maxAge: 0 });
}

// The HTTP layer's gate and the route both ask who is signed in: one session lookup per request is enough.
const cache = () => processState.usersByRequest;

/** The signed-in user of this request, or null. Memoised per request: loaders of one page share it. */
export function getUser(request: Request): SignedInUser | null {
  if (cache().has(request)) return cache().get(request)!;
  const user = lookUpUser(request.headers, isSecureRequest(request));
  cache().set(request, user);
  return user;
}

/** The HTTP layer looks the user up before it builds the request it hands on; `rememberUser` files it there. */
export function rememberUser(request: Request, user: SignedInUser | null) {
  cache().set(request, user);
}

/**
 * The member whose session the request's cookie names. `secure`: the request reached the shop over HTTPS (its
 * public URL), where only the `__Host-` cookie counts. Two session cookies sign nobody in (cookies.server).
 */
export function lookUpUser(headers: Headers, secure: boolean, opts: { touch?: boolean } = {}): SignedInUser | null {
  const token = cookieValue(headers.get("cookie"), cookieName(secure, SESSION_COOKIE));
  let user: SignedInUser | null = null;
  if (token && /^[A-Za-z0-9_-]{43}$/.test(token)) {
    const member = getSessionMember(sessionIdFromToken(token), getEnv().SESSION_IDLE_MINUTES * 60_000, opts);
    user = member ? toSignedInUser(member) : null;
  }
  return user;
}

/**
 * Who the request's session or API token stands for now, asked again long after the request came in (an open
 * event stream, at every heartbeat): null once the session was signed out, went idle past its limit or its member
 * was deactivated, or the token was revoked. It does not count as activity: the session's idle clock and the
 * token's last use stay as they were.
 */
export function principalNow(request: Request): SignedInUser | null {
  const first = getUser(request);
  if (!first) return null;
  if (first.apiToken) {
    const scopes = liveApiTokenScopes(first.apiToken.id);
    return scopes ? { ...first, apiToken: { ...first.apiToken, scopes } } : null;
  }
  return lookUpUser(request.headers, isSecureRequest(request), { touch: false });
}
