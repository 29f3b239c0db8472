import { msg } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link, useActionData } from "react-router";
import { PRINTERS_PAGE as HERE, PrinterForm } from "~/components/settings/printer-form";
import { DeletePrinterForm, PrintersTable } from "~/components/settings/printers-table";
import { ShopAddressNotice } from "~/components/shop-address-notice";
import { btn, cardClass, EmptyState, PageHeader, UrlDialog } from "~/components/ui";
import { i18n as pageI18n } from "~/domain/i18n-runtime";
import type { Route } from "./+types/settings-printers";
import { loadSettingsPrinters, settingsPrintersAction } from "./settings-printers.server";

// Global Settings → Label Printers: the shop's thermal printers (ZPL over TCP port 9100). Items
// and projects print to them with 'Print label'. Works without JavaScript: Edit and Delete open in the URL
// (?edit=, ?delete=), a dialog with JavaScript and a panel on the page without; every change is a form post.

export const meta = () => [{ title: pageI18n._(msg`Label printers · Global Settings · Shopflow`) }];

export const loader = (args: Route.LoaderArgs) => loadSettingsPrinters(args);

export const action = (args: Route.ActionArgs) => settingsPrintersAction(args);

export default function SettingsPrinters({ loaderData }: Route.ComponentProps) {
  const { t } = useLingui();
  const actionData = useActionData<typeof action>();
  const { printers, editing, deleting } = loaderData;
  const resultFor = (formId: string) => (actionData?.formId === formId ? actionData.result : undefined);
  const newestId = printers.reduce((max, p) => Math.max(max, p.id), 0);
  return (
    <div className="mx-auto max-w-4xl px-4 py-6 sm:px-6">
      <Link to="/settings" className={`inline-flex min-h-tap items-center gap-1 ${btn.link}`}>
        {t`← Back to Global Settings`}
      </Link>
      <PageHeader title={t`Label printers`} subtitle={t`Thermal printers for 2 in × 2 in item labels (ZPL, raw TCP, usually port 9100).`} />
      <ShopAddressNotice note={loaderData.addressNote} className="mb-6" />
      {editing ? (
        <UrlDialog title={t`Edit printer`} description={t`${editing.name}: its name, address, port, resolution, and whether it is offered.`} closeTo={HERE}>
          <PrinterForm key={editing.id} printer={editing} lastResult={resultFor(`edit-${editing.id}`)} ports={loaderData.ports} />
        </UrlDialog>
      ) : null}
      {deleting ? (
        <UrlDialog title={t`Delete printer`} closeTo={HERE}>
          <DeletePrinterForm printer={deleting} />
        </UrlDialog>
      ) : null}
      <section className={`p-5 ${cardClass}`} aria-labelledby="new-printer-heading">
        <h2 id="new-printer-heading" className="text-lg font-semibold text-ink">
          {t`Add a printer`}
        </h2>
        {/* Drawn afresh once a printer has been added (its key is the newest printer's id): with JavaScript the
            router keeps the page, and the fields would otherwise hand the last printer's name, address and port to
            the next one. A refused add changes no printer, so what was typed stays to be corrected. */}
        <PrinterForm key={newestId} lastResult={resultFor("new")} ports={loaderData.ports} />
      </section>
      <section className={`mt-6 p-5 ${cardClass}`} aria-labelledby="printers">
        <h2 id="printers" className="text-lg font-semibold text-ink">
          {t`Printers`}
        </h2>
        {printers.length === 0 ? (
          <div className="mt-3">
            <EmptyState icon="qr" title={t`No label printers yet`}>
              {t`Add the shop's label printer above; 'Print label' on items and projects then sends to it. Without one, labels print as PDFs.`}
            </EmptyState>
          </div>
        ) : (
          <PrintersTable printers={printers} refused={loaderData.refused} />
        )}
      </section>
    </div>
  );
}
