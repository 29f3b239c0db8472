import { t } from "@lingui/core/macro";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ProjectFormProject } from "~/views/project-edit.server";
import { PROJECT_SORTS } from "~/components/projects/project-sort";
import type { ProjectListRow } from "~/components/projects/projects-table";
import { ConflictError, NotFoundError } from "~/domain/errors";
import { formatDuration } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { pageOf, requestedPage } from "~/domain/paging";
import { safeRedirectPath } from "~/http/request.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import {
  createProject,
  deleteProject,
  getProject,
  listProjectsWithMetrics,
  listProjectsWithMetricsByIds,
  listProjectsWithMetricsExcept,
  projectSummary,
  type SortDir,
} from "~/models/project.server";
import { projectIdsByExpectedFinish, projectOutlooks } from "~/models/project-forecast.server";
import { finishShortText } from "~/domain/forecast-words";
import { getEnv } from "~/infra/env.server";
import { workflowModel } from "~/models/workflow.server";
import { ProjectCreateSchema, ProjectEditSchema } from "~/schemas/project";
import { formProject, projectGone, saveProjectEdit } from "~/views/project-edit.server";
import { actorFrom } from "~/services/actor.server";
import { domainError, type FormReply, invalid, intentOf, readForm, refused, sessionEnded, unreadableForm } from "~/views/form-action.server";
import { can, requirePermission, SESSION_ENDED } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import type { Route } from "./+types/projects";

// The projects list's loader and action (routes/projects.tsx holds the page). The project create, edit and delete
// forms post here, from this list and from the project screen.

export const PAGE_SIZE = 50;

/** The list's URL state: sort, direction and page, each checked (anything else falls back to the default). */
function listState(url: URL) {
  const sortParam = url.searchParams.get("sort");
  const sort = PROJECT_SORTS.find((s) => s.key === sortParam) ?? PROJECT_SORTS[0]!;
  const dirParam = url.searchParams.get("dir");
  const dir: SortDir = dirParam === "asc" || dirParam === "desc" ? dirParam : sort.dir;
  const page = requestedPage(url.searchParams.get("page"));
  return { sort: sort.key, dir, page };
}

export function loader({ request }: Route.LoaderArgs) {
  const user = requirePermission(request, "read");
  const url = new URL(request.url);
  const state = listState(url);
  const summary = projectSummary();
  const { page, pages, offset, limit } = pageOf(state.page, summary.total, PAGE_SIZE);
  const canWrite = can(user, "projects:write");
  const rows =
    state.sort === "expectedFinish" ? byExpectedFinish(state.dir, limit, offset) : listProjectsWithMetrics({ sort: state.sort, dir: state.dir, limit, offset });
  // Expected finish and 'At risk' (decision 0038): the page's rows, from the forecast kept in memory.
  const outlooks = projectOutlooks(rows.map((r) => r.id));
  const tz = getEnv().SHOP_TIMEZONE;
  // The project a dialog names may be on another page (a link kept from before): read it on its own.
  const dialogId = parseIdParam(url.searchParams.get("id") ?? "");
  const dialogRow = dialogId === null ? undefined : (rows.find((r) => r.id === dialogId) ?? getProject(dialogId));
  const projects: ProjectListRow[] = rows.map((p) => ({
    ...formProject(p),
    status: p.status,
    workflowName: p.workflowName,
    totalTime: formatDuration(p.totalTimeSeconds),
    activeTimers: p.activeTimers,
    completedSteps: p.completedSteps,
    totalSteps: p.totalSteps,
    progress: p.stepCompletionPercentage,
    totalItems: p.totalItems,
    expectedFinish: outlooks.has(p.id) ? finishShortText(outlooks.get(p.id)!, tz) : null,
    atRisk: outlooks.get(p.id)?.atRisk ?? false,
  }));
  return data(
    {
      summary,
      sort: state.sort,
      dir: state.dir,
      page,
      pages,
      total: summary.total,
      canWrite,
      canAnalytics: can(user, "analytics:read"),
      projects,
      dialogProject: dialogRow ? formProject(dialogRow) : null,
      workflows: canWrite ? workflowModel.list().map((w) => ({ id: w.id, name: w.name })) : [],
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

/**
 * One page in the order of the expected finish: the open projects as the forecast orders them, then the projects it
 * has nothing to say about (completed, or without open items), newest first.
 */
function byExpectedFinish(dir: SortDir, limit: number, offset: number) {
  const open = projectIdsByExpectedFinish(dir);
  const page = listProjectsWithMetricsByIds(open.slice(offset, offset + limit));
  const rest = limit - page.length;
  return rest > 0 ? [...page, ...listProjectsWithMetricsExcept(open, { limit: rest, offset: Math.max(0, offset - open.length) })] : page;
}

const INTENTS = ["create-project", "update-project", "delete-project"] as const;
const failed = (intent: (typeof INTENTS)[number]) =>
  ({
    "create-project": t`Failed to create project`,
    "update-project": t`Failed to update project`,
    "delete-project": t`Failed to delete project`,
  })[intent];

/** A refused project form's answer, with the project it was about: without JavaScript the list reopens its form. */
export type ProjectFormReply = FormReply & { project: ProjectFormProject | null };
const withProject = (reply: ReturnType<typeof refused>, project: ProjectFormProject | null) =>
  data<ProjectFormReply>({ ...reply.data, project }, reply.init ?? undefined);

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (!formData) return withProject(unreadableForm(), null);
  const intent = intentOf(formData, INTENTS);
  const rawId = formData.get("_id");
  const id = rawId === null || rawId === "" ? undefined : parseIdParam(String(rawId));
  if (id === null || (intent !== "create-project" && id === undefined)) throw data(t`Project not found`, { status: 404 });
  const formId = intent === "delete-project" ? `delete-project-${id}` : `project-${id ?? "new"}`;
  const current = id ? getProject(id) : undefined;
  const project = current ? formProject(current) : null;

  // A session that ended while the form was open: keep what was typed and ask for the PIN again.
  if (!getUser(request)) {
    const schema = intent === "create-project" ? ProjectCreateSchema : ProjectEditSchema;
    const submission = intent === "delete-project" ? null : parseWithZod(formData, { schema });
    return withProject(sessionEnded(formId, submission?.reply({ formErrors: [SESSION_ENDED] })), project);
  }
  const user = requirePermission(request, "projects:write");
  const actor = actorFrom(request, user);
  const back = safeRedirectPath(formData.get("returnTo"), "/projects");
  // A save the models refused (a DomainError): its message in the form and in a toast.
  const refusal = (error: unknown, reply: (o: { formErrors: string[] }) => SubmissionResult<string[]>) => {
    const e = domainError(error);
    const message = e.message || failed(intent);
    return withProject(refused(formId, e.status, { title: t`Error`, description: message }, reply({ formErrors: [message] })), project);
  };

  if (intent === "delete-project") {
    try {
      if (!deleteProject(id!, actor)) throw new NotFoundError(projectGone());
    } catch (error) {
      return refusal(error, (o) => ({ status: "error", error: { "": o.formErrors } }));
    }
    // Back to the list: the project screen it was deleted from is gone.
    const to = back.startsWith(`/projects/${id}`) ? "/projects" : back;
    return redirectWithToast(request, to, { title: t`Success`, description: t`Project deleted successfully!` });
  }

  if (intent === "create-project") {
    const submission = parseWithZod(formData, { schema: ProjectCreateSchema });
    if (submission.status !== "success") return withProject(invalid(formId, submission.reply()), project);
    try {
      const created = createProject(submission.value, actor);
      return redirectWithToast(request, `/projects/${created.id}`, { title: t`Success`, description: t`Project created successfully!` });
    } catch (error) {
      // A reference another project has: said under its field (decision 0045's unique external reference).
      if (error instanceof ConflictError && /external reference|referencia externa/i.test(error.message)) {
        return refusal(error, () => submission.reply({ fieldErrors: { externalReference: [error.message] } }));
      }
      return refusal(error, (o) => submission.reply(o));
    }
  }
  const saved = await saveProjectEdit({ request, formData, projectId: id!, actor, formId, back });
  return saved instanceof Response ? saved : withProject(saved, project);
}
