import { t } from "@lingui/core/macro";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import { apiTokens, teamMembers } from "#db/schema";
import { API_TOKEN_PREFIX, apiTokenActorName, isApiTokenScope, type ApiTokenScope } from "~/domain/api-tokens";
import { NotFoundError } from "~/domain/errors";
import { DEFAULT_LANGUAGE, isLanguage, type Language } from "~/domain/languages";
import { getDb } from "~/infra/db.server";
import { hashKey, newKey } from "~/infra/secret-key.server";
import { prepared } from "./prepared.server";
import { writeAudit, type Actor } from "./audit.server";

// API tokens (decision 0041): a program's key to /api and /metrics. The token is shown once, when made;
// only its SHA-256 is stored, so a copy of the database opens nothing.

/** A token's last use is written at most this often: a busy integration must not write on every request. */
const TOUCH_EVERY_MS = 60_000;

export type ApiTokenRow = {
  id: number;
  name: string;
  scopes: string[];
  /** Its /api messages' language; null follows each request's Accept-Language. */
  language: string | null;
  createdAt: Date;
  createdByName: string | null;
  lastUsedAt: Date | null;
  revokedAt: Date | null;
};

export function listApiTokens(): ApiTokenRow[] {
  return getDb()
    .select({
      id: apiTokens.id,
      name: apiTokens.name,
      scopes: apiTokens.scopes,
      language: apiTokens.language,
      createdAt: apiTokens.createdAt,
      createdByName: teamMembers.name,
      lastUsedAt: apiTokens.lastUsedAt,
      revokedAt: apiTokens.revokedAt,
    })
    .from(apiTokens)
    .leftJoin(teamMembers, eq(teamMembers.id, apiTokens.createdBy))
    .orderBy(sql`${apiTokens.revokedAt} IS NOT NULL`, desc(apiTokens.id))
    .all();
}

/**
 * A new token (`sfk_` and 32 random bytes): returned once, stored only as its hash. `language`: what its /api
 * messages speak (English unless chosen; null follows each request's Accept-Language).
 */
export function createApiToken(
  name: string,
  scopes: readonly ApiTokenScope[],
  actor: Actor,
  language: Language | null = DEFAULT_LANGUAGE,
): { id: number; token: string } {
  const token = API_TOKEN_PREFIX + newKey();
  const list = [...new Set(scopes)];
  return getDb().transaction((tx) => {
    const row = tx
      .insert(apiTokens)
      .values({ name, tokenHash: hashKey(token), scopes: list, language, createdBy: actor.id })
      .returning({ id: apiTokens.id })
      .get();
    writeAudit(actor, { action: "create", entity: "api-token", entityId: row.id, after: { name, scopes: list, language } }, tx);
    return { id: row.id, token };
  });
}

export function revokeApiToken(id: number, actor: Actor): { name: string } {
  return getDb().transaction((tx) => {
    const row = tx
      .update(apiTokens)
      .set({ revokedAt: new Date() })
      .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
      .returning({ name: apiTokens.name, scopes: apiTokens.scopes })
      .get();
    if (!row) throw new NotFoundError(t`API token not found, or already revoked`);
    writeAudit(actor, { action: "revoke", entity: "api-token", entityId: id, before: { name: row.name, scopes: row.scopes } }, tx);
    return { name: row.name };
  });
}

/** `key`: the token's hash, which names it in memory (rate limit, use summary) without keeping the token. */
export type ApiTokenPrincipal = { id: number; key: string; name: string; scopes: ApiTokenScope[]; language: Language | null };

const byHash = (db: ReturnType<typeof getDb>) =>
  prepared(db, "api-tokens:by-hash", (d) =>
    d
      .select({
        id: apiTokens.id,
        name: apiTokens.name,
        scopes: apiTokens.scopes,
        language: apiTokens.language,
        lastUsedAt: apiTokens.lastUsedAt,
        revokedAt: apiTokens.revokedAt,
      })
      .from(apiTokens)
      .where(eq(apiTokens.tokenHash, sql.placeholder("hash")))
      .prepare(),
  );

/**
 * The live token a request presents; "revoked" for a token the shop made and revoked; null for anything else
 * (unknown, malformed). One indexed read per request, so a revoke takes effect on the next request; the last use
 * is written at most once a minute.
 */
export function findApiToken(token: string, now = Date.now()): ApiTokenPrincipal | "revoked" | null {
  if (!token.startsWith(API_TOKEN_PREFIX) || token.length > 200) return null;
  const db = getDb();
  const key = hashKey(token);
  const row = byHash(db).get({ hash: key });
  if (!row) return null;
  if (row.revokedAt) return "revoked";
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= TOUCH_EVERY_MS) {
    db.update(apiTokens)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiTokens.id, row.id))
      .run();
  }
  return { id: row.id, key, name: row.name, scopes: row.scopes.filter(isApiTokenScope), language: isLanguage(row.language) ? row.language : null };
}

/**
 * The scopes of token `id` while it is live, or null once revoked or deleted: an open event stream asks at every
 * heartbeat. A read only: it is no use of the token (its last use stays what it was).
 */
export function liveApiTokenScopes(id: number): ApiTokenScope[] | null {
  const row = getDb()
    .select({ scopes: apiTokens.scopes })
    .from(apiTokens)
    .where(and(eq(apiTokens.id, id), isNull(apiTokens.revokedAt)))
    .get();
  return row ? row.scopes.filter(isApiTokenScope) : null;
}

/**
 * One audit row summing up a token's requests (decision 0041): the first request in each hour writes it,
 * naming that request and how many the token made since its previous row. Its writes are audited one by one by
 * the models, under the token's name.
 */
export function auditApiTokenUse(
  token: Pick<ApiTokenPrincipal, "id" | "name">,
  use: { method: string; route: string; earlier: number; since: Date | null; ip: string | null },
) {
  writeAudit(
    { id: null, name: apiTokenActorName(token.name), ip: use.ip },
    {
      action: "use",
      entity: "api-token",
      entityId: token.id,
      after: { request: `${use.method} ${use.route}`, requestsSincePrevious: use.earlier, previousAt: use.since?.toISOString() ?? null },
    },
  );
}
