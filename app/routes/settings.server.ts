import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { plural, t } from "@lingui/core/macro";
import { data } from "react-router";
import type { z } from "zod";
import { TABS, type TabKey } from "~/components/settings/tabs";
import { NotFoundError } from "~/domain/errors";
import { changedFields, originalOf } from "~/domain/form-changes";
import { parseIdParam } from "~/domain/ids";
import { safeRedirectPath } from "~/http/request.server";
import { typedParam } from "~/domain/add-entry";
import { redirectWithToast } from "~/http/toast-cookie.server";
import type { Actor } from "~/models/audit.server";
import { categoryModel } from "~/models/category.server";
import { addStandardDepartments, departmentModel, subdepartmentModel } from "~/models/department.server";
import { materialModel } from "~/models/material.server";
import { referenceOps, type ReferenceEntity, type ReferenceOps } from "~/models/reference.server";
import { listTeamMembers } from "~/models/team-member.server";
import { workflowModel } from "~/models/workflow.server";
import {
  CategorySchema,
  DepartmentCreateFormSchema,
  DepartmentEditFormSchema,
  MaterialSchema,
  SubdepartmentSchema,
  TeamMemberEditFormSchema,
  TeamMemberSchema,
  WorkflowSchema,
} from "~/schemas/settings";
import { actorFrom } from "~/services/actor.server";
import { domainError, intentOf, invalid, readForm, refused, sessionEnded, unreadableForm } from "~/views/form-action.server";
import { requirePermission, sessionEndedMessage } from "~/services/permissions.server";
import { backupFailureNote } from "~/services/backups.server";
import { getUser } from "~/services/session.server";
import { failedDeliveryCount } from "~/models/webhook.server";
import type { Route } from "./+types/settings";

// Global Settings' loader and action (routes/settings.tsx holds the page).

/**
 * `returnTo`: the form that sent a manager here to add a missing entry ('Add a material' on an item form): after the
 * save, or on Cancel, they go back to it instead of staying in Settings.
 */
function returnToOf(url: URL): string | null {
  const to = url.searchParams.get("returnTo");
  return to ? safeRedirectPath(to, "") || null : null;
}

/**
 * Back to an item form after 'Add a material' or 'Add a product' (views/add-entry-detour.server.ts): the new entry's name goes
 * along as the form's typed value, so the form opens with it selected.
 */
function withAddedEntry(back: string, entity: string, verb: string, saved: unknown): string {
  const field = entity === "materials" ? "material" : entity === "categories" ? "category" : null;
  const name = (saved as { name?: unknown }).name;
  if (!field || verb !== "create" || typeof name !== "string" || !back.startsWith("/") || back.startsWith("/settings")) return back;
  const url = new URL(back, "http://shop.invalid");
  url.searchParams.set(typedParam(field), name);
  return url.pathname + url.search;
}

function tabOf(url: URL): TabKey {
  const t = url.searchParams.get("tab");
  return (TABS.find((x) => x.key === t)?.key ?? "products") as TabKey;
}

/** Global Settings' data: the open tab's records and the departments the sequence pickers offer. */
export function loadSettings({ request }: Route.LoaderArgs) {
  requirePermission(request, "settings:write");
  const url = new URL(request.url);
  const tab = tabOf(url);
  // Every department, in sortOrder: sequence pickers offer the active ones and name the rest.
  const sequenceDepartments = departmentModel
    .list()
    .sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name))
    .map((d) => ({ id: d.id, value: d.value, name: d.name, color: d.color, isActive: d.isActive, isMachine: d.isMachine }));
  return {
    tab,
    returnTo: returnToOf(url),
    sequenceDepartments,
    categories: tab === "products" ? categoryModel.list() : [],
    departments: tab === "departments" ? departmentModel.list() : [],
    subdepartments: tab === "departments" ? subdepartmentModel.list() : [],
    workflows: tab === "workflows" ? workflowModel.list() : [],
    materials: tab === "materials" ? materialModel.list() : [],
    teamMembers: tab === "team" ? listTeamMembers() : [],
    backupFailure: backupFailureNote(),
    webhooksFailed: failedDeliveryCount(),
  };
}

/** The toasts and refusals of one entity's forms, in the reader's language. */
type FormWords = {
  created: string;
  updated: string;
  deleted: string;
  gone: string;
  failed: Record<"create" | "update" | "delete", string>;
};
type FormText = { tab: TabKey; form: string; words: () => FormWords };

/**
 * One entity's settings forms: its create and edit schemas and the model operations they feed, checked against
 * each other here (a schema whose output the model does not take fails to compile). `submit` parses the post and
 * returns the save to run, so the action can turn a model refusal into the form's message.
 */
function formSpec<C extends object, U extends object>(
  text: FormText,
  create: z.ZodType<C>,
  update: z.ZodType<U>,
  ops: Pick<ReferenceOps<C, Partial<U>>, "create" | "update" | "remove">,
) {
  return {
    ...text,
    create,
    update,
    remove: (id: number, actor: Actor) => ops.remove(id, actor),
    submit(formData: FormData, id: number | undefined, actor: Actor) {
      if (id) {
        const submission = parseWithZod(formData, { schema: update });
        if (submission.status !== "success") return { submission, save: null };
        const { patch, expected } = changedFields(submission.value, originalOf(formData));
        return { submission, save: () => ops.update(id, patch, actor, { expected }) };
      }
      const submission = parseWithZod(formData, { schema: create });
      if (submission.status !== "success") return { submission, save: null };
      return { submission, save: () => ops.create(submission.value, actor) };
    },
  };
}

// Toast nouns follow docs/product.md §8: the Products tab says "product" (its delete error says "category").
const categoryWords = (): FormWords => ({
  created: t`Product created successfully`,
  updated: t`Product updated successfully`,
  deleted: t`Product deleted successfully`,
  gone: t`This product no longer exists. Someone else may have deleted it.`,
  failed: { create: t`Failed to create product`, update: t`Failed to update product`, delete: t`Failed to delete category` },
});
const departmentWords = (): FormWords => ({
  created: t`Department created successfully`,
  updated: t`Department updated successfully`,
  deleted: t`Department deleted successfully`,
  gone: t`This department no longer exists. Someone else may have deleted it.`,
  failed: { create: t`Failed to create department`, update: t`Failed to update department`, delete: t`Failed to delete department` },
});
const subdepartmentWords = (): FormWords => ({
  created: t`Subdepartment created successfully`,
  updated: t`Subdepartment updated successfully`,
  deleted: t`Subdepartment deleted successfully`,
  gone: t`This subdepartment no longer exists. Someone else may have deleted it.`,
  failed: { create: t`Failed to create subdepartment`, update: t`Failed to update subdepartment`, delete: t`Failed to delete subdepartment` },
});
const workflowWords = (): FormWords => ({
  created: t`Workflow created successfully`,
  updated: t`Workflow updated successfully`,
  deleted: t`Workflow deleted successfully`,
  gone: t`This workflow no longer exists. Someone else may have deleted it.`,
  failed: { create: t`Failed to create workflow`, update: t`Failed to update workflow`, delete: t`Failed to delete workflow` },
});
const materialWords = (): FormWords => ({
  created: t`Material created successfully`,
  updated: t`Material updated successfully`,
  deleted: t`Material deleted successfully`,
  gone: t`This material no longer exists. Someone else may have deleted it.`,
  failed: { create: t`Failed to create material`, update: t`Failed to update material`, delete: t`Failed to delete material` },
});
const teamMemberWords = (): FormWords => ({
  created: t`Team member created successfully`,
  updated: t`Team member updated successfully`,
  deleted: t`Team member deleted successfully`,
  gone: t`This team member no longer exists. Someone else may have deleted it.`,
  failed: { create: t`Failed to create team member`, update: t`Failed to update team member`, delete: t`Failed to delete team member` },
});

const FORMS = {
  categories: formSpec({ tab: "products", form: "category", words: categoryWords }, CategorySchema, CategorySchema, referenceOps.categories),
  departments: formSpec(
    { tab: "departments", form: "department", words: departmentWords },
    DepartmentCreateFormSchema,
    DepartmentEditFormSchema,
    referenceOps.departments,
  ),
  subdepartments: formSpec(
    { tab: "departments", form: "subdepartment", words: subdepartmentWords },
    SubdepartmentSchema,
    SubdepartmentSchema,
    referenceOps.subdepartments,
  ),
  workflows: formSpec({ tab: "workflows", form: "workflow", words: workflowWords }, WorkflowSchema, WorkflowSchema, referenceOps.workflows),
  materials: formSpec({ tab: "materials", form: "material", words: materialWords }, MaterialSchema, MaterialSchema, referenceOps.materials),
  "team-members": formSpec(
    { tab: "team", form: "team-member", words: teamMemberWords },
    TeamMemberSchema,
    TeamMemberEditFormSchema,
    referenceOps["team-members"],
  ),
} satisfies Partial<Record<ReferenceEntity, FormText>>;

/** The empty Departments tab's one-click start (docs/product.md (Decisions)). */
const ADD_STANDARD_DEPARTMENTS = "add-standard-departments";

/** Every Global Settings form posts here: create, edit or delete of the entity it names. */
export async function settingsAction({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (!formData) return unreadableForm();
  if (formData.get("_action") === ADD_STANDARD_DEPARTMENTS) {
    const user = requirePermission(request, "settings:write");
    const created = addStandardDepartments(actorFrom(request, user));
    const count = created.length;
    return redirectWithToast(request, "/settings?tab=departments", {
      title: t`Success`,
      description: count
        ? plural(count, { one: "# standard department created successfully", other: "# standard departments created successfully" })
        : t`The standard departments already exist`,
    });
  }
  const entity = intentOf(formData, FORMS, { field: "_entity" });
  const spec = FORMS[entity];
  const rawId = formData.get("_id");
  const id = rawId === null || rawId === "" ? undefined : parseIdParam(rawId);
  if (id === null) throw data(t`Not found`, { status: 404 });
  const verb = formData.get("_action") === "delete" ? "delete" : id ? "update" : "create";
  const formId = `${spec.form}-${id ?? (entity === "subdepartments" ? `new-${formData.get("departmentId")}` : "new")}`;
  const resultId = verb === "delete" ? `delete-${entity}-${id}` : formId;

  // A session that ended while the form was open: keep what was typed and ask for the PIN again (with
  // JavaScript the PIN dialog opens and the save is sent again after sign-in).
  if (!getUser(request)) {
    const submission = verb === "delete" ? null : parseWithZod(formData, { schema: id ? spec.update : spec.create });
    return sessionEnded(resultId, submission?.reply({ formErrors: [sessionEndedMessage()] }));
  }
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  // The form posts to its own address, so a `returnTo` the dialog was opened with comes along.
  const back = returnToOf(new URL(request.url)) ?? `/settings?tab=${spec.tab}`;
  const words = spec.words();
  const gone = new NotFoundError(words.gone);

  const fail = (error: unknown, reply: (o: { formErrors: string[] }) => unknown) => {
    const e = domainError(error);
    return refused(
      resultId,
      e.status,
      { title: t`Error`, description: e.message || words.failed[verb] },
      reply({ formErrors: [e.message] }) as SubmissionResult<string[]>,
    );
  };

  if (verb === "delete") {
    try {
      if (!spec.remove(id!, actor)) throw gone;
    } catch (error) {
      return fail(error, (o) => ({ status: "error", error: { "": o.formErrors } }));
    }
    return redirectWithToast(request, back, { title: t`Success`, description: words.deleted });
  }

  const { submission, save } = spec.submit(formData, id, actor);
  if (!save) {
    return invalid(formId, submission.reply(), submission.status === "error" ? 400 : 200);
  }
  let saved: unknown;
  try {
    saved = save();
    if (!saved) throw gone;
  } catch (error) {
    return fail(error, (o) => submission.reply(o));
  }
  return redirectWithToast(request, withAddedEntry(back, entity, verb, saved), {
    title: t`Success`,
    description: verb === "create" ? words.created : words.updated,
  });
}
