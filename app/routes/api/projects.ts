import {
  createProject,
  deleteProject,
  getProjectWithMetrics,
  listProjects,
  listProjectsWithMetrics,
  projectSummary,
  updateProject,
} from "~/models/project.server";
import { ProjectCreateSchema, ProjectPatchSchema } from "~/schemas/project";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, listPage, pageParams, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/projects";
import type { RouteMethods } from "~/services/route-rules.server";

// docs/product.md §7 'Projects and workflows': GET /api/projects(-with-metrics) return an array as the product's client expects,
// 500 rows unless `?limit=&offset=` say otherwise (decision 0023). Writes need the pre-production or project-management key (or management).

/** The methods this module answers (services/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = { "api-projects": ["GET", "POST"], "api-projects-with-metrics": ["GET"], "api-projects-id": ["GET", "PATCH", "DELETE"] };

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const url = new URL(request.url);
    if (params.id !== undefined) {
      const project = getProjectWithMetrics(parseId(params.id, "Project"));
      return project ? json(project) : jsonError(404, "Project not found");
    }
    const page = pageParams(url);
    const rows = url.pathname === "/api/projects-with-metrics" ? listProjectsWithMetrics(page) : listProjects(page);
    return listPage(url, page, rows, projectSummary().total);
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "projects:write");
    const actor = actorFrom(request, user);
    const method = request.method.toUpperCase();
    if (params.id === undefined) {
      if (method !== "POST" || new URL(request.url).pathname !== "/api/projects") return jsonError(405, "Method not allowed");
      return json(createProject(await parseBody(request, ProjectCreateSchema), actor), { status: 201 });
    }
    const id = parseId(params.id, "Project");
    if (method === "PATCH") {
      const { version, ...patch } = await parseBody(request, ProjectPatchSchema);
      const row = updateProject(id, patch, actor, { version });
      return row ? json(row) : jsonError(404, "Project not found");
    }
    if (method === "DELETE") {
      return deleteProject(id, actor) ? json({ message: "Project deleted successfully!", id }) : jsonError(404, "Project not found");
    }
    return jsonError(405, "Method not allowed");
  });
}
