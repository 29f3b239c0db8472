import { t } from "@lingui/core/macro";
import { getProject, getSteps, reorderSteps } from "~/models/project.server";
import { StepOrderSchema } from "~/schemas/project";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/projects.$id.reorder-steps";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/projects/{id}/reorder-steps { stepIds }: the project's workflow steps in their new order.

export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "projects:write"));
    const id = parseId(params.id, "Project");
    if (!getProject(id)) return jsonError(404, t`Project not found`);
    const body = await parseBody(request, StepOrderSchema);
    reorderSteps(id, body.stepIds, actor);
    return json({ message: t`Workflow steps reordered successfully`, steps: getSteps({ projectId: id }) });
  });
}
