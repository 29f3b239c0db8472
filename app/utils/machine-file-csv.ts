import Papa from "papaparse";
import { BIDI_MESSAGE, hasBidiControls } from "./bidi";
import { toCsv } from "./csv";

export { csvCell, toCsv } from "./csv";

// Machine-file CSV import and export (spec §5 'Spreadsheet and CSV', §7 upload-csv and csv-template). Browser-safe:
// the spreadsheet screen checks a file before it sends it, the server parses it.

export const MACHINE_FILE_CSV_HEADERS = ["File Name", "Machine Assignment", "Material"] as const;
export const MAX_FILE_NAME = 255;
export const MAX_MATERIAL = 100;

export type CsvRow = { line: number; fileName: string; machine: string; material: string };
type Machine = { value: string; name: string };

// Header spellings people and programs really write: any case, spaces, underscores or hyphens.
const headerKey = (h: string) => h.replace(/^\uFEFF/, "").trim().toLowerCase().replace(/[\s_-]+/g, " ");
const FILE_NAME_HEADERS = new Set(["file name", "filename", "file", "name"]);
const MACHINE_HEADERS = new Set(["machine assignment", "machine", "machine name", "assigned machine"]);
const MATERIAL_HEADERS = new Set(["material", "material type", "materials"]);

/** Excel in European locales saves with ';', some tools with tabs: the header line says which. */
function detectDelimiter(headerLine: string): string {
  let best = { delimiter: ",", count: 0 };
  for (const delimiter of [",", ";", "\t"]) {
    const count = headerLine.split(delimiter).length - 1;
    if (count > best.count) best = { delimiter, count };
  }
  return best.delimiter;
}

/** The line where each record starts, counting line breaks inside quoted cells (a record may span lines). */
function recordStartLines(text: string): number[] {
  const starts: number[] = [];
  let line = 1;
  let inQuotes = false;
  let atRecordStart = true;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (atRecordStart) {
      starts.push(line);
      atRecordStart = false;
    }
    if (c === '"') {
      if (inQuotes && text[i + 1] === '"') i++;
      else inQuotes = !inQuotes;
    } else if (c === "\r" || c === "\n") {
      if (c === "\r" && text[i + 1] === "\n") i++;
      line++;
      if (!inQuotes) atRecordStart = true;
    }
  }
  return starts;
}

// A cell wrapped with Alt+Enter in Excel is one name on a screen or a label: its line breaks become spaces, and
// control characters (which print as nothing) are dropped.
const oneLine = (cell: string | undefined) =>
  (cell ?? "")
    .replace(/\s*[\r\n]+\s*/g, " ")
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, "")
    .trim();

const listNames = (machines: Machine[]) => {
  const names = machines.map((m) => m.name);
  return names.length > 8 ? `${names.slice(0, 8).join(", ")} and ${names.length - 8} more` : names.join(", ");
};

/**
 * Parse a CSV as Excel and LibreOffice save it (UTF-8 with or without BOM, CRLF/LF/CR, quoted cells with commas,
 * quotes and line breaks, ',' ';' or tab, blank lines). Each good row resolves its machine by value or name (any
 * case); each bad row is an error naming its line. Cell text is kept as written, formulas included: it is data.
 */
export function parseMachineFileCsv(text: string, machines: Machine[]): { rows: CsvRow[]; errors: string[] } {
  const clean = text.replace(/^\uFEFF/, "");
  const firstLine = clean.split(/\r\n|\n|\r/, 1)[0] ?? "";
  if (clean.trim() === "") return { rows: [], errors: ["The CSV has no data rows."] };
  const delimiter = detectDelimiter(firstLine);
  const parsed = Papa.parse<string[]>(clean, { delimiter, skipEmptyLines: false, header: false });
  const records = parsed.data;
  const lines = recordStartLines(clean);
  const header = (records[0] ?? []).map(headerKey);
  const col = (names: Set<string>) => header.findIndex((h) => names.has(h));
  const fileCol = col(FILE_NAME_HEADERS);
  const machineCol = col(MACHINE_HEADERS);
  const materialCol = col(MATERIAL_HEADERS);
  if (fileCol < 0 || machineCol < 0) {
    const found = (records[0] ?? []).map((h) => h.trim()).filter(Boolean);
    return { rows: [], errors: [`The CSV needs the columns File Name and Machine Assignment (found: ${found.length ? found.join(", ") : "no header"}).`] };
  }
  const byKey = new Map<string, Machine>();
  for (const m of machines) {
    byKey.set(m.value.trim().toLowerCase(), m);
    byKey.set(m.name.trim().toLowerCase(), m);
  }
  const rows: CsvRow[] = [];
  const errors: string[] = [];
  for (let r = 1; r < records.length; r++) {
    const cells = records[r]!;
    // Blank lines and rows of separators only (Excel pads a sheet's used range with them).
    if (cells.every((c) => c.trim() === "")) continue;
    const line = lines[r] ?? r + 1;
    const fileName = oneLine(cells[fileCol]);
    const machineText = oneLine(cells[machineCol]);
    const material = materialCol >= 0 ? oneLine(cells[materialCol]) : "";
    if (!fileName) errors.push(`Line ${line}: File name is missing.`);
    else if (!machineText) errors.push(`Line ${line}: Machine assignment is missing.`);
    else if (fileName.length > MAX_FILE_NAME) errors.push(`Line ${line}: File name is longer than ${MAX_FILE_NAME} characters.`);
    else if (material.length > MAX_MATERIAL) errors.push(`Line ${line}: Material is longer than ${MAX_MATERIAL} characters.`);
    else if (hasBidiControls(fileName) || hasBidiControls(material)) errors.push(`Line ${line}: ${BIDI_MESSAGE}`);
    else {
      const machine = byKey.get(machineText.toLowerCase());
      if (!machine) errors.push(`Line ${line}: Unknown machine "${machineText}". Use one of: ${listNames(machines) || "no machines yet (add them in Global Settings)"}.`);
      else rows.push({ line, fileName, machine: machine.value, material });
    }
  }
  if (rows.length === 0 && errors.length === 0) errors.push("The CSV has no data rows.");
  return { rows, errors };
}

export function machineFileCsvTemplate(exampleMachine = "HP Latex 800"): string {
  return toCsv(MACHINE_FILE_CSV_HEADERS, [
    ["storefront-print.pdf", exampleMachine, "Vinyl"],
    ["storefront-cut.dxf", "Zund G3", ""],
  ]);
}

/** Spec §8: the first 3 errors, then '... and N more'. */
export function summarizeCsvErrors(errors: readonly string[]): string {
  const head = errors.slice(0, 3).join("\n");
  return errors.length > 3 ? `${head}\n... and ${errors.length - 3} more` : head;
}

/** Spec §5: a file ending in .csv or of a CSV type (Windows browsers report .csv as application/vnd.ms-excel). */
export function isCsvFile(name: string, type: string): boolean {
  return /\.csv$/i.test(name.trim()) || ["text/csv", "application/csv", "application/vnd.ms-excel", "text/comma-separated-values"].includes(type.toLowerCase());
}
