// ZPL II for a 2 in × 2 in label: the item's QR code above the item, project and material, laid out for the
// printer's resolution (docs/decisions/0026-shop-address-and-labels.md).
//
// - The QR code is drawn as a graphic (^GFA) from the same symbol the PDF label prints, not with ^BQ: ^BQ stops at
//   10 dots a module (under half a 300 dpi label) and picks its own version, so neither its size nor its quiet zone
//   could be promised. The symbol takes about 60 % of the label's width with 4 modules of white around it, and no
//   payload text reaches the printer, so no address can smuggle a command into it.
// - Text is measured and cut here: the name wraps to at most 2 lines, project and material take 1 each, and what
//   does not fit ends in '…'. A printer does not cut a field block (^FB) that is too long: it prints the extra words
//   on top of its last line. So each line is its own plain field, centred by its measured width, hex-escaped (^FH)
//   so that a '^' or '~' in a name cannot end the field or start a command.

export type ZplLabel = { payload: string; itemName: string; projectName: string; material: string };
export type Dpi = 203 | 300;

/** A QR symbol's modules (the `modules` of qrcode's `QRCode.create`). */
export type QrModules = { size: number; get(row: number, col: number): number | boolean };

/** Where a part of the label is printed, in dots from the top left corner. */
export type LabelBox = { x: number; y: number; width: number; height: number };
export type LabelLayout = {
  size: number;
  qr: LabelBox & { moduleDots: number; modules: number };
  /** Text stays between these two x positions (the side margins). */
  textLeft: number;
  textRight: number;
  /** One per printed line, top to bottom: where its field starts, its character height and the text as printed. */
  lines: { x: number; y: number; height: number; text: string; field: "itemName" | "projectName" | "material" }[];
};

export const ELLIPSIS = "…";
/** ISO/IEC 18004: at least 4 modules of white around the symbol. */
export const QUIET_ZONE_MODULES = 4;
/** The share of the label's width the symbol aims for. */
const QR_SHARE = 0.6;

/**
 * Per resolution, in dots: the label's side, the side margin, the name's and the other lines' character height and
 * line pitch, and the white left under the last line. 22 dots at 203 dpi is a 2.75 mm character cell. A pitch of
 * 1.25 character heights leaves room for an accent above a capital ('É' rises a quarter of the height above its
 * field) without touching the line above.
 */
const GEOMETRY: Record<Dpi, { size: number; side: number; name: number; namePitch: number; small: number; smallPitch: number; bottom: number }> = {
  203: { size: 406, side: 12, name: 22, namePitch: 28, small: 16, smallPitch: 20, bottom: 3 },
  300: { size: 600, side: 18, name: 32, namePitch: 40, small: 24, smallPitch: 30, bottom: 4 },
};
/** How far above its field position an accent on a capital reaches, as a share of the character height. */
export const ACCENT_RISE = 0.25;

// Advance widths of ZPL font 0 (a bold condensed sans) per character, in hundredths of the character height, as
// an independent renderer draws them; a printer's own copy of the font differs a little, hence the margin.
const WIDTHS: Record<string, number> = {
  " ": 25,
  "!": 33.3,
  '"': 33.3,
  "#": 50,
  $: 50,
  "%": 83.3,
  "&": 66.7,
  "'": 25,
  "(": 33.3,
  ")": 33.3,
  "*": 50,
  "+": 50,
  ",": 33.3,
  "-": 80,
  ".": 33.3,
  "/": 27.8,
  ":": 27.8,
  ";": 27.8,
  "<": 50,
  "=": 50,
  ">": 50,
  "?": 50,
  "@": 83.3,
  "[": 33.3,
  "\\": 25,
  "]": 33.3,
  "^": 50,
  _: 50,
  "`": 33.3,
  "{": 33.3,
  "|": 25,
  "}": 33.3,
  "~": 50,
  "…": 125,
  A: 55.6,
  B: 55.6,
  C: 55.6,
  D: 61.1,
  E: 50,
  F: 50,
  G: 61.1,
  H: 61.1,
  I: 27.8,
  J: 44.4,
  K: 55.6,
  L: 50,
  M: 77.8,
  N: 61.1,
  O: 61.1,
  P: 55.6,
  Q: 61.1,
  R: 61.1,
  S: 55.6,
  T: 50,
  U: 61.1,
  V: 55.6,
  W: 83.3,
  X: 55.6,
  Y: 55.6,
  Z: 50,
  a: 50,
  b: 50,
  c: 44.4,
  d: 50,
  e: 50,
  f: 27.8,
  g: 50,
  h: 50,
  i: 27.8,
  j: 27.8,
  k: 44.4,
  l: 27.8,
  m: 77.8,
  n: 50,
  o: 50,
  p: 50,
  q: 50,
  r: 33.3,
  s: 44.4,
  t: 27.8,
  u: 50,
  v: 44.4,
  w: 66.7,
  x: 44.4,
  y: 44.4,
  z: 38.9,
};
const DIGIT_WIDTH = 50;
/** Anything else (another script, a symbol): as wide as the widest Latin letter and a bit. */
const OTHER_WIDTH = 100;
const WIDTH_MARGIN = 1.1;

function charWidth(ch: string): number {
  const known = WIDTHS[ch];
  if (known !== undefined) return known;
  if (ch >= "0" && ch <= "9") return DIGIT_WIDTH;
  // An accented letter is as wide as its base letter ('é' → 'e').
  const base = ch.normalize("NFKD")[0];
  if (base && base !== ch && WIDTHS[base] !== undefined) return WIDTHS[base]!;
  return OTHER_WIDTH;
}

/** How wide `text` prints in font 0 at `height` dots, erring on the wide side. */
export function textWidth(text: string, height: number): number {
  let w = 0;
  for (const ch of text) w += charWidth(ch);
  return (w * height * WIDTH_MARGIN) / 100;
}

/** Printable text: control characters and line breaks become spaces, runs of spaces one. */
export function cleanText(text: string): string {
  return text
    .normalize("NFC")
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The longest start of `text` that fits `maxWidth` with '…' after it. */
function cutWithEllipsis(text: string, height: number, maxWidth: number): string {
  const chars = [...text];
  let n = chars.length;
  while (n > 0 && textWidth(chars.slice(0, n).join("").trimEnd() + ELLIPSIS, height) > maxWidth) n--;
  return chars.slice(0, n).join("").trimEnd() + ELLIPSIS;
}

/**
 * `text` in at most `maxLines` lines of `maxWidth`: broken between words (a word longer than a line is broken
 * inside), and the last line ends in '…' when something is left over.
 */
export function wrapText(text: string, height: number, maxWidth: number, maxLines: number): string[] {
  const clean = cleanText(text);
  if (!clean) return [];
  const lines: string[] = [];
  let rest = clean;
  while (rest && lines.length < maxLines) {
    if (textWidth(rest, height) <= maxWidth) {
      lines.push(rest);
      rest = "";
      break;
    }
    if (lines.length === maxLines - 1) {
      lines.push(cutWithEllipsis(rest, height, maxWidth));
      rest = "";
      break;
    }
    // The most whole words that fit; else as many characters as fit.
    const words = rest.split(" ");
    let take = 0;
    while (take < words.length && textWidth(words.slice(0, take + 1).join(" "), height) <= maxWidth) take++;
    if (take > 0) {
      lines.push(words.slice(0, take).join(" "));
      rest = words.slice(take).join(" ");
    } else {
      const chars = [...rest];
      let n = 1;
      while (n < chars.length && textWidth(chars.slice(0, n + 1).join(""), height) <= maxWidth) n++;
      lines.push(chars.slice(0, n).join(""));
      rest = chars.slice(n).join("").trimStart();
    }
  }
  return lines;
}

/** Field data with ZPL's command prefixes (and the escape character itself) written as _hh, for ^FH_. */
export function zplText(text: string): string {
  return text.replace(/[\^~_\\]/g, (c) => `_${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`);
}

/** Where everything goes on one label at `dpi`, for a QR symbol of `modules` × `modules`. */
export function labelLayout(label: Omit<ZplLabel, "payload">, dpi: Dpi, modules: number): LabelLayout {
  const g = GEOMETRY[dpi];
  const textTop = g.size - g.bottom - 2 * g.namePitch - 2 * g.smallPitch;
  // As close to 60 % of the width as whole dots allow, with its quiet zone above the text (and its accents).
  const room = textTop - Math.ceil(ACCENT_RISE * g.name);
  const moduleDots = Math.max(1, Math.min(Math.round((QR_SHARE * g.size) / modules), Math.floor(room / (modules + 2 * QUIET_ZONE_MODULES))));
  const side = modules * moduleDots;
  const qr = { x: Math.round((g.size - side) / 2), y: QUIET_ZONE_MODULES * moduleDots, width: side, height: side, moduleDots, modules };
  const width = g.size - 2 * g.side;
  const lines: LabelLayout["lines"] = [];
  const add = (field: LabelLayout["lines"][number]["field"], texts: string[], top: number, height: number, pitch: number) =>
    texts.forEach((text, i) => {
      // Centred by the measured width (without its safety margin): a plain field, not a field block, because a
      // field block reads a backslash and '&' in a name as a line break, and renderers disagree on its escape.
      const x = Math.max(g.side, Math.round((g.size - textWidth(text, height) / WIDTH_MARGIN) / 2));
      lines.push({ field, text, x, y: top + i * pitch, height });
    });
  add("itemName", wrapText(label.itemName, g.name, width, 2), textTop, g.name, g.namePitch);
  add("projectName", wrapText(label.projectName, g.small, width, 1), textTop + 2 * g.namePitch, g.small, g.smallPitch);
  add("material", wrapText(label.material, g.small, width, 1), textTop + 2 * g.namePitch + g.smallPitch, g.small, g.smallPitch);
  return { size: g.size, qr, textLeft: g.side, textRight: g.size - g.side, lines };
}

/**
 * The symbol as a ^GFA graphic field, `moduleDots` dots a module, in ZPL's ASCII compression: a run of one hex digit
 * is a count letter and the digit, a row's trailing zeros are ',', and a row equal to the one above is ':' (each
 * module row repeats `moduleDots` times), so a label's code is about 1–2 KB instead of 15–30.
 */
export function qrGraphic(qr: QrModules, moduleDots: number): string {
  const dots = qr.size * moduleDots;
  const bytesPerRow = Math.ceil(dots / 8);
  const rows: string[] = [];
  let previous: string | null = null;
  for (let row = 0; row < qr.size; row++) {
    const bits = new Uint8Array(bytesPerRow);
    for (let col = 0; col < qr.size; col++) {
      if (!qr.get(row, col)) continue;
      for (let d = col * moduleDots; d < (col + 1) * moduleDots; d++) bits[d >> 3]! |= 0x80 >> (d & 7);
    }
    const hex = [...bits].map((b) => b.toString(16).toUpperCase().padStart(2, "0")).join("");
    for (let i = 0; i < moduleDots; i++) {
      rows.push(hex === previous ? ":" : compressRow(hex));
      previous = hex;
    }
  }
  const total = bytesPerRow * dots;
  return `^GFA,${total},${total},${bytesPerRow},${rows.join("")}`;
}

// Repeat counts: G–Y are 1–19, g–z are 20–400 in steps of 20 (ZPL II ASCII compression).
function repeatCode(n: number): string {
  let out = "";
  while (n >= 400) {
    out += "z";
    n -= 400;
  }
  if (n >= 20) {
    out += String.fromCharCode("g".charCodeAt(0) + Math.floor(n / 20) - 1);
    n %= 20;
  }
  if (n > 0) out += String.fromCharCode("G".charCodeAt(0) + n - 1);
  return out;
}

function compressRow(hex: string): string {
  const trimmed = hex.replace(/0+$/, "");
  let out = "";
  for (let i = 0; i < trimmed.length; ) {
    let j = i;
    while (j < trimmed.length && trimmed[j] === trimmed[i]) j++;
    const n = j - i;
    out += (n > 1 ? repeatCode(n) : "") + trimmed[i];
    i = j;
  }
  return trimmed.length < hex.length ? `${out},` : out;
}

/** One label, ^XA … ^XZ, for a printer of `dpi` dots per inch (a 2 in label is 406 or 600 dots). */
export function labelZpl(label: ZplLabel, dpi: Dpi, qr: QrModules): string {
  const layout = labelLayout(label, dpi, qr.size);
  const out = [
    "^XA",
    "^CI28", // UTF-8 text
    `^PW${layout.size}`,
    `^LL${layout.size}`,
    "^LH0,0",
    `^FO${layout.qr.x},${layout.qr.y}${qrGraphic(qr, layout.qr.moduleDots)}^FS`,
  ];
  for (const line of layout.lines) {
    out.push(`^FO${line.x},${line.y}^A0N,${line.height},${line.height}^FH_^FD${zplText(line.text)}^FS`);
  }
  out.push("^XZ");
  return out.join("\n") + "\n";
}

/** The symbol of a label's payload: the same one the PDF label prints (qrcode, error correction M). */
export async function qrModules(payload: string): Promise<QrModules> {
  // Loaded on the first label, not at start (qrcode is ~15 ms of module evaluation).
  const { default: QRCode } = await import("qrcode");
  return QRCode.create(payload, { errorCorrectionLevel: "M" }).modules;
}

/** Every label's ZPL, one ^XA … ^XZ each. */
export async function labelsZpl(labels: ZplLabel[], dpi: Dpi): Promise<string> {
  const out: string[] = [];
  for (const label of labels) out.push(labelZpl(label, dpi, await qrModules(label.payload)));
  return out.join("");
}
