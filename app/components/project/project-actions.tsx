import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import type { ComponentProps } from "react";
import { Form, Link } from "react-router";
import { Icon } from "~/components/icons";
import { Popover } from "~/components/popover";
import { SheetLabelsForm } from "~/components/project/sheet-labels-form";
import { ShopAddressNotice } from "~/components/shop-address-notice";
import { btn, inputClass } from "~/components/ui";

type Props = {
  here: string;
  design: { proxyUrl: string } | null | undefined;
  canWrite: boolean;
  itemCount: number;
  printers: readonly { id: number; name: string }[];
  addressNote: ComponentProps<typeof ShopAddressNotice>["note"];
};

/** The project page's buttons: the design, machine files, labels (PDF, sheets, a label printer) and Edit Project. */
export function ProjectActions({ here, design, canWrite, itemCount, printers, addressNote }: Props) {
  const { t } = useLingui();
  // relative: below lg the label pop-ups span this row of buttons.
  return (
    <div className="relative flex flex-wrap gap-2">
      {design ? (
        <Link to={`${here}?dialog=view-design`} preventScrollReset className={btn.secondary}>
          <Icon name="eye" />
          {t`View Design`}
        </Link>
      ) : null}
      {canWrite ? (
        <Link to={`${here}?dialog=design`} preventScrollReset className={btn.secondary}>
          <Icon name="upload" />
          {design ? t`Change Design` : t`Add Design`}
        </Link>
      ) : null}
      <Link to={`${here}/machine-files`} className={btn.secondary}>
        <Icon name="file" />
        {t`Machine Files`}
      </Link>
      {itemCount > 0 ? (
        // A document link, not a client navigation: the PDF opens in the browser's viewer, JavaScript or not.
        <a href={`${here}/labels.pdf`} target="_blank" rel="noopener" className={btn.secondary}>
          <Icon name="qr" />
          {t`Print all labels`}
        </a>
      ) : null}
      {itemCount ? (
        // Office printers: sheets of 2 in labels, from the first free position of a half-used sheet.
        <Popover label={t`Labels on sheets…`} group="project-labels">
          <ShopAddressNotice note={addressNote} className="mb-3" />
          <SheetLabelsForm action={`${here}/labels.pdf`} />
        </Popover>
      ) : null}
      {itemCount && printers.length ? (
        <Popover label={t`Print to label printer…`} group="project-labels">
          <ShopAddressNotice note={addressNote} className="mb-3" />
          <Form method="post" action={here} className="space-y-3">
            <input type="hidden" name="intent" value="print-labels" />
            <div>
              <label htmlFor="label-printer" className="block text-sm font-medium text-ink">
                {t`Label printer`}
              </label>
              <select id="label-printer" name="printerId" defaultValue={printers[0]!.id} className={inputClass}>
                {printers.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name}
                  </option>
                ))}
              </select>
            </div>
            <button type="submit" className={`${btn.primary} w-full`}>
              {plural(itemCount, { one: "Print # label", other: "Print # labels" })}
            </button>
          </Form>
        </Popover>
      ) : null}
      {canWrite ? (
        <Link to={`${here}?dialog=edit-project`} preventScrollReset className={btn.primary}>
          <Icon name="edit" />
          {t`Edit Project`}
        </Link>
      ) : null}
    </div>
  );
}
