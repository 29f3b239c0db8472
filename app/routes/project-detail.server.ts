import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { DesignInfo } from "~/components/project/design-dialogs";
import type { ItemRow } from "~/components/project/project-items";
import type { StepRow } from "~/components/project/workflow-steps";
import { formatListDate, formatTimelineDate, zoneDate } from "~/domain/dates";
import { BadRequestError, NotFoundError } from "~/domain/errors";
import { changedFields, originalOf } from "~/domain/form-changes";
import { departmentLabel } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { fileIndicator } from "~/domain/machine-file-rules";
import { percentOf, projectBackTarget } from "~/domain/rules";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import { projectHistory } from "~/models/audit-trail.server";
import { categoryModel } from "~/models/category.server";
import { deleteDesign, getDesign, saveDesignFile } from "~/models/design.server";
import { departmentModel } from "~/models/department.server";
import { createItem, deleteItem, listProjectItems, updateItem } from "~/models/item.server";
import { materialModel } from "~/models/material.server";
import { assignTeamMembers, getProjectWithMetrics, getSteps, moveStep, refreshWorkflow, reorderSteps, updateStep } from "~/models/project.server";
import { listTeamMembers } from "~/models/team-member.server";
import { resetTimer } from "~/models/timer.server";
import { workflowModel } from "~/models/workflow.server";
import { ItemFormSchema } from "~/schemas/item";
import { StepEditFormSchema, StepMoveSchema, StepOrderSchema } from "~/schemas/project";
import { actorFrom } from "~/services/actor.server";
import { domainError, type FormReply, invalid, readForm, refused, sessionEnded, unreadableForm } from "~/services/form-action.server";
import { activePrinters, printFromPage } from "~/services/label-print.server";
import { can, requirePermission } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { qrBaseUrl, shopAddressNote } from "~/services/shop-address.server";
import { uploadedFile } from "~/services/uploads.server";
import { whoCanAdd } from "~/services/who-can-add.server";
import type { Route } from "./+types/project-detail";

// The project screen's loader and action (routes/project-detail.tsx holds the page).

const BACK_LABELS: Record<string, string> = {
  "/pre-production": "Back to Pre-Production",
  "/production": "Back to Production",
  "/fabrication": "Back to Fabrication",
  "/projects": "Back to Projects",
};

const validDate = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? d : null);

/** The project screen's data: the project, its steps, items, design and what the member may do. */
export function loadProjectDetail({ request, params }: Route.LoaderArgs) {
  const user = requirePermission(request, "read");
  const id = parseIdParam(params.id);
  const project = id === null ? undefined : getProjectWithMetrics(id);
  if (!project) return data({ project: null }, { status: 404, headers: { "Cache-Control": "no-store" } });
  const tz = getEnv().SHOP_TIMEZONE;
  const canWrite = can(user, "projects:write");
  const steps = getSteps({ projectId: project.id });
  const departments = departmentModel.list();
  const byValue = new Map(departments.map((d) => [d.value, d]));
  const deptName = (v: string) => byValue.get(v)?.name ?? departmentLabel(v);
  const items = listProjectItems(project.id);
  const design = getDesign(project.id);

  // docs/product.md §2 Timeline: earliest start and latest end among the steps, in the shop's zone.
  const starts = steps.map((s) => validDate(s.startDate)).filter((d): d is Date => d !== null);
  const ends = steps.map((s) => validDate(s.endDate)).filter((d): d is Date => d !== null);
  const timeline =
    starts.length || ends.length
      ? {
          start: starts.length ? formatTimelineDate(Math.min(...starts.map((d) => d.getTime())), tz) : "Not set",
          end: ends.length ? formatTimelineDate(Math.max(...ends.map((d) => d.getTime())), tz) : "Not set",
        }
      : null;
  const dateText = (d: Date | null) => (d === null ? "Not set" : Number.isNaN(d.getTime()) ? "Invalid date" : formatListDate(d, tz));
  const dateInput = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? zoneDate(d, tz) : "");
  const stepRows: StepRow[] = steps.map((s) => ({
    id: s.id,
    department: s.department,
    departmentName: deptName(s.department),
    departmentColor: byValue.get(s.department)?.color ?? null,
    status: s.status,
    percentComplete: s.percentComplete,
    startText: dateText(s.startDate),
    endText: dateText(s.endDate),
    startInput: dateInput(s.startDate),
    endInput: dateInput(s.endDate),
    members: s.assignedTeamMembers.length
      ? s.assignedTeamMembers
      : s.assignedTeamMemberId !== null && s.assignedTeamMemberName
        ? [{ id: s.assignedTeamMemberId, name: s.assignedTeamMemberName }]
        : [],
  }));
  const itemRows: ItemRow[] = items.map((i) => ({
    id: i.id,
    name: i.name,
    category: i.category,
    material: i.material,
    quantity: i.quantity,
    departmentName: deptName(i.department ?? "pre-production"),
    isTimerActive: i.isTimerActive,
    sessionStart: i.isTimerActive && i.currentSessionStart ? new Date(i.currentSessionStart).getTime() : null,
    totalTimeSeconds: i.totalTimeSeconds,
    fileCount: i.fileCount,
    fileIndicator: fileIndicator(i.material, i.fileDescriptions),
    version: i.version,
  }));
  const now = Date.now();
  const runningSeconds = itemRows.reduce((sum, i) => sum + (i.sessionStart ? Math.max(0, (now - i.sessionStart) / 1000) : 0), 0);
  const itemsWithFiles = itemRows.filter((i) => i.fileCount > 0).length;
  const back = projectBackTarget(user.department, steps);
  const designInfo: DesignInfo | null = design
    ? {
        fileName: design.fileName,
        fileSize: design.fileSize,
        proxyUrl: `/api/pdf-proxy?url=${encodeURIComponent(design.filePath)}`,
        uploadedText: formatTimelineDate(design.uploadedAt, tz),
      }
    : null;
  return data(
    {
      project: {
        id: project.id,
        name: project.name,
        description: project.description,
        priority: project.priority,
        status: project.status,
        workflowId: project.workflowId,
        workflowName: project.workflowName,
        version: project.version,
      },
      metrics: {
        completedSteps: project.completedSteps,
        totalSteps: project.totalSteps,
        stepPercent: project.stepCompletionPercentage,
        totalFiles: project.totalFiles,
        itemsWithFilesPercent: percentOf(itemsWithFiles, itemRows.length),
        completedItems: project.completedItems,
        totalItems: project.totalItems,
        itemsWithFiles,
        activeTimers: itemRows.filter((i) => i.isTimerActive).length,
        totalSeconds: project.totalTimeSeconds,
        runningSeconds,
        runningCount: itemRows.filter((i) => i.sessionStart !== null).length,
      },
      timeline,
      steps: stepRows,
      hasInstance: steps.length > 0,
      items: itemRows,
      design: designInfo,
      canWrite,
      canReset: can(user, "timers:reset"),
      members: canWrite
        ? listTeamMembers()
            .filter((m) => m.isActive)
            .map((m) => ({ id: m.id, name: m.name }))
        : [],
      categories: canWrite ? categoryModel.list().map((c) => c.name) : [],
      materials: canWrite ? materialModel.list().map((m) => m.name) : [],
      whoCanAdd: whoCanAdd(user, canWrite),
      workflows: canWrite ? workflowModel.list().map((w) => ({ id: w.id, name: w.name })) : [],
      back: { to: back, label: BACK_LABELS[back] ?? "Back" },
      // The label's payload for the QR dialog: {PUBLIC_URL}/qr/{id}, or this request's origin without PUBLIC_URL.
      qrBase: qrBaseUrl(request),
      addressNote: shopAddressNote(request),
      maxUploadMb: getEnv().MAX_UPLOAD_MB,
      now,
      history: projectHistory(project.id, { timeZone: tz, departmentName: deptName }),
      // The full audit trail is management's (Global Settings); others see the History alone.
      auditTrail: can(user, "settings:write") ? `/settings/audit?project=${project.id}` : null,
      printers: activePrinters(),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

type Intent =
  | "update-step"
  | "move-step"
  | "reorder-steps"
  | "refresh-workflow"
  | "create-item"
  | "update-item"
  | "delete-item"
  | "upload-design"
  | "remove-design"
  | "reset-timer";
const INTENTS: readonly Intent[] = [
  "update-step",
  "move-step",
  "reorder-steps",
  "refresh-workflow",
  "create-item",
  "update-item",
  "delete-item",
  "upload-design",
  "remove-design",
  "reset-timer",
];

/** docs/product.md §8: the toast title and fallback text of each failure. */
const FAILURE: Record<Intent, { title: string; fallback: string }> = {
  "update-step": { title: "Update Failed", fallback: "Failed to update workflow step" },
  "move-step": { title: "Error", fallback: "Failed to reorder workflow steps" },
  "reorder-steps": { title: "Error", fallback: "Failed to reorder workflow steps" },
  "refresh-workflow": { title: "Refresh Failed", fallback: "Failed to refresh workflow" },
  "create-item": { title: "Error", fallback: "Failed to create item" },
  "update-item": { title: "Error", fallback: "Failed to update item" },
  "delete-item": { title: "Error", fallback: "Failed to delete item" },
  "upload-design": { title: "Error", fallback: "Failed to upload file" },
  "remove-design": { title: "Error", fallback: "Failed to remove design" },
  "reset-timer": { title: "Error", fallback: "Failed to reset timer" },
};

const ITEM_GONE = "This item no longer exists. Someone else may have deleted it.";

const success = (request: Request, to: string, description: string, title = "Success") => redirectWithToast(request, to, { title, description });

/** Every form of the project screen posts here, named by its `intent`. */
export async function projectDetailAction({ request, params }: Route.ActionArgs) {
  const projectId = parseIdParam(params.id);
  if (projectId === null) throw data("Project not found", { status: 404 });
  const here = `/projects/${projectId}`;
  const formData = await readForm(request);
  if (!formData) return unreadableForm();
  // Every item's label straight to a label printer of Global Settings, answered with a toast.
  if (formData.get("intent") === "print-labels") return printFromPage(request, formData, here, { projectId });
  const intent = String(formData.get("intent") ?? "") as Intent;
  if (!INTENTS.includes(intent)) throw data("Unknown form", { status: 400 });
  const rawItem = formData.get("itemId");
  const itemId = rawItem === null ? null : parseIdParam(String(rawItem));
  const rawStep = formData.get("stepId");
  const formId =
    intent === "update-step" ? `step-${rawStep}-form` : intent === "create-item" ? "item-new" : intent === "update-item" ? `item-${rawItem}` : intent;

  // A session that ended while the form was open: keep what was typed and ask for the PIN again.
  if (!getUser(request)) return sessionEnded(formId);
  // Everything here changes the project; resetting an item's timer needs the same keys (docs/product.md (Decisions)).
  const user = requirePermission(request, intent === "reset-timer" ? "timers:reset" : "projects:write");
  const actor = actorFrom(request, user);
  const fail = (status: number, message: string, result?: SubmissionResult<string[]>) =>
    refused(
      formId,
      status,
      { title: FAILURE[intent].title, description: message || FAILURE[intent].fallback },
      result ?? { status: "error", error: { "": [message] } },
    );
  const known = domainError;

  try {
    switch (intent) {
      case "update-step": {
        const stepId = parseIdParam(String(rawStep ?? ""));
        if (stepId === null) return fail(404, "This workflow step no longer exists. Someone else may have removed it.");
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
            if (!saved) return fail(404, "This workflow step no longer exists. Someone else may have removed it.");
            department = saved.department;
          }
          if (membersChanged) {
            const saved = assignTeamMembers(stepId, teamMemberIds, actor);
            if (!saved) return fail(404, "This workflow step no longer exists. Someone else may have removed it.");
            department = saved.department;
          }
        } catch (error) {
          const e = known(error);
          // docs/product.md §5 Step dates: the date rules come back as 'Invalid Date' with the message under the date field.
          if (e instanceof BadRequestError && /date/i.test(e.message)) {
            return refused(
              formId,
              400,
              { title: "Invalid Date", description: e.message },
              submission.reply({ fieldErrors: { [/^End/.test(e.message) ? "endDate" : "startDate"]: [e.message] } }),
            );
          }
          return fail(e.status, e.message, submission.reply({ formErrors: [e.message] }));
        }
        return success(request, `${here}#step-${stepId}`, department ? `${departmentLabel(department)} step saved.` : "Nothing was changed.", "Step Updated");
      }
      case "move-step": {
        const submission = parseWithZod(formData, { schema: StepMoveSchema });
        if (submission.status !== "success") return fail(400, "Failed to reorder workflow steps");
        try {
          moveStep(projectId, submission.value.stepId, submission.value.direction, actor);
        } catch (error) {
          const e = known(error);
          return fail(e.status, e.message);
        }
        return success(request, `${here}#step-${submission.value.stepId}`, "Workflow steps reordered successfully");
      }
      case "reorder-steps": {
        const submission = parseWithZod(formData, { schema: StepOrderSchema });
        if (submission.status !== "success") return fail(400, "Failed to reorder workflow steps");
        reorderSteps(projectId, submission.value.stepIds, actor);
        return data<FormReply>({
          formId,
          result: null,
          toast: { title: "Success", description: "Workflow steps reordered successfully", variant: "default" },
          reauth: false,
        });
      }
      case "refresh-workflow":
        refreshWorkflow(projectId, actor);
        return success(request, here, "The steps follow the workflow's departments again.", "Workflow Refreshed");
      case "create-item":
      case "update-item": {
        const submission = parseWithZod(formData, { schema: ItemFormSchema });
        if (submission.status !== "success") return invalid(formId, submission.reply());
        try {
          if (intent === "create-item") {
            createItem({ ...submission.value, projectId }, actor);
            return success(request, here, "Item created successfully with QR code!");
          }
          const { patch, expected } = changedFields(submission.value, originalOf(formData));
          if (itemId === null || !updateItem(itemId, patch, actor, { expected, inProject: projectId })) throw new NotFoundError(ITEM_GONE);
          return success(request, here, "Item updated successfully");
        } catch (error) {
          const e = known(error);
          return fail(e.status, e.message, submission.reply({ formErrors: [e.message] }));
        }
      }
      case "delete-item": {
        if (itemId === null || !deleteItem(itemId, actor, { inProject: projectId })) return fail(404, ITEM_GONE);
        return success(request, here, "Item deleted successfully");
      }
      case "upload-design": {
        // Written to disk as it arrived by the HTTP layer (services/uploads.server), never held in memory.
        const file = uploadedFile(request, "file");
        if (!file || file.size === 0) return refused(formId, 400, { title: "Invalid file type", description: "Please select a PDF file" });
        try {
          await saveDesignFile(projectId, file, actor, Math.ceil(getEnv().MAX_UPLOAD_MB * 1024 * 1024));
        } catch (error) {
          const e = known(error);
          if (e.message === "Please select a PDF file") {
            return data<FormReply>(
              { formId, result: null, toast: { title: "Invalid file type", description: e.message, variant: "destructive" }, reauth: false },
              { status: 400 },
            );
          }
          return fail(e.status, e.message);
        }
        return success(request, here, "Design uploaded successfully!");
      }
      case "reset-timer": {
        if (itemId === null) return fail(404, ITEM_GONE);
        try {
          resetTimer(itemId, actor, { inProject: projectId });
        } catch (error) {
          if (error instanceof NotFoundError) return fail(404, ITEM_GONE);
          throw error;
        }
        return success(request, here, "Timer reset successfully.");
      }
      case "remove-design":
        if (!deleteDesign(projectId, actor)) return fail(404, "This project has no design to remove.");
        return success(request, here, "Design removed successfully!");
    }
  } catch (error) {
    const e = known(error);
    return fail(e.status, e.message);
  }
}
