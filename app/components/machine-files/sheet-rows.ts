import type { FileUse } from "~/models/machine-file.server";

// The rows of the Machine Files Spreadsheet (docs/product.md §2 'Machine Files Spreadsheet') as the page and its
// action share them: what each row holds, its status (New / Modified / Saved, docs/product.md §4), and the answer
// a button of the sheet gets back.

/** Rows added at once by 'Add 10 Rows' (and shown on a project without files). */
export const ADD_ROWS = 10;
/** The form every row and button of the sheet belongs to. */
export const SHEET_FORM = "machine-files-sheet";

type Saved = { fileName: string; machine: string; material: string };
export type SheetRow = {
  key: string;
  id: number | null;
  fileName: string;
  machine: string;
  material: string;
  saved: Saved | null;
  updated: string | null;
  error?: string | null;
};

export type MachineChoice = { value: string; name: string; isActive: boolean };
export type SheetToast = { title: string; description?: string; variant?: "default" | "destructive" };
/** The question asked before a saved file is deleted: which row, and what goes with the file. */
export type ConfirmDelete = { index: number; use: FileUse };
export type SheetAnswer = {
  rows: SheetRow[] | null;
  toast: SheetToast | null;
  /** The first problems of an import, their number, and what the list is about. */
  csvErrors?: string[];
  csvErrorCount?: number;
  csvErrorsTitle?: string;
  confirmDelete?: ConfirmDelete;
};

let keySeq = 0;
export const blankRow = (): SheetRow => ({
  key: `new-${++keySeq}-${Math.random().toString(36).slice(2, 7)}`,
  id: null,
  fileName: "",
  machine: "",
  material: "",
  saved: null,
  updated: null,
});
export const blankRows = (n: number) => Array.from({ length: n }, blankRow);

export function rowStatus(r: Pick<SheetRow, "id" | "fileName" | "machine" | "material" | "saved">): "New" | "Modified" | "Saved" {
  if (r.id === null || !r.saved) return "New";
  return r.fileName.trim() !== r.saved.fileName || r.machine !== r.saved.machine || r.material.trim() !== r.saved.material ? "Modified" : "Saved";
}
