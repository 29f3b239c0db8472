import type { SubmissionResult } from "@conform-to/react";
import { useEffect, useRef } from "react";
import { data, Form, Link, useActionData, useNavigation, useSearchParams, useSubmit, type ShouldRevalidateFunctionArgs } from "react-router";
import { PageLinks } from "~/components/page-links";
import { Icon } from "~/components/icons";
import { DeleteProjectForm, ProjectForm } from "~/components/project-form";
import { useReauthRetry } from "~/components/reauth";
import { useToast } from "~/components/toaster";
import { Badge, btn, cardClass, EmptyState, inputClass, PageHeader, UrlDialog } from "~/components/ui";
import { getProject, listProjectsWithMetrics, projectSummary, type ProjectSort, type SortDir } from "~/models/project.server";
import { workflowModel } from "~/models/workflow.server";
import { can, requirePermission } from "~/services/permissions.server";
import { formatDuration } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { pageOf, requestedPage } from "~/domain/paging";
import { handleProjectIntent } from "./projects-actions.server";
import type { Route } from "./+types/projects";
import { RowActions } from "~/components/row-actions";
import { RowLink } from "~/components/row-link";

export const PAGE_SIZE = 50;

const SORTS: { key: ProjectSort; label: string; dir: SortDir }[] = [
  { key: "created", label: "Newest first", dir: "desc" },
  { key: "priority", label: "Priority", dir: "desc" },
  { key: "name", label: "Name", dir: "asc" },
  { key: "startDate", label: "Start date", dir: "asc" },
  { key: "endDate", label: "End date", dir: "asc" },
  { key: "workflow", label: "Workflow", dir: "asc" },
];

const PRIORITY_COLORS: Record<string, string> = { rush: "red", high: "orange", medium: "blue", low: "green" };
const PRIORITY_LABELS: Record<string, string> = { rush: "Rush", high: "High", medium: "Medium", low: "Low" };

export function meta() {
  return [{ title: "Projects · Shopflow" }];
}

/** The list's URL state: sort, direction and page, each checked (anything else falls back to the default). */
function listState(url: URL) {
  const sortParam = url.searchParams.get("sort");
  const sort = SORTS.find((s) => s.key === sortParam) ?? SORTS[0]!;
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
  const canAnalytics = can(user, "analytics:read");
  const rows = listProjectsWithMetrics({ sort: state.sort, dir: state.dir, limit, offset });
  // The project a dialog names may be on another page (a link kept from before): read it on its own.
  const dialogId = parseIdParam(url.searchParams.get("id") ?? "");
  const dialogRow = dialogId === null ? undefined : (rows.find((r) => r.id === dialogId) ?? getProject(dialogId));
  return data(
    {
      summary,
      sort: state.sort,
      dir: state.dir,
      page,
      pages,
      total: summary.total,
      canWrite,
      canAnalytics,
      projects: rows.map((p) => ({
        id: p.id,
        name: p.name,
        description: p.description,
        priority: p.priority,
        status: p.status,
        workflowId: p.workflowId,
        workflowName: p.workflowName,
        version: p.version,
        totalTime: formatDuration(p.totalTimeSeconds),
        activeTimers: p.activeTimers,
        completedSteps: p.completedSteps,
        totalSteps: p.totalSteps,
        progress: p.stepCompletionPercentage,
        totalItems: p.totalItems,
      })),
      dialogProject: dialogRow
        ? {
            id: dialogRow.id,
            name: dialogRow.name,
            description: dialogRow.description,
            priority: dialogRow.priority,
            workflowId: dialogRow.workflowId,
            version: dialogRow.version,
          }
        : null,
      workflows: canWrite ? workflowModel.list().map((w) => ({ id: w.id, name: w.name })) : [],
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// Opening or closing a dialog only changes the URL's dialog parameters: no need to reload the list.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The same address: a live update (or a click on the current page) asks for fresh data.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  const keys = ["sort", "dir", "page"];
  return keys.some((k) => currentUrl.searchParams.get(k) !== nextUrl.searchParams.get(k));
}

export async function action({ request }: Route.ActionArgs) {
  let formData: FormData;
  try {
    formData = await request.formData();
  } catch {
    throw data("The form could not be read.", { status: 400 });
  }
  return handleProjectIntent(request, formData);
}

function SummaryTile({ label, value, tone }: { label: string; value: number; tone: string }) {
  return (
    <div className={`p-4 ${cardClass}`}>
      <p className="text-sm font-semibold text-ink-muted">{label}</p>
      <p className={`mt-1 text-3xl font-bold tabular-nums ${tone}`}>{value.toLocaleString("en-US")}</p>
    </div>
  );
}

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { summary, projects, canWrite, page, pages, sort, dir } = loaderData;
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submit = useSubmit();
  const toast = useToast();
  const actionData = useActionData<typeof action>();
  const { onSubmitCapture, dialog: reauthDialog } = useReauthRetry(actionData);
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData, toast]);
  const sortForm = useRef<HTMLFormElement>(null);

  /** This list's URL with some parameters changed (null removes one); the dialog parameters go unless given. */
  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.delete("dialog");
    next.delete("id");
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    const q = next.toString();
    return `/projects${q ? `?${q}` : ""}`;
  };
  const here = href({});
  const dialog = params.get("dialog");
  const failed = actionData && "formId" in actionData ? actionData : null;
  const resultFor = (formId: string) => (failed?.formId === formId ? (failed.result as SubmissionResult<string[]>) : undefined);
  // Without JavaScript a refused save comes back here as a page: reopen the form that was sent, with its messages.
  const failedEdit = failed?.formId.startsWith("project-") && failed.formId !== "project-new" ? failed.project : null;
  // The dialog's project: from this page's rows (opening a dialog does not reload), else as the loader read it.
  const dialogId = parseIdParam(params.get("id") ?? "");
  const dialogProject = projects.find((p) => p.id === dialogId) ?? (loaderData.dialogProject?.id === dialogId ? loaderData.dialogProject : null);
  const editProject = dialog === "edit-project" ? dialogProject : failedEdit;
  const deleteProject = dialog === "delete-project" ? dialogProject : null;
  const creating = dialog === "new-project" || failed?.formId === "project-new";
  const loading = navigation.state === "loading" && navigation.location.pathname === "/projects";
  const priorityDir = sort === "priority" && dir === "desc" ? "asc" : "desc";

  // Flow analytics is open to the Project Management key, whose way in is this page (the Project Management tile):
  // the side menu, which also links it, is management's alone (docs/product.md §2).
  // Every member may read the workflow overview: this page, everyone's list of projects, links it.
  const actions = (
    <>
      <Link to="/workflows" className={btn.secondary}>
        <Icon name="workflows" />
        Workflows
      </Link>
      {loaderData.canAnalytics ? (
        <Link to="/analytics" className={btn.secondary}>
          <Icon name="clock" />
          Flow analytics
        </Link>
      ) : null}
      {canWrite ? (
        <Link to={`${here}${here.includes("?") ? "&" : "?"}dialog=new-project`} preventScrollReset className={btn.primary}>
          <Icon name="plus" />
          New Project
        </Link>
      ) : null}
    </>
  );
  const withDialog = (name: string, id: number) => `${here}${here.includes("?") ? "&" : "?"}dialog=${name}&id=${id}`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6" onSubmitCapture={onSubmitCapture}>
      {reauthDialog}
      <PageHeader title="Projects" subtitle="Manage manufacturing flow projects: their workflow steps, items and progress." actions={actions} />

      {creating && canWrite ? (
        <UrlDialog title="Create New Project" closeTo={here} wide>
          <ProjectForm workflows={loaderData.workflows} closeTo={here} lastResult={resultFor("project-new")} />
        </UrlDialog>
      ) : null}
      {editProject && canWrite ? (
        <UrlDialog title="Edit Project" description={editProject.name} closeTo={here} wide>
          <ProjectForm
            key={editProject.id}
            project={editProject}
            workflows={loaderData.workflows}
            closeTo={here}
            lastResult={resultFor(`project-${editProject.id}`)}
            returnTo={here}
          />
        </UrlDialog>
      ) : null}
      {deleteProject && canWrite ? (
        <UrlDialog title="Delete Project" closeTo={here}>
          <DeleteProjectForm
            project={deleteProject}
            closeTo={here}
            returnTo={here}
            errors={failed?.formId === `delete-project-${deleteProject.id}` ? (failed.result.error?.[""] ?? undefined) : undefined}
          />
        </UrlDialog>
      ) : null}

      <section aria-label="Summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        <SummaryTile label="Active" value={summary.active} tone="text-ink" />
        <SummaryTile label="Rush" value={summary.rush} tone="text-red-700" />
        <SummaryTile label="High" value={summary.high} tone="text-orange-800" />
        <SummaryTile label="Medium" value={summary.medium} tone="text-blue-800" />
        <SummaryTile label="Low" value={summary.low} tone="text-green-800" />
      </section>

      {projects.length === 0 ? (
        <div className="mt-6">
          <EmptyState
            icon="folder"
            title="No projects yet"
            action={
              canWrite ? (
                <Link to={`${here}${here.includes("?") ? "&" : "?"}dialog=new-project`} preventScrollReset className={btn.primary}>
                  <Icon name="plus" />
                  Create Your First Project
                </Link>
              ) : null
            }
          >
            {canWrite
              ? "Create a project from a workflow: its department steps appear, then add its items."
              : "Projects appear here once a project manager creates them."}
          </EmptyState>
        </div>
      ) : (
        <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-labelledby="projects-heading">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="projects-heading" className="text-xl font-semibold text-ink">
                All projects
              </h2>
              <p className="text-sm text-ink-muted" aria-live="polite">
                {loading
                  ? "Loading projects..."
                  : `${loaderData.total.toLocaleString("en-US")} project${loaderData.total === 1 ? "" : "s"} · page ${page} of ${pages}`}
              </p>
            </div>
            <Form method="get" action="/projects" ref={sortForm} className="flex flex-wrap items-end gap-2">
              <div>
                <label htmlFor="sort" className="block text-sm font-semibold text-ink">
                  Sort by
                </label>
                <select
                  id="sort"
                  name="sort"
                  defaultValue={sort}
                  key={`sort-${sort}`}
                  className={`${inputClass} mt-1`}
                  onChange={(e) => {
                    const choice = SORTS.find((s) => s.key === e.currentTarget.value);
                    submit({ sort: e.currentTarget.value, dir: choice?.dir ?? "asc" }, { method: "get", action: "/projects" });
                  }}
                >
                  {SORTS.map((s) => (
                    <option key={s.key} value={s.key}>
                      {s.label}
                    </option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="dir" className="block text-sm font-semibold text-ink">
                  Order
                </label>
                <select
                  id="dir"
                  name="dir"
                  defaultValue={dir}
                  key={`dir-${dir}`}
                  className={`${inputClass} mt-1`}
                  onChange={(e) => submit({ sort, dir: e.currentTarget.value }, { method: "get", action: "/projects" })}
                >
                  <option value="asc">Ascending</option>
                  <option value="desc">Descending</option>
                </select>
              </div>
              <noscript>
                <button type="submit" className={btn.secondary}>
                  Sort
                </button>
              </noscript>
            </Form>
          </div>

          <table className="table-cards mt-4 w-full text-left text-base">
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Project Name
                </th>
                <th scope="col" className="py-2 pr-3" aria-sort={sort === "priority" ? (dir === "asc" ? "ascending" : "descending") : "none"}>
                  <Link
                    to={href({ sort: "priority", dir: priorityDir, page: null })}
                    className="inline-flex min-h-tap items-center gap-1 font-semibold text-ink hover:text-brand-800"
                  >
                    Priority
                    <span aria-hidden>{sort === "priority" ? (dir === "asc" ? "▲" : "▼") : "↕"}</span>
                    <span className="sr-only">, sort {priorityDir === "asc" ? "ascending" : "descending"}</span>
                  </Link>
                </th>
                <th scope="col" className="py-2 pr-3">
                  Total Time
                </th>
                <th scope="col" className="py-2 pr-3">
                  Progress
                </th>
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {projects.map((p) => (
                <tr key={p.id} className={p.priority === "rush" ? "md:border-l-4 md:border-l-red-600" : undefined}>
                  <td data-label="Project Name" className="py-3 pr-3 cell-text">
                    <RowLink
                      to={`/projects/${p.id}`}
                      className="inline-flex min-h-tap items-center font-semibold text-ink hover:text-brand-800 hover:underline"
                    >
                      {p.name}
                    </RowLink>
                    {p.description ? <p className="line-clamp-2 text-sm text-ink-muted">{p.description}</p> : null}
                    <p className="text-sm text-ink-muted">
                      {p.workflowName ?? "No workflow"} · {p.totalItems} item{p.totalItems === 1 ? "" : "s"}
                      {p.status === "completed" ? " · Completed" : ""}
                    </p>
                  </td>
                  <td data-label="Priority" className="py-3 pr-3">
                    <Badge color={PRIORITY_COLORS[p.priority] ?? "gray"}>{PRIORITY_LABELS[p.priority] ?? p.priority}</Badge>
                  </td>
                  <td data-label="Total Time" className="py-3 pr-3">
                    <span className="font-mono tabular-nums">{p.totalTime}</span>
                    {p.activeTimers > 0 ? (
                      <span className="ml-2">
                        <Badge color="green">{p.activeTimers} active</Badge>
                      </span>
                    ) : null}
                  </td>
                  <td data-label="Progress" className="py-3 pr-3">
                    <div className="flex items-center gap-2">
                      <div
                        className="h-2 w-24 overflow-hidden rounded-full bg-slate-200"
                        role="progressbar"
                        aria-valuenow={p.progress}
                        aria-valuemin={0}
                        aria-valuemax={100}
                        aria-label={`${p.name}: ${p.progress}% of steps completed`}
                      >
                        <div className="h-full bg-brand-700" style={{ width: `${p.progress}%` }} />
                      </div>
                      <span className="text-sm tabular-nums">
                        {p.progress}% · {p.completedSteps}/{p.totalSteps} steps
                      </span>
                    </div>
                  </td>
                  <RowActions
                    name={p.name}
                    view={`/projects/${p.id}`}
                    edit={canWrite ? withDialog("edit-project", p.id) : undefined}
                    remove={canWrite ? withDialog("delete-project", p.id) : undefined}
                  />
                </tr>
              ))}
            </tbody>
          </table>

          <PageLinks page={page} pages={pages} href={(n) => href({ page: String(n) })} />
        </section>
      )}
    </div>
  );
}
