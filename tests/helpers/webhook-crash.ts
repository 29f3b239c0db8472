import { Database } from "bun:sqlite";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { signInHeaders, startChild, type Child } from "./child-server";
import { seededRandom } from "./random";
import { startReceiver } from "./webhook-receiver";
import { until } from "./wait";

// The webhook crash test (docs/decisions/0042-webhooks.md): the real server as a child process on its own data
// directory sends to a local receiver while a stream of changes goes through /api; it is killed with SIGKILL
// `kills` times at random moments and started again. Afterwards the receiver must have every acknowledged change's
// delivery (none lost), each signature must verify (standardwebhooks), the first arrivals must be in the outbox's
// order, and a repeat must carry the webhook-id of the delivery it repeats. Shared by the short request test and
// `npm run webhooks:crash-test` (20 kills).

export type CrashFigures = {
  kills: number;
  seed: string;
  changes: number;
  projectsCreated: number;
  renames: number;
  scans: number;
  deliveriesWritten: number;
  received: number;
  distinctReceived: number;
  duplicates: number;
  lost: string[];
  unverified: number;
  outOfOrder: number;
  sameEventTwoIds: number;
  seconds: number;
};

type Ledger = { created: Set<number>; renames: string[]; scans: number };

function load(
  child: Child,
  headers: Record<string, string>,
  ledger: Ledger,
  ctx: { workflowId: number; baseProject: number; scanItems: number[]; tag: string },
) {
  let stop = false;
  const call = (p: string, method: string, body?: unknown) =>
    fetch(`${child.url}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(5000) });
  const loops = [
    async () => {
      for (let i = 0; !stop; i++) {
        const res = await call("/api/projects", "POST", { name: `${ctx.tag}-p${i}`, description: "crash", workflowId: ctx.workflowId });
        if (res.status !== 201) throw new Error(`create ${res.status}`);
        ledger.created.add(((await res.json()) as { id: number }).id);
      }
    },
    async () => {
      for (let i = 0; !stop; i++) {
        const name = `${ctx.tag}-renamed-${i}`;
        const res = await call(`/api/projects/${ctx.baseProject}`, "PATCH", { name });
        if (res.status !== 200) throw new Error(`rename ${res.status}`);
        ledger.renames.push(name);
      }
    },
    ...ctx.scanItems.map((id) => async () => {
      while (!stop) {
        // Whichever the item needs next: a 409 (the kill came between the write and its answer) says the other.
        let res = await call(`/api/items/${id}/start-timer`, "POST");
        if (res.status === 409) res = await call(`/api/items/${id}/end-timer`, "POST");
        if (res.status !== 200) throw new Error(`scan ${res.status}`);
        ledger.scans++;
      }
    }),
  ];
  const done = Promise.all(loops.map((l) => l().catch(() => undefined)));
  return { done, halt: () => (stop = true) };
}

function readDeliveries(file: string) {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .query<{ id: number; messageId: string; status: string; payload: string }, []>(
        "SELECT id, message_id AS messageId, status, payload FROM webhook_deliveries ORDER BY id",
      )
      .all();
  } finally {
    db.close();
  }
}

export async function runWebhookCrashTest(opts: { kills: number; log?: (s: string) => void }): Promise<CrashFigures> {
  const log = opts.log ?? (() => {});
  const started = performance.now();
  const dataDir = mkdtempSync(path.join(tmpdir(), "shopflow-webhook-crash-"));
  const dbFile = path.join(dataDir, "shopflow.db");
  const receiver = startReceiver();
  const random = seededRandom("WEBHOOK_CRASH_SEED");
  log(`webhook crash test: ${opts.kills} kills, moments from seed ${random.seed} (replay with ${random.replay})`);
  let child = await startChild({ dataDir, env: { DEMO: "1" } });
  try {
    let headers = await signInHeaders(child.url, "1234");
    // The endpoint is added through Global Settings → Webhooks, as management does, and its secret read off its page.
    const form = new URLSearchParams({ name: "Receiver", url: receiver.url });
    for (const e of ["project.created", "project.updated", "item.moved", "item.finished"]) form.append("events", e);
    const added = await fetch(`${child.url}/settings/webhooks`, {
      method: "POST",
      headers: { ...headers, "content-type": "application/x-www-form-urlencoded" },
      body: form,
      redirect: "manual",
    });
    if (added.status !== 302) throw new Error(`adding the endpoint answered ${added.status}`);
    const page = await (await fetch(`${child.url}${added.headers.get("location")}`, { headers })).text();
    receiver.setSecret(page.match(/whsec_[A-Za-z0-9+/=]+/)![0]);

    const workflowId = ((await (await fetch(`${child.url}/api/workflows`, { headers })).json()) as { id: number }[])[0]!.id;
    const category = ((await (await fetch(`${child.url}/api/categories`, { headers })).json()) as { name: string }[])[0]!.name;
    const post = async (p: string, body: unknown) =>
      (await (await fetch(`${child.url}${p}`, { method: "POST", headers, body: JSON.stringify(body) })).json()) as { id: number };
    const base = await post("/api/projects", { name: "Crash base", description: "crash", workflowId });
    const scanItems = [
      await post("/api/items", { name: "scan-a", category, projectId: base.id }),
      await post("/api/items", { name: "scan-b", category, projectId: base.id }),
    ].map((i) => i.id);
    const ledger: Ledger = { created: new Set(), renames: [], scans: 0 };

    for (let round = 0; round < opts.kills; round++) {
      const acked = () => ledger.created.size + ledger.renames.length + ledger.scans;
      const before = acked();
      const l = load(child, headers, ledger, { workflowId, baseProject: base.id, scanItems, tag: `r${round}` });
      // The stream is under way (some changes acknowledged, however slow the machine), then the kill lands at a
      // random moment of it.
      await until(() => acked() >= before + 10);
      await Bun.sleep(Math.floor(random.next() * 400));
      child.process.kill("SIGKILL");
      await child.exited;
      l.halt();
      await l.done;
      child = await startChild({ dataDir });
      headers = await signInHeaders(child.url, "1234");
      log(
        `  round ${round + 1}: ${ledger.created.size} projects, ${ledger.renames.length} renames, ${ledger.scans} scans acknowledged; ${receiver.received.length} received`,
      );
    }
    // The last server runs until the outbox is empty.
    const deadline = Date.now() + 120_000;
    let rows = readDeliveries(dbFile);
    while (rows.some((r) => r.status === "pending") && Date.now() < deadline) {
      await Bun.sleep(200);
      rows = readDeliveries(dbFile);
    }
    const byId = new Map(rows.map((r) => [r.messageId, r]));
    const receivedIds = new Set(receiver.received.map((r) => r.id));
    const lost: string[] = [];
    for (const r of rows) if (r.status !== "delivered" || !receivedIds.has(r.messageId)) lost.push(`delivery ${r.id} (${r.status})`);
    // Every acknowledged change has its delivery: the outbox row committed with the change.
    const createdSeen = new Set(receiver.received.filter((r) => r.type === "project.created").map((r) => r.data.projectId as number));
    for (const id of ledger.created) if (!createdSeen.has(id)) lost.push(`project.created ${id}`);
    const namesSeen = new Set(receiver.received.filter((r) => r.type === "project.updated").map((r) => r.data.name as string));
    for (const name of ledger.renames) if (!namesSeen.has(name)) lost.push(`project.updated ${name}`);
    // A repeat is the same delivery (same webhook-id, same body); no event arrives under two ids.
    const idsOfBody = new Map<string, Set<string>>();
    for (const r of receiver.received) {
      if (!idsOfBody.has(r.body)) idsOfBody.set(r.body, new Set());
      idsOfBody.get(r.body)!.add(r.id);
    }
    const sameEventTwoIds = [...idsOfBody.values()].filter((s) => s.size > 1).length;
    // In order: the first arrival of each delivery follows the outbox's id order.
    const seen = new Set<string>();
    let last = 0;
    let outOfOrder = 0;
    for (const r of receiver.received) {
      if (seen.has(r.id)) continue;
      seen.add(r.id);
      const row = byId.get(r.id);
      if (!row || row.id < last) outOfOrder++;
      else last = row.id;
    }
    return {
      kills: opts.kills,
      seed: random.replay,
      changes: ledger.created.size + ledger.renames.length + ledger.scans,
      projectsCreated: ledger.created.size,
      renames: ledger.renames.length,
      scans: ledger.scans,
      deliveriesWritten: rows.length,
      received: receiver.received.length,
      distinctReceived: receivedIds.size,
      duplicates: receiver.received.length - receivedIds.size,
      lost,
      unverified: receiver.received.filter((r) => r.verified !== true).length,
      outOfOrder,
      sameEventTwoIds,
      seconds: Math.round((performance.now() - started) / 100) / 10,
    };
  } finally {
    child.process.kill("SIGTERM");
    await child.exited;
    await receiver.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
