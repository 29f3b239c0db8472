import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import QRCode from "qrcode";
import { QR_CACHE_SIZE, qrImage } from "~/infra/qr.server";

describe("QR image cache", () => {
  let toString: ReturnType<typeof spyOn>;
  beforeEach(() => {
    (globalThis as { __shopflowQrCache?: Map<string, unknown> }).__shopflowQrCache?.clear();
    toString = spyOn(QRCode, "toString");
  });
  afterEach(() => toString.mockRestore());

  test("keeps the most recently used images and encodes each payload once", async () => {
    const url = (i: number) => `http://shop.test/qr/${i}`;
    const first = await qrImage(url(0), "svg");
    expect(await qrImage(url(0), "svg")).toBe(first);
    for (let i = 1; i < QR_CACHE_SIZE; i++) await qrImage(url(i), "svg");
    expect(toString).toHaveBeenCalledTimes(QR_CACHE_SIZE);
    await qrImage(url(0), "svg"); // now the most recently used
    await qrImage(url(QR_CACHE_SIZE), "svg"); // one over: the least recently used (1) goes
    expect(toString).toHaveBeenCalledTimes(QR_CACHE_SIZE + 1);
    expect(await qrImage(url(0), "svg")).toBe(first);
    expect(toString).toHaveBeenCalledTimes(QR_CACHE_SIZE + 1);
    await qrImage(url(1), "svg");
    expect(toString).toHaveBeenCalledTimes(QR_CACHE_SIZE + 2);
  });

  test("concurrent first requests for one label encode it once", async () => {
    const [a, b] = await Promise.all([qrImage("http://shop.test/qr/7", "svg"), qrImage("http://shop.test/qr/7", "svg")]);
    expect(a).toBe(b);
    expect(toString).toHaveBeenCalledTimes(1);
  });
});
