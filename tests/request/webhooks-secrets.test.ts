import { afterEach, beforeEach, describe, expect, setSystemTime, test } from "bun:test";
import { randomBytes } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { formatDateTime } from "~/domain/dates";
import type { WebhookSender } from "~/services/webhook-sender.server";
import { type Client, hooks, visibleHtml } from "../helpers/app";
import { bakery, seedShop } from "../helpers/shop";
import { until } from "../helpers/wait";
import { type Receiver, startReceiver } from "../helpers/webhook-receiver";

const { getDb, getSecret, setSecretForTests, startWebhookSender } = hooks;

// What the webhook log and secrets keep (docs/product.md, Decisions: Webhooks): the log holds an answer's status and
// reason, never what the receiver sent back; the secret is stored sealed with a key from secret.key, so the
// database alone cannot sign; 'Make a new secret' keeps the old one signing beside the new for 24 hours. Every
// signature is checked with the `standardwebhooks` package, not the server's code.

const DAY = 24 * 60 * 60_000;
let admin: Client;
let operator: Client;
let itemIds: number[];
let receiver: Receiver;
let sender: WebhookSender | null = null;
let clock = { offset: 0 };
const servers: { stop(force?: boolean): unknown }[] = [];

beforeEach(async () => {
  ({
    clients: { admin, operator },
    itemIds,
  } = await seedShop({
    ipBase: "10.43.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, operator: { name: "Otto", pin: "2222", keys: ["production", "installation"] } },
    ...bakery(["Production", "Installation"]),
    items: [
      { name: "Fence banner", category: "Banner" },
      { name: "Door decal", category: "Banner" },
    ],
  }));
  receiver = startReceiver();
  clock = { offset: 0 };
});

afterEach(async () => {
  await sender?.stop();
  sender = null;
  await receiver.stop();
  for (const s of servers.splice(0)) await s.stop(true);
});

const startSender = (opts: Parameters<typeof startWebhookSender>[0] = {}) =>
  (sender = startWebhookSender({ baseDelayMs: 40, maxDelayMs: 400, timeoutMs: 2000, now: () => Date.now() + clock.offset, ...opts }));

async function stopSender() {
  await sender?.stop();
  sender = null;
}

async function addEndpoint(events: string[], url = receiver.url, name = "Accounting") {
  const body = new URLSearchParams({ name, url });
  for (const e of events) body.append("events", e);
  const res = await admin.request("/settings/webhooks", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(res.status).toBe(302);
  const id = Number(res.headers.get("location")!.match(/\/settings\/webhooks\/(\d+)$/)![1]);
  return { id, secret: await pageSecret(id) };
}

async function pageSecret(id: number) {
  const page = await visibleHtml(await admin.request(`/settings/webhooks/${id}`));
  return page.match(/whsec_[A-Za-z0-9+/=]+/)?.[0] ?? "";
}

type Row = { id: number; status: string; attempts: number; lastStatus: number | null; lastError: string | null };
const deliveries = () =>
  getDb().$client.query<Row, []>("SELECT id, status, attempts, last_status AS lastStatus, last_error AS lastError FROM webhook_deliveries ORDER BY id").all();
const messageIds = () =>
  getDb()
    .$client.query<{ messageId: string }, []>("SELECT message_id AS messageId FROM webhook_deliveries ORDER BY id")
    .all()
    .map((r) => r.messageId);
const storedSecret = (id: number) =>
  getDb()
    .$client.query<{ secret: string; previous: string | null; until: number | null }, [number]>(
      "SELECT secret, previous_secret AS previous, previous_secret_until AS until FROM webhook_endpoints WHERE id = ?",
    )
    .get(id)!;

async function scan(itemId: number) {
  expect((await operator.request(`/api/items/${itemId}/start-timer`, { method: "POST" })).status).toBe(200);
  expect((await operator.request(`/api/items/${itemId}/end-timer`, { method: "POST" })).status).toBe(200);
}

/** A receiver only the server can reach, answering with an error page that must not reach the log. */
function leakyTarget(status: number, statusText: string) {
  const server = Bun.serve({
    port: 0,
    hostname: "127.0.0.1",
    fetch: () =>
      new Response("<html><title>Intranet</title>db password: hunter2 — internal error page of a service only the server reaches</html>", {
        status,
        statusText,
        headers: { "content-type": "text/html" },
      }),
  });
  servers.push(server);
  return `http://127.0.0.1:${server.port}/hook`;
}

describe("the delivery log", () => {
  test("keeps an answer's status and standard reason, never the receiver's body or its own reason text", async () => {
    const { id } = await addEndpoint(["item.moved"], leakyTarget(502, "Bad Gateway hunter2"));
    await scan(itemIds[0]!);
    startSender({ baseDelayMs: 600_000, maxDelayMs: 600_000 });
    expect(await until(() => deliveries()[0]?.attempts === 1)).toBe(true);
    await stopSender();
    expect(deliveries()[0]).toMatchObject({ status: "pending", lastStatus: 502, lastError: "HTTP 502 Bad Gateway" });
    const page = await visibleHtml(await admin.request(`/settings/webhooks/${id}`));
    expect(page).toContain("HTTP 502 Bad Gateway");
    expect(page).not.toContain("hunter2");
    expect(page).not.toContain("Intranet");
    const api = await (await admin.request(`/api/webhooks/${id}/deliveries`)).text();
    expect(api).toContain("HTTP 502 Bad Gateway");
    expect(api).not.toContain("hunter2");
  });

  test("a network error is kept as its kind: connection refused, timed out", async () => {
    // A port that was just free: nothing listens on it.
    const closed = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Response(null) });
    const refusedUrl = `http://127.0.0.1:${closed.port}/hook`;
    await closed.stop(true);
    // A receiver that never answers.
    const silent = Bun.serve({ port: 0, hostname: "127.0.0.1", fetch: () => new Promise<Response>(() => {}) });
    servers.push(silent);
    await addEndpoint(["item.moved"], refusedUrl, "Gone");
    await addEndpoint(["item.moved"], `http://127.0.0.1:${silent.port}/hook`, "Silent");
    await scan(itemIds[0]!);
    startSender({ baseDelayMs: 600_000, maxDelayMs: 600_000, timeoutMs: 300 });
    expect(await until(() => deliveries().every((d) => d.attempts === 1))).toBe(true);
    await stopSender();
    expect(deliveries().map((d) => [d.lastStatus, d.lastError])).toEqual([
      [null, "Connection refused"],
      [null, "Timed out: no answer within 300 ms"],
    ]);
  });
});

describe("the secret at rest", () => {
  test("the database holds it sealed: neither the secret nor its bytes are in the file, and a delivery verifies with the secret the page showed", async () => {
    const { id, secret } = await addEndpoint(["item.moved"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const stored = storedSecret(id).secret;
    expect(stored).toStartWith("sealed.v1.");
    const file = Buffer.from(getDb().$client.serialize());
    const raw = Buffer.from(secret.slice("whsec_".length), "base64");
    expect(file.includes(Buffer.from(secret.slice("whsec_".length)))).toBe(false);
    expect(file.includes(raw)).toBe(false);
    // The API's answer carries it in clear, as before.
    const fromApi = (await (await admin.request(`/api/webhooks/${id}`)).json()) as Record<string, unknown>;
    expect(fromApi.secret).toBe(secret);
    expect(fromApi).not.toHaveProperty("previousSecret");

    receiver.setSecret(secret);
    await scan(itemIds[0]!);
    startSender();
    expect(await until(() => receiver.received.length === 1)).toBe(true);
    expect(receiver.received[0]!.verified).toBe(true);
  });

  test("with another secret.key the database alone cannot sign: nothing is sent, the page and log say why", async () => {
    const { id, secret } = await addEndpoint(["item.moved"]);
    const key = getSecret();
    await scan(itemIds[0]!);
    setSecretForTests(randomBytes(32));
    try {
      startSender({ baseDelayMs: 600_000, maxDelayMs: 600_000 });
      expect(await until(() => deliveries()[0]?.attempts === 1)).toBe(true);
      await stopSender();
      expect(receiver.received).toEqual([]);
      expect(deliveries()[0]!.lastError).toContain("cannot be opened with this server's secret.key");
      const page = await visibleHtml(await admin.request(`/settings/webhooks/${id}`));
      expect(page).toContain("The secret cannot be opened with this server's secret.key");
      expect(await pageSecret(id)).toBe("");
      // A copy of the right secret.key (a backup carries it beside the database) opens it again.
      setSecretForTests(Buffer.from(key));
      expect(await pageSecret(id)).toBe(secret);
      // 'Make a new secret' mends it under another key: the unreadable one is not kept to sign beside it.
      setSecretForTests(randomBytes(32));
      expect((await admin.request(`/settings/webhooks/${id}`, { method: "POST", form: { intent: "new-secret" } })).status).toBe(302);
      expect(await pageSecret(id)).toMatch(/^whsec_/);
      expect(storedSecret(id)).toMatchObject({ previous: null, until: null });
    } finally {
      setSecretForTests(key);
    }
  });

  test("a secret an older version stored in clear is sealed when the sender starts, once, and still signs", async () => {
    const plain = `whsec_${randomBytes(24).toString("base64")}`;
    getDb()
      .$client.query("INSERT INTO webhook_endpoints (name, url, events, secret, is_active) VALUES ('Old', ?, '[\"item.moved\"]', ?, 0)")
      .run(receiver.url, plain);
    const id = getDb().$client.query<{ id: number }, []>("SELECT max(id) AS id FROM webhook_endpoints").get()!.id;
    // Readable before the sealing step ran: the page shows it as it was.
    expect(await pageSecret(id)).toBe(plain);
    startSender();
    const sealed = storedSecret(id).secret;
    expect(sealed).toStartWith("sealed.v1.");
    expect(Buffer.from(getDb().$client.serialize()).includes(Buffer.from(plain))).toBe(false);
    await stopSender();
    // Started again: already sealed, left as it is.
    startSender();
    expect(storedSecret(id).secret).toBe(sealed);
    expect(await pageSecret(id)).toBe(plain);
    // Switched on from its page, so the outbox reads the endpoints again.
    expect((await admin.request(`/settings/webhooks/${id}`, { method: "POST", form: { intent: "toggle", to: "on" } })).status).toBe(302);
    receiver.setSecret(plain);
    await scan(itemIds[0]!);
    expect(await until(() => receiver.received.length === 1)).toBe(true);
    expect(receiver.received[0]!.verified).toBe(true);
  });
});

/** Whether a Standard Webhooks verifier holding `secret` accepts the delivery, as it would when it arrived. */
function verifies(secret: string, r: Receiver["received"][number]) {
  // The library also checks the timestamp against its own clock: it is set to the signing time for the check.
  setSystemTime(new Date(Number(r.timestamp) * 1000));
  try {
    new Webhook(secret).verify(r.body, { "webhook-id": r.id, "webhook-timestamp": r.timestamp, "webhook-signature": r.signature });
    return true;
  } catch {
    return false;
  } finally {
    setSystemTime();
  }
}

describe("'Make a new secret'", () => {
  test("the old secret signs beside the new one for 24 hours, the page says until when, then only the new one signs", async () => {
    const { id, secret: oldSecret } = await addEndpoint(["item.moved"]);
    // The server's clock held a second after the endpoint was made, so 'until' is exactly a day after the click.
    const createdAt = getDb().$client.query<{ at: number }, [number]>("SELECT created_at AS at FROM webhook_endpoints WHERE id = ?").get(id)!.at;
    const clickedAt = createdAt + 1000;
    setSystemTime(new Date(clickedAt));
    let res: Response;
    try {
      res = await admin.request(`/settings/webhooks/${id}`, { method: "POST", form: { intent: "new-secret" } });
    } finally {
      setSystemTime();
    }
    expect(res.status).toBe(302);
    const newSecret = await pageSecret(id);
    expect(newSecret).toMatch(/^whsec_/);
    expect(newSecret).not.toBe(oldSecret);
    const { until: untilMs, previous } = storedSecret(id);
    expect(previous).toStartWith("sealed.v1.");
    expect(untilMs).toBe(clickedAt + DAY);
    const page = await visibleHtml(await admin.request(`/settings/webhooks/${id}`));
    expect(page).toContain(`The previous secret still signs beside this one until ${formatDateTime(untilMs!, "America/Chicago")}`);
    // The audit trail records it, with neither secret.
    const audit = getDb()
      .$client.query<{ t: string }, []>("SELECT action || ' ' || coalesce(after, '') AS t FROM audit_log WHERE entity = 'webhook-endpoint'")
      .all()
      .map((r) => r.t)
      .join("\n");
    expect(audit).toContain("new-secret");
    for (const s of [oldSecret, newSecret]) expect(audit).not.toContain(s.slice(6));

    // At once and 23 hours later (the sender's clock): one header, two signatures; either secret verifies.
    // Each delivery arrives once: the stop between them waits for the receiver's answer, so none is sent again.
    await scan(itemIds[0]!);
    startSender();
    expect(await until(() => receiver.received.length >= 1)).toBe(true);
    await stopSender();
    clock.offset = 23 * 60 * 60_000;
    await scan(itemIds[0]!);
    startSender();
    expect(await until(() => receiver.received.length >= 2)).toBe(true);
    await stopSender();
    expect(receiver.received.map((r) => r.id)).toEqual(messageIds());
    for (const r of receiver.received) {
      expect(r.signature).toMatch(/^v1,[A-Za-z0-9+/=]+ v1,[A-Za-z0-9+/=]+$/);
      expect(verifies(newSecret, r)).toBe(true);
      expect(verifies(oldSecret, r)).toBe(true);
    }
    expect(verifies(`whsec_${randomBytes(24).toString("base64")}`, receiver.received[0]!)).toBe(false);

    // 25 hours later: only the new one signs.
    clock.offset = 25 * 60 * 60_000;
    await scan(itemIds[1]!);
    startSender();
    expect(await until(() => receiver.received.length >= 3)).toBe(true);
    await stopSender();
    expect(receiver.received.map((r) => r.id)).toEqual(messageIds());
    const after = receiver.received[2]!;
    expect(after.signature).toMatch(/^v1,[A-Za-z0-9+/=]+$/);
    expect(verifies(newSecret, after)).toBe(true);
    expect(verifies(oldSecret, after)).toBe(false);
    // And the old secret is no longer kept at all.
    expect(storedSecret(id)).toMatchObject({ previous: null, until: null });
    expect(await visibleHtml(await admin.request(`/settings/webhooks/${id}`))).not.toContain("The previous secret still signs");
  });

  test("made again within the day, only the secret just replaced keeps signing beside the newest", async () => {
    const { id, secret: first } = await addEndpoint(["item.moved"]);
    expect((await admin.request(`/settings/webhooks/${id}`, { method: "POST", form: { intent: "new-secret" } })).status).toBe(302);
    const second = await pageSecret(id);
    expect((await admin.request(`/settings/webhooks/${id}`, { method: "POST", form: { intent: "new-secret" } })).status).toBe(302);
    const third = await pageSecret(id);
    await scan(itemIds[0]!);
    startSender();
    expect(await until(() => receiver.received.length === 1)).toBe(true);
    const r = receiver.received[0]!;
    expect([verifies(third, r), verifies(second, r), verifies(first, r)]).toEqual([true, true, false]);
  });
});
