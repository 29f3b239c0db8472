import { t } from "@lingui/core/macro";
import { and, asc, eq, inArray, ne, sql } from "drizzle-orm";
import {
  categories,
  departments,
  items,
  machineReadyFiles,
  projectWorkflowSteps,
  stepTemplates,
  subdepartments,
  workflows,
  type Department,
  type Subdepartment,
} from "#db/schema";
import type { z } from "zod";
import type { DepartmentCreateSchema, DepartmentPatchSchema, SubdepartmentPatchSchema, SubdepartmentSchema } from "~/schemas/settings";
import { slugify } from "~/schemas/common";
import { BadRequestError, ConflictError, NotFoundError } from "~/domain/errors";
import { STANDARD_DEPARTMENTS } from "~/domain/constants";
import { getDb } from "~/infra/db.server";
import { announce } from "~/infra/change-notices.server";
import { writeAudit, type Actor } from "./audit.server";
import { countWhere, crud, jsonListContains, staleMessage, usageMessage, type Tx } from "./crud.server";

const valueTaken = (tx: Tx, value: string) => tx.select({ id: departments.id }).from(departments).where(eq(departments.value, value)).get() !== undefined;

/** The API's create body, or the settings form's (which says only whether the department is a machine station). */
type DepartmentCreate = Omit<z.infer<typeof DepartmentCreateSchema>, "isActive" | "machineStatus"> &
  Partial<Pick<z.infer<typeof DepartmentCreateSchema>, "isActive" | "machineStatus">>;

/** Why a name cannot be a department's (or subdepartment's) value, in the reader's language. */
export function noSlugMessage() {
  return t`The name needs at least one letter or digit`;
}

/** The URL-safe value of a name (it is part of /production/{value}); a name with no letter or digit is refused. */
function routeValueOf(name: string): string {
  const value = slugify(name);
  if (!value) throw new BadRequestError(noSlugMessage());
  return value;
}

export const departmentModel = crud<Department, DepartmentCreate, z.infer<typeof DepartmentPatchSchema>>({
  table: departments,
  entity: "department",
  label: "Department",
  uniqueName: false,
  // docs/product.md §5: the value comes from the name. The fields are the caller's (the settings form says only whether it is
  // a machine station, ticked by default; the API defaults to a process department, docs/product.md §3); without a category a
  // machine is in Production and a process department in Process.
  prepareCreate: (input, tx) => {
    const value = routeValueOf(input.name);
    if (valueTaken(tx, value)) throw new ConflictError(t`A department with the value "${value}" already exists`);
    const { isMachine } = input;
    return {
      value,
      isMachine,
      machineStatus: input.machineStatus ?? "active",
      category: input.category ?? (isMachine ? "Production" : "Process"),
      isActive: input.isActive ?? true,
    };
  },
  // The value is the key other records use: it never changes after creation.
  preparePatch: () => ({ value: undefined }),
  inUse: (d, tx) =>
    usageMessage("Department", d.name, [
      [countWhere(tx, categories, jsonListContains(categories.departmentSequence, d.value)), "product", "products"],
      [countWhere(tx, workflows, jsonListContains(workflows.departmentSequence, d.value)), "workflow", "workflows"],
      [countWhere(tx, subdepartments, eq(subdepartments.departmentId, d.id)), "subdepartment", "subdepartments"],
      [countWhere(tx, items, eq(items.department, d.value)), "item", "items"],
      [countWhere(tx, projectWorkflowSteps, eq(projectWorkflowSteps.department, d.value)), "workflow step", "workflow steps"],
      [countWhere(tx, machineReadyFiles, eq(machineReadyFiles.machine, d.value)), "machine file", "machine files"],
      [countWhere(tx, stepTemplates, eq(stepTemplates.department, d.value)), "step template", "step templates"],
    ]),
});

/** Refuse a department sequence naming a department that does not exist. */
export type DepartmentByValue = {
  id: number;
  value: string;
  name: string;
  description: string;
  color: string;
  isActive: boolean;
  isMachine: boolean;
};

/** One department by its value (process or machine), as the work lists and the machine queues open it. */
export function departmentByValue(value: string): DepartmentByValue | undefined {
  return getDb()
    .select({
      id: departments.id,
      value: departments.value,
      name: departments.name,
      description: departments.description,
      color: departments.color,
      isActive: departments.isActive,
      isMachine: departments.isMachine,
    })
    .from(departments)
    .where(eq(departments.value, value))
    .get();
}

export function assertDepartmentValues(tx: Tx, values: readonly string[] | undefined) {
  if (!values || values.length === 0) return;
  const found = new Set(
    tx
      .select({ value: departments.value })
      .from(departments)
      .where(inArray(departments.value, [...values]))
      .all()
      .map((r) => r.value),
  );
  const missing = values.filter((v) => !found.has(v));
  if (missing.length) {
    const names = missing.join(", ");
    throw new BadRequestError(t`Unknown department: ${names}`);
  }
}

type SubCreate = z.infer<typeof SubdepartmentSchema>;
type SubPatch = z.infer<typeof SubdepartmentPatchSchema>;

function assertSubValueFree(tx: Tx, departmentId: number, value: string, exceptId?: number) {
  const hit = tx
    .select({ id: subdepartments.id })
    .from(subdepartments)
    .where(and(eq(subdepartments.departmentId, departmentId), eq(subdepartments.value, value), exceptId ? ne(subdepartments.id, exceptId) : undefined))
    .get();
  if (hit) throw new ConflictError(t`A subdepartment with the value "${value}" already exists in this department`);
}

export const subdepartmentModel = crud<Subdepartment, SubCreate, SubPatch>({
  table: subdepartments,
  entity: "subdepartment",
  label: "Subdepartment",
  uniqueName: false,
  orderBy: [asc(subdepartments.sortOrder), asc(sql`${subdepartments.name} COLLATE NOCASE`), asc(subdepartments.id)],
  prepareCreate: (input, tx) => {
    const parent = tx.select({ id: departments.id }).from(departments).where(eq(departments.id, input.departmentId)).get();
    if (!parent) throw new BadRequestError(t`Department not found`);
    const value = input.value ? routeValueOf(input.value) : routeValueOf(input.name);
    assertSubValueFree(tx, input.departmentId, value);
    return { value };
  },
  preparePatch: (patch, before, tx) => {
    // A blank value keeps the stored one, as it does on create (where the name is used).
    if (!patch.value) return { value: undefined };
    const value = routeValueOf(patch.value);
    assertSubValueFree(tx, before.departmentId, value, before.id);
    return { value };
  },
});

/** crud() hooks for records that carry a department sequence (categories, workflows). */
export const sequenceHooks = {
  prepareCreate: (input: { departmentSequence?: string[] }, tx: Tx) => {
    assertDepartmentValues(tx, input.departmentSequence);
    return {};
  },
  preparePatch: (patch: { departmentSequence?: string[] }, _before: unknown, tx: Tx) => {
    assertDepartmentValues(tx, patch.departmentSequence);
    return {};
  },
};

/**
 * 'Add the standard departments' (docs/product.md (Decisions)): the six departments of docs/product.md §1 as process departments (not
 * machines), each one whose value is not taken yet, in one transaction with an audit row each. Returns the rows
 * it created.
 */
export function addStandardDepartments(actor: Actor): Department[] {
  const created = getDb().transaction((tx) => {
    const rows: Department[] = [];
    STANDARD_DEPARTMENTS.forEach((d, index) => {
      if (valueTaken(tx, d.value)) return;
      const row = tx
        .insert(departments)
        .values({
          name: d.name,
          value: d.value,
          color: d.color,
          sortOrder: index,
          isMachine: false,
          machineStatus: "active",
          category: "Process",
          isActive: true,
        })
        .returning()
        .get();
      writeAudit(actor, { action: "create", entity: "department", entityId: row.id, after: row }, tx);
      rows.push(row);
    });
    return rows;
  });
  for (const row of created) announce({ entity: "department", id: row.id, action: "create" });
  return created;
}

export type CapacityChange = {
  id: number;
  capacityPeople: number;
  /** Hours each person works a day; null: the shop's hours a day. */
  capacityHours: number | null;
  /** The department's version when the form was opened: a department changed since is refused. */
  version?: number;
};

/**
 * Global Settings → Capacity and calendar (docs/decisions/0038-finish-date-forecast.md): each department's people and
 * hours, in one transaction with an audit row per department that changed; nothing is saved when one is refused.
 */
export function updateCapacities(changes: readonly CapacityChange[], actor: Actor): Department[] {
  const changed = getDb().transaction((tx) => {
    const rows: Department[] = [];
    for (const c of changes) {
      const before = tx.select().from(departments).where(eq(departments.id, c.id)).get();
      if (!before) throw new NotFoundError(t`Department not found. It may have been deleted by someone else: reload to see the latest.`);
      if (c.version !== undefined && c.version !== before.version) throw new ConflictError(staleMessage("Department"));
      if (before.capacityPeople === c.capacityPeople && before.capacityHours === c.capacityHours) continue;
      const after = tx
        .update(departments)
        .set({ capacityPeople: c.capacityPeople, capacityHours: c.capacityHours, version: before.version + 1 })
        .where(eq(departments.id, c.id))
        .returning()
        .get()!;
      writeAudit(
        actor,
        {
          action: "update",
          entity: "department",
          entityId: c.id,
          before: { capacityPeople: before.capacityPeople, capacityHours: before.capacityHours },
          after: { capacityPeople: after.capacityPeople, capacityHours: after.capacityHours },
        },
        tx,
      );
      rows.push(after);
    }
    return rows;
  });
  for (const d of changed) announce({ entity: "department", id: d.id, action: "update" });
  return changed;
}
