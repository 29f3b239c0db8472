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
