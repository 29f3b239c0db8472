import { beforeEach, expect, test } from "bun:test";
import { CUSTOMER_LINK_INVALID } from "~/domain/customer-status";
import type { Client } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";

// The customer status link without JavaScript (docs/decisions/0043-calendar-feeds-and-customer-links.md): made with
// the project page's button (shown once, in a field to select: no Copy button without scripts), opened by the
// customer without a session, then revoked with the row's button, after which the customer reads that the link is no
// longer valid. tests/e2e/customer-link.e2e.ts walks the same with JavaScript and the customer's phone.

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
let projectId: number;

beforeEach(async () => {
  ({
    app,
    clients: { admin },
    projectIds: [projectId],
  } = await seedShop({
    ipBase: "10.67.0",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } },
    ...bakery(["Production", "Installation"]),
  }));
});

/** The project page's 'Customer link' section. */
function section(p: HtmlPage) {
  const heading = p.$$("h2, h3").find((h) => collapse(h.textContent) === "Customer link");
  const el = heading?.closest("section");
  if (!el) throw new Error("no 'Customer link' section on the project page");
  return el;
}

const firstRow = (p: HtmlPage) => collapse(section(p).querySelector('[data-testid="customer-link-row"]')?.textContent);

test("a customer link made on the project page opens the status page without a session; revoked, it says the link is no longer valid", async () => {
  let p = await open(admin, `/projects/${projectId}`).then(parsed);
  p = await p.form({ button: "Make customer link" }).submit("Make customer link").then(parsed);
  const link = section(p).querySelector('[data-testid="customer-link"]')?.getAttribute("value") ?? "";
  expect(link).toMatch(/\/status\/[A-Za-z0-9_-]{43}$/);
  // Without scripts there is nothing to press: the field is selected and copied by hand.
  expect([...section(p).querySelectorAll("button")].filter((b) => collapse(b.textContent) === "Copy")).toHaveLength(0);
  expect(firstRow(p)).toContain("Last opened: Never");

  // The customer: no session of the shop's.
  const customer = app.client("10.67.0.250");
  const status = await open(customer, new URL(link).pathname).then(parsed);
  expect(status.status).toBe(200);
  expect(status.headers.get("x-robots-tag")).toContain("noindex");
  expect(status.$('meta[name="robots"]')?.getAttribute("content")).toContain("noindex");
  expect(collapse(status.$("h1")?.textContent)).toBe("Bakery");
  expect(status.$$("h2, h3").some((h) => /Expected finish|Status/.test(collapse(h.textContent)))).toBe(true);
  // Not the app: no header, no menu, no sign-in.
  expect(status.$$("a").filter((a) => collapse(a.textContent) === "Login")).toHaveLength(0);

  p = await open(admin, `/projects/${projectId}`).then(parsed);
  expect(firstRow(p)).not.toContain("Last opened: Never");
  const revoke = p
    .forms()
    .find((f) => f.submitButtons().some((b) => /^Revoke the customer link/.test(b.getAttribute("aria-label") ?? collapse(b.textContent))));
  expect(revoke, "the row's Revoke button").toBeDefined();
  p = await revoke!.submit(/^Revoke the customer link/).then(parsed);
  expect(firstRow(p)).toContain("Revoked");

  const gone = await open(customer, new URL(link).pathname);
  expect(gone.status).toBe(404);
  expect(gone.text()).toContain(CUSTOMER_LINK_INVALID);
});
