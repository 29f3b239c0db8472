import { describe, expect, test } from "bun:test";
import { clearDuplicateCookies, cookieValue } from "~/http/cookies.server";

// A request's Cookie header is read several times, and a device sends the same one again and again: the parsed
// cookies of recent headers are kept (http/cookies.server.ts). Keeping them must not change a single answer.

describe("reading cookies", () => {
  test("the same header read again gives the same values; a name sent twice is trusted neither time", () => {
    const header = "shopflow_session=abc; shopflow_device=dev; other=1";
    for (let i = 0; i < 3; i++) {
      expect(cookieValue(header, "shopflow_session")).toBe("abc");
      expect(cookieValue(header, "other")).toBe("1");
      expect(cookieValue(header, "missing")).toBeUndefined();
    }
    const twice = "shopflow_session=planted; shopflow_session=ours";
    for (let i = 0; i < 2; i++) {
      expect(cookieValue(twice, "shopflow_session")).toBeUndefined();
      expect(clearDuplicateCookies(twice, new URL("http://shop.local/projects/5")).length).toBeGreaterThan(0);
      // The address may come as text: read only when there is something to clear, the same answer.
      expect(clearDuplicateCookies(twice, "http://shop.local/projects/5")).toEqual(clearDuplicateCookies(twice, new URL("http://shop.local/projects/5")));
      expect(clearDuplicateCookies(header, "not a url")).toEqual([]);
    }
  });

  test("more headers than are kept: each still reads its own values, before and after being let go", () => {
    const headers = Array.from({ length: 1000 }, (_, i) => `shopflow_session=token${i}; shopflow_lang=${i % 2 ? "es" : "en"}`);
    for (const round of [0, 1]) {
      headers.forEach((h, i) => {
        expect([round, cookieValue(h, "shopflow_session")]).toEqual([round, `token${i}`]);
        expect(cookieValue(h, "shopflow_lang")).toBe(i % 2 ? "es" : "en");
      });
    }
    expect(cookieValue(null, "shopflow_session")).toBeUndefined();
    expect(cookieValue("", "shopflow_session")).toBeUndefined();
    // A cookie another app set that does not decode still leaves ours readable.
    expect(cookieValue("_ga=%; shopflow_session=ok", "shopflow_session")).toBe("ok");
  });
});
