import { useLingui } from "@lingui/react/macro";
import type { SubmissionResult } from "@conform-to/react";
import { DeleteProjectForm, ProjectForm, type ProjectFormProject } from "~/components/project-form";
import { UrlDialog } from "~/components/ui";

/**
 * The projects list's dialogs: Create New Project, Edit Project and Delete Project. Each is open when the URL
 * names it or when its form came back refused (without JavaScript a refused save renders the list's own URL).
 */
export function ProjectDialogs({
  creating,
  editProject,
  deleteProject,
  workflows,
  here,
  resultFor,
}: {
  creating: boolean;
  editProject: ProjectFormProject | null;
  deleteProject: ProjectFormProject | null;
  workflows: { id: number; name: string }[];
  here: string;
  resultFor: (formId: string) => SubmissionResult<string[]> | undefined;
}) {
  const { t } = useLingui();
  return (
    <>
      {creating ? (
        <UrlDialog title={t`Create New Project`} closeTo={here} wide>
          <ProjectForm workflows={workflows} closeTo={here} lastResult={resultFor("project-new")} />
        </UrlDialog>
      ) : null}
      {editProject ? (
        <UrlDialog title={t`Edit Project`} description={editProject.name} closeTo={here} wide>
          <ProjectForm
            key={editProject.id}
            project={editProject}
            workflows={workflows}
            closeTo={here}
            lastResult={resultFor(`project-${editProject.id}`)}
            returnTo={here}
          />
        </UrlDialog>
      ) : null}
      {deleteProject ? (
        <UrlDialog title={t`Delete Project`} closeTo={here}>
          <DeleteProjectForm
            project={deleteProject}
            closeTo={here}
            returnTo={here}
            errors={resultFor(`delete-project-${deleteProject.id}`)?.error?.[""] ?? undefined}
          />
        </UrlDialog>
      ) : null}
    </>
  );
}
