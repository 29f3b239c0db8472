import type { SubmissionResult } from "@conform-to/react";
import { domainError } from "~/services/form-action.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import { createProject, deleteProject, getProject, updateProject } from "~/models/project.server";
import { ProjectCreateSchema, ProjectEditSchema } from "~/schemas/project";
import { actorFrom } from "~/services/actor.server";
import { requirePermission, SESSION_ENDED } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { NotFoundError } from "~/domain/errors";
import { changedFields, originalOf } from "~/domain/form-changes";
import { parseIdParam } from "~/domain/ids";
import { safeRedirectPath } from "~/http/request.server";
import { redirectWithToast } from "~/http/toast-cookie.server";

// The project create, edit and delete forms post here from the projects list and from the project screen (not a
// route module: routes/projects.tsx's action calls it).

export const PROJECT_INTENTS = ["create-project", "update-project", "delete-project"] as const;
type ProjectIntent = (typeof PROJECT_INTENTS)[number];

const GONE = "This project no longer exists. Someone else may have deleted it.";
const FAILED: Record<ProjectIntent, string> = {
  "create-project": "Failed to create project",
  "update-project": "Failed to update project",
  "delete-project": "Failed to delete project",
};

/** What the form that posted gets back when the save did not happen: its result, a toast, and the project. */
export type ProjectFormFailure = {
  formId: string;
  result: SubmissionResult<string[]>;
  toast: { title: string; description: string; variant: "destructive" } | null;
  reauth: boolean;
  project: { id: number; name: string; description: string; priority: string; workflowId: number | null; version: number } | null;
};

export async function handleProjectIntent(request: Request, formData: FormData) {
  const intent = String(formData.get("intent") ?? "") as ProjectIntent;
  if (!PROJECT_INTENTS.includes(intent)) throw data("Unknown form", { status: 400 });
  const rawId = formData.get("_id");
  const id = rawId === null || rawId === "" ? undefined : parseIdParam(String(rawId));
  if (id === null || (intent !== "create-project" && id === undefined)) throw data("Project not found", { status: 404 });
  const formId = intent === "delete-project" ? `delete-project-${id}` : `project-${id ?? "new"}`;
  const schema = intent === "create-project" ? ProjectCreateSchema : ProjectEditSchema;
  const current = id ? getProject(id) : undefined;
  const project = current
    ? {
        id: current.id,
        name: current.name,
        description: current.description,
        priority: current.priority,
        workflowId: current.workflowId,
        version: current.version,
      }
    : null;
  const failure = (status: number, body: Omit<ProjectFormFailure, "formId" | "project">) => data<ProjectFormFailure>({ formId, project, ...body }, { status });

  // A session that ended while the form was open: keep what was typed and ask for the PIN again.
  if (!getUser(request)) {
    const submission = intent === "delete-project" ? null : parseWithZod(formData, { schema });
    return failure(401, {
      result: submission?.reply({ formErrors: [SESSION_ENDED] }) ?? { status: "error", error: { "": [SESSION_ENDED] } },
      toast: null,
      reauth: true,
    });
  }
  const user = requirePermission(request, "projects:write");
  const actor = actorFrom(request, user);
  const back = safeRedirectPath(formData.get("returnTo"), "/projects");
  const refused = (error: unknown, reply: (o: { formErrors: string[] }) => ProjectFormFailure["result"]) => {
    const e = domainError(error);
    const message = e.message || FAILED[intent];
    return failure(e.status, {
      result: reply({ formErrors: [message] }),
      toast: { title: "Error", description: message, variant: "destructive" },
      reauth: false,
    });
  };

  if (intent === "delete-project") {
    try {
      if (!deleteProject(id!, actor)) throw new NotFoundError(GONE);
    } catch (error) {
      return refused(error, (o) => ({ status: "error", error: { "": o.formErrors } }));
    }
    // Back to the list: the project screen it was deleted from is gone.
    const to = back.startsWith(`/projects/${id}`) ? "/projects" : back;
    return redirectWithToast(request, to, { title: "Success", description: "Project deleted successfully!" });
  }

  if (intent === "create-project") {
    const submission = parseWithZod(formData, { schema: ProjectCreateSchema });
    if (submission.status !== "success") return failure(400, { result: submission.reply(), toast: null, reauth: false });
    try {
      const created = createProject(submission.value, actor);
      return redirectWithToast(request, `/projects/${created.id}`, { title: "Success", description: "Project created successfully!" });
    } catch (error) {
      return refused(error, (o) => submission.reply(o));
    }
  }
  const submission = parseWithZod(formData, { schema: ProjectEditSchema });
  if (submission.status !== "success") return failure(400, { result: submission.reply(), toast: null, reauth: false });
  try {
    const { patch, expected } = changedFields(submission.value, originalOf(formData));
    if (!updateProject(id!, patch, actor, { expected })) throw new NotFoundError(GONE);
  } catch (error) {
    return refused(error, (o) => submission.reply(o));
  }
  return redirectWithToast(request, back, { title: "Success", description: "Project updated successfully!" });
}
