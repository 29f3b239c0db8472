import type { SubmissionResult } from "@conform-to/react";
import { domainError } from "~/services/form-action.server";
import { parseWithZod } from "@conform-to/zod/v4";
import { useEffect, useRef } from "react";
import { data, Form, Link, useActionData, useNavigation, useSearchParams, useSubmit, type ShouldRevalidateFunctionArgs } from "react-router";
import { Icon } from "~/components/icons";
import { LiveDuration } from "~/components/live-duration";
import { PageLinks } from "~/components/page-links";
import { FormAlert } from "~/components/error-focus";
import { ProductForm, type ProductFormChoices } from "~/components/product-form";
import { QrCodeDialog } from "~/components/qr-code-dialog";
import { useReauthRetry } from "~/components/reauth";
import { useToast } from "~/components/toaster";
import { Badge, btn, cardClass, DeleteConfirmActions, EmptyState, inputClass, PageHeader, UrlDialog } from "~/components/ui";
import { categoryModel } from "~/models/category.server";
import { departmentModel } from "~/models/department.server";
import { createItem, deleteItem, getItem, listItemsPage, projectChoices, updateItem } from "~/models/item.server";
import { materialModel } from "~/models/material.server";
import { getProject } from "~/models/project.server";
import { workflowModel } from "~/models/workflow.server";
import { ProductFormSchema } from "~/schemas/item";
import { actorFrom } from "~/services/actor.server";
import { can, requirePermission, SESSION_ENDED } from "~/services/permissions.server";
import { getUser } from "~/services/session.server";
import { whoCanAdd } from "~/services/who-can-add.server";
import { changedFields, originalOf } from "~/domain/form-changes";
import { formatHMS } from "~/domain/format";
import { parseIdParam } from "~/domain/ids";
import { pageOf, requestedPage } from "~/domain/paging";
import { qrBaseUrl, shopAddressNote } from "~/services/shop-address.server";
import { redirectWithToast } from "~/http/toast-cookie.server";
import type { Route } from "./+types/items";
import { RowActions } from "~/components/row-actions";
import { RowLink } from "~/components/row-link";
import { LiveIndicator, useLiveData } from "~/components/live";

// docs/product.md §2 Items list (/items): every item of the shop, 50 a page, filtered by category and project, with the
// Create New Product / Edit Product dialog (§5 Product form). Filters, page and dialogs live in the URL, so the
// screen works the same without JavaScript and a link shows what the sender saw.

export const PAGE_SIZE = 50;
/**
 * A shop may have 10,000 projects: the project filter and the form offer the newest ones (plus the one chosen),
 * not a select of ten thousand options. An older project's items are one click away from its own page.
 */
export const PROJECT_CHOICES = 200;

export function meta() {
  return [{ title: "Items · Shopflow" }];
}

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
  return data(
    {
      filter: { category: state.category ?? "", projectId: state.projectId ?? null, q: state.q ?? "" },
      page,
      pages,
      total: list.total,
      canWrite,
      items: list.rows.map((i) => ({
        id: i.id,
        name: i.name,
        category: i.category,
        material: i.material,
        projectId: i.projectId,
        projectName: i.projectName,
        isTimerActive: i.isTimerActive,
        sessionStart: i.isTimerActive && i.currentSessionStart ? i.currentSessionStart.getTime() : null,
        totalTimeSeconds: i.totalTimeSeconds,
      })),
      dialogItem: dialogRow
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
        : null,
      choices,
      whoCanAdd: whoCanAdd(user, canWrite),
      qrBase: qrBaseUrl(request),
      addressNote: shopAddressNote(request),
      now: Date.now(),
    },
    { headers: { "Cache-Control": "no-store" } },
  );
}

// Opening or closing a dialog only changes its URL parameters: no need to reload the list.
export function shouldRevalidate({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // The same address: a live update (or a click on the current page) asks for fresh data.
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  if (formMethod || currentUrl.pathname !== nextUrl.pathname) return defaultShouldRevalidate;
  // A dialog for another item reads that item (it may be on no page of this list).
  return ["q", "category", "project", "page", "item"].some((k) => currentUrl.searchParams.get(k) !== nextUrl.searchParams.get(k));
}

type Intent = "create-product" | "update-product" | "delete-item";
const FALLBACK: Record<Intent, string> = {
  "create-product": "Failed to create product",
  "update-product": "Failed to update product",
  "delete-item": "Failed to delete item",
};
const GONE = "This item no longer exists. Someone else may have deleted it.";

export async function action({ request }: Route.ActionArgs) {
  const formData = await request.formData().catch(() => null);
  const intent = formData?.get("intent") as Intent | null;
  if (!formData || !intent || !(intent in FALLBACK)) throw data("Unknown form", { status: 400 });
  const rawId = formData.get("itemId");
  const itemId = rawId === null ? null : parseIdParam(String(rawId));
  const formId = intent === "create-product" ? "product-new" : intent === "update-product" ? `product-${rawId}` : `delete-${rawId}`;
  // Back to the list as it was (filters and page), from the form's own hidden field.
  const returnTo = String(formData.get("returnTo") ?? "");
  const back = returnTo.startsWith("/items") && !returnTo.startsWith("//") ? returnTo : "/items";
  if (!getUser(request)) {
    return data({ formId, result: { status: "error" as const, error: { "": [SESSION_ENDED] } }, toast: null, reauth: true }, { status: 401 });
  }
  const user = requirePermission(request, "projects:write");
  const actor = actorFrom(request, user);
  const fail = (status: number, message: string, result: unknown = { status: "error", error: { "": [message] } }) =>
    data({ formId, result, toast: { title: "Error", description: message || FALLBACK[intent], variant: "destructive" as const }, reauth: false }, { status });
  const success = (description: string) => redirectWithToast(request, back, { title: "Success", description });

  if (intent === "delete-item") {
    if (itemId === null || !deleteItem(itemId, actor)) return fail(404, GONE);
    return success("Item deleted successfully");
  }
  const submission = parseWithZod(formData, { schema: ProductFormSchema });
  if (submission.status !== "success") return data({ formId, result: submission.reply(), toast: null, reauth: false }, { status: 400 });
  try {
    if (intent === "create-product") {
      createItem(submission.value, actor);
      return success("Item created successfully with QR code!");
    }
    if (itemId === null) return fail(404, GONE);
    const { patch, expected } = changedFields(submission.value, originalOf(formData));
    if (!updateItem(itemId, patch, actor, { expected })) return fail(404, GONE);
    return success("Item updated successfully");
  } catch (error) {
    const e = domainError(error);
    return fail(e.status, e.message, submission.reply({ formErrors: [e.message] }));
  }
}

export default function Items({ loaderData }: Route.ComponentProps) {
  const { items, canWrite, page, pages, total, filter, choices } = loaderData;
  const live = useLiveData((n) => n.entity === "item" || n.entity === "project");
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const submit = useSubmit();
  const toast = useToast();
  const actionData = useActionData<typeof action>();
  const { onSubmitCapture, dialog: reauthDialog } = useReauthRetry(actionData);
  useEffect(() => {
    if (actionData?.toast) toast(actionData.toast);
  }, [actionData, toast]);
  const filterForm = useRef<HTMLFormElement>(null);
  const typing = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => clearTimeout(typing.current ?? undefined), []);
  // The search field keeps what is being typed while its results load; it follows the URL otherwise (Back, Clear).
  const searchField = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (searchField.current && document.activeElement !== searchField.current) searchField.current.value = filter.q;
  }, [filter.q]);
  // JavaScript on: a filter applies as soon as it changes; the search waits until typing pauses, and replaces the
  // history entry, so Back does not step through every letter.
  const onFilterChange = (e: React.FormEvent<HTMLFormElement>) => {
    const form = e.currentTarget;
    clearTimeout(typing.current ?? undefined);
    if ((e.target as HTMLElement).id === "filter-q") {
      typing.current = setTimeout(() => submit(form, { preventScrollReset: true, replace: true }), 350);
    } else {
      submit(form, { preventScrollReset: true });
    }
  };

  const href = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    next.delete("dialog");
    next.delete("item");
    for (const [k, v] of Object.entries(changes)) {
      if (v === null || v === "") next.delete(k);
      else next.set(k, v);
    }
    const q = next.toString();
    return `/items${q ? `?${q}` : ""}`;
  };
  const here = href({});
  const withDialog = (name: string, id?: number) => `${here}${here.includes("?") ? "&" : "?"}dialog=${name}${id === undefined ? "" : `&item=${id}`}`;
  const dialog = params.get("dialog");
  const failed = actionData && "formId" in actionData ? actionData : null;
  const resultFor = (formId: string) => (failed?.formId === formId ? (failed.result as SubmissionResult<string[]>) : undefined);
  const dialogId = parseIdParam(params.get("item") ?? "");
  const dialogItem = loaderData.dialogItem?.id === dialogId ? loaderData.dialogItem : null;
  // The forms post to their own dialog's URL: without JavaScript a refused save comes back with its dialog open.
  const editItem = dialog === "edit" ? dialogItem : null;
  const creating = dialog === "new";
  const filtered = filter.category !== "" || filter.projectId !== null || filter.q !== "";
  const loading = navigation.state === "loading" && navigation.location.pathname === "/items";

  const newButton = canWrite ? (
    <Link to={withDialog("new")} preventScrollReset className={btn.primary}>
      <Icon name="plus" />
      New Product
    </Link>
  ) : null;

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6" onSubmitCapture={onSubmitCapture}>
      {reauthDialog}
      <PageHeader
        title="Items"
        subtitle="Every item on every project: find one, print its label, see its time."
        actions={
          <>
            <LiveIndicator status={live} />
            {newButton}
          </>
        }
      />

      {creating && canWrite ? (
        <UrlDialog title="Create New Product" closeTo={here} wide>
          <ProductForm
            choices={choices}
            presetProjectId={filter.projectId ?? undefined}
            action={withDialog("new")}
            closeTo={here}
            lastResult={resultFor("product-new")}
            who={loaderData.whoCanAdd}
          />
          <ReturnTo value={here} form="product-new" />
        </UrlDialog>
      ) : null}
      {editItem && canWrite ? (
        <UrlDialog title="Edit Product" description={editItem.name} closeTo={here} wide>
          <ProductForm
            key={editItem.id}
            item={editItem}
            choices={choices}
            action={withDialog("edit", editItem.id)}
            closeTo={here}
            lastResult={resultFor(`product-${editItem.id}`)}
            who={loaderData.whoCanAdd}
          />
          <ReturnTo value={here} form={`product-${editItem.id}`} />
        </UrlDialog>
      ) : null}
      {dialog === "delete" && dialogItem && canWrite ? (
        <UrlDialog title="Delete Item" closeTo={here}>
          <Form method="post" action={withDialog("delete", dialogItem.id)} className="space-y-4">
            <input type="hidden" name="intent" value="delete-item" />
            <input type="hidden" name="itemId" value={dialogItem.id} />
            <input type="hidden" name="returnTo" value={here} />
            <p className="text-base text-ink wrap-anywhere">Are you sure you want to delete "{dialogItem.name}"? This action cannot be undone.</p>
            {failed?.formId === `delete-${dialogItem.id}` ? (
              <FormAlert className="text-sm font-medium text-danger-800">
                {(failed.result as { error?: Record<string, string[]> }).error?.[""]?.join(" ")}
              </FormAlert>
            ) : null}
            <DeleteConfirmActions cancelTo={here} />
          </Form>
        </UrlDialog>
      ) : null}
      {dialog === "qr" && dialogItem ? (
        <QrCodeDialog
          addressNote={loaderData.addressNote}
          closeTo={here}
          label={{
            itemName: dialogItem.name,
            projectName: dialogItem.projectName,
            product: dialogItem.category,
            material: dialogItem.material,
            payload: `${loaderData.qrBase}${dialogItem.id}`,
            svg: `/items/${dialogItem.id}/qr.svg`,
            png: `/items/${dialogItem.id}/qr.png`,
            pdf: `/items/${dialogItem.id}/label.pdf`,
          }}
        />
      ) : null}

      <section className={`p-4 sm:p-5 ${cardClass}`} aria-labelledby="items-heading">
        <h2 id="items-heading" className="sr-only">
          Item list
        </h2>
        {/* A GET form: the filters are the URL. With JavaScript a change applies at once; without, 'Filter' sends it. */}
        <Form
          ref={filterForm}
          method="get"
          action="/items"
          role="search"
          className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end"
          onChange={onFilterChange}
          onSubmit={() => clearTimeout(typing.current ?? undefined)}
        >
          <div className="min-w-0 sm:w-64">
            <label htmlFor="filter-q" className="block text-sm font-medium text-ink">
              Search by name
            </label>
            <input
              ref={searchField}
              id="filter-q"
              name="q"
              type="search"
              defaultValue={filter.q}
              maxLength={100}
              autoComplete="off"
              enterKeyHint="search"
              placeholder="e.g. channel letters"
              className={`mt-1 ${inputClass}`}
            />
          </div>
          <div className="min-w-0 sm:w-64">
            <label htmlFor="filter-category" className="block text-sm font-medium text-ink">
              Category
            </label>
            <select id="filter-category" name="category" defaultValue={filter.category} className={`mt-1 ${inputClass}`} key={`c-${filter.category}`}>
              <option value="">All categories</option>
              {choices.allCategories.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          </div>
          <div className="min-w-0 sm:w-80">
            <label htmlFor="filter-project" className="block text-sm font-medium text-ink">
              Project
            </label>
            <select id="filter-project" name="project" defaultValue={filter.projectId ?? ""} className={`mt-1 ${inputClass}`} key={`p-${filter.projectId}`}>
              <option value="">All projects</option>
              {choices.projects.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <noscript>
            <button type="submit" className={btn.secondary}>
              Filter
            </button>
          </noscript>
          {filtered ? (
            <Link to="/items" className={`${btn.link} min-h-tap inline-flex items-center`}>
              Clear filters
            </Link>
          ) : null}
        </Form>
        <p className="mt-3 text-sm text-ink-muted" aria-live="polite">
          {loading ? "Loading..." : `${total.toLocaleString("en-US")} item${total === 1 ? "" : "s"}${pages > 1 ? ` · page ${page} of ${pages}` : ""}`}
        </p>

        {items.length === 0 ? (
          <div className="mt-4">
            {filtered ? (
              <EmptyState
                icon="search"
                title="No items found"
                action={
                  <Link to="/items" className={btn.secondary}>
                    Clear filters
                  </Link>
                }
              >
                {filter.q
                  ? `No item name contains ${searchPhrase(filter.q)}${filter.category || filter.projectId !== null ? " with these filters" : ""}.`
                  : "No item matches these filters."}
              </EmptyState>
            ) : (
              <EmptyState
                icon="products"
                title="Create Your First Item"
                action={
                  canWrite ? (
                    <Link to={withDialog("new")} preventScrollReset className={btn.primary}>
                      <Icon name="plus" />
                      Create Your First Item
                    </Link>
                  ) : null
                }
              >
                Items are the signs, panels and parts a project makes; each gets a QR label for the floor.
              </EmptyState>
            )}
          </div>
        ) : (
          <table className="table-cards mt-4 w-full text-left text-base">
            <thead className="border-b border-line text-sm text-ink-muted">
              <tr>
                <th scope="col" className="py-2 pr-3">
                  Name
                </th>
                <th scope="col" className="py-2 pr-3">
                  Category
                </th>
                <th scope="col" className="py-2 pr-3">
                  Project
                </th>
                <th scope="col" className="py-2 pr-3">
                  Total Time
                </th>
                <th scope="col" className="py-2">
                  Actions
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-line">
              {items.map((item) => (
                <tr key={item.id}>
                  <td data-label="Name" className="py-3 pr-3 font-medium cell-text">
                    <RowLink to={`/items/${item.id}`} className="inline-flex min-h-tap items-center hover:underline">
                      {item.name}
                    </RowLink>
                    {/* Phones: the card says whether the timer runs (the table shows it in the time). This badge keeps
                        its own words by design; every other screen says Running (decision 0028). */}
                    <span className="ml-2 md:hidden">
                      {item.isTimerActive ? <Badge color="green">Active Timer</Badge> : <Badge color="gray">Timer Off</Badge>}
                    </span>
                  </td>
                  <td data-label="Category" className="py-3 pr-3 cell-text">
                    {item.category}
                  </td>
                  <td data-label="Project" className="py-3 pr-3 cell-text">
                    <RowLink to={`/projects/${item.projectId}`} className={btn.textLink}>
                      {item.projectName}
                    </RowLink>
                  </td>
                  <td data-label="Total Time" className="py-3 pr-3">
                    {item.isTimerActive ? (
                      <LiveDuration totalSeconds={item.totalTimeSeconds} sessionStart={item.sessionStart} serverNow={loaderData.now} />
                    ) : (
                      <span className="font-mono tabular-nums">{formatHMS(item.totalTimeSeconds)}</span>
                    )}
                  </td>
                  <RowActions
                    name={item.name}
                    view={`/items/${item.id}`}
                    edit={canWrite ? withDialog("edit", item.id) : undefined}
                    remove={canWrite ? withDialog("delete", item.id) : undefined}
                    lead={
                      <RowLink to={withDialog("qr", item.id)} keepScroll className={btn.small} aria-label={`QR code of ${item.name}`}>
                        <Icon name="qr" />
                        QR
                      </RowLink>
                    }
                  />
                </tr>
              ))}
            </tbody>
          </table>
        )}
        <PageLinks page={page} pages={pages} href={(n) => href({ page: n === 1 ? null : String(n) })} />
      </section>
    </div>
  );
}

/** The search as the empty state repeats it: every word in quotes ('"channel" and "3"'). */
function searchPhrase(q: string) {
  const words = q.split(" ").map((w) => `"${w}"`);
  return words.length === 1 ? words[0] : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
}

/** The list to come back to after a save, sent with the form it belongs to. */
function ReturnTo({ value, form }: { value: string; form: string }) {
  return <input type="hidden" name="returnTo" value={value} form={form} />;
}
