// The shop's logo on the customer status page: a PNG, JPEG or WebP picture, told by its first bytes (a file
// renamed .png is what its bytes say), and small enough for a phone on a slow connection.

export const LOGO_MAX_BYTES = 512 * 1024;
export const LOGO_TYPES = { png: "image/png", jpg: "image/jpeg", webp: "image/webp" } as const;
export type LogoExtension = keyof typeof LOGO_TYPES;

const startsWith = (bytes: Uint8Array, magic: number[], at = 0) => magic.every((b, i) => bytes[at + i] === b);

/** The picture format of a file's first 16 bytes, or null when it is none of the three. */
export function logoKind(bytes: Uint8Array): LogoExtension | null {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "jpg";
  if (startsWith(bytes, [0x52, 0x49, 0x46, 0x46]) && startsWith(bytes, [0x57, 0x45, 0x42, 0x50], 8)) return "webp";
  return null;
}
