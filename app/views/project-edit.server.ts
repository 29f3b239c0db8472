import { t } from "@lingui/core/macro";
import { currentI18n } from "~/domain/i18n-runtime";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { Project } from "#db/schema";
import { zoneDate } from "~/domain/dates";
import { BadRequestError, ConflictError, NotFoundError } from "~/domain/errors";
import { changedFields, ORIGINAL_FIELD, originalOf } from "~/domain/form-changes";
import { RELOAD_FIELD } from "~/domain/stale-edit";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { getEnv } from "~/infra/env.server";
import type { Actor } from "~/models/audit.server";
import { lastChangeOf, type LastChange } from "~/models/audit-trail.server";
import { staleMessage } from "~/models/crud.server";
import { getProject, updateProject } from "~/models/project.server";
import { dueBeforeStart, ProjectEditSchema, startAfterEnd } from "~/schemas/project";
import { SESSION_ENDED } from "~/services/permissions.server";
import { domainError, type FormReply, invalid, refused } from "./form-action.server";
import { intlLocaleFor } from "~/domain/languages";

// The Edit Project form's save, wherever the form is (the projects list, the project screen): the fields this
// person changed are saved, checked against what the form opened with (decisions 0009 and 0021). A save over
// someone else's change of the same field is refused where the person is, naming who changed what and when from
// the audit row of that change; the form's Reload draws the latest values under what was typed.

/** A project as the Create / Edit Project form draws it. */
export type ProjectFormProject = {
  id: number;
  name: string;
  description: string;
  priority: string;
  workflowId: number | null;
  /** Calendar days in the shop's zone ('yyyy-mm-dd'), as a date field shows them, or null. */
  startDate: string | null;
  endDate: string | null;
  customer: string | null;
  externalReference: string | null;
  version: number;
};

export function projectGone() {
  return t`This project no longer exists. Someone else may have deleted it.`;
}

const intlLocale = () => intlLocaleFor(currentI18n().locale);

/** A project as the Create / Edit Project form shows it: its dates as days in the shop's zone. */
export function formProject(p: Project | ProjectFormProject): ProjectFormProject {
  const tz = getEnv().SHOP_TIMEZONE;
  const day = (d: Date | string | null) => (d === null ? null : typeof d === "string" ? d : Number.isNaN(d.getTime()) ? null : zoneDate(d, tz));
  return {
    id: p.id,
    name: p.name,
    description: p.description,
    priority: p.priority,
    workflowId: p.workflowId,
    startDate: day(p.startDate),
    endDate: day(p.endDate),
    customer: p.customer,
    externalReference: p.externalReference,
    version: p.version,
  };
}

/** The editable fields, as the form opened with them (its `_original`). */
const openedOf = (p: ProjectFormProject) => ({
  name: p.name,
  description: p.description,
  priority: p.priority,
  workflowId: p.workflowId,
  startDate: p.startDate,
  endDate: p.endDate,
  customer: p.customer,
  externalReference: p.externalReference,
});

// ICU puts a narrow no-break space before AM/PM: a plain one reads the same and matches what people type.
const clock = (at: number, timeZone: string) =>
  new Intl.DateTimeFormat(intlLocale(), { timeZone, hour: "numeric", minute: "2-digit" }).format(at).replace(/\s/g, " ");

/** 'Maria Lopez changed Priority to Rush at 10:42 AM' (another day: '… on Dec 1 at 10:42 AM'). */
export function changeSentence(change: LastChange, timeZone: string, now = Date.now()): string {
  const what = change.changes.map((c) => {
    // A project's end date is its due date (Decisions: Due dates); long text is named, not quoted.
    const field = c.key === "endDate" ? t`Due date` : c.field;
    if (c.key === "description") return field;
    const to = c.to;
    return to === "(empty)" ? t`${field} to nothing` : t`${field} to ${to}`;
  });
  const head = what.slice(0, -1).join(", ");
  const last = what.at(-1) ?? "";
  const list = what.length > 1 ? t`${head} and ${last}` : what[0];
  const who = change.who;
  const time = clock(change.at, timeZone);
  if (zoneDate(change.at, timeZone) === zoneDate(now, timeZone)) return t`${who} changed ${list} at ${time}`;
  const date = new Intl.DateTimeFormat(intlLocale(), { timeZone, month: "short", day: "numeric" }).format(change.at);
  return t`${who} changed ${list} on ${date} at ${time}`;
}

/** The refusal of a stale save: who changed what and when, when the audit trail still says. */
function staleText(projectId: number, fields: string[]): string {
  const tz = getEnv().SHOP_TIMEZONE;
  const change = lastChangeOf("project", projectId, fields, { timeZone: tz });
  const stale = staleMessage("project");
  if (!change) return stale;
  const sentence = changeSentence(change, tz);
  // The model's words without their last sentence ('Reload to see the latest.'), in whichever language they are.
  const refusal = stale.replace(/\.\s[^.]+\.$/, "");
  return t`${refusal}: ${sentence}. Reload to see the latest; what you typed stays.`;
}

/**
 * Reload after a refused save: the latest values in the fields this person left alone, what they typed in the
 * others, and the latest record as what the form opened with, so the next save is checked against it.
 */
function reloadReply(formId: string, formData: FormData, project: ProjectFormProject) {
  const latest = openedOf(project);
  const sent = originalOf(formData) ?? {};
  const asField = (v: unknown) => (v === null || v === undefined ? "" : String(v));
  const values: Record<string, string> = {};
  for (const [key, now] of Object.entries(latest)) {
    const typed = formData.get(key);
    const changed = typeof typed === "string" && typed !== asField(sent[key]);
    values[key] = changed ? typed : asField(now);
  }
  for (const key of ["intent", "_id", "returnTo"]) {
    const v = formData.get(key);
    if (typeof v === "string") values[key] = v;
  }
  const result: SubmissionResult<string[]> = { initialValue: { ...values, [ORIGINAL_FIELD]: JSON.stringify(latest) }, error: {} };
  return data<FormReply>({
    formId,
    result,
    toast: { title: t`Reloaded`, description: t`The form shows the latest saved project; what you typed is kept.`, variant: "default" },
    reauth: false,
  });
}

/** A session that ended while the form was open: what was typed comes back with the request for the PIN. */
export function typedEdit(formData: FormData): SubmissionResult<string[]> {
  return parseWithZod(formData, { schema: ProjectEditSchema }).reply({ formErrors: [SESSION_ENDED] });
}

type EditContext = { request: Request; formData: FormData; projectId: number; actor: Actor; formId: string; back: string };

/** Saves the Edit Project form: a redirect with a toast, or the form's answer (refused, or reloaded). */
export async function saveProjectEdit({ request, formData, projectId, actor, formId, back }: EditContext): Promise<Response | ReturnType<typeof invalid>> {
  const fail = (status: number, message: string, result: SubmissionResult<string[]>) =>
    refused(formId, status, { title: t`Error`, description: message || t`Failed to update project` }, result);
  if (formData.get(RELOAD_FIELD) !== null) {
    const current = getProject(projectId);
    if (!current) return fail(404, projectGone(), { status: "error", error: { "": [projectGone()] } });
    return reloadReply(formId, formData, formProject(current));
  }
  const submission = parseWithZod(formData, { schema: ProjectEditSchema });
  if (submission.status !== "success") return invalid(formId, submission.reply());
  const { patch, expected } = changedFields(submission.value, originalOf(formData));
  // A field the form did not post (a page drawn before it had the field) is left as it is, not emptied.
  for (const key of Object.keys(patch) as (keyof typeof patch)[]) if (!formData.has(key)) delete patch[key];
  try {
    if (!updateProject(projectId, patch, actor, { expected })) throw new NotFoundError(projectGone());
  } catch (error) {
    const e = domainError(error);
    if (e instanceof ConflictError && e.message === staleMessage("project")) {
      const message = staleText(projectId, Object.keys(expected ?? {}));
      return fail(409, message, submission.reply({ formErrors: [message] }));
    }
    // The forms keep the spec's words for dates out of order (docs/product.md §5), under the start date.
    if (e instanceof BadRequestError && e.message === dueBeforeStart()) {
      return fail(400, startAfterEnd(), submission.reply({ fieldErrors: { startDate: [startAfterEnd()] } }));
    }
    if (e instanceof ConflictError && /external reference|referencia externa/i.test(e.message)) {
      return fail(409, e.message, submission.reply({ fieldErrors: { externalReference: [e.message] } }));
    }
    return fail(e.status, e.message, submission.reply({ formErrors: [e.message] }));
  }
  return redirectWithToast(request, back, { title: t`Success`, description: t`Project updated successfully!` });
}
