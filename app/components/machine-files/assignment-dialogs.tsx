import { useLingui } from "@lingui/react/macro";
import { Form } from "react-router";
import { CompletedFilesTable, type CompletedFileCells, completedFilesCount } from "~/components/completed-files-table";
import { btn, inputClass, UrlDialog } from "~/components/ui";
import type { FileType } from "~/schemas/machine-file";
import type { FileOption } from "./assignment-table";
import { materialName } from "~/domain/format";

// The Machine Ready Files screen's dialogs, opened by the URL: the file picker of a project with many files
// (?pick={itemId}-{print|cut}&q=) and the log of its completed files (?log=1).

/** The picker's item and file type, its search, and the first matching files of how many. */
export type FilePicker = { itemId: number; itemName: string; type: FileType; q: string; total: number; files: FileOption[] };

const LOG_COLUMNS = ["machine", "item", "completedBy", "completedAt", "processing"] as const;
export type CompletedLog = { total: number; rows: CompletedFileCells<(typeof LOG_COLUMNS)[number]>[] };

export function FilePickerDialog({ picker, here }: { picker: FilePicker; here: string }) {
  const { t } = useLingui();
  const print = picker.type === "print";
  const shown = picker.files.length;
  const total = picker.total;
  return (
    <UrlDialog title={print ? t`Choose the print file` : t`Choose the cut file`} description={picker.itemName} closeTo={here} wide>
      <Form method="get" action={here} className="flex flex-wrap items-end gap-2" preventScrollReset>
        <input type="hidden" name="pick" value={`${picker.itemId}-${picker.type}`} />
        <label className="min-w-0 flex-1 text-sm font-medium text-ink">
          {t`Search files`}
          <input name="q" type="search" defaultValue={picker.q} className={inputClass} placeholder={t`File name, machine or material`} />
        </label>
        <button type="submit" className={btn.secondary}>
          {t`Search`}
        </button>
      </Form>
      {picker.files.length === 0 ? (
        <p className="mt-4 text-base text-ink-muted">{t`No files found.`}</p>
      ) : (
        <ul className="mt-4 divide-y divide-line">
          {picker.files.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 wrap-anywhere">
                <span className="font-medium">{f.fileName}</span>
                <span className="block text-sm text-ink-muted">
                  {f.machine} · {materialName(f.material)}
                </span>
              </span>
              <Form method="post" action={here} preventScrollReset>
                <input type="hidden" name="intent" value="assign" />
                <input type="hidden" name="itemId" value={picker.itemId} />
                <input type="hidden" name="fileType" value={picker.type} />
                <input type="hidden" name="fileId" value={f.id} />
                <button
                  type="submit"
                  className={btn.primary}
                  aria-label={print ? t`Assign ${f.fileName} as the print file` : t`Assign ${f.fileName} as the cut file`}
                >
                  {t`Assign`}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {picker.total > picker.files.length ? <p className="mt-2 text-sm text-ink-muted">{t`Showing ${shown} of ${total}: search to narrow the list.`}</p> : null}
    </UrlDialog>
  );
}

export function CompletedLogDialog({ log, closeTo }: { log: CompletedLog; closeTo: string }) {
  const { t } = useLingui();
  return (
    <UrlDialog title={t`Completed File Log`} description={completedFilesCount(log.total)} closeTo={closeTo} wide>
      <CompletedFilesTable columns={LOG_COLUMNS} rows={log.rows} total={log.total} empty={t`No files of this project have been completed yet.`} />
    </UrlDialog>
  );
}
