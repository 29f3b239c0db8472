import { t } from "@lingui/core/macro";
import { parseWithZod } from "@conform-to/zod/v4";
import { data } from "react-router";
import type { ItemDialogItem } from "~/components/items/item-dialogs";
import type { ItemListRow } from "~/components/items/items-table";
import type { ProductFormChoices } from "~/components/product-form";
import { changedFields, originalOf } from "~/domain/form-changes";
import { parseIdParam } from "~/domain/ids";
import { pageOf, requestedPage } from "~/domain/paging";
import { redirectWithToast } from "~/http/toast-cookie.server";
import { categoryModel } from "~/models/category.server";
import { departmentModel } from "~/models/department.server";
import { createItem, deleteItem, getItem, listItemsPage, projectChoices, updateItem } from "~/models/item.server";
import { materialModel } from "~/models/material.server";
import { getProject } from "~/models/project.server";
import { workflowModel } from "~/models/workflow.server";
import { ProductFormSchema } from "~/schemas/item";
import { actorFrom } from "~/services/actor.server";
import { domainError, invalid, intentOf, readForm, refused, sessionEnded, unreadableForm } from "~/views/form-action.server";
import { can, requirePermission } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { qrBaseUrl, shopAddressNote } from "~/services/shop-address.server";
import { whoCanAdd } from "~/views/who-can-add.server";
import type { Route } from "./+types/items";

// The items list's loader and action (routes/items.tsx holds the page).

export const PAGE_SIZE = 50;
/**
 * A shop may have 10,000 projects: the project filter and the form offer the newest ones (plus the one chosen),
 * not a select of ten thousand options. An older project's items are one click away from its own page.
 */
export const PROJECT_CHOICES = 200;

function listState(url: URL) {
  const category = url.searchParams.get("category")?.trim() || undefined;
  const projectId = parseIdParam(url.searchParams.get("project") ?? "") ?? undefined;
  const page = requestedPage(url.searchParams.get("page"));
  // A name search: words the name must contain (see listItemsPage), at most 100 characters of them.
  const q = url.searchParams.get("q")?.trim().replace(/\s+/g, " ").slice(0, 100) || undefined;
  return { category, projectId, page, q };
}

export function loader({ request }: Route.LoaderArgs) {
  const user = requirePermission(request, "read");
  const url = new URL(request.url);
  const state = listState(url);
  const first = listItemsPage(state, PAGE_SIZE, (state.page - 1) * PAGE_SIZE);
  // A page past the end (items deleted since the link was made) shows the last page instead of an empty list.
  const { page, pages, offset } = pageOf(state.page, first.total, PAGE_SIZE);
  const list = page === state.page ? first : listItemsPage(state, PAGE_SIZE, offset);
  const canWrite = can(user, "projects:write");
  const dialogId = parseIdParam(url.searchParams.get("item") ?? "");
  const dialogRow = dialogId === null ? undefined : (list.rows.find((r) => r.id === dialogId) ?? getItem(dialogId));
  const dialogProject = dialogRow ? (list.rows.find((r) => r.id === dialogRow.id)?.projectName ?? getProject(dialogRow.projectId)?.name ?? "") : "";
  const choices: ProductFormChoices & { allCategories: string[] } = {
    allCategories: categoryModel.list().map((c) => c.name),
    categories: [],
    departments: canWrite ? departmentModel.list().map((d) => ({ value: d.value, name: d.name })) : [],
    projects: projectChoices(PROJECT_CHOICES, state.projectId ?? dialogRow?.projectId),
    materials: canWrite ? materialModel.list().map((m) => m.name) : [],
    workflows: canWrite ? workflowModel.list().map((w) => ({ id: w.id, name: w.name })) : [],
  };
  choices.categories = choices.allCategories;
  const items: ItemListRow[] = list.rows.map((i) => ({
    id: i.id,
    name: i.name,
    category: i.category,
    material: i.material,
    projectId: i.projectId,
    projectName: i.projectName,
    isTimerActive: i.isTimerActive,
    finished: i.finishedAt !== null,
    sessionStart: i.isTimerActive && i.currentSessionStart ? i.currentSessionStart.getTime() : null,
    totalTimeSeconds: i.totalTimeSeconds,
  }));
  const dialogItem: ItemDialogItem | null = dialogRow
    ? {
        id: dialogRow.id,
        name: dialogRow.name,
        category: dialogRow.category,
        department: dialogRow.department,
        projectId: dialogRow.projectId,
        projectName: dialogProject,
        material: dialogRow.material,
        quantity: dialogRow.quantity,
        workflowId: dialogRow.workflowId,
        productWorkflowId: dialogRow.productWorkflowId,
      }
    : null;
  return data(
    {
      filter: { category: state.category ?? "", projectId: state.projectId ?? null, q: state.q ?? "" },
      page,
      pages,
      total: list.total,
      canWrite,
      items,
      dialogItem,
      choices,
      whoCanAdd: whoCanAdd(user, canWrite),
      qrBase: qrBaseUrl(request),
      addressNote: shopAddressNote(request),
      now: Date.now(),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

const INTENTS = ["create-product", "update-product", "delete-item"] as const;
const fallback = (intent: (typeof INTENTS)[number]) =>
  ({
    "create-product": t`Failed to create product`,
    "update-product": t`Failed to update product`,
    "delete-item": t`Failed to delete item`,
  })[intent];
const gone = () => t`This item no longer exists. Someone else may have deleted it.`;

export async function action({ request }: Route.ActionArgs) {
  const formData = await readForm(request);
  if (!formData) return unreadableForm();
  const intent = intentOf(formData, INTENTS);
  const rawId = formData.get("itemId");
  const itemId = rawId === null ? null : parseIdParam(String(rawId));
  const formId = intent === "create-product" ? "product-new" : intent === "update-product" ? `product-${rawId}` : `delete-${rawId}`;
  // Back to the list as it was (filters and page), from the form's own hidden field.
  const returnTo = String(formData.get("returnTo") ?? "");
  const back = returnTo.startsWith("/items") && !returnTo.startsWith("//") ? returnTo : "/items";
  // A session that ended while the form was open: keep what was typed and ask for the PIN again.
  if (!getUser(request)) return sessionEnded(formId);
  const user = requirePermission(request, "projects:write");
  const actor = actorFrom(request, user);
  const toast = (message: string) => ({ title: t`Error`, description: message || fallback(intent) });
  const fail = (status: number, message: string) => refused(formId, status, toast(message), { status: "error", error: { "": [message] } });
  const success = (description: string) => redirectWithToast(request, back, { title: t`Success`, description });

  if (intent === "delete-item") {
    if (itemId === null || !deleteItem(itemId, actor)) return fail(404, gone());
    return success(t`Item deleted successfully`);
  }
  const submission = parseWithZod(formData, { schema: ProductFormSchema });
  if (submission.status !== "success") return invalid(formId, submission.reply());
  try {
    if (intent === "create-product") {
      createItem(submission.value, actor);
      return success(t`Item created successfully with QR code!`);
    }
    if (itemId === null) return fail(404, gone());
    const { patch, expected } = changedFields(submission.value, originalOf(formData));
    if (!updateItem(itemId, patch, actor, { expected })) return fail(404, gone());
    return success(t`Item updated successfully`);
  } catch (error) {
    const e = domainError(error);
    return refused(formId, e.status, toast(e.message), submission.reply({ formErrors: [e.message] }));
  }
}
