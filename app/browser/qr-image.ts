/** jsqr on an image: scaled down first, since a phone photo has 12 million pixels and a label needs far fewer. */
export async function decodeQrImage(source: ImageBitmap | HTMLVideoElement, width: number, height: number): Promise<string | null> {
  const { default: jsQR } = await import("jsqr");
  const scale = Math.min(1, 1280 / Math.max(width, height));
  const w = Math.max(1, Math.round(width * scale));
  const h = Math.max(1, Math.round(height * scale));
  const canvas = document.createElement("canvas");
  canvas.width = w;
  canvas.height = h;
  const ctx = canvas.getContext("2d", { willReadFrequently: true });
  if (!ctx) return null;
  ctx.drawImage(source, 0, 0, w, h);
  const found = jsQR(ctx.getImageData(0, 0, w, h).data, w, h, { inversionAttempts: "attemptBoth" });
  return found?.data ?? null;
}
