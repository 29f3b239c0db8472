import { createProject, listProjects, projectSummary } from "~/models/project.server";
import { ProjectCreateApiSchema } from "~/schemas/project";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, listPage, pageParams, parseBody } from "~/http/api.server";
import type { Route } from "./+types/projects";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// docs/product.md §7 'Projects and workflows': GET /api/projects returns an array as the product's client expects,
// 500 rows unless `?limit=&offset=` say otherwise (decision 0023). Writes need the pre-production or
// project-management key (or management).

export const methods: RouteMethods = ["GET", "POST"];

export async function loader({ request }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const url = new URL(request.url);
    const page = pageParams(url);
    return listPage(url, page, listProjects(page), projectSummary().total);
  });
}

export async function action({ request }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "projects:write");
    return json(createProject(await parseBody(request, ProjectCreateApiSchema), actorFrom(request, user)), { status: 201 });
  });
}
