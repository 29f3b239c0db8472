import { t } from "@lingui/core/macro";

// docs/product.md §8 'Files' texts, shared by the spreadsheet screen and the /api answers.

export const filesSavedMessage = (n: number) => t`${n} file(s) saved successfully`;
export const entriesHadIssues = (n: number) => t`${n} entries had issues`;
export const NOTHING_SAVED_EVERY_ROW = "No files were saved: every row had a problem.";
/** NOTHING_SAVED_EVERY_ROW in the language being spoken. */
export const nothingSavedEveryRow = () => t`No files were saved: every row had a problem.`;

/** A save that skipped rows already there (same project, file name and machine) says how many. */
export function filesSavedSkippedMessage(saved: number, skipped: number): string {
  return skipped > 0 ? t`${saved} file(s) saved successfully · ${skipped} already there, skipped` : filesSavedMessage(saved);
}

/**
 * The CSV import's message: what was saved (and skipped) and, after a partial save, how many rows were not.
 * A file refused as a whole says why (`problem`); '{n} entries had issues' is only for a partial success.
 */
export function csvImportMessage(r: { saved: number; skipped: number; failed: number; problem?: string }): string {
  if (r.problem) return r.problem;
  if (r.saved === 0 && r.skipped === 0) return r.failed > 0 ? nothingSavedEveryRow() : t`The CSV has no data rows.`;
  const done = filesSavedSkippedMessage(r.saved, r.skipped);
  return r.failed > 0 ? `${done}. ${entriesHadIssues(r.failed)}` : done;
}

/** A CSV import refused as a whole (nothing saved): a file problem, or every row had one. */
export const csvImportRefused = (r: { saved: number; skipped: number; problem?: string }) => r.problem !== undefined || (r.saved === 0 && r.skipped === 0);
