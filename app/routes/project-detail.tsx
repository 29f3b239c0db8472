import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useState } from "react";
import { data, Form, Link, useActionData, useNavigate, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { Icon, type IconName } from "~/components/icons";
import { ProjectForm } from "~/components/project-form";
import { QrCodeDialog } from "~/components/qr-code-dialog";
import { DesignUploadDialog, DesignViewerDialog, type DesignInfo } from "~/components/project/design-dialogs";
import { DeleteItemForm, ItemForm, ProjectItems, type ItemRow } from "~/components/project/project-items";
import { WorkflowSteps, type StepRow } from "~/components/project/workflow-steps";
import { useReauthRetry } from "~/components/reauth";
import { ResetTimerForm } from "~/components/reset-timer-form";
import { StaticToast, useToast } from "~/components/toaster";
import { Badge, btn, cardClass, inputClass, UrlDialog } from "~/components/ui";
import { categoryModel } from "~/models/category.server";
import { deleteDesign, getDesign, saveDesignFile, UploadRefused } from "~/models/design.server";
import { departmentModel } from "~/models/department.server";
import { createItem, deleteItem, getItem, listProjectItems, updateItem } from "~/models/item.server";
import { materialModel } from "~/models/material.server";
import { assignTeamMembers, getProjectWithMetrics, getSteps, moveStep, refreshWorkflow, reorderSteps, updateStep } from "~/models/project.server";
import { listTeamMembers } from "~/models/team-member.server";
import { resetTimer } from "~/models/timer.server";
import { workflowModel } from "~/models/workflow.server";
import { ItemFormSchema } from "~/schemas/item";
import { StepEditFormSchema, StepMoveSchema, StepOrderSchema } from "~/schemas/project";
import { actorFrom } from "~/services/actor.server";
import { can, requirePermission, SESSION_ENDED } from "~/services/permissions.server";
import { uploadedFile } from "~/services/uploads.server";
import { getUser } from "~/services/session.server";
import { whoCanAdd } from "~/services/who-can-add.server";
import { colorClass } from "~/domain/colors";
import { projectHistory } from "~/models/audit-trail.server";
import { History } from "~/components/history";
import { SheetLabelsForm } from "~/components/project/sheet-labels-form";
import { Popover } from "~/components/popover";
import { formatListDate, formatTimelineDate, zoneDate } from "~/domain/dates";
import { percentOf, projectBackTarget } from "~/domain/rules";
import { getEnv } from "~/infra/env.server";
import { BadRequestError, ConflictError, NotFoundError } from "~/domain/errors";
import { changedFields, originalOf } from "~/domain/form-changes";
import { departmentLabel, formatHMS } from "~/domain/format";
import { fileIndicator } from "~/domain/machine-file-rules";
import { parseIdParam } from "~/domain/ids";
import { qrBaseUrl, shopAddressNote } from "~/services/shop-address.server";
import { ShopAddressNotice } from "~/components/shop-address-notice";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { useHydrated } from "~/hooks/use-hydrated";
import type { Route } from "./+types/project-detail";
import { LiveIndicator, useLiveData } from "~/components/live";
import { activePrinters, printFromPage } from "~/services/label-print.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [{ title: `${loaderData?.project?.name ?? "Project not found"} · Shopflow` }];
}

const BACK_LABELS: Record<string, string> = {
  "/pre-production": "Back to Pre-Production",
  "/production": "Back to Production",
  "/fabrication": "Back to Fabrication",
  "/projects": "Back to Projects",
};

const validDate = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? d : null);

export function loader({ request, params }: Route.LoaderArgs) {
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

// Opening or closing a dialog or the step editor only changes the URL: no need to reload the data.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The same address: a live update (or a click on the current page) asks for fresh data.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (formMethod) return defaultShouldRevalidate;
  if (currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  // Leaving the upload dialog after a JavaScript upload reloads the design.
  return currentUrl.searchParams.get("dialog") === "design" && nextUrl.searchParams.get("dialog") !== "design";
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

const success = (request: Request, to: string, description: string, title = "Success") => redirectWithToast(request, to, { title, description });

export async function action({ request, params }: Route.ActionArgs) {
  const projectId = parseIdParam(params.id);
  if (projectId === null) throw data("Project not found", { status: 404 });
  const here = `/projects/${projectId}`;
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    return data(
      { formId: "", result: null, toast: { title: "Error", description: "The form could not be read.", variant: "destructive" as const }, reauth: false },
      { status: 400 },
    );
  }
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
  if (!getUser(request)) {
    return data({ formId, result: { status: "error" as const, error: { "": [SESSION_ENDED] } }, toast: null, reauth: true }, { status: 401 });
  }
  // Everything here changes the project; resetting an item's timer needs the same keys (docs/product.md (Decisions)).
  const user = requirePermission(request, intent === "reset-timer" ? "timers:reset" : "projects:write");
  const actor = actorFrom(request, user);
  const fail = (status: number, message: string, result: unknown = { status: "error", error: { "": [message] } }) =>
    data(
      {
        formId,
        result,
        toast: { title: FAILURE[intent].title, description: message || FAILURE[intent].fallback, variant: "destructive" as const },
        reauth: false,
      },
      { status },
    );
  const known = (error: unknown) => {
    if (error instanceof ConflictError || error instanceof BadRequestError || error instanceof NotFoundError || error instanceof UploadRefused) return error;
    throw error;
  };

  try {
    switch (intent) {
      case "update-step": {
        const stepId = parseIdParam(String(rawStep ?? ""));
        if (stepId === null) return fail(404, "This workflow step no longer exists. Someone else may have removed it.");
        const submission = parseWithZod(formData, { schema: StepEditFormSchema });
        if (submission.status !== "success") return data({ formId, result: submission.reply(), toast: null, reauth: false }, { status: 400 });
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
            return data(
              {
                formId,
                result: submission.reply({ fieldErrors: { [/^End/.test(e.message) ? "endDate" : "startDate"]: [e.message] } }),
                toast: { title: "Invalid Date", description: e.message, variant: "destructive" as const },
                reauth: false,
              },
              { status: 400 },
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
        return data({
          formId,
          result: null,
          toast: { title: "Success", description: "Workflow steps reordered successfully", variant: "default" as const },
          reauth: false,
        });
      }
      case "refresh-workflow":
        refreshWorkflow(projectId, actor);
        return success(request, here, "The steps follow the workflow's departments again.", "Workflow Refreshed");
      case "create-item":
      case "update-item": {
        const submission = parseWithZod(formData, { schema: ItemFormSchema });
        if (submission.status !== "success") return data({ formId, result: submission.reply(), toast: null, reauth: false }, { status: 400 });
        try {
          if (intent === "create-item") {
            createItem({ ...submission.value, projectId }, actor);
            return success(request, here, "Item created successfully with QR code!");
          }
          if (itemId === null || getItem(itemId)?.projectId !== projectId)
            throw new NotFoundError("This item no longer exists. Someone else may have deleted it.");
          const { patch, expected } = changedFields(submission.value, originalOf(formData));
          if (!updateItem(itemId, patch, actor, { expected })) throw new NotFoundError("This item no longer exists. Someone else may have deleted it.");
          return success(request, here, "Item updated successfully");
        } catch (error) {
          const e = known(error);
          return fail(e.status, e.message, submission.reply({ formErrors: [e.message] }));
        }
      }
      case "delete-item": {
        if (itemId === null || getItem(itemId)?.projectId !== projectId || !deleteItem(itemId, actor)) {
          return fail(404, "This item no longer exists. Someone else may have deleted it.");
        }
        return success(request, here, "Item deleted successfully");
      }
      case "upload-design": {
        // Written to disk as it arrived by the HTTP layer (services/uploads.server), never held in memory.
        const file = uploadedFile(request, "file");
        if (!file || file.size === 0) {
          const toast = { title: "Invalid file type", description: "Please select a PDF file", variant: "destructive" as const };
          return data({ formId, result: { status: "error", error: { "": [toast.description] } }, toast, reauth: false }, { status: 400 });
        }
        try {
          await saveDesignFile(projectId, file, actor, Math.ceil(getEnv().MAX_UPLOAD_MB * 1024 * 1024));
        } catch (error) {
          const e = known(error);
          if (e.message === "Please select a PDF file") {
            return data(
              { formId, result: null, toast: { title: "Invalid file type", description: e.message, variant: "destructive" as const }, reauth: false },
              { status: 400 },
            );
          }
          return fail(e.status, e.message);
        }
        return success(request, here, "Design uploaded successfully!");
      }
      case "reset-timer": {
        if (itemId === null || getItem(itemId)?.projectId !== projectId) return fail(404, "This item no longer exists. Someone else may have deleted it.");
        resetTimer(itemId, actor);
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

function SummaryCard({ title, icon, children }: { title: string; icon: IconName; children: React.ReactNode }) {
  return (
    <div className={`p-4 ${cardClass}`}>
      <h2 className="flex items-center gap-2 text-sm font-semibold text-ink-muted">
        <Icon name={icon} className="h-4 w-4" />
        {title}
      </h2>
      <div className="mt-2 text-base text-ink">{children}</div>
    </div>
  );
}

/** The project's total time: the items' totals plus every running session, ticking each second (docs/product.md §4). */
function LiveTotal({ base, runningSeconds, runningCount, serverNow }: { base: number; runningSeconds: number; runningCount: number; serverNow: number }) {
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    if (runningCount === 0) return;
    // Counted from the server's clock: the floor PC's own clock may be off.
    const offset = serverNow - Date.now();
    const tick = () => setElapsed(Math.max(0, (Date.now() + offset - serverNow) / 1000));
    const t = setInterval(tick, 1000);
    return () => clearInterval(t);
  }, [runningCount, serverNow]);
  return <span className="font-mono text-2xl font-semibold tabular-nums">{formatHMS(base + runningSeconds + runningCount * elapsed)}</span>;
}

const PRIORITY_COLORS: Record<string, string> = { rush: "red", high: "orange", medium: "blue", low: "green" };

export default function ProjectDetail({ loaderData, params }: Route.ComponentProps) {
  const [search] = useSearchParams();
  // Everything on this page belongs to the project: its steps, items, timers, files and design.
  const live = useLiveData((n) => n.projectId !== null && String(n.projectId) === params.id);
  const navigate = useNavigate();
  const toast = useToast();
  const hydrated = useHydrated();
  const actionData = useActionData<typeof action>();
  const { onSubmitCapture, dialog: reauthDialog } = useReauthRetry(actionData);
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData, toast]);

  const project = loaderData.project;
  const viewDesign = search.get("view") === "design";
  const proxyUrl = "design" in loaderData ? loaderData.design?.proxyUrl : undefined;
  useEffect(() => {
    // docs/product.md §2: ?view=design opens the design in a new tab, then the parameter goes.
    if (!viewDesign || !project) return;
    if (proxyUrl) window.open(proxyUrl, "_blank", "noopener");
    const next = new URLSearchParams(search);
    next.delete("view");
    const q = next.toString();
    navigate(`/projects/${project.id}${q ? `?${q}` : ""}`, { replace: true, preventScrollReset: true });
  }, [viewDesign, proxyUrl, project, search, navigate]);

  if (!project || !("steps" in loaderData)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">Project not found</h1>
        <p className="mt-2 text-base text-ink-muted wrap-anywhere">No project has the id {params.id}.</p>
        <div className="mt-6">
          <Link to="/projects" className={btn.secondary}>
            Back
          </Link>
        </div>
      </div>
    );
  }
  const { metrics, design, canWrite } = loaderData;
  const here = `/projects/${project.id}`;
  // Without JavaScript a refused item form renders this URL without ?dialog: reopen that form with its errors.
  const failedItem = actionData?.result ? /^item-(new|\d+)$/.exec(actionData.formId ?? "") : null;
  const dialog = search.get("dialog") ?? (failedItem ? (failedItem[1] === "new" ? "add-item" : "edit-item") : null);
  const itemParam = parseIdParam(search.get("item") ?? (failedItem && failedItem[1] !== "new" ? failedItem[1]! : ""));
  const dialogItem = itemParam === null ? undefined : loaderData.items.find((i) => i.id === itemParam);
  // The same for a refused step save: its row reopens with what was typed and the message.
  const failedStep = actionData?.result ? /^step-(\d+)-form$/.exec(actionData.formId ?? "") : null;
  const editStep = parseIdParam(search.get("edit-step") ?? failedStep?.[1] ?? "");
  const resultFor = (formId: string) => (actionData?.formId === formId ? (actionData.result as SubmissionResult<string[]>) : undefined);
  const rush = project.priority === "rush";

  return (
    <div className="mx-auto max-w-6xl px-4 py-6 sm:px-6" onSubmitCapture={onSubmitCapture}>
      {reauthDialog}
      {/* Without JavaScript no script shows the action's toast: drawn here, so no refusal is silent. */}
      {!hydrated && actionData?.toast ? <StaticToast toast={actionData.toast} /> : null}
      <Link to={loaderData.back.to} className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        ← {loaderData.back.label}
      </Link>
      <header className={`mt-2 flex flex-col gap-4 lg:flex-row lg:items-start lg:justify-between ${rush ? "rush-border rounded-xl bg-surface p-4" : ""}`}>
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold text-ink wrap-anywhere sm:text-3xl">{project.name}</h1>
            {rush ? <Badge color="red">RUSH</Badge> : null}
            {project.status === "completed" ? <Badge color="green">Completed</Badge> : null}
            <LiveIndicator status={live} />
          </div>
          {project.description ? <p className="mt-1 max-w-3xl text-base text-ink-muted wrap-anywhere">{project.description}</p> : null}
        </div>
        {/* relative: below lg the label pop-ups span this row of buttons. */}
        <div className="relative flex flex-wrap gap-2">
          {design ? (
            <Link to={`${here}?dialog=view-design`} preventScrollReset className={btn.secondary}>
              <Icon name="eye" />
              View Design
            </Link>
          ) : null}
          {canWrite ? (
            <Link to={`${here}?dialog=design`} preventScrollReset className={btn.secondary}>
              <Icon name="upload" />
              {design ? "Change Design" : "Add Design"}
            </Link>
          ) : null}
          <Link to={`${here}/machine-files`} className={btn.secondary}>
            <Icon name="file" />
            Machine Files
          </Link>
          {loaderData.items.length > 0 ? (
            // A document link, not a client navigation: the PDF opens in the browser's viewer, JavaScript or not.
            <a href={`${here}/labels.pdf`} target="_blank" rel="noopener" className={btn.secondary}>
              <Icon name="qr" />
              Print all labels
            </a>
          ) : null}
          {loaderData.items.length ? (
            // Office printers: sheets of 2 in labels, from the first free position of a half-used sheet.
            <Popover label="Labels on sheets…" group="project-labels">
              <ShopAddressNotice note={loaderData.addressNote} className="mb-3" />
              <SheetLabelsForm action={`${here}/labels.pdf`} />
            </Popover>
          ) : null}
          {loaderData.items.length && loaderData.printers.length ? (
            <Popover label="Print to label printer…" group="project-labels">
              <ShopAddressNotice note={loaderData.addressNote} className="mb-3" />
              <Form method="post" action={here} className="space-y-3">
                <input type="hidden" name="intent" value="print-labels" />
                <div>
                  <label htmlFor="label-printer" className="block text-sm font-medium text-ink">
                    Label printer
                  </label>
                  <select id="label-printer" name="printerId" defaultValue={loaderData.printers[0]!.id} className={inputClass}>
                    {loaderData.printers.map((p) => (
                      <option key={p.id} value={p.id}>
                        {p.name}
                      </option>
                    ))}
                  </select>
                </div>
                <button type="submit" className={`${btn.primary} w-full`}>
                  {`Print ${loaderData.items.length} ${loaderData.items.length === 1 ? "label" : "labels"}`}
                </button>
              </Form>
            </Popover>
          ) : null}
          {canWrite ? (
            <Link to={`${here}?dialog=edit-project`} preventScrollReset className={btn.primary}>
              <Icon name="edit" />
              Edit Project
            </Link>
          ) : null}
        </div>
      </header>
      {viewDesign && design ? (
        <p className="mt-4 rounded-lg border border-brand-200 bg-brand-50 px-4 py-3 text-base">
          <a href={design.proxyUrl} target="_blank" rel="noopener" className={btn.link}>
            Open the design PDF ({design.fileName})
          </a>
        </p>
      ) : null}

      <div className="mt-4">
        {dialog === "design" && canWrite ? <DesignUploadDialog projectId={project.id} here={here} current={design} maxMb={loaderData.maxUploadMb} /> : null}
        {dialog === "view-design" && design ? <DesignViewerDialog design={design} here={here} /> : null}
        {dialog === "edit-project" && canWrite ? (
          <UrlDialog title="Edit Project" description={project.name} closeTo={here} wide>
            <ProjectForm project={project} workflows={loaderData.workflows} closeTo={here} lastResult={undefined} returnTo={here} />
          </UrlDialog>
        ) : null}
        {dialog === "add-item" && canWrite ? (
          <UrlDialog title="Add Item" description={`A new item on ${project.name}; it gets its QR code when saved.`} closeTo={here}>
            <ItemForm
              categories={loaderData.categories}
              materials={loaderData.materials}
              here={here}
              lastResult={resultFor("item-new")}
              who={loaderData.whoCanAdd}
            />
          </UrlDialog>
        ) : null}
        {dialog === "edit-item" && canWrite && dialogItem ? (
          <UrlDialog title="Edit Item" description={dialogItem.name} closeTo={here}>
            <ItemForm
              key={dialogItem.id}
              item={dialogItem}
              categories={loaderData.categories}
              materials={loaderData.materials}
              here={here}
              lastResult={resultFor(`item-${dialogItem.id}`)}
              who={loaderData.whoCanAdd}
            />
          </UrlDialog>
        ) : null}
        {dialog === "qr" && dialogItem ? (
          <QrCodeDialog
            addressNote={loaderData.addressNote}
            closeTo={here}
            label={{
              itemName: dialogItem.name,
              projectName: project.name,
              product: dialogItem.category,
              material: dialogItem.material,
              payload: `${loaderData.qrBase}${dialogItem.id}`,
              svg: `/items/${dialogItem.id}/qr.svg`,
              png: `/items/${dialogItem.id}/qr.png`,
              pdf: `/items/${dialogItem.id}/label.pdf`,
            }}
          />
        ) : null}
        {dialog === "reset-timer" && loaderData.canReset && dialogItem ? (
          <UrlDialog title="Reset Timer" description={dialogItem.name} closeTo={here}>
            <ResetTimerForm item={dialogItem} here={here} />
          </UrlDialog>
        ) : null}
        {dialog === "delete-item" && canWrite && dialogItem ? (
          <UrlDialog title="Delete Item" closeTo={here}>
            <DeleteItemForm item={dialogItem} here={here} />
          </UrlDialog>
        ) : null}
      </div>

      <div className="mt-6 grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
        <SummaryCard title="Timeline" icon="clock">
          {loaderData.timeline ? (
            <p>
              {loaderData.timeline.start} – {loaderData.timeline.end}
            </p>
          ) : (
            <p className="text-ink-muted">Not scheduled</p>
          )}
        </SummaryCard>
        <SummaryCard title="Priority" icon="alert">
          <span
            className={`inline-block rounded-full border px-3 py-0.5 text-sm font-semibold capitalize ${colorClass(PRIORITY_COLORS[project.priority] ?? "gray")}`}
          >
            {project.priority}
          </span>
        </SummaryCard>
        <SummaryCard title="Workflow Steps" icon="workflows">
          <p className="text-2xl font-semibold tabular-nums">
            {metrics.completedSteps} / {metrics.totalSteps}
          </p>
          <p className="text-sm text-ink-muted">
            {metrics.stepPercent}% complete · {metrics.totalSteps - metrics.completedSteps} remaining
          </p>
        </SummaryCard>
        <SummaryCard title="Files" icon="file">
          <p className="text-2xl font-semibold tabular-nums">{metrics.totalFiles}</p>
          <p className="text-sm text-ink-muted">{metrics.itemsWithFilesPercent}% of items have files</p>
        </SummaryCard>
        <SummaryCard title="Items" icon="products">
          <p className="text-2xl font-semibold tabular-nums">
            {metrics.completedItems} / {metrics.totalItems}
          </p>
          <p className="text-sm text-ink-muted">
            in installation · {metrics.itemsWithFiles} with files / {metrics.totalItems - metrics.itemsWithFiles} without files
          </p>
        </SummaryCard>
        <SummaryCard title="Total Time" icon="clock">
          <LiveTotal base={metrics.totalSeconds} runningSeconds={metrics.runningSeconds} runningCount={metrics.runningCount} serverNow={loaderData.now} />
          <p className="text-sm text-ink-muted">
            {metrics.activeTimers} timer{metrics.activeTimers === 1 ? "" : "s"} running
          </p>
        </SummaryCard>
      </div>

      <div className="mt-6 space-y-6">
        <WorkflowSteps
          projectId={project.id}
          steps={loaderData.steps}
          hasWorkflow={project.workflowId !== null}
          hasInstance={loaderData.hasInstance}
          canWrite={canWrite}
          editStepId={editStep}
          members={loaderData.members}
          here={here}
          lastResult={editStep !== null ? resultFor(`step-${editStep}-form`) : undefined}
        />
        <ProjectItems items={loaderData.items} here={here} canWrite={canWrite} canReset={loaderData.canReset} serverNow={loaderData.now} />
      </div>
      <History entries={loaderData.history} what="project" auditTrail={loaderData.auditTrail} />
    </div>
  );
}
