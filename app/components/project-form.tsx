import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { getFormProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "react-router";
import { ProjectCreateSchema, ProjectEditSchema, STEP_DATE_MAX, STEP_DATE_MIN } from "~/schemas/project";
import { PRIORITIES } from "~/domain/constants";
import { FormAlert } from "./error-focus";
import { OpenedValuesField, useOpenedValues } from "./opened-values";
import { btn, CancelLink, DeleteConfirmActions, FieldError, inputClass, Label } from "./ui";
import { FormErrors, TextField } from "~/components/forms";
import type { ProjectFormProject } from "~/views/project-edit.server";
import { ORIGINAL_FIELD } from "~/domain/form-changes";
import { markUnreadableDates } from "~/browser/unreadable-dates";
import { isStaleRefusal, RELOAD_FIELD } from "~/domain/stale-edit";

type Result = SubmissionResult<string[]> | null | undefined;

export type { ProjectFormProject };

const PRIORITY_LABELS: Record<string, MessageDescriptor> = { rush: msg`Rush`, high: msg`High`, medium: msg`Medium`, low: msg`Low` };

/**
 * docs/product.md §5 Project form: creating needs a name, a priority and a workflow; editing needs a name and a
 * priority. Description, the start and due dates (Decisions: Due dates), customer and external reference are
 * optional on both. Posts to /projects, or to `action` (the project screen's own, so a refused save stays there);
 * `returnTo` brings the person back after an edit made elsewhere.
 */
export function ProjectForm(props: ProjectFormProps) {
  // Drawn again when what the form opened with changes (its Reload after a refused save): the fields then show the
  // answer's values, and the next save is checked against the latest record.
  const opened = props.lastResult?.initialValue?.[ORIGINAL_FIELD];
  return <ProjectFormFields key={typeof opened === "string" ? opened : ""} {...props} />;
}

type ProjectFormProps = {
  project?: ProjectFormProject;
  workflows: { id: number; name: string }[];
  closeTo: string;
  lastResult: Result;
  returnTo?: string;
  action?: string;
};

function ProjectFormFields({ project, workflows, closeTo, lastResult, returnTo, action = "/projects" }: ProjectFormProps) {
  const { t, i18n } = useLingui();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const schema = project ? ProjectEditSchema : ProjectCreateSchema;
  // Drawn from, and checked against, the project as the dialog opened: a live reload does not move either.
  const opened = useOpenedValues(
    project && {
      name: project.name,
      description: project.description,
      priority: project.priority,
      workflowId: project.workflowId,
      startDate: project.startDate,
      endDate: project.endDate,
      customer: project.customer,
      externalReference: project.externalReference,
    },
    lastResult,
  );
  const [form, fields] = useForm({
    id: `project-${project?.id ?? "new"}`,
    lastResult,
    defaultValue: {
      name: opened?.name ?? "",
      description: opened?.description ?? "",
      priority: opened?.priority ?? "medium",
      workflowId: opened?.workflowId ? String(opened.workflowId) : "",
      startDate: opened?.startDate ?? "",
      endDate: opened?.endDate ?? "",
      customer: opened?.customer ?? "",
      externalReference: opened?.externalReference ?? "",
    },
    constraint: getZodConstraint(schema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ form, formData }) => {
      const submission = parseWithZod(markUnreadableDates(form, formData), { schema });
      // Reload saves nothing: it goes to the server (which answers with the latest values) whatever the fields hold.
      return formData.has(RELOAD_FIELD) && submission.status !== "success" ? { ...submission, error: null } : submission;
    },
  });
  const stale = form.errors?.some(isStaleRefusal) ?? false;
  return (
    <Form method="post" action={action} className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={project ? "update-project" : "create-project"} />
      {project ? <input type="hidden" name="_id" value={project.id} /> : null}
      <OpenedValuesField values={opened} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.name} label={t`Project name`} />
      <div>
        <Label htmlFor={fields.description.id}>{t`Description (optional)`}</Label>
        <textarea className={inputClass} rows={3} {...getTextareaProps(fields.description)} />
        <FieldError id={fields.description.errorId} errors={fields.description.errors} />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <div>
          <Label htmlFor={fields.priority.id}>{t`Priority`}</Label>
          <select className={inputClass} {...getSelectProps(fields.priority)}>
            {PRIORITIES.map((p) => (
              <option key={p} value={p}>
                {PRIORITY_LABELS[p] ? i18n._(PRIORITY_LABELS[p]) : p}
              </option>
            ))}
          </select>
          <FieldError id={fields.priority.errorId} errors={fields.priority.errors} />
        </div>
        <div>
          <Label htmlFor={fields.workflowId.id}>{project ? t`Project workflow (optional)` : t`Project workflow`}</Label>
          <select className={inputClass} {...getSelectProps(fields.workflowId)}>
            <option value="">{project ? t`No workflow` : t`Choose a workflow`}</option>
            {workflows.map((w) => (
              <option key={w.id} value={w.id}>
                {w.name}
              </option>
            ))}
          </select>
          <FieldError id={fields.workflowId.errorId} errors={fields.workflowId.errors} />
          {workflows.length === 0 ? (
            <p className="mt-1 text-sm text-ink-muted">
              <Trans>
                No workflows yet: a manager adds them in{" "}
                <Link to="/settings?tab=workflows" className={btn.link}>
                  Global Settings → Project Workflows
                </Link>
                .
              </Trans>
            </p>
          ) : null}
        </div>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField field={fields.startDate} label={t`Start date (optional)`} type="date" min={STEP_DATE_MIN} max={STEP_DATE_MAX} />
        <TextField field={fields.endDate} label={t`Due date (optional)`} type="date" min={STEP_DATE_MIN} max={STEP_DATE_MAX} />
        <TextField field={fields.customer} label={t`Customer (optional)`} autoComplete="off" />
        <TextField field={fields.externalReference} label={t`External reference (optional)`} autoComplete="off" />
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
        <CancelLink to={closeTo} />
        <button type="submit" className={btn.primary} disabled={busy}>
          {busy ? t`Saving...` : project ? t`Update Project` : t`Create Project`}
        </button>
        {/* After the save button, so Enter in a field still saves (the first submit button is the form's default). */}
        {stale ? (
          <button type="submit" name={RELOAD_FIELD} value="1" formNoValidate className={btn.secondary}>
            {t`Reload`}
          </button>
        ) : null}
      </div>
    </Form>
  );
}

export function DeleteProjectForm({
  project,
  closeTo,
  errors,
  returnTo,
}: {
  project: { id: number; name: string };
  closeTo: string;
  errors?: string[];
  returnTo?: string;
}) {
  const { t } = useLingui();
  return (
    <Form method="post" action="/projects" className="space-y-4">
      <input type="hidden" name="intent" value="delete-project" />
      <input type="hidden" name="_id" value={project.id} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : null}
      <p className="text-base text-ink wrap-anywhere">
        {t`Are you sure you want to delete "${project.name}"? This action cannot be undone. All items of this project will also be deleted.`}
      </p>
      {errors?.length ? <FormAlert className="text-sm font-medium text-danger-800">{errors.join(" ")}</FormAlert> : null}
      <DeleteConfirmActions cancelTo={closeTo} label={t`Delete Project`} />
    </Form>
  );
}
