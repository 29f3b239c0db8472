import { eq } from "drizzle-orm";
import { parseIdParam } from "~/utils/ids";
import { subdepartments } from "#db/schema";
import type { Actor } from "./audit.server";
import type { UpdateGuard } from "./crud.server";
import { categoryModel } from "./category.server";
import { departmentModel, subdepartmentModel } from "./department.server";
import { machineModel } from "./machine.server";
import { materialModel } from "./material.server";
import { stepTemplateModel } from "./step-template.server";
import {
  createTeamMember,
  deleteTeamMember,
  getTeamMember,
  listTeamMembers,
  toPublic,
  updateTeamMember,
} from "./team-member.server";
import { workflowModel } from "./workflow.server";

/** The operations the reference-data API and the settings screens share, per entity. */
export type ReferenceOps = {
  list(filter: URLSearchParams): unknown[];
  get(id: number): unknown | undefined;
  create(input: never, actor: Actor): unknown;
  update(id: number, patch: never, actor: Actor, guard?: UpdateGuard): unknown | undefined;
  remove(id: number, actor: Actor): unknown | undefined;
};

const plain = (m: {
  list: () => unknown[];
  get: (id: number) => unknown;
  create: (i: never, a: Actor) => unknown;
  update: (id: number, p: never, a: Actor, g?: UpdateGuard) => unknown;
  remove: (id: number, a: Actor) => unknown;
}): ReferenceOps => ({
  list: () => m.list(),
  get: (id) => m.get(id),
  create: (i, a) => m.create(i, a),
  update: (id, p, a, g) => m.update(id, p, a, g),
  remove: (id, a) => m.remove(id, a),
});

export const referenceOps = {
  categories: plain(categoryModel),
  departments: plain(departmentModel),
  subdepartments: {
    ...plain(subdepartmentModel),
    list: (filter) => {
      const departmentId = parseIdParam(filter.get("departmentId"));
      return departmentId !== null
        ? subdepartmentModel.list(eq(subdepartments.departmentId, departmentId))
        : subdepartmentModel.list();
    },
  },
  materials: plain(materialModel),
  machines: plain(machineModel),
  workflows: plain(workflowModel),
  "step-templates": plain(stepTemplateModel),
  "team-members": {
    list: () => listTeamMembers(),
    get: (id) => {
      const m = getTeamMember(id);
      return m ? toPublic(m) : undefined;
    },
    create: (i, a) => createTeamMember(i, a),
    update: (id, p, a, g?: UpdateGuard) => updateTeamMember(id, p, a, g),
    remove: (id, a) => deleteTeamMember(id, a),
  },
} satisfies Record<string, ReferenceOps>;

export type ReferenceEntity = keyof typeof referenceOps;
