import { describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { drizzle } from "drizzle-orm/bun-sqlite";
import * as schema from "../../db/schema";
import { migrate } from "../../db/migrate";
import { seedDemo } from "../../db/seed/demo";
import { labelLayout, labelsZpl, ACCENT_RISE, QUIET_ZONE_MODULES, type Dpi, type ZplLabel } from "~/domain/zpl";
import { decodePng, readPng, renderZpl, type Gray } from "../helpers/label-tools";
import { sample, SOAK } from "../helpers/soak";

// Thermal labels (ZPL) rendered by an independent renderer (zpl-renderer-js) and read back with zbarimg: every
// label of the demo shop (three of them per commit, all under `npm run test:soak`), at both resolutions, keeps each line of text in its own box (nothing printed over
// anything else, nothing past the edge) and carries a QR code of about 60 % of the label's width, with 4 modules
// of white around it, that decodes to the item's address.

function demoLabels(base: string): ZplLabel[] {
  const sqlite = new Database(":memory:", { strict: true });
  sqlite.run("PRAGMA foreign_keys = ON");
  migrate(sqlite);
  seedDemo(drizzle({ client: sqlite, schema }), { hashPin: (p) => `h${p}`, adminName: "Administrator", now: new Date("2025-03-12T15:30:00Z") });
  const rows = sqlite
    .query<{ id: number; name: string; project: string; material: string }, []>(
      "SELECT i.id, i.name, p.name AS project, i.material FROM items i JOIN projects p ON p.id = i.project_id ORDER BY i.id",
    )
    .all();
  sqlite.close();
  return rows.map((r) => ({ payload: `${base}${r.id}`, itemName: r.name, projectName: r.project, material: r.material }));
}

/** The dark pixels of `img` that are outside every box, as 'x,y' (at most a few, for the failure message). */
function strayInk(img: Gray, boxes: { x0: number; y0: number; x1: number; y1: number }[]): string[] {
  const out: string[] = [];
  for (let y = 0; y < img.height; y++) {
    for (let x = 0; x < img.width; x++) {
      if (!img.dark(x, y)) continue;
      if (boxes.some((b) => x >= b.x0 && x < b.x1 && y >= b.y0 && y < b.y1)) continue;
      out.push(`${x},${y}`);
      if (out.length >= 5) return out;
    }
  }
  return out;
}

function inkBounds(img: Gray, area: { x0: number; y0: number; x1: number; y1: number }) {
  let x0 = Infinity;
  let y0 = Infinity;
  let x1 = -1;
  let y1 = -1;
  for (let y = Math.max(0, area.y0); y < Math.min(img.height, area.y1); y++) {
    for (let x = Math.max(0, area.x0); x < Math.min(img.width, area.x1); x++) {
      if (!img.dark(x, y)) continue;
      x0 = Math.min(x0, x);
      y0 = Math.min(y0, y);
      x1 = Math.max(x1, x + 1);
      y1 = Math.max(y1, y + 1);
    }
  }
  return { x0, y0, x1, y1 };
}

/** Checks one rendered label against where its parts may print; returns what is wrong, in words. */
async function problems(label: ZplLabel, zpl: string, dpi: Dpi, modules: number): Promise<string[]> {
  const layout = labelLayout(label, dpi, modules);
  const png = await renderZpl(zpl, layout.size, dpi);
  const img = readPng(png);
  const out: string[] = [];
  const { qr } = layout;
  const quiet = QUIET_ZONE_MODULES * qr.moduleDots;
  // Each line's box: its field's cell, an accent's rise above it; boxes of neighbouring lines must not meet.
  const lineBoxes = layout.lines.map((l) => ({ x0: layout.textLeft, x1: layout.textRight, y0: l.y - Math.ceil(ACCENT_RISE * l.height), y1: l.y + l.height }));
  for (let i = 1; i < lineBoxes.length; i++) if (lineBoxes[i]!.y0 < lineBoxes[i - 1]!.y1) out.push(`line ${i + 1}'s box overlaps line ${i}'s`);
  const qrBox = { x0: qr.x, y0: qr.y, x1: qr.x + qr.width, y1: qr.y + qr.height };
  const stray = strayInk(img, [qrBox, ...lineBoxes]);
  if (stray.length) out.push(`ink outside its box at ${stray.join(" ")}`);
  // The quiet zone: inside the label, and no box of text reaches into it.
  if (qr.y - quiet < 0 || qr.x - quiet < 0 || qr.x + qr.width + quiet > layout.size) out.push("the quiet zone leaves the label");
  if (lineBoxes.some((b) => b.y0 < qr.y + qr.height + quiet)) out.push("text reaches into the quiet zone");
  // The symbol as printed: about 60 % of the width, square.
  const ink = inkBounds(img, { x0: qr.x - quiet, y0: qr.y - quiet, x1: qr.x + qr.width + quiet, y1: qr.y + qr.height + quiet });
  const share = (ink.x1 - ink.x0) / layout.size;
  if (share < 0.55 || share > 0.65) out.push(`QR is ${(share * 100).toFixed(0)} % of the label's width`);
  if (ink.x1 - ink.x0 !== ink.y1 - ink.y0) out.push(`QR is ${ink.x1 - ink.x0} × ${ink.y1 - ink.y0} dots`);
  const decoded = decodePng(png);
  if (decoded.length !== 1 || decoded[0] !== label.payload) out.push(`QR decodes to ${JSON.stringify(decoded)}`);
  // What is printed is what the layout says: whole, or cut with '…' (never a silent cut).
  const name = label.itemName.replace(/\s+/g, " ").trim();
  const printedName = layout.lines.filter((l) => l.field === "itemName").map((l) => l.text);
  if (printedName.length > 2) out.push("the name takes more than 2 lines");
  const joined = printedName.join(" ");
  if (joined !== name && !joined.endsWith("…")) out.push(`the name "${name}" is printed as "${joined}" without '…'`);
  return out;
}

const BASE = "http://192.168.100.200:3000/qr/";

describe("ZPL labels in an independent renderer", () => {
  const labels = demoLabels(BASE);

  test("a name too long for two lines wraps between words and ends in '…'; project and material take one line each", async () => {
    expect(labels.length).toBeGreaterThanOrEqual(100);
    const label: ZplLabel = {
      payload: `${BASE}123456`,
      itemName: "Illuminated Monument Sign Double Sided With Stone Veneer Base And Programmable LED Message Centre",
      projectName: "Riverside Dental Storefront Channel Letters And Full Interior Wayfinding Package",
      material: "3/16 in. Clear Acrylic With Second-Surface Digital Print And White Backer",
    };
    for (const dpi of [203, 300] as const) {
      const layout = labelLayout(label, dpi, 29);
      const name = layout.lines.filter((l) => l.field === "itemName").map((l) => l.text);
      expect(name).toHaveLength(2);
      expect(name[0]).toStartWith("Illuminated Monument Sign");
      expect(name[1]).toEndWith("…");
      expect(layout.lines.filter((l) => l.field === "projectName").map((l) => l.text.at(-1))).toEqual(["…"]);
      expect(layout.lines.filter((l) => l.field === "material").map((l) => l.text.at(-1))).toEqual(["…"]);
      const { default: QRCode } = await import("qrcode");
      expect(await problems(label, await labelsZpl([label], dpi), dpi, QRCode.create(label.payload, { errorCorrectionLevel: "M" }).modules.size)).toEqual([]);
    }
  });

  for (const dpi of [203, 300] as const) {
    test(`${SOAK ? "every demo label" : "three demo labels"} at ${dpi} dpi: text in its boxes, QR ~60 % wide with its quiet zone, decodes to the item's address`, async () => {
      const failures: string[] = [];
      // The first, a middle and the last per commit; all of them under `npm run test:soak`.
      for (const label of sample(labels, 3)) {
        const zpl = await labelsZpl([label], dpi);
        const { default: QRCode } = await import("qrcode");
        const modules = QRCode.create(label.payload, { errorCorrectionLevel: "M" }).modules.size;
        const wrong = await problems(label, zpl, dpi, modules);
        if (wrong.length) failures.push(`${label.itemName} (${label.payload}): ${wrong.join("; ")}`);
      }
      expect(failures).toEqual([]);
    }, 600_000);
  }

  test("hostile text and a hostile address: one label, no command from the data, the QR reads back exactly", async () => {
    const label: ZplLabel = {
      payload: "http://evil~JA^XZ^XA_5E\\&:3000/qr/7",
      itemName: "^XA^FO0,0^GB406,406,406^FS~JA \\&\\\\ _5E Ünïcødé Élan 日本",
      projectName: "~HS^XZ",
      material: "Vinyl\r\n^XZ",
    };
    for (const dpi of [203, 300] as const) {
      const zpl = await labelsZpl([label], dpi);
      expect(zpl.match(/\^XA/g)).toHaveLength(1);
      expect(zpl.match(/\^XZ/g)).toHaveLength(1);
      expect(zpl).not.toContain("~");
      // Every command is one the builder writes.
      const commands = [...zpl.matchAll(/\^([A-Z@][A-Z0-9@])/g)].map((m) => m[1]);
      expect(new Set(commands)).toEqual(new Set(["XA", "CI", "PW", "LL", "LH", "FO", "GF", "FS", "A0", "FH", "FD", "XZ"]));
      const { default: QRCode } = await import("qrcode");
      const wrong = await problems(label, zpl, dpi, QRCode.create(label.payload, { errorCorrectionLevel: "M" }).modules.size);
      expect(wrong).toEqual([]);
    }
  });
});
