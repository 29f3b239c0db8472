import { beforeEach, describe, expect, setSystemTime, spyOn, test } from "bun:test";
import { eq, sql } from "drizzle-orm";
import { auditLog, loginRefusals, materials, teamMembers } from "#db/schema";
import type { DB } from "~/infra/db.server";
import { addMember, build, createApp, visibleHtml, type Client, hooks, createFetchHandler, staticFromDir } from "../helpers/app";
import { open } from "../helpers/html-form";
import { dataSnapshot, routePaths } from "../helpers/routes";
import { bakery, seedShop } from "../helpers/shop";

const { databaseAnswers, setSlowLaneForTests, writeUpWindows, toastCookie, setDb, itemQrUrl, resetEnvForTests } = hooks;

let app: ReturnType<typeof createApp>;
let admin: Client;
let adminId: number;

beforeEach(async () => {
  app = createApp();
  adminId = addMember("Ada Admin", "4321", ["management"]).id;
  admin = app.client("10.0.0.1");
  await admin.signIn("4321");
});

const EVIL = "http://evil.example";
const WRITE_METHODS = ["POST", "PUT", "PATCH", "DELETE"] as const;
const BODIES: Record<string, string> = {
  "application/json": JSON.stringify({ name: "Mallory", pinCode: "0666", accessibleDepartments: ["management"] }),
  "text/plain": JSON.stringify({ name: "Mallory", pinCode: "0666", accessibleDepartments: ["management"] }),
  "application/x-www-form-urlencoded": "name=Mallory&pinCode=0666&_entity=team-members",
  "multipart/form-data; boundary=x": '--x\r\nContent-Disposition: form-data; name="name"\r\n\r\nMallory\r\n--x--\r\n',
};

describe("cross-site requests are refused in the HTTP layer, for every route", () => {
  test("the attack of the finding: a text/plain POST from another origin cannot create a Super User", async () => {
    const res = await admin.request("/api/team-members", {
      method: "POST",
      headers: { origin: EVIL, "content-type": "text/plain" },
      body: BODIES["text/plain"],
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toMatch(/another site/);
    expect(app.db.select().from(teamMembers).where(eq(teamMembers.name, "Mallory")).all()).toHaveLength(0);
  });

  test("every route × write method × content type, from another origin or Sec-Fetch-Site cross-site: 403, nothing changes", async () => {
    const paths = routePaths(build);
    expect(paths).toContain("/api/team-members");
    expect(paths).toContain("/login");
    const before = dataSnapshot(app.db);
    let checked = 0;
    for (const path of paths) {
      for (const method of WRITE_METHODS) {
        for (const [type, body] of Object.entries(BODIES)) {
          for (const headers of [
            { origin: EVIL },
            { origin: "null" },
            { origin: "omit", "sec-fetch-site": "cross-site" },
            { origin: "http://localhost:4000" },
          ] as Record<string, string>[]) {
            const res = await admin.request(path, { method, headers: { ...headers, "content-type": type }, body });
            expect(`${method} ${path} ${type} ${JSON.stringify(headers)}: ${res.status}`).toBe(`${method} ${path} ${type} ${JSON.stringify(headers)}: 403`);
            const text = await res.text();
            if (path.startsWith("/api/")) expect(JSON.parse(text).message).toMatch(/another site/);
            else expect(text).toContain("Access Denied");
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(500);
    expect(dataSnapshot(app.db)).toBe(before);
  });

  test("login CSRF: a cross-site form post to verify-pin or /login signs nobody in", async () => {
    for (const path of ["/api/auth/verify-pin", "/login"]) {
      const res = await app.client("10.0.0.9").request(path, {
        method: "POST",
        headers: { origin: EVIL, "content-type": "application/x-www-form-urlencoded" },
        body: "pinCode=4321",
      });
      expect(res.status).toBe(403);
      expect(res.headers.getSetCookie().some((c) => c.startsWith("shopflow_session="))).toBe(false);
    }
  });

  test("forced logout: a cross-site post to /logout or the logout API leaves the session alone", async () => {
    for (const path of ["/logout", "/api/auth/logout"]) {
      const res = await admin.request(path, { method: "POST", headers: { origin: EVIL } });
      expect(res.status).toBe(403);
    }
    expect((await admin.request("/api/team-members")).status).toBe(200);
  });

  test("same-origin writes pass; Sec-Fetch-Site same-origin or none without Origin passes; no header at all (curl) passes", async () => {
    const ok = await admin.request("/api/materials", { method: "POST", json: { name: "Vinyl", category: "Film" } });
    expect(ok.status).toBe(201);
    for (const site of ["same-origin", "none"]) {
      const res = await admin.request("/api/materials", {
        method: "POST",
        headers: { origin: "omit", "sec-fetch-site": site },
        json: { name: `Vinyl ${site}`, category: "Film" },
      });
      expect(res.status).toBe(201);
    }
    const curl = await admin.request("/api/materials", { method: "POST", headers: { origin: "omit" }, json: { name: "Vinyl curl", category: "Film" } });
    expect(curl.status).toBe(201);
  });

  test("/api writes take only JSON: text/plain, form and multipart bodies get 415", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await admin.request("/api/team-members", { method: "POST", headers: { "content-type": type }, body: BODIES[type] ?? BODIES["text/plain"] });
      expect(res.status).toBe(415);
      expect((await res.json()).message).toMatch(/application\/json/);
    }
    expect(app.db.select().from(teamMembers).where(eq(teamMembers.name, "Mallory")).all()).toHaveLength(0);
  });

  test("a page form with another content type is refused with 415, not read", async () => {
    const res = await app.client().request("/login", { method: "POST", headers: { "content-type": "text/plain" }, body: "pinCode=4321" });
    expect(res.status).toBe(415);
  });

  test("every /api write's 415 names the body types it takes in words, with no empty entry", async () => {
    let checked = 0;
    for (const path of routePaths(build).filter((p) => p.startsWith("/api/"))) {
      for (const method of WRITE_METHODS) {
        const res = await admin.request(path, { method, headers: { "content-type": "text/plain" }, body: "x" });
        if (res.status !== 415) continue;
        const { message } = await res.json();
        expect(`${method} ${path}: ${message}`).toMatch(
          /: Send the body as [a-z]+\/[a-z.+-]+( or [a-z]+\/[a-z.+-]+)* \(Content-Type header\)(, or with no Content-Type header)?\.$/,
        );
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  test("a compressed body (Content-Encoding) is refused with 415 before it is read: JSON for /api, a page for forms", async () => {
    const json = Bun.gzipSync(new TextEncoder().encode(JSON.stringify({ name: "Vinyl", category: "Film" })));
    for (const encoding of ["gzip", "deflate", "br", "GZIP", "gzip, identity"]) {
      const res = await admin.request("/api/materials", {
        method: "POST",
        headers: { "content-type": "application/json", "content-encoding": encoding },
        body: json,
      });
      expect(res.status).toBe(415);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(res.headers.get("accept-encoding")).toBe("identity");
      expect(await res.json()).toEqual({
        message: "The server does not take compressed bodies (Content-Encoding). Send the body uncompressed, without a Content-Encoding header.",
      });
    }
    expect(app.db.select().from(materials).all()).toHaveLength(0);
    // identity is no encoding at all.
    const plain = await admin.request("/api/materials", {
      method: "POST",
      headers: { "content-encoding": "identity" },
      json: { name: "Vinyl", category: "Film" },
    });
    expect(plain.status).toBe(201);

    const form = await app.client("10.0.0.7").request("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", "content-encoding": "gzip" },
      body: Bun.gzipSync(new TextEncoder().encode("pinCode=4321")),
    });
    expect(form.status).toBe(415);
    const page = await visibleHtml(form);
    expect(page).toContain("The form was sent compressed (Content-Encoding), which this page cannot read. Go back and try again.");
    expect(form.headers.getSetCookie().some((c) => c.startsWith("shopflow_session="))).toBe(false);
  });
});

describe("trusted proxies (TRUST_PROXY)", () => {
  const verify = (c: Client, headers: Record<string, string>) => c.request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "0000" }, headers });

  test("a client that reaches the port directly cannot pick its address with X-Forwarded-For", async () => {
    const proxied = createApp({ TRUST_PROXY: "1" });
    const direct = proxied.client("192.0.2.50");
    for (let i = 0; i < 5; i++) expect((await verify(direct, { "x-forwarded-for": `198.51.100.${i}` })).status).toBe(401);
    expect((await verify(direct, { "x-forwarded-for": "198.51.100.99" })).status).toBe(429);
  });

  test("behind the proxy (loopback with TRUST_PROXY=1) the rightmost untrusted hop is the client", async () => {
    const proxied = createApp({ TRUST_PROXY: "1" });
    const viaProxy = proxied.client("127.0.0.1");
    for (let i = 0; i < 5; i++) expect((await verify(viaProxy, { "x-forwarded-for": `6.6.6.${i}, 203.0.113.7` })).status).toBe(401);
    // The client's own claims (left of the proxy's entry) change nothing: it is still 203.0.113.7.
    expect((await verify(viaProxy, { "x-forwarded-for": "1.2.3.4, 203.0.113.7" })).status).toBe(429);
    // Another real client behind the same proxy is not locked out.
    expect((await verify(viaProxy, { "x-forwarded-for": "203.0.113.8" })).status).toBe(401);
  });

  test("a list of proxy addresses and CIDRs; forwarded proto/host count only from them", async () => {
    const proxied = createApp({ TRUST_PROXY: "10.1.0.0/16" });
    const res = await proxied.client("10.1.2.3").request("/", { headers: { "x-forwarded-proto": "https", "x-forwarded-host": "shop.example.com" } });
    expect(res.headers.get("strict-transport-security")).toContain("max-age=");
    const other = await proxied.client("10.2.0.1").request("/", { headers: { "x-forwarded-proto": "https" } });
    expect(other.headers.get("strict-transport-security")).toBeNull();
  });
});

describe("headers", () => {
  test("pages carry a CSP whose nonce is on every inline script, and the other security headers", async () => {
    const res = await app.client().request("/");
    const csp = res.headers.get("content-security-policy")!;
    for (const part of ["object-src 'none'", "base-uri 'self'", "frame-ancestors 'self'", "img-src 'self' data: blob:"]) expect(csp).toContain(part);
    const nonce = /'nonce-([^']+)'/.exec(csp)![1]!;
    const page = await res.text();
    const scripts = [...page.matchAll(/<script([^>]*)>/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const attrs of scripts) {
      if (/\bsrc=/.test(attrs)) continue;
      expect(attrs).toContain(`nonce="${nonce}"`);
    }
    // A new nonce per response.
    const again = (await app.client().request("/")).headers.get("content-security-policy")!;
    expect(again).not.toBe(csp);
    expect(res.headers.get("permissions-policy")).toContain("camera=(self)");
    expect(res.headers.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(res.headers.get("strict-transport-security")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("no-store");
  });

  test("the pages of the browser's policy walk, as the server sends them: every inline script carries the answer's nonce; no markup runs script outside one", async () => {
    // tests/e2e/security.e2e.ts loads two of these documents and reaches the others inside the page, as its links do:
    // what each document would do while it is read (its inline scripts, event-handler attributes, javascript: links)
    // is read here instead, for every page it visits.
    const shop = await seedShop({
      ipBase: "10.6.0",
      members: { ada: { name: "Ada Admin", pin: "4321", keys: ["management"] } },
      ...bakery(["Pre-Production", "Production"]),
      items: [{ name: "Front Letters", category: "Banner" }],
    });
    const [projectId] = shop.projectIds;
    const [itemId] = shop.itemIds;
    const signedOut = ["/", "/login", "/no-such-page", "/settings"];
    const signedIn = [
      "/",
      "/settings?tab=products",
      "/settings?tab=products&new=1",
      "/settings?tab=departments",
      "/settings?tab=workflows&new=1",
      "/settings?tab=materials",
      "/settings?tab=team&new=1",
      `/products/${itemId}`,
      `/products/${itemId}?qr=1`,
      "/projects",
      "/projects?dialog=new-project",
      `/projects/${projectId}`,
      `/projects/${projectId}?dialog=design`,
      `/projects/${projectId}?edit-step=1`,
      "/workflows",
      "/department-views",
      "/pre-production",
      "/no-such-page",
    ];
    const visitor = shop.app.client("10.6.1.1");
    for (const [client, paths] of [
      [visitor, signedOut],
      [shop.clients.ada, signedIn],
    ] as const) {
      for (const path of paths) {
        const page = await open(client, path);
        expect(page.redirects, path).toEqual([]);
        const nonce = /'nonce-([^']+)'/.exec(page.headers.get("content-security-policy") ?? "")?.[1];
        expect(nonce, path).toBeTruthy();
        const inline = page.$$("script").filter((s) => !s.hasAttribute("src"));
        expect(inline.length, path).toBeGreaterThan(0);
        for (const script of inline) expect(script.getAttribute("nonce"), `${path}: ${script.outerHTML.slice(0, 80)}`).toBe(nonce!);
        const handlers = page.$$("*").flatMap((el) =>
          Array.from(el.attributes as ArrayLike<{ name: string; value: string }>)
            .filter((a) => /^on/i.test(a.name) || (/^(href|src|action|formaction)$/i.test(a.name) && /^\s*javascript:/i.test(a.value)))
            .map((a) => `<${el.tagName.toLowerCase()} ${a.name}="${a.value.slice(0, 40)}">`),
        );
        expect(handlers, path).toEqual([]);
      }
    }
  });

  test("HSTS only when served over HTTPS (behind a trusted proxy)", async () => {
    const proxied = createApp({ TRUST_PROXY: "1" });
    const res = await proxied.client("127.0.0.1").request("/", { headers: { "x-forwarded-proto": "https" } });
    expect(res.headers.get("strict-transport-security")).toBe("max-age=31536000");
  });

  test("pages with personal data are not cached (Back after logout shows nothing)", async () => {
    for (const path of ["/settings?tab=team", "/", "/products/1"]) {
      expect((await admin.request(path)).headers.get("cache-control")).toBe("no-store");
    }
  });
});

describe("the flash toast cookie is signed", () => {
  const toastValue = (title: string) => Buffer.from(JSON.stringify({ id: "t1", title, variant: "default" })).toString("base64url");

  test("an unsigned or forged toast is not shown; one signed by the server is", async () => {
    const forged = await app.client().request("/", { headers: { cookie: `shopflow_toast=${toastValue("Your PIN expired, call 555-0100")}` } });
    expect(await visibleHtml(forged)).not.toContain("call 555-0100");
    const wrongSig = await app.client().request("/", {
      headers: { cookie: `shopflow_toast=${encodeURIComponent(`${toastValue("Tampered")}.AAAA`)}` },
    });
    expect(await visibleHtml(wrongSig)).not.toContain("Tampered");
    const genuine = (await toastCookie(new Request("http://localhost/"), { title: "Genuine toast" })).split(";")[0]!;
    const good = await app.client().request("/", { headers: { cookie: genuine } });
    expect(await visibleHtml(good)).toContain("Genuine toast");
  });
});

describe("a cookie that does not parse", () => {
  test("`_ga=%` from another app on the host breaks nothing and the session still works", async () => {
    const session = admin.cookies().get("shopflow_session")!;
    for (const path of ["/", "/settings", "/api/team-members"]) {
      const res = await app.client().request(path, { headers: { cookie: `_ga=%; shopflow_session=${session}; x=%E0%A4%A` } });
      expect(res.status).toBe(200);
    }
    const page = await visibleHtml(await app.client().request("/", { headers: { cookie: `_ga=%; shopflow_session=${session}` } }));
    expect(page).toContain("Ada Admin");
  });
});

describe("open redirects", () => {
  const evil = ["/%09/evil.example", "/\t/evil.example", "//evil.example", "/\\evil.example", "https://evil.example", "/\\/evil.example", "/.//evil.example"];

  test("signed in, /login?redirectTo= never leaves this origin", async () => {
    for (const target of evil) {
      const res = await admin.request(`/login?redirectTo=${encodeURIComponent(target)}`);
      expect(res.status).toBe(302);
      const location = res.headers.get("location")!;
      expect(new URL(location, "http://localhost").origin).toBe("http://localhost");
      expect(location.startsWith("//")).toBe(false);
    }
    const fine = await admin.request(`/login?redirectTo=${encodeURIComponent("/settings?tab=team")}`);
    expect(fine.headers.get("location")).toBe("/settings?tab=team");
  });

  test("the no-JavaScript sign-in form: the same rule, and CR/LF or non-Latin-1 targets give no 500", async () => {
    for (const target of [...evil, "/a\r\nSet-Cookie: x=1", "/ñandú\u2028"]) {
      const res = await app.client(`10.3.0.${evil.indexOf(target) + 2}`).request("/login", { method: "POST", form: { pinCode: "4321", redirectTo: target } });
      expect(res.status).toBe(302);
      const location = res.headers.get("location")!;
      expect(new URL(location, "http://localhost").origin).toBe("http://localhost");
      expect(location).not.toMatch(/[\r\n]/);
    }
  });
});

describe("readable validation messages", () => {
  test("verify-pin with expectedUserId 'abc': a sentence naming the field, no library text", async () => {
    const res = await app.client().request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "4321", expectedUserId: "abc" } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe("expectedUserId must be a team member id (a whole number)");
    // Ids may come as numbers or numeric strings.
    expect(
      (await app.client("10.4.0.1").request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "4321", expectedUserId: String(adminId) } })).status,
    ).toBe(200);
  });

  test("wrong types anywhere: every issue is a sentence that names its field", async () => {
    const res = await admin.request("/api/categories", {
      method: "POST",
      json: { name: "Sign", departmentSequence: "x", color: 5, description: { a: 1 }, extra: 1 },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    for (const issue of body.issues) {
      expect(issue.message).not.toMatch(/Invalid input|expected .*, received|Too (big|small):/);
    }
    const byPath = Object.fromEntries(body.issues.map((i: { path: string; message: string }) => [i.path, i.message]));
    expect(byPath.description).toBe("Description must be text.");
    const bad = await admin.request("/api/step-templates", { method: "POST", json: { name: "Weld", estimatedDurationHours: "many", requiredSkills: [1] } });
    const issues = (await bad.json()).issues as { path: string; message: string }[];
    expect(issues.find((i) => i.path === "requiredSkills.0")?.message).toBe("Required skills, entry 1 must be text.");
  });

  test("a name of invisible characters only is refused", async () => {
    const res = await admin.request("/api/materials", { method: "POST", json: { name: "\u200b\u2060\ufeff ", category: "Film" } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe("Material name is required");
  });
});

describe("unique violations name the field that clashes", () => {
  test("a material name in another case is a duplicate; a department value clash says 'value'", async () => {
    await admin.request("/api/materials", { method: "POST", json: { name: "Cast Vinyl", category: "Film" } });
    const dup = await admin.request("/api/materials", { method: "POST", json: { name: "CAST VINYL", category: "Film" } });
    expect(dup.status).toBe(409);
    expect((await dup.json()).message).toBe('A material named "CAST VINYL" already exists');
    await admin.request("/api/departments", { method: "POST", json: { name: "Print Shop" } });
    const clash = await admin.request("/api/departments", { method: "POST", json: { name: "print shop" } });
    expect(clash.status).toBe(409);
    expect((await clash.json()).message).toMatch(/value "print-shop"/);
  });

  test("the database's NOCASE index is the last word when two saves race past the check", () => {
    app.db.insert(materials).values({ name: "Race", category: "x" }).run();
    let caught: unknown;
    try {
      app.db.insert(materials).values({ name: "RACE", category: "x" }).run();
    } catch (error) {
      caught = error;
    }
    expect((caught as { code?: string }).code).toBe("SQLITE_CONSTRAINT_UNIQUE");
  });
});

describe("health", () => {
  test("a failed database check is logged with its reason", () => {
    const broken = {
      $client: {
        query: () => {
          throw new Error("disk I/O error");
        },
      },
    } as unknown as DB;
    const spy = spyOn(console, "error").mockImplementation(() => {});
    setDb(broken);
    try {
      expect(databaseAnswers()).toBe(false);
      expect(spy.mock.calls.some((c) => c.join(" ").includes("disk I/O error"))).toBe(true);
    } finally {
      setDb(app.db);
      spy.mockRestore();
    }
  });
});

describe("sign-in throttling without an audit flood", () => {
  test("a signed-out client hammering sign-in adds one audit row and one counter row, not one row per request", async () => {
    const c = app.client("10.7.7.7");
    for (let i = 0; i < 5; i++) await c.request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "0000" } });
    for (let i = 0; i < 200; i++) {
      const res = await c.request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "0000" } });
      expect(res.status).toBe(429);
    }
    const throttled = app.db.select().from(auditLog).where(sql`action = 'login-throttled'`).all();
    expect(throttled).toHaveLength(1);
    const counters = app.db.select().from(loginRefusals).where(eq(loginRefusals.ip, "10.7.7.7")).all();
    expect(counters).toHaveLength(1);
    expect(counters[0]!.count).toBe(200);
  });

  test("the shop-wide budget: after 50 failures from many addresses every address gets one try, audited once", async () => {
    setSlowLaneForTests({ sleep: async () => {} });
    for (let i = 0; i < 50; i++) {
      await app.client(`172.16.${Math.floor(i / 200)}.${i % 200}`).request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "0000" } });
    }
    const fresh = app.client("192.0.2.1");
    expect((await fresh.request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "0000" } })).status).toBe(401);
    const second = await fresh.request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "0000" } });
    expect(second.status).toBe(429);
    expect(second.headers.get("retry-after")).toBeTruthy();
    // The right PIN still works, from an address with no failure.
    expect((await app.client("192.0.2.2").request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "4321" } })).status).toBe(200);
    // The window's one entry is written once it is over (decision 0025).
    writeUpWindows(Date.now() + 10 * 60_000);
    expect(app.db.select().from(auditLog).where(sql`action = 'login-budget-tripped'`).all()).toHaveLength(1);
  });

  test("while the budget is spent, sign-ins wait in a short line; past it they are refused with Retry-After", async () => {
    // The line's waits are recorded instead of slept through; the clock stands still, so every place is exact.
    const waits: number[] = [];
    setSlowLaneForTests({ slotMs: 200, maxWaitMs: 300, sleep: async (ms) => void waits.push(ms) });
    setSystemTime(new Date("2031-04-01T09:00:00.000Z"));
    for (let i = 0; i < 50; i++) {
      await app.client(`172.17.0.${i}`).request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "0000" } });
    }
    waits.length = 0;
    const answers = await Promise.all(
      [1, 2, 3, 4, 5, 6].map((i) => app.client(`192.0.2.${10 + i}`).request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "0000" } })),
    );
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 401).length).toBeGreaterThan(0);
    // One went straight in, one waited a slot (200 ms), the next would have waited past 300 ms: refused.
    expect(waits).toEqual([200]);
    expect(statuses).toEqual([401, 401, 429, 429, 429, 429]);
    setSystemTime();
    setSlowLaneForTests();
  });
});

describe("requests that used to answer 500", () => {
  test("multipart with a bad boundary (signed out, on verify-pin and /login): 4xx", async () => {
    const c = app.client("10.8.0.1");
    for (const path of ["/api/auth/verify-pin", "/login", "/settings", "/?index"]) {
      const res = await c.request(path, { method: "POST", headers: { "content-type": "multipart/form-data; boundary=" }, body: "--\r\nnope" });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
  });

  test("/settings with _entity=__proto__ or constructor: 400", async () => {
    for (const entity of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const res = await admin.request("/settings?tab=products", { method: "POST", form: { _entity: entity, name: "x" } });
      expect(res.status).toBe(400);
    }
  });

  test("an administrator deleting their own account: 409 with a message", async () => {
    addMember("Other Admin", "5678", ["management"]);
    const res = await admin.request(`/api/team-members/${adminId}`, { method: "DELETE" });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe("You cannot delete your own account. Ask another manager, or deactivate it instead.");
  });

  test("HTTP/1.0 without a Host header: 400", async () => {
    const fetch = createFetchHandler(build, { staticSource: staticFromDir("build/client"), mode: "production" });
    const server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req, srv) => fetch(req, srv) });
    try {
      const net = await import("node:net");
      const reply = await new Promise<string>((resolve) => {
        const socket = net.connect(server.port!, "127.0.0.1", () => socket.write("GET / HTTP/1.0\r\n\r\n"));
        let text = "";
        socket.on("data", (b) => (text += b));
        socket.on("end", () => resolve(text));
        setTimeout(() => (socket.destroy(), resolve(text)), 2000);
      });
      expect(reply.split("\r\n")[0]).toMatch(/ 400 /);
    } finally {
      server.stop(true);
    }
  });
});

describe("body limits", () => {
  test("sign-in and JSON writes refuse a declared body over 64 KB at once with 413", async () => {
    for (const [path, c] of [
      ["/login", app.client()],
      ["/api/auth/verify-pin", app.client()],
      ["/api/materials", admin],
    ] as const) {
      const res = await c.request(path, {
        method: "POST",
        headers: { "content-type": path === "/login" ? "application/x-www-form-urlencoded" : "application/json" },
        body: "x".repeat(65 * 1024),
      });
      expect(res.status).toBe(413);
    }
  });

  test("a chunked body (no Content-Length) is refused at the limit, and read on only as far as any route takes", async () => {
    // Past the limit the rest is read and thrown away, so that a client still sending gets the 413 instead of a
    // reset connection; past the largest body any route takes (a design: MAX_UPLOAD_MB, 50 by default), no further.
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        sent += 64 * 1024;
        if (sent > 200 * 1024 * 1024) controller.close();
        else controller.enqueue(new Uint8Array(64 * 1024).fill(65));
      },
    });
    const res = await app.client().request("/login", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: stream,
      // @ts-expect-error Bun streams request bodies with duplex half
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect(res.headers.get("connection")).toBe("close");
    expect(sent).toBeLessThan(52 * 1024 * 1024);
  });
});

describe("strict ids on pages", () => {
  test("/products/0x1, 1e0 and ' 1' are not item 1", async () => {
    for (const id of ["0x1", "1e0", "%201", "01.0"]) {
      const res = await admin.request(`/products/${id}`);
      expect(res.status).toBe(404);
      expect(await visibleHtml(res)).toContain("Product Not Found");
    }
  });

  test("a settings form post with _id=0x1 is not record 1", async () => {
    const row = await (await admin.request("/api/materials", { method: "POST", json: { name: "Vinyl", category: "Film" } })).json();
    expect(row.id).toBe(1);
    const res = await admin.request("/settings?tab=materials", { method: "POST", form: { _entity: "materials", _id: "0x1", _action: "delete" } });
    expect(res.status).toBe(404);
    expect((await admin.request("/api/materials/1")).status).toBe(200);
  });
});

describe("QR codes follow PUBLIC_URL, never the request's Host", () => {
  test("with PUBLIC_URL the label URL ignores a forged Host", () => {
    resetEnvForTests({ DATA_DIR: process.env.DATA_DIR, PUBLIC_URL: "https://shop.example.com" });
    try {
      expect(itemQrUrl(new Request("http://evil.example/products/7"), 7)).toBe("https://shop.example.com/qr/7");
    } finally {
      resetEnvForTests({ DATA_DIR: process.env.DATA_DIR });
    }
  });
});
