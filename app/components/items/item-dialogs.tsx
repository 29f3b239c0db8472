import { useLingui } from "@lingui/react/macro";
import type { SubmissionResult } from "@conform-to/react";
import { Form } from "react-router";
import { FormAlert } from "~/components/error-focus";
import { ProductForm, type ProductFormChoices, type ProductFormItem } from "~/components/product-form";
import { QrCodeDialog } from "~/components/qr-code-dialog";
import { DeleteConfirmActions, UrlDialog } from "~/components/ui";
import type { ShopAddressNote } from "~/domain/hosts";
import type { WhoCanAdd } from "~/domain/words";
import { itemQrLabel } from "~/domain/qr-label";

/** The item a dialog of the items list is about (it may be on no page of the list). */
export type ItemDialogItem = ProductFormItem & { projectName: string };

/**
 * The items list's dialogs, opened by the URL (?dialog=new|edit|delete|qr&item=): Create New Product, Edit
 * Product, Delete Item and the QR label. The forms post to their own dialog's URL: without JavaScript a refused
 * save comes back with its dialog open, and each form sends the list to come back to (`here`).
 */
export function ItemDialogs({
  dialog,
  item,
  canWrite,
  choices,
  presetProjectId,
  here,
  withDialog,
  resultFor,
  who,
  addressNote,
  qrBase,
}: {
  dialog: string | null;
  item: ItemDialogItem | null;
  canWrite: boolean;
  choices: ProductFormChoices;
  presetProjectId: number | null;
  here: string;
  withDialog: (name: string, id?: number) => string;
  resultFor: (formId: string) => SubmissionResult<string[]> | undefined;
  who: WhoCanAdd;
  addressNote: ShopAddressNote;
  qrBase: string;
}) {
  const { t } = useLingui();
  const deleteResult = item ? resultFor(`delete-${item.id}`) : undefined;
  return (
    <>
      {dialog === "new" && canWrite ? (
        <UrlDialog title={t`Create New Product`} closeTo={here} wide>
          <ProductForm
            choices={choices}
            presetProjectId={presetProjectId ?? undefined}
            action={withDialog("new")}
            closeTo={here}
            lastResult={resultFor("product-new")}
            who={who}
          />
          <ReturnTo value={here} form="product-new" />
        </UrlDialog>
      ) : null}
      {dialog === "edit" && item && canWrite ? (
        <UrlDialog title={t`Edit Product`} description={item.name} closeTo={here} wide>
          <ProductForm
            key={item.id}
            item={item}
            choices={choices}
            action={withDialog("edit", item.id)}
            closeTo={here}
            lastResult={resultFor(`product-${item.id}`)}
            who={who}
          />
          <ReturnTo value={here} form={`product-${item.id}`} />
        </UrlDialog>
      ) : null}
      {dialog === "delete" && item && canWrite ? (
        <UrlDialog title={t`Delete Item`} closeTo={here}>
          <Form method="post" action={withDialog("delete", item.id)} className="space-y-4">
            <input type="hidden" name="intent" value="delete-item" />
            <input type="hidden" name="itemId" value={item.id} />
            <input type="hidden" name="returnTo" value={here} />
            <p className="text-base text-ink wrap-anywhere">{t`Are you sure you want to delete "${item.name}"? This action cannot be undone.`}</p>
            {deleteResult ? <FormAlert className="text-sm font-medium text-danger-800">{deleteResult.error?.[""]?.join(" ")}</FormAlert> : null}
            <DeleteConfirmActions cancelTo={here} />
          </Form>
        </UrlDialog>
      ) : null}
      {dialog === "qr" && item ? (
        <QrCodeDialog addressNote={addressNote} closeTo={here} label={itemQrLabel(item, item.projectName, `${qrBase}${item.id}`)} />
      ) : null}
    </>
  );
}

/** The list to come back to after a save, sent with the form it belongs to. */
function ReturnTo({ value, form }: { value: string; form: string }) {
  return <input type="hidden" name="returnTo" value={value} form={form} />;
}
