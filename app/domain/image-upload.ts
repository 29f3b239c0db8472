import { t } from "@lingui/core/macro";

// Browser-safe: what the QR Timer's 'Upload QR image' says about a file that is not a picture. The file picker asks
// for images, but 'All files' is one click away, and a label's PDF is the file people have at hand.

type UploadedFile = { name: string; type: string; slice(start: number, end: number): { arrayBuffer(): Promise<ArrayBuffer> } };

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

/** The first bytes of the picture formats a browser decodes: PNG, JPEG, GIF, WebP, BMP, AVIF/HEIC (ftyp). */
function looksLikeImage(bytes: Uint8Array): boolean {
  return (
    startsWith(bytes, [0x89, 0x50, 0x4e, 0x47]) ||
    startsWith(bytes, [0xff, 0xd8, 0xff]) ||
    startsWith(bytes, [0x47, 0x49, 0x46, 0x38]) ||
    (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) ||
    startsWith(bytes, [0x42, 0x4d]) ||
    startsWith(bytes, [0x66, 0x74, 0x79, 0x70], 4)
  );
}

/**
 * Why `file` cannot be read for a QR code, in words for the person who chose it, or null when it is a picture.
 * The bytes decide (a PDF renamed .png is still a PDF); the name and type only when the bytes say nothing.
 */
export async function notAnImageMessage(file: UploadedFile): Promise<string | null> {
  const bytes = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const name = file.name ? `“${file.name}”` : t`This file`;
  if (startsWith(bytes, [0x25, 0x50, 0x44, 0x46, 0x2d]) || (bytes.length === 0 && /\.pdf$/i.test(file.name))) {
    return t`${name} is a PDF, not an image. Upload a photo or screenshot of the label (JPEG or PNG), or scan the printed label.`;
  }
  if (looksLikeImage(bytes) || file.type.startsWith("image/")) return null;
  return t`${name} is not an image. Upload a photo or screenshot of the label (JPEG or PNG), or scan the printed label.`;
}
