// Shared by browser and server: office sheets of 2 in × 2 in labels, for the PDF
// (label-pdf.server.ts), its route's checks and the project page's form. PDF points are 1/72 in.

import { t } from "@lingui/core/macro";

export const LABEL_SIZE_PT = 144;
const MM = 72 / 25.4;
/** Office printers leave an edge of about 4–5 mm unprinted: no label comes closer to a sheet's edge than this. */
export const MIN_SHEET_MARGIN_PT = 5 * MM;

/**
 * Labels are centred on the page, edge to edge. US Letter takes 4 across and 5 down (6.4 mm and 12.7 mm to the
 * edges). A4 is 210 mm wide: 4 labels (203.2 mm) would leave 3.4 mm a side, inside the unprinted edge, so it takes
 * 3 across (about 28.6 mm a side) and 5 down (21.5 mm).
 */
export const SHEETS = {
  letter: { name: "US Letter", width: 612, height: 792, cols: 4, rows: 5 },
  a4: { name: "A4", width: 595.28, height: 841.89, cols: 3, rows: 5 },
} as const;
export type Paper = keyof typeof SHEETS;
export const PAPERS = Object.keys(SHEETS) as Paper[];

/** How many labels one sheet of `paper` holds: positions 1 (top left) to this, left to right, top to bottom. */
/** The paper's name as the reader's language says it ("US Letter" is "Carta (EE. UU.)" in Spanish). */
export function paperName(paper: Paper): string {
  return paper === "letter" ? t`US Letter` : SHEETS[paper].name;
}

export const sheetPositions = (paper: Paper) => SHEETS[paper].cols * SHEETS[paper].rows;
/** The most positions any paper has (the project page's list without JavaScript). */
export const MAX_SHEET_POSITIONS = Math.max(...PAPERS.map(sheetPositions));

/**
 * The left and top margins of a sheet, in whole points (A4 is off centre by under 0.3 mm): with A4's exact centre,
 * zbar, which the tests decode with, missed 2 of 15 codes rasterised at 300 dpi; on whole points, as Letter's
 * margins are anyway, it reads them all.
 */
export function sheetMargins(paper: Paper): { x: number; y: number } {
  const s = SHEETS[paper];
  return { x: Math.floor((s.width - s.cols * LABEL_SIZE_PT) / 2), y: Math.floor((s.height - s.rows * LABEL_SIZE_PT) / 2) };
}
