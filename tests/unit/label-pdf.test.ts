import { describe, expect, setSystemTime, test } from "bun:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { labelFileName, labelPdf, winAnsiSafe } from "~/infra/label-pdf.server";
import { LABEL_SIZE_PT, MIN_SHEET_MARGIN_PT, PAPERS, SHEETS, sheetMargins, sheetPositions } from "~/domain/label-sheets";
import { decodePdfPages, labelSquares, qpdfCheck } from "../helpers/label-tools";

describe("labelPdf", () => {
  test("a name with characters outside WinAnsi ('日本 ✓ Ω') makes a valid PDF that still scans", async () => {
    const payload = "http://localhost/qr/7";
    const bytes = await labelPdf([{ itemName: "日本 ✓ Ω", projectName: "Ünïcode ő ł\nnext line", material: "🚀", payload }], "日本 ✓ Ω");
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    expect(doc.getPage(0).getSize()).toEqual({ width: 144, height: 144 });
    expect(doc.getTitle()).toBe("日本 ✓ Ω");
    expect(qpdfCheck(bytes).code).toBe(0);
    expect(decodePdfPages(bytes)).toEqual([[payload]]);
  });

  test("one page per label, in order", async () => {
    const labels = [1, 2, 3].map((id) => ({ itemName: `Item ${id}`, projectName: "P", material: "Vinyl", payload: `https://shop.example.com/qr/${id}` }));
    const bytes = await labelPdf(labels, "P");
    expect((await PDFDocument.load(bytes)).getPageCount()).toBe(3);
    expect(decodePdfPages(bytes)).toEqual(labels.map((l) => [l.payload]));
  });

  test("the same labels give the same bytes a second later (a viewer's byte ranges read one file)", async () => {
    const label = { itemName: "Letter A", projectName: "P", material: "Vinyl", payload: "https://shop.example.com/qr/5" };
    const first = await labelPdf([label], "P");
    // A second later by the clock every date in a PDF is read from, without waiting for it.
    setSystemTime(new Date(Date.now() + 1100));
    try {
      expect(Buffer.from(await labelPdf([label], "P")).equals(Buffer.from(first))).toBe(true);
    } finally {
      setSystemTime();
    }
    expect((await PDFDocument.load(first, { updateMetadata: false })).getProducer()).toBe("Shopflow");
  });

  test("no labels is a programming error, not an empty PDF", async () => {
    await expect(labelPdf([], "x")).rejects.toThrow();
  });
});

describe("winAnsiSafe", () => {
  test("keeps what Helvetica encodes, strips accents it cannot, '?' for the rest, spaces for control characters", async () => {
    const font = await (await PDFDocument.create()).embedFont(StandardFonts.Helvetica);
    const charset = new Set(font.getCharacterSet());
    expect(winAnsiSafe("Café – “Ünï” € …", charset)).toBe("Café – “Ünï” € …");
    expect(winAnsiSafe("Łódź ő", charset)).toBe("?ódz o");
    expect(winAnsiSafe("日本 ✓ Ω 🚀", charset)).toBe("?? ? ? ?");
    expect(winAnsiSafe(" a\tb\r\nc\u2028d ", charset)).toBe("a b c d");
    expect(() => font.encodeText(winAnsiSafe("日本 ✓ Ω ǅ ﬁ", charset))).not.toThrow();
  });
});

describe("labelFileName", () => {
  test("ASCII only, lowercase, with a fallback for a name without ASCII letters", () => {
    expect(labelFileName("label", "Front Letters / Café", "item-1")).toBe("label-front-letters-cafe.pdf");
    expect(labelFileName("labels", '"; evil\r\n.pdf', "project-2")).toBe("labels-evil-pdf.pdf");
    expect(labelFileName("labels", "日本", "project-2")).toBe("labels-project-2.pdf");
    expect(labelFileName("label", "a".repeat(200), "x")).toBe(`label-${"a".repeat(60)}.pdf`);
  });
});

describe("office sheets", () => {
  const labels = (n: number) =>
    Array.from({ length: n }, (_, i) => ({ itemName: `Item ${i + 1}`, projectName: "P", material: "Vinyl", payload: `https://shop.example.com/qr/${i + 1}` }));
  const mm = (pt: number) => (pt * 25.4) / 72;

  test("every paper keeps each label at least 5 mm from every edge (office printers do not print the last 4–5 mm)", () => {
    for (const paper of PAPERS) {
      const { x, y } = sheetMargins(paper);
      expect({ paper, ok: x >= MIN_SHEET_MARGIN_PT && y >= MIN_SHEET_MARGIN_PT }).toEqual({ paper, ok: true });
    }
    expect(mm(sheetMargins("a4").x)).toBeCloseTo(28.6, 1);
    expect(mm(sheetMargins("letter").x)).toBeCloseTo(6.35, 2);
    expect(mm(sheetMargins("letter").y)).toBeCloseTo(12.7, 2);
    expect([sheetPositions("letter"), sheetPositions("a4")]).toEqual([20, 15]);
  });

  test("A4: 3 across and 5 down, position 1 top left; a full sheet of 15 then a new page", async () => {
    const bytes = await labelPdf(labels(16), "A4", { paper: "a4", start: 1 });
    const pages = labelSquares(bytes);
    expect(pages.map((p) => p.length)).toEqual([15, 1]);
    const { x, y } = sheetMargins("a4");
    const top = SHEETS.a4.height - y - LABEL_SIZE_PT;
    const r = (n: number) => Math.round(n * 100) / 100;
    expect(pages[0]!.slice(0, 4)).toEqual([
      { x: r(x), y: r(top) },
      { x: r(x + 144), y: r(top) },
      { x: r(x + 288), y: r(top) },
      { x: r(x), y: r(top - 144) },
    ]);
    // Nothing closer than 5 mm to an edge, on either page.
    for (const sq of pages.flat()) {
      expect(Math.min(sq.x, sq.y, SHEETS.a4.width - sq.x - 144, SHEETS.a4.height - sq.y - 144)).toBeGreaterThanOrEqual(MIN_SHEET_MARGIN_PT);
    }
    expect(pages[1]![0]).toEqual({ x: r(x), y: r(top) });
    expect(qpdfCheck(bytes).code).toBe(0);
    expect(decodePdfPages(bytes).map((p) => p.length)).toEqual([15, 1]);
  });

  test("start is the first free position: the last one of an A4 sheet holds one label, the next goes on a new sheet", async () => {
    const bytes = await labelPdf(labels(2), "A4", { paper: "a4", start: 15 });
    const pages = labelSquares(bytes);
    const { x, y } = sheetMargins("a4");
    const r = (n: number) => Math.round(n * 100) / 100;
    // Position 15: the third across on the fifth row down; then position 1 of a new sheet.
    expect(pages).toEqual([[{ x: r(x + 288), y: r(SHEETS.a4.height - y - 5 * 144) }], [{ x: r(x), y: r(SHEETS.a4.height - y - 144) }]]);
  });

  test("US Letter keeps its 4 × 5 layout: position 20 is the bottom right", async () => {
    const pages = labelSquares(await labelPdf(labels(1), "Letter", { paper: "letter", start: 20 }));
    expect(pages).toEqual([[{ x: 18 + 3 * 144, y: 36 }]]);
  });
});
