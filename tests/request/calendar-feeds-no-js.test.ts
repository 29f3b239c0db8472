import { beforeEach, expect, test } from "bun:test";
import ICAL from "ical.js";
import type { Client } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";

// Global Settings → Calendar feeds and → Customer page without JavaScript
// (docs/decisions/0043-calendar-feeds-and-customer-links.md): a feed made for a department with the page's form
// shows its address once, the address serves an iCalendar that ical.js reads, the row then shows it was fetched,
// and revoked with the row's button it answers 410. The shop's name for customer pages is saved with its form.
// tests/e2e/calendar-feeds.e2e.ts walks the same with JavaScript.

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
const toasted = (p: HtmlPage, text: string) => p.$$('[role="status"]').some((el) => collapse(el.textContent).includes(text));

let app: Awaited<ReturnType<typeof seedShop>>["app"];
let admin: Client;

beforeEach(async () => {
  ({
    app,
    clients: { admin },
  } = await seedShop({
    ipBase: "10.66.0",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } },
    ...bakery(["Production", "Installation"]),
  }));
});

test("a department's calendar feed is made, fetched, shown as fetched and revoked from Global Settings", async () => {
  let p = await open(admin, "/settings/calendars").then(parsed);
  expect(p.status).toBe(200);
  const form = p.form({ button: "Make calendar feed" });
  const departments = [...form.element.querySelectorAll('select[name="subject"] optgroup[label="Departments"] option')];
  expect(departments.length).toBeGreaterThan(0);
  const name = "Installers, north; 🚐";
  p = await form
    .fill({ subject: departments.at(-1)!.getAttribute("value")!, name })
    .submit("Make calendar feed")
    .then(parsed);
  const link = p.$('[data-testid="calendar-link"]')?.getAttribute("value") ?? "";
  expect(link).toMatch(/\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);

  // A calendar app fetches it: no session.
  const calendarApp = app.client("10.66.0.77");
  const res = await calendarApp.request(new URL(link).pathname);
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
  expect(new ICAL.Component(ICAL.parse(await res.text())).name).toBe("vcalendar");

  // Opened again, the address is not shown; the row says it was fetched.
  p = await open(admin, "/settings/calendars").then(parsed);
  expect(p.$('[data-testid="calendar-link"]')).toBeNull();
  const row = () => p.$$('[data-testid="calendar-feed-row"]').find((r) => collapse(r.textContent).includes(name));
  expect(row()).toBeDefined();
  expect(collapse(row()!.textContent)).not.toContain("Never");
  p = await p
    .form({ button: `Revoke the calendar feed ${name}` })
    .submit(`Revoke the calendar feed ${name}`)
    .then(parsed);
  expect(toasted(p, "Calendar feed revoked")).toBe(true);
  expect(collapse(row()?.textContent)).toContain("Revoked");
  expect((await calendarApp.request(new URL(link).pathname)).status).toBe(410);
});

test("the shop's name for customer pages is saved on Global Settings → Customer page", async () => {
  let p = await open(admin, "/settings/customer-page").then(parsed);
  expect(p.status).toBe(200);
  p = await p.form({ button: "Save name" }).fill({ shopName: "Main Street Signs" }).submit("Save name").then(parsed);
  expect(p.redirects.length).toBeGreaterThan(0);
  expect(toasted(p, "Shop name saved")).toBe(true);
  expect(
    p
      .form({ button: "Save name" })
      .controls()
      .find((c) => c.getAttribute("name") === "shopName")
      ?.getAttribute("value"),
  ).toBe("Main Street Signs");
});
