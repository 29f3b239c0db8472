import { t } from "@lingui/core/macro";
import { apiTokenActorName, type ApiTokenScope } from "~/domain/api-tokens";
import { ADDRESS_LIMITS } from "~/http/address-limit.server";
import type { SignedInUser } from "~/domain/entities";
import { processState } from "~/infra/process-state.server";
import { auditApiTokenUse, findApiToken, type ApiTokenPrincipal } from "~/models/api-token.server";

// A program's request with `Authorization: Bearer sfk_…` (decision 0041): honoured on /api and /metrics
// only. The token stands in for a member: it holds no department keys, and what it may do comes from its scopes
// (services/permissions.server scopeFor). Each token has its own rate limit, and its requests are summed up in
// the audit log once an hour; the writes it makes are audited one by one under its name. Unknown tokens count
// against their client in the one per-address limiter (http/address-limit.server), as wrong PINs do.

/** Requests a token may make a minute, in bursts of up to as many; past it, 429 with Retry-After. */
export const API_TOKEN_RATE_PER_MINUTE = 600;
/** One audit row per token per hour sums up its requests (its writes have their own rows). */
const USE_SUMMARY_EVERY_MS = 60 * 60_000;

/** The token of an `Authorization: Bearer …` header, or null when the request names none. */
export function bearerToken(headers: Headers): string | null {
  const value = headers.get("authorization");
  if (!value) return null;
  // "Bearer" with nothing after it is a token request gone wrong, refused as such, not a signed-out call.
  const m = /^Bearer(?:[ \t]+(\S*))?\s*$/i.exec(value);
  return m ? (m[1] ?? "") : null;
}

const NO_STORE = { "Cache-Control": "no-store" };

// The refusals' words, in the language of the request (the settings page shows the same English).
const tokenUnknown = () => t`This API token is not valid: it is unknown or was revoked. Ask management for a new one (Global Settings → API tokens).`;
const tokenAddressLimited = () => t`Too many refused API tokens from this address. Wait a minute and try again.`;
const tokenRateLimited = () => t`Too many requests with this API token. Wait a moment and try again.`;

function unauthorized(): Response {
  return Response.json(
    { message: tokenUnknown() },
    { status: 401, headers: { ...NO_STORE, "WWW-Authenticate": 'Bearer realm="Shopflow", error="invalid_token"' } },
  );
}

const buckets = () => processState.tokenBuckets;

/**
 * A token bucket per token (in memory: one server): full at 600, refilled at 10 a second. Returns the seconds to
 * wait, or 0 when the request may go.
 */
export function takeRateTurn(key: string, now = Date.now(), perMinute = API_TOKEN_RATE_PER_MINUTE): number {
  const perMs = perMinute / 60_000;
  const b = buckets().get(key) ?? { tokens: perMinute, at: now };
  b.tokens = Math.min(perMinute, b.tokens + (now - b.at) * perMs);
  b.at = now;
  buckets().set(key, b);
  if (b.tokens >= 1) {
    b.tokens -= 1;
    return 0;
  }
  return Math.max(1, Math.ceil((1 - b.tokens) / perMs / 1000));
}

const uses = () => processState.tokenUses;

function recordUse(token: ApiTokenPrincipal, method: string, route: string, ip: string | null, now: number) {
  const u = uses().get(token.key) ?? { lastRowAt: -Infinity, lastRow: null, since: 0 };
  uses().set(token.key, u);
  if (now - u.lastRowAt < USE_SUMMARY_EVERY_MS) {
    u.since += 1;
    return;
  }
  auditApiTokenUse(token, { method, route, earlier: u.since, since: u.lastRow, ip });
  u.lastRowAt = now;
  u.lastRow = new Date(now);
  u.since = 0;
}

/** The principal an API token acts as: no member (id 0 is never a member's), no keys, the token's scopes. */
function tokenUser(token: ApiTokenPrincipal): SignedInUser {
  return {
    id: 0,
    name: apiTokenActorName(token.name),
    email: null,
    department: null,
    subdepartment: null,
    skills: [],
    accessibleDepartments: [],
    language: null,
    apiToken: { id: token.id, name: token.name, scopes: token.scopes, language: token.language },
  };
}

/**
 * The principal of a request that presents a bearer token, or the JSON refusal: 401 for an unknown or revoked
 * token, 429 past its rate limit, or when its client has had too many tokens refused (the per-address limit).
 * `route`: the route's id (never the raw path with its ids), for the audit.
 */
export function authenticateBearer(token: string, use: { method: string; route: string; ip: string | null }, now = Date.now()): SignedInUser | Response {
  const address = use.ip ?? "unknown";
  const refused = ADDRESS_LIMITS.apiTokenRefusals;
  const wait = refused.wait(address, now);
  if (wait > 0) return Response.json({ message: tokenAddressLimited() }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(wait) } });
  const found = findApiToken(token, now);
  // A token nobody made is what a script trying keys sends: it counts against its client. A revoked one is a
  // program nobody updated yet, polling away; counting it would lock the other programs at its address out.
  if (found === null) refused.count(address, now);
  if (found === null || found === "revoked") return unauthorized();
  const turn = takeRateTurn(found.key, now);
  if (turn > 0) return Response.json({ message: tokenRateLimited() }, { status: 429, headers: { ...NO_STORE, "Retry-After": String(turn) } });
  recordUse(found, use.method, use.route, use.ip, now);
  return tokenUser(found);
}

/** Whether a principal is an API token holding `scope`. */
export const tokenHasScope = (user: SignedInUser | null, scope: ApiTokenScope) => !!user?.apiToken?.scopes.includes(scope);
