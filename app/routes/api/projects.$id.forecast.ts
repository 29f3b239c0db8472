import { t } from "@lingui/core/macro";
import { getProject } from "~/models/project.server";
import { requirePermission } from "~/services/permissions.server";
import { projectForecastJson } from "~/views/forecast-view.server";
import { api, json, jsonError, parseId } from "~/http/api.server";
import type { Route } from "./+types/projects.$id.forecast";

// GET /api/projects/{id}/forecast: when the project is expected to finish, against its due date, what holds it up,
// and each open item's remaining departments (docs/decisions/0038-finish-date-forecast.md). Any signed-in member,
// as GET /api/projects/{id}.

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const id = parseId(params.id, "Project");
    if (!getProject(id)) return jsonError(404, t`Project not found`);
    return json(projectForecastJson(id));
  });
}
