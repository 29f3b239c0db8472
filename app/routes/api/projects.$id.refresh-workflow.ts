import { t } from "@lingui/core/macro";
import { getSteps, refreshWorkflow } from "~/models/project.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, noBody, json, parseId } from "~/http/api.server";
import type { Route } from "./+types/projects.$id.refresh-workflow";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/projects/{id}/refresh-workflow: the project's steps rebuilt from its workflow (docs/product.md §7).

export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "projects:write"));
    await noBody(request);
    const id = parseId(params.id, "Project");
    refreshWorkflow(id, actor);
    return json({ message: t`Workflow Refreshed`, steps: getSteps({ projectId: id }) });
  });
}
