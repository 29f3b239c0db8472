import { useLingui } from "@lingui/react/macro";
import { Form, Link } from "react-router";
import type { LabelPrinter } from "~/models/label-printer.server";
import { btn, DeleteConfirmActions } from "../ui";
import { PRINTERS_PAGE as HERE } from "./printer-form";

/**
 * The shop's label printers with Edit, Switch on/off and Delete (a table that becomes cards on phones).
 * `refused`: why a printer's port is not used for printing, by printer id.
 */
export function PrintersTable({ printers, refused }: { printers: LabelPrinter[]; refused: Record<number, string> }) {
  const { t } = useLingui();
  const labels = { name: t`Name`, address: t`Address`, resolution: t`Resolution`, actions: t`Actions` };
  return (
    <table className="table-cards mt-3 w-full text-left text-base">
      <thead className="border-b border-line text-sm text-ink-muted">
        <tr>
          <th scope="col" className="py-2 pr-3">
            {labels.name}
          </th>
          <th scope="col" className="py-2 pr-3">
            {labels.address}
          </th>
          <th scope="col" className="py-2 pr-3">
            {labels.resolution}
          </th>
          <th scope="col" className="py-2">
            {labels.actions}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {printers.map((p) => (
          <tr key={p.id}>
            <td data-label={labels.name} className="py-3 pr-3 font-medium cell-text">
              {p.name}
              {p.isActive ? null : <span className="ml-2 text-sm font-normal text-ink-muted">{t({ message: "(off)", context: "label printer" })}</span>}
            </td>
            <td data-label={labels.address} className="py-3 pr-3 font-mono text-sm cell-text">
              {p.host}:{p.port}
              {refused[p.id] ? (
                <span className="mt-1 block font-sans text-sm font-medium text-danger-800">{t`Not used for printing: ${refused[p.id]}`}</span>
              ) : null}
            </td>
            <td data-label={labels.resolution} className="py-3 pr-3">
              {t`${p.dpi} dpi`}
            </td>
            <td data-label={labels.actions} className="cell-actions py-3">
              <div className="flex flex-wrap gap-2">
                <Link to={`${HERE}?edit=${p.id}`} preventScrollReset className={btn.small} aria-label={t`Edit ${p.name}`}>
                  {t`Edit`}
                </Link>
                <Form method="post" action={HERE}>
                  <input type="hidden" name="intent" value="toggle" />
                  <input type="hidden" name="id" value={p.id} />
                  <input type="hidden" name="to" value={p.isActive ? "off" : "on"} />
                  <button type="submit" className={btn.small} aria-label={p.isActive ? t`Switch off ${p.name}` : t`Switch on ${p.name}`}>
                    {p.isActive ? t`Switch off` : t`Switch on`}
                  </button>
                </Form>
                <Link to={`${HERE}?delete=${p.id}`} preventScrollReset className={btn.smallDanger} aria-label={t`Delete ${p.name}`}>
                  {t`Delete`}
                </Link>
              </div>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Delete's confirmation: what stops working once the printer is gone. */
export function DeletePrinterForm({ printer }: { printer: LabelPrinter }) {
  const { t } = useLingui();
  const { name, host, port } = printer;
  return (
    <Form method="post" action={HERE} className="space-y-4">
      <input type="hidden" name="intent" value="delete" />
      <input type="hidden" name="id" value={printer.id} />
      <p className="text-base text-ink wrap-anywhere">
        {t`Are you sure you want to delete "${name}" (${host}:${port})? Items and projects can no longer print to it. This action cannot be undone.`}
      </p>
      <DeleteConfirmActions cancelTo={HERE} />
    </Form>
  );
}
