import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { DragHandle } from "~/components/drag-handle";
import { FileName } from "~/components/file-name";
import { Icon } from "~/components/icons";
import { RowForm, RowLink } from "~/components/row-link";
import type { Handle } from "~/components/sortable-queue";
import { btn, checkboxClass } from "~/components/ui";
import { materialName } from "~/domain/format";

/** One file of a machine's queue, as the page shows it. */
export type QueueFile = {
  id: number;
  fileName: string;
  projectId: number | null;
  projectName: string | null;
  itemId: number | null;
  item: string;
  material: string;
  fileOwner: string;
  added: string;
  addedTitle: string;
  qrCodeClicked: boolean;
  isCompleted: boolean;
};

type Draggable = (props: { id: number; children: (handle: Handle) => ReactNode }) => ReactNode;

/**
 * The queue in order: each file's place, its QR (opening it is the operator's 'I am starting this file') and its
 * completion after the QR. ↑/↓ reorder everywhere without JavaScript and on a phone; from md, with JavaScript,
 * a row is dragged by its handle (`Draggable`, once dnd-kit has loaded). `submit` posts a completion in place.
 */
export function QueueTable({
  rows,
  offset,
  here,
  Draggable,
  hydrated,
  submit,
}: {
  rows: QueueFile[];
  offset: number;
  here: string;
  Draggable: Draggable | null;
  hydrated: boolean;
  submit: (body: FormData) => void;
}) {
  const { t } = useLingui();
  const sortable = Draggable !== null;
  const cell = "md:py-3 md:pr-2 xl:pr-3";
  const col = {
    fileName: t`File Name`,
    project: t`Project Name`,
    item: t`Item`,
    material: t`Material`,
    owner: t`File Owner`,
    added: t`Date/Time File Added`,
    qr: t`QR Code`,
    completed: t`File Completed`,
  };
  const notAvailable = t`N/A`;
  return (
    // On a phone a compact card: the number, ↑/↓ and QR on its first line, the file name in bold under them.
    <table className="table-cards compact w-full text-left text-base">
      <thead className="border-b border-line text-sm text-ink-muted">
        <tr>
          {["#", col.fileName, col.project, col.item, col.material, col.owner, col.added, col.qr, col.completed].map((h) => (
            <th key={h} scope="col" className="py-2 pr-2 font-medium xl:pr-3">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {rows.map((f, i) => (
          <QueueRow key={f.id} id={f.id} Draggable={Draggable}>
            {(handle) => (
              <>
                <td data-label="#" className={`tabular-nums max-md:order-first max-md:w-auto max-md:before:hidden ${cell}`}>
                  <div className="flex items-center gap-1">
                    {/* A phone reorders with ↑/↓ (dragging a card in a long list under a thumb goes wrong); from md,
                        with JavaScript, the handle. Without JavaScript the arrows everywhere. */}
                    {handle ? <DragHandle handle={handle} label={t`Drag ${f.fileName} to reorder`} className="max-md:hidden" /> : null}
                    <span>{offset + i + 1}</span>
                    {/* Stacked in a table row, where the nine columns need every pixel at 1024 px. */}
                    <div className="flex gap-1 md:flex-col">
                      <MoveButton
                        here={here}
                        ids={i > 0 ? [f.id, rows[i - 1]!.id] : null}
                        label={t`Move ${f.fileName} up`}
                        icon="arrow-up"
                        className={sortable ? "md:hidden" : undefined}
                      />
                      <MoveButton
                        here={here}
                        ids={i < rows.length - 1 ? [rows[i + 1]!.id, f.id] : null}
                        label={t`Move ${f.fileName} down`}
                        icon="arrow-down"
                        className={sortable ? "md:hidden" : undefined}
                      />
                    </div>
                  </div>
                </td>
                <td data-label={col.fileName} className={`font-medium cell-text max-md:text-lg max-md:before:hidden ${cell}`}>
                  <FileName name={f.fileName} />
                </td>
                <td data-label={col.project} className={`cell-text ${cell}`}>
                  {f.projectId ? (
                    <RowLink to={`/projects/${f.projectId}`} className={btn.textLink}>
                      {f.projectName}
                    </RowLink>
                  ) : (
                    notAvailable
                  )}
                </td>
                <td data-label={col.item} className={`cell-text ${cell}`}>
                  {f.itemId ? (
                    <RowLink to={`/items/${f.itemId}`} className={btn.textLink}>
                      {f.item}
                    </RowLink>
                  ) : (
                    f.item
                  )}
                </td>
                <td data-label={col.material} className={`cell-text ${cell}`}>
                  {materialName(f.material)}
                </td>
                <td data-label={col.owner} className={`cell-text ${cell}`}>
                  {f.fileOwner}
                </td>
                <td data-label={col.added} className={cell}>
                  <time title={f.addedTitle}>{f.added}</time>
                </td>
                <td data-label={col.qr} className={`max-md:order-first max-md:ml-auto max-md:w-auto max-md:before:hidden ${cell}`}>
                  <RowForm action={here}>
                    <input type="hidden" name="intent" value="open-qr" />
                    <input type="hidden" name="fileId" value={f.id} />
                    <button type="submit" className={btn.small} aria-label={t`QR code for ${f.fileName}`}>
                      <Icon name="qr" />
                      QR
                    </button>
                  </RowForm>
                </td>
                <td data-label={col.completed} className={cell}>
                  <CompleteControl file={f} here={here} submit={submit} hydrated={hydrated} />
                </td>
              </>
            )}
          </QueueRow>
        ))}
      </tbody>
    </table>
  );
}

function MoveButton({
  here,
  ids,
  label,
  icon,
  className,
}: {
  here: string;
  ids: [number, number] | null;
  label: string;
  icon: "arrow-up" | "arrow-down";
  className?: string;
}) {
  return (
    <RowForm action={here} className={className}>
      <input type="hidden" name="intent" value="reorder" />
      {ids?.map((id) => (
        <input key={id} type="hidden" name="ids" value={id} />
      ))}
      <button type="submit" className={btn.icon} disabled={!ids} aria-label={label}>
        <Icon name={icon} />
      </button>
    </RowForm>
  );
}

function CompleteControl({ file, here, submit, hydrated }: { file: QueueFile; here: string; submit: (body: FormData) => void; hydrated: boolean }) {
  const { t } = useLingui();
  const hintId = `qr-first-${file.id}`;
  const disabled = !file.qrCodeClicked;
  const hint = disabled ? (
    <span id={hintId} className="text-sm text-ink-muted">
      {t`Click QR first`}
    </span>
  ) : null;
  if (!hydrated) {
    return (
      // It wraps (the hint under the button, the button's words over two lines) rather than widen a crowded table.
      <RowForm action={here} className="flex flex-wrap items-center gap-2">
        <input type="hidden" name="intent" value="complete" />
        <input type="hidden" name="fileId" value={file.id} />
        <input type="hidden" name="completed" value={file.isCompleted ? "false" : "true"} />
        <button
          type="submit"
          className={`${file.isCompleted ? btn.small : btn.secondary} whitespace-normal`}
          disabled={disabled}
          aria-describedby={disabled ? hintId : undefined}
        >
          {file.isCompleted ? t`Completed ✓ (undo)` : t`Mark completed`}
        </button>
        {hint}
      </RowForm>
    );
  }
  return (
    <label className="flex min-h-tap min-w-tap items-center gap-2">
      {/* Uncontrolled, so the click shows at once; the key remounts it with the state the refetched list reports. */}
      <input
        key={String(file.isCompleted)}
        type="checkbox"
        className={checkboxClass}
        defaultChecked={file.isCompleted}
        disabled={disabled}
        aria-describedby={disabled ? hintId : undefined}
        aria-label={t`${file.fileName} completed`}
        onChange={(e) => {
          const body = new FormData();
          body.set("intent", "complete");
          body.set("js", "1");
          body.set("fileId", String(file.id));
          body.set("completed", String(e.currentTarget.checked));
          submit(body);
        }}
      />
      {hint ?? <span className="sr-only">{t`Completed`}</span>}
    </label>
  );
}

function QueueRow({ id, Draggable, children }: { id: number; Draggable: Draggable | null; children: (handle: Handle) => ReactNode }) {
  if (!Draggable) return <tr id={`file-${id}`}>{children(null)}</tr>;
  return <Draggable id={id}>{children}</Draggable>;
}
