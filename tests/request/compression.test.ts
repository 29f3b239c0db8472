import { beforeEach, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { addMember, createApp } from "../helpers/app";

// Text answers are gzipped for browsers that take it (pipeline/http.server.ts `compress`).

let app: ReturnType<typeof createApp>;

beforeEach(() => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
});

const gz = { "accept-encoding": "gzip, deflate, br" };
const gunzip = async (res: Response) => new TextDecoder().decode(Bun.gunzipSync(new Uint8Array(await res.arrayBuffer())));

describe("gzip", () => {
  test("a page is gzipped when the browser accepts it, and says so for caches", async () => {
    const res = await app.client().request("/login", { headers: gz });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect(res.headers.get("vary")).toContain("Accept-Encoding");
    expect(await gunzip(res)).toContain("Global Login");
    // The security headers are still there.
    expect(res.headers.get("content-security-policy")).toContain("object-src 'none'");
  });

  test("no Accept-Encoding: the answer as it is; a HEAD request: the headers of the GET it stands for", async () => {
    const plain = await app.client().request("/login");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("Global Login");
    const head = await app.client().request("/login", { method: "HEAD", headers: gz });
    expect(head.headers.get("content-encoding")).toBe("gzip");
  });

  test("an answer that ends within 64 KB is sent with its length; a longer one streams", async () => {
    const small = await app.client().request("/login", { headers: gz });
    const bytes = new Uint8Array(await small.arrayBuffer());
    expect(Number(small.headers.get("content-length"))).toBe(bytes.byteLength);
    expect(new TextDecoder().decode(Bun.gunzipSync(bytes))).toContain("Global Login");
    const big = readdirSync("build/client/assets")
      .filter((f) => f.endsWith(".js"))
      .map((f) => ({ f, size: Bun.file(`build/client/assets/${f}`).size }))
      .sort((a, b) => b.size - a.size)[0]!;
    expect(big.size).toBeGreaterThan(64 * 1024);
    const res = await app.client().request(`/assets/${big.f}`, { headers: gz });
    expect(res.headers.get("content-length")).toBeNull();
    expect((await gunzip(res)).length).toBe(big.size);
  });

  test("the client JavaScript is gzipped; a signed-in JSON list too", async () => {
    // Answers under 1 KB go as they are: gzip would not make them smaller.
    const js = readdirSync("build/client/assets").find((f) => f.endsWith(".js") && Bun.file(`build/client/assets/${f}`).size > 4096)!;
    const res = await app.client().request(`/assets/${js}`, { headers: gz });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect((await gunzip(res)).length).toBeGreaterThan(0);
    const c = app.client("10.6.0.2");
    await c.signIn("4321");
    // One member's list is under 1 KB and goes as it is; a shop's is not.
    expect((await c.request("/api/team-members", { headers: gz })).headers.get("content-encoding")).toBeNull();
    for (let i = 0; i < 15; i++) addMember(`Member ${i}`, String(5000 + i), ["production"]);
    const list = await c.request("/api/team-members", { headers: gz });
    expect(list.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(await gunzip(list))[0].name).toBe("Ada Admin");
  });
});
