import { t } from "@lingui/core/macro";

// docs/product.md §5 'QR input' and docs/product.md, Decisions: Timers: what a scanned or typed value on the QR Timer page
// means. Browser-safe: the page decides on a redirect before posting, the server decides again on the post.

// Each read when it is said (a getter), in the language of the request or page.
export const QR_MESSAGES = {
  get empty() {
    return t`Invalid QR code - no item ID found`;
  },
  get noIdInJson() {
    return t`Invalid QR code format - no item ID found`;
  },
  get notFound() {
    return t`Item not found. Please check the QR code or item ID and try again.`;
  },
  get failed() {
    return t`Failed to process QR code data`;
  },
  get noCodeInImage() {
    return t`No QR code found in the uploaded image. Please ensure the QR code is clearly visible and try again.`;
  },
};

/** docs/product.md §9. */
export const SCANNER_AUTO_PROCESS_MS = 300;
export const QR_REDIRECT_DELAY_MS = 100;
export const LAST_SCANNED_MAX = 50;

const QR_PATH = "/qr/";

/** A-Z folded to a-z and nothing else: the text keeps its length, and no other letter can pass for an ASCII one. */
const asciiLower = (s: string) => s.replace(/[A-Z]+/g, (m) => m.toLowerCase());

export type QrInput = { kind: "item"; id: string } | { kind: "redirect"; url: string } | { kind: "error"; message: string };

/**
 * `ownBases` are the label URL prefixes of this shop (`{PUBLIC_URL}/qr/` and this server's own origin + `/qr/`):
 * a label of this shop toggles in place so an operator can scan item after item; any other value with /qr/ in
 * it is somewhere else and is opened (docs/product.md: redirect after 100 ms).
 */
export function parseQrInput(raw: string, ownBases: readonly string[]): QrInput {
  const text = raw.trim();
  if (text === "") return { kind: "error", message: QR_MESSAGES.empty };
  // Scheme, host and the /qr/ path are read in any case: a wedge scanner with Caps Lock on types
  // 'HTTP://SHOP.EXAMPLE/QR/5' (ids are digits, which Caps Lock leaves alone).
  const lower = asciiLower(text);
  if (lower.includes(QR_PATH)) {
    const base = lower.startsWith(QR_PATH) ? QR_PATH : ownBases.find((b) => lower.startsWith(asciiLower(b)));
    if (base !== undefined) {
      const rest = text.slice(base.length);
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

/** docs/product.md §5: the scanner field processes by itself 300 ms after typing stops when the value looks like a scan. */
export function looksLikeScan(value: string): boolean {
  const lower = asciiLower(value);
  return lower.includes(QR_PATH) || lower.includes("http") || value.length > 20;
}

/** docs/product.md §9: the last scanned text is shown cut to 50 characters. */
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
