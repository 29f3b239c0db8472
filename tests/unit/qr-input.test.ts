import { describe, expect, test } from "bun:test";
import { lastScannedText, looksLikeScan, parseQrInput, QR_MESSAGES, safeScanUrl } from "~/domain/qr-input";

// docs/product.md §5 'QR input' with docs/product.md's addition: a label of this shop is processed in place.
const own = ["https://shop.example/qr/", "http://10.0.0.5:3000/qr/"];

describe("parseQrInput", () => {
  test("this shop's label URL (PUBLIC_URL or the server's own origin, any case) is the item id", () => {
    expect(parseQrInput("https://shop.example/qr/42", own)).toEqual({ kind: "item", id: "42" });
    expect(parseQrInput("  HTTPS://SHOP.EXAMPLE/qr/42\n", own)).toEqual({ kind: "item", id: "42" });
    expect(parseQrInput("http://10.0.0.5:3000/qr/7?utm=x#y", own)).toEqual({ kind: "item", id: "7" });
    expect(parseQrInput("/qr/9", own)).toEqual({ kind: "item", id: "9" });
  });
  test("any other value with /qr/ in it is a redirect", () => {
    expect(parseQrInput("https://elsewhere.example/qr/42", own)).toEqual({ kind: "redirect", url: "https://elsewhere.example/qr/42" });
    // A look-alike host is not this shop.
    expect(parseQrInput("https://shop.example.evil.test/qr/1", own).kind).toBe("redirect");
  });
  test("JSON with an id uses it; JSON without one is a format error", () => {
    expect(parseQrInput('{"id": 12, "type": "item"}', own)).toEqual({ kind: "item", id: "12" });
    expect(parseQrInput('{"id":"13"}', own)).toEqual({ kind: "item", id: "13" });
    expect(parseQrInput('{"name":"x"}', own)).toEqual({ kind: "error", message: QR_MESSAGES.noIdInJson });
    expect(parseQrInput('{"id":""}', own)).toEqual({ kind: "error", message: "Invalid QR code format - no item ID found" });
  });
  test("otherwise the trimmed text is the id; empty input is an error", () => {
    expect(parseQrInput("  55 ", own)).toEqual({ kind: "item", id: "55" });
    expect(parseQrInput("{not json", own)).toEqual({ kind: "item", id: "{not json" });
    expect(parseQrInput("   ", own)).toEqual({ kind: "error", message: "Invalid QR code - no item ID found" });
    expect(parseQrInput("https://shop.example/qr/", own)).toEqual({ kind: "error", message: QR_MESSAGES.empty });
  });
});

describe("a label read in any case (a wedge scanner with Caps Lock on)", () => {
  // Every mix of upper and lower case over scheme, host and the /qr/ path of each label prefix: each is this
  // shop's label, the same item.
  const variants = (s: string) => {
    const letters = [...s].map((c, i) => (/[a-z]/i.test(c) ? i : -1)).filter((i) => i >= 0);
    const out = new Set<string>([s.toUpperCase(), s.toLowerCase()]);
    // Alternating, and each letter flipped alone.
    out.add([...s].map((c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())).join(""));
    for (const i of letters) out.add(s.slice(0, i) + (s[i] === s[i]!.toUpperCase() ? s[i]!.toLowerCase() : s[i]!.toUpperCase()) + s.slice(i + 1));
    return [...out];
  };
  test("this shop's label in any case is the item, in place", () => {
    for (const base of [...own, "/qr/"]) {
      for (const v of variants(base)) {
        expect(parseQrInput(`${v}5`, own)).toEqual({ kind: "item", id: "5" });
        expect(parseQrInput(`  ${v}5?UTM=X#Y \n`, own)).toEqual({ kind: "item", id: "5" });
      }
    }
    expect(parseQrInput("HTTPS://SHOP.EXAMPLE/QR/42", own)).toEqual({ kind: "item", id: "42" });
    expect(parseQrInput("HTTP://10.0.0.5:3000/QR/7", own)).toEqual({ kind: "item", id: "7" });
    expect(parseQrInput("/QR/", own)).toEqual({ kind: "error", message: QR_MESSAGES.empty });
  });
  test("another shop's label in capitals is still a redirect; a look-alike letter is not this shop", () => {
    expect(parseQrInput("HTTPS://ELSEWHERE.EXAMPLE/QR/42", own)).toEqual({ kind: "redirect", url: "HTTPS://ELSEWHERE.EXAMPLE/QR/42" });
    expect(parseQrInput("HTTPS://SHOP.EXAMPLE.EVIL.TEST/QR/1", own).kind).toBe("redirect");
    // U+212A KELVIN SIGN lower-cases to 'k' in Unicode; it is not the ASCII letter of a host name.
    expect(parseQrInput("https://\u212Aiosk.example/qr/1", ["https://kiosk.example/qr/"]).kind).toBe("redirect");
    expect(safeScanUrl("HTTPS://ELSEWHERE.EXAMPLE/QR/42")).toBe("https://elsewhere.example/QR/42");
    expect(safeScanUrl("JAVASCRIPT:alert(1)//QR/")).toBeNull();
  });
  test("auto-processing sees a scan in capitals", () => {
    expect(looksLikeScan("HTTP://X/QR/5")).toBe(true);
    expect(looksLikeScan("/QR/5")).toBe(true);
    expect(looksLikeScan("HTTPS://S/5")).toBe(true);
  });
});

test("auto-processing: /qr/, http, or more than 20 characters", () => {
  expect(looksLikeScan("https://shop.example/x")).toBe(true);
  expect(looksLikeScan("a/qr/1")).toBe(true);
  expect(looksLikeScan("123456789012345678901")).toBe(true);
  expect(looksLikeScan("12345678901234567890")).toBe(false);
  expect(looksLikeScan("42")).toBe(false);
});

test("the last scanned text is cut to 50 characters", () => {
  expect(lastScannedText("x".repeat(50))).toBe("x".repeat(50));
  expect(lastScannedText("y".repeat(80))).toBe(`${"y".repeat(50)}...`);
});

test("a redirect only ever goes to http(s)", () => {
  expect(safeScanUrl("https://elsewhere.example/qr/1")).toBe("https://elsewhere.example/qr/1");
  expect(safeScanUrl("javascript:alert(1)//qr/")).toBeNull();
  expect(safeScanUrl("data:text/html,<b>/qr/")).toBeNull();
  expect(safeScanUrl("not a url /qr/")).toBeNull();
});
