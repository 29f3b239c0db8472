import { t } from "@lingui/core/macro";
import { check, oneOf, z } from "./messages";
import { DEPARTMENT_KEYS } from "~/domain/constants";
import { capacityHours, capacityPeople } from "./capacity";
import { memberLanguage } from "./language";
import {
  bool,
  color,
  departmentSequence,
  distinct,
  idField,
  ignoredField,
  nullableText,
  numberish,
  optionalText,
  patchOf,
  requiredText,
  sortOrder,
  stringList,
  whenMissing,
} from "./common";

// One schema per form or /api body, used by the browser (conform) and the server alike.

export const CategorySchema = z.object({
  name: requiredText(() => t`Category name is required`),
  description: optionalText(),
  // An omitted colour is the product's "saved with no color": the orange theme. An invalid one is an error.
  color: color().default("orange"),
  departmentSequence: departmentSequence(() => t`Select at least one department`),
});
export const CategoryPatchSchema = patchOf(CategorySchema);

const departmentFields = {
  name: requiredText(() => t`Department name is required`),
  description: optionalText(),
  color: color().default("blue"),
  sortOrder: sortOrder.default(0),
};
const machineStatus = oneOf(["active", "maintenance", "offline"]);
/**
 * POST /api/departments: the entity's fields with the entity's defaults (docs/product.md §3: isMachine false, machineStatus
 * active, isActive true). Without a category a machine is in Production and a process department in Process.
 */
export const DepartmentCreateSchema = z.object({
  ...departmentFields,
  isActive: bool.default(true),
  isMachine: bool.default(false),
  machineStatus: machineStatus.default("active"),
  category: requiredText(() => t`Category is required`, 50).optional(),
  // What it can do in a working day for the finish-date forecast (decision 0038): 1 person, the shop's hours.
  capacityPeople: capacityPeople.default(1),
  capacityHours: capacityHours.default(null),
  // Always made from the name (docs/product.md §5), whatever a client sends.
  value: ignoredField,
});
/**
 * The settings form's create: 'This department is a machine station', ticked by default (docs/product.md §5: a department
 * made in the settings form is a machine). The form sends a hidden "false" before the checkbox, so an unticked box
 * arrives as false and a ticked one as ["false", "on"]; a post without the field keeps the machine default. The
 * form sets nothing else: an active station in the category its kind gives.
 */
export const DepartmentCreateFormSchema = z.object({
  ...departmentFields,
  isMachine: z.preprocess((v) => (Array.isArray(v) ? v.at(-1) : v), bool).default(true),
});
export const DepartmentPatchSchema = patchOf(
  z.object({
    name: requiredText(() => t`Department name is required`),
    description: optionalText(),
    color: color(),
    sortOrder,
    isActive: bool,
    isMachine: bool,
    machineStatus,
    category: requiredText(() => t`Category is required`, 50),
    capacityPeople,
    capacityHours,
    // It never changes after creation: other records refer to it.
    value: ignoredField,
  }),
);
// The edit form sends every field: a cleared description is "", an unchecked box is absent (false).
export const DepartmentEditFormSchema = z.object({
  name: requiredText(() => t`Department name is required`),
  description: optionalText(),
  color: color().default("blue"),
  sortOrder: sortOrder.default(0),
  isActive: bool.default(false),
  isMachine: bool.default(false),
});

export const SubdepartmentSchema = z.object({
  name: requiredText(() => t`Subdepartment name is required`),
  value: nullableText(100),
  description: optionalText(),
  departmentId: numberish(
    z
      .number(whenMissing(() => t`Department is required`))
      .int()
      .positive(check(() => t`Department is required`)),
  ),
  color: color().default("blue"),
  sortOrder: sortOrder.default(0),
  isActive: bool.default(true),
});
// A subdepartment stays in its department: a departmentId sent with a PATCH is dropped.
export const SubdepartmentPatchSchema = patchOf(SubdepartmentSchema.extend({ departmentId: ignoredField }));

export const MaterialSchema = z.object({
  name: requiredText(() => t`Material name is required`),
  description: optionalText(),
  category: requiredText(() => t`Category is required`, 100),
  color: color().default("gray"),
});
export const MaterialPatchSchema = patchOf(MaterialSchema);

export const MachineSchema = z.object({
  name: requiredText(() => t`Machine name is required`),
  description: optionalText(),
  category: requiredText(() => t`Category is required`, 50).default("Production"),
  status: oneOf(["active", "maintenance", "offline"]).default("active"),
  color: color().default("blue"),
  sortOrder: sortOrder.default(0),
  isActive: bool.default(true),
});
export const MachinePatchSchema = patchOf(MachineSchema);

export const WorkflowSchema = z.object({
  name: requiredText(() => t`Workflow name is required`),
  description: optionalText(),
  departmentSequence: departmentSequence(() => t`Please select at least one department`),
});
export const WorkflowPatchSchema = patchOf(WorkflowSchema);

const pin = z
  .string({ error: () => t`PIN must be exactly 4 digits` })
  .length(
    4,
    check(() => t`PIN must be exactly 4 digits`),
  )
  .regex(
    /^\d*$/,
    check(() => t`PIN must contain only numbers`),
  );

const teamMemberFields = {
  name: requiredText(() => t`Name is required`),
  email: z
    .preprocess(
      (v) => (v === "" ? null : v),
      z
        .email(check(() => t`Please enter a valid email address`))
        .max(200)
        .nullable(),
    )
    .default(null),
  department: nullableText(100),
  subdepartment: nullableText(100),
  skills: stringList(() => t`Skills`),
  accessibleDepartments: z.preprocess(
    (v) => (v == null ? [] : typeof v === "string" ? [v] : v),
    distinct(z.array(oneOf(DEPARTMENT_KEYS)), () => t`Accessible departments`),
  ),
  profilePhotoUrl: z
    .preprocess(
      (v) => (v === "" ? null : v),
      z
        .url({ protocol: /^https?$/, error: () => t`Please enter a valid http(s) URL` })
        .max(2000)
        .nullable(),
    )
    .default(null),
  isActive: bool.default(true),
  // Their own language: 'en', 'es', or null to follow the device (docs/product.md, Languages).
  language: memberLanguage,
};

export const TeamMemberSchema = z.object({ ...teamMemberFields, pinCode: pin });
export const TeamMemberPatchSchema = patchOf(z.object({ ...teamMemberFields, isActive: bool, pinCode: pin }));
/** The edit form: a blank PIN keeps the current one; unchecked boxes are absent from the form data. */
export const TeamMemberEditFormSchema = z.object({
  ...teamMemberFields,
  isActive: bool.default(false),
  pinCode: pin.optional(),
});

export const StepTemplateSchema = z.object({
  name: requiredText(() => t`Step template name is required`),
  description: optionalText(),
  estimatedDurationHours: z
    .preprocess(
      (v) => (v === "" ? null : typeof v === "string" ? Number(v) : v),
      z
        .number({ error: () => t`Estimated hours must be a number` })
        .min(
          0,
          check(() => t`Estimated hours must be 0 or greater`),
        )
        .max(100_000)
        .nullable(),
    )
    .default(null),
  department: nullableText(100),
  requiredSkills: stringList(() => t`Required skills`),
  isActive: bool.default(true),
});
export const StepTemplatePatchSchema = patchOf(StepTemplateSchema);

// Global Settings → Label Printers: where the thermal printer is and what it prints.
export const LabelPrinterSchema = z.object({
  name: requiredText(() => t`Printer name is required`, 100),
  host: requiredText(() => t`Printer address is required`, 253).refine(
    (h) => /^[A-Za-z0-9.:-]+$/.test(h),
    check(() => t`Printer address must be a host name or an IP address`),
  ),
  port: z.coerce
    .number({ error: () => t`Port must be a number from 1 to 65535` })
    .int(check(() => t`Port must be a number from 1 to 65535`))
    .min(
      1,
      check(() => t`Port must be a number from 1 to 65535`),
    )
    .max(
      65535,
      check(() => t`Port must be a number from 1 to 65535`),
    )
    .default(9100),
  dpi: z.coerce
    .number({ error: () => t`Resolution must be 203 or 300 dpi` })
    .refine(
      (d) => d === 203 || d === 300,
      check(() => t`Resolution must be 203 or 300 dpi`),
    )
    .default(203),
  isActive: bool.default(true),
});
export const LabelPrinterPatchSchema = patchOf(LabelPrinterSchema);
/** Global Settings → Label printers → Edit: an unticked 'Active' box is not sent at all, so it means off. */
export const LabelPrinterEditFormSchema = LabelPrinterSchema.extend({ isActive: bool.default(false) });

/** POST /api/items/{id}/print-label and /api/projects/{id}/print-labels. */
export const PrintLabelSchema = z.object({ printerId: idField(() => t`Choose a label printer`) });
