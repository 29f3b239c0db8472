import { t } from "@lingui/core/macro";
import { assignTeamMembers } from "~/models/project.server";
import { AssignTeamMembersSchema } from "~/schemas/project";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/workflow-steps.$id.assign-team-members";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// POST /api/workflow-steps/{id}/assign-team-members { teamMemberIds } (docs/product.md §7).

export const methods: RouteMethods = ["POST"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "projects:write"));
    const body = await parseBody(request, AssignTeamMembersSchema);
    const step = assignTeamMembers(parseId(params.id, "Workflow step"), body.teamMemberIds, actor);
    return step ? json(step) : jsonError(404, t`Workflow step not found`);
  });
}
