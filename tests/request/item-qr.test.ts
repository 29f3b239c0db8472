import { afterEach, beforeEach, describe, expect, spyOn, test } from "bun:test";
import jsQR from "jsqr";
import QRCode from "qrcode";
import * as schema from "#db/schema";
import { addMember, createApp, hooks } from "../helpers/app";

const { clearQrCacheForTests } = hooks;

// pngjs comes with qrcode (the encoder under test) and has no type declarations of its own.
const { PNG } = require("pngjs") as { PNG: { sync: { read(b: Buffer): { width: number; height: number; data: Buffer } } } };

let app: ReturnType<typeof createApp>;

function addItem(qrCode: string | null = "/qr/x") {
  const project = app.db.insert(schema.projects).values({ name: "Acme Sign" }).returning().get();
  return app.db.insert(schema.items).values({ name: "Front Letters", category: "Channel Letters", projectId: project.id, qrCode }).returning().get();
}

async function signedIn(env: Record<string, string> = {}) {
  app = createApp(env);
  addMember("Sam Shop", "2468", ["production"]);
  const c = app.client("10.9.0.1");
  await c.signIn("2468");
  return c;
}

function decodePng(bytes: ArrayBuffer) {
  const png = PNG.sync.read(Buffer.from(bytes));
  return { width: png.width, height: png.height, text: jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data };
}

// The encoder is shared by the test and the built server (one module instance), so calls can be counted.
let toBuffer: ReturnType<typeof spyOn>;
beforeEach(() => {
  clearQrCacheForTests();
  toBuffer = spyOn(QRCode, "toBuffer");
});
afterEach(() => toBuffer.mockRestore());

describe("GET /items/{id}/qr.png", () => {
  test("signed out: 401, no image", async () => {
    app = createApp();
    const item = addItem();
    for (const ext of ["png", "svg"]) {
      const res = await app.client().request(`/items/${item.id}/qr.${ext}`);
      expect(res.status).toBe(401);
      expect(res.headers.get("content-type")).not.toContain("image/");
      expect(res.headers.get("cache-control")).toBe("no-store");
    }
    expect(toBuffer).not.toHaveBeenCalled();
  });

  test("404 for an id that is not plain decimal digits, an unknown item, or an item without a QR code", async () => {
    const c = await signedIn();
    const item = addItem();
    const bare = addItem(null);
    for (const id of ["0x1", "1e0", "%201", "+1", "0", "01x", "1.0", "99999", String(bare.id)]) {
      const res = await c.request(`/items/${id}/qr.png`);
      expect({ id, status: res.status }).toEqual({ id, status: 404 });
    }
    // The same item by its real id is there: the 404s above are about the id, not the route.
    expect((await c.request(`/items/${item.id}/qr.png`)).status).toBe(200);
  });

  test("200 image/png of the item's QR URL, with caching headers; encoded once, then 304 on a matching ETag", async () => {
    const c = await signedIn();
    const item = addItem();
    const first = await c.request(`/items/${item.id}/qr.png`);
    expect(first.status).toBe(200);
    expect(first.headers.get("content-type")).toBe("image/png");
    expect(first.headers.get("cache-control")).toBe("private, max-age=3600");
    const etag = first.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]{20,}"$/);
    const bytes = await first.arrayBuffer();
    expect(decodePng(bytes)).toEqual({ width: 200, height: 200, text: `http://localhost/qr/${item.id}` });

    const again = await c.request(`/items/${item.id}/qr.png`);
    expect(again.status).toBe(200);
    expect(again.headers.get("etag")).toBe(etag);
    expect(Buffer.from(await again.arrayBuffer()).equals(Buffer.from(bytes))).toBe(true);

    const revalidated = await c.request(`/items/${item.id}/qr.png`, { headers: { "if-none-match": `W/"other", ${etag}` } });
    expect(revalidated.status).toBe(304);
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(await revalidated.text()).toBe("");
    expect(toBuffer).toHaveBeenCalledTimes(1);

    const stale = await c.request(`/items/${item.id}/qr.png`, { headers: { "if-none-match": '"not-it"' } });
    expect(stale.status).toBe(200);
  });

  test("the SVG of the same label, with its own ETag", async () => {
    const c = await signedIn();
    const item = addItem();
    const png = await c.request(`/items/${item.id}/qr.png`);
    const svg = await c.request(`/items/${item.id}/qr.svg`);
    expect(svg.status).toBe(200);
    expect(svg.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(await svg.text()).toStartWith("<svg");
    expect(svg.headers.get("etag")).not.toBe(png.headers.get("etag"));
  });

  test("PUBLIC_URL is what the code encodes, and a different payload is a different cache entry", async () => {
    const local = await signedIn();
    const item = addItem();
    const localTag = (await local.request(`/items/${item.id}/qr.png`)).headers.get("etag");
    const c = await signedIn({ PUBLIC_URL: "https://shop.example.com" });
    const other = addItem();
    expect(other.id).toBe(item.id);
    const res = await c.request(`/items/${other.id}/qr.png`);
    expect(decodePng(await res.arrayBuffer()).text).toBe(`https://shop.example.com/qr/${other.id}`);
    expect(res.headers.get("etag")).not.toBe(localTag);
    expect(toBuffer).toHaveBeenCalledTimes(2);
  });
});
