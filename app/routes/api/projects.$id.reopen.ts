import { t } from "@lingui/core/macro";
import { reopenProject } from "~/models/project.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, noBody, json, jsonError, parseId } from "~/http/api.server";
import type { Route } from "./+types/projects.$id.reopen";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/projects/{id}/reopen (no body): a completed project is active again (docs/product.md, Decisions: The end
// of a job). Needs the project keys; audited. 409 when it is not completed.

export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "projects:write"));
    await noBody(request);
    const project = reopenProject(parseId(params.id, "Project"), actor);
    if (!project) return jsonError(404, t`Project not found`);
    return json({ ...project, message: t`Project reopened.` });
  });
}
