import { assignTeamMembers, getProject, getSteps, getWorkflowInstances, refreshWorkflow, reorderSteps, updateStep } from "~/models/project.server";
import { AssignTeamMembersSchema, StepOrderSchema, StepPatchSchema } from "~/schemas/project";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, methodNotAllowed, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/workflow-steps";
import type { RouteMethods } from "~/services/route-rules.server";

// docs/product.md §7: a project's workflow instance and its steps. Mounted on several paths (app/routes.ts); the path's
// last segment says which one a request came in on.
type Kind = "instances" | "steps" | "step" | "assign" | "refresh" | "reorder";
function kindOf(request: Request): Kind {
  const last = new URL(request.url).pathname.split("/").at(-1);
  const kinds: Record<string, Kind> = {
    "workflow-instances": "instances",
    steps: "steps",
    "assign-team-members": "assign",
    "refresh-workflow": "refresh",
    "reorder-steps": "reorder",
  };
  return (last && kinds[last]) || "step";
}

/** The methods this module answers (services/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = {
  "api-workflow-instances": ["GET"],
  "api-workflow-steps": ["GET"],
  "api-workflow-step": ["PATCH"],
  "api-workflow-assign": ["POST"],
  "api-workflow-refresh": ["POST"],
  "api-workflow-reorder": ["POST"],
};

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const kind = kindOf(request);
    const id = parseId(params.id, kind === "instances" ? "Project" : "Workflow instance");
    if (kind === "instances") {
      if (!getProject(id)) return jsonError(404, "Project not found");
      return json(getWorkflowInstances(id));
    }
    if (kind === "steps") return json(getSteps({ instanceId: id }));
    return jsonError(405, "Method not allowed");
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "projects:write");
    const actor = actorFrom(request, user);
    const kind = kindOf(request);
    const method = request.method.toUpperCase();
    if (kind === "step" && method === "PATCH") {
      const { version, ...patch } = await parseBody(request, StepPatchSchema);
      const step = updateStep(parseId(params.id, "Workflow step"), patch, actor, { version });
      return step ? json(step) : jsonError(404, "Workflow step not found");
    }
    if (method !== "POST") return jsonError(405, "Method not allowed");
    if (kind === "assign") {
      const body = await parseBody(request, AssignTeamMembersSchema);
      const step = assignTeamMembers(parseId(params.id, "Workflow step"), body.teamMemberIds, actor);
      return step ? json(step) : jsonError(404, "Workflow step not found");
    }
    if (kind === "refresh") {
      const id = parseId(params.id, "Project");
      refreshWorkflow(id, actor);
      return json({ message: "Workflow Refreshed", steps: getSteps({ projectId: id }) });
    }
    if (kind === "reorder") {
      const id = parseId(params.id, "Project");
      if (!getProject(id)) return jsonError(404, "Project not found");
      const body = await parseBody(request, StepOrderSchema);
      reorderSteps(id, body.stepIds, actor);
      return json({ message: "Workflow steps reordered successfully", steps: getSteps({ projectId: id }) });
    }
    return methodNotAllowed();
  });
}
