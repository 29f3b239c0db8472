import { t } from "@lingui/core/macro";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { BadRequestError, NotFoundError } from "~/domain/errors";
import { changedFields, originalOf } from "~/domain/form-changes";
import { departmentLabel } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { redirectWithToast } from "~/http/toast-cookie.server";
import type { Actor } from "~/models/audit.server";
import { deleteDesign, saveDesignFile } from "~/models/design.server";
import { createItem, deleteItem, updateItem } from "~/models/item.server";
import {
  assignTeamMembers,
  moveStep,
  refreshWorkflow,
  reorderSteps,
  stepEndBeforeStart,
  stepStartAfterEnd,
  updateProject,
  updateStep,
} from "~/models/project.server";
import { jobEndIntents } from "~/views/job-end-form.server";
import { resetTimer } from "~/models/timer.server";
import { planProjectSteps } from "~/models/step-planner.server";
import { customerLinkIntents } from "~/views/customer-link-form.server";
import { addEntryDetour } from "~/views/add-entry-detour.server";
import { projectGone, saveProjectEdit } from "~/views/project-edit.server";
import { ItemFormSchema } from "~/schemas/item";
import { StepEditFormSchema, StepMoveSchema, StepOrderSchema } from "~/schemas/project";
import { domainError, type FormReply, invalid, refused } from "~/views/form-action.server";
import type { Permission } from "~/services/permissions.server";
import { maxUploadBytes, uploadedFile } from "~/pipeline/uploads.server";

// The project screen's forms, one handler each, named by the form's `intent` (routes/project-detail.server.ts
// reads the post and the session, then calls the handler). Every rule lives in the models; a handler reads its
// form, calls the model and says what happened in the words of docs/product.md §8.

type FormAnswer = ReturnType<typeof refused>;

/** What a handler is given: the post, the project it is about, who sends it, and how to refuse it. */
export type IntentContext = {
  request: Request;
  formData: FormData;
  projectId: number;
  /** The project screen's address, where every save goes back to. */
  here: string;
  formId: string;
  actor: Actor;
  /** The item an item form names (`itemId`), or null when it names none or not a number. */
  itemId: number | null;
  /** A refused save: this form's toast (its fallback text when `message` is empty) and the message in the form. */
  fail: (status: number, message: string, result?: SubmissionResult<string[]>) => FormAnswer;
};

export type ProjectForm = {
  /**
   * The toast title and fallback text of a failure (docs/product.md §8): a function is read when the form fails, in
   * that request's language (a getter would be read once, when the table below is built, by its spread).
   */
  title: string | (() => string);
  fallback: string | (() => string);
  /** What the sender must be allowed to do; changing the project unless said otherwise. */
  permission?: Permission;
  /** The id of the form on the page that shows the answer; the intent itself unless said otherwise. */
  formId?: (formData: FormData) => string;
  handle: (c: IntentContext) => Response | FormAnswer | Promise<Response | FormAnswer>;
};

const itemGone = () => t`This item no longer exists. Someone else may have deleted it.`;
const stepGone = () => t`This workflow step no longer exists. Someone else may have removed it.`;

const success = (request: Request, to: string, description: string, title = t`Success`) => redirectWithToast(request, to, { title, description });

/** A form's toast title and fallback text, read in the language of the request that fails. */
const words = (title: () => string, fallback: () => string) => ({ title, fallback });

/** A form's title or fallback as the request being answered says it. */
export const formWords = (v: string | (() => string)) => (typeof v === "function" ? v() : v);

function saveStep({ request, formData, here, formId, actor, fail }: IntentContext) {
  const stepId = parseIdParam(String(formData.get("stepId") ?? ""));
  if (stepId === null) return fail(404, stepGone());
  const submission = parseWithZod(formData, { schema: StepEditFormSchema });
  if (submission.status !== "success") return invalid(formId, submission.reply());
  const { teamMemberIds, ...fields } = submission.value;
  const original = originalOf(formData);
  const { patch, expected } = changedFields(fields, original);
  const membersChanged = !original || JSON.stringify(original.teamMemberIds ?? []) !== JSON.stringify(teamMemberIds);
  let department: string | undefined;
  try {
    if (Object.keys(patch).length) {
      const saved = updateStep(stepId, patch, actor, { expected });
      if (!saved) return fail(404, stepGone());
      department = saved.department;
    }
    if (membersChanged) {
      const saved = assignTeamMembers(stepId, teamMemberIds, actor);
      if (!saved) return fail(404, stepGone());
      department = saved.department;
    }
  } catch (error) {
    const e = domainError(error);
    // docs/product.md §5 Step dates: the date rules come back as 'Invalid Date' with the message under the date field.
    const endDate = e.message === stepEndBeforeStart() || /^End/.test(e.message);
    if (e instanceof BadRequestError && (endDate || e.message === stepStartAfterEnd() || e.message === t`Invalid date` || /date/i.test(e.message))) {
      return refused(
        formId,
        400,
        { title: t`Invalid Date`, description: e.message },
        submission.reply({ fieldErrors: { [endDate ? "endDate" : "startDate"]: [e.message] } }),
      );
    }
    return fail(e.status, e.message, submission.reply({ formErrors: [e.message] }));
  }
  const label = department ? departmentLabel(department) : "";
  return success(request, `${here}#step-${stepId}`, department ? t`${label} step saved.` : t`Nothing was changed.`, t`Step Updated`);
}

/** The item form, adding an item (`create`) or saving one of this project's. */
function saveItem({ request, formData, projectId, here, formId, actor, itemId, fail }: IntentContext, create: boolean) {
  // 'Add a material' / 'Add a product': on to Settings with what was typed, nothing saved.
  const detour = addEntryDetour(formData);
  if (detour) return detour;
  const submission = parseWithZod(formData, { schema: ItemFormSchema });
  if (submission.status !== "success") return invalid(formId, submission.reply());
  try {
    if (create) {
      createItem({ ...submission.value, projectId }, actor);
      return success(request, here, t`Item created successfully with QR code!`);
    }
    const { patch, expected } = changedFields(submission.value, originalOf(formData));
    if (itemId === null || !updateItem(itemId, patch, actor, { expected, inProject: projectId })) throw new NotFoundError(itemGone());
    return success(request, here, t`Item updated successfully`);
  } catch (error) {
    const e = domainError(error);
    return fail(e.status, e.message, submission.reply({ formErrors: [e.message] }));
  }
}

/** Every form of the project screen, by its `intent`. */
export const PROJECT_FORMS = {
  "update-step": {
    ...words(
      () => t`Update Failed`,
      () => t`Failed to update workflow step`,
    ),
    formId: (f) => `step-${f.get("stepId")}-form`,
    handle: saveStep,
  },
  "move-step": {
    ...words(
      () => t`Error`,
      () => t`Failed to reorder workflow steps`,
    ),
    handle: ({ request, formData, projectId, here, actor, fail }) => {
      const submission = parseWithZod(formData, { schema: StepMoveSchema });
      if (submission.status !== "success") return fail(400, t`Failed to reorder workflow steps`);
      try {
        moveStep(projectId, submission.value.stepId, submission.value.direction, actor);
      } catch (error) {
        const e = domainError(error);
        return fail(e.status, e.message);
      }
      return success(request, `${here}#step-${submission.value.stepId}`, t`Workflow steps reordered successfully`);
    },
  },
  // Dragging a step (JavaScript only): answered in place, with a toast, instead of reloading the page.
  "reorder-steps": {
    ...words(
      () => t`Error`,
      () => t`Failed to reorder workflow steps`,
    ),
    handle: ({ formData, projectId, formId, actor, fail }) => {
      const submission = parseWithZod(formData, { schema: StepOrderSchema });
      if (submission.status !== "success") return fail(400, t`Failed to reorder workflow steps`);
      reorderSteps(projectId, submission.value.stepIds, actor);
      return data<FormReply>({
        formId,
        result: null,
        toast: { title: t`Success`, description: t`Workflow steps reordered successfully`, variant: "default" },
        reauth: false,
      });
    },
  },
  "refresh-workflow": {
    ...words(
      () => t`Refresh Failed`,
      () => t`Failed to refresh workflow`,
    ),
    handle: ({ request, projectId, here, actor }) => {
      refreshWorkflow(projectId, actor);
      return success(request, here, t`The steps follow the workflow's departments again.`, t`Workflow Refreshed`);
    },
  },
  // Plan the steps: the empty step dates, backwards from the due date (docs/product.md, Decisions: Due dates).
  "plan-steps": {
    ...words(
      () => t`Nothing planned`,
      () => t`The steps could not be planned`,
    ),
    handle: ({ request, projectId, here, actor, fail }) => {
      try {
        const planned = planProjectSteps(projectId, actor);
        if (!planned) return fail(404, t`This project no longer exists.`);
        return success(request, here, planned.summary, planned.changed.length ? t`Steps planned` : t`Nothing planned`);
      } catch (error) {
        const e = domainError(error);
        return fail(e.status, e.message);
      }
    },
  },
  "create-item": {
    ...words(
      () => t`Error`,
      () => t`Failed to create item`,
    ),
    formId: () => "item-new",
    handle: (c) => saveItem(c, true),
  },
  "update-item": {
    ...words(
      () => t`Error`,
      () => t`Failed to update item`,
    ),
    formId: (f) => `item-${f.get("itemId")}`,
    handle: (c) => saveItem(c, false),
  },
  "delete-item": {
    ...words(
      () => t`Error`,
      () => t`Failed to delete item`,
    ),
    handle: ({ request, projectId, here, actor, itemId, fail }) => {
      if (itemId === null || !deleteItem(itemId, actor, { inProject: projectId })) return fail(404, itemGone());
      return success(request, here, t`Item deleted successfully`);
    },
  },
  "upload-design": {
    ...words(
      () => t`Error`,
      () => t`Failed to upload file`,
    ),
    handle: async ({ request, projectId, here, formId, actor, fail }) => {
      // Written to disk as it arrived by the HTTP layer (pipeline/uploads.server), never held in memory.
      const file = uploadedFile(request, "file");
      if (!file || file.size === 0) return refused(formId, 400, { title: t`Invalid file type`, description: t`Please select a PDF file` });
      try {
        await saveDesignFile(projectId, file, actor, maxUploadBytes());
      } catch (error) {
        const e = domainError(error);
        if (e.message === t`Please select a PDF file`) {
          return data<FormReply>(
            { formId, result: null, toast: { title: t`Invalid file type`, description: e.message, variant: "destructive" }, reauth: false },
            { status: 400 },
          );
        }
        return fail(e.status, e.message);
      }
      return success(request, here, t`Design uploaded successfully!`);
    },
  },
  "remove-design": {
    ...words(
      () => t`Error`,
      () => t`Failed to remove design`,
    ),
    handle: ({ request, projectId, here, actor, fail }) => {
      if (!deleteDesign(projectId, actor)) return fail(404, t`This project has no design to remove.`);
      return success(request, here, t`Design removed successfully!`);
    },
  },
  // Resetting an item's timer needs the timer-reset key, not the key to change the project (docs/product.md (Decisions)).
  "reset-timer": {
    ...words(
      () => t`Error`,
      () => t`Failed to reset timer`,
    ),
    permission: "timers:reset",
    handle: ({ request, projectId, here, actor, itemId, fail }) => {
      if (itemId === null) return fail(404, itemGone());
      try {
        resetTimer(itemId, actor, { inProject: projectId });
      } catch (error) {
        const e = domainError(error);
        return e instanceof NotFoundError ? fail(404, itemGone()) : fail(e.status, e.message);
      }
      return success(request, here, t`Timer reset successfully.`);
    },
  },
  // Edit Project from this page posts here, so a refused save (someone else's change, a rule) stays on this page.
  "update-project": {
    ...words(
      () => t`Error`,
      () => t`Failed to update project`,
    ),
    formId: (f) => `project-${f.get("_id")}`,
    handle: ({ request, formData, projectId, here, formId, actor }) => saveProjectEdit({ request, formData, projectId, actor, formId, back: here }),
  },
  // 'Make it rush' beside the rush preview (decision 0038): what the preview showed, saved and audited as an edit.
  "make-rush": {
    ...words(
      () => t`Error`,
      () => t`Failed to update project`,
    ),
    handle: ({ request, projectId, here, actor, fail }) => {
      const saved = updateProject(projectId, { priority: "rush" }, actor);
      if (!saved) return fail(404, projectGone());
      const name = saved.name;
      return success(request, here, t`${name} is now rush.`, t`Rush`);
    },
  },
  // The project's customer status links (decision 0043): made (the link shown once, in the answer) and revoked.
  ...customerLinkIntents,
  // 'Follow the floor' on a step set by hand, and Reopen project (decision 0048).
  ...jobEndIntents,
} satisfies Record<string, ProjectForm>;
