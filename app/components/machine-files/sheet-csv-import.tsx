import { useLingui } from "@lingui/react/macro";
import { useEffect } from "react";
import { useFetcher } from "react-router";
import { CsvFileForm } from "~/components/forms";
import { useToast } from "~/components/toaster";
import { cardClass } from "~/components/ui";
import { entriesHadIssues } from "~/domain/machine-file-messages";
import type { SheetAnswer, SheetRow } from "./sheet-rows";

/**
 * The spreadsheet's CSV import: its own small form (a file input). With JavaScript it posts beside the sheet, so
 * rows typed but not saved stay, and the stored rows come back through `onRows` (a state setter); without, the page answers it.
 * `pageAnswer` is the page's last answer: an import posted without JavaScript lists its problems from there.
 */
export function SheetCsvImport({
  action,
  pageAnswer,
  onRows,
}: {
  action: string;
  pageAnswer: Partial<SheetAnswer> | undefined;
  onRows: (rows: SheetRow[]) => void;
}) {
  const { t } = useLingui();
  const toast = useToast();
  const csv = useFetcher<Partial<SheetAnswer>>();
  useEffect(() => {
    if (csv.data?.rows) onRows(csv.data.rows);
  }, [csv.data, onRows]);
  useEffect(() => {
    if (csv.state === "idle" && csv.data?.toast) toast(csv.data.toast);
  }, [csv.state, csv.data, toast]);
  const csvAnswer = csv.data?.csvErrors ? csv.data : pageAnswer?.csvErrors ? pageAnswer : null;
  const csvErrors = csvAnswer?.csvErrors ?? [];
  const csvErrorCount = csvAnswer?.csvErrorCount ?? csvErrors.length;
  const more = csvErrorCount - csvErrors.length;

  return (
    <section className={`mt-4 p-4 sm:p-5 ${cardClass}`} aria-labelledby="csv-heading">
      <h2 id="csv-heading" className="text-lg font-semibold text-ink">
        {t`Import from CSV`}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        {t`Columns: File Name and Machine Assignment (required), Material (optional). Excel and LibreOffice files work as saved.`}
      </p>
      <CsvFileForm
        as={csv.Form}
        action={action}
        intent="upload-csv"
        inputId="csv-file"
        submit={t`Upload CSV`}
        disabled={csv.state !== "idle"}
        progress={csv.state !== "idle" ? { label: t`Uploading the CSV`, text: t`Uploading and checking the rows…` } : null}
      />
      {csvErrors.length ? (
        <div className="mt-3 rounded-lg border border-danger-200 bg-danger-50 p-3 text-sm text-danger-800" role="alert">
          <p className="font-semibold">{csvAnswer?.csvErrorsTitle ?? entriesHadIssues(csvErrorCount)}</p>
          <ul className="mt-1 list-disc pl-5">
            {csvErrors.map((e, i) => (
              <li key={i}>{e}</li>
            ))}
          </ul>
          {csvErrorCount > csvErrors.length ? <p className="mt-1">{t`... and ${more} more`}</p> : null}
        </div>
      ) : null}
    </section>
  );
}
