// The time of a scan that completes a workflow step and of one that completes a project, on seed-large data (the
// forecast, the steps and the project's status follow the floor in the scan's transaction: docs/product.md,
// Decisions: The end of a job). In-process through the built fetch handler, one scan at a time, so the figure is
// the whole request's cost with the shop's big tables and indexes around it.
//   bun scripts/bench-completing-scans.ts --data-dir DIR [--projects 40] [--items 100] [--pin 1234]
//   (the database is written to: run it on a copy of a seeded folder)
import { existsSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { ORIGIN, SOCKET, signedInHandler } from "./in-process";

const USAGE = `Usage: bun scripts/bench-completing-scans.ts --data-dir DIR [--projects 40] [--items 100] [--pin 1234]
  --data-dir DIR    a seeded data folder (scripts/seed-large.ts), written to
  --projects N      new projects, half for a step-completing scan, half for a project-completing one (default 40)
  --items N         items in each project (default 100)
  --pin PIN         the administrator's PIN (default 1234)`;

function usageError(message: string): never {
  console.error(`bench-completing-scans: ${message}\n${USAGE}`);
  process.exit(2);
}

let values: Record<string, string | boolean | undefined>;
try {
  ({ values } = parseArgs({
    options: {
      "data-dir": { type: "string" },
      projects: { type: "string", default: "40" },
      items: { type: "string", default: "100" },
      pin: { type: "string", default: "1234" },
      help: { type: "boolean", short: "h" },
    },
  }));
} catch (error) {
  usageError((error as Error).message);
}
if (values.help) {
  console.log(USAGE);
  process.exit(0);
}
const dataDir = values["data-dir"];
if (typeof dataDir !== "string") usageError("--data-dir is needed.");
if (!existsSync(path.join(dataDir, "shopflow.db"))) usageError(`${dataDir} holds no shopflow.db: seed it first (scripts/seed-large.ts).`);
const whole = (flag: string, min: number) => {
  const n = Number(values[flag]);
  if (!Number.isSafeInteger(n) || n < min) usageError(`--${flag} is a whole number, ${min} or more, not "${values[flag]}".`);
  return n;
};
const PROJECTS = whole("projects", 4);
const ITEMS = whole("items", 2);

const { handler, cookie } = await signedInHandler({ dataDir, pin: String(values.pin) });
const { getDb } = await import("~/infra/db.server");
const db = getDb().$client;

async function call(method: string, url: string, json?: unknown): Promise<{ status: number; body: { id?: number } }> {
  const res = await handler(
    new Request(`${ORIGIN}${url}`, {
      method,
      headers: { cookie, origin: ORIGIN, ...(json === undefined ? { "content-length": "0" } : { "content-type": "application/json" }) },
      body: json === undefined ? undefined : JSON.stringify(json),
    }),
    SOCKET,
  );
  return { status: res.status, body: (await res.json()) as { id?: number } };
}
async function created(url: string, json: unknown): Promise<number> {
  const res = await call("POST", url, json);
  if (res.status !== 201 || typeof res.body.id !== "number") throw new Error(`POST ${url} answered ${res.status}: ${JSON.stringify(res.body)}`);
  return res.body.id;
}

// A two-department product and workflow of its own, so the seeded shop's sequences do not matter.
const tag = Date.now().toString(36);
const sequence = ["pre-production", "production"];
await created("/api/categories", { name: `Bench two-step ${tag}`, departmentSequence: sequence });
const workflowId = await created("/api/workflows", { name: `Bench two-step ${tag}`, departmentSequence: sequence });
const others = JSON.stringify(Array.from({ length: ITEMS - 1 }, (_, i) => i));
const running: { item: number; completes: "step" | "project" }[] = [];
for (let k = 0; k < PROJECTS; k++) {
  // Half the projects: every item but one waiting in Production and that one running in Pre-Production, whose stop
  // completes the Pre-Production step. The other half: every item but one finished, and that one running in
  // Production, whose stop finishes it and completes the project.
  const completes = k % 2 === 0 ? "step" : "project";
  const projectId = await created("/api/projects", { name: `Bench completion ${tag} ${k}`, workflowId, endDate: "2027-03-31" });
  const id = await created("/api/items", {
    name: "Sign",
    category: `Bench two-step ${tag}`,
    projectId,
    department: completes === "step" ? "pre-production" : "production",
  });
  db.query(
    `INSERT INTO items (name, category, material, quantity, department, project_id, workflow_id, current_step_index, finished_at, created_at)
     SELECT i.name || ' ' || n.value, i.category, i.material, 1, 'production', i.project_id, i.workflow_id, 1, $finished, i.created_at
     FROM items i, json_each($others) n WHERE i.id = $id`,
  ).run({ id, others, finished: completes === "project" ? Date.now() : null });
  db.query("UPDATE items SET is_timer_active = 1, current_session_start = $at WHERE id = $id").run({ id, at: Date.now() - 60_000 });
  db.query(
    `UPDATE project_workflow_steps SET percent_complete = CASE department WHEN 'pre-production' THEN $pp ELSE 99 END,
       status = CASE WHEN department = 'pre-production' AND $pp = 100 THEN 'completed' ELSE 'in-progress' END
     WHERE project_workflow_instance_id IN (SELECT id FROM project_workflow_instances WHERE project_id = $projectId)`,
  ).run({ projectId, pp: completes === "step" ? 99 : 100 });
  if (completes === "step")
    db.query(
      `UPDATE project_workflow_steps SET percent_complete = 0, status = 'pending' WHERE department = 'production'
       AND project_workflow_instance_id IN (SELECT id FROM project_workflow_instances WHERE project_id = $projectId)`,
    ).run({ projectId });
  running.push({ item: id, completes });
}

const times = { step: [] as number[], project: [] as number[] };
for (const r of running) {
  const t = performance.now();
  const res = await call("POST", `/api/items/${r.item}/end-timer`);
  times[r.completes].push(performance.now() - t);
  if (res.status !== 200) throw new Error(`end-timer of item ${r.item} answered ${res.status}: ${JSON.stringify(res.body)}`);
}
// What the scans did, read back: the figures count only if every scan completed what it was set up to.
const done = db
  .query<{ steps: number; projects: number }, { tag: string }>(
    `SELECT (SELECT count(*) FROM project_workflow_steps s JOIN project_workflow_instances w ON w.id = s.project_workflow_instance_id
              JOIN projects p ON p.id = w.project_id WHERE p.name LIKE $tag AND s.status = 'completed') AS steps,
            (SELECT count(*) FROM projects WHERE name LIKE $tag AND status = 'completed') AS projects`,
  )
  .get({ tag: `Bench completion ${tag} %` })!;
const half = PROJECTS / 2;
if (done.steps !== Math.ceil(half) + Math.floor(half) * 2 || done.projects !== Math.floor(half))
  throw new Error(`the scans did not complete what they should: ${JSON.stringify(done)}`);
const pct = (list: number[], p: number) => [...list].sort((a, b) => a - b)[Math.min(list.length - 1, Math.floor((list.length * p) / 100))]!;
// The first of each kind is left out: it compiles the statements the rest reuse.
const figure = (list: number[]) => ({ median: +pct(list.slice(1), 50).toFixed(2), max: +Math.max(...list.slice(1)).toFixed(2), n: list.length - 1 });
console.log(JSON.stringify({ items: ITEMS, step: figure(times.step), project: figure(times.project) }, null, 2));
process.exit(0);
