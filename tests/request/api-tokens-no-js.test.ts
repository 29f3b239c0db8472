import { beforeEach, expect, test } from "bun:test";
import parsePrometheusTextFormat from "parse-prometheus-text-format";
import type { Client } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";

// Global Settings → API tokens without JavaScript (decision 0041): management makes a token for a program
// with the page's form, copies it from the one answer that shows it (a field to select: no Copy button without
// scripts), the program uses it on /api, and management revokes it with the row's button. A metrics-only token
// made the same way scrapes /metrics and opens no /api data. tests/e2e/api-tokens.e2e.ts and metrics.e2e.ts walk
// the same with JavaScript.

/**
 * The page as a browser's parser reads it: linkedom keeps React's spelling of attribute names (noValidate,
 * maxLength, readOnly), which HTML parsers lowercase, so tests/helpers/html-form.ts's checks would not see them.
 */
function parsed(page: HtmlPage): HtmlPage {
  for (const el of page.$$("*")) {
    for (const a of [...el.attributes]) if (a.name !== a.name.toLowerCase()) el.setAttribute(a.name.toLowerCase(), a.value);
  }
  return page;
}

const collapse = (s: string | null | undefined) => (s ?? "").replace(/\s+/g, " ").trim();

let app: Awaited<ReturnType<typeof seedShop>>["app"];
let admin: Client;
let program: Client;

beforeEach(async () => {
  ({
    app,
    clients: { admin },
  } = await seedShop({
    ipBase: "10.64.0",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } },
    ...bakery(["Production"]),
  }));
  // A program: no cookie, no browser.
  program = app.client("10.64.0.99");
});

const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });

/** The token shown once in the answer to 'Make API token'. */
function shownToken(page: HtmlPage): string {
  const label = page.$$("label").find((l) => collapse(l.textContent).startsWith("Token (send it as"));
  expect(label, "the one-time token field").toBeDefined();
  const field = page.$(`#${label!.getAttribute("for")}`) ?? label!.querySelector("input");
  return field!.getAttribute("value") ?? "";
}

const row = (page: HtmlPage, name: string) => page.$$("tr").find((tr) => collapse(tr.textContent).includes(name));

test("make a token (a scope is required), copy it from the one answer that shows it, see its last use, revoke it", async () => {
  let p = await open(admin, "/settings").then(parsed);
  p = await p.click("API tokens").then(parsed);
  expect(p.url.pathname).toBe("/settings/api-tokens");

  // No scope chosen: refused with the reason, nothing made.
  p = await p.form({ button: "Make API token" }).fill({ name: "Quoting" }).submit("Make API token").then(parsed);
  expect(p.status).toBe(400);
  expect(p.text()).toContain("Choose at least one scope");
  expect(app.db.$client.query("SELECT count(*) AS n FROM api_tokens").get()).toEqual({ n: 0 });

  p = await p
    .form({ button: "Make API token" })
    .fill({ name: "Quoting", scopes: ["read", "projects:write"] })
    .submit("Make API token")
    .then(parsed);
  expect(p.text()).toContain("API token for Quoting made. Copy it now: it is not shown again.");
  const token = shownToken(p);
  expect(token).toMatch(/^sfk_[A-Za-z0-9_-]{43}$/);
  // Without scripts there is nothing to press: the field is there to select.
  expect(p.$$("button").filter((b) => collapse(b.textContent) === "Copy")).toHaveLength(0);

  expect((await program.request("/api/projects?limit=1", bearer(token))).status).toBe(200);

  // Shown once: a fresh look at the page lists the token without it, with its scopes, maker and last use.
  p = await open(admin, "/settings/api-tokens").then(parsed);
  expect(p.html).not.toContain(token);
  const listed = collapse(row(p, "Quoting")?.textContent);
  expect(listed).toContain("read, projects:write");
  expect(listed).toContain("by Ada Admin");
  expect(listed).not.toContain("Never");

  p = await p.form({ button: "Revoke the API token Quoting" }).submit("Revoke the API token Quoting").then(parsed);
  expect(p.redirects.length).toBeGreaterThan(0);
  expect(p.$$('[role="status"]').some((el) => collapse(el.textContent).includes("API token revoked"))).toBe(true);
  expect(collapse(row(p, "Quoting")?.textContent)).toContain("Revoked");
  expect((await program.request("/api/projects?limit=1", bearer(token))).status).toBe(401);
});

test("a metrics-only token made on the page scrapes /metrics, counting pages by route; the same token opens no /api data", async () => {
  let p = await open(admin, "/settings/api-tokens").then(parsed);
  p = await p
    .form({ button: "Make API token" })
    .fill({ name: "Prometheus", scopes: ["metrics"] })
    .submit("Make API token")
    .then(parsed);
  const token = shownToken(p);
  expect(token).toMatch(/^sfk_/);
  await open(admin, "/projects/1");

  const scrape = await program.request("/metrics", bearer(token));
  expect(scrape.status).toBe(200);
  expect(scrape.headers.get("content-type")).toContain("text/plain");
  type Family = { name: string; type: string; metrics: { labels?: Record<string, string> }[] };
  const families = parsePrometheusTextFormat(await scrape.text()) as unknown as Family[];
  const requests = families.find((f) => f.name === "shopflow_http_requests_total")!;
  expect(requests.type).toBe("COUNTER");
  expect(requests.metrics.some((m) => m.labels?.route === "/projects/:id" && m.labels?.status === "200")).toBe(true);
  expect(requests.metrics.some((m) => m.labels?.route === "/projects/1")).toBe(false);

  expect((await program.request("/metrics")).status).toBe(401);
  const api = await program.request("/api/projects", bearer(token));
  expect(api.status).toBe(403);
  expect((await api.json()).message).toContain("'read'");
});
