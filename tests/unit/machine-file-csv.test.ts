import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import Papa from "papaparse";
import {
  csvCell,
  decodeCsvBytes,
  isCsvFile,
  machineFileCsvTemplate,
  parseMachineFileCsv,
  parseMachineFileCsvInSteps,
  summarizeCsvErrors,
  TEMPLATE_NO_MACHINES,
  toCsv,
} from "~/domain/machine-file-csv";
import { csvImportMessage, filesSavedSkippedMessage } from "~/domain/machine-file-messages";

// CSV files byte-exact as Excel and LibreOffice save them (tests/fixtures/csv), docs/product.md §5 'Spreadsheet and CSV'.

const machines = [
  { value: "hp-latex-800", name: "HP Latex 800" },
  { value: "zund-g3", name: "Zund G3" },
];
const fixture = (name: string) => readFileSync(`tests/fixtures/csv/${name}`, "utf8");
const parse = (name: string) => parseMachineFileCsv(fixture(name), machines);
/** The bytes of a fixture as the upload receives them, decoded as the server decodes them. */
function decoded(name: string) {
  const result = decodeCsvBytes(new Uint8Array(readFileSync(`tests/fixtures/csv/${name}`)));
  if ("error" in result) throw new Error(result.error);
  return result;
}
const parseBytes = (name: string) => parseMachineFileCsv(decoded(name).text, machines);

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

  test("a missing required column is one problem with the whole file, naming what was found", () => {
    const problem = "The CSV needs the columns File Name and Machine Assignment (found: File Name, Material).";
    expect(parse("missing-column.csv")).toEqual({ rows: [], errors: [problem], problem });
  });

  test("a quote opened and never closed: 'Line N: a quote opened here is never closed', and no row at all", () => {
    expect(parse("unclosed-quote.csv")).toEqual({
      rows: [],
      errors: ["Line 3: a quote opened here is never closed"],
      problem: "Line 3: a quote opened here is never closed",
    });
    // The line counts quoted line breaks before it.
    const text = 'File Name,Machine Assignment\r\n"two\r\nlines.pdf",zund-g3\r\nok.pdf,zund-g3\r\nx.pdf,"zund-g3\r\n';
    expect(parseMachineFileCsv(text, machines).problem).toBe("Line 5: a quote opened here is never closed");
  });

  test("a quote inside an unquoted cell is a character, as Excel reads it", () => {
    const { rows, errors } = parseMachineFileCsv(
      'File Name,Machine Assignment,Material\r\n13" banner.pdf,zund-g3,4" letters\r\n"a ""b"" c"d.pdf,zund-g3,\r\n',
      machines,
    );
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.line, r.fileName, r.material])).toEqual([
      [2, '13" banner.pdf', '4" letters'],
      [3, 'a "b" cd.pdf', ""],
    ]);
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

  test("the parse in steps gives the same result and pauses between slices of records", async () => {
    const text = `File Name,Machine Assignment\n${Array.from({ length: 12_000 }, (_, i) => `f${i}.pdf,zund-g3`).join("\n")}\n`;
    let pauses = 0;
    const stepped = await parseMachineFileCsvInSteps(text, machines, async () => void pauses++);
    expect(stepped).toEqual(parseMachineFileCsv(text, machines));
    expect(stepped.rows).toHaveLength(12_000);
    expect(pauses).toBeGreaterThanOrEqual(4);
  });

  test("5,000 quoted rows with a byte order mark parse to their lines, names and machines", () => {
    const text = `\uFEFFFile Name,Machine Assignment,Material\r\n${Array.from({ length: 5000 }, (_, i) => `"job ${i}, v2.pdf",${i % 2 ? "HP Latex 800" : "zund-g3"},Vinyl`).join("\r\n")}\r\n`;
    const { rows, errors } = parseMachineFileCsv(text, machines);
    expect(errors).toEqual([]);
    expect(rows).toHaveLength(5000);
    expect(rows[4999]).toEqual({ line: 5001, fileName: "job 4999, v2.pdf", machine: "hp-latex-800", material: "Vinyl" });
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

  test("the template names the shop's own machines, so it imports into the shop it came from", () => {
    const shop = [
      { value: "roland-vg3", name: "Roland VG3" },
      { value: "=cnc", name: "=CNC Router" },
    ];
    const template = machineFileCsvTemplate(shop.map((m) => m.name));
    expect(template.replace(/^\uFEFF/, "").split("\r\n")[0]).toBe("File Name,Machine Assignment,Material");
    const { rows, errors } = parseMachineFileCsv(template, shop);
    expect(errors).toEqual([]);
    // A machine name a spreadsheet would run as a formula is written defused ('=CNC…) and still found.
    expect(rows.map((r) => r.machine)).toEqual(["roland-vg3", "=cnc"]);
    expect(parseMachineFileCsv(machineFileCsvTemplate(["Roland VG3"]), shop).rows.map((r) => r.machine)).toEqual(["roland-vg3", "roland-vg3"]);
  });

  test("with no machine yet the template carries a note, which the import skips", () => {
    const template = machineFileCsvTemplate([]);
    expect(template.replace(/^\uFEFF/, "").split("\r\n")).toEqual(["File Name,Machine Assignment,Material", TEMPLATE_NO_MACHINES, ""]);
    expect(parseMachineFileCsv(template, []).problem).toBe("The CSV has no data rows.");
    // A file whose name starts with '#' is still a file.
    expect(parseMachineFileCsv("File Name,Machine Assignment\n#2 banner.pdf,zund-g3\n", machines).rows.map((r) => r.fileName)).toEqual(["#2 banner.pdf"]);
  });
});

describe("files from Excel and LibreOffice, byte for byte", () => {
  test("Excel on Windows (Windows-1252, no BOM): accents, €, curly quotes and dashes come through; no U+FFFD", () => {
    const { text, encoding } = decoded("excel-windows-1252.csv");
    expect(encoding).toBe("windows-1252");
    expect(text).not.toContain("\uFFFD");
    const { rows, errors } = parseMachineFileCsv(text, machines);
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.line, r.fileName, r.machine, r.material])).toEqual([
      [2, "Café façade.pdf", "hp-latex-800", "Dibond"],
      [3, "Zürich – Ölmühle.pdf", "zund-g3", ""],
      [4, "€ price tag.pdf", "hp-latex-800", '13oz "Scrim" Banner'],
      [5, "“Grand” opening.pdf", "zund-g3", "Señal acrílico"],
    ]);
  });

  test("Excel's 'sep=;' first line names the separator and is not the header (line numbers still count it)", () => {
    const { rows, errors } = parseBytes("excel-sep-semicolon-1252.csv");
    expect(errors).toEqual([]);
    expect(rows.map((r) => [r.line, r.fileName, r.machine, r.material])).toEqual([
      [3, "Bäckerei Müller, Schild.pdf", "hp-latex-800", "Folie, matt"],
      [4, "Straße – Tafel.pdf", "zund-g3", ""],
    ]);
    const tab = parseMachineFileCsv("sep=\t\nFile Name\tMachine Assignment\na, b.pdf\tzund-g3\n", machines);
    expect(tab.rows.map((r) => r.fileName)).toEqual(["a, b.pdf"]);
  });

  test("Excel 'Unicode Text' (UTF-16 LE with BOM, tabs) and LibreOffice UTF-16 BE (BOM, ';', quoted)", () => {
    expect(decoded("excel-unicode-text-utf16le.csv").encoding).toBe("utf-16le");
    expect(parseBytes("excel-unicode-text-utf16le.csv").rows.map((r) => [r.fileName, r.machine, r.material])).toEqual([
      ["看板 – 正面.pdf", "hp-latex-800", "アクリル"],
      ["Proof – v2 🎉.pdf", "zund-g3", ""],
      ["Café", "zund-g3", "Vinyl"],
    ]);
    expect(decoded("libreoffice-utf16be-semicolon.csv").encoding).toBe("utf-16be");
    expect(parseBytes("libreoffice-utf16be-semicolon.csv").rows.map((r) => [r.fileName, r.machine])).toEqual([
      ["Łódź sign.pdf", "hp-latex-800"],
      ["Ελληνικά.dxf", "zund-g3"],
    ]);
  });

  test("UTF-8 with and without BOM; UTF-16 saved without a BOM; a BOM the bytes do not follow is refused", () => {
    expect(decoded("excel-utf8-bom-crlf.csv")).toMatchObject({ encoding: "utf-8" });
    expect(parseBytes("excel-utf8-bom-crlf.csv").rows[1]!.fileName).toBe("Café façade, final.pdf");
    const plain = new TextEncoder().encode("File Name,Machine Assignment\nCafé.pdf,zund-g3\n");
    expect(decodeCsvBytes(plain)).toEqual({ text: "File Name,Machine Assignment\nCafé.pdf,zund-g3\n", encoding: "utf-8" });
    const le = Buffer.from("File Name\tMachine Assignment\r\nCafé.pdf\tzund-g3\r\n", "utf16le");
    expect(decodeCsvBytes(new Uint8Array(le))).toMatchObject({ encoding: "utf-16le", text: "File Name\tMachine Assignment\r\nCafé.pdf\tzund-g3\r\n" });
    const lying = new Uint8Array([0xef, 0xbb, 0xbf, ...Buffer.from("File Name,Machine Assignment\nCaf\xe9.pdf,zund-g3\n", "latin1")]);
    const refused = decodeCsvBytes(lying);
    expect("error" in refused && refused.error).toBe(
      "The file starts as UTF-8 text but is not UTF-8 further on: save it again as CSV UTF-8 and upload it again.",
    );
  });

  test("text that already holds U+FFFD (a file read in the wrong encoding before it was sent) is never saved", () => {
    const { rows, errors } = parseMachineFileCsv("File Name,Machine Assignment\nCaf\uFFFD.pdf,zund-g3\nok.pdf,zund-g3\n", machines);
    expect(rows.map((r) => r.fileName)).toEqual(["ok.pdf"]);
    expect(errors).toEqual(["Line 2: a character could not be read (shown as \uFFFD): save the file again as CSV UTF-8 and upload it again."]);
  });
});

describe("messages", () => {
  test("'{n} file(s) saved successfully · {k} already there, skipped'; a refused file says why", () => {
    expect(filesSavedSkippedMessage(3, 0)).toBe("3 file(s) saved successfully");
    expect(filesSavedSkippedMessage(1, 4)).toBe("1 file(s) saved successfully \u00b7 4 already there, skipped");
    expect(csvImportMessage({ saved: 2, skipped: 3, failed: 1 })).toBe("2 file(s) saved successfully \u00b7 3 already there, skipped. 1 entries had issues");
    expect(csvImportMessage({ saved: 0, skipped: 0, failed: 0, problem: "Line 4: a quote opened here is never closed" })).toBe(
      "Line 4: a quote opened here is never closed",
    );
    expect(csvImportMessage({ saved: 0, skipped: 0, failed: 2 })).toBe("No files were saved: every row had a problem.");
  });

  test("product §8: the first 3 errors, then '... and N more'", () => {
    expect(summarizeCsvErrors(["a", "b"])).toBe("a\nb");
    expect(summarizeCsvErrors(["a", "b", "c", "d", "e"])).toBe("a\nb\nc\n... and 2 more");
  });
  test("product §5: .csv names or CSV types", () => {
    expect(isCsvFile("Files.CSV", "")).toBe(true);
    expect(isCsvFile("files.txt", "text/csv")).toBe(true);
    expect(isCsvFile("files.csv", "application/vnd.ms-excel")).toBe(true);
    expect(isCsvFile("files.xlsx", "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet")).toBe(false);
  });
});
