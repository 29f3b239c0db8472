import { t } from "@lingui/core/macro";
import { PRIORITIES, STEP_STATUSES } from "~/domain/constants";
import { distinct, idField, nullableText, optionalText, patchOf, requiredText, sortOrder, whenMissing } from "./common";
import { check, oneOf, z } from "./messages";

// docs/product.md §5 'Project form', 'Step dates' and §7 bodies: one schema per form or body, browser and server alike.

const priority = oneOf(PRIORITIES, () => t`Priority is required`);

/** A workflow id, or none: forms send '' or 'none' for "no workflow". */
const optionalWorkflowId = z.preprocess(
  (v) => (v === "" || v === "none" || v === null ? null : v),
  idField(
    () => t`Project workflow is required`,
    () => t`Project workflow must be a workflow id`,
  ).nullable(),
);

// A calendar day as a date input sends it ('yyyy-mm-dd'), or an ISO timestamp as the product's client sends it
// (noon local time); empty means no date. The model turns it into noon in the shop's zone.
const DAY = /^\d{4}-\d{2}-\d{2}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;
export const dateInput = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z
    .string({ error: () => t`Invalid date` })
    // A day that exists: '2026-02-30' passed here as March 2 and was refused later, without the field's name.
    .refine(
      isRealDay,
      check(() => t`Invalid date`),
    )
    .nullable(),
);

export const startAfterEnd = () => t`Start date cannot be later than end date`;

/**
 * docs/product.md §5 'Step dates': the date inputs restrict min and max. A step's day is in this century: a year typed with
 * two digits (0026) or one digit too many is refused instead of saved.
 */
export const STEP_DATE_MIN = "2000-01-01";
export const STEP_DATE_MAX = "2099-12-31";
export const stepDateOutOfRange = () => t`Choose a date between 2000 and 2099.`;
function inStepRange(s: string | null): boolean {
  const at = s === null ? NaN : new Date(DAY.test(s) ? `${s}T12:00:00Z` : s).getTime();
  // Not a date at all: 'Invalid date' says so already.
  if (Number.isNaN(at)) return true;
  const day = DAY.test(s!) ? s! : new Date(at).toISOString().slice(0, 10);
  return day >= STEP_DATE_MIN && day <= STEP_DATE_MAX;
}
const stepDate = dateInput.refine(inStepRange, check(stepDateOutOfRange));

/**
 * A project's start or due date (docs/product.md, Decisions: Due dates): a calendar day in the shop's zone, or none.
 * A value that is not a day names its field, so an API client knows which of the two to fix.
 */
export const dueDateLabel = () => t`Due date`;
export const startDateLabel = () => t`Start date`;
const notADay = (label: () => string) => () => {
  const name = label();
  return t`${name} must be a date, e.g. 2026-03-31`;
};
const outOfRange = (label: () => string) => () => {
  const name = label();
  const range = stepDateOutOfRange();
  return t`${name}: ${range}`;
};
const projectDay = (label: () => string) =>
  z.preprocess(
    (v) => (v === "" || v === undefined ? null : v),
    z
      .string(check(notADay(label)))
      .refine(isRealDay, check(notADay(label)))
      .refine(inStepRange, check(outOfRange(label)))
      .nullable(),
  );

/** A day that exists ('2026-02-30' does not: some engines roll it over to March), or an ISO timestamp. */
function isRealDay(s: string): boolean {
  if (DAY.test(s)) {
    const at = new Date(`${s}T12:00:00Z`);
    return !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === s;
  }
  return ISO.test(s) && !Number.isNaN(new Date(s).getTime());
}

/** The API's words for a due date before the start date; the forms keep the spec's startAfterEnd. */
export const dueBeforeStart = () => t`The due date is before the start date`;
const datesInOrder = (p: { startDate?: string | null; endDate?: string | null }) =>
  !p.startDate || !p.endDate || !isRealDay(p.startDate) || !isRealDay(p.endDate) || dayOf(p.startDate) <= dayOf(p.endDate);

// The fields a project's Create and Edit forms and its API share. A form posts an emptied field as nothing (conform
// reads '' as undefined): on a form that means "no date" or "no customer", hence the defaults.
const projectFields = {
  name: requiredText(() => t`Project name is required`),
  // Optional on Create as on Edit (decision 0048): a job often has no more words than its name.
  description: optionalText(2000),
  priority: priority.default("medium"),
  startDate: projectDay(startDateLabel).default(null),
  endDate: projectDay(dueDateLabel).default(null),
  // Who it is for and its number in the quoting or accounting software (decision 0045).
  customer: nullableText(200),
  externalReference: nullableText(100),
};

/** docs/product.md §5: the list screen's create form needs a name and a workflow; the rest is optional. */
export const ProjectCreateSchema = z
  .object({
    ...projectFields,
    workflowId: idField(
      () => t`Project workflow is required`,
      () => t`Project workflow must be a workflow id`,
    ),
  })
  .refine(datesInOrder, { error: startAfterEnd, path: ["startDate"] });

/** POST /api/projects: the create form's fields, a due date before the start refused in the API's words. */
export const ProjectCreateApiSchema = z
  .object({
    ...projectFields,
    workflowId: idField(
      () => t`Project workflow is required`,
      () => t`Project workflow must be a workflow id`,
    ),
  })
  .refine(datesInOrder, { error: dueBeforeStart, path: ["endDate"] });

/** docs/product.md §5 / docs/product.md (Decisions): editing needs a name and a valid priority; description, workflow and dates are optional. */
export const ProjectEditSchema = z
  .object({ ...projectFields, priority, workflowId: optionalWorkflowId.optional() })
  .refine(datesInOrder, { error: startAfterEnd, path: ["startDate"] });

/**
 * PATCH /api/projects/{id}: any of the create fields (docs/product.md §7 "same fields; workflowId may be omitted"),
 * made from the same field definitions so the two check the same rules; a cleared customer or reference is null.
 */
export const ProjectPatchSchema = patchOf(z.object({ ...projectFields, workflowId: optionalWorkflowId }));

/** The calendar day a date input names, for comparing two of them. */
export function dayOf(value: string): string {
  return DAY.test(value) ? value : new Date(value).toISOString().slice(0, 10);
}

const percentRange = z
  .number(check(() => t`Completion must be between 0 and 100`))
  .int()
  .min(
    0,
    check(() => t`Completion must be between 0 and 100`),
  )
  .max(
    100,
    check(() => t`Completion must be between 0 and 100`),
  );

/** The inline step editor's percent (docs/product.md §5): a whole number from 0 to 100; non-numbers become 0. */
const percent = z.preprocess((v) => {
  if (typeof v === "number") return Number.isFinite(v) ? Math.round(v) : 0;
  if (typeof v === "string") {
    const n = Number(v.trim());
    return v.trim() === "" || !Number.isFinite(n) ? 0 : Math.round(n);
  }
  return v === null || v === undefined ? v : 0;
}, percentRange);

/**
 * The API's percent (docs/product.md, Decisions: API bodies): a number or the text of one, rounded; anything else
 * is refused naming the field instead of becoming 0, which would also set the step back to 'pending'.
 */
const apiPercent = z.preprocess((v) => {
  if (typeof v === "number" && Number.isFinite(v)) return Math.round(v);
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v.trim()))) return Math.round(Number(v.trim()));
  return v;
}, percentRange);

/** 'unassigned' (or empty) is nobody (docs/product.md §5). */
const memberId = z.preprocess(
  (v) => (v === "unassigned" || v === "" || v === "none" ? null : v),
  idField(() => t`Choose a team member, or unassigned`).nullable(),
);

/** PATCH /api/workflow-steps/{id} and the inline step editor. */
export const StepPatchSchema = z.object({
  startDate: stepDate.optional(),
  endDate: stepDate.optional(),
  assignedTeamMemberId: memberId.optional(),
  percentComplete: apiPercent.optional(),
  status: oneOf(STEP_STATUSES).optional(),
  sortOrder: sortOrder.optional(),
  notes: nullableText(2000).optional(),
  version: z.number().int().positive().optional(),
});

/** POST /api/workflow-steps/{id}/assign-team-members. */
export const AssignTeamMembersSchema = z.object({
  // Required: a body without it would unassign everyone. An empty list is how a program asks for that.
  teamMemberIds: z.preprocess(
    (v) => (typeof v === "string" || typeof v === "number" ? [v] : v),
    distinct(
      z
        .array(
          idField(() => t`Team member ids must be whole numbers`),
          whenMissing(() => t`teamMemberIds is required: the step's team members, [] for nobody`),
        )
        .max(
          200,
          check(() => t`At most 200 team members`),
        ),
      () => t`Team member ids`,
    ),
  ),
});

/** The step order after a drag: the step ids in their new order (zero-based sortOrder, docs/product.md §4). */
export const StepOrderSchema = z.object({
  stepIds: z
    .array(idField(() => t`Step ids must be whole numbers`))
    .min(
      1,
      check(() => t`Send the steps in their new order`),
    )
    .max(200),
});

/** POST /api/projects/{id}/design after the PUT (docs/product.md §7): what was uploaded, named as the client saw it. */
export const DesignRecordSchema = z.object({
  fileName: requiredText(() => t`fileName is required`, 255),
  fileSize: z.number().int().min(0).optional(),
  uploadedPath: requiredText(() => t`uploadedPath is required`, 500),
});

/**
 * The project screen's inline step editor (docs/product.md §2): dates, the team members on the step and the percent. The
 * assigned members replace the step's assignments; the first is its assignee.
 */
export const StepEditFormSchema = z
  .object({
    startDate: stepDate,
    endDate: stepDate,
    percentComplete: percent.default(0),
    teamMemberIds: z.preprocess(
      (v) =>
        v === undefined || v === null || v === "" ? [] : Array.isArray(v) ? v.filter((x) => x !== "" && x !== "unassigned") : v === "unassigned" ? [] : [v],
      z.array(idField(() => t`Choose a team member, or unassigned`)).max(
        200,
        check(() => t`At most 200 team members`),
      ),
    ),
  })
  .refine((s) => !s.startDate || !s.endDate || dayOf(s.startDate) <= dayOf(s.endDate), {
    error: () => t`Start date cannot be later than end date.`,
    path: ["startDate"],
  });

/** The step order without JavaScript: one step moved one place up or down. */
export const StepMoveSchema = z.object({
  stepId: idField(() => t`Step ids must be whole numbers`),
  direction: oneOf(["up", "down"], () => t`Move a step up or down`),
});
