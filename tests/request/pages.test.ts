import { beforeEach, describe, expect, test } from "bun:test";
import { addMember, createApp } from "../helpers/app";

let app: ReturnType<typeof createApp>;

beforeEach(() => {
  app = createApp();
});

// Only the visible document, not the hydration data, so a text must really be on the page to match.
const html = async (res: Response) => (await res.text()).split(/<script[^>]*>window.__reactRouterContext/)[0]!.replace(/<!-- -->/g, "");

describe("pages", () => {
  test("an unknown path answers 404 with '404 Page Not Found'", async () => {
    for (const path of ["/nope", "/projectz", "/settings/x/y", "/production/hp-latex/extra"]) {
      const res = await app.client().request(path);
      expect(res.status).toBe(404);
      expect(await html(res)).toContain("404 Page Not Found");
    }
  });

  test("GET /healthz is 200 when the database answers", async () => {
    const res = await app.client().request("/healthz");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok", database: "ok" });
  });

  test("home with nobody given access: 'No Access Configured' and the administrator hint", async () => {
    addMember("No Keys", "1111", []);
    const page = await html(await app.client().request("/"));
    expect(page).toContain("No Access Configured");
    expect(page).toContain("No team members have been granted access to any departments yet. Contact your administrator to set up access permissions.");
    expect(page).toContain("Access permissions are managed by your administrator");
    expect(page).toContain(">Login<");
  });

  test("home signed out, with access configured: the three tiles and their subtitles", async () => {
    addMember("Paula Pre", "1111", ["pre-production"]);
    const page = await html(await app.client().request("/"));
    for (const text of [
      "Pre-Production",
      "Setup and preparation workflows",
      "Production Floor",
      "All production stations and machines",
      "Project Management",
      "Project planning and oversight",
      "Select a department and enter your PIN to access workflows",
    ]) {
      expect(page).toContain(text);
    }
    expect(page).not.toContain("Global Settings");
  });

  test("home signed in shows only the member's tiles, the name and Logout", async () => {
    addMember("Paula Pre", "1111", ["pre-production"]);
    const c = app.client();
    await c.signIn("1111");
    const page = await html(await c.request("/"));
    expect(page).toContain('data-testid="tile-pre-production"');
    expect(page).not.toContain('data-testid="tile-production"');
    expect(page).not.toContain('data-testid="tile-project-management"');
    expect(page).toContain("Paula Pre");
    expect(page).toContain("Logout");
    expect(page).not.toContain("Open menu");
  });

  test("a management member sees every tile, the Global Settings button and the side menu", async () => {
    addMember("Ada Admin", "4321", ["management"]);
    const c = app.client();
    await c.signIn("4321");
    const page = await html(await c.request("/"));
    for (const key of ["pre-production", "production", "project-management"]) {
      expect(page).toContain(`data-testid="tile-${key}"`);
    }
    expect(page).toContain('href="/settings"');
    for (const text of ["Main Page", "Overview &amp; Analytics", "Manage Projects", "online", "Manufacturing flow operational"]) {
      expect(page).toContain(text);
    }
  });
});

describe("no-JavaScript sign-in and tiles", () => {
  test("the login page is the PIN dialog as a form: 'Global Login'", async () => {
    const page = await html(await app.client().request("/login"));
    expect(page).toContain("Global Login");
    expect(page).toContain("Enter your 4-digit PIN to continue");
    expect(page).toContain('name="pinCode"');
  });

  test("posting the right PIN signs in and returns to redirectTo", async () => {
    addMember("Paula Pre", "1111", ["pre-production"]);
    const c = app.client();
    const res = await c.request("/login", { method: "POST", form: { pinCode: "1111", redirectTo: "/?x=1" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/?x=1");
    expect(c.cookies().has("shopflow_session")).toBe(true);
  });

  test("an off-site redirectTo is ignored", async () => {
    addMember("Paula Pre", "1111", ["pre-production"]);
    const res = await app.client().request("/login", {
      method: "POST",
      form: { pinCode: "1111", redirectTo: "//evil.example" },
    });
    expect(res.headers.get("location")).toBe("/");
  });

  test("the sign-in page's own Login link keeps its redirectTo as it is, not nested in another", async () => {
    addMember("Paula Pre", "1111", ["pre-production"]);
    const html = await (await app.client().request("/login?redirectTo=%2Fqr%2F121")).text();
    const hrefs = [...html.matchAll(/href="(\/login[^"]*)"/g)].map((m) => m[1]!.replaceAll("&amp;", "&"));
    expect(hrefs.length).toBeGreaterThan(0);
    for (const href of hrefs) expect(href).toBe("/login?redirectTo=%2Fqr%2F121");
  });

  test("a wrong PIN shows the error on the form", async () => {
    addMember("Paula Pre", "1111", ["pre-production"]);
    const res = await app.client().request("/login", { method: "POST", form: { pinCode: "9999" } });
    expect(res.status).toBe(401);
    expect(await html(res)).toContain("Invalid PIN code");
    const short = await app.client().request("/login", { method: "POST", form: { pinCode: "12" } });
    expect(short.status).toBe(400);
    expect(await html(short)).toContain("Please enter a 4-digit PIN");
  });

  test("signed-out tile with nobody holding its key: 'Access Denied' toast after the redirect", async () => {
    addMember("Paula Pre", "1111", ["pre-production"]);
    const c = app.client();
    const res = await c.request("/?index", { method: "POST", form: { tile: "production" } });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/");
    const page = await html(await c.request("/"));
    expect(page).toContain("Access Denied");
    expect(page).toContain("No team members have access to this department.");
    // The flash toast is shown once.
    expect(await html(await c.request("/"))).not.toContain("No team members have access to this department.");
  });

  test("signed-out tile someone holds: the PIN form titled 'Access {title}', then the route with 'Access Granted'", async () => {
    addMember("Paula Pre", "1111", ["pre-production"]);
    const c = app.client();
    const res = await c.request("/?index", { method: "POST", form: { tile: "pre-production" } });
    expect(res.headers.get("location")).toBe("/login?tile=pre-production");
    expect(await html(await c.request("/login?tile=pre-production"))).toContain("Access Pre-Production");
    const signed = await c.request("/login", { method: "POST", form: { pinCode: "1111", tile: "pre-production" } });
    expect(signed.headers.get("location")).toBe("/pre-production");
    const page = await html(await c.request("/"));
    expect(page).toContain("Access Granted");
    expect(page).toContain("Accessing Pre-Production.");
  });

  test("signed-in tile clicks: management override, own key, and no access", async () => {
    addMember("Ada Admin", "4321", ["management"]);
    addMember("Paula Pre", "1111", ["pre-production"]);
    const admin = app.client("10.0.0.2");
    await admin.signIn("4321");
    const a = await admin.request("/?index", { method: "POST", form: { tile: "project-management" } });
    expect(a.headers.get("location")).toBe("/projects");
    expect(await html(await admin.request("/"))).toContain("Accessing Project Management (Management Override).");

    const paula = app.client("10.0.0.3");
    await paula.signIn("1111");
    const denied = await paula.request("/?index", { method: "POST", form: { tile: "production" } });
    expect(denied.headers.get("location")).toBe("/");
    expect(await html(await paula.request("/"))).toContain("You don&#x27;t have access to Production Floor.");
  });
});

describe("behind a TLS proxy", () => {
  test("with TRUST_PROXY=1 a form post from the public https origin is accepted", async () => {
    const proxied = createApp({ TRUST_PROXY: "1" });
    addMember("Paula Pre", "1111", ["pre-production"]);
    const c = proxied.client("127.0.0.1");
    const res = await c.request("/login", {
      method: "POST",
      form: { pinCode: "1111" },
      headers: {
        origin: "https://shop.example.com",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "shop.example.com",
        "x-forwarded-for": "203.0.113.7",
      },
    });
    expect(res.status).toBe(302);
    // Over HTTPS the session is a __Host- cookie (Secure, Path=/, no Domain).
    const cookie = res.headers.getSetCookie().find((s) => s.startsWith("__Host-shopflow_session="))!;
    expect(cookie).toContain("Secure");
  });

  test("the client address comes from X-Forwarded-For only when TRUST_PROXY=1", async () => {
    addMember("Paula Pre", "1111", ["pre-production"]);
    const c = app.client("10.1.1.1");
    for (let i = 0; i < 5; i++) {
      await c.request("/api/auth/verify-pin", {
        method: "POST",
        json: { pinCode: "0000" },
        headers: { "x-forwarded-for": `198.51.100.${i}` },
      });
    }
    // Spoofed X-Forwarded-For did not spread the failures over five addresses.
    const res = await c.request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "1111" } });
    expect(res.status).toBe(429);
  });
});

describe("static assets", () => {
  test("built assets are served with a long cache; traversal is refused", async () => {
    const page = await html(await app.client().request("/"));
    const asset = page.match(/\/assets\/[^"]+\.js/)![0];
    const res = await app.client().request(asset);
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toContain("immutable");
    const bad = await app.client().request("/..%2f..%2fpackage.json");
    expect(bad.status).toBe(404);
  });
});
