import { beforeEach, describe, expect, test } from "bun:test";
import { addMember, createApp, visibleHtml, hooks } from "../helpers/app";

const { popToast, toastCookie } = hooks;

// Cookies are shared by every port of a host: an app on another port (or a page on a sub-path's cookie) can
// plant a second `shopflow_session` that the browser sends first for a sub-path. A request carrying two is
// ambiguous: it is signed out and its answer clears both. Over HTTPS the cookies are `__Host-` cookies, which
// only this origin, over HTTPS, with Path=/ and no Domain, can set.

let app: ReturnType<typeof createApp>;
const socket = { requestIP: () => ({ address: "10.0.0.7" }) };

beforeEach(() => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
  addMember("Mallory", "9999", ["management"]);
});

async function signIn(base = "http://localhost", headers: Record<string, string> = {}) {
  const res = await app.fetch(
    new Request(`${base}/api/auth/verify-pin`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: base, ...headers },
      body: JSON.stringify({ pinCode: "4321" }),
    }),
    socket,
  );
  expect(res.status).toBe(200);
  return res.headers.getSetCookie();
}

const pair = (setCookie: string) => setCookie.split(";")[0]!;
const get = (url: string, cookie: string, headers: Record<string, string> = {}) => app.fetch(new Request(url, { headers: { cookie, ...headers } }), socket);

describe("two session cookies in one request", () => {
  test("a cookie planted for a sub-path beside the real one: signed out on /api and on pages, and both are cleared", async () => {
    const mine = pair((await signIn()).find((c) => c.startsWith("shopflow_session="))!);
    const token = mine.split("=")[1]!;
    expect((await get("http://localhost/api/team-members", mine)).status).toBe(200);
    const mallory = await app.fetch(
      new Request("http://localhost/api/auth/verify-pin", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ pinCode: "9999" }),
      }),
      socket,
    );
    const planted = pair(mallory.headers.getSetCookie().find((c) => c.startsWith("shopflow_session="))!);
    // The browser sends the cookie with the longer path first.
    const both = `${planted}; ${mine}`;
    for (const order of [both, `${mine}; ${planted}`, `${mine}; shopflow_session=${token}`]) {
      const api = await get("http://localhost/api/projects/1", order);
      expect(api.status).toBe(401);
      const cleared = api.headers.getSetCookie().filter((c) => c.startsWith("shopflow_session=;") || c.startsWith("shopflow_session=; "));
      expect(cleared.length).toBeGreaterThan(0);
      expect(cleared.every((c) => /Max-Age=0/.test(c))).toBe(true);
      // Every path the planted cookie could hold for this address is cleared, `/` included.
      const paths = cleared.map((c) => /Path=([^;]*)/.exec(c)![1]);
      expect(paths).toEqual(expect.arrayContaining(["/", "/api", "/api/projects", "/api/projects/1"]));
    }
    const page = await get("http://localhost/projects/1", both);
    // Signed out: the page's own refusal (Access Denied with a way to sign in), not Ada's project.
    expect(page.status).toBe(401);
    expect(page.headers.getSetCookie().some((c) => c.startsWith("shopflow_session=;") && /Path=\/projects\/1;/.test(c))).toBe(true);
    const home = await visibleHtml(await get("http://localhost/", both));
    expect(home).not.toContain("Ada Admin");
    expect(home).not.toContain("Mallory");
    // One cookie again: the session itself was not ended, only refused while it was ambiguous.
    expect((await get("http://localhost/api/team-members", mine)).status).toBe(200);
  });

  test("an answer to a request with one session cookie clears nothing", async () => {
    const mine = pair((await signIn()).find((c) => c.startsWith("shopflow_session="))!);
    const res = await get("http://localhost/api/team-members", `${mine}; other=1; other=2`);
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie()).toEqual([]);
  });
});

describe("over HTTPS: __Host- cookies", () => {
  test("the session cookie is __Host-shopflow_session with Secure, Path=/ and no Domain", async () => {
    const set = await signIn("https://shop.example");
    const cookie = set.find((c) => c.startsWith("__Host-shopflow_session="))!;
    expect(cookie).toBeDefined();
    expect(cookie).toContain("Secure");
    expect(cookie).toContain("Path=/;");
    expect(cookie).not.toMatch(/Domain=/i);
    expect(set.some((c) => c.startsWith("shopflow_session="))).toBe(false);
    expect((await get("https://shop.example/api/team-members", pair(cookie))).status).toBe(200);
  });

  test("a plain shopflow_session cookie (which plain HTTP on any port of the host can set) does not sign in over HTTPS", async () => {
    const token = pair((await signIn("https://shop.example")).find((c) => c.startsWith("__Host-shopflow_session="))!).split("=")[1];
    expect((await get("https://shop.example/api/team-members", `shopflow_session=${token}`)).status).toBe(401);
  });

  test("behind a trusted proxy, X-Forwarded-Proto: https names the cookie the same way", async () => {
    app = createApp({ TRUST_PROXY: "10.0.0.7" });
    addMember("Ada Admin", "4321", ["management"]);
    const set = await signIn("https://shop.example", { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" });
    const cookie = set.find((c) => c.startsWith("__Host-shopflow_session="));
    expect(cookie).toBeDefined();
    const res = await get("http://localhost/api/team-members", pair(cookie!), { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example" });
    expect(res.status).toBe(200);
  });

  test("the flash toast cookie is named the same way, and two toast cookies show no toast", async () => {
    const https = new Request("https://shop.example/");
    const set = await toastCookie(https, { title: "Saved" });
    expect(set).toStartWith("__Host-shopflow_toast=");
    expect(set).toContain("Secure");
    const pairValue = set.split(";")[0]!;
    expect((await popToast(new Request("https://shop.example/", { headers: { cookie: pairValue } }))).toast?.title).toBe("Saved");
    expect((await popToast(new Request("https://shop.example/", { headers: { cookie: pairValue.replace("__Host-", "") } }))).toast).toBeNull();
    expect((await popToast(new Request("https://shop.example/", { headers: { cookie: `${pairValue}; ${pairValue}` } }))).toast).toBeNull();
    expect(await toastCookie(new Request("http://localhost/"), { title: "Saved" })).toStartWith("shopflow_toast=");
  });
});
