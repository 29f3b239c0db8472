import { getSteps } from "~/models/project.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, parseId } from "~/http/api.server";
import type { Route } from "./+types/workflow-instances.$id.steps";

// GET /api/workflow-instances/{id}/steps: one workflow instance's steps in order (docs/product.md §7).

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    return json(getSteps({ instanceId: parseId(params.id, "Workflow instance") }));
  });
}
