import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { createApiToken, listApiTokens, revokeApiToken } from "~/models/api-token.server";
import { ApiTokenFormSchema, ApiTokenRevokeSchema } from "~/schemas/api-token";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { formatDateTime } from "~/domain/dates";
import { getEnv } from "~/infra/env.server";
import { NotFoundError } from "~/domain/errors";
import { redirectWithToast } from "~/http/toast-cookie.server";
import type { Route } from "./+types/settings-api-tokens";

// Global Settings → API tokens (decision 0041): management only.

export function loader({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const tz = getEnv().SHOP_TIMEZONE;
  return data(
    {
      tokens: listApiTokens().map((t) => ({
        id: t.id,
        name: t.name,
        scopes: t.scopes,
        created: formatDateTime(t.createdAt, tz),
        createdBy: t.createdByName ?? "A former team member",
        lastUsed: t.lastUsedAt ? formatDateTime(t.lastUsedAt, tz) : "Never",
        revoked: t.revokedAt ? formatDateTime(t.revokedAt, tz) : null,
      })),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

export async function action({ request }: Route.ActionArgs) {
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  const form = await request.formData();
  if (form.get("intent") === "revoke") {
    const parsed = ApiTokenRevokeSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ result: null, created: null }, { status: 400 });
    try {
      const { name } = revokeApiToken(parsed.data.id, actor);
      return redirectWithToast(request, "/settings/api-tokens", {
        title: "API token revoked",
        description: `${name}: the program using it is refused from its next request.`,
      });
    } catch (error) {
      if (error instanceof NotFoundError)
        return redirectWithToast(request, "/settings/api-tokens", { title: "Error", description: error.message, variant: "destructive" });
      throw error;
    }
  }
  const submission = parseWithZod(form, { schema: ApiTokenFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), created: null }, { status: 400 });
  const { token } = createApiToken(submission.value.name, submission.value.scopes, actor);
  // Shown once, in this answer (never stored, never cached): only the token's hash is kept.
  return data({ result: submission.reply({ resetForm: true }), created: { name: submission.value.name, token } }, { headers: { "Cache-Control": "no-store" } });
}
