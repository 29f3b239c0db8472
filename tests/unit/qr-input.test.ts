import { describe, expect, test } from "bun:test";
import { lastScannedText, looksLikeScan, parseQrInput, QR_MESSAGES, safeScanUrl } from "~/utils/qr-input";

// Spec §5 'QR input' with PRODUCT.md's addition: a label of this shop is processed in place.
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
