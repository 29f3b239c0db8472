// Spec §8 'Files' texts, shared by the spreadsheet screen and the upload-csv answer.

export const filesSavedMessage = (n: number) => `${n} file(s) saved successfully`;
export const entriesHadIssues = (n: number) => `${n} entries had issues`;

/** The upload-csv answer's message: what was saved and, after a partial save, how many rows were not. */
export function csvImportMessage(saved: number, failed: number): string {
  if (saved === 0) return failed > 0 ? "No files were saved: every row had a problem." : "The CSV has no data rows.";
  return failed > 0 ? `${filesSavedMessage(saved)}. ${entriesHadIssues(failed)}` : filesSavedMessage(saved);
}
