import { beforeEach, describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import { addMember, createApp } from "../helpers/app";

// Text answers are gzipped for browsers that take it (services/http.server.ts `compress`).

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
    expect(res.headers.get("content-length")).toBeNull();
    expect(await gunzip(res)).toContain("Global Login");
    // The security headers are still there.
    expect(res.headers.get("content-security-policy")).toContain("object-src 'none'");
  });

  test("no Accept-Encoding, or a HEAD request: the answer as it is", async () => {
    const plain = await app.client().request("/login");
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toContain("Global Login");
    const head = await app.client().request("/login", { method: "HEAD", headers: gz });
    expect(head.headers.get("content-encoding")).toBeNull();
  });

  test("the client JavaScript is gzipped; a signed-in JSON list too", async () => {
    const js = readdirSync("build/client/assets").find((f) => f.endsWith(".js"))!;
    const res = await app.client().request(`/assets/${js}`, { headers: gz });
    expect(res.headers.get("content-encoding")).toBe("gzip");
    expect((await gunzip(res)).length).toBeGreaterThan(0);
    const c = app.client("10.6.0.2");
    await c.signIn("4321");
    const list = await c.request("/api/team-members", { headers: gz });
    expect(list.headers.get("content-encoding")).toBe("gzip");
    expect(JSON.parse(await gunzip(list))[0].name).toBe("Ada Admin");
  });
});
