import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import type { WebhookSender } from "~/services/webhook-sender.server";
import { visibleHtml, type Client, hooks } from "../helpers/app";
import { bakery, seedShop } from "../helpers/shop";
import { until } from "../helpers/wait";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

const { getDb, startWebhookSender } = hooks;

// The parts that connect the shop, used together as a shop would: the quoting program sends an order with its own
// API token (decision 0041) to the order import (0045); the accounting program hears of the new projects by
// webhook (0042), and the audit trail names the token, not a person.

let admin: Client;
let program: Client;
let receiver: Receiver;
let sender: WebhookSender | null = null;

beforeEach(async () => {
  ({
    clients: { admin, program },
  } = await seedShop({
    ipBase: "10.45.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, program: { name: "Nobody", pin: "9999", keys: [] } },
    ...bakery(["Production", "Installation"]),
  }));
  // The program is no member: it carries only its token.
  program.clearCookies();
  receiver = startReceiver();
});

afterEach(async () => {
  await sender?.stop();
  sender = null;
  await receiver.stop();
});

const form = (fields: Record<string, string | string[]>) => {
  const body = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  return { method: "POST", body: body.toString(), headers: { "content-type": "application/x-www-form-urlencoded" } };
};

async function makeToken(name: string, scopes: string[]): Promise<string> {
  const html = await visibleHtml(await admin.request("/settings/api-tokens", form({ intent: "create", name, scopes })));
  return /value="(sfk_[A-Za-z0-9_-]{43})"/.exec(html)![1]!;
}

async function addEndpoint(events: string[]) {
  const res = await admin.request("/settings/webhooks", form({ name: "Accounting", url: receiver.url, events }));
  expect(res.status).toBe(302);
  const page = await visibleHtml(await admin.request(res.headers.get("location")!));
  receiver.setSecret(page.match(/whsec_[A-Za-z0-9+/=]+/)![0]);
}

const row = (r: Record<string, string | number>) => ({ workflow: "W", category: "Banner", quantity: 1, ...r });

describe("an order from the quoting program", () => {
  // An order import writes projects and their items: the quoting program's token has both scopes.
  test("imported with its token, told to the accounting program by signed webhooks, audited under the token's name", async () => {
    const token = await makeToken("Quoting", ["read", "projects:write", "items:write"]);
    await addEndpoint(["project.created", "project.updated"]);
    sender = startWebhookSender({ baseDelayMs: 40, maxDelayMs: 400, timeoutMs: 2000 });

    const rows = [
      row({ projectName: "Corner Café fascia", customer: "Corner Café", externalReference: "Q-1001", itemName: "Fascia panel", quantity: 2 }),
      row({ projectName: "Corner Café fascia", customer: "Corner Café", externalReference: "Q-1001", itemName: "Window vinyl" }),
      row({ projectName: "Dental vehicle wrap", customer: "Smile Dental", externalReference: "Q-1002", itemName: "Van wrap" }),
    ];
    const auth = { authorization: `Bearer ${token}` };
    const res = await program.request("/api/projects/import", { method: "POST", json: { rows }, headers: auth });
    expect(res.status).toBe(201);

    // Each new project reaches the receiver once, signed (checked by the standardwebhooks package), named as imported.
    await until(() => receiver.received.filter((r) => r.type === "project.created").length >= 2);
    const created = receiver.received.filter((r) => r.type === "project.created");
    expect(created.every((r) => r.verified === true)).toBe(true);
    expect(created.map((r) => JSON.stringify(r.data)).join(" ")).toContain("Corner Café fascia");
    expect(created.map((r) => JSON.stringify(r.data)).join(" ")).toContain("Dental vehicle wrap");

    // The audit trail names the program's token for what it wrote.
    const actors = getDb()
      .$client.query<{ actor: string | null }, []>(
        `SELECT DISTINCT actor_name AS actor FROM audit_log WHERE entity = 'project' AND action = 'create'
           AND entity_id IN (SELECT CAST(id AS TEXT) FROM projects WHERE external_reference IS NOT NULL)`,
      )
      .all();
    expect(actors).toEqual([{ actor: "API token “Quoting”" }]);

    // The same reference again is an update of that project, told as one; no second project.
    const again = await program.request("/api/projects/import", {
      method: "POST",
      json: { rows: [row({ projectName: "Corner Café fascia and sign", externalReference: "q-1001", itemName: "Fascia panel", quantity: 3 })] },
      headers: auth,
    });
    expect(again.status).toBe(200);
    await until(() => receiver.received.some((r) => r.type === "project.updated"));
    expect(getDb().$client.query("SELECT count(*) AS n FROM projects WHERE external_reference IS NOT NULL").get()).toEqual({ n: 2 });
    expect(receiver.received.filter((r) => r.type === "project.created")).toHaveLength(2);
  });

  test("a token without projects:write may read but is refused the import, naming the scope; nothing is written or sent", async () => {
    const token = await makeToken("Reporting", ["read"]);
    await addEndpoint(["project.created"]);
    const before = getDb().$client.query("SELECT count(*) AS n FROM projects").get();
    const res = await program.request("/api/projects/import", {
      method: "POST",
      json: { rows: [row({ projectName: "Sneaky", itemName: "Banner" })] },
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toContain("'projects:write'");
    expect(getDb().$client.query("SELECT count(*) AS n FROM projects").get()).toEqual(before);
    expect(getDb().$client.query("SELECT count(*) AS n FROM webhook_deliveries").get()).toEqual({ n: 0 });
    expect((await program.request("/api/projects", { headers: { authorization: `Bearer ${token}` } })).status).toBe(200);
  });
});
