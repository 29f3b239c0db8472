import { t } from "@lingui/core/macro";
import type { PDFFont } from "pdf-lib";
import { LABEL_SIZE_PT, SHEETS, sheetMargins, sheetPositions, type Paper } from "~/domain/label-sheets";

// pdf-lib and qrcode are loaded on the first label, not at start: evaluating pdf-lib alone took about half of the
// server's 100 ms start (target: binary start to first 200 under 100 ms).
const pdfLib = () => import("pdf-lib");
const qrcode = () => import("qrcode");

/** One 2 in × 2 in label: the item's QR payload (`itemQrUrl`) and the text printed under the code. */
export type LabelData = { itemName: string; projectName: string; material: string; payload: string };

// docs/product.md §9: a 2 inch square label (LABEL_SIZE_PT).
const PAD = 6;
// ISO/IEC 18004 asks for 4 modules of white around the symbol; a label edge is not a reliable white border
// (printers shift the roll by a millimetre or two), so the quiet zone is inside the page.
const QUIET_ZONE = 4;
const TEXT_BLOCK = 34;
const NAME_SIZE = 9;
const LINE_SIZE = 7.5;
const ELLIPSIS = "…";

/**
 * Office sheets (label-sheets.ts). `start` is the first free position on the first sheet (1 = top left, reading
 * left to right), so a half-used sheet goes through the printer again.
 */
export type SheetLayout = { paper: Paper; start: number };

/**
 * The labels as one PDF in the given order: a page each for a roll label printer, or `sheet` positions on office
 * paper. The QR modules are drawn as one vector path, so the code is as sharp as the printer can print it.
 */
export async function labelPdf(labels: LabelData[], title: string, sheet?: SheetLayout): Promise<Uint8Array<ArrayBuffer>> {
  if (labels.length === 0) throw new Error("labelPdf needs at least one label");
  const [{ PDFDocument, rgb, StandardFonts }, { default: QRCode }] = await Promise.all([pdfLib(), qrcode()]);
  const BLACK = rgb(0, 0, 0);
  const WHITE = rgb(1, 1, 1);
  // No creation or modification date: the same labels give the same bytes, so a PDF viewer asking for byte ranges
  // across requests (pdf.js does) reads one file, not pieces of two.
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setTitle(winAnsiSafe(title, new Set()) || t`Labels`);
  doc.setProducer("Shopflow");
  doc.setCreator("Shopflow");
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  // The standard fonts only encode WinAnsi (cp1252); pdf-lib throws on anything else, so text is mapped first.
  const charset = new Set(regular.getCharacterSet());
  const maxWidth = LABEL_SIZE_PT - 2 * PAD;

  type Page = ReturnType<typeof doc.addPage>;
  /** One label with its lower left corner at (ox, oy) on `page`. */
  const draw = (page: Page, label: LabelData, ox: number, oy: number) => {
    page.drawRectangle({ x: ox, y: oy, width: LABEL_SIZE_PT, height: LABEL_SIZE_PT, color: WHITE });
    const qr = QRCode.create(label.payload, { errorCorrectionLevel: "M" });
    const n = qr.modules.size;
    const area = LABEL_SIZE_PT - TEXT_BLOCK - PAD / 2;
    const moduleSize = area / (n + 2 * QUIET_ZONE);
    const side = n * moduleSize;
    const left = ox + (LABEL_SIZE_PT - side) / 2;
    const top = oy + LABEL_SIZE_PT - PAD / 2 - QUIET_ZONE * moduleSize;
    page.drawSvgPath(modulePath(qr.modules), { x: left, y: top, scale: moduleSize, color: BLACK });

    const lines: [string, PDFFont, number, number][] = [
      [label.itemName, bold, NAME_SIZE, 24],
      [label.projectName, regular, LINE_SIZE, 14],
      [label.material, regular, LINE_SIZE, 5],
    ];
    for (const [raw, font, size, y] of lines) {
      const text = fit(winAnsiSafe(raw, charset), font, size, maxWidth);
      if (!text) continue;
      const width = font.widthOfTextAtSize(text, size);
      page.drawText(text, { x: ox + (LABEL_SIZE_PT - width) / 2, y: oy + y, size, font, color: BLACK });
    }
  };

  if (!sheet) {
    for (const label of labels) draw(doc.addPage([LABEL_SIZE_PT, LABEL_SIZE_PT]), label, 0, 0);
    return new Uint8Array(await doc.save());
  }
  const paper = SHEETS[sheet.paper];
  const positions = sheetPositions(sheet.paper);
  const { x: marginX, y: marginY } = sheetMargins(sheet.paper);
  let page: Page | null = null;
  labels.forEach((label, i) => {
    const slot = i + Math.min(Math.max(1, sheet.start), positions) - 1;
    const onPage = slot % positions;
    if (page === null || onPage === 0) page = doc.addPage([paper.width, paper.height]);
    const col = onPage % paper.cols;
    const row = Math.floor(onPage / paper.cols);
    draw(page, label, marginX + col * LABEL_SIZE_PT, paper.height - marginY - (row + 1) * LABEL_SIZE_PT);
  });
  return new Uint8Array(await doc.save());
}

/** The dark modules as an SVG path in module units (y down), one rectangle per horizontal run. */
function modulePath(modules: { size: number; get(row: number, col: number): number | boolean }): string {
  const parts: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let col = 0;
    while (col < modules.size) {
      if (!modules.get(row, col)) {
        col++;
        continue;
      }
      const start = col;
      while (col < modules.size && modules.get(row, col)) col++;
      parts.push(`M${start} ${row}h${col - start}v1h${start - col}z`);
    }
  }
  return parts.join("");
}

/**
 * `text` with every character the font cannot encode replaced: an accented letter by its base letter when
 * that one is encodable ('ő' → 'o'), anything else by '?'; control characters and line breaks become spaces.
 * With an empty charset only the control characters are replaced (document metadata takes any Unicode).
 */
export function winAnsiSafe(text: string, charset: Set<number>): string {
  let out = "";
  for (const ch of text.normalize("NFC")) {
    const cp = ch.codePointAt(0)!;
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp === 0x2028 || cp === 0x2029) out += " ";
    else if (charset.size === 0 || charset.has(cp)) out += ch;
    else {
      const base = ch.normalize("NFKD").codePointAt(0)!;
      out += base < 0x80 && charset.has(base) && /[A-Za-z0-9]/.test(String.fromCodePoint(base)) ? String.fromCodePoint(base) : "?";
    }
  }
  return out.replace(/\s+/g, " ").trim();
}

/** `text`, cut with an ellipsis where it would be wider than `maxWidth` at `size`. */
function fit(text: string, font: PDFFont, size: number, maxWidth: number): string {
  if (font.widthOfTextAtSize(text, size) <= maxWidth) return text;
  const chars = [...text];
  let lo = 0;
  let hi = chars.length;
  // The longest prefix that fits with the ellipsis: width grows with length, so a binary search finds it.
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (font.widthOfTextAtSize(chars.slice(0, mid).join("").trimEnd() + ELLIPSIS, size) <= maxWidth) lo = mid;
    else hi = mid - 1;
  }
  return chars.slice(0, lo).join("").trimEnd() + ELLIPSIS;
}

/** An ASCII-only file name for Content-Disposition: `label-front-letters.pdf`, or the fallback for a name with no ASCII letters. */
export function labelFileName(prefix: string, name: string, fallback: string): string {
  const slug =
    name
      .normalize("NFKD")
      .replace(/[^A-Za-z0-9]+/g, "-")
      .replace(/^-|-$/g, "")
      .toLowerCase()
      .slice(0, 60)
      .replace(/-$/, "") || fallback;
  return `${prefix}-${slug}.pdf`;
}
