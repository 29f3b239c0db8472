import { afterEach, beforeEach, expect, test } from "bun:test";
import type { WebhookSender } from "~/services/webhook-sender.server";
import type { Client } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";
import { until } from "../helpers/wait";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver";
import { hooks } from "../helpers/app";

const { startWebhookSender } = hooks;

// Global Settings → Webhooks without JavaScript (docs/decisions/0042-webhooks.md): a manager adds an endpoint for
// the shop's accounting program with the page's form, reads its secret, sees a new project's delivery in the log
// with its answer, sends it again with the row's button, and deletes the endpoint after confirming. Each step
// presses the page's real links and buttons (tests/helpers/html-form.ts); tests/e2e/webhooks.e2e.ts walks the same
// with JavaScript and on a phone.

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

let admin: Client;
let workflowId: number;
let receiver: Receiver;
let sender: WebhookSender | null = null;

beforeEach(async () => {
  ({
    clients: { admin },
    workflowId,
  } = await seedShop({
    ipBase: "10.65.0",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } },
    ...bakery(["Production"]),
  }));
  receiver = startReceiver();
});

afterEach(async () => {
  await sender?.stop();
  sender = null;
  await receiver.stop();
});

const name = (el: { getAttribute(n: string): string | null; textContent: string | null }) => el.getAttribute("aria-label") ?? collapse(el.textContent);

test("add a webhook (a public http address refused), read its secret, see a new project's delivery, send it again, delete it", async () => {
  let p = await open(admin, "/settings").then(parsed);
  p = await p.click("Webhooks").then(parsed);
  expect(p.url.pathname).toBe("/settings/webhooks");

  // A public http address is refused, with the reason under the field; what was typed stays.
  const typed = { name: "Accounting", url: "http://example.com/hook", events: ["project.created"] };
  p = await p.form({ button: "Add webhook" }).fill(typed).submit("Add webhook").then(parsed);
  expect(p.status).toBe(400);
  expect(p.text()).toContain("Plain http is allowed only on the shop's own network");
  const form = p.form({ button: "Add webhook" });
  expect(
    form
      .controls()
      .find((c) => c.getAttribute("name") === "name")
      ?.getAttribute("value"),
  ).toBe("Accounting");

  p = await form
    .fill({ ...typed, url: receiver.url })
    .submit("Add webhook")
    .then(parsed);
  expect(p.url.pathname).toMatch(/^\/settings\/webhooks\/\d+$/);
  expect(collapse(p.$("h1")?.textContent)).toBe("Accounting");
  expect(p.text()).toContain("Nothing sent yet");
  // The secret is in a <details> 'Show the secret' (opened without scripts by the browser itself).
  const details = p.$$("details").find((d) => collapse(d.querySelector("summary")?.textContent) === "Show the secret");
  expect(details).toBeDefined();
  const secret = collapse(details!.querySelector('[data-testid="webhook-secret"]')?.textContent);
  expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]{32}$/);
  receiver.setSecret(secret);
  const endpointPath = p.url.pathname;

  // A project is added elsewhere: its delivery is sent and shows in the log.
  sender = startWebhookSender({ baseDelayMs: 40, maxDelayMs: 400, timeoutMs: 2000 });
  expect((await admin.request("/api/projects", { method: "POST", json: { name: "Hook project", description: "d", workflowId } })).status).toBe(201);
  expect(await until(() => receiver.received.some((r) => r.type === "project.created"))).toBe(true);
  const first = receiver.received.find((r) => r.type === "project.created")!;
  expect(first.verified).toBe(true);
  await sender.idle();
  p = await open(admin, endpointPath).then(parsed);
  const row = p.$('[data-testid="webhook-delivery"]');
  expect(collapse(row?.textContent)).toContain("project.created");
  expect(collapse(row?.textContent)).toContain("Delivered");
  expect(collapse(row?.textContent)).toContain("HTTP 200");

  const again = p.forms().find((f) => f.element.closest('[data-testid="webhook-delivery"]') && f.submitButtons().some((b) => /^Send again/.test(name(b))));
  expect(again, "a 'Send again' button on the delivery").toBeDefined();
  p = await again!.submit(/^Send again/).then(parsed);
  expect(p.redirects.length).toBeGreaterThan(0);
  expect(p.$$('[role="status"]').some((el) => collapse(el.textContent).includes("Delivery queued again"))).toBe(true);
  expect(await until(() => receiver.received.filter((r) => r.id === first.id).length === 2)).toBe(true);

  // Deleted after confirming: it is gone from the list.
  p = await p.click("Delete").then(parsed);
  p = await p.form({ button: "Delete webhook" }).submit("Delete webhook").then(parsed);
  expect(p.url.pathname).toBe("/settings/webhooks");
  expect(p.$$("a").filter((a) => collapse(a.textContent) === "Accounting")).toHaveLength(0);
});
