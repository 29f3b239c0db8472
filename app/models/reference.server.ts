import { t } from "@lingui/core/macro";
import { eq } from "drizzle-orm";
import { BadRequestError } from "~/domain/errors";
import { parseIdParam } from "~/domain/ids";
import { subdepartments } from "#db/schema";
import type { Actor } from "./audit.server";
import type { UpdateGuard } from "./crud.server";
import { categoryModel } from "./category.server";
import { departmentModel, subdepartmentModel } from "./department.server";
import { machineModel } from "./machine.server";
import { labelPrinterModel } from "./label-printer.server";
import { materialModel } from "./material.server";
import { stepTemplateModel } from "./step-template.server";
import { createTeamMember, deleteTeamMember, getTeamMember, listTeamMembers, toPublic, updateTeamMember, type TeamMemberInput } from "./team-member.server";
import { workflowModel } from "./workflow.server";

/**
 * The operations the reference-data API and the settings screens share, per entity, typed by what each model
 * takes: `Create`/`Patch` are the validated bodies of that entity's schemas.
 */
export type ReferenceOps<Create = never, Patch = never> = {
  list(filter: URLSearchParams): unknown[];
  get(id: number): unknown | undefined;
  create(input: Create, actor: Actor): unknown;
  update(id: number, patch: Patch, actor: Actor, guard?: UpdateGuard): unknown | undefined;
  remove(id: number, actor: Actor): unknown | undefined;
};

type Model<C, P> = {
  list: () => unknown[];
  get: (id: number) => unknown;
  create: (input: C, actor: Actor) => unknown;
  update: (id: number, patch: P, actor: Actor, guard?: UpdateGuard) => unknown;
  remove: (id: number, actor: Actor) => unknown;
};

const plain = <C, P>(m: Model<C, P>): ReferenceOps<C, P> => ({
  list: () => m.list(),
  get: (id) => m.get(id),
  create: (i, a) => m.create(i, a),
  update: (id, p, a, g) => m.update(id, p, a, g),
  remove: (id, a) => m.remove(id, a),
});

const teamMemberOps: ReferenceOps<TeamMemberInput, Partial<TeamMemberInput>> = {
  list: () => listTeamMembers(),
  get: (id) => {
    const m = getTeamMember(id);
    return m ? toPublic(m) : undefined;
  },
  create: (i, a) => createTeamMember(i, a),
  update: (id, p, a, g) => updateTeamMember(id, p, a, g),
  remove: (id, a) => deleteTeamMember(id, a),
};

export const referenceOps = {
  categories: plain(categoryModel),
  departments: plain(departmentModel),
  subdepartments: {
    ...plain(subdepartmentModel),
    list: (filter: URLSearchParams) => {
      const raw = filter.get("departmentId");
      if (raw === null || raw === "") return subdepartmentModel.list();
      const departmentId = parseIdParam(raw);
      // Ignored, a mistyped id would answer every department's subdepartments as if they were the one's.
      if (departmentId === null) throw new BadRequestError(t`departmentId must be a department id (a whole number)`);
      return subdepartmentModel.list(eq(subdepartments.departmentId, departmentId));
    },
  },
  materials: plain(materialModel),
  machines: plain(machineModel),
  workflows: plain(workflowModel),
  "step-templates": plain(stepTemplateModel),
  "team-members": teamMemberOps,
  "label-printers": plain(labelPrinterModel),
};

export type ReferenceEntity = keyof typeof referenceOps;
