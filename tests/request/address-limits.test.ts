import { beforeEach, describe, expect, test } from "bun:test";
import type { Client, createApp } from "../helpers/app";
import { seedShop } from "../helpers/shop";

// One per-address limiter (docs/product.md, Decisions: per-address limits) for everything anyone may try without
// signing in: PINs, customer status pages, calendar feeds and API tokens nobody made. A client is its address, an
// IPv6 one by its /64 (one line picks new addresses from its /64 at will), so two addresses of one /64 share one
// budget on each of them; IPv4 addresses count one by one, as before.

let app: ReturnType<typeof createApp>;
let line = 0;

beforeEach(async () => {
  ({ app } = await seedShop({ members: { admin: { name: "Ada", pin: "4321", keys: ["management"] } } }));
  line++;
});

/** Two addresses of one /64 (a new /64 for each test), and one of the next /64. */
const sameLine = () => [app.client(`2001:db8:${line}:1::a`), app.client(`2001:db8:${line}:1:ffff:1234:abcd:9`)] as const;
const nextLine = () => app.client(`2001:db8:${line}:2::a`);

const BAD_TOKEN = `sfk_${"A".repeat(43)}`;

type Door = { name: string; budget: number; ask: (c: Client) => Promise<Response>; allowed: number };
const doors: Door[] = [
  {
    name: "sign-in (wrong PINs)",
    budget: 5,
    ask: (c) => c.request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "0000" } }),
    allowed: 401,
  },
  { name: "customer status pages", budget: 20, ask: (c) => c.request("/status/no-such-key"), allowed: 404 },
  { name: "calendar feeds", budget: 30, ask: (c) => c.request("/calendar/no-such-key.ics"), allowed: 404 },
  {
    name: "API tokens (unknown ones)",
    budget: 30,
    ask: (c) => c.request("/api/projects", { headers: { authorization: `Bearer ${BAD_TOKEN}` } }),
    allowed: 401,
  },
];

describe("two addresses of one IPv6 /64 share one budget", () => {
  for (const door of doors) {
    test(door.name, async () => {
      const [a, b] = sameLine();
      // Taken in turns from the two addresses: together they get the budget of one.
      for (let i = 0; i < door.budget; i++) expect((await door.ask(i % 2 ? b : a)).status, `request ${i + 1}`).toBe(door.allowed);
      for (const c of [a, b]) {
        const res = await door.ask(c);
        expect(res.status).toBe(429);
        expect(Number(res.headers.get("retry-after"))).toBeGreaterThan(0);
      }
      // The next /64 is another client.
      expect((await door.ask(nextLine())).status).toBe(door.allowed);
    });
  }
});

describe("IPv4 addresses count one by one, as before", () => {
  for (const door of doors) {
    test(door.name, async () => {
      const a = app.client(`198.51.${line}.10`);
      const b = app.client(`198.51.${line}.11`);
      for (let i = 0; i < door.budget; i++) expect((await door.ask(a)).status, `request ${i + 1}`).toBe(door.allowed);
      expect((await door.ask(a)).status).toBe(429);
      // Its neighbour, and the same address written as IPv4-mapped IPv6 by a dual-stack socket, as counted before.
      expect((await door.ask(b)).status).toBe(door.allowed);
      expect((await door.ask(app.client(`::ffff:198.51.${line}.10`))).status).toBe(429);
    });
  }
});

test("a right token from an address that spent its refused-token budget waits too; a member's cookie does not", async () => {
  const admin = app.client(`2001:db8:${line}:1::77`);
  await admin.signIn("4321");
  const made = await admin.request("/settings/api-tokens", { method: "POST", form: { intent: "create", name: "Quoting", scopes: "read" } });
  const token = /value="(sfk_[A-Za-z0-9_-]{43})"/.exec(await made.text())![1]!;
  const [a, b] = sameLine();
  const withToken = (c: Client) => c.request("/api/projects", { headers: { authorization: `Bearer ${token}` } });
  expect((await withToken(b)).status).toBe(200);
  for (let i = 0; i < 30; i++) await doors[3]!.ask(a);
  const refused = await doors[3]!.ask(a);
  expect(refused.status).toBe(429);
  expect(await refused.json()).toEqual({ message: "Too many refused API tokens from this address. Wait a minute and try again." });
  expect((await withToken(b)).status).toBe(429);
  // From another client the token works.
  expect((await withToken(nextLine())).status).toBe(200);
});

test("a revoked token, sent again and again by a program nobody updated, does not lock the others at its address out", async () => {
  const admin = app.client(`2001:db8:${line}:1::77`);
  await admin.signIn("4321");
  const make = async (name: string) => {
    const made = await admin.request("/settings/api-tokens", { method: "POST", form: { intent: "create", name, scopes: "read" } });
    return /value="(sfk_[A-Za-z0-9_-]{43})"/.exec(await made.text())![1]!;
  };
  const old = await make("Old dashboard");
  const quoting = await make("Quoting");
  const { id } = app.db.$client.query("SELECT id FROM api_tokens WHERE name = 'Old dashboard'").get() as { id: number };
  expect((await admin.request("/settings/api-tokens", { method: "POST", form: { intent: "revoke", id: String(id) } })).status).toBe(302);
  const [a, b] = sameLine();
  for (let i = 0; i < 40; i++) expect((await a.request("/api/projects", { headers: { authorization: `Bearer ${old}` } })).status).toBe(401);
  expect((await b.request("/api/projects", { headers: { authorization: `Bearer ${quoting}` } })).status).toBe(200);
  // Signed-in members are not the tokens' budget: their requests go on.
  expect((await admin.request("/api/projects")).status).toBe(200);
});
