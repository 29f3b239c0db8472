import { listProjectsWithMetrics, projectSummary } from "~/models/project.server";
import { requirePermission } from "~/services/permissions.server";
import { api, listPage, pageParams } from "~/http/api.server";
import type { Route } from "./+types/projects-with-metrics";

// GET /api/projects-with-metrics: the projects with their item counts and progress, paged as /api/projects.

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const url = new URL(request.url);
    const page = pageParams(url);
    return listPage(url, page, listProjectsWithMetrics(page), projectSummary().total);
  });
}
