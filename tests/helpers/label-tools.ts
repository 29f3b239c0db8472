import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { inflateSync } from "node:zlib";
import { tmpdir } from "node:os";
import path from "node:path";

// Independent checks of the label PDFs: qpdf (structure), poppler's pdftoppm (rasterise as a printer would) and
// zbar (decode the QR code). `npm test` installs them (scripts/test.ts); a missing tool fails the test, never skips it.
export const LABEL_TOOLS_HINT = "apt-get install -y --no-install-recommends zbar-tools qpdf poppler-utils";

function tool(name: string): string {
  const found = Bun.which(name);
  if (!found) throw new Error(`${name} is not installed; run: ${LABEL_TOOLS_HINT}`);
  return found;
}

function run(cmd: string[]) {
  const r = Bun.spawnSync(cmd, { stdout: "pipe", stderr: "pipe" });
  return { code: r.exitCode, out: r.stdout.toString(), err: r.stderr.toString() };
}

function withTempDir<T>(fn: (dir: string) => T): T {
  const dir = mkdtempSync(path.join(tmpdir(), "shopflow-labels-"));
  try {
    return fn(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** `qpdf --check` on the bytes: exit 0 (2 is errors, 3 warnings) and its report. */
export function qpdfCheck(pdf: Uint8Array): { code: number; out: string } {
  return withTempDir((dir) => {
    const file = path.join(dir, "in.pdf");
    writeFileSync(file, pdf);
    const r = run([tool("qpdf"), "--check", file]);
    return { code: r.code, out: r.out + r.err };
  });
}

/** Every page rasterised at 300 dpi (`pdftoppm -r 300 -png`) and decoded with `zbarimg --raw -q`: one entry per page, the symbols it holds. */
export function decodePdfPages(pdf: Uint8Array): string[][] {
  const pdftoppm = tool("pdftoppm");
  const zbarimg = tool("zbarimg");
  return withTempDir((dir) => {
    const file = path.join(dir, "in.pdf");
    writeFileSync(file, pdf);
    const r = run([pdftoppm, "-r", "300", "-png", file, path.join(dir, "page")]);
    if (r.code !== 0) throw new Error(`pdftoppm failed (${r.code}): ${r.err}`);
    // page-1.png … page-N.png, zero-padded to the width of N: sorted by their number.
    const pages = readdirSync(dir)
      .filter((f) => /^page-\d+\.png$/.test(f))
      .sort((a, b) => Number(a.match(/\d+/)![0]) - Number(b.match(/\d+/)![0]));
    return pages.map((png) => decodeImageFile(zbarimg, path.join(dir, png)));
  });
}

/** The symbols zbarimg finds in an image (PNG bytes). */
export function decodePng(png: Uint8Array): string[] {
  const zbarimg = tool("zbarimg");
  return withTempDir((dir) => {
    const file = path.join(dir, "in.png");
    writeFileSync(file, png);
    return decodeImageFile(zbarimg, file);
  });
}

function decodeImageFile(zbarimg: string, file: string): string[] {
  const r = run([zbarimg, "--raw", "-q", file]);
  // 0: found; 4: no symbol found (an empty result, which the caller's assertion reports).
  if (r.code !== 0 && r.code !== 4) throw new Error(`zbarimg failed (${r.code}): ${r.err}`);
  return r.out.split("\n").filter((line) => line !== "");
}

/**
 * Where each label sits: per page, the lower left corner (in points) of every 144 × 144 label square, read from
 * the content streams as qpdf writes them out uncompressed (`qpdf --qdf`). Independent of pdf-lib's reader.
 */
export function labelSquares(pdf: Uint8Array): { x: number; y: number }[][] {
  return withTempDir((dir) => {
    const file = path.join(dir, "in.pdf");
    const out = path.join(dir, "qdf.pdf");
    writeFileSync(file, pdf);
    const r = run([tool("qpdf"), "--qdf", "--object-streams=disable", file, out]);
    if (r.code !== 0 && r.code !== 3) throw new Error(`qpdf --qdf failed (${r.code}): ${r.err}`);
    const text = readFileSync(out, "latin1");
    return text
      .split(/%% Contents for page \d+/)
      .slice(1)
      .map((page) =>
        [...page.split("endstream")[0]!.matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\n1 0 0 1 0 0 cm\n1 0 0 1 0 0 cm\n0 0 m\n0 144 l\n144 144 l\n144 0 l/g)].map(
          (m) => ({
            x: Math.round(Number(m[1]) * 100) / 100,
            y: Math.round(Number(m[2]) * 100) / 100,
          }),
        ),
      );
  });
}

// ZPL labels are checked with an independent renderer, zpl-renderer-js (zebrash compiled to WebAssembly, inlined in
// the package: it needs no network, no canvas and no install step). It is ~9 MB of JavaScript: loaded on first use.
type ZplApi = { zplToBase64Async(zpl: string, widthMm?: number, heightMm?: number, dpmm?: number): Promise<string> };
let zplApi: Promise<ZplApi> | null = null;

/** One ^XA…^XZ label rendered as a printer of `dpi` would print it, `size` × `size` dots, as PNG bytes. */
export async function renderZpl(zpl: string, size: number, dpi: 203 | 300): Promise<Uint8Array> {
  zplApi ??= import("zpl-renderer-js").then((m) => m.ready).then((r) => r.api as ZplApi);
  const api = await zplApi;
  const dpmm = dpi === 300 ? 12 : 8;
  return Buffer.from(await api.zplToBase64Async(zpl, size / dpmm, size / dpmm, dpmm), "base64");
}

export type Gray = { width: number; height: number; dark(x: number, y: number): boolean };

/** A PNG's pixels as dark or light (8-bit gray, gray+alpha, RGB or RGBA, as encoders write them for labels). */
export function readPng(png: Uint8Array): Gray {
  const bytes = Buffer.from(png);
  if (bytes.readUInt32BE(0) !== 0x89504e47) throw new Error("not a PNG");
  let at = 8;
  let width = 0;
  let height = 0;
  let depth = 0;
  let type = 0;
  const idat: Buffer[] = [];
  while (at < bytes.length) {
    const length = bytes.readUInt32BE(at);
    const kind = bytes.toString("latin1", at + 4, at + 8);
    const data = bytes.subarray(at + 8, at + 8 + length);
    if (kind === "IHDR") {
      width = data.readUInt32BE(0);
      height = data.readUInt32BE(4);
      depth = data[8]!;
      type = data[9]!;
      if (data[12] !== 0) throw new Error("interlaced PNG not supported");
    } else if (kind === "IDAT") idat.push(data);
    at += 12 + length;
  }
  const channels = { 0: 1, 2: 3, 4: 2, 6: 4 }[type];
  if (depth !== 8 || !channels) throw new Error(`PNG colour type ${type} at depth ${depth} not supported`);
  const raw = inflateSync(Buffer.concat(idat));
  const stride = width * channels;
  const pixels = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    const line = raw.subarray(y * (stride + 1) + 1, (y + 1) * (stride + 1));
    for (let i = 0; i < stride; i++) {
      const a = i >= channels ? pixels[y * stride + i - channels]! : 0;
      const b = y > 0 ? pixels[(y - 1) * stride + i]! : 0;
      const c = i >= channels && y > 0 ? pixels[(y - 1) * stride + i - channels]! : 0;
      const p = a + b - c;
      const pa = Math.abs(p - a);
      const pb = Math.abs(p - b);
      const pc = Math.abs(p - c);
      const predictor = [0, a, b, (a + b) >> 1, pa <= pb && pa <= pc ? a : pb <= pc ? b : c][filter]!;
      pixels[y * stride + i] = (line[i]! + predictor) & 0xff;
    }
  }
  return { width, height, dark: (x, y) => pixels[y * stride + x * channels]! < 128 };
}
