import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
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
import { requirePermission, SESSION_ENDED } from "~/services/permissions.server";
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

type FormText = { tab: TabKey; form: string; noun: string; deleteNoun: string };

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
const FORMS = {
  categories: formSpec({ tab: "products", form: "category", noun: "Product", deleteNoun: "category" }, CategorySchema, CategorySchema, referenceOps.categories),
  departments: formSpec(
    { tab: "departments", form: "department", noun: "Department", deleteNoun: "department" },
    DepartmentCreateFormSchema,
    DepartmentEditFormSchema,
    referenceOps.departments,
  ),
  subdepartments: formSpec(
    { tab: "departments", form: "subdepartment", noun: "Subdepartment", deleteNoun: "subdepartment" },
    SubdepartmentSchema,
    SubdepartmentSchema,
    referenceOps.subdepartments,
  ),
  workflows: formSpec({ tab: "workflows", form: "workflow", noun: "Workflow", deleteNoun: "workflow" }, WorkflowSchema, WorkflowSchema, referenceOps.workflows),
  materials: formSpec({ tab: "materials", form: "material", noun: "Material", deleteNoun: "material" }, MaterialSchema, MaterialSchema, referenceOps.materials),
  "team-members": formSpec(
    { tab: "team", form: "team-member", noun: "Team member", deleteNoun: "team member" },
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
    return redirectWithToast(request, "/settings?tab=departments", {
      title: "Success",
      description: created.length
        ? `${created.length} standard department${created.length === 1 ? "" : "s"} created successfully`
        : "The standard departments already exist",
    });
  }
  const entity = intentOf(formData, FORMS, { field: "_entity" });
  const spec = FORMS[entity];
  const rawId = formData.get("_id");
  const id = rawId === null || rawId === "" ? undefined : parseIdParam(rawId);
  if (id === null) throw data("Not found", { status: 404 });
  const verb = formData.get("_action") === "delete" ? "delete" : id ? "update" : "create";
  const formId = `${spec.form}-${id ?? (entity === "subdepartments" ? `new-${formData.get("departmentId")}` : "new")}`;
  const resultId = verb === "delete" ? `delete-${entity}-${id}` : formId;

  // A session that ended while the form was open: keep what was typed and ask for the PIN again (with
  // JavaScript the PIN dialog opens and the save is sent again after sign-in).
  if (!getUser(request)) {
    const submission = verb === "delete" ? null : parseWithZod(formData, { schema: id ? spec.update : spec.create });
    return sessionEnded(resultId, submission?.reply({ formErrors: [SESSION_ENDED] }));
  }
  const user = requirePermission(request, "settings:write");
  const actor = actorFrom(request, user);
  // The form posts to its own address, so a `returnTo` the dialog was opened with comes along.
  const back = returnToOf(new URL(request.url)) ?? `/settings?tab=${spec.tab}`;
  const gone = new NotFoundError(`This ${spec.noun.toLowerCase()} no longer exists. Someone else may have deleted it.`);

  const fail = (error: unknown, reply: (o: { formErrors: string[] }) => unknown) => {
    const e = domainError(error);
    return refused(
      resultId,
      e.status,
      { title: "Error", description: e.message || `Failed to ${verb} ${verb === "delete" ? spec.deleteNoun : spec.noun.toLowerCase()}` },
      reply({ formErrors: [e.message] }) as SubmissionResult<string[]>,
    );
  };

  if (verb === "delete") {
    try {
      if (!spec.remove(id!, actor)) throw gone;
    } catch (error) {
      return fail(error, (o) => ({ status: "error", error: { "": o.formErrors } }));
    }
    return redirectWithToast(request, back, { title: "Success", description: `${spec.noun} deleted successfully` });
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
  return redirectWithToast(request, withAddedEntry(back, entity, verb, saved), { title: "Success", description: `${spec.noun} ${verb}d successfully` });
}
