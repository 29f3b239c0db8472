import type { z } from "zod";
import type { Actor } from "~/models/audit.server";
import { referenceOps, type ReferenceEntity, type ReferenceOps } from "~/models/reference.server";
import {
  CategoryPatchSchema,
  CategorySchema,
  DepartmentCreateSchema,
  DepartmentPatchSchema,
  LabelPrinterPatchSchema,
  LabelPrinterSchema,
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
import { api, json, jsonError, listSlice, parseBody, parseId } from "~/http/api.server";
import { actorFrom } from "~/services/actor.server";
import { requirePermission } from "~/services/permissions.server";
import type { Route } from "./+types/reference";
import type { RouteMethods } from "~/services/route-rules.server";

// docs/product.md §7 'Reference data': GET list and one for any signed-in member; POST, PATCH and DELETE with the
// management key. app/routes.ts mounts this module once per entity path.

/** An entity's endpoints, each body checked by its schema before the model sees it (no untyped hand-off). */
function endpoint<C extends z.ZodType, P extends z.ZodType<{ version?: number }>>(
  label: string,
  ops: ReferenceOps<z.infer<C>, Omit<z.infer<P>, "version">>,
  createSchema: C,
  patchSchema: P,
) {
  return {
    label,
    list: (filter: URLSearchParams) => ops.list(filter),
    get: (id: number) => ops.get(id),
    create: async (request: Request, actor: Actor) => ops.create(await parseBody(request, createSchema), actor),
    update: async (request: Request, id: number, actor: Actor) => {
      const { version, ...patch } = await parseBody(request, patchSchema);
      return ops.update(id, patch, actor, { version });
    },
    remove: (id: number, actor: Actor) => ops.remove(id, actor),
  };
}

const ENTITIES: Record<ReferenceEntity, ReturnType<typeof endpoint>> = {
  categories: endpoint("Category", referenceOps.categories, CategorySchema, CategoryPatchSchema),
  departments: endpoint("Department", referenceOps.departments, DepartmentCreateSchema, DepartmentPatchSchema),
  subdepartments: endpoint("Subdepartment", referenceOps.subdepartments, SubdepartmentSchema, SubdepartmentPatchSchema),
  materials: endpoint("Material", referenceOps.materials, MaterialSchema, MaterialPatchSchema),
  machines: endpoint("Machine", referenceOps.machines, MachineSchema, MachinePatchSchema),
  workflows: endpoint("Workflow", referenceOps.workflows, WorkflowSchema, WorkflowPatchSchema),
  "step-templates": endpoint("Step template", referenceOps["step-templates"], StepTemplateSchema, StepTemplatePatchSchema),
  "team-members": endpoint("Team member", referenceOps["team-members"], TeamMemberSchema, TeamMemberPatchSchema),
  "label-printers": endpoint("Label printer", referenceOps["label-printers"], LabelPrinterSchema, LabelPrinterPatchSchema),
};

function entityOf(request: Request): ReferenceEntity {
  const segment = new URL(request.url).pathname.split("/")[2];
  if (!segment || !Object.hasOwn(ENTITIES, segment)) throw jsonError(404, "Not found");
  return segment as ReferenceEntity;
}

/** The methods this module answers (services/route-rules.server); anything else gets 405 with Allow. */
export const methods: RouteMethods = (id) => (id.endsWith("-id") ? ["GET", "PATCH", "DELETE"] : ["GET", "POST"]);

export async function loader({ request, params }: Route.LoaderArgs) {
  return api(() => {
    requirePermission(request, "read");
    const e = ENTITIES[entityOf(request)];
    if (params.id === undefined) {
      const url = new URL(request.url);
      return listSlice(url, e.list(url.searchParams));
    }
    const row = e.get(parseId(params.id, e.label));
    return row ? json(row) : jsonError(404, `${e.label} not found`);
  });
}

export async function action({ request, params }: Route.ActionArgs) {
  return api(async () => {
    const user = requirePermission(request, "settings:write");
    const e = ENTITIES[entityOf(request)];
    const actor = actorFrom(request, user);
    const method = request.method.toUpperCase();
    if (params.id === undefined) {
      if (method !== "POST") return jsonError(405, "Method not allowed");
      return json(await e.create(request, actor), { status: 201 });
    }
    const id = parseId(params.id, e.label);
    if (method === "PATCH") {
      const row = await e.update(request, id, actor);
      return row ? json(row) : jsonError(404, `${e.label} not found`);
    }
    if (method === "DELETE") {
      const row = e.remove(id, actor);
      return row ? json({ message: `${e.label} deleted successfully`, id }) : jsonError(404, `${e.label} not found`);
    }
    return jsonError(405, "Method not allowed");
  });
}
