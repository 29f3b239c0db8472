import { processState } from "~/infra/process-state.server";
import { createHash } from "node:crypto";

// docs/product.md §9: QR image 200 px wide, margin 2, black on white.
const OPTIONS = { width: 200, margin: 2, color: { dark: "#000000", light: "#ffffff" } };

// What a label encodes (`{shop address}/qr/{id}`) is decided in services/shop-address.server.ts.

export type QrFormat = "png" | "svg";
export type QrImage = { body: Uint8Array<ArrayBuffer> | string; contentType: string; etag: string };

// Encoding a PNG costs milliseconds of CPU (qrcode + pngjs + deflate); a label is looked at, downloaded and
// printed again and again, and its image only changes with its payload. The most recently used images are
// kept (a 200 px PNG is about 1 KB, the SVG about 3 KB), as promises so that concurrent first requests for one
// label encode it once.
export const QR_CACHE_SIZE = 500;
const images = () => processState.qrImages;

async function render(payload: string, format: QrFormat): Promise<QrImage> {
  // Loaded on the first image rather than at start (qrcode with pngjs is ~15 ms of module evaluation).
  const { default: QRCode } = await import("qrcode");
  const body =
    format === "png"
      ? new Uint8Array(await QRCode.toBuffer(payload, { ...OPTIONS, type: "png" }))
      : await QRCode.toString(payload, { ...OPTIONS, type: "svg" });
  // From the bytes, so a change of the encoder or its options can never be hidden behind an old ETag.
  const etag = `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`;
  return { body, contentType: format === "png" ? "image/png" : "image/svg+xml; charset=utf-8", etag };
}

/** The QR image of `payload`, encoded on first use and then served from a small in-memory LRU cache. */
export function qrImage(payload: string, format: QrFormat): Promise<QrImage> {
  const key = `${format}\n${payload}`;
  const cache = images();
  const hit = cache.get(key);
  if (hit) {
    // Map keeps insertion order: re-inserting marks the entry as the most recently used.
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const made = render(payload, format);
  cache.set(key, made);
  made.catch(() => cache.delete(key));
  if (cache.size > QR_CACHE_SIZE) cache.delete(cache.keys().next().value!);
  return made;
}

/** How many images the cache holds (tests). */
export const qrCacheSize = () => images().size;

/** Tests that count encodings start with no image kept. */
export const clearQrCacheForTests = () => images().clear();
