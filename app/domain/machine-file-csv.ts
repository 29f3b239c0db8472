import { t } from "@lingui/core/macro";
import { bidiMessage, hasBidiControls } from "~/domain/bidi";
import { toCsv } from "~/domain/csv";
import {
  headerKey,
  isBlank,
  isComment,
  noDataRowsMessage,
  oneLine,
  readCsvTable,
  RECORDS_PER_STEP,
  runSteps,
  runStepsPausing,
  unreadableCharacterMessage,
  undefused,
} from "~/domain/csv-read";

export { csvCell, toCsv } from "~/domain/csv";
export { decodeCsvBytes, isCsvFile, noDataRowsMessage, unclosedQuote, type CsvEncoding } from "~/domain/csv-read";

// Machine-file CSV import and export (docs/product.md §5 'Spreadsheet and CSV', §7 upload-csv and csv-template). Browser-safe:
// the spreadsheet screen checks a file before it sends it, the server decodes and parses it. Decision 0023 says
// how files from Excel and LibreOffice are read.

export const MACHINE_FILE_CSV_HEADERS = ["File Name", "Machine Assignment", "Material"] as const;
export const MAX_FILE_NAME = 255;
export const MAX_MATERIAL = 100;

export type CsvRow = { line: number; fileName: string; machine: string; material: string };
type Machine = { value: string; name: string };

/** What `parseMachineFileCsv` finds: good rows, bad rows by line, and a problem with the whole file (nothing to save). */
export type CsvParse = { rows: CsvRow[]; errors: string[]; problem?: string };

// Header spellings people and programs really write: any case, spaces, underscores or hyphens (headerKey).
const FILE_NAME_HEADERS = new Set(["file name", "filename", "file", "name"]);
const MACHINE_HEADERS = new Set(["machine assignment", "machine", "machine name", "assigned machine"]);
const MATERIAL_HEADERS = new Set(["material", "material type", "materials"]);

const listNames = (machines: Machine[]) => {
  const names = machines.map((m) => m.name);
  if (names.length <= 8) return names.join(", ");
  const listed = names.slice(0, 8).join(", ");
  const more = names.length - 8;
  return t`${listed} and ${more} more`;
};

/**
 * The whole parse as steps: yields between slices of records so a caller may let other work run, returns the
 * result. Each good row resolves its machine by value or name (any case); each bad row is an error naming its line.
 * A problem with the whole file (no columns, a quote never closed) saves nothing: `problem`, and no rows.
 */
function* parseSteps(input: string, machines: Machine[]): Generator<undefined, CsvParse> {
  const fileProblem = (problem: string): CsvParse => ({ rows: [], errors: [problem], problem });
  const table = yield* readCsvTable(input);
  if ("problem" in table) return fileProblem(table.problem);
  const { records } = table;
  const header = table.header.map(headerKey);
  const col = (names: Set<string>) => header.findIndex((h) => names.has(h));
  const fileCol = col(FILE_NAME_HEADERS);
  const machineCol = col(MACHINE_HEADERS);
  const materialCol = col(MATERIAL_HEADERS);
  if (fileCol < 0 || machineCol < 0) {
    const found = table.header.map((h) => h.trim()).filter(Boolean);
    const list = found.length ? found.join(", ") : t`no header`;
    return fileProblem(t`The CSV needs the columns File Name and Machine Assignment (found: ${list}).`);
  }
  const byKey = new Map<string, Machine>();
  for (const m of machines) {
    byKey.set(m.value.trim().toLowerCase(), m);
    byKey.set(m.name.trim().toLowerCase(), m);
  }
  const rows: CsvRow[] = [];
  const errors: string[] = [];
  for (let r = 0; r < records.length; r++) {
    if (r > 0 && r % RECORDS_PER_STEP === 0) yield;
    const { line, cells } = records[r]!;
    // Blank lines and rows of separators only (Excel pads a sheet's used range with them), and notes.
    if (isBlank(cells) || isComment(cells)) continue;
    const fileName = oneLine(cells[fileCol]);
    const machineText = oneLine(cells[machineCol]);
    const material = materialCol >= 0 ? oneLine(cells[materialCol]) : "";
    const problem = (text: string) => t`Line ${line}: ${text}`;
    if (!fileName) errors.push(t`Line ${line}: File name is missing.`);
    else if (!machineText) errors.push(t`Line ${line}: Machine assignment is missing.`);
    else if (fileName.includes("\uFFFD") || machineText.includes("\uFFFD") || material.includes("\uFFFD")) errors.push(problem(unreadableCharacterMessage()));
    else if (fileName.length > MAX_FILE_NAME) errors.push(t`Line ${line}: File name is longer than ${MAX_FILE_NAME} characters.`);
    else if (material.length > MAX_MATERIAL) errors.push(t`Line ${line}: Material is longer than ${MAX_MATERIAL} characters.`);
    else if (hasBidiControls(fileName) || hasBidiControls(material)) errors.push(problem(bidiMessage()));
    else {
      const machine = byKey.get(machineText.toLowerCase()) ?? byKey.get(undefused(machineText).toLowerCase());
      if (!machine) {
        const choices = listNames(machines) || t`no machines yet (add them in Global Settings)`;
        errors.push(t`Line ${line}: Unknown machine "${machineText}". Use one of: ${choices}.`);
      } else rows.push({ line, fileName, machine: machine.value, material });
    }
  }
  if (rows.length === 0 && errors.length === 0) return fileProblem(noDataRowsMessage());
  return { rows, errors };
}

/**
 * Parse a CSV as Excel and LibreOffice save it (CRLF/LF/CR, quoted cells with separators, quotes and line breaks,
 * ',' ';' or tab, or the one a `sep=` first line names; blank lines). Cell text is kept as written, formulas
 * included: it is data. Decode bytes with `decodeCsvBytes` first.
 */
export function parseMachineFileCsv(text: string, machines: Machine[]): CsvParse {
  return runSteps(parseSteps(text, machines));
}

/** The same parse, pausing between slices of records (`pause` lets the server answer other requests). */
export async function parseMachineFileCsvInSteps(text: string, machines: Machine[], pause: () => Promise<void>): Promise<CsvParse> {
  return runStepsPausing(parseSteps(text, machines), pause);
}

// ---------------------------------------------------------------------------------------------
// The template

export const TEMPLATE_NO_MACHINES = "# No machines yet: add them in Global Settings > Departments/Stations and download this template again.";

/**
 * The CSV template: the headers and example rows on the shop's own active machines, so it imports as it is into
 * the shop it came from; with no machine yet, a note (a '#' line the import skips) says what to do first.
 */
export function machineFileCsvTemplate(activeMachineNames: readonly string[]): string {
  const [first, second] = activeMachineNames;
  if (first === undefined) return toCsv(MACHINE_FILE_CSV_HEADERS, [[TEMPLATE_NO_MACHINES]]);
  return toCsv(MACHINE_FILE_CSV_HEADERS, [
    ["storefront-print.pdf", first, "Vinyl"],
    ["storefront-cut.dxf", second ?? first, ""],
  ]);
}

/** docs/product.md §8: the first 3 errors, then '... and N more'. */
export function summarizeCsvErrors(errors: readonly string[]): string {
  const head = errors.slice(0, 3).join("\n");
  if (errors.length <= 3) return head;
  const more = errors.length - 3;
  return `${head}\n${t`... and ${more} more`}`;
}
