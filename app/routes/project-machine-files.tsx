import { t } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { Link, useActionData } from "react-router";
import { Icon } from "~/components/icons";
import { CompletedLogDialog, FilePickerDialog } from "~/components/machine-files/assignment-dialogs";
import { AssignmentStat, AssignmentTable } from "~/components/machine-files/assignment-table";
import { RouteError } from "~/components/route-error";
import { useToast } from "~/components/toaster";
import { btn, cardClass, EmptyState, PageHeader } from "~/components/ui";
import type { Route } from "./+types/project-machine-files";
import type { action } from "./project-machine-files.server";

// docs/product.md §2 'Machine Ready Files' (/projects/{projectId}/machine-files): which print and cut file each item gets,
// with the material check of each item, and the log of the project's completed files.

export { action, loader } from "./project-machine-files.server";

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: `${t`Machine Ready Files`}${loaderData && "project" in loaderData && loaderData.project ? ` · ${loaderData.project.name}` : ""} · Shopflow` },
  ];
}

export default function ProjectMachineFiles({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const toast = useToast();
  const actionData = useActionData<typeof action>();
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData, toast]);

  if (loaderData.signedOut) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-10">
        <div role="alert" className="rounded-xl border border-warning-300 bg-warning-50 p-4 text-base text-warning-900">
          <p className="font-semibold">{t`You are not logged in. File assignments will not track who changed them.`}</p>
          <p className="mt-1">{t`Sign in with your PIN to see and assign this project's files.`}</p>
          <a href={`/login?redirectTo=${encodeURIComponent(`/projects/${loaderData.projectId}/machine-files`)}`} className={`mt-3 ${btn.primary}`}>
            {t`Login`}
          </a>
        </div>
      </div>
    );
  }
  if (!loaderData.project || !("items" in loaderData)) {
    return (
      <div className="mx-auto max-w-3xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold text-ink">{t`Project not found`}</h1>
        <Link to="/projects" className={`mt-6 ${btn.secondary}`}>
          {t`Back to Projects`}
        </Link>
      </div>
    );
  }
  const { project, stats, files, items, log, user, canWrite, manyFiles, picker } = loaderData;
  const here = `/projects/${project.id}/machine-files`;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6">
      <Link to={`/projects/${project.id}`} className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Project`}
      </Link>
      <PageHeader
        title={t`Machine Ready Files`}
        subtitle={project.name}
        actions={
          <>
            <Link to={`${here}?log=1`} preventScrollReset className={btn.secondary}>
              <Icon name="clock" />
              {t`Completed File Log`}
            </Link>
            {canWrite ? (
              <Link to={`${here}/spreadsheet`} className={btn.primary}>
                <Icon name="edit" />
                {t`Add/Remove Files`}
              </Link>
            ) : null}
          </>
        }
      />
      <p className="mt-2 text-sm text-ink-muted">
        <Trans>
          Signed in as <span className="font-medium text-ink">{user.name}</span>
        </Trans>
        {user.department ? ` · ${user.department}` : ""}
      </p>

      {log ? <CompletedLogDialog log={log} closeTo={here} /> : null}
      {picker && canWrite ? <FilePickerDialog picker={picker} here={here} /> : null}

      <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4">
        <AssignmentStat label={t`Total Files`} value={stats.totalFiles} />
        <AssignmentStat label={t`Assigned Files`} value={stats.assignedFiles} />
        <AssignmentStat label={t`Completed Files`} value={stats.completedFiles} />
        <AssignmentStat label={t`Items with Files`} value={`${stats.itemsWithFiles} / ${stats.totalItems}`} />
      </dl>

      <section className={`mt-4 p-4 sm:p-5 ${cardClass}`} aria-labelledby="assign-heading">
        <h2 id="assign-heading" className="text-xl font-semibold text-ink">
          {t`Item File Assignments`}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">
          {t`Each item gets one print file and one cut file. A green dot means every assigned file is for the item's material; a red dot warns of a mismatch.`}
        </p>
        {items.length === 0 ? (
          <EmptyState
            icon="file"
            title={t`No project items found. Items must be created before assigning files.`}
            action={
              <Link to={`/projects/${project.id}`} className={btn.secondary}>
                {t`Go to the project`}
              </Link>
            }
          />
        ) : (
          <>
            {stats.totalFiles === 0 ? (
              <div className="mt-3 rounded-lg border border-line bg-canvas p-3 text-base">
                <p className="font-medium">{t`No files available`}</p>
                <p className="text-sm text-ink-muted">
                  {canWrite ? t`Add this project's print and cut files first with Add/Remove Files.` : t`Pre-production adds this project's files.`}
                </p>
              </div>
            ) : null}
            <AssignmentTable items={items} files={files} manyFiles={manyFiles} here={here} canWrite={canWrite} />
          </>
        )}
      </section>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useLingui();
  return (
    <RouteError error={error}>
      <h1 className="text-2xl font-bold text-ink">{t`Failed to load the project's files`}</h1>
      <p className="mt-2 text-base text-ink-muted">{t`Please try again later`}</p>
    </RouteError>
  );
}
