import { t } from "@lingui/core/macro";
import { data } from "react-router";
import type { DesignInfo } from "~/components/project/design-dialogs";
import type { ItemRow } from "~/components/project/project-items";
import type { StepRow } from "~/components/project/workflow-steps";
import type { PlanStepsOfferData } from "~/components/project/plan-steps";
import { formatListDate, formatTimelineDate, zoneDate } from "~/domain/dates";
import { departmentLabel } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { fileIndicator } from "~/domain/machine-file-rules";
import { goesThrough, itemSequence, percentOf, projectBackTarget } from "~/domain/rules";
import { getEnv } from "~/infra/env.server";
import { projectHistory } from "~/models/audit-trail.server";
import { categoryModel } from "~/models/category.server";
import { getDesign } from "~/models/design.server";
import { departmentModel } from "~/models/department.server";
import { listProjectItems } from "~/models/item.server";
import { materialModel } from "~/models/material.server";
import { getProjectWithMetrics, getSteps } from "~/models/project.server";
import { listTeamMembers } from "~/models/team-member.server";
import { workflowModel } from "~/models/workflow.server";
import { actorFrom } from "~/services/actor.server";
import { domainError, intentOf, readForm, refused, sessionEnded, unreadableForm } from "~/views/form-action.server";
import { activePrinters, printFromPage } from "~/services/label-print.server";
import { can, requirePermission } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { qrBaseUrl, shopAddressNote } from "~/services/shop-address.server";
import { whoCanAdd } from "~/views/who-can-add.server";
import { forecastPanel } from "~/views/forecast-view.server";
import { customerLinkRows } from "~/views/customer-link-form.server";
import { formProject, typedEdit } from "~/views/project-edit.server";
import { completedLine } from "~/views/job-end-form.server";
import type { Route } from "./+types/project-detail";
import { formWords, type IntentContext, PROJECT_FORMS, type ProjectForm } from "./project-detail-intents.server";

// The project screen's loader and action (routes/project-detail.tsx holds the page).

const backLabel = (to: string) =>
  ({
    "/pre-production": t`Back to Pre-Production`,
    "/production": t`Back to Production`,
    "/fabrication": t`Back to Fabrication`,
    "/projects": t`Back to Projects`,
  })[to] ?? t`Back`;

/** What the page needs to offer 'Plan the steps': the due date, and how many steps have an empty date. */
function planStepsOffer(due: Date | null, steps: StepRow[], tz: string): PlanStepsOfferData {
  const empty = steps.filter((s) => !s.startInput || !s.endInput).length;
  return {
    due: validDate(due) ? formatListDate(due, tz) : null,
    emptySteps: empty,
    undated: steps.every((s) => !s.startInput && !s.endInput),
  };
}

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
  const categories = categoryModel.list();
  const design = getDesign(project.id);

  // docs/product.md §2 Timeline: earliest start and latest end among the steps, in the shop's zone.
  const starts = steps.map((s) => validDate(s.startDate)).filter((d): d is Date => d !== null);
  const ends = steps.map((s) => validDate(s.endDate)).filter((d): d is Date => d !== null);
  const timeline =
    starts.length || ends.length
      ? {
          start: starts.length ? formatTimelineDate(Math.min(...starts.map((d) => d.getTime())), tz) : t`Not set`,
          end: ends.length ? formatTimelineDate(Math.max(...ends.map((d) => d.getTime())), tz) : t`Not set`,
        }
      : null;
  // Decisions: Due dates: the card adds the project's own start and due dates; a step planned to end after the due
  // date says so.
  const due = validDate(project.endDate);
  const startDay = validDate(project.startDate);
  const dueDay = due ? zoneDate(due, tz) : null;
  const dateText = (d: Date | null) => (d === null ? t`Not set` : Number.isNaN(d.getTime()) ? t`Invalid date` : formatListDate(d, tz));
  const dateInput = (d: Date | null) => (d && !Number.isNaN(d.getTime()) ? zoneDate(d, tz) : "");
  // A step none of the items go through is completed by the floor at once (decision 0048): its row says why, so a
  // 100% on a project nobody has touched reads as 'not needed' rather than as work done. From the items already
  // read; a project past the list's limit (1,000 items) does not say it.
  const sequences = new Map(categories.map((c) => [c.name.toLowerCase(), itemSequence(c.departmentSequence)]));
  const itemSequences = items.length < 1000 ? [...new Set(items.map((i) => sequences.get(i.category.toLowerCase()) ?? itemSequence(null)))] : null;
  const noItemGoesThrough = (department: string) =>
    itemSequences !== null && items.length > 0 && !itemSequences.some((sequence) => goesThrough(sequence, department));
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
    // A step already done cannot end late any more: its planned end no longer warns.
    endsAfterDue: dueDay !== null && s.status !== "completed" && dateInput(s.endDate) > dueDay,
    setByHand: s.setByHand,
    notNeeded: !s.setByHand && noItemGoesThrough(s.department),
    canFollowFloor: canWrite && s.setByHand,
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
    finished: i.finishedAt !== null,
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
        ...formProject(project),
        status: project.status,
        workflowName: project.workflowName,
        // 'Completed Tue, Dec 8 — 2 working days early' (decision 0048), null while active.
        completedText: completedLine(
          project,
          steps.map((s) => s.endDate),
        ),
      },
      // Active with every item finished (reopened, or a step still open): the page says what makes it work again.
      allItemsFinished: project.status === "active" && itemRows.length > 0 && itemRows.length === project.totalItems && itemRows.every((i) => i.finished),
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
      due: due ? formatTimelineDate(due, tz) : null,
      starts: startDay ? formatTimelineDate(startDay, tz) : null,
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
      categories: canWrite ? categories.map((c) => c.name) : [],
      materials: canWrite ? materialModel.list().map((m) => m.name) : [],
      whoCanAdd: whoCanAdd(user, canWrite),
      workflows: canWrite ? workflowModel.list().map((w) => ({ id: w.id, name: w.name })) : [],
      back: { to: back, label: backLabel(back) },
      // The label's payload for the QR dialog: {PUBLIC_URL}/qr/{id}, or this request's origin without PUBLIC_URL.
      qrBase: qrBaseUrl(request),
      addressNote: shopAddressNote(request),
      maxUploadMb: getEnv().MAX_UPLOAD_MB,
      now,
      history: projectHistory(project.id, { timeZone: tz, departmentName: deptName }),
      // The full audit trail is management's (Global Settings); others see the History alone.
      auditTrail: can(user, "settings:write") ? `/settings/audit?project=${project.id}` : null,
      printers: activePrinters(),
      // When it is expected to finish, and 'Preview as rush' (?preview=rush, nothing saved): decision 0038.
      forecast: forecastPanel(
        project.id,
        new Map(items.map((i) => [i.id, i.name])),
        new URL(request.url).searchParams.get("preview") === "rush" && project.priority !== "rush",
      ),
      canPreviewRush: canWrite && project.priority !== "rush",
      customerLinks: canWrite ? customerLinkRows(project.id) : null,
      // 'Plan the steps' (docs/product.md, Decisions: Due dates), for those who may change the project.
      planSteps: canWrite && steps.length ? planStepsOffer(project.endDate, stepRows, tz) : null,
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** Every form of the project screen posts here, named by its `intent` (handled in project-detail-intents.server.ts). */
export async function projectDetailAction({ request, params }: Route.ActionArgs) {
  const projectId = parseIdParam(params.id);
  if (projectId === null) throw data(t`Project not found`, { status: 404 });
  const here = `/projects/${projectId}`;
  const formData = await readForm(request);
  if (!formData) return unreadableForm();
  // Every item's label straight to a label printer of Global Settings, answered with a toast.
  if (formData.get("intent") === "print-labels") return printFromPage(request, formData, here, { projectId });
  const intent = intentOf(formData, PROJECT_FORMS);
  const form: ProjectForm = PROJECT_FORMS[intent];
  const formId = form.formId?.(formData) ?? intent;
  // A session that ended while the form was open: keep what was typed and ask for the PIN again.
  if (!getUser(request)) return sessionEnded(formId, intent === "update-project" ? typedEdit(formData) : undefined);
  const user = requirePermission(request, form.permission ?? "projects:write");
  const rawItem = formData.get("itemId");
  const fail: IntentContext["fail"] = (status, message, result) =>
    refused(
      formId,
      status,
      { title: formWords(form.title), description: message || formWords(form.fallback) },
      result ?? { status: "error", error: { "": [message] } },
    );
  try {
    return await form.handle({
      request,
      formData,
      projectId,
      here,
      formId,
      actor: actorFrom(request, user),
      itemId: rawItem === null ? null : parseIdParam(String(rawItem)),
      fail,
    });
  } catch (error) {
    const e = domainError(error);
    return fail(e.status, e.message);
  }
}
