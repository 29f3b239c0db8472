import { t } from "@lingui/core/macro";
import { createApiToken, listApiTokens, revokeApiToken } from "~/models/api-token.server";
import { ApiTokenFormSchema } from "~/schemas/api-token";
import { keyedLinkAction, loadKeyedLinks } from "~/views/keyed-links.server";
import type { Route } from "./+types/settings-api-tokens";

// Global Settings → API tokens (decision 0041): management only.

export function loader({ request }: Route.LoaderArgs) {
  return loadKeyedLinks(request, listApiTokens, (k) => ({ scopes: k.scopes, createdBy: k.createdByName ?? t`A former team member` }));
}

export function action({ request }: Route.ActionArgs) {
  return keyedLinkAction(request, {
    here: "/settings/api-tokens",
    schema: ApiTokenFormSchema,
    create: ({ name, scopes, language }, actor) => ({ name, token: createApiToken(name, scopes, actor, language).token }),
    revoke: (id, actor) => {
      const { name } = revokeApiToken(id, actor);
      return { title: t`API token revoked`, description: t`${name}: the program using it is refused from its next request.` };
    },
  });
}
