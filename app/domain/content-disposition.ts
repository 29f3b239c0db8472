// One way to put a file name into a Content-Disposition header (RFC 6266 with RFC 5987's filename*). A header
// value may carry only Latin-1 bytes, so a name such as 'Proof – v2.pdf', '設計図.pdf' or '🎉.pdf' written as
// it is makes the response itself fail. Every name goes out twice: an ASCII stand-in in `filename="…"` for old
// clients, and the real name, UTF-8 and percent-encoded, in `filename*=UTF-8''…`, which every current browser
// prefers. A name that is plain ASCII already goes out once.

// Typographic marks people type (or Word turns quotes into) read better as their ASCII look-alikes than as '_'.
const ASCII_LOOK_ALIKES: Record<string, string> = {
  "\u2010": "-",
  "\u2011": "-",
  "\u2012": "-",
  "\u2013": "-",
  "\u2014": "-",
  "\u2015": "-",
  "\u2212": "-",
  "\u2018": "'",
  "\u2019": "'",
  "\u201A": "'",
  "\u201B": "'",
  "\u2032": "'",
  "\u201C": "_",
  "\u201D": "_",
  "\u201E": "_",
  "\u2033": "_",
  "\u2026": "...",
  "\u00A0": " ",
  "\u202F": " ",
  "\u2007": " ",
  "\u00DF": "ss",
  "\u00C6": "AE",
  "\u00E6": "ae",
  "\u0152": "OE",
  "\u0153": "oe",
  "\u00D8": "O",
  "\u00F8": "o",
  "\u0141": "L",
  "\u0142": "l",
};

// C0/C1 controls and DEL (a CR or LF would end the header), plus the bidirectional controls, which make a
// name read differently from what it is ('gpj.pdf' shown as 'fdp.jpg').
const CONTROL = /[\u0000-\u001F\u007F-\u009F\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** The name a header may carry: no control characters, never empty. */
function cleanName(name: string, fallback: string): string {
  const base = name.replace(CONTROL, "").trim();
  return base || fallback;
}

/**
 * The ASCII stand-in: accents dropped (é → e), look-alikes for dashes and quotes, '_' for anything else
 * outside printable ASCII. '"' and '\' cannot be written plainly in a quoted string and '%' makes some
 * clients decode the name, so they become '_' too. A name left with no letter or digit takes `fallback`'s
 * stem and keeps its own extension ('設計図.pdf' → 'design.pdf').
 */
export function asciiFileName(name: string, fallback = "download"): string {
  const ascii = [...name.normalize("NFKD").replace(/\p{M}/gu, "")]
    .map((c) => ASCII_LOOK_ALIKES[c] ?? (/^[\x20-\x7E]$/.test(c) ? c : "_"))
    .join("")
    .replace(/["\\%]/g, "_")
    .replace(/_{2,}/g, "_")
    .trim();
  const dot = ascii.lastIndexOf(".");
  const stem = dot > 0 ? ascii.slice(0, dot) : ascii;
  const ext = dot > 0 && /^\.[A-Za-z0-9]{1,8}$/.test(ascii.slice(dot)) ? ascii.slice(dot) : "";
  if (/[A-Za-z0-9]/.test(stem)) return ascii;
  const fallbackExt = /\.[A-Za-z0-9]{1,8}$/.test(fallback) ? "" : ext;
  return `${fallback}${fallbackExt}`;
}

// RFC 5987 attr-char: everything else is percent-encoded (encodeURIComponent leaves ' ( ) * as they are).
const ATTR_CHAR = /[A-Za-z0-9!#$&+\-.^_`|~]/;

/** RFC 5987 ext-value of a name: `UTF-8''` and its UTF-8 bytes, percent-encoded outside attr-char. */
export function rfc5987(value: string): string {
  let out = "UTF-8''";
  for (const byte of new TextEncoder().encode(value)) {
    const c = String.fromCharCode(byte);
    out += byte < 0x80 && ATTR_CHAR.test(c) ? c : `%${byte.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * `inline` (shown in the browser) or `attachment` (saved), with the file name as the user will see it.
 * `fallback` names the file when nothing of its name survives in ASCII.
 */
export function contentDisposition(kind: "inline" | "attachment", fileName: string, fallback = "download"): string {
  const name = cleanName(fileName, fallback);
  const ascii = asciiFileName(name, fallback);
  return ascii === name ? `${kind}; filename="${name}"` : `${kind}; filename="${ascii}"; filename*=${rfc5987(name)}`;
}
