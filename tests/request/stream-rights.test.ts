import { beforeEach, expect, test } from "bun:test";
import { type Client, type createApp, hooks, visibleHtml } from "../helpers/app";
import { bakery, seedShop } from "../helpers/shop";
import { until } from "../helpers/wait";

const { forgetSessions, heartbeat, openStreamCount, stopHeartbeatTimer } = hooks;

// An open /api/events stream lasts only as long as the right it was opened with: a member's session (signed out,
// idle past its limit, the member deactivated) or an API token (revoked). Each heartbeat asks again, as it does
// for a TV's board link, so a lost right ends the stream within one heartbeat; the stream is told to reload first.
// The heartbeats here are the test's own (`heartbeat()`), the hub's timer stopped.

let app: ReturnType<typeof createApp>;
let admin: Client;
let operator: Client;
let program: Client;
let operatorId: number;
let projectId: number;

beforeEach(async () => {
  ({
    app,
    clients: { admin, operator },
    memberIds: { operator: operatorId },
    projectIds: [projectId],
  } = await seedShop({
    ipBase: "10.47.0",
    members: { admin: { name: "Ada", pin: "4321", keys: ["management"] }, operator: { name: "Otto", pin: "2222", keys: ["production"] } },
    ...bakery(["Production"]),
  }));
  program = app.client("10.47.0.99");
});

async function makeToken(name: string, scopes: string[]) {
  const body = new URLSearchParams({ intent: "create", name });
  for (const s of scopes) body.append("scopes", s);
  const res = await admin.request("/settings/api-tokens", {
    method: "POST",
    body: body.toString(),
    headers: { "content-type": "application/x-www-form-urlencoded" },
  });
  const token = /value="(sfk_[A-Za-z0-9_-]{43})"/.exec(await visibleHtml(res))![1]!;
  const { id } = app.db.$client.query("SELECT max(id) AS id FROM api_tokens").get() as { id: number };
  return { token, id };
}

/** An open stream's text as it arrives, and whether the server has ended it. */
async function openStream(client: Client, headers: Record<string, string> = {}) {
  const abort = new AbortController();
  const res = await client.request("/api/events", { signal: abort.signal, headers });
  expect(res.status).toBe(200);
  stopHeartbeatTimer();
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const state = { text: "", done: false };
  void (async () => {
    for (;;) {
      const chunk = await reader.read().catch(() => ({ done: true, value: undefined }));
      if (chunk.done) break;
      state.text += decoder.decode(chunk.value, { stream: true });
    }
    state.done = true;
  })();
  expect(await until(() => state.text.includes("event: ready"))).toBe(true);
  return { state, close: () => abort.abort() };
}

const changes = (text: string) => text.split("\n\n").filter((b) => b.includes("event: change")).length;
const addItem = (name: string) => admin.request("/api/items", { method: "POST", json: { name, category: "Banner", projectId, material: "Vinyl" } });

/** One heartbeat: the stream `gone` ends (told to reload first), `kept` goes on and still gets notices. */
async function beatEnds(gone: Awaited<ReturnType<typeof openStream>>, kept: Awaited<ReturnType<typeof openStream>>) {
  const open = openStreamCount();
  heartbeat();
  expect(await until(() => gone.state.done)).toBe(true);
  expect(gone.state.text).toContain("event: reset");
  expect(openStreamCount()).toBe(open - 1);
  const seen = changes(gone.state.text);
  expect((await addItem(`After ${Math.random()}`)).status).toBe(201);
  expect(await until(() => changes(kept.state.text) > 0)).toBe(true);
  expect(changes(gone.state.text)).toBe(seen);
  expect(kept.state.done).toBe(false);
  kept.close();
}

test("signing out ends the member's open stream at the next heartbeat; another member's goes on", async () => {
  const stream = await openStream(operator);
  const other = await openStream(admin);
  expect((await operator.request("/api/auth/logout", { method: "POST" })).status).toBeLessThan(400);
  await beatEnds(stream, other);
});

test("a session past its idle limit ends its stream, and the heartbeat's check does not keep a session alive", async () => {
  const stream = await openStream(operator);
  const other = await openStream(admin);
  const lastSeen = () =>
    (app.db.$client.query("SELECT last_seen_at FROM sessions WHERE team_member_id = ?").get(operatorId) as { last_seen_at: number }).last_seen_at;
  // Two minutes since the operator's last request: the check must not count as a new one.
  app.db.$client.run("UPDATE sessions SET last_seen_at = last_seen_at - 120000 WHERE team_member_id = ?", [operatorId]);
  forgetSessions();
  const before = lastSeen();
  heartbeat();
  expect(lastSeen()).toBe(before);
  expect(stream.state.done).toBe(false);
  // Then idle for longer than the shop's limit (SESSION_IDLE_MINUTES).
  app.db.$client.run("UPDATE sessions SET last_seen_at = 0 WHERE team_member_id = ?", [operatorId]);
  forgetSessions();
  await beatEnds(stream, other);
});

/** A change to the operator that ends their stream at once (it is announced), with no heartbeat; the admin's goes on. */
async function endsAtOnce(patch: Record<string, unknown>) {
  const stream = await openStream(operator);
  const other = await openStream(admin);
  const open = openStreamCount();
  const res = await admin.request(`/api/team-members/${operatorId}`, { method: "PATCH", json: patch });
  expect(res.status, await res.clone().text()).toBe(200);
  expect(await until(() => stream.state.done)).toBe(true);
  expect(stream.state.text).toContain("event: reset");
  expect(openStreamCount()).toBe(open - 1);
  expect((await addItem("After")).status).toBe(201);
  expect(await until(() => changes(other.state.text) > 0)).toBe(true);
  expect(changes(stream.state.text)).toBe(0);
  expect(other.state.done).toBe(false);
  other.close();
}

test("deactivating a member ends their open stream at once", () => endsAtOnce({ isActive: false }));

// The keys a session was signed in with are its rights: a change of keys ends the session, and with it the stream.
test("changing a member's keys ends their open stream at once", () => endsAtOnce({ accessibleDepartments: ["fabrication"] }));

test("revoking an API token ends the stream it opened; a stream of another token goes on", async () => {
  const revoked = await makeToken("Dashboard", ["read"]);
  const kept = await makeToken("Wallboard", ["read"]);
  const stream = await openStream(program, { authorization: `Bearer ${revoked.token}` });
  const other = await openStream(program, { authorization: `Bearer ${kept.token}` });
  expect((await admin.request("/settings/api-tokens", { method: "POST", form: { intent: "revoke", id: String(revoked.id) } })).status).toBe(302);
  await beatEnds(stream, other);
});

test("a token without the read scope opens no stream", async () => {
  const { token } = await makeToken("Scanner", ["scans"]);
  const res = await program.request("/api/events", { headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(403);
  expect(await res.json()).toEqual({ message: "This API token does not have the 'read' scope." });
});
