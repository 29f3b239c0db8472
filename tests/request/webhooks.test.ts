import { afterEach, beforeEach, describe, expect, test } from "bun:test";
import { webhookUrlRefusal } from "~/domain/webhooks";
import type { WebhookSender } from "~/services/webhook-sender.server";
import { visibleHtml, type Client, hooks } from "../helpers/app";
import { captureStatements } from "../helpers/app";
import { bakery, seedShop } from "../helpers/shop";
import { until } from "../helpers/wait";
import { startReceiver, type Receiver } from "../helpers/webhook-receiver";

const { getDb, writeAudit, endTimer, startTimer, retryDelay, signWebhook, startWebhookSender } = hooks;

// Webhooks (docs/decisions/0042-webhooks.md): management adds an endpoint in Global Settings → Webhooks; every
// change it wants is written to the outbox in the change's own transaction and sent, signed the Standard Webhooks
// way, in order per endpoint, retried with backoff for 24 hours. The receiver here checks each signature with the
// `standardwebhooks` package, not with the server's code.

let admin: Client;
let operator: Client;
let projectId: number;
let workflowId: number;
let itemIds: number[];
let receiver: Receiver;
let sender: WebhookSender | null = null;
let clock = { offset: 0 };

beforeEach(async () => {
  ({
    clients: { admin, operator },
    projectIds: [projectId],
    workflowId,
    itemIds,
  } = await seedShop({
    ipBase: "10.42.0",
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
});

const startSender = (opts: Parameters<typeof startWebhookSender>[0] = {}) =>
  (sender = startWebhookSender({ baseDelayMs: 40, maxDelayMs: 400, timeoutMs: 2000, now: () => Date.now() + clock.offset, ...opts }));

/** Adds an endpoint through the page's form, as management does; returns its id and secret (from its page). */
async function addEndpoint(events: string[], url = receiver.url, name = "Accounting") {
  const body = new URLSearchParams({ name, url });
  for (const e of events) body.append("events", e);
  const res = await admin.request("/settings/webhooks", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
  expect(res.status).toBe(302);
  const id = Number(res.headers.get("location")!.match(/\/settings\/webhooks\/(\d+)$/)![1]);
  const page = await visibleHtml(await admin.request(`/settings/webhooks/${id}`));
  const secret = page.match(/whsec_[A-Za-z0-9+/=]+/)![0];
  receiver.setSecret(secret);
  return { id, secret };
}

const deliveries = () =>
  getDb()
    .$client.query<{ id: number; endpointId: number; messageId: string; eventType: string; status: string; attempts: number; payload: string }, []>(
      "SELECT id, endpoint_id AS endpointId, message_id AS messageId, event_type AS eventType, status, attempts, payload FROM webhook_deliveries ORDER BY id",
    )
    .all();

const post = (c: Client, path: string, json?: unknown, method = "POST") => c.request(path, { method, json });

async function scan(itemId: number) {
  expect((await post(operator, `/api/items/${itemId}/start-timer`)).status).toBe(200);
  expect((await post(operator, `/api/items/${itemId}/end-timer`)).status).toBe(200);
}

describe("Global Settings → Webhooks", () => {
  test("only management opens the page or adds an endpoint; the operator and a signed-out visitor are refused", async () => {
    expect((await admin.request("/settings/webhooks")).status).toBe(200);
    expect((await operator.request("/settings/webhooks")).status).toBe(403);
    const form = new URLSearchParams({ name: "X", url: receiver.url, events: "project.created" });
    const headers = { "content-type": "application/x-www-form-urlencoded" };
    expect((await operator.request("/settings/webhooks", { method: "POST", body: form, headers })).status).toBe(403);
    operator.clearCookies();
    expect([302, 401]).toContain((await operator.request("/settings/webhooks")).status);
    // A cross-site post is refused before anything is read.
    expect((await admin.request("/settings/webhooks", { method: "POST", body: form, headers: { ...headers, origin: "https://evil.example" } })).status).toBe(
      403,
    );
    expect(getDb().$client.query("SELECT count(*) AS n FROM webhook_endpoints").get()).toEqual({ n: 0 });
    // The empty state names the next step.
    expect(await visibleHtml(await admin.request("/settings/webhooks"))).toContain("No webhooks yet");
  });

  test("the address: https anywhere, plain http only on the shop's own network; a refused one keeps the form's message", async () => {
    for (const ok of [
      "https://erp.example.com/hook",
      "http://192.168.1.20:8080/in",
      "http://10.0.0.5/x",
      "http://localhost:9000/",
      "http://[::1]:3000/",
      "http://nas.local/hook",
      "http://erp/hook",
    ])
      expect(webhookUrlRefusal(ok), ok).toBeNull();
    for (const bad of ["http://example.com/hook", "http://8.8.8.8/hook", "ftp://192.168.1.2/x", "not a url", "https://user:pw@erp.example.com/"])
      expect(webhookUrlRefusal(bad), bad).not.toBeNull();
    const body = new URLSearchParams({ name: "Public", url: "http://example.com/hook", events: "project.created" });
    const res = await admin.request("/settings/webhooks", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res.status).toBe(400);
    expect(await visibleHtml(res)).toContain("Plain http is allowed only on the shop's own network");
    const none = new URLSearchParams({ name: "No events", url: "https://erp.example.com/hook" });
    const res2 = await admin.request("/settings/webhooks", { method: "POST", body: none, headers: { "content-type": "application/x-www-form-urlencoded" } });
    expect(res2.status).toBe(400);
    expect(await visibleHtml(res2)).toContain("Choose at least one event to send");
    expect(getDb().$client.query("SELECT count(*) AS n FROM webhook_endpoints").get()).toEqual({ n: 0 });
  });

  test("the secret is in the Standard Webhooks form, and the audit trail never holds it", async () => {
    const { secret } = await addEndpoint(["project.created"]);
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{32}$/);
    const audit = getDb()
      .$client.query<{ t: string }, []>("SELECT coalesce(after, '') || coalesce(before, '') AS t FROM audit_log WHERE entity = 'webhook-endpoint'")
      .all();
    expect(audit.length).toBe(1);
    expect(audit[0]!.t).not.toContain(secret.slice(6));
  });
});

describe("deliveries", () => {
  test("each change an endpoint wants arrives once, signed (checked by standardwebhooks), in order, with no PIN or secret in it", async () => {
    const all = await addEndpoint(["project.created", "project.updated", "project.completed", "item.moved", "item.finished", "machine_file.completed"]);
    // A second endpoint wants only new projects: it gets only those.
    const second = startReceiver();
    const body = new URLSearchParams({ name: "Chat", url: second.url, events: "project.created" });
    expect((await admin.request("/settings/webhooks", { method: "POST", body, headers: { "content-type": "application/x-www-form-urlencoded" } })).status).toBe(
      302,
    );
    try {
      const created = (await (await post(admin, "/api/projects", { name: "Deli", description: "d", workflowId })).json()) as { id: number };
      expect((await post(admin, `/api/projects/${created.id}`, { name: "Deli counter" }, "PATCH")).status).toBe(200);
      await scan(itemIds[0]!); // Pre-production → Production: item.moved
      await scan(itemIds[0]!); // Production → Installation: item.moved
      await scan(itemIds[0]!); // Installation is the last: item.finished
      expect((await post(admin, "/api/departments", { name: "Router", isMachine: true })).status).toBe(201);
      const fileRes = await post(admin, "/api/machine-ready-files", { name: "Panel", fileName: "panel.pdf", machine: "router", projectId });
      expect(fileRes.status).toBe(201);
      const file = (await fileRes.json()) as { id: number };
      expect((await post(admin, `/api/machine-ready-files/${file.id}`, { qrCodeClicked: true }, "PATCH")).status).toBe(200);
      expect((await post(admin, `/api/machine-ready-files/${file.id}`, { isCompleted: true }, "PATCH")).status).toBe(200);
      const queued = deliveries();
      startSender();
      expect(await until(() => receiver.received.length + second.received.length >= queued.length)).toBe(true);
      await sender!.idle();

      const types = receiver.received.map((r) => r.type);
      expect(types).toEqual(queued.filter((d) => d.endpointId === all.id).map((d) => d.eventType));
      expect(types).toContain("project.created");
      expect(types).toContain("project.updated");
      expect(types).toContain("item.moved");
      expect(types).toContain("item.finished");
      expect(types).toContain("machine_file.completed");
      expect(receiver.received.find((r) => r.type === "machine_file.completed")!.data).toMatchObject({
        machineFileId: file.id,
        fileName: "panel.pdf",
        machine: "router",
      });
      expect(receiver.received.find((r) => r.type === "item.finished")!.data).toMatchObject({ itemId: itemIds[0], department: "installation" });
      // In order: the receiver saw them in the order they were written.
      expect(receiver.received.map((r) => r.id)).toEqual(queued.filter((d) => d.endpointId === all.id).map((d) => d.messageId));
      expect(receiver.received.every((r) => r.verified === true)).toBe(true);
      expect(second.received.map((r) => r.type)).toEqual(["project.created"]);
      const moved = receiver.received.find((r) => r.type === "item.moved" && r.data.fromDepartment === "production")!;
      expect(moved.data).toMatchObject({
        itemId: itemIds[0],
        name: "Fence banner",
        fromDepartment: "production",
        department: "installation",
        projectId,
        projectName: "Bakery",
      });
      expect(JSON.parse(moved.body)).toMatchObject({ type: "item.moved", timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) });
      const updated = receiver.received.find((r) => r.type === "project.updated")!;
      expect(updated.data).toMatchObject({ projectId: created.id, name: "Deli counter", changed: ["name"] });
      // No PIN, hash or secret in anything sent.
      for (const r of receiver.received) expect(r.body).not.toMatch(/pin|whsec_|secret/i);
      expect(deliveries().every((d) => d.status === "delivered" && d.attempts === 1)).toBe(true);
    } finally {
      await second.stop();
    }
  });

  test("the signature is HMAC-SHA256 over id.timestamp.body with the secret's bytes (the Standard Webhooks test vector)", () => {
    // From the Standard Webhooks specification's reference libraries.
    const secret = "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw";
    const body = '{"test": 2432232314}';
    expect(signWebhook(secret, "msg_p5jXN8AQM9LWM0D4loKWxJek", 1614265330, body)).toBe("v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=");
  });

  test("a receiver that answers 500 is tried again with growing waits; the next delivery waits behind it, then both arrive in order", async () => {
    await addEndpoint(["item.moved"]);
    let failures = 2;
    receiver.answer(() => (failures-- > 0 ? 500 : 200));
    await scan(itemIds[0]!);
    await scan(itemIds[1]!);
    startSender();
    expect(await until(() => deliveries().every((d) => d.status === "delivered"))).toBe(true);
    const ids = receiver.received.map((r) => r.id);
    const [first, second] = deliveries();
    // Three tries of the first (same webhook-id each time), and only then the second.
    expect(ids).toEqual([first!.messageId, first!.messageId, first!.messageId, second!.messageId]);
    expect(first!.attempts).toBe(3);
    const gaps = [receiver.received[1]!.at - receiver.received[0]!.at, receiver.received[2]!.at - receiver.received[1]!.at];
    expect(gaps[0]!).toBeGreaterThanOrEqual(20); // half of the 40 ms first wait at least
    expect(gaps[1]!).toBeGreaterThanOrEqual(40); // the second wait doubles
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    // The backoff: doubling, capped, with jitter between half and all of it.
    expect(retryDelay(1, 5000, 3_600_000, () => 1)).toBe(5000);
    expect(retryDelay(4, 5000, 3_600_000, () => 0)).toBe(20_000);
    expect(retryDelay(30, 5000, 3_600_000, () => 1)).toBe(3_600_000);
  });

  test("stopping while a receiver is answering: the stop waits for the answer and records it, so the next start sends nothing again", async () => {
    await addEndpoint(["item.moved"]);
    let answer!: (status: number) => void;
    receiver.answer(() => new Promise<number>((resolve) => (answer = resolve)));
    await scan(itemIds[0]!);
    startSender();
    expect(await until(() => receiver.received.length === 1)).toBe(true);
    // The receiver has the delivery; its 200 comes only after the server began to stop (a restart, an upgrade).
    const stopped = sender!.stop();
    answer(200);
    await stopped;
    sender = null;
    expect(deliveries().map((d) => [d.status, d.attempts])).toEqual([["delivered", 1]]);
    startSender();
    await sender!.idle();
    expect(receiver.received).toHaveLength(1);
  });

  test("a receiver still silent when the stop's grace is over: the attempt is given up unrecorded, and sent again at the next start with its webhook-id", async () => {
    await addEndpoint(["item.moved"]);
    receiver.answer(() => new Promise<number>(() => {}));
    await scan(itemIds[0]!);
    startSender({ stopGraceMs: 0 });
    expect(await until(() => receiver.received.length === 1)).toBe(true);
    await sender!.stop();
    sender = null;
    expect(deliveries().map((d) => [d.status, d.attempts])).toEqual([["pending", 0]]);
    receiver.answer(() => 200);
    startSender();
    expect(await until(() => deliveries()[0]!.status === "delivered")).toBe(true);
    expect(receiver.received.map((r) => r.id)).toEqual([deliveries()[0]!.messageId, deliveries()[0]!.messageId]);
  });

  test("after 24 hours of failures a delivery is failed, management sees it on Home and Global Settings, and 'Send again' sends it with the same webhook-id", async () => {
    const { id } = await addEndpoint(["item.moved"]);
    receiver.answer(() => 503);
    await scan(itemIds[0]!);
    await scan(itemIds[1]!);
    startSender();
    expect(await until(() => receiver.received.length >= 1)).toBe(true);
    // A day and an hour later (the injected clock): the next try is past the 24 hours, so the delivery fails and
    // the one behind it is tried.
    clock.offset = 25 * 60 * 60_000;
    sender!.kick();
    expect(await until(() => deliveries()[0]!.status === "failed")).toBe(true);
    expect(await until(() => deliveries()[1]!.status === "failed")).toBe(true);
    await sender!.stop();
    sender = null;
    const failed = deliveries()[0]!;
    expect(failed.status).toBe("failed");
    // The one behind it was tried once, also past its 24 hours by the moved clock: failed too.
    expect(deliveries().map((d) => d.status)).toEqual(["failed", "failed"]);
    const notice = "2 webhook deliveries failed after 24 hours of retries.";
    const has = async (c: Client, path: string, text: string) => (await visibleHtml(await c.request(path))).includes(text);
    expect(await has(admin, "/", notice)).toBe(true);
    expect(await has(admin, "/settings", notice)).toBe(true);
    expect(await has(operator, "/", "failed after 24 hours")).toBe(false);
    const log = await visibleHtml(await admin.request(`/settings/webhooks/${id}`));
    expect(log).toContain("Failed");
    expect(log).toContain("HTTP 503");

    // The receiver is fixed; management presses 'Send again'.
    receiver.answer(() => 200);
    clock.offset = 0;
    const before = receiver.received.length;
    const operatorTry = await operator.request(`/settings/webhooks/${id}`, { method: "POST", form: { intent: "send-again", delivery: String(failed.id) } });
    expect(operatorTry.status).toBe(403);
    const res = await admin.request(`/settings/webhooks/${id}`, { method: "POST", form: { intent: "send-again", delivery: String(failed.id) } });
    expect(res.status).toBe(302);
    startSender();
    expect(await until(() => deliveries()[0]!.status === "delivered")).toBe(true);
    const again = receiver.received.slice(before).find((r) => r.id === failed.messageId);
    expect(again?.verified).toBe(true);
    expect(again?.body).toBe(failed.payload);
    expect(await has(admin, "/", "1 webhook delivery failed after 24 hours of retries.")).toBe(true);
  });

  test("a delivery still being retried: the page says it keeps trying for 24 hours, and 'Try now' sends the waiting ones at once, in order", async () => {
    const { id } = await addEndpoint(["item.moved"]);
    receiver.answer(() => 500);
    await scan(itemIds[0]!);
    await scan(itemIds[1]!);
    // Waits of ten minutes: without 'Try now' nothing more would arrive during the test.
    startSender({ baseDelayMs: 600_000, maxDelayMs: 600_000 });
    expect(await until(() => deliveries()[0]!.attempts === 1)).toBe(true);
    const page = await visibleHtml(await admin.request(`/settings/webhooks/${id}`));
    expect(page).toContain("tried again, less often each time, for 24 hours");
    expect(page).toContain("Try now");

    receiver.answer(() => 200);
    expect((await operator.request(`/settings/webhooks/${id}`, { method: "POST", form: { intent: "try-now" } })).status).toBe(403);
    const res = await admin.request(`/settings/webhooks/${id}`, { method: "POST", form: { intent: "try-now" } });
    expect(res.status).toBe(302);
    expect(await until(() => deliveries().every((d) => d.status === "delivered"))).toBe(true);
    const [first, second] = deliveries();
    expect(receiver.received.map((r) => r.id)).toEqual([first!.messageId, first!.messageId, second!.messageId]);
    // Its attempts are kept: the second try of the first delivery, the first of the next.
    expect(deliveries().map((d) => d.attempts)).toEqual([2, 1]);
  });

  test("the outbox row is written in the change's transaction: a write that fails leaves no delivery", async () => {
    await addEndpoint(["project.created", "item.moved"]);
    expect(() =>
      getDb().transaction((tx) => {
        writeAudit({ id: null, name: "test" }, { action: "create", entity: "project", entityId: 999, after: { id: 999, name: "Ghost", status: "active" } }, tx);
        expect(deliveries().length).toBe(1); // inside, the row is there
        throw new Error("the write fails after its audit row");
      }),
    ).toThrow("the write fails");
    expect(deliveries()).toEqual([]);
    // A refused scan (the timer is not running) writes nothing either.
    expect((await post(operator, `/api/items/${itemIds[0]}/end-timer`)).status).toBe(409);
    expect(deliveries()).toEqual([]);
  });

  test("an endpoint switched off gets nothing queued, and a change nobody wants queues nothing", async () => {
    const { id } = await addEndpoint(["project.created"]);
    await scan(itemIds[0]!); // item.moved: not wanted
    expect(deliveries()).toEqual([]);
    expect((await admin.request(`/settings/webhooks/${id}`, { method: "POST", form: { intent: "toggle", to: "off" } })).status).toBe(302);
    await post(admin, "/api/projects", { name: "Off", description: "d", workflowId });
    expect(deliveries()).toEqual([]);
    expect((await admin.request(`/settings/webhooks/${id}`, { method: "POST", form: { intent: "toggle", to: "on" } })).status).toBe(302);
    await post(admin, "/api/projects", { name: "On", description: "d", workflowId });
    expect(deliveries().map((d) => JSON.parse(d.payload).data.name)).toEqual(["On"]);
  });
});

describe("project.at_risk", () => {
  test("sent when the forecast moves a project into at risk, once, not on every computation", async () => {
    await addEndpoint(["project.at_risk"]);
    const atRisk = () => deliveries().filter((d) => d.eventType === "project.at_risk");
    // The first computation only sets what was at risk before.
    expect((await admin.request(`/api/projects/${projectId}/forecast`)).status).toBe(200);
    expect(atRisk()).toEqual([]);
    const endDate = new Date(Date.now() - 30 * 24 * 60 * 60_000).toISOString().slice(0, 10);
    expect((await post(admin, `/api/projects/${projectId}`, { endDate }, "PATCH")).status).toBe(200);
    const forecast = (await (await admin.request(`/api/projects/${projectId}/forecast`)).json()) as { atRisk: boolean };
    expect(forecast.atRisk).toBe(true);
    expect(atRisk().length).toBe(1);
    expect(JSON.parse(atRisk()[0]!.payload)).toMatchObject({
      type: "project.at_risk",
      data: { projectId, name: "Bakery", workingDaysLate: expect.any(Number) },
    });
    // Computed again (another change): still at risk, nothing new.
    expect((await post(admin, `/api/projects/${projectId}`, { priority: "high" }, "PATCH")).status).toBe(200);
    await admin.request(`/api/projects/${projectId}/forecast`);
    expect(atRisk().length).toBe(1);
  });
});

describe("/api/webhooks", () => {
  test("mirrors the screen: management adds, reads, lists deliveries and sends again; others get JSON refusals", async () => {
    const refused = await post(operator, "/api/webhooks", { name: "X", url: receiver.url, events: ["project.created"] });
    expect(refused.status).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBeString();
    const bad = await post(admin, "/api/webhooks", { name: "X", url: "http://example.com/hook", events: ["project.created", "nope"] });
    expect(bad.status).toBe(400);
    const issues = ((await bad.json()) as { issues: { path: string; message: string }[] }).issues;
    expect(issues.map((i) => i.path)).toEqual(expect.arrayContaining(["url", "events.1"]));

    const created = await post(admin, "/api/webhooks", { name: "ERP", url: receiver.url, events: ["project.created"] });
    expect(created.status).toBe(201);
    const endpoint = (await created.json()) as { id: number; secret: string; version: number };
    expect(endpoint.secret).toStartWith("whsec_");
    receiver.setSecret(endpoint.secret);
    const list = (await (await admin.request("/api/webhooks")).json()) as Record<string, unknown>[];
    expect(list).toHaveLength(1);
    expect(list[0]).not.toHaveProperty("secret");
    expect((await post(admin, `/api/webhooks/${endpoint.id}`, { url: "http://8.8.8.8/x" }, "PATCH")).status).toBe(400);
    expect((await post(admin, `/api/webhooks/${endpoint.id}`, { name: "ERP 2", version: 99 }, "PATCH")).status).toBe(409);

    await post(admin, "/api/projects", { name: "Via API", description: "d", workflowId });
    startSender();
    expect(await until(() => deliveries()[0]?.status === "delivered")).toBe(true);
    const log = await admin.request(`/api/webhooks/${endpoint.id}/deliveries`);
    expect(log.headers.get("x-total-count")).toBe("1");
    const [d] = (await log.json()) as { id: number; messageId: string; status: string; payload: { type: string } }[];
    expect(d).toMatchObject({ status: "delivered", payload: { type: "project.created" } });
    const again = await post(admin, `/api/webhooks/${endpoint.id}/deliveries/${d!.id}/send-again`);
    expect(again.status).toBe(200);
    expect(await until(() => receiver.received.filter((r) => r.id === d!.messageId).length === 2)).toBe(true);
    expect(receiver.received.every((r) => r.verified)).toBe(true);
    expect((await post(operator, `/api/webhooks/${endpoint.id}/deliveries/${d!.id}/send-again`)).status).toBe(403);
    expect((await post(admin, `/api/webhooks/${endpoint.id}/deliveries/99999/send-again`)).status).toBe(404);
    expect((await admin.request(`/api/webhooks/${endpoint.id}`, { method: "DELETE" })).status).toBe(200);
    expect(deliveries()).toEqual([]);
  });
});

describe("the hot path", () => {
  test("a timer scan whose event nobody wants runs no webhook query; one that is wanted adds one read and one insert per endpoint", async () => {
    await addEndpoint(["project.created"]);
    const actor = { id: null, name: "Scanner" };
    // The first write reads the endpoints once; from then on they are kept in memory.
    startTimer(itemIds[0]!, actor);
    endTimer(itemIds[0]!, actor);
    const quiet = captureStatements(() => {
      startTimer(itemIds[0]!, actor);
      endTimer(itemIds[0]!, actor);
    });
    expect(quiet.filter((q) => /webhook|FROM items i LEFT JOIN projects/i.test(q.sql))).toEqual([]);
    await addEndpoint(["item.moved"], receiver.url, "Floor");
    startTimer(itemIds[1]!, actor);
    endTimer(itemIds[1]!, actor); // reads the endpoints again after the change
    startTimer(itemIds[1]!, actor);
    const wanted = captureStatements(() => endTimer(itemIds[1]!, actor));
    expect(wanted.filter((q) => /webhook/i.test(q.sql)).map((q) => q.sql.trim().split(/\s+/)[0])).toEqual(["INSERT"]);
    expect(wanted.filter((q) => /FROM items i LEFT JOIN projects/.test(q.sql))).toHaveLength(1);
    expect(deliveries().map((d) => d.eventType)).toEqual(["item.moved", "item.moved"]);
  });
});
