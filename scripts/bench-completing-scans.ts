// The time of a scan that completes a workflow step and of one that completes a project, on seed-large data (the
// forecast, the steps and the project's status follow the floor in the scan's transaction: docs/product.md,
// Decisions: The end of a job). In-process through the built fetch handler, one scan at a time, so the figure is
// the whole request's cost with the shop's big tables and indexes around it.
//   bun scripts/bench-completing-scans.ts --data-dir DIR [--projects 40] [--items 100] [--pin 1234]
//   (the database is written to: run it on a copy of a seeded folder)
import { scriptArgs } from "./cli-args";
import { readyCompletingScan } from "../tests/helpers/completing-scan";
import { ORIGIN, SOCKET, signedInHandler } from "./in-process";

const USAGE = `Usage: bun scripts/bench-completing-scans.ts --data-dir DIR [--projects 40] [--items 100] [--pin 1234]
  --data-dir DIR    a seeded data folder (scripts/seed-large.ts), written to
  --projects N      new projects, half for a step-completing scan, half for a project-completing one (default 40)
  --items N         items in each project (default 100)
  --pin PIN         the administrator's PIN (default 1234)`;

const { values, seededDir, whole } = scriptArgs("bench-completing-scans", USAGE, {
  "data-dir": { type: "string" },
  projects: { type: "string", default: "40" },
  items: { type: "string", default: "100" },
  pin: { type: "string", default: "1234" },
});
const dataDir = seededDir();
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
  readyCompletingScan(db, { id, projectId, completes, others: ITEMS - 1 });
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
