import { useLingui } from "@lingui/react/macro";
import { useState } from "react";
import { FileDot } from "~/components/file-dot";
import { FileName } from "~/components/file-name";
import { RowForm, RowLink } from "~/components/row-link";
import { btn, cardClass, inputClass } from "~/components/ui";
import type { FileIndicator } from "~/domain/machine-file-rules";
import { useHydrated } from "~/hooks/use-hydrated";
import type { FileType } from "~/schemas/machine-file";
import { materialName } from "~/domain/format";

/** A file a row may be given, named as the select and the picker show it. */
export type FileOption = { id: number; fileName: string; machine: string; material: string };
type Assigned = { fileId: number; fileName: string; machine: string; material: string; by: string | null };
/** One item of the project, its material check and its print and cut files. */
export type AssignmentItem = {
  id: number;
  name: string;
  category: string;
  material: string;
  indicator: FileIndicator;
  print: Assigned | null;
  cut: Assigned | null;
};

/** One of the four counts over the assignments. */
export function AssignmentStat({ label, value }: { label: string; value: number | string }) {
  return (
    <div className={`p-4 ${cardClass}`}>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-1 text-2xl font-semibold tabular-nums">{value}</dd>
    </div>
  );
}

/**
 * Each item with its print file and its cut file. `files` are the choices of the inline selects; with
 * `manyFiles` a row links to the picker instead.
 */
export function AssignmentTable({
  items,
  files,
  manyFiles,
  here,
  canWrite,
}: {
  items: AssignmentItem[];
  files: FileOption[];
  manyFiles: boolean;
  here: string;
  canWrite: boolean;
}) {
  const { t } = useLingui();
  const col = { files: t`Files`, item: t`Item`, material: t`Material`, print: t`Print File`, cut: t`Cut File` };
  return (
    <table className="table-cards mt-4 w-full text-left text-base">
      <thead className="border-b border-line text-sm text-ink-muted">
        <tr>
          <th scope="col" className="py-2 pr-3 font-medium">
            <span className="sr-only">{col.files}</span>
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {col.item}
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {col.material}
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {col.print}
          </th>
          <th scope="col" className="py-2 pr-3 font-medium">
            {col.cut}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {items.map((item) => (
          <tr key={item.id} id={`item-${item.id}`}>
            <td data-label={col.files} className="py-3 pr-3">
              <FileDot indicator={item.indicator} />
            </td>
            <td data-label={col.item} className="py-3 pr-3 font-medium cell-text">
              <RowLink to={`/items/${item.id}`} className={btn.textLink}>
                {item.name}
              </RowLink>
              <span className="block text-sm font-normal text-ink-muted">{item.category}</span>
            </td>
            <td data-label={col.material} className="py-3 pr-3 cell-text">
              {materialName(item.material)}
            </td>
            {(["print", "cut"] as const).map((type) => (
              <td key={type} data-label={type === "print" ? col.print : col.cut} className="py-3 pr-3">
                <AssignmentCell item={item} type={type} files={files} manyFiles={manyFiles} here={here} canWrite={canWrite} />
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function AssignmentCell({
  item,
  type,
  files,
  manyFiles,
  here,
  canWrite,
}: {
  item: AssignmentItem;
  type: FileType;
  files: FileOption[];
  manyFiles: boolean;
  here: string;
  canWrite: boolean;
}) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const [picked, setPicked] = useState("");
  const current = item[type];
  const name = item.name;
  const label = type === "print" ? t`Print file for ${name}` : t`Cut file for ${name}`;
  const lower = label.toLowerCase();
  if (current) {
    return (
      <div className="flex flex-wrap items-center gap-2">
        <span className="min-w-0 wrap-break-word">
          <span className="font-medium">
            <FileName name={current.fileName} />
          </span>
          <span className="block text-sm text-ink-muted">
            {current.machine} · {materialName(current.material)}
          </span>
        </span>
        {canWrite ? (
          <RowForm action={here}>
            <input type="hidden" name="intent" value="unassign" />
            <input type="hidden" name="itemId" value={item.id} />
            <input type="hidden" name="fileType" value={type} />
            <button type="submit" className={btn.small} aria-label={t`Remove ${current.fileName} from ${name}`}>
              {t`Remove`}
            </button>
          </RowForm>
        ) : null}
      </div>
    );
  }
  if (!canWrite) return <span className="text-ink-muted">{t`None`}</span>;
  if (manyFiles) {
    return (
      <RowLink to={`${here}?pick=${item.id}-${type}`} keepScroll className={btn.secondary} aria-label={t`Choose the ${lower}`}>
        {t`Choose a file…`}
      </RowLink>
    );
  }
  if (files.length === 0) return <span className="text-sm text-ink-muted">{t`No files found.`}</span>;
  return (
    <RowForm action={here} className="flex flex-wrap items-center gap-2" onReset={() => setPicked("")}>
      <input type="hidden" name="intent" value="assign" />
      <input type="hidden" name="itemId" value={item.id} />
      <input type="hidden" name="fileType" value={type} />
      <select
        name="fileId"
        required
        aria-label={label}
        className={`${inputClass} max-w-64`}
        value={hydrated ? picked : undefined}
        onChange={(e) => setPicked(e.currentTarget.value)}
      >
        <option value="">{t`Choose a file…`}</option>
        {files.map((f) => (
          <option key={f.id} value={f.id}>
            {f.fileName} ({f.machine}, {materialName(f.material)})
          </option>
        ))}
      </select>
      {/* docs/product.md §2: pick, then confirm or cancel. Without JavaScript the pick is confirmed with the button. */}
      {!hydrated || picked ? (
        <>
          <button type="submit" className={btn.primary} aria-label={t`Confirm ${lower}`}>
            {t`Confirm`}
          </button>
          {hydrated ? (
            <button type="reset" className={btn.secondary} aria-label={t`Cancel ${lower}`}>
              {t`Cancel`}
            </button>
          ) : null}
        </>
      ) : null}
    </RowForm>
  );
}
