import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import Papa from "papaparse";
import { csvCell, isCsvFile, machineFileCsvTemplate, parseMachineFileCsv, summarizeCsvErrors, toCsv } from "~/utils/machine-file-csv";

// CSV files byte-exact as Excel and LibreOffice save them (tests/fixtures/csv), spec §5 'Spreadsheet and CSV'.

const machines = [
  { value: "hp-latex-800", name: "HP Latex 800" },
  { value: "zund-g3", name: "Zund G3" },
];
const fixture = (name: string) => readFileSync(`tests/fixtures/csv/${name}`, "utf8");
const parse = (name: string) => parseMachineFileCsv(fixture(name), machines);

describe("parseMachineFileCsv", () => {
  test("Excel UTF-8: BOM, CRLF, quoted commas, quotes and a line break inside a cell, machine by name in any case", () => {
    const { rows, errors } = parse("excel-utf8-bom-crlf.csv");
    expect(errors).toEqual([]);
    expect(rows).toEqual([
      { line: 2, fileName: "storefront-print.pdf", machine: "hp-latex-800", material: "3M IJ180 Vinyl" },
      { line: 3, fileName: "Café façade, final.pdf", machine: "zund-g3", material: "Dibond" },
      // A cell wrapped with Alt+Enter: one name, its line break a space.
      { line: 4, fileName: "two line.pdf", machine: "zund-g3", material: "" },
      // The record above spans two lines, so this one starts on line 6.
      { line: 6, fileName: "banner.pdf", machine: "hp-latex-800", material: '13oz "Scrim" Banner' },
    ]);
  });

  test("Excel with ';' (European locales), trailing empty columns and a row of separators", () => {
    const { rows, errors } = parse("excel-semicolon.csv");
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.line, r.fileName, r.machine, r.material])).toEqual([
      [2, "front.pdf", "hp-latex-800", "Vinyl"],
      [4, "back.pdf", "zund-g3", ""],
    ]);
  });

  test("LibreOffice: LF and every cell quoted", () => {
    expect(parse("libreoffice.csv").rows.map((r) => [r.fileName, r.machine, r.material])).toEqual([
      ["lobby.pdf", "hp-latex-800", "Acrylic"],
      ["lobby-cut.dxf", "zund-g3", ""],
    ]);
  });

  test("formula-like cells are kept as the text they are", () => {
    const { rows } = parse("formula-cells.csv");
    expect(rows.map((r) => [r.fileName, r.material])).toEqual([
      ['=HYPERLINK("http://evil","x")', "+SUM(A1)"],
      ["@cmd.pdf", "-2+3"],
    ]);
  });

  test("blank lines are skipped and the line numbers still count them", () => {
    expect(parse("blank-lines.csv").rows.map((r) => [r.line, r.fileName])).toEqual([
      [3, "a.pdf"],
      [6, "b.pdf"],
    ]);
  });

  test("header case, spacing and underscores; extra columns ignored", () => {
    expect(parse("header-variations.csv").rows).toEqual([{ line: 2, fileName: "a.pdf", machine: "hp-latex-800", material: "Vinyl" }]);
  });

  test("a missing required column is one error naming what was found", () => {
    expect(parse("missing-column.csv")).toEqual({ rows: [], errors: ["The CSV needs the columns File Name and Machine Assignment (found: File Name, Material)."] });
  });

  test("bad rows are listed by line with the reason; good rows still come through", () => {
    const { rows, errors } = parse("unknown-machine.csv");
    expect(rows.map((r) => r.fileName)).toEqual(["a.pdf"]);
    expect(errors).toEqual([
      'Line 3: Unknown machine "Laser 9000". Use one of: HP Latex 800, Zund G3.',
      "Line 4: File name is missing.",
      "Line 5: Machine assignment is missing.",
    ]);
  });

  test("empty text, a header alone, and over-long cells", () => {
    expect(parseMachineFileCsv("", machines).errors).toEqual(["The CSV has no data rows."]);
    expect(parseMachineFileCsv("File Name,Machine Assignment\r\n", machines).errors).toEqual(["The CSV has no data rows."]);
    const long = parseMachineFileCsv(`File Name,Machine Assignment,Material\n${"x".repeat(256)},zund-g3,\na.pdf,zund-g3,${"m".repeat(101)}\n`, machines);
    expect(long.rows).toEqual([]);
    expect(long.errors).toEqual(["Line 2: File name is longer than 255 characters.", "Line 3: Material is longer than 100 characters."]);
  });

  test("5,000 rows parse in well under 200 ms", () => {
    const text = `\uFEFFFile Name,Machine Assignment,Material\r\n${Array.from({ length: 5000 }, (_, i) => `"job ${i}, v2.pdf",${i % 2 ? "HP Latex 800" : "zund-g3"},Vinyl`).join("\r\n")}\r\n`;
    const started = performance.now();
    const { rows, errors } = parseMachineFileCsv(text, machines);
    const ms = performance.now() - started;
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(5000);
    expect(rows[4999]).toEqual({ line: 5001, fileName: "job 4999, v2.pdf", machine: "hp-latex-800", material: "Vinyl" });
    expect(ms).toBeLessThan(200);
  });
});

describe("CSV output", () => {
  test("csvCell quotes separators, quotes and line breaks, and defuses formulas", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("-1")).toBe("'-1");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")"`);
    expect(csvCell(null)).toBe("");
    expect(csvCell(12)).toBe("12");
  });

  test("toCsv round-trips through papaparse, and no cell starts with a formula character", () => {
    const values = [["=cmd|' /C calc'!A0", "a,b", 'q"uote', "line\r\nbreak", "@x", "+y", "-z", "plain"]];
    const text = toCsv(["a", "b", "c", "d", "e", "f", "g", "h"], values);
    expect(text.startsWith("\uFEFF")).toBe(true);
    const back = Papa.parse<string[]>(text.slice(1), { skipEmptyLines: true }).data;
    expect(back[1]).toEqual(["'=cmd|' /C calc'!A0", "a,b", 'q"uote', "line\r\nbreak", "'@x", "'+y", "'-z", "plain"]);
    for (const cell of back.flat()) expect(cell).not.toMatch(/^[=+\-@\t\r]/);
  });

  test("the template has the three headers and parses back to its example rows", () => {
    const template = machineFileCsvTemplate();
    expect(template.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("File Name,Machine Assignment,Material");
    expect(parseMachineFileCsv(template, [...machines, { value: "zund-g3", name: "Zund G3" }]).errors).toEqual([]);
  });
});

describe("messages", () => {
  test("spec §8: the first 3 errors, then '... and N more'", () => {
    expect(summarizeCsvErrors(["a", "b"])).toBe("a\nb");
    expect(summarizeCsvErrors(["a", "b", "c", "d", "e"])).toBe("a\nb\nc\n... and 2 more");
  });
  test("spec §5: .csv names or CSV types", () => {
    expect(isCsvFile("Files.CSV", "")).toBe(true);
    expect(isCsvFile("files.txt", "text/csv")).toBe(true);
    expect(isCsvFile("files.csv", "application/vnd.ms-excel")).toBe(true);
    expect(isCsvFile("files.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe(false);
  });
});
