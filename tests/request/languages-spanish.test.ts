import { beforeEach, describe, expect, test } from "bun:test";
import { createApp, hooks, visibleHtml, type Client } from "../helpers/app";

// Which language a screen speaks (docs/product.md, Languages): the pseudo-locale cookie, then the signed-in member's
// own language, then an API token's, then the device's switch, then Accept-Language, then English; a TV board link
// and a customer link speak the language chosen when they were made.

let app: ReturnType<typeof createApp>;

beforeEach(() => {
  app = createApp({ DEMO: "1" });
  hooks.bootstrapDatabase(hooks.getEnv(), () => {});
});

const EN = { "accept-language": "en-US,en;q=0.9" };
const ES = { "accept-language": "es-MX,es;q=0.9" };
const htmlLang = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];

/** A member's device: its English/Español switch set to `cookie` (or none), signed in with `pin`. */
async function device(pin: string, cookie?: string): Promise<Client> {
  const c = app.client();
  if (cookie) c.cookies().set("shopflow_lang", cookie);
  await c.signIn(pin);
  return c;
}

const memberId = (name: string) => (app.db.$client.query("SELECT id FROM team_members WHERE name = ?").get(name) as { id: number }).id;
const languageOf = (name: string) =>
  (app.db.$client.query("SELECT language FROM team_members WHERE name = ?").get(name) as { language: string | null }).language;

describe("a member's own language", () => {
  test("a member set to Spanish sees Spanish on Home and the work list, with an English browser and switch", async () => {
    // Diego Ramos (6666) speaks Spanish in the demo shop.
    expect(languageOf("Diego Ramos")).toBe("es");
    const diego = await device("6666", "en");
    const home = await diego.request("/", { headers: EN });
    expect(home.status).toBe(200);
    expect(home.headers.get("content-language")).toBe("es");
    const html = await visibleHtml(home);
    expect(htmlLang(html)).toBe("es");
    expect(html).toContain("Su idioma:");
    expect(html).toContain("Según el dispositivo");
    expect(html).not.toContain("Your language:");
    const work = await diego.request("/work/production", { headers: EN });
    expect(work.status).toBe(200);
    expect(htmlLang(await work.text())).toBe("es");
  });

  test("a member without a language of their own follows the device: the switch, then Accept-Language", async () => {
    expect(languageOf("James Carter")).toBeNull();
    const english = await visibleHtml(await (await device("2222")).request("/", { headers: EN }));
    expect(htmlLang(english)).toBe("en");
    expect(english).toContain("Your language:");
    expect(english).toContain("Follow the device");
    const browser = await visibleHtml(await (await device("2222")).request("/", { headers: ES }));
    expect(htmlLang(browser)).toBe("es");
    expect(browser).toContain("Su idioma:");
    // The switch beats the browser, both ways.
    expect(htmlLang(await (await (await device("2222", "es")).request("/", { headers: EN })).text())).toBe("es");
    expect(htmlLang(await (await (await device("2222", "en")).request("/", { headers: ES })).text())).toBe("en");
  });

  test("the pseudo-locale cookie wins over a member's own language", async () => {
    const diego = await device("6666", "en-XA");
    expect(htmlLang(await (await diego.request("/", { headers: ES })).text())).toBe("en-XA");
  });

  test("the Home switch sets the member's own language without JavaScript, audited; 'Follow the device' clears it", async () => {
    const james = await device("2222", "en");
    const set = await james.request("/language", { method: "POST", form: { for: "me", language: "es", back: "/" } });
    expect(set.status).toBe(302);
    expect(set.headers.get("location")).toBe("/");
    expect(languageOf("James Carter")).toBe("es");
    // The device's switch is left as it was: only the member changed.
    expect(james.cookies().get("shopflow_lang")).toBe("en");
    const home = await visibleHtml(await james.request("/", { headers: EN }));
    expect(htmlLang(home)).toBe("es");
    expect(home).toMatch(/<button[^>]*aria-pressed="true"[^>]*>Español<\/button>/);
    const audit = app.db.$client
      .query("SELECT actor_name AS actor, before, after FROM audit_log WHERE entity = 'team-member' AND action = 'update' AND entity_id = ?")
      .all(memberId("James Carter")) as { actor: string; before: string; after: string }[];
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actor).toBe("James Carter");
    expect(JSON.parse(audit[0]!.before).language).toBeNull();
    expect(JSON.parse(audit[0]!.after).language).toBe("es");

    await james.request("/language", { method: "POST", form: { for: "me", language: "", back: "/" } });
    expect(languageOf("James Carter")).toBeNull();
    expect(htmlLang(await (await james.request("/", { headers: ES })).text())).toBe("en");
    // A language that is not ours changes nothing; signed out, nothing is saved.
    await james.request("/language", { method: "POST", form: { for: "me", language: "fr", back: "/" } });
    expect(languageOf("James Carter")).toBeNull();
    const out = app.client();
    expect((await out.request("/language", { method: "POST", form: { for: "me", language: "es", back: "/" } })).status).toBe(302);
    expect(out.cookies().has("shopflow_lang")).toBe(false);
  });
});

describe("the team-members API's language", () => {
  test("accepts 'en', 'es' or null, returns it, and refuses anything else with 400", async () => {
    const admin = await device("1234");
    const made = await admin.request("/api/team-members", {
      method: "POST",
      json: { name: "Rosa Vega", pinCode: "8642", accessibleDepartments: ["production"], language: "es" },
    });
    expect(made.status).toBeLessThan(300);
    const rosa = (await made.json()) as { id: number; language: string | null; version: number };
    expect(rosa.language).toBe("es");
    const read = (await (await admin.request(`/api/team-members/${rosa.id}`)).json()) as { language: string | null };
    expect(read.language).toBe("es");
    const list = (await (await admin.request("/api/team-members")).json()) as { name: string; language: string | null }[];
    expect(list.find((m) => m.name === "Rosa Vega")?.language).toBe("es");
    expect(list.find((m) => m.name === "James Carter")?.language).toBeNull();

    const cleared = await admin.request(`/api/team-members/${rosa.id}`, { method: "PATCH", json: { language: null } });
    expect(cleared.status).toBe(200);
    expect(((await cleared.json()) as { language: string | null }).language).toBeNull();

    const french = await admin.request(`/api/team-members/${rosa.id}`, { method: "PATCH", json: { language: "fr" } });
    expect(french.status).toBe(400);
    expect(((await french.json()) as { message: string }).message).toContain("Language");
    const frenchNew = await admin.request("/api/team-members", { method: "POST", json: { name: "Luc", pinCode: "8643", language: "fr" } });
    expect(frenchNew.status).toBe(400);
    // Left out, a new member follows the device.
    const plain = await admin.request("/api/team-members", { method: "POST", json: { name: "Ned", pinCode: "8644" } });
    expect(((await plain.json()) as { language: string | null }).language).toBeNull();
  });

  test("Global Settings → Team Members has the Language field, saved from the form without JavaScript", async () => {
    const admin = await device("1234");
    const page = await visibleHtml(await admin.request("/settings?tab=team&new=1"));
    expect(page).toMatch(/<label[^>]*>Language<\/label>/);
    expect(page).toContain("Follow the device</option>");
    expect(page).toContain('<option value="es" lang="es">Español</option>');
  });
});

describe("links and tokens speak the language chosen when made", () => {
  test("a board link made in Spanish shows the board in Spanish to an English browser; an English one stays English", async () => {
    const admin = await device("1234");
    const form = await visibleHtml(await admin.request("/settings/boards"));
    expect(form).toContain("Board language");
    const made = await admin.request("/settings/boards", { method: "POST", form: { intent: "create", name: "Piso TV", language: "es" } });
    expect(made.status).toBe(200);
    const link = /http:\/\/localhost(\/board\?key=[A-Za-z0-9_-]+)/.exec(await visibleHtml(made))?.[1];
    expect(link).toBeDefined();
    expect(app.db.$client.query("SELECT language FROM board_keys WHERE name = 'Piso TV'").get()).toEqual({ language: "es" });
    const tv = app.client();
    tv.cookies().set("shopflow_lang", "en");
    const board = await tv.request(link!, { headers: EN });
    expect(board.status).toBe(200);
    expect(htmlLang(await board.text())).toBe("es");
    expect((await tv.request(link!.replace("/board?", "/board.data?"), { headers: EN })).headers.get("content-language")).toBe("es");

    const { key } = hooks.createBoardKey("Office TV", { id: null, name: "test" });
    const english = app.client();
    english.cookies().set("shopflow_lang", "es");
    expect(htmlLang(await (await english.request(`/board?key=${key}`, { headers: ES })).text())).toBe("en");
    // The pseudo-locale still reaches the board: the every-word check covers it.
    const pseudo = app.client();
    pseudo.cookies().set("shopflow_lang", "en-XA");
    expect(htmlLang(await (await pseudo.request(link!)).text())).toBe("en-XA");
    // A language that is not ours is refused by the form.
    const french = await admin.request("/settings/boards", { method: "POST", form: { intent: "create", name: "TV FR", language: "fr" } });
    expect(french.status).toBe(400);
    expect(app.db.$client.query("SELECT count(*) AS n FROM board_keys WHERE name = 'TV FR'").get()).toEqual({ n: 0 });
  });

  test("a customer link made in Spanish speaks Spanish; one made without a choice speaks English", async () => {
    const admin = await device("1234");
    const projectId = (app.db.$client.query("SELECT min(id) AS id FROM projects").get() as { id: number }).id;
    expect(await visibleHtml(await admin.request(`/projects/${projectId}`))).toContain("Customer page language");
    const make = async (form: Record<string, string>) => {
      const res = await admin.request(`/projects/${projectId}`, { method: "POST", form: { intent: "create-customer-link", ...form } });
      expect(res.status).toBe(200);
      return /http:\/\/localhost(\/status\/[A-Za-z0-9_-]+)/.exec(await visibleHtml(res))![1]!;
    };
    const spanish = await make({ language: "es" });
    const english = await make({});
    const customer = app.client("10.9.9.9");
    customer.cookies().set("shopflow_lang", "en");
    expect(htmlLang(await (await customer.request(spanish, { headers: EN })).text())).toBe("es");
    expect(htmlLang(await (await customer.request(english, { headers: ES })).text())).toBe("en");
  });

  test("an API token's language drives its /api answers before Accept-Language; 'each request' follows Accept-Language", async () => {
    const admin = await device("1234");
    const page = await visibleHtml(await admin.request("/settings/api-tokens"));
    expect(page).toContain("Language of its messages");
    const makeToken = async (name: string, language?: string) => {
      const body = new URLSearchParams({ intent: "create", name, scopes: "read" });
      if (language !== undefined) body.set("language", language);
      const res = await admin.request("/settings/api-tokens", {
        method: "POST",
        body: body.toString(),
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(res.status).toBe(200);
      return /value="(sfk_[A-Za-z0-9_-]{43})"/.exec(await visibleHtml(res))![1]!;
    };
    const program = app.client("10.8.8.8");
    // An answer in words (a refusal): one that says nothing in a language (a list of records) carries none.
    const call = (token: string, headers: Record<string, string>) =>
      program.request("/api/projects/99999999", { headers: { ...headers, authorization: `Bearer ${token}` } });

    const spanish = await makeToken("Cotizador", "es");
    const es = await call(spanish, EN);
    expect(es.status).toBe(404);
    expect(es.headers.get("content-language")).toBe("es");
    // English unless chosen, whatever the program's Accept-Language.
    const plain = await makeToken("Quoting");
    expect((await call(plain, ES)).headers.get("content-language")).toBe("en");
    const follows = await makeToken("Monitor", "accept-language");
    expect((await call(follows, ES)).headers.get("content-language")).toBe("es");
    expect((await call(follows, EN)).headers.get("content-language")).toBe("en");
    // Nothing said in words, no language decided: no session lookup for a health check.
    expect((await program.request("/healthz", { headers: ES })).headers.get("content-language")).toBeNull();
    expect(app.db.$client.query("SELECT name, language FROM api_tokens ORDER BY id").all()).toEqual([
      { name: "Cotizador", language: "es" },
      { name: "Quoting", language: "en" },
      { name: "Monitor", language: null },
    ]);
  });
});
