import { useLingui } from "@lingui/react/macro";
import type { SubmissionResult } from "@conform-to/react";
import type { ComponentProps } from "react";
import { ProjectForm } from "~/components/project-form";
import { DesignUploadDialog, DesignViewerDialog } from "~/components/project/design-dialogs";
import { DeleteItemForm, ItemForm } from "~/components/project/project-items";
import { QrCodeDialog } from "~/components/qr-code-dialog";
import { ResetTimerForm } from "~/components/reset-timer-form";
import { UrlDialog } from "~/components/ui";
import { itemQrLabel } from "~/domain/qr-label";

type ItemFormProps = ComponentProps<typeof ItemForm>;
type Props = {
  /** `?dialog=` (or the form a refused save reopens). */
  dialog: string | null;
  /** `?item=`: the item the dialog is about. */
  item: NonNullable<ItemFormProps["item"]> & ComponentProps<typeof ResetTimerForm>["item"] & ComponentProps<typeof DeleteItemForm>["item"];
  project: ComponentProps<typeof ProjectForm>["project"] & { id: number; name: string };
  here: string;
  canWrite: boolean;
  canReset: boolean;
  design: ComponentProps<typeof DesignUploadDialog>["current"];
  maxUploadMb: number;
  workflows: ComponentProps<typeof ProjectForm>["workflows"];
  categories: ItemFormProps["categories"];
  materials: ItemFormProps["materials"];
  whoCanAdd: ItemFormProps["who"];
  addressNote: ComponentProps<typeof QrCodeDialog>["addressNote"];
  qrBase: string;
  resultFor: (formId: string) => SubmissionResult<string[]> | undefined;
};

/** The project page's dialogs, each opened by its address (`?dialog=…&item=…`), so they work without JavaScript. */
export function ProjectDialogs(props: Omit<Props, "item"> & { item: Props["item"] | undefined }) {
  const { dialog, item, project, here, canWrite, canReset, design, maxUploadMb, workflows, categories, materials, whoCanAdd, addressNote, qrBase, resultFor } =
    props;
  const { t } = useLingui();
  return (
    <div className="mt-4">
      {dialog === "design" && canWrite ? <DesignUploadDialog projectId={project.id} here={here} current={design} maxMb={maxUploadMb} /> : null}
      {dialog === "view-design" && design ? <DesignViewerDialog design={design} here={here} /> : null}
      {dialog === "edit-project" && canWrite ? (
        <UrlDialog title={t`Edit Project`} description={project.name} closeTo={here} wide>
          <ProjectForm project={project} workflows={workflows} closeTo={here} lastResult={resultFor(`project-${project.id}`)} action={here} />
        </UrlDialog>
      ) : null}
      {dialog === "add-item" && canWrite ? (
        <UrlDialog title={t`Add Item`} description={t`A new item on ${project.name}; it gets its QR code when saved.`} closeTo={here}>
          <ItemForm categories={categories} materials={materials} here={here} lastResult={resultFor("item-new")} who={whoCanAdd} />
        </UrlDialog>
      ) : null}
      {dialog === "edit-item" && canWrite && item ? (
        <UrlDialog title={t`Edit Item`} description={item.name} closeTo={here}>
          <ItemForm
            key={item.id}
            item={item}
            categories={categories}
            materials={materials}
            here={here}
            lastResult={resultFor(`item-${item.id}`)}
            who={whoCanAdd}
          />
        </UrlDialog>
      ) : null}
      {dialog === "qr" && item ? (
        <QrCodeDialog addressNote={addressNote} closeTo={here} label={itemQrLabel(item, project.name, `${qrBase}${item.id}`)} />
      ) : null}
      {dialog === "reset-timer" && canReset && item ? (
        <UrlDialog title={t`Reset Timer`} description={item.name} closeTo={here}>
          <ResetTimerForm item={item} here={here} />
        </UrlDialog>
      ) : null}
      {dialog === "delete-item" && canWrite && item ? (
        <UrlDialog title={t`Delete Item`} closeTo={here}>
          <DeleteItemForm item={item} here={here} />
        </UrlDialog>
      ) : null}
    </div>
  );
}
