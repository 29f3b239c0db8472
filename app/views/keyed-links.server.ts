import { parseWithZod } from "@conform-to/zod/v4";
import { t } from "@lingui/core/macro";
import { data } from "react-router";
import type { z } from "zod";
import { formatDateTime } from "~/domain/dates";
import { parseIdParam } from "~/domain/ids";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import type { Actor } from "~/models/audit.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { domainError, type FormReply, intentOf, invalid, readForm, unreadableForm } from "./form-action.server";

// The keyed-link settings screens (Global Settings → TV board links, Calendar feeds, API tokens; decisions 0041 and
// 0043): management makes a key, sees it once, sees each key's last use and revokes one that leaked. Their loader
// and action differ only in what a key is for; components/settings/keyed-link-page.tsx draws them.

// Management only; the page lists keys and the create answer carries one: never kept by a cache.
const NO_STORE = { "Cache-Control": "no-store" };

/** A key as every keyed-link list shows it; a screen adds its own columns. */
export type KeyedLinkRow = { id: number; name: string; created: string; lastUsed: string; revoked: string | null };

/** What the create form's answer carries besides conform's result: the key, shown this once. */
export type KeyedLinkReply<C> = FormReply & { created: C | null };

type StoredKey = { id: number; name: string; createdAt: Date; lastUsedAt: Date | null; revokedAt: Date | null };

/** When a key was made, last used ('Never') and revoked (null while it works), in the shop's zone: the lists' words. */
export function keyDates(k: Pick<StoredKey, "createdAt" | "lastUsedAt" | "revokedAt">, tz = getEnv().SHOP_TIMEZONE) {
  return {
    created: formatDateTime(k.createdAt, tz),
    lastUsed: k.lastUsedAt ? formatDateTime(k.lastUsedAt, tz) : t`Never`,
    revoked: k.revokedAt ? formatDateTime(k.revokedAt, tz) : null,
  };
}

/**
 * The page's data: the keys as `links` (each with its dates in the shop's zone and what `shown` adds), and what
 * `more` adds beside them (the form's choices).
 */
export function loadKeyedLinks<K extends StoredKey, V extends object, M extends object = object>(
  request: Request,
  list: () => K[],
  shown: (key: K) => V,
  more?: () => M,
) {
  requirePermission(request, "settings:write");
  const tz = getEnv().SHOP_TIMEZONE;
  const links = list().map((k) => ({ id: k.id, name: k.name, ...keyDates(k, tz), ...shown(k) }));
  return data({ ...(more?.() as M), links }, { headers: NO_STORE });
}

export type KeyedLinkSpec<S extends z.ZodType, C> = {
  /** The page's address, where a revoke lands. */
  here: string;
  /** The create form's schema, the same the page validates with. */
  schema: S;
  /** Makes the key and answers what the page shows once (the key, or the link that carries it). */
  create: (value: z.output<S>, actor: Actor, request: Request) => C;
  /** A field a refused create is about (a calendar feed's department that is gone): its message goes under it. */
  refusedField?: string;
  /** Revokes the key and answers the toast that says so. */
  revoke: (id: number, actor: Actor) => { title: string; description: string };
};

/** The page's two forms: `intent=create` (the page's fields) and `intent=revoke` (a row's id). */
export async function keyedLinkAction<S extends z.ZodType, C>(request: Request, spec: KeyedLinkSpec<S, C>) {
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  const form = await readForm(request);
  if (!form) return unreadableForm();
  const intent = intentOf(form, ["create", "revoke"]);

  if (intent === "revoke") {
    const id = parseIdParam(form.get("id"));
    if (id === null) return invalid("revoke", { status: "error", error: { id: [t`Choose a key to revoke.`] } });
    let toast: { title: string; description: string };
    try {
      toast = spec.revoke(id, actor);
    } catch (error) {
      return redirectWithToast(request, spec.here, { title: t`Error`, description: domainError(error).message, variant: "destructive" });
    }
    return redirectWithToast(request, spec.here, toast);
  }

  const submission = parseWithZod(form, { schema: spec.schema });
  if (submission.status !== "success") return invalid("create", submission.reply());
  let created: C;
  try {
    created = spec.create(submission.value, actor, request);
  } catch (error) {
    const e = domainError(error);
    // A choice that is gone is a wrong field, 400, like the form's own checks; anything else answers its status.
    if (spec.refusedField) return invalid("create", submission.reply({ fieldErrors: { [spec.refusedField]: [e.message] } }));
    return invalid("create", submission.reply({ formErrors: [e.message] }), e.status);
  }
  // Shown once, in this answer (not a redirect): only the key's hash is stored.
  return data<KeyedLinkReply<C>>(
    { formId: "create", result: submission.reply({ resetForm: true }), toast: null, reauth: false, created },
    { headers: NO_STORE },
  );
}
