import QRCode from "qrcode";
import { getEnv } from "./env.server";

// Spec §9: QR image 200 px wide, margin 2, black on white.
const OPTIONS = { width: 200, margin: 2, color: { dark: "#000000", light: "#ffffff" } };

/** What an item's QR code encodes: `{PUBLIC_URL}/qr/{itemId}`, or this server's own origin without PUBLIC_URL. */
export function itemQrUrl(request: Request, itemId: number): string {
  const base = getEnv().PUBLIC_URL ?? new URL(request.url).origin;
  return `${base}/qr/${itemId}`;
}

export async function qrImages(payload: string) {
  const [svg, png] = await Promise.all([
    QRCode.toString(payload, { ...OPTIONS, type: "svg" }),
    QRCode.toDataURL(payload, OPTIONS),
  ]);
  return { svg, png };
}
