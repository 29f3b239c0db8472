import type { z } from "zod";
import { referenceOps, type ReferenceEntity } from "~/models/reference.server";
import {
  CategoryPatchSchema,
  CategorySchema,
  DepartmentCreateSchema,
  DepartmentPatchSchema,
  MachinePatchSchema,
  MachineSchema,
  MaterialPatchSchema,
  MaterialSchema,
  StepTemplatePatchSchema,
  StepTemplateSchema,
  SubdepartmentPatchSchema,
  SubdepartmentSchema,
  TeamMemberPatchSchema,
  TeamMemberSchema,
  WorkflowPatchSchema,
  WorkflowSchema,
} from "~/schemas/settings";
import { api, json, jsonError, parseBody, parseId } from "~/utils/api.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/reference";

// Spec §7 'Reference data': GET list and one for any signed-in user; POST, PATCH and DELETE with the
// management key. app/routes.ts mounts this module once per entity path.
const ENTITIES: Record<ReferenceEntity, { label: string; create: z.ZodType; patch: z.ZodType }> = {
  categories: { label: "Category", create: CategorySchema, patch: CategoryPatchSchema },
  departments: { label: "Department", create: DepartmentCreateSchema, patch: DepartmentPatchSchema },
  subdepartments: { label: "Subdepartment", create: SubdepartmentSchema, patch: SubdepartmentPatchSchema },
  materials: { label: "Material", create: MaterialSchema, patch: MaterialPatchSchema },
  machines: { label: "Machine", create: MachineSchema, patch: MachinePatchSchema },
  workflows: { label: "Workflow", create: WorkflowSchema, patch: WorkflowPatchSchema },
  "step-templates": { label: "Step template", create: StepTemplateSchema, patch: StepTemplatePatchSchema },
  "team-members": { label: "Team member", create: TeamMemberSchema, patch: TeamMemberPatchSchema },
};

function entityOf(request: Request): ReferenceEntity {
  const segment = new URL(request.url).pathname.split("/")[2] as ReferenceEntity;
  if (!(segment in ENTITIES)) throw jsonError(404, "Not found");
  return segment;
}

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const entity = entityOf(request);
    const ops = referenceOps[entity];
    if (params.id === undefined) return json(ops.list(new URL(request.url).searchParams));
    const row = ops.get(parseId(params.id, ENTITIES[entity].label));
    return row ? json(row) : jsonError(404, `${ENTITIES[entity].label} not found`);
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "settings:write");
    const entity = entityOf(request);
    const { label, create, patch } = ENTITIES[entity];
    const ops = referenceOps[entity];
    const actor = actorFrom(request, user);
    const method = request.method.toUpperCase();
    if (params.id === undefined) {
      if (method !== "POST") return jsonError(405, "Method not allowed");
      const body = await parseBody(request, create);
      return json(ops.create(body as never, actor), { status: 201 });
    }
    const id = parseId(params.id, label);
    if (method === "PATCH") {
      const { version, ...body } = (await parseBody(request, patch)) as { version?: number };
      const row = ops.update(id, body as never, actor, { version });
      return row ? json(row) : jsonError(404, `${label} not found`);
    }
    if (method === "DELETE") {
      const row = ops.remove(id, actor);
      return row ? json({ message: `${label} deleted successfully`, id }) : jsonError(404, `${label} not found`);
    }
    return jsonError(405, "Method not allowed");
  });
}
