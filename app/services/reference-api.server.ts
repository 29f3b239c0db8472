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
import { jsonError, parseBody } from "~/http/api.server";

// docs/product.md §7 'Reference data': the same five calls for every reference entity (categories, departments,
// materials, machines, workflows, ...): each body checked by its entity's schema before the model sees it. The
// routes routes/api/reference-list.ts and reference-record.ts are mounted once per entity (app/routes.ts).

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

/**
 * The entity of a reference route, from the path app/routes.ts mounted it on (`pattern`, e.g. /api/materials/:id),
 * never from the request's own address.
 */
export function referenceEndpoint(pattern: string) {
  // "api/materials/:id" (React Router joins the route paths without a leading slash; tolerate one).
  const segment = pattern.split("/").filter(Boolean)[1];
  if (!segment || !Object.hasOwn(ENTITIES, segment)) throw jsonError(404, "Not found");
  return ENTITIES[segment as ReferenceEntity];
}
