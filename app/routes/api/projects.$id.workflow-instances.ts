import { t } from "@lingui/core/macro";
import { getProject, getWorkflowInstances } from "~/models/project.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, parseId } from "~/http/api.server";
import type { Route } from "./+types/projects.$id.workflow-instances";

// GET /api/projects/{id}/workflow-instances: a project's workflow instance (docs/product.md §7).

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const id = parseId(params.id, "Project");
    if (!getProject(id)) return jsonError(404, t`Project not found`);
    return json(getWorkflowInstances(id));
  });
}
