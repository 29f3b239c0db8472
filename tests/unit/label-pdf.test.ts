import { describe, expect, test } from "bun:test";
import { PDFDocument, StandardFonts } from "pdf-lib";
import { labelFileName, labelPdf, winAnsiSafe } from "~/utils/label-pdf.server";
import { decodePdfPages, qpdfCheck } from "../helpers/label-tools";

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
