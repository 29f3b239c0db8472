import { t } from "@lingui/core/macro";
import { assignedProjects } from "~/models/project.server";
import { requirePermission } from "~/services/permissions.server";
import { api, jsonError, listSlice, parseId } from "~/http/api.server";
import type { Route } from "./+types/assigned-projects";

// docs/product.md §7 GET /api/projects/assigned-to/{userId}/Pre-Production: the department is named as the screens title it
// ('Pre-Production'); its value is the slug ('pre-production').
export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const memberId = parseId(params.userId, "Team member");
    const department = (params.department ?? "")
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-|-$/g, "");
    if (!department) return jsonError(404, t`Department not found`);
    return listSlice(new URL(request.url), assignedProjects(memberId, department));
  });
}
