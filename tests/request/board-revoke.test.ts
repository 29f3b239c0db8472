import { beforeEach, expect, test } from "bun:test";
import { type createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { until } from "../helpers/wait";
import { bakery, seedShop } from "../helpers/shop";

const { heartbeat, openStreamCount, stopHeartbeatTimer } = hooks;

// A revoked board link: the TV's open event stream ends at once (told to reload first, which shows that the link
// is no longer valid), and at the next heartbeat at the latest when the link was revoked some other way. Other
// boards' streams carry on.

let app: ReturnType<typeof createApp>;
let admin: Client;
let operator: Client;
let tv: Client;
let projectId: number;

async function makeLink(name: string) {
  const html = await visibleHtml(await admin.request("/settings/boards", { method: "POST", form: { intent: "create", name } }));
  const link = /data-testid="board-link">([^<]+)</.exec(html)![1]!;
  const key = new URL(link.replace(/&amp;/g, "&")).searchParams.get("key")!;
  const id = (app.db.$client.query("SELECT max(id) AS id FROM board_keys").get() as { id: number }).id;
  return { key, id };
}

/** The stream's text as it arrives; `ended` resolves when the server closes it. */
async function openBoardStream(key: string) {
  const abort = new AbortController();
  const res = await tv.request(`/api/events?key=${key}`, { signal: abort.signal });
  expect(res.status).toBe(200);
  // The heartbeats are the test's own (`heartbeat()`): a stream that ends did not end at a timer's beat.
  stopHeartbeatTimer();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const state = { text: "", done: false };
  const ended = (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) break;
      state.text += decoder.decode(chunk.value, { stream: true });
    }
    state.done = true;
  })();
  return { state, ended, waitFor: (what: () => boolean) => until(what), close: () => abort.abort() };
}

const changes = (text: string) => text.split("\n\n").filter((b) => b.includes("event: change")).length;

beforeEach(async () => {
  ({
    app,
    clients: { admin, operator },
    projectIds: [projectId],
  } = await seedShop({
    ipBase: "10.19.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, operator: { name: "Otto", pin: "2222", keys: ["production"] } },
    ...bakery(["Production"]),
  }));
  tv = app.client("10.19.0.3");
});

const addItem = (name: string) => admin.request("/api/items", { method: "POST", json: { name, category: "Banner", projectId, material: "Vinyl" } });

test("revoking a board link in Global Settings ends that TV's open stream at once; another board's stream goes on", async () => {
  const hall = await makeLink("Hall TV");
  const shop = await makeLink("Shop floor TV");
  const revokedTv = await openBoardStream(hall.key);
  const otherTv = await openBoardStream(shop.key);
  await addItem("Before");
  expect(await revokedTv.waitFor(() => changes(revokedTv.state.text) === 1)).toBe(true);
  expect(await otherTv.waitFor(() => changes(otherTv.state.text) === 1)).toBe(true);

  expect((await admin.request("/settings/boards", { method: "POST", form: { intent: "revoke", id: String(hall.id) } })).status).toBe(302);
  // At once, with no heartbeat: the stream is told to reload (the board then says the link is not valid) and closed.
  expect(await revokedTv.waitFor(() => revokedTv.state.done)).toBe(true);
  expect(revokedTv.state.text).toContain("event: reset");
  await addItem("After");
  expect(await otherTv.waitFor(() => changes(otherTv.state.text) === 2)).toBe(true);
  expect(changes(revokedTv.state.text)).toBe(1);
  expect(otherTv.state.done).toBe(false);
  otherTv.close();
});

test("a link revoked without a notice (another process, a restored backup) ends at the next heartbeat", async () => {
  const hall = await makeLink("Hall TV");
  const stream = await openBoardStream(hall.key);
  await stream.waitFor(() => stream.state.text.includes("event: ready"));
  const open = openStreamCount();
  app.db.$client.run("UPDATE board_keys SET revoked_at = ? WHERE id = ?", [Date.now(), hall.id]);
  await addItem("Quiet");
  // Not yet checked: the notice still arrives...
  expect(await stream.waitFor(() => changes(stream.state.text) === 1)).toBe(true);
  heartbeat();
  // ... and the heartbeat ends it.
  expect(await stream.waitFor(() => stream.state.done)).toBe(true);
  expect(openStreamCount()).toBe(open - 1);
  // The stream has ended (read to its end above), so nothing later can reach the revoked board.
  await addItem("Later");
  expect(changes(stream.state.text)).toBe(1);
});
