import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link, useActionData } from "react-router";
import { listRevalidation, useListPage } from "~/components/forms";
import { Icon } from "~/components/icons";
import { PageLinks } from "~/components/page-links";
import { ProjectDialogs } from "~/components/projects/project-dialogs";
import { ProjectSortForm } from "~/components/projects/project-sort";
import { PriorityTiles, ProjectsTable } from "~/components/projects/projects-table";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import { parseIdParam } from "~/domain/ids";
import type { Route } from "./+types/projects";
import type { action } from "./projects.server";
import { t } from "@lingui/core/macro";
import { intlLocaleFor } from "~/domain/languages";

// docs/product.md §2 Projects: every project, 50 a page, sorted as chosen, with its priority counts, and the
// Create / Edit / Delete Project dialogs. Sort, page and dialogs live in the URL, so the screen works the same
// without JavaScript.

export { action, loader } from "./projects.server";

export function meta() {
  return [{ title: t`Projects · Shopflow` }];
}

// Opening or closing a dialog only changes the URL's dialog parameters: no need to reload the list.
export const shouldRevalidate = listRevalidation(["sort", "dir", "page"]);

export default function Projects({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { summary, projects, canWrite, page, pages, sort, dir } = loaderData;
  const actionData = useActionData<typeof action>();
  const { params, href, here, withDialog, resultFor, loading, onSubmitCapture, reauthDialog } = useListPage("/projects", "id", actionData);
  const dialog = params.get("dialog");
  // Without JavaScript a refused save comes back here as a page: reopen the form that was sent, with its messages.
  const failedEdit = actionData?.formId.startsWith("project-") && actionData.formId !== "project-new" ? actionData.project : null;
  // The dialog's project: from this page's rows (opening a dialog does not reload), else as the loader read it.
  const dialogId = parseIdParam(params.get("id") ?? "");
  const dialogProject = projects.find((p) => p.id === dialogId) ?? (loaderData.dialogProject?.id === dialogId ? loaderData.dialogProject : null);
  const newProject = withDialog("new-project");

  // Flow analytics is open to the Project Management key, whose way in is this page (the Project Management tile):
  // the side menu, which also links it, is management's alone (docs/product.md §2).
  // Every member may read the workflow overview: this page, everyone's list of projects, links it.
  const actions = (
    <>
      <Link to="/workflows" className={btn.secondary}>
        <Icon name="workflows" />
        {t`Workflows`}
      </Link>
      {loaderData.canAnalytics ? (
        <Link to="/analytics" className={btn.secondary}>
          <Icon name="clock" />
          {t`Flow analytics`}
        </Link>
      ) : null}
      {canWrite ? (
        <Link to="/projects/import" className={btn.secondary}>
          <Icon name="upload" />
          {t`Import orders`}
        </Link>
      ) : null}
      {canWrite ? (
        <Link to={newProject} preventScrollReset className={btn.primary}>
          <Icon name="plus" />
          {t`New Project`}
        </Link>
      ) : null}
    </>
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6" onSubmitCapture={onSubmitCapture}>
      {reauthDialog}
      <PageHeader title={t`Projects`} subtitle={t`Manage manufacturing flow projects: their workflow steps, items and progress.`} actions={actions} />

      {canWrite ? (
        <ProjectDialogs
          creating={dialog === "new-project" || actionData?.formId === "project-new"}
          editProject={dialog === "edit-project" ? dialogProject : failedEdit}
          deleteProject={dialog === "delete-project" ? dialogProject : null}
          workflows={loaderData.workflows}
          here={here}
          resultFor={resultFor}
        />
      ) : null}

      <PriorityTiles summary={summary} />

      {projects.length === 0 ? (
        <div className="mt-6">
          <EmptyState
            icon="folder"
            title={t`No projects yet`}
            action={
              canWrite ? (
                <Link to={newProject} preventScrollReset className={btn.primary}>
                  <Icon name="plus" />
                  {t`Create Your First Project`}
                </Link>
              ) : null
            }
          >
            {canWrite
              ? t`Create a project from a workflow: its department steps appear, then add its items.`
              : t`Projects appear here once a project manager creates them.`}
          </EmptyState>
        </div>
      ) : (
        <section className={`mt-6 p-4 sm:p-5 ${cardClass}`} aria-labelledby="projects-heading">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <h2 id="projects-heading" className="text-xl font-semibold text-ink">
                {t`All projects`}
              </h2>
              <p className="text-sm text-ink-muted" aria-live="polite">
                {loading ? t`Loading projects...` : projectsCount(loaderData.total, intlLocaleFor(i18n.locale), page, pages)}
              </p>
            </div>
            <ProjectSortForm sort={sort} dir={dir} />
          </div>

          <ProjectsTable
            projects={projects}
            priorityOrder={sort === "priority" ? dir : null}
            priorityHref={href({ sort: "priority", dir: sort === "priority" && dir === "desc" ? "asc" : "desc", page: null })}
            canWrite={canWrite}
            withDialog={withDialog}
          />

          <PageLinks page={page} pages={pages} href={(n) => href({ page: String(n) })} />
        </section>
      )}
    </div>
  );
}

/** '1,234 projects · page 2 of 25', in the page's language. */
function projectsCount(total: number, locale: string, page: number, pages: number) {
  const count = total.toLocaleString(locale);
  return plural(total, { one: `${count} project · page ${page} of ${pages}`, other: `${count} projects · page ${page} of ${pages}` });
}
