import { t } from "@lingui/core/macro";
import { reopenItemOrThrow } from "~/models/item.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, noBody, json, parseId } from "~/http/api.server";
import type { Route } from "./+types/items.$id.reopen";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/items/{id}/reopen (no body): a finished item unfinished again, back in its last department; its completed
// project is active again (docs/product.md, Decisions: The end of a job). Needs the project keys; audited. 409 when
// the item is not finished.

export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "projects:write"));
    await noBody(request);
    return json({ ...reopenItemOrThrow(parseId(params.id, "Item"), actor), message: t`Item reopened.` });
  });
}
