// CSV for downloads (machine files, analytics): safe to open in Excel, LibreOffice and Google Sheets.

// OWASP 'CSV injection': a cell a spreadsheet would run as a formula is written with a leading quote.
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell: formula-like text defused, quoted when it holds a separator, a quote or a line break. */
export function csvCell(value: unknown): string {
  // A number is data, not a formula: -5 stays -5.
  if (typeof value === "number") return Number.isFinite(value) ? String(value) : "";
  let s = value === null || value === undefined ? "" : value instanceof Date ? value.toISOString() : String(value);
  if (FORMULA_START.test(s)) s = `'${s}`;
  return /[",;\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** A CSV document: CRLF lines and a UTF-8 byte order mark, so Excel opens accents correctly. */
export function toCsv(headers: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return `\uFEFF${[headers, ...rows].map((r) => r.map(csvCell).join(",")).join("\r\n")}\r\n`;
}
