import { t } from "@lingui/core/macro";
import { deleteProject, getProjectWithMetrics, updateProject } from "~/models/project.server";
import { ProjectPatchSchema } from "~/schemas/project";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, noBody, json, jsonError, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/projects.$id";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// GET, PATCH (with the `version` read, so two people's edits never silently overwrite) and DELETE /api/projects/{id}.

export const methods: RouteMethods = ["GET", "PATCH", "DELETE"];

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const project = getProjectWithMetrics(parseId(params.id, "Project"));
    return project ? json(project) : jsonError(404, t`Project not found`);
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "projects:write"));
    const id = parseId(params.id, "Project");
    if (request.method.toUpperCase() === "DELETE") {
      await noBody(request);
      return deleteProject(id, actor) ? json({ message: t`Project deleted successfully!`, id }) : jsonError(404, t`Project not found`);
    }
    const { version, ...patch } = await parseBody(request, ProjectPatchSchema);
    const row = updateProject(id, patch, actor, { version });
    return row ? json(row) : jsonError(404, t`Project not found`);
  });
}
