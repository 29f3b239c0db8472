import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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
        [...page.split("endstream")[0]!.matchAll(/1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\n1 0 0 1 0 0 cm\n1 0 0 1 0 0 cm\n0 0 m\n0 144 l\n144 144 l\n144 0 l/g)].map((m) => ({
          x: Math.round(Number(m[1]) * 100) / 100,
          y: Math.round(Number(m[2]) * 100) / 100,
        })),
      );
  });
}
