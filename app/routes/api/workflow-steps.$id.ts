import { t } from "@lingui/core/macro";
import { updateStep } from "~/models/project.server";
import { StepPatchSchema } from "~/schemas/project";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import { api, json, jsonError, parseBody, parseId } from "~/http/api.server";
import type { Route } from "./+types/workflow-steps.$id";
import type { RouteMethods } from "~/pipeline/route-rules.server";

// PATCH /api/workflow-steps/{id}: a step's status, dates or notes, with the `version` read (docs/product.md §7).

export const methods: RouteMethods = ["PATCH"];

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const actor = actorFrom(request, requirePermission(request, "projects:write"));
    const { version, ...patch } = await parseBody(request, StepPatchSchema);
    const step = updateStep(parseId(params.id, "Workflow step"), patch, actor, { version });
    return step ? json(step) : jsonError(404, t`Workflow step not found`);
  });
}
