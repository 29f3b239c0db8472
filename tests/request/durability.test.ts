import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { BUN, ROOT, signInHeaders, startChild, type Child } from "../helpers/child-server";
import { seededRandom } from "../helpers/random";
import { SOAK } from "../helpers/soak";
import { until } from "../helpers/wait";

// Durability: nothing acknowledged is lost when the process is killed (SIGKILL at random moments under a
// write load of scans and edits), and a backup taken under that load is consistent and restores. The server runs
// as a child process on its own DATA_DIR, exactly as `npm start` runs it. Decision 0015 records why
// `synchronous = NORMAL` is enough for a process crash (not for a power cut).

const dirs: string[] = [];
const tempDir = (label: string) => {
  const d = mkdtempSync(path.join(tmpdir(), `shopflow-${label}-`));
  dirs.push(d);
  return d;
};
afterAll(() => {
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

type Ledger = {
  created: Map<number, string>; // item id → name, acknowledged
  toggles: Map<number, { acked: number; sent: number }>; // item → timer calls acknowledged / sent
  renames: Map<number, { acked: number; names: string[] }>; // item → index of the last acknowledged name / names sent in order
};

/** Write load until the server goes away: item creates, timer scans and renames, four at a time. */
function writeLoad(
  child: Child,
  headers: Record<string, string>,
  ledger: Ledger,
  ctx: { projectId: number; category: string; scanItems: number[]; renameItems: number[]; tag: string },
) {
  let stop = false;
  const post = (p: string, method: string, body?: unknown) =>
    fetch(`${child.url}${p}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal: AbortSignal.timeout(5000) });
  const loops = [
    async () => {
      for (let i = 0; !stop; i++) {
        const name = `${ctx.tag}-new-${i}`;
        const res = await post("/api/items", "POST", { name, category: ctx.category, projectId: ctx.projectId });
        if (res.status !== 201) throw new Error(`create ${res.status}`);
        ledger.created.set((await res.json()).id, name);
      }
    },
    ...ctx.scanItems.map((id) => async () => {
      const t = ledger.toggles.get(id)!;
      while (!stop) {
        // The ledger says which call comes next: every acknowledged call flipped the timer once.
        const verb = t.acked % 2 === 0 ? "start-timer" : "end-timer";
        t.sent++;
        const res = await post(`/api/items/${id}/${verb}`, "POST");
        if (res.status !== 200) throw new Error(`${verb} ${res.status} ${await res.text()}`);
        t.acked++;
      }
    }),
    ...ctx.renameItems.map((id) => async () => {
      const r = ledger.renames.get(id)!;
      while (!stop) {
        const name = `${ctx.tag}-renamed-${id}-${r.names.length}`;
        r.names.push(name);
        const res = await post(`/api/items/${id}`, "PATCH", { name });
        if (res.status !== 200) throw new Error(`rename ${res.status}`);
        r.acked = r.names.length - 1;
      }
    }),
  ];
  // A loop ends when the server dies under it (a refused or reset connection).
  const done = Promise.all(loops.map((loop) => loop().catch(() => undefined)));
  return { done, halt: () => (stop = true) };
}

function checkDatabase(file: string, ledger: Ledger) {
  const db = new Database(file);
  try {
    expect(db.query<{ integrity_check: string }, []>("PRAGMA integrity_check").get()?.integrity_check).toBe("ok");
    expect(db.query("PRAGMA foreign_key_check").all()).toEqual([]);
    const names = new Map(
      db
        .query<{ id: number; name: string }, []>("SELECT id, name FROM items")
        .all()
        .map((r) => [r.id, r.name]),
    );
    for (const [id, name] of ledger.created) expect(names.get(id), `created item ${id}`).toBe(name);
    for (const [id, t] of ledger.toggles) {
      const logs = db.query<{ n: number }, [number]>("SELECT count(*) AS n FROM timer_logs WHERE item_id = ?").get(id)!.n;
      // Every acknowledged scan is there; a scan in flight at the kill may be there too, never more than were sent.
      expect(logs, `scans of item ${id}`).toBeGreaterThanOrEqual(t.acked);
      expect(logs).toBeLessThanOrEqual(t.sent);
      t.acked = logs; // the next round continues from what the database holds
      t.sent = logs;
    }
    for (const [id, r] of ledger.renames) {
      if (r.acked < 0) continue;
      const at = r.names.indexOf(names.get(id)!);
      expect(at, `item ${id} is named ${names.get(id)}`).toBeGreaterThanOrEqual(r.acked);
    }
  } finally {
    db.close();
  }
}

/** Kills per run: two per commit, twenty under `npm run test:soak`. */
const KILLS = SOAK ? 20 : 2;

describe("crash safety", () => {
  test(
    `${KILLS} SIGKILLs at random moments under scans and edits: integrity ok, every acknowledged write kept`,
    async () => {
      const dataDir = tempDir("crash");
      let child = await startChild({ dataDir, env: { DEMO: "1" } });
      let headers = await signInHeaders(child.url, "1234");
      const workflows = (await (await fetch(`${child.url}/api/workflows`, { headers })).json()) as { id: number }[];
      const category = ((await (await fetch(`${child.url}/api/categories`, { headers })).json()) as { name: string }[])[0]!.name;
      const project = await (
        await fetch(`${child.url}/api/projects`, {
          method: "POST",
          headers,
          body: JSON.stringify({ name: "Crash test", description: "d", workflowId: workflows[0]!.id }),
        })
      ).json();
      const make = async (name: string) =>
        (await (await fetch(`${child.url}/api/items`, { method: "POST", headers, body: JSON.stringify({ name, category, projectId: project.id }) })).json())
          .id as number;
      const scanItems = [await make("scan-a"), await make("scan-b"), await make("scan-c")];
      const renameItems = [await make("rename-a")];
      const ledger: Ledger = {
        created: new Map(),
        toggles: new Map(scanItems.map((id) => [id, { acked: 0, sent: 0 }])),
        renames: new Map(renameItems.map((id) => [id, { acked: -1, names: [] }])),
      };
      let acknowledged = 0;
      // The kill moments come from a seed printed here (and with a failure): CRASH_SEED=<seed> kills at the same
      // moments again. The load's own timing still varies from run to run.
      const random = seededRandom("CRASH_SEED");
      console.log(`crash test: kill moments from seed ${random.seed} (replay with ${random.replay})`);
      let where = "before the first kill";
      try {
        for (let round = 0; round < KILLS; round++) {
          const acked = () => ledger.created.size + [...ledger.toggles.values()].reduce((n, t) => n + t.acked, 0);
          const before = acked();
          const load = writeLoad(child, headers, ledger, { projectId: project.id, category, scanItems, renameItems, tag: `r${round}` });
          // The load is under way (some writes acknowledged, however slow the machine), then the kill lands at a
          // random moment of it: that wait is the test's subject.
          await until(() => acked() >= before + 10);
          const killAfter = Math.floor(random.next() * 400);
          where = `in round ${round + 1} (killed ${killAfter} ms after its 10th write)`;
          await Bun.sleep(killAfter);
          child.process.kill("SIGKILL");
          await child.exited;
          load.halt();
          await load.done;
          checkDatabase(path.join(dataDir, "shopflow.db"), ledger);
          child = await startChild({ dataDir });
          headers = await signInHeaders(child.url, "1234");
        }
        where = "after the last round";
        acknowledged = ledger.created.size + [...ledger.toggles.values()].reduce((n, t) => n + t.acked, 0);
        // The load really ran: every round had its writes acknowledged before its kill.
        expect(acknowledged).toBeGreaterThanOrEqual(KILLS * 10);
      } catch (e) {
        console.error(`crash test failed ${where}; replay its kill moments with ${random.replay}`);
        throw e;
      }
      child.process.kill("SIGTERM");
      await child.exited;
    },
    { timeout: 180_000 },
  );
});

describe("backup under load", () => {
  test(
    "a backup taken while scans and edits run passes integrity_check and restores into a server that starts",
    async () => {
      const dataDir = tempDir("live");
      const child = await startChild({ dataDir, env: { DEMO: "1" } });
      const headers = await signInHeaders(child.url, "1234");
      const workflows = (await (await fetch(`${child.url}/api/workflows`, { headers })).json()) as { id: number }[];
      const category = ((await (await fetch(`${child.url}/api/categories`, { headers })).json()) as { name: string }[])[0]!.name;
      const project = await (
        await fetch(`${child.url}/api/projects`, {
          method: "POST",
          headers,
          body: JSON.stringify({ name: "Backup test", description: "d", workflowId: workflows[0]!.id }),
        })
      ).json();
      const make = async (name: string) =>
        (await (await fetch(`${child.url}/api/items`, { method: "POST", headers, body: JSON.stringify({ name, category, projectId: project.id }) })).json())
          .id as number;
      const scanItems = [await make("scan-a"), await make("scan-b")];
      const ledger: Ledger = { created: new Map(), toggles: new Map(scanItems.map((id) => [id, { acked: 0, sent: 0 }])), renames: new Map() };
      const load = writeLoad(child, headers, ledger, { projectId: project.id, category, scanItems, renameItems: [], tag: "b" });
      // The backup starts once the load is well under way.
      await until(() => ledger.created.size >= 10);
      const before = ledger.created.size;
      const dest = path.join(tempDir("backup"), "snapshot");
      // The CLI, as an operator runs it, in its own process beside the running server.
      const run = spawnSync(BUN, ["server.ts", "backup", dest], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: "utf8" });
      // spawnSync held this process while the backup ran: the answers the server gave meanwhile are read now.
      await until(() => ledger.created.size > before);
      load.halt();
      await load.done;
      expect(run.status, run.stderr).toBe(0);
      expect(ledger.created.size).toBeGreaterThan(before); // writes went on during the backup
      const snapshot = new Database(path.join(dest, "shopflow.db"), { readonly: true });
      expect(snapshot.query<{ integrity_check: string }, []>("PRAGMA integrity_check").get()?.integrity_check).toBe("ok");
      const items = snapshot.query<{ n: number }, []>("SELECT count(*) AS n FROM items WHERE name LIKE 'b-new-%'").get()!.n;
      snapshot.close();
      // Every item acknowledged before the backup started is in it.
      expect(items).toBeGreaterThanOrEqual(before);
      child.process.kill("SIGTERM");
      await child.exited;

      const restoredDir = tempDir("restored");
      const restore = spawnSync(BUN, ["server.ts", "restore", dest], { cwd: ROOT, env: { ...process.env, DATA_DIR: restoredDir }, encoding: "utf8" });
      expect(restore.status, restore.stderr).toBe(0);
      const restored = await startChild({ dataDir: restoredDir });
      const h = await signInHeaders(restored.url, "1234");
      const list = (await (await fetch(`${restored.url}/api/items?projectId=${project.id}`, { headers: h })).json()) as { name: string }[];
      expect(list.filter((i) => i.name.startsWith("b-new-")).length).toBe(items);
      restored.process.kill("SIGTERM");
      await restored.exited;
    },
    { timeout: 240_000 },
  );
});
