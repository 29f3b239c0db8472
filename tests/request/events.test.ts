import { beforeEach, expect, test } from "bun:test";
import type { createApp, Client } from "../helpers/app";
import { until } from "../helpers/wait";
import { seedShop } from "../helpers/shop";
import { hooks } from "../helpers/app";

const { HEARTBEAT_MS, heartbeat, openStreamCount, RETRY_MS } = hooks;

// GET /api/events: who may open it, a notice for each change, resume by Last-Event-ID, the
// heartbeat, and clean-up when the client goes away.

type Frame = { id?: string; event?: string; data?: string; retry?: string; comment?: string };

async function openStream(client: Client, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await client.request("/api/events", { signal: abort.signal, headers: { "accept-encoding": "gzip", ...headers } });
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  /** The next event block, or throws after `ms`. */
  async function next(ms = 2000): Promise<Frame> {
    const deadline = Date.now() + ms;
    while (!buffer.includes("\n\n")) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no event within ${ms} ms (have: ${JSON.stringify(buffer)})`);
      const chunk = await Promise.race([reader.read(), Bun.sleep(left).then(() => null)]);
      if (chunk === null) continue;
      if (chunk.done) throw new Error("the stream ended");
      buffer += decoder.decode(chunk.value, { stream: true });
    }
    const end = buffer.indexOf("\n\n");
    const block = buffer.slice(0, end);
    buffer = buffer.slice(end + 2);
    const frame: Frame = {};
    for (const line of block.split("\n")) {
      if (line.startsWith(":")) frame.comment = line.slice(1).trim();
      else {
        const at = line.indexOf(":");
        (frame as Record<string, string>)[line.slice(0, at)] = line.slice(at + 1).trimStart();
      }
    }
    return frame;
  }
  /** The next `change` event's data, skipping anything else. */
  async function nextChange(ms = 2000) {
    for (;;) {
      const f = await next(ms);
      if (f.event === "change")
        return {
          eventId: f.id!,
          ...(JSON.parse(f.data!) as { entity: string; id: number | null; action: string; projectId: number | null; department: string | null }),
        };
    }
  }
  return { res, next, nextChange, close: () => abort.abort() };
}

let app: ReturnType<typeof createApp>;
let admin: Client;
let operator: Client;
let wfId: number;

beforeEach(async () => {
  ({
    app,
    clients: { admin, operator },
    workflowId: wfId,
  } = await seedShop({
    ipBase: "10.7.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, operator: { name: "Otto", pin: "2222", keys: ["production"] } },
    departments: ["Production", "Installation"],
    categories: [{ name: "Banner", departmentSequence: ["production", "installation"] }],
    workflow: { name: "W", departmentSequence: ["production", "installation"] },
  }));
});

test("signed out: 401 JSON, no stream", async () => {
  const res = await app.client("10.7.0.9").request("/api/events");
  expect(res.status).toBe(401);
  expect(await res.json()).toEqual({ message: "Authentication required" });
});

test("a member's stream: the retry hint, then a notice for each change, scans included, uncompressed", async () => {
  const stream = await openStream(operator);
  expect(stream.res.status).toBe(200);
  expect(stream.res.headers.get("content-type")).toStartWith("text/event-stream");
  expect(stream.res.headers.get("content-encoding")).toBeNull();
  const ready = await stream.next();
  expect(ready.event).toBe("ready");
  expect(ready.retry).toBe(String(RETRY_MS));
  expect(ready.id).toMatch(/^[0-9a-z]+-\d+$/);

  const project = await (await admin.request("/api/projects", { method: "POST", json: { name: "Bakery", description: "d", workflowId: wfId } })).json();
  expect(await stream.nextChange()).toMatchObject({ entity: "project", action: "create", projectId: project.id });
  const item = await (
    await admin.request("/api/items", { method: "POST", json: { name: "Fence banner", category: "Banner", projectId: project.id, department: "production" } })
  ).json();
  expect(await stream.nextChange()).toMatchObject({ entity: "item", id: item.id, action: "create", projectId: project.id, department: "production" });
  await operator.request(`/api/items/${item.id}/start-timer`, { method: "POST" });
  expect(await stream.nextChange()).toMatchObject({ entity: "item", id: item.id, action: "start-timer", department: "production" });
  await operator.request(`/api/items/${item.id}/end-timer`, { method: "POST" });
  // The stop advances the item: the notice names the department it is in now.
  expect(await stream.nextChange()).toMatchObject({ entity: "item", id: item.id, action: "end-timer", department: "installation" });
  stream.close();
});

test("a reconnect with Last-Event-ID gets what it missed, in order; an unknown id is told to reload", async () => {
  const first = await openStream(operator);
  const ready = await first.next();
  first.close();
  const p1 = (await (await admin.request("/api/projects", { method: "POST", json: { name: "One", description: "d", workflowId: wfId } })).json()).id;
  const p2 = (await (await admin.request("/api/projects", { method: "POST", json: { name: "Two", description: "d", workflowId: wfId } })).json()).id;

  const resumed = await openStream(operator, { "last-event-id": ready.id! });
  expect((await resumed.next()).event).toBe("ready");
  const a = await resumed.nextChange();
  const b = await resumed.nextChange();
  expect([a.projectId, b.projectId]).toEqual([p1, p2]);
  expect(Number(b.eventId.split("-")[1])).toBeGreaterThan(Number(a.eventId.split("-")[1]));
  resumed.close();

  // An id from another process (a restart) or from the future: nothing can be replayed, so 'reset'.
  for (const stale of ["0-5", `${ready.id!.split("-")[0]}-999999`]) {
    const s = await openStream(operator, { "last-event-id": stale });
    expect((await s.next()).event).toBe("ready");
    expect((await s.next()).event).toBe("reset");
    s.close();
  }
});

test("the heartbeat reaches every open stream every 25 s; a closed stream is let go", async () => {
  expect(HEARTBEAT_MS).toBe(25_000);
  const before = openStreamCount();
  const a = await openStream(operator);
  const b = await openStream(admin);
  await a.next();
  await b.next();
  expect(openStreamCount()).toBe(before + 2);
  heartbeat();
  expect((await a.next()).comment).toBe("heartbeat");
  expect((await b.next()).comment).toBe("heartbeat");
  a.close();
  b.close();
  await until(() => openStreamCount() <= before);
  expect(openStreamCount()).toBe(before);
});
