import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sessions } from "#db/schema";
import { addMember, createApp, type Client } from "../helpers/app";

// Text browsers on old floor PCs: lynx sends a form that has no field as a GET, so a field-less logout form
// never posted and the member stayed signed in. `npm test` installs lynx (scripts/test.ts); a missing lynx
// fails the test, never skips it.

let app: ReturnType<typeof createApp>;
let server: ReturnType<typeof Bun.serve>;
let dir: string;

beforeAll(() => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
  server = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: (req, srv) => app.fetch(req, srv) });
  dir = mkdtempSync(path.join(tmpdir(), "shopflow-lynx-"));
});
afterAll(() => {
  server.stop(true);
  rmSync(dir, { recursive: true, force: true });
});

/** The header's logout form as the page draws it: its method, action and the fields it sends. */
function logoutForm(html: string) {
  const form = /<form[^>]*action="\/logout"[^>]*>([\s\S]*?)<\/form>/.exec(html);
  expect(form).not.toBeNull();
  const method = /method="([^"]+)"/.exec(form![0])![1];
  const fields = [...form![1]!.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1]!, m[2]!] as [string, string]);
  return { method, fields };
}

async function signedIn(): Promise<{ c: Client; token: string }> {
  const c = app.client();
  await c.signIn("4321");
  return { c, token: c.cookies().get("shopflow_session")! };
}

describe("logout from a text browser", () => {
  test("the logout form carries a field, so every browser posts it; posting its fields signs out", async () => {
    const { c } = await signedIn();
    const { method, fields } = logoutForm(await (await c.request("/")).text());
    expect(method.toLowerCase()).toBe("post");
    expect(fields.length).toBeGreaterThan(0);
    const res = await c.request("/logout", { method: "POST", form: Object.fromEntries(fields), origin: "omit" } as never);
    expect(res.status).toBe(302);
    expect((await c.request("/api/team-members")).status).toBe(401);
  });

  test("lynx: choosing Logout on the home page ends the session", async () => {
    const lynx = Bun.which("lynx");
    if (!lynx) throw new Error("lynx is not installed; run: apt-get install -y --no-install-recommends lynx");
    const { token } = await signedIn();
    const before = app.db.select().from(sessions).all().length;
    // lynx reads a cookie file only with persistent cookies on, which Debian's lynx.cfg turns off.
    const cookies = path.join(dir, "cookies");
    writeFileSync(cookies, `127.0.0.1\tFALSE\t/\tFALSE\t4102444800\tshopflow_session\t${token}\n`);
    const cfg = path.join(dir, "lynx.cfg");
    writeFileSync(cfg, `INCLUDE:/etc/lynx/lynx.cfg\nPERSISTENT_COOKIES:TRUE\nCOOKIE_FILE:${cookies}\nACCEPT_ALL_COOKIES:TRUE\n`);
    // Find the header's line ('Logout'): lynx lands on its first link (QR Timer); the next one is Logout. Enter, quit.
    const script = path.join(dir, "script");
    writeFileSync(script, ["key /", ..."Logout".split("").map((ch) => `key ${ch}`), "key ^J", "key Down Arrow", "key ^J", "key q", "key y", ""].join("\n"));
    // Asynchronous: the server answering lynx runs in this process.
    const run = Bun.spawn([lynx, `-cfg=${cfg}`, `-cmd_script=${script}`, "-cookie_save_file=/dev/null", "-noredir", `http://127.0.0.1:${server.port}/`], {
      env: { ...process.env, TERM: "vt100", HOME: dir },
      stdout: "ignore",
      stderr: "pipe",
      timeout: 60_000,
    });
    const code = await run.exited;
    expect({ code, err: await new Response(run.stderr).text() }).toEqual({ code: 0, err: "" });
    expect(app.db.select().from(sessions).all().length).toBe(before - 1);
    const res = await fetch(`http://127.0.0.1:${server.port}/api/team-members`, { headers: { cookie: `shopflow_session=${token}` } });
    expect(res.status).toBe(401);
  });

  test("a GET of /logout (what lynx sent before) signs nobody out", async () => {
    const { c } = await signedIn();
    const res = await c.request("/logout");
    expect(res.status).toBe(302);
    expect((await c.request("/api/team-members")).status).toBe(200);
  });
});

/** What lynx 2.9 sends with a page request (its User-Agent and Accept, as captured from `lynx -dump`). */
const LYNX = {
  "user-agent": "Lynx/2.9.0dev.12 libwww-FM/2.14 SSL-MM/1.4.1 GNUTLS/3.7.8",
  accept: "text/html, text/plain, text/sgml, text/css, */*;q=0.01",
  "accept-language": "en",
};

describe("signed out, a text browser gets the sign-in page", () => {
  // lynx never shows the body of a 401 that asks for no HTTP authentication: -dump printed only "Can't retry with
  // authorization", so the 'Access Denied' page with its Login link was lost on it.
  test("a page request with lynx's headers is sent to the sign-in page, which brings it back after the PIN", async () => {
    const c = app.client("10.9.0.2");
    const res = await c.request("/projects?sort=name", { headers: LYNX });
    expect(res.status).toBe(303);
    expect(res.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent("/projects?sort=name")}`);
    const login = await c.request(res.headers.get("location")!, { headers: LYNX });
    expect(login.status).toBe(200);
    expect(await login.text()).toContain('name="pinCode"');
  });

  test("JSON callers and other browsers keep their 401", async () => {
    const c = app.client("10.9.0.3");
    const api = await c.request("/api/projects", { headers: LYNX });
    expect(api.status).toBe(401);
    expect(await api.json()).toEqual({ message: "Authentication required" });
    expect((await c.request("/projects", { headers: { ...LYNX, accept: "application/json" } })).status).toBe(401);
    const browser = await c.request("/projects", {
      headers: { accept: "text/html,application/xhtml+xml", "user-agent": "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0" },
    });
    expect(browser.status).toBe(401);
    expect(await browser.text()).toContain("Access Denied");
  });

  test("lynx -dump of a page signed out prints the sign-in page", async () => {
    const lynx = Bun.which("lynx");
    if (!lynx) throw new Error("lynx is not installed; run: apt-get install -y --no-install-recommends lynx");
    const run = Bun.spawn([lynx, "-dump", "-nolist", `http://127.0.0.1:${server.port}/projects`], {
      env: { ...process.env, TERM: "vt100", HOME: dir },
      stdout: "pipe",
      stderr: "pipe",
      timeout: 60_000,
    });
    const [out, err] = await Promise.all([new Response(run.stdout).text(), new Response(run.stderr).text()]);
    expect(await run.exited).toBe(0);
    expect(`${out}${err}`).not.toContain("Can't retry with authorization");
    expect(out).toContain("PIN");
  });
});
