import { t } from "@lingui/core/macro";

// Reading CSV files as Excel, LibreOffice and other programs save them (decision 0023): bytes to text in whatever
// encoding they came in, text to records with whichever separator they used. Browser-safe; each import (machine
// files, orders) reads its own columns from the records.

export const noDataRowsMessage = () => t`The CSV has no data rows.`;
export const unclosedQuote = (line: number) => t`Line ${line}: a quote opened here is never closed`;
/** The end of a sentence that begins with the line it is on ('Line 4: a character could not be read…'). */
export const unreadableCharacterMessage = () => t`a character could not be read (shown as \uFFFD): save the file again as CSV UTF-8 and upload it again.`;

// ---------------------------------------------------------------------------------------------
// Bytes to text

export type CsvEncoding = "utf-8" | "utf-16le" | "utf-16be" | "windows-1252";

/**
 * The text of an uploaded CSV. Excel and LibreOffice write UTF-8 (with or without a byte order mark), 'Unicode
 * text' as UTF-16 with a byte order mark, and plain 'CSV' on Windows in the ANSI code page, Windows-1252 in the
 * shops this serves. A BOM decides; without one the bytes are UTF-8 when they are valid UTF-8 (ASCII is both),
 * UTF-16 when every other byte of the start is 0, else Windows-1252 — which maps every byte to a character, so the
 * text never holds U+FFFD. A BOM whose bytes do not follow it is refused rather than read as something else.
 */
export function decodeCsvBytes(bytes: Uint8Array): { text: string; encoding: CsvEncoding } | { error: string } {
  const strict = (encoding: CsvEncoding, from: number) => {
    try {
      return { text: new TextDecoder(encoding, { fatal: true, ignoreBOM: true }).decode(bytes.subarray(from)), encoding };
    } catch {
      return null;
    }
  };
  const broken = (what: string) => ({
    error: t`The file starts as ${what} text but is not ${what} further on: save it again as CSV UTF-8 and upload it again.`,
  });
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) return strict("utf-8", 3) ?? broken("UTF-8");
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return strict("utf-16le", 2) ?? broken("UTF-16");
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return strict("utf-16be", 2) ?? broken("UTF-16");
  const utf16 = utf16WithoutBom(bytes);
  if (utf16) return strict(utf16, 0) ?? broken("UTF-16");
  return strict("utf-8", 0) ?? { text: new TextDecoder("windows-1252").decode(bytes), encoding: "windows-1252" };
}

/** UTF-16 saved without a BOM: the header's ASCII letters leave a 0 in every other byte. */
function utf16WithoutBom(bytes: Uint8Array): "utf-16le" | "utf-16be" | null {
  const n = Math.min(bytes.length, 64) & ~1;
  if (n < 4) return null;
  let evenZeros = 0;
  let oddZeros = 0;
  for (let i = 0; i < n; i++) if (bytes[i] === 0) i % 2 ? oddZeros++ : evenZeros++;
  const pairs = n / 2;
  if (oddZeros >= pairs * 0.75 && evenZeros === 0) return "utf-16le";
  if (evenZeros >= pairs * 0.75 && oddZeros === 0) return "utf-16be";
  return null;
}

// ---------------------------------------------------------------------------------------------
// Text to records

// Header spellings people and programs really write: any case, spaces, underscores or hyphens.
export const headerKey = (h: string) =>
  h
    .replace(/^\uFEFF/, "")
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, " ");

/** Excel in European locales saves with ';', 'Unicode text' with tabs: the header line says which. */
function detectDelimiter(headerLine: string): string {
  let best = { delimiter: ",", count: 0 };
  for (const delimiter of [",", ";", "\t"]) {
    const count = headerLine.split(delimiter).length - 1;
    if (count > best.count) best = { delimiter, count };
  }
  return best.delimiter;
}

export type CsvRecord = { line: number; cells: string[] };
/** How many records a parse handles between two chances for the server to answer other requests. */
export const RECORDS_PER_STEP = 5000;

/**
 * The records of a CSV as Excel reads them: a cell that starts with a quote runs to the matching quote ("" is a
 * quote inside it) and may span lines; a quote anywhere else is an ordinary character; CRLF, LF or CR end a
 * record. Each record knows the line it starts on. Yields (undefined) every RECORDS_PER_STEP records, so a long
 * file can be read in steps; returns the line of a quote that is never closed, if any.
 */
function* readRecords(text: string, delimiter: string, firstLine: number, out: CsvRecord[]): Generator<undefined, number | null> {
  const n = text.length;
  let i = 0;
  let line = firstLine;
  let cells: string[] = [];
  let recordLine = line;
  const sep = delimiter.charCodeAt(0);
  // The next delimiter or line break from `from` (or the end). Character codes: a string index makes a string.
  const stop = (from: number) => {
    let j = from;
    while (j < n) {
      const c = text.charCodeAt(j);
      if (c === sep || c === 10 || c === 13) break;
      j++;
    }
    return j;
  };
  if (n === 0) return null;
  for (;;) {
    if (text[i] === '"') {
      const openedOn = line;
      let value = "";
      let from = ++i;
      for (;;) {
        const q = text.indexOf('"', i);
        if (q < 0) return openedOn;
        for (let j = i; j < q; j++) {
          const c = text.charCodeAt(j);
          if (c === 10 || (c === 13 && text.charCodeAt(j + 1) !== 10)) line++;
        }
        value += text.slice(from, q);
        if (text[q + 1] === '"') {
          value += '"';
          i = from = q + 2;
          continue;
        }
        i = q + 1;
        break;
      }
      // Text after the closing quote belongs to the cell, as Excel reads `"12"" wide"x`.
      const end = stop(i);
      cells.push(value + text.slice(i, end));
      i = end;
    } else {
      const end = stop(i);
      cells.push(text.slice(i, end));
      i = end;
    }
    if (i >= n) {
      out.push({ line: recordLine, cells });
      return null;
    }
    if (text[i] === delimiter) {
      i++;
      continue;
    }
    i += text[i] === "\r" && text[i + 1] === "\n" ? 2 : 1;
    line++;
    out.push({ line: recordLine, cells });
    if (out.length % RECORDS_PER_STEP === 0) yield;
    cells = [];
    recordLine = line;
    if (i >= n) return null;
  }
}

// A cell wrapped with Alt+Enter in Excel is one name on a screen or a label: its line breaks become spaces, and
// control characters (which print as nothing; Windows-1252's five unused bytes decode to C1 controls) are dropped.
const CONTROL = /[\u0000-\u001F\u007F-\u009F]/;
export const oneLine = (cell: string | undefined) =>
  cell === undefined
    ? ""
    : !CONTROL.test(cell)
      ? cell.trim()
      : cell
          .replace(/\s*[\r\n]+\s*/g, " ")
          .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g, "")
          .trim();

/** Our own CSV output writes a cell a spreadsheet would run as a formula with a leading quote (see csv.ts). */
export const undefused = (cell: string) => (/^'[=+\-@]/.test(cell) ? cell.slice(1) : cell);

/** Excel's `sep=;` first line names the separator and is not part of the table. */
const SEP_LINE = /^"?sep=([^\r\n"])"?\1*[ \t]*(?:\r\n|\n|\r|$)/i;

export const isBlank = (cells: string[]) => {
  for (const c of cells) if (c !== "" && c.trim() !== "") return false;
  return true;
};

/** A line whose first cell starts with '#' and has nothing else: a note (the template's), not a file. */
export const isComment = (cells: string[]) => cells[0]!.trimStart().startsWith("#") && isBlank(cells.slice(1));

/** A CSV read into records: its header cells and the records after it, or a problem with the whole file. */
export type CsvTable = { header: string[]; records: CsvRecord[] } | { problem: string };

/**
 * The records of a CSV (CRLF/LF/CR, quoted cells with separators, quotes and line breaks, ',' ';' or tab, or the
 * one a `sep=` first line names), as steps: yields between slices of records so a caller may let other work run.
 * The first record is the header; blank lines and '#' notes stay in `records` for the caller to skip with
 * isBlank/isComment, so line numbers stay those of the file.
 */
export function* readCsvTable(input: string): Generator<undefined, CsvTable> {
  let text = input.replace(/^\uFEFF/, "");
  if (text.trim() === "") return { problem: noDataRowsMessage() };
  let firstLine = 1;
  let delimiter: string | undefined;
  const sep = SEP_LINE.exec(text);
  if (sep) {
    delimiter = sep[1]!;
    text = text.slice(sep[0].length);
    firstLine = 2;
  }
  delimiter ??= detectDelimiter(text.split(/\r\n|\n|\r/, 1)[0] ?? "");
  const records: CsvRecord[] = [];
  const reader = readRecords(text, delimiter, firstLine, records);
  let step = reader.next();
  while (!step.done) {
    yield;
    step = reader.next();
  }
  if (step.value !== null) return { problem: unclosedQuote(step.value) };
  return { header: records[0]?.cells ?? [], records: records.slice(1) };
}

/** Runs a parse made of steps to its end at once. */
export function runSteps<T>(steps: Generator<undefined, T>): T {
  let step = steps.next();
  while (!step.done) step = steps.next();
  return step.value;
}

/** Runs a parse made of steps, awaiting `pause` between them (so the server answers other requests meanwhile). */
export async function runStepsPausing<T>(steps: Generator<undefined, T>, pause: () => Promise<void>): Promise<T> {
  let step = steps.next();
  while (!step.done) {
    await pause();
    step = steps.next();
  }
  return step.value;
}

/** docs/product.md §5: a file ending in .csv or of a CSV type (Windows browsers report .csv as application/vnd.ms-excel). */
export function isCsvFile(name: string, type: string): boolean {
  return /\.csv$/i.test(name.trim()) || ["text/csv", "application/csv", "application/vnd.ms-excel", "text/comma-separated-values"].includes(type.toLowerCase());
}
