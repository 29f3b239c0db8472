import { beforeAll, describe, expect, test } from "bun:test";
import path from "node:path";
import { build, createApp, hooks } from "../helpers/app";

// Nothing left behind (decision 0049): every page is rendered in the pseudo-locale, where each word that went
// through a catalog comes out bracketed and accented (⟦Ŝàvē⟧). Whatever else a person can read on the page must
// be data the shop typed (names, descriptions), numbers, dates or punctuation; any other word is a string that
// skipped the catalog, and would stay English on a Spanish screen.

const PSEUDO = "en-XA";
type Missed = Record<string, string[]>;
let app: ReturnType<typeof createApp>;
let admin: ReturnType<ReturnType<typeof createApp>["client"]>;
let data: string[] = [];

/** Every text the demo shop holds: what pages may show as it is. */
function shopTexts(): string[] {
  const db = hooks.getDb().$client;
  const texts = new Set<string>();
  const tables = db
    .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '__drizzle%'")
    .all();
  for (const { name } of tables) {
    const columns = db.query<{ name: string; type: string }, []>(`PRAGMA table_info("${name}")`).all();
    for (const c of columns.filter((c) => /TEXT/i.test(c.type))) {
      for (const row of db.query<{ v: string | null }, []>(`SELECT DISTINCT "${c.name}" AS v FROM "${name}" LIMIT 2000`).all()) {
        const v = row.v?.trim();
        // Codes the app stores (a status, a priority, a slug) are shown through words of their own, not as stored.
        if (!v || v.length < 2 || v.startsWith("{") || v.startsWith("[") || /^[a-z0-9_-]+$/.test(v)) continue;
        texts.add(v);
        // A sentence may carry a name in lower case ("Confirm cut file for lobby mural").
        texts.add(v.toLowerCase());
        // A person's initials stand for their photo (an avatar).
        const words = v.split(/\s+/).filter(Boolean);
        if (words.length >= 2 && words.length <= 4)
          texts.add(
            words
              .map((w) => w[0]!.toUpperCase())
              .join("")
              .slice(0, 2),
          );
      }
    }
  }
  return [...texts].sort((a, b) => b.length - a.length);
}

// Words Intl writes for a date or a time; the pseudo-locale formats them as English does.
const INTL_WORDS =
  /\b(January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec|Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday|Mon|Tue|Wed|Thu|Fri|Sat|Sun|AM|PM|UTC|GMT)\b/g;

// A relative time ('2 weeks ago', 'yesterday') comes from Intl.RelativeTimeFormat, in its own cell.
const INTL_RELATIVE =
  /^(\d+ (second|minute|hour|day|week|month|quarter|year)s? ago|in \d+ (second|minute|hour|day|week|month|quarter|year)s?|now|yesterday|today|tomorrow|(last|this|next) (week|month|quarter|year))$/;

/** What is left of a text once translated words, the shop's data, numbers and dates are taken out. */
function leftover(text: string, asked: string[] = []): string {
  if (INTL_RELATIVE.test(text.trim())) return "";
  let rest = text.replace(/⟦[^⟧]*⟧/g, " ");
  // What the address asked for (a machine no shop has) is said back as it was typed.
  for (const value of asked)
    if (value.length > 1) rest = rest.replace(new RegExp(`(?<![\\p{L}\\p{N}_-])${RegExp.escape(value)}(?![\\p{L}\\p{N}_-])`, "gu"), " ");
  for (const value of data)
    if (rest.includes(value)) rest = rest.replace(new RegExp(`(?<![\\p{L}\\p{N}])${RegExp.escape(value)}(?![\\p{L}\\p{N}])`, "gu"), " ");
  // Names that stay as they are in every language (docs/glossary-es.md), and each language's own name on the switch.
  // An address (the shop's own, an example endpoint) and a time zone's name (America/Chicago) are data too.
  rest = rest.replace(/\bhttps?:\/\/\S+|\blocalhost\b/g, " ").replace(/\b[A-Z][a-z]+(?:\/[A-Z][A-Za-z_]+)+\b/g, " ");
  rest = rest.replace(INTL_WORDS, " ").replace(/(?<!\p{L})(Shopflow|PIN|QR|API|CSV|PDF|ZPL|URL|ID|KB|MB|GB|px|in|mm|English|Español)(?!\p{L})/gu, " ");
  return /\p{L}{2,}/u.test(rest) ? rest.replace(/\s+/g, " ").trim() : "";
}

/** The readable text of a page: its text (not scripts or styles) and the attributes a person meets. */
async function readable(html: string): Promise<string[]> {
  const found: string[] = [];
  const texts: string[] = [];
  let skip = 0;
  const rewriter = new HTMLRewriter()
    // Codes (an API scope, a webhook event, a settings line) read the same in every language.
    .on("script, style, template, code, kbd, samp", {
      element(el) {
        skip++;
        el.onEndTag(() => {
          skip--;
        });
      },
    })
    .on("*", {
      element(el) {
        for (const name of ["title", "aria-label", "placeholder", "alt", "aria-description"]) {
          const value = el.getAttribute(name);
          if (value) found.push(value);
        }
        if (el.tagName === "input" && ["submit", "button"].includes(el.getAttribute("type") ?? "")) {
          const value = el.getAttribute("value");
          if (value) found.push(value);
        }
      },
    })
    .onDocument({
      text(chunk) {
        if (skip === 0) texts.push(chunk.text);
        if (chunk.lastInTextNode) texts.push("\n");
      },
    });
  // What a browser without JavaScript shows inside <noscript> is markup like the rest; the parser reads it as text.
  // A word-break hint (<wbr>) inside a long file name does not end its text.
  const markup = html
    .replace(/<noscript>/g, "<div>")
    .replace(/<\/noscript>/g, "</div>")
    .replace(/<wbr\s*\/?>/g, "");
  await rewriter.transform(new Response(markup)).text();
  // A translated message may hold markup (a link inside a sentence): its brackets open in one text and close in a
  // later one, so they are taken out of the page's whole text before it is cut back into pieces.
  const body = texts.join("").replace(/⟦[^⟧]*⟧/g, " ");
  found.push(...body.split("\n").filter((t) => t.trim()));
  return found.map((t) =>
    t
      .replace(/&amp;/g, "&")
      .replace(/&quot;/g, '"')
      .replace(/&#x27;/g, "'")
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">"),
  );
}

/** Pages in another state than the one they open in: a dialog open, a tab, a record that does not exist. */
const STATES = [
  ...["products", "departments", "workflows", "materials", "team", "categories"].flatMap((tab) => [
    `/settings?tab=${tab}`,
    `/settings?tab=${tab}&new=1`,
    `/settings?tab=${tab}&edit=1`,
    `/settings?tab=${tab}&delete=1`,
  ]),
  "/settings?tab=departments&subnew=1",
  "/products/1?qr=1",
  "/products/99999999",
  "/projects?dialog=new-project",
  "/projects/1?edit-step=1",
  "/projects/1?dialog=add-item",
  "/projects/1?dialog=design",
  "/projects/2?preview=rush",
  "/projects/99999999",
  "/items?dialog=new",
  "/items?dialog=edit&item=1",
  "/items?dialog=delete&item=1",
  "/items?dialog=qr&item=1",
  "/items/1?dialog=reset-timer",
  "/items/1?dialog=edit",
  "/items/99999999",
  "/qr/99999999",
  "/work/project-management",
  "/work/fabrication",
  "/production/zund-g3-cutter?page=1",
  "/production/no-such-machine",
  "/projects/1/machine-files?log=1",
  "/settings/printers?new=1",
  "/analytics?from=2025-11-26&to=2026-11-25",
  "/analytics?from=2026-11-26&to=2025-11-25",
];

/** Concrete addresses for every page route of the build, ids taken from the demo shop. */
function pagePaths(): string[] {
  const db = hooks.getDb().$client;
  const one = (sql: string) => String(db.query<{ v: string | number }, []>(sql).get()?.v ?? "");
  const params: Record<string, string> = {
    ":id": "",
    ":projectId": one("SELECT id AS v FROM projects ORDER BY id LIMIT 1"),
    ":machine": one("SELECT value AS v FROM departments WHERE is_machine = 1 AND is_active = 1 ORDER BY id LIMIT 1"),
    ":department": one("SELECT value AS v FROM departments WHERE is_machine = 0 AND is_active = 1 ORDER BY sort_order, id LIMIT 1"),
  };
  const idFor: Record<string, string> = {
    "projects/:id": one("SELECT id AS v FROM projects ORDER BY id LIMIT 1"),
    "products/:id": one("SELECT id AS v FROM items ORDER BY id LIMIT 1"),
    "items/:id": one("SELECT id AS v FROM items ORDER BY id LIMIT 1"),
    "qr/:id": one("SELECT id AS v FROM items ORDER BY id LIMIT 1"),
    "machine-files/:id/print": one("SELECT id AS v FROM machine_ready_files ORDER BY id LIMIT 1"),
  };
  const paths: string[] = [];
  for (const route of Object.values(build.routes)) {
    const path = (route as { path?: string }).path;
    const module = (route as { module?: { default?: unknown } }).module;
    if (path === undefined || !module?.default || path.includes("*") || path.startsWith("api/")) continue;
    // Pages reached by a key of their own (TV board, customer status, a webhook's page) are checked with one below.
    if (/:key|:feed|webhooks\/:id/.test(path)) continue;
    let concrete = path;
    for (const [pattern, id] of Object.entries(idFor)) if (path === pattern) concrete = path.replace(":id", id);
    for (const [param, value] of Object.entries(params)) if (value) concrete = concrete.replace(param, value);
    paths.push(`/${concrete}`);
  }
  return [...new Set(paths)].sort();
}

beforeAll(async () => {
  app = createApp({ DEMO: "1" });
  hooks.bootstrapDatabase(hooks.getEnv(), () => {});
  data = shopTexts();
  admin = app.client();
  admin.cookies().set("shopflow_lang", PSEUDO);
  await admin.signIn("1234");
});

describe("every page in the pseudo-locale", () => {
  test("the page routes to walk are found in the build", () => {
    const paths = pagePaths();
    expect(paths).toContain("/projects");
    expect(paths).toContain("/qr-scanner");
    expect(paths.length).toBeGreaterThan(30);
  });

  test("signed in as management, no page shows a word that skipped the catalog", async () => {
    const missed: Missed = {};
    for (const path of [...pagePaths(), ...STATES]) {
      const res = await admin.request(path);
      if (res.status >= 300 && res.status < 400) continue;
      const html = await res.text();
      expect(html).toContain(`<html lang="${PSEUDO}"`);
      await note(missed, path, html);
    }
    expectNothingMissed(missed);
  });

  test("signed out, the sign-in and home pages show no word that skipped the catalog", async () => {
    const visitor = app.client("10.0.0.9");
    visitor.cookies().set("shopflow_lang", PSEUDO);
    const missed: Missed = {};
    for (const path of ["/", "/login", "/qr-scanner", "/nowhere"]) await note(missed, `signed out ${path}`, await (await visitor.request(path)).text());
    expectNothingMissed(missed);
  });
});

/** Adds a page's untranslated texts to `missed`, digits written as # so a count or a date does not matter. */
async function note(missed: Missed, page: string, html: string) {
  const words = [
    ...new Set(
      (await readable(html))
        .map((text) => leftover(text, page.replace(/^signed out /, "").split(/[/?&=]/)))
        .filter(Boolean)
        .map((w) => w.replace(/\d+/g, "#")),
    ),
  ].sort();
  if (words.length > 0) missed[page] = words;
}

/** Fails on any text that skipped the catalog, naming the page it is on. */
function expectNothingMissed(missed: Missed) {
  expect(missed, "texts that skipped the catalog, by page").toEqual({});
}

describe("the check itself", () => {
  test("finds an English word outside the brackets and lets data, numbers and dates through", () => {
    expect(leftover("⟦Ŝàvē⟧")).toBe("");
    expect(leftover("⟦Ĩţēḿś⟧ 12 · Dec 2, 2026 10:42 AM")).toBe("");
    expect(leftover("Save changes")).toBe("Save changes");
    expect(leftover("3 weeks ago")).toBe("");
    expect(leftover("http://localhost:3000/board?key=abc America/Chicago")).toBe("");
    expect(leftover("Saved 3 weeks ago")).toBe("Saved 3 weeks ago");
    expect(leftover(`${data[data.length - 1] ?? "x"} ⟦Ŝàvē⟧`)).toBe("");
  });
});
