// Spec §5 'QR input' and PRODUCT.md 'Items, timers, QR': what a scanned or typed value on the QR Timer page
// means. Browser-safe: the page decides on a redirect before posting, the server decides again on the post.

export const QR_MESSAGES = {
  empty: "Invalid QR code - no item ID found",
  noIdInJson: "Invalid QR code format - no item ID found",
  notFound: "Item not found. Please check the QR code or item ID and try again.",
  failed: "Failed to process QR code data",
  noCodeInImage: "No QR code found in the uploaded image. Please ensure the QR code is clearly visible and try again.",
} as const;

/** Spec §9. */
export const SCANNER_AUTO_PROCESS_MS = 300;
export const QR_REDIRECT_DELAY_MS = 100;
export const LAST_SCANNED_MAX = 50;

export type QrInput =
  | { kind: "item"; id: string }
  | { kind: "redirect"; url: string }
  | { kind: "error"; message: (typeof QR_MESSAGES)[keyof typeof QR_MESSAGES] };

/**
 * `ownBases` are the label URL prefixes of this shop (`{PUBLIC_URL}/qr/` and this server's own origin + `/qr/`):
 * a label of this shop toggles in place so an operator can scan item after item; any other value with /qr/ in
 * it is somewhere else and is opened (spec: redirect after 100 ms).
 */
export function parseQrInput(raw: string, ownBases: readonly string[]): QrInput {
  const text = raw.trim();
  if (text === "") return { kind: "error", message: QR_MESSAGES.empty };
  if (text.includes("/qr/")) {
    const own = text.startsWith("/qr/") ? text : ownBases.find((base) => text.toLowerCase().startsWith(base.toLowerCase()));
    if (own !== undefined) {
      const rest = text.startsWith("/qr/") ? text.slice(4) : text.slice(own.length);
      // The id is the path segment after /qr/; a query or fragment a phone app appended is not part of it.
      const id = rest.split(/[/?#]/)[0] ?? "";
      return id === "" ? { kind: "error", message: QR_MESSAGES.empty } : { kind: "item", id: decodeSafe(id) };
    }
    return { kind: "redirect", url: text };
  }
  if (text.startsWith("{")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      parsed = undefined;
    }
    if (parsed !== undefined) {
      const id = parsed && typeof parsed === "object" ? (parsed as { id?: unknown }).id : undefined;
      if (typeof id === "number" || (typeof id === "string" && id.trim() !== "")) return { kind: "item", id: String(id).trim() };
      return { kind: "error", message: QR_MESSAGES.noIdInJson };
    }
  }
  return { kind: "item", id: text };
}

function decodeSafe(s: string) {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Spec §5: the scanner field processes by itself 300 ms after typing stops when the value looks like a scan. */
export const looksLikeScan = (value: string) => value.includes("/qr/") || value.includes("http") || value.length > 20;

/** Spec §9: the last scanned text is shown cut to 50 characters. */
export const lastScannedText = (value: string) => (value.length > LAST_SCANNED_MAX ? `${value.slice(0, LAST_SCANNED_MAX)}...` : value);

/** A redirect target the page may open: http(s) only, never javascript: or data: from a crafted label. */
export function safeScanUrl(url: string): string | null {
  try {
    const u = new URL(url);
    return u.protocol === "http:" || u.protocol === "https:" ? u.href : null;
  } catch {
    return null;
  }
}
