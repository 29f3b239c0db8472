import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { FileName } from "./file-name";
import { EmptyState } from "./ui";

/**
 * The columns a completed-files table may show after the file name (docs/product.md §7). Names wrap between
 * whole words (`cell-text`); dates, yes/no and durations stay as they are.
 */
const COLUMNS = {
  project: { className: "py-2 pr-3 cell-text" },
  machine: { className: "py-2 pr-3 cell-text" },
  item: { className: "py-2 pr-3 cell-text" },
  material: { className: "py-2 pr-3 cell-text" },
  qrClicked: { className: "py-2 pr-3" },
  qrClickedAt: { className: "py-2 pr-3" },
  completedBy: { className: "py-2 pr-3 cell-text" },
  completedAt: { className: "py-2 pr-3" },
  processing: { className: "py-2 pr-3 tabular-nums" },
} as const;

export type CompletedFileColumn = keyof typeof COLUMNS;

/** One completed file as the loader has put it into words: the file name and one text per column shown. */
export type CompletedFileCells<C extends CompletedFileColumn> = { id: number; fileName: string } & Record<C, string>;

/**
 * The newest completed files (a machine's analytics, a project's log) in a dialog: the file name, then `columns`
 * in that order.
 * `total` counts them all; the rows are the newest of them. With none, an empty state saying `empty`.
 */
export function CompletedFilesTable<C extends CompletedFileColumn>({
  columns,
  rows,
  total,
  empty,
}: {
  columns: readonly C[];
  rows: CompletedFileCells<C>[];
  total: number;
  empty: string;
}) {
  const { t } = useLingui();
  if (rows.length === 0) {
    return (
      <EmptyState icon="check" title={t`No Completed Files`}>
        {empty}
      </EmptyState>
    );
  }
  const labels: Record<CompletedFileColumn, string> = {
    project: t`Project`,
    machine: t`Machine`,
    item: t`Item`,
    material: t`Material`,
    qrClicked: t`QR Clicked`,
    qrClickedAt: t`QR Clicked At`,
    completedBy: t`Completed By`,
    completedAt: t`Completed At`,
    processing: t`Processing Time`,
  };
  const fileName = t`File Name`;
  const newest = rows.length;
  return (
    // Names keep their words whole, so the columns may be wider than the dialog: the table then scrolls in it,
    // and a keyboard reaches that scroll (the region takes focus).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a table that scrolls sideways must take focus so a keyboard can scroll it
    // biome-ignore lint/a11y/useSemanticElements: a region inside a dialog, not a section of the page's outline
    <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t`Completed files`}>
      {total > rows.length ? <p className="mb-2 text-sm text-ink-muted">{t`The newest ${newest} of ${total}.`}</p> : null}
      <table className="table-cards w-full text-left text-sm">
        <thead className="border-b border-line text-ink-muted">
          <tr>
            {[fileName, ...columns.map((c) => labels[c])].map((h) => (
              <th key={h} scope="col" className="py-2 pr-3 font-medium">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((r) => (
            <tr key={r.id}>
              <td data-label={fileName} className="py-2 pr-3 font-medium cell-text">
                <FileName name={r.fileName} />
              </td>
              {columns.map((c) => (
                <td key={c} data-label={labels[c]} className={COLUMNS[c].className}>
                  {r[c]}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The dialog's description: '1 completed file', '12 completed files'. */
export function completedFilesCount(total: number): string {
  const count = String(total);
  return plural(total, { one: `${count} completed file`, other: `${count} completed files` });
}
