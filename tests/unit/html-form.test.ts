import { describe, expect, test } from "bun:test";
import type { Client } from "../helpers/app";
import { navigate, open } from "../helpers/html-form";

// The no-JavaScript browser of the request tests must send what a browser sends (the HTML standard's form
// submission), or the tests built on it prove nothing: checked here against a page served by a fake client
// that records every request.

type Seen = { method: string; path: string; type: string | null; body: string; origin: string | null; fetchSite: string | null };

function site(pages: Record<string, string | ((seen: Seen) => Response)>) {
  const seen: Seen[] = [];
  const client = {
    async request(path: string, init: RequestInit = {}) {
      const req = new Request(`http://localhost${path}`, { ...init, headers: init.headers });
      const body = req.body ? await req.text() : "";
      const method = req.method;
      const entry: Seen = {
        method,
        path,
        type: req.headers.get("content-type"),
        body,
        origin: method === "GET" ? null : "http://localhost",
        fetchSite: req.headers.get("sec-fetch-site"),
      };
      seen.push(entry);
      const page = pages[path.split("?")[0]!];
      if (typeof page === "function") return page(entry);
      if (page === undefined) return new Response("not found", { status: 404 });
      return new Response(page, { headers: { "content-type": "text/html" } });
    },
  } as unknown as Client;
  return { client, seen };
}

const FORM = `<!doctype html><html><body>
<h1>Edit <span aria-hidden="true">✎</span> sign</h1>
<form id="edit" method="post" action="/save" noValidate>
  <input name="name" value="Old name" maxLength="8">
  <input name="code" value="A1" readOnly>
  <input type="hidden" name="_version" value="3">
  <input type="checkbox" name="rush" value="yes">
  <input type="checkbox" name="keys" value="a" checked><input type="checkbox" name="keys" value="b">
  <input type="radio" name="size" value="s" checked><input type="radio" name="size" value="l">
  <select name="priority"><option value="low">Low</option><option value="high" selected>High</option></select>
  <select name="material"><option>Vinyl</option><option disabled>Gone</option><option>Aluminium</option></select>
  <textarea name="notes">
line one
line two</textarea>
  <fieldset disabled><legend><input name="legend" value="kept"></legend><input name="off" value="x"></fieldset>
  <input name="blocked" value="x" disabled>
  <button name="intent" value="save">Save <span aria-hidden="true">→</span></button>
  <button name="intent" value="delete" formAction="/remove" formNoValidate>Delete</button>
  <button type="button" name="nope" value="1">Not a submit</button>
</form>
<input form="edit" name="outside" value="joined">
<form method="get" action="/search"><input name="q" required><button>Search</button></form>
<form method="post" action="/upload" encType="multipart/form-data"><input type="file" name="csv"><input name="label" value="x"><button>Upload</button></form>
</body></html>`;

const parse = (body: string) => [...new URLSearchParams(body)];

describe("the entry list a browser sends", () => {
  test("fields in tree order, the submitter's name and value, nothing disabled, unchecked or of another form", async () => {
    const { client, seen } = site({ "/edit": FORM, "/save": () => new Response("saved") });
    const page = await open(client, "/edit");
    await page.form({ button: "Save" }).submit("Save");
    const post = seen.at(-1)!;
    expect(post).toMatchObject({ method: "POST", path: "/save", type: "application/x-www-form-urlencoded", fetchSite: "same-origin" });
    expect(parse(post.body)).toEqual([
      ["name", "Old name"],
      ["code", "A1"],
      ["_version", "3"],
      ["keys", "a"],
      ["size", "s"],
      ["priority", "high"],
      ["material", "Vinyl"],
      ["notes", "line one\r\nline two"],
      ["legend", "kept"],
      ["intent", "save"],
      ["outside", "joined"],
    ]);
  });

  test("filling: maxlength cuts, options by value or text, checkbox groups, radios; a read-only or unknown field throws", async () => {
    const { client, seen } = site({ "/edit": FORM, "/save": () => new Response("saved") });
    const form = (await open(client, "/edit")).form({ button: "Save" });
    form.fill({ name: "A much longer name", rush: true, keys: ["b"], size: "l", priority: "Low", material: "Aluminium", notes: "a\nb" });
    expect(() => form.fill({ code: "B2" })).toThrow("read-only");
    expect(() => form.fill({ missing: "x" })).toThrow('no field named "missing"');
    expect(() => form.fill({ material: "Gone" })).toThrow("disabled");
    expect(() => form.fill({ priority: "urgent" })).toThrow("offers no option");
    expect(() => form.fill({ blocked: "y" })).toThrow("disabled");
    await form.submit("Save");
    const sent = new Map(parse(seen.at(-1)!.body).filter(([k]) => k !== "_version"));
    expect(Object.fromEntries(sent)).toMatchObject({
      name: "A much l",
      rush: "yes",
      keys: "b",
      size: "l",
      priority: "low",
      material: "Aluminium",
      notes: "a\r\nb",
    });
  });

  test("a button's formaction goes elsewhere; Enter presses the first submit button", async () => {
    const { client, seen } = site({ "/edit": FORM, "/save": () => new Response("saved"), "/remove": () => new Response("removed") });
    const page = await open(client, "/edit");
    await page.form({ button: "Delete" }).submit("Delete");
    expect(seen.at(-1)).toMatchObject({ path: "/remove" });
    expect(parse(seen.at(-1)!.body)).toContainEqual(["intent", "delete"]);
    await page.form({ action: "/save" }).submit();
    expect(parse(seen.at(-1)!.body)).toContainEqual(["intent", "save"]);
    expect(() => page.form({ button: "Not a submit" })).toThrow("no form(s) match");
  });

  test("a GET form puts its fields in the query; a required field left empty is not sent", async () => {
    const { client, seen } = site({ "/edit": FORM, "/search": () => new Response("results") });
    const page = await open(client, "/edit");
    await expect(page.form({ button: "Search" }).submit()).rejects.toThrow('"q" is required and empty');
    await page.form({ button: "Search" }).fill({ q: "sign & co" }).submit();
    expect(seen.at(-1)).toMatchObject({ method: "GET", path: "/search?q=sign+%26+co" });
  });

  test("multipart when the form says so, with the file's name, type and bytes", async () => {
    const { client, seen } = site({ "/edit": FORM, "/upload": () => new Response("ok") });
    const form = (await open(client, "/edit")).form({ button: "Upload" });
    await form.fill({ csv: new File(["a,b\n"], "orders.csv", { type: "text/csv" }) }).submit();
    const post = seen.at(-1)!;
    expect(post.type).toStartWith("multipart/form-data; boundary=");
    expect(post.body).toContain('name="csv"; filename="orders.csv"');
    expect(post.body).toContain("Content-Type: text/csv");
    expect(post.body).toContain("a,b\n");
    expect(post.body).toContain('name="label"');
  });
});

describe("pages and redirects", () => {
  test("a 303 after a post is followed with GET and no body; the names a person reads leave aria-hidden out", async () => {
    const { client, seen } = site({
      "/edit": FORM,
      "/save": () => new Response(null, { status: 303, headers: { location: "/done?ok=1" } }),
      "/done": "<html><body><p role=status>Saved!</p><script>window.x = 1</script><a href=/edit>Back <span aria-hidden=true>←</span></a></body></html>",
    });
    const page = await (await open(client, "/edit")).form({ button: "Save" }).submit("Save");
    expect(page.url.pathname + page.url.search).toBe("/done?ok=1");
    expect(page.redirects).toEqual(["/done?ok=1"]);
    expect(seen.at(-1)).toMatchObject({ method: "GET", body: "" });
    expect(page.text()).toBe("Saved! Back ←");
    expect(page.link("Back")).toBe("http://localhost/edit");
    expect((await page.click("Back")).textOf("h1")).toBe("Edit ✎ sign");
  });

  test("a 307 keeps the method and body", async () => {
    const { client, seen } = site({
      "/a": () => new Response(null, { status: 307, headers: { location: "/b" } }),
      "/b": () => new Response("<p>b</p>"),
    });
    await navigate(client, "/a", { method: "POST", body: "x=1", headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(seen.map((s) => [s.method, s.path, s.body])).toEqual([
      ["POST", "/a", "x=1"],
      ["POST", "/b", "x=1"],
    ]);
  });
});
