import { plural, t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link, useActionData } from "react-router";
import { listRevalidation, useListPage } from "~/components/forms";
import { Icon } from "~/components/icons";
import { ItemDialogs } from "~/components/items/item-dialogs";
import { ItemFilters } from "~/components/items/item-filters";
import { ItemsEmpty, ItemsTable } from "~/components/items/items-table";
import { LiveIndicator, useLiveData } from "~/components/live";
import { PageLinks } from "~/components/page-links";
import { btn, cardClass, PageHeader } from "~/components/ui";
import { parseIdParam } from "~/domain/ids";
import type { Route } from "./+types/items";
import type { action } from "./items.server";
import { intlLocaleFor } from "~/domain/languages";

// docs/product.md §2 Items list (/items): every item of the shop, 50 a page, filtered by category and project, with the
// Create New Product / Edit Product dialog (§5 Product form). Filters, page and dialogs live in the URL, so the
// screen works the same without JavaScript and a link shows what the sender saw.

export { action, loader } from "./items.server";

export function meta() {
  return [{ title: t`Items · Shopflow` }];
}

// Opening or closing a dialog only changes its URL parameters: no need to reload the list. A dialog for another
// item reads that item (it may be on no page of this list).
export const shouldRevalidate = listRevalidation(["q", "category", "project", "page", "item"]);

export default function Items({ loaderData }: Route.ComponentProps) {
  const { t, i18n } = useLingui();
  const { items, canWrite, page, pages, total, filter, choices } = loaderData;
  const live = useLiveData((n) => n.entity === "item" || n.entity === "project");
  const actionData = useActionData<typeof action>();
  const { params, href, here, withDialog, resultFor, loading, onSubmitCapture, reauthDialog } = useListPage("/items", "item", actionData);
  const dialogId = parseIdParam(params.get("item") ?? "");
  const dialogItem = loaderData.dialogItem?.id === dialogId ? loaderData.dialogItem : null;
  const filtered = filter.category !== "" || filter.projectId !== null || filter.q !== "";

  return (
    <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6" onSubmitCapture={onSubmitCapture}>
      {reauthDialog}
      <PageHeader
        title={t`Items`}
        subtitle={t`Every item on every project: find one, print its label, see its time.`}
        actions={
          <>
            <LiveIndicator status={live} />
            {canWrite ? (
              <Link to={withDialog("new")} preventScrollReset className={btn.primary}>
                <Icon name="plus" />
                {t`New Product`}
              </Link>
            ) : null}
          </>
        }
      />

      <ItemDialogs
        dialog={params.get("dialog")}
        item={dialogItem}
        canWrite={canWrite}
        choices={choices}
        presetProjectId={filter.projectId}
        here={here}
        withDialog={withDialog}
        resultFor={resultFor}
        who={loaderData.whoCanAdd}
        addressNote={loaderData.addressNote}
        qrBase={loaderData.qrBase}
      />

      <section className={`p-4 sm:p-5 ${cardClass}`} aria-labelledby="items-heading">
        <h2 id="items-heading" className="sr-only">
          {t`Item list`}
        </h2>
        <ItemFilters filter={filter} categories={choices.allCategories} projects={choices.projects} filtered={filtered} />
        <p className="mt-3 text-sm text-ink-muted" aria-live="polite">
          {loading ? t`Loading...` : itemsCount(total, intlLocaleFor(i18n.locale), page, pages)}
        </p>

        {items.length === 0 ? (
          <div className="mt-4">
            <ItemsEmpty filter={filter} filtered={filtered} newItem={canWrite ? withDialog("new") : null} />
          </div>
        ) : (
          <ItemsTable items={items} canWrite={canWrite} withDialog={withDialog} serverNow={loaderData.now} />
        )}
        <PageLinks page={page} pages={pages} href={(n) => href({ page: n === 1 ? null : String(n) })} />
      </section>
    </div>
  );
}

/** '1,234 items · page 2 of 25' ('3 items' on one page), in the page's language. */
function itemsCount(total: number, locale: string, page: number, pages: number) {
  const count = total.toLocaleString(locale);
  if (pages <= 1) return plural(total, { one: `${count} item`, other: `${count} items` });
  return plural(total, { one: `${count} item · page ${page} of ${pages}`, other: `${count} items · page ${page} of ${pages}` });
}
