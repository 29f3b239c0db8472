// `bun scripts/seed-large.ts [--projects N] [--items N] [--logs N] [--data-dir DIR] [--pin 1234]`
// Fills an EMPTY database with a shop's worth of years of work (defaults: 10,000 projects, 200,000 items,
// 2,000,000 timer logs) for `npm run bench` and for trying the screens on big data. Rows go in as multi-row
// INSERTs through prepared statements in one transaction; the file is opened with the app's openDatabase() so
// it has the app's migrations and constraints. Deterministic: the same counts give the same rows.
import type { Database, Statement } from "bun:sqlite";
import path from "node:path";
import { STANDARD_DEPARTMENTS } from "~/domain/constants";
import { itemSequence, stepStatusFromPercent } from "~/domain/rules";
import { openDatabase, type DB } from "~/infra/db.server";
import { hashPin } from "~/infra/secret.server";

export type SeedLargeOptions = {
  projects: number;
  items: number;
  logs: number;
  /** The management member's PIN (the bench signs in with it). */
  adminPin?: string;
  now?: number;
  log?: (line: string) => void;
};

export type SeedLargeResult = {
  adminPin: string;
  itemIds: { first: number; last: number };
  counts: Record<string, number>;
  seconds: number;
};

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// mulberry32: a seeded PRNG, so a run with the same counts gives the same database.
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!;
  return { next, int, pick };
}

// --- Reference data: a sign shop with the six standard departments and its machine stations ---

const PP = "pre-production";
const PROD = "production";
const FAB = "fabrication";
const QC = "quality-control";
const INST = "installation";

const MACHINES = [
  { name: "HP Latex 800", description: '64" latex roll-to-roll printer' },
  { name: "Roland VersaUV", description: "UV flatbed printer for rigid substrates" },
  { name: "Mimaki JV330", description: "Solvent printer for outdoor vinyl and banner" },
  { name: "Zund G3 Cutter", description: "Digital flatbed cutter for contour cuts and routing" },
  { name: "Graphtec FC9000", description: "Roll vinyl plotter for lettering and decals" },
  { name: "CNC Router", description: "5x10 CNC router for aluminum, acrylic and letter returns" },
  { name: "Laminator", description: '64" cold roll laminator' },
];
const machineValue = (name: string) =>
  name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
const PRINTERS = MACHINES.slice(0, 3).map((m) => machineValue(m.name));
const CUTTERS = MACHINES.slice(3, 6).map((m) => machineValue(m.name));

// How long items wait before each department, relative to the others (production's printers are the usual queue).
const WAIT_WEIGHT: Record<string, number> = { [PP]: 1, [PROD]: 1.8, [FAB]: 1.3, [QC]: 0.6, [INST]: 1.1 };

const FAB_SUBDEPARTMENTS = ["Interior Assembly", "Interior Paint & Finish", "Exterior Assembly", "Channel Letter Trim Cap", "Exterior Packaging"];

const WORKFLOWS = [
  { name: "Standard Sign Production", description: "Design, print, build, inspect, install", departmentSequence: [PP, PROD, FAB, QC, INST] },
  { name: "Print Only", description: "Design, print, inspect", departmentSequence: [PP, PROD, QC] },
  { name: "Fabrication & Install", description: "Design, build, inspect, install", departmentSequence: [PP, FAB, QC, INST] },
  { name: "Print & Install", description: "Design, print, install", departmentSequence: [PP, PROD, INST] },
];

const CATEGORIES = [
  {
    name: "Channel Letters",
    color: "orange",
    sequence: [PP, PROD, FAB, QC, INST],
    items: ["Front Elevation Channel Letters", "Reverse Lit Logo", "Channel Letter Raceway"],
    materials: [".040 Aluminum", 'Acrylic 3/16"'],
  },
  {
    name: "Monument Sign",
    color: "green",
    sequence: [PP, FAB, QC, INST],
    items: ["Double-Sided Monument Cabinet", "Monument Tenant Panels", "Monument Base Cladding"],
    materials: ["Aluminum Composite (ACM)", ".040 Aluminum"],
  },
  {
    name: "Vinyl Banner",
    color: "yellow",
    sequence: [PP, PROD, QC],
    items: ["Parking Lot Banner 3x8", "Grand Opening Banner 4x10", "Fence Banner 6x20"],
    materials: ["13oz Scrim Banner", "Mesh Banner"],
  },
  {
    name: "Vehicle Wrap",
    color: "red",
    sequence: [PP, PROD, INST],
    items: ["Box Truck Full Wrap", "Van Partial Wrap", "Door Logo Decals"],
    materials: ["3M IJ180 Vinyl"],
  },
  {
    name: "Wall Graphics",
    color: "purple",
    sequence: [PP, PROD, INST],
    items: ["Lobby Feature Wall Mural", "Window Frosting", "Wayfinding Wall Decals"],
    materials: ["3M IJ180 Vinyl", "Oracal 651 Vinyl"],
  },
  {
    name: "Dimensional Letters",
    color: "blue",
    sequence: [PP, PROD, FAB, INST],
    items: ["Lobby Logo Letters", "Exterior Address Letters", "Donor Wall Letters"],
    materials: ["PVC Foam Board", 'Acrylic 3/16"'],
  },
  { name: "Yard Signs", color: "pink", sequence: [], items: ["Yard Sign 18x24", "Open House Sign", "Campaign Sign"], materials: ["Coroplast"] },
  {
    name: "ADA Signage",
    color: "gray",
    sequence: [PP, PROD, FAB, QC, INST],
    items: ["Room ID Sign", "Restroom Sign Set", "Tactile Exit Sign"],
    materials: ['Acrylic 3/16"', "PVC Foam Board"],
  },
];

const MATERIALS = [
  { name: "3M IJ180 Vinyl", category: "Vinyl", color: "blue" },
  { name: "Oracal 651 Vinyl", category: "Vinyl", color: "purple" },
  { name: "13oz Scrim Banner", category: "Banner", color: "yellow" },
  { name: "Mesh Banner", category: "Banner", color: "orange" },
  { name: "Aluminum Composite (ACM)", category: "Substrate", color: "gray" },
  { name: ".040 Aluminum", category: "Metal", color: "orange" },
  { name: 'Acrylic 3/16"', category: "Plastic", color: "pink" },
  { name: "PVC Foam Board", category: "Substrate", color: "green" },
  { name: "Coroplast", category: "Plastic", color: "red" },
];

const FIRST = [
  "Maria",
  "James",
  "Aisha",
  "Tom",
  "Lena",
  "Diego",
  "Priya",
  "Sam",
  "Noah",
  "Olivia",
  "Ethan",
  "Mia",
  "Lucas",
  "Ava",
  "Liam",
  "Zoe",
  "Omar",
  "Grace",
  "Ivan",
  "Hana",
];
const LAST = ["Lopez", "Carter", "Khan", "Becker", "Novak", "Ramos", "Shah", "Nguyen", "Brooks", "Meyer", "Silva", "Turner", "Kowalski", "Ito", "Hughes"];
const MEMBER_KEYS = [
  ["pre-production"],
  ["production"],
  ["fabrication"],
  ["project-management"],
  ["pre-production", "project-management"],
  ["production", "fabrication"],
  [],
];

const CLIENT_A = [
  "Riverside",
  "Harbor",
  "Oakwood",
  "Blue Ridge",
  "Summit",
  "Lakeside",
  "Maple Street",
  "Northstar",
  "Copper Kettle",
  "Greenway",
  "Pinecrest",
  "Metro",
  "Hillside",
  "Sunset",
  "Prairie State",
  "Evergreen",
  "Crescent",
  "Ironworks",
  "Cedar Point",
  "Bluebird",
  "Midtown",
  "Lone Star",
  "Westfield",
  "Bright Smiles",
  "Valley",
  "Tri-County",
  "Apex",
  "Silver Creek",
  "Redwood",
  "Granite",
];
const CLIENT_B = [
  "Dental",
  "Supply Co.",
  "Elementary",
  "Plumbing",
  "Fitness",
  "Credit Union",
  "Bakery",
  "Logistics",
  "Brewing",
  "Apartments",
  "Mall",
  "Auto Group",
  "Church",
  "Grill",
  "Bank",
  "Landscaping",
  "Hotel",
  "Gym",
  "Veterinary",
  "Coffee",
  "Pharmacy",
  "Realty",
  "Library",
  "Clinic",
  "Market",
];
const JOBS = [
  "Storefront Channel Letters",
  "Grand Opening Banners",
  "Monument Sign",
  "Fleet Van Wraps",
  "Lobby Wall Graphics",
  "Monument Refresh",
  "Storefront Sign Package",
  "Wayfinding",
  "Box Truck Wraps",
  "Taproom Letters",
  "Exterior Signage Package",
  "Tenant Panels",
  "Reception Logo",
  "Showroom Graphics",
  "Event Banners",
  "Branch Rebrand",
  "Trailer Wrap",
  "ADA Room Signs",
  "Donor Wall",
  "Yard Sign Run",
];
const PRIORITY_CYCLE = ["rush", "high", "high", "medium", "medium", "medium", "low", "low"] as const;

// --- Bulk insert through prepared multi-row statements ---

// SQLite's default limit is 32,766 bound values per statement; stay well under it.
const MAX_VARS = 30_000;

function bulk(sqlite: Database, table: string, columns: string[], rowsPerStatement = 500) {
  const per = Math.max(1, Math.min(rowsPerStatement, Math.floor(MAX_VARS / columns.length)));
  const sqlFor = (n: number) =>
    `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${Array(n)
      .fill(`(${columns.map(() => "?").join(", ")})`)
      .join(", ")}`;
  const full: Statement = sqlite.prepare(sqlFor(per));
  let buffer: (string | number | null)[] = [];
  let rows = 0;
  let total = 0;
  const flush = () => {
    if (rows === 0) return;
    if (rows === per) full.run(...buffer);
    else sqlite.prepare(sqlFor(rows)).run(...buffer);
    total += rows;
    buffer = [];
    rows = 0;
  };
  return {
    add(...values: (string | number | null)[]) {
      for (const v of values) buffer.push(v);
      if (++rows === per) flush();
    },
    /** Write the rest; returns the number of rows written by this inserter. */
    finish() {
      flush();
      full.finalize();
      return total;
    },
  };
}

/**
 * `count` split into `parts` whole numbers that vary (0 to about twice the mean) and add up to exactly `count`.
 */
function spread(count: number, parts: number, rnd: ReturnType<typeof prng>): Uint32Array {
  const out = new Uint32Array(parts);
  if (parts === 0) return out;
  const mean = count / parts;
  let sum = 0;
  for (let i = 0; i < parts; i++) {
    out[i] = Math.floor(rnd.next() * (2 * mean + 1));
    sum += out[i]!;
  }
  // Nudge random parts up or down until the total is exact.
  while (sum !== count) {
    const i = Math.floor(rnd.next() * parts);
    if (sum < count) {
      const add = Math.min(count - sum, Math.max(1, Math.ceil(mean)));
      out[i]! += add;
      sum += add;
    } else if (out[i]! > 0) {
      const sub = Math.min(sum - count, out[i]!);
      out[i]! -= sub;
      sum -= sub;
    }
  }
  return out;
}

function tableIsEmpty(sqlite: Database, table: string) {
  return sqlite.query<{ n: number }, []>(`SELECT count(*) AS n FROM (SELECT 1 FROM ${table} LIMIT 1)`).get()!.n === 0;
}

export function seedLarge(db: DB, opts: SeedLargeOptions): SeedLargeResult {
  const started = performance.now();
  const log = opts.log ?? (() => {});
  const sqlite = db.$client;
  const { projects: P, items: I, logs: L } = opts;
  if (![P, I, L].every((n) => Number.isSafeInteger(n) && n >= 0)) throw new Error("counts must be whole numbers, 0 or more");
  if (I > 0 && P === 0) throw new Error("items need at least one project");
  if (L > 0 && I === 0) throw new Error("timer logs need at least one item");
  for (const t of ["team_members", "departments", "projects", "items", "timer_logs", "categories", "workflows", "materials", "machines"]) {
    if (!tableIsEmpty(sqlite, t)) throw new Error(`The database is not empty (${t} has rows): seed-large fills an empty database only`);
  }
  const adminPin = opts.adminPin ?? "1234";
  if (!/^\d{4}$/.test(adminPin)) throw new Error("the PIN must be 4 digits");
  const now = opts.now ?? Date.now();
  const rnd = prng(20250101 ^ (P * 31 + I * 17 + L));
  const counts: Record<string, number> = {};
  const lap = (() => {
    let t = performance.now();
    return (what: string) => {
      const n = performance.now();
      log(`  ${what.padEnd(34)} ${((n - t) / 1000).toFixed(2)} s`);
      t = n;
    };
  })();

  // Loading speed: no rollback journal needed for a fresh file (a failure leaves a file to delete anyway),
  // a big page cache, and no fsync until the end. The WAL journal and normal sync are restored afterwards.
  sqlite.run("PRAGMA journal_mode = OFF");
  sqlite.run("PRAGMA synchronous = OFF");
  sqlite.run("PRAGMA cache_size = -262144");
  sqlite.run("PRAGMA temp_store = MEMORY");

  const setupAt = now - 3 * 365 * DAY;
  const run = sqlite.transaction(() => {
    // Rows of several tables are buffered side by side (a step may be written before its instance): foreign
    // keys are checked once, at commit, instead of row by row.
    sqlite.run("PRAGMA defer_foreign_keys = ON");
    // --- Departments, machines, subdepartments ---
    const depts = bulk(sqlite, "departments", [
      "name",
      "value",
      "description",
      "color",
      "sort_order",
      "is_active",
      "is_machine",
      "machine_status",
      "category",
      "created_at",
    ]);
    STANDARD_DEPARTMENTS.forEach((d, i) => depts.add(d.name, d.value, "", d.color, i, 1, 0, "active", "Process", setupAt));
    MACHINES.forEach((m, i) =>
      depts.add(m.name, machineValue(m.name), m.description, "blue", 10 + i, 1, 1, i === 6 ? "maintenance" : "active", "Production", setupAt),
    );
    counts.departments = depts.finish();
    const fabId = sqlite.query<{ id: number }, [string]>("SELECT id FROM departments WHERE value = ?").get(FAB)!.id;
    const subs = bulk(sqlite, "subdepartments", ["name", "value", "department_id", "color", "sort_order", "created_at"]);
    FAB_SUBDEPARTMENTS.forEach((s, i) => subs.add(s, machineValue(s), fabId, "blue", i, setupAt));
    counts.subdepartments = subs.finish();
    const machines = bulk(sqlite, "machines", ["name", "description", "category", "status", "color", "sort_order", "created_at"]);
    MACHINES.forEach((m, i) => machines.add(m.name, m.description, "Production", i === 6 ? "maintenance" : "active", "blue", i, setupAt));
    counts.machines = machines.finish();

    // --- Workflows, categories, materials ---
    const wfs = bulk(sqlite, "workflows", ["id", "name", "description", "department_sequence", "created_at"]);
    WORKFLOWS.forEach((w, i) => wfs.add(i + 1, w.name, w.description, JSON.stringify(w.departmentSequence), setupAt));
    counts.workflows = wfs.finish();
    const cats = bulk(sqlite, "categories", ["name", "description", "department_sequence", "color", "created_at"]);
    for (const c of CATEGORIES) cats.add(c.name, `${c.name} for storefronts, offices and events`, JSON.stringify(c.sequence), c.color, setupAt);
    counts.categories = cats.finish();
    const mats = bulk(sqlite, "materials", ["name", "description", "category", "color", "created_at"]);
    for (const m of MATERIALS) mats.add(m.name, `${m.category} stock`, m.category, m.color, setupAt);
    counts.materials = mats.finish();

    // --- Team members: one administrator with a known PIN, then staff with distinct PINs ---
    const members = bulk(sqlite, "team_members", [
      "id",
      "name",
      "email",
      "department",
      "skills",
      "accessible_departments",
      "pin_hash",
      "is_active",
      "created_at",
    ]);
    members.add(1, "Bench Administrator", "admin@shop.example", "Management", "[]", JSON.stringify(["management"]), hashPin(adminPin), 1, setupAt);
    const staff = 40;
    const usedPins = new Set([adminPin]);
    for (let m = 0; m < staff; m++) {
      let pin = String(1000 + ((m * 7919) % 9000));
      while (usedPins.has(pin)) pin = String(1000 + ((Number(pin) - 999) % 9000));
      usedPins.add(pin);
      const name = `${FIRST[m % FIRST.length]} ${LAST[(m * 7) % LAST.length]}`;
      const keys = MEMBER_KEYS[m % MEMBER_KEYS.length]!;
      // A few former staff: inactive members keep their history but cannot sign in.
      members.add(
        m + 2,
        name,
        `${name.toLowerCase().replace(/ /g, ".")}.${m}@shop.example`,
        keys[0] ?? "Quality Control",
        "[]",
        JSON.stringify(keys),
        hashPin(pin),
        m % 13 === 12 ? 0 : 1,
        setupAt,
      );
    }
    counts.team_members = members.finish();
    const memberCount = staff + 1;
    lap("reference data and team");

    // --- Projects, each with one workflow instance and one step per department of its workflow ---
    const projects = bulk(
      sqlite,
      "projects",
      ["id", "name", "description", "start_date", "end_date", "priority", "status", "workflow_id", "workflow_name", "created_at"],
      400,
    );
    const instances = bulk(sqlite, "project_workflow_instances", ["id", "project_id", "workflow_template_id", "name", "created_at"]);
    const steps = bulk(sqlite, "project_workflow_steps", [
      "project_workflow_instance_id",
      "department",
      "assigned_team_member_id",
      "start_date",
      "end_date",
      "percent_complete",
      "status",
      "sort_order",
      "created_at",
    ]);
    // Who works on a step: its assignee, and on some steps a second person (the database is empty, so step ids
    // are the insertion order).
    const assignments = bulk(sqlite, "step_assignments", ["project_workflow_step_id", "team_member_id", "assigned_at"]);
    let stepId = 0;
    // Per project, what the items need: its workflow, when it was created and where its work stands (0..1).
    const projectWorkflow = new Uint8Array(P);
    const projectCreated = new Float64Array(P);
    const projectProgress = new Float32Array(P);
    const projectEnd = new Float64Array(P);
    const span = 3 * 365 * DAY;
    for (let p = 0; p < P; p++) {
      const id = p + 1;
      // Older projects first: ids follow creation time, as in a real database.
      const createdAt = Math.round(now - span + (span - 2 * DAY) * (p / Math.max(1, P)) + rnd.next() * HOUR);
      const wfIndex = rnd.int(0, WORKFLOWS.length - 1);
      const wf = WORKFLOWS[wfIndex]!;
      const days = rnd.int(5, 45);
      const start = createdAt + rnd.int(0, 3) * DAY;
      const end = start + days * DAY;
      // Jobs that should be over by now are done; recent ones are somewhere along.
      const progress = end < now - 7 * DAY ? 1 : Math.max(0, Math.min(1, (now - start) / (end - start)));
      projectWorkflow[p] = wfIndex;
      projectCreated[p] = createdAt;
      projectProgress[p] = progress;
      projectEnd[p] = end;
      const client = `${CLIENT_A[rnd.int(0, CLIENT_A.length - 1)]} ${CLIENT_B[rnd.int(0, CLIENT_B.length - 1)]}`;
      const job = JOBS[rnd.int(0, JOBS.length - 1)]!;
      const seq = wf.departmentSequence;
      const n = seq.length;
      let completed = 0;
      for (let k = 0; k < n; k++) {
        const sStart = start + Math.floor(((end - start) * k) / n);
        const sEnd = start + Math.floor(((end - start) * (k + 1)) / n);
        const percent = progress >= (k + 1) / n ? 100 : progress <= k / n ? 0 : Math.round((progress * n - k) * 100);
        const status = stepStatusFromPercent(percent);
        if (status === "completed") completed++;
        const assignee = rnd.next() < 0.7 ? rnd.int(1, memberCount) : null;
        steps.add(id, seq[k]!, assignee, sStart, sEnd, percent, status, k, createdAt);
        stepId++;
        if (assignee !== null) {
          assignments.add(stepId, assignee, createdAt);
          const second = rnd.int(1, memberCount);
          if (second !== assignee && rnd.next() < 0.15) assignments.add(stepId, second, createdAt + 1);
        }
      }
      // docs/product.md (Decisions): completed when it has steps and every one is completed.
      const status = completed === n ? "completed" : "active";
      projects.add(
        id,
        `${client} - ${job}`,
        `${job} for ${client}`,
        start,
        end,
        PRIORITY_CYCLE[p % PRIORITY_CYCLE.length]!,
        status,
        wfIndex + 1,
        wf.name,
        createdAt,
      );
      instances.add(id, id, wfIndex + 1, wf.name, createdAt);
    }
    counts.projects = projects.finish();
    counts.project_workflow_instances = instances.finish();
    counts.project_workflow_steps = steps.finish();
    counts.step_assignments = assignments.finish();
    lap(`${P} projects with steps`);

    // --- Items and their timer logs ---
    // Logs come in start/stop pairs; a running item has one more start. The number of running items is chosen
    // so that the pairs fill the rest exactly (and a running item always has its start).
    // About 1 item in 250 runs: a shop with 200,000 items has a few hundred timers going.
    let running = Math.min(I, L, I > 0 && L > 0 ? Math.max(1, Math.round(I * 0.004)) : 0);
    if ((L - running) % 2 !== 0) running += running + 1 <= Math.min(I, L) ? 1 : -1;
    if ((L - running) % 2 !== 0 || running < 0 || running > I) throw new Error(`cannot make ${L} logs from ${I} items`);
    const pairs = (L - running) / 2;
    const pairsPerItem = spread(pairs, I, rnd);
    // Which items run: spread over the newest projects' items (old jobs are finished).
    const runningFrom = Math.max(0, I - running * 5);
    const runEvery = running > 0 ? Math.max(1, Math.floor((I - runningFrom) / running)) : 0;
    const itemsPerProject = spread(I - Math.min(I, P), P, rnd);
    // Project 1 gets 200 items (199 + the one every project has): the project page's worst case in the bench. The
    // extra items are taken one at a time from the other projects, so the totals stay exact.
    if (P > 1 && I - Math.min(I, P) >= 199 * 4 && itemsPerProject[0]! < 199) {
      let need = 199 - itemsPerProject[0]!;
      for (let j = 1; need > 0; j = j + 1 < P ? j + 1 : 1) {
        if (itemsPerProject[j]! > 0) {
          itemsPerProject[j]!--;
          need--;
        }
      }
      itemsPerProject[0] = 199;
    }

    const items = bulk(
      sqlite,
      "items",
      [
        "id",
        "name",
        "category",
        "material",
        "quantity",
        "department",
        "assigned_machine",
        "project_id",
        "workflow_id",
        "product_workflow_id",
        "current_step_index",
        "is_timer_active",
        "current_session_start",
        "total_time_seconds",
        "qr_code",
        "created_at",
      ],
      400,
    );
    const logs = bulk(
      sqlite,
      "timer_logs",
      ["item_id", "action", "department", "timestamp", "session_duration_seconds", "team_member_id", "wait_seconds", "finished"],
      1000,
    );
    let itemId = 0;
    let runningLeft = running;
    for (let p = 0; p < P && itemId < I; p++) {
      // Every project has at least one item while there are items to give.
      const n = Math.min(I - itemId, (itemsPerProject[p] ?? 0) + (p < I ? 1 : 0));
      const wfId = projectWorkflow[p]! + 1;
      for (let j = 0; j < n; j++) {
        const id = ++itemId;
        const cat = CATEGORIES[(p * 3 + j) % CATEGORIES.length]!;
        const seq = itemSequence(cat.sequence);
        const base = cat.items[(p + j) % cat.items.length]!;
        const name = j >= cat.items.length ? `${base} #${Math.floor(j / cat.items.length) + 1}` : base;
        const material = cat.materials[(p + j) % cat.materials.length]!;
        const quantity = cat.name.includes("Letters") ? rnd.int(4, 24) : rnd.int(1, 6);
        const createdAt = projectCreated[p]! + (j + 1) * 10 * MINUTE;
        const isRunning = runningLeft > 0 && id > runningFrom && (id - runningFrom) % runEvery === 0 ? 1 : 0;
        if (isRunning) runningLeft--;
        const k = pairsPerItem[id - 1]!;
        // Each stop moves the item on to the next department of its sequence; at the last it stays there.
        const stepIndex = Math.min(k, seq.length - 1);
        // Sessions sit one after another between the item's creation and a few days after its project's end date
        // (now, for a job still under way), none longer than 3 hours. The waits between departments differ by
        // department (WAIT_WEIGHT), as on a real floor, so /analytics has a bottleneck to name.
        const windowEnd = Math.min(now - HOUR, projectEnd[p]! + 5 * DAY);
        const window = Math.max(k + 2, windowEnd - createdAt);
        const deptOf = (s: number) => seq[Math.min(s, seq.length - 1)]!;
        // The gap before session s weighs WAIT_WEIGHT of its department; one more gap follows the last session.
        let weights = 1;
        for (let s = 0; s < k; s++) weights += s === 0 ? 1 : (WAIT_WEIGHT[deptOf(s)] ?? 1);
        let total = 0;
        let t = createdAt;
        let at = createdAt;
        for (let s = 0; s < k; s++) {
          const gap = (window * (s === 0 ? 1 : (WAIT_WEIGHT[deptOf(s)] ?? 1))) / weights;
          const nextGap = (window * (s + 1 < k ? (WAIT_WEIGHT[deptOf(s + 1)] ?? 1) : 1)) / weights;
          at += gap;
          const startAt = Math.max(t + 1000, Math.floor(at - rnd.next() * gap * 0.3));
          const seconds = Math.max(1, Math.min(rnd.int(5 * 60, 3 * 3600), Math.floor((nextGap * 0.5) / 1000)));
          const dept = deptOf(s);
          const who = rnd.int(2, memberCount);
          // As the timer model writes them: a wait when the item came from another department's stop, and a
          // finish for a stop in the sequence's last department.
          const wait = s > 0 && deptOf(s - 1) !== dept ? Math.floor((startAt - t) / 1000) : null;
          logs.add(id, "start", dept, startAt, null, who, wait, 0);
          t = startAt + seconds * 1000;
          logs.add(id, "stop", dept, t, seconds, who, null, s >= seq.length - 1 ? 1 : 0);
          total += seconds;
        }
        let sessionStart: number | null = null;
        if (isRunning) {
          sessionStart = Math.max(t + MINUTE, now - rnd.int(2, 180) * MINUTE);
          if (sessionStart > now) sessionStart = now;
          const wait = k > 0 && deptOf(k - 1) !== seq[stepIndex] ? Math.floor((sessionStart - t) / 1000) : null;
          logs.add(id, "start", seq[stepIndex]!, sessionStart, null, rnd.int(2, memberCount), wait, 0);
        }
        const dept = seq[stepIndex]!;
        const machine = dept === PROD ? PRINTERS[id % PRINTERS.length]! : dept === FAB && id % 3 === 0 ? CUTTERS[id % CUTTERS.length]! : null;
        items.add(
          id,
          name,
          cat.name,
          material,
          quantity,
          dept,
          machine,
          p + 1,
          wfId,
          id % 5 === 0 ? wfId : null,
          stepIndex,
          isRunning,
          sessionStart,
          total,
          `/qr/${id}`,
          createdAt,
        );
      }
    }
    if (itemId !== I || runningLeft !== 0) throw new Error(`internal: made ${itemId} of ${I} items, ${runningLeft} running left over`);
    counts.items = items.finish();
    counts.timer_logs = logs.finish();
    lap(`${I} items, ${L} timer logs`);

    // --- Machine-ready files: about one per two projects, most assigned to an item of the project ---
    const files = bulk(
      sqlite,
      "machine_ready_files",
      [
        "id",
        "name",
        "file_name",
        "machine",
        "file_type",
        "file_path",
        "file_size",
        "description",
        "project_id",
        "is_completed",
        "completed_by",
        "completed_at",
        "processing_time_seconds",
        "sort_order",
        "priority",
        "created_at",
      ],
      400,
    );
    const assoc = bulk(sqlite, "item_file_associations", ["item_id", "machine_file_id", "file_type", "updated_by", "created_at"]);
    const firstItemOfProject = new Uint32Array(P + 1);
    {
      let next = 1;
      for (let p = 0; p < P; p++) {
        firstItemOfProject[p] = next;
        next += Math.min(Math.max(0, I - next + 1), (itemsPerProject[p] ?? 0) + (p < I ? 1 : 0));
      }
      firstItemOfProject[P] = next;
    }
    const machineSort = new Map<string, number>();
    let fileId = 0;
    for (let p = 0; p < P; p += 2) {
      const firstItem = firstItemOfProject[p]!;
      if (firstItemOfProject[p + 1]! <= firstItem) continue;
      const cut = p % 4 === 2;
      const machine = cut ? CUTTERS[p % CUTTERS.length]! : PRINTERS[p % PRINTERS.length]!;
      const id = ++fileId;
      const fileName = `job_${p + 1}_${cut ? "cut" : "print"}.pdf`;
      const done = projectProgress[p]! >= 1;
      const createdAt = projectCreated[p]! + 2 * HOUR;
      const sort = (machineSort.get(machine) ?? -1) + 1;
      machineSort.set(machine, sort);
      const processing = done ? rnd.int(4 * 60, 95 * 60) : null;
      files.add(
        id,
        `Job ${p + 1} ${cut ? "Cut" : "Print"} File`,
        fileName,
        machine,
        "Document",
        `/files/${fileName}`,
        rnd.int(180_000, 40_000_000),
        MATERIALS[p % MATERIALS.length]!.name,
        p + 1,
        done ? 1 : 0,
        done ? rnd.int(2, memberCount) : null,
        done ? createdAt + HOUR + (processing ?? 0) * 1000 : null,
        processing,
        sort,
        PRIORITY_CYCLE[p % PRIORITY_CYCLE.length]!,
        createdAt,
      );
      if (p % 6 !== 4) assoc.add(firstItem, id, cut ? "cut" : "print", rnd.int(1, memberCount), createdAt + 3 * HOUR);
    }
    // Like project 1's 200 items: the first printer always has a full page of open files (150 more), so the
    // queue screen is compared at equal content across data sizes, not 2 rows against 100.
    for (let k = 0; k < 150; k++) {
      const machine = PRINTERS[0]!;
      const id = ++fileId;
      const fileName = `queue_${k + 1}_print.pdf`;
      const sort = (machineSort.get(machine) ?? -1) + 1;
      machineSort.set(machine, sort);
      files.add(
        id,
        `Queue ${k + 1} Print File`,
        fileName,
        machine,
        "Document",
        `/files/${fileName}`,
        rnd.int(180_000, 40_000_000),
        MATERIALS[k % MATERIALS.length]!.name,
        1,
        0,
        null,
        null,
        null,
        sort,
        PRIORITY_CYCLE[k % PRIORITY_CYCLE.length]!,
        setupAt,
      );
    }
    counts.machine_ready_files = files.finish();
    counts.item_file_associations = assoc.finish();
    lap("machine files");

    // --- Design PDFs: one project in ten has one (records only; the files are not written) ---
    const designs = bulk(sqlite, "project_designs", ["project_id", "file_name", "file_path", "file_size", "uploaded_at"]);
    for (let p = 0; p < P; p += 10)
      designs.add(p + 1, `design-${p + 1}.pdf`, `designs/seed-${p + 1}.pdf`, rnd.int(200_000, 30_000_000), projectCreated[p]! + DAY);
    counts.project_designs = designs.finish();
  });
  try {
    run();
    lap("commit (foreign keys checked)");
  } finally {
    sqlite.run("PRAGMA synchronous = NORMAL");
    sqlite.run("PRAGMA journal_mode = WAL");
  }
  // Statistics for the query planner, from a sample of each index: a full ANALYZE of 2M rows takes seconds.
  sqlite.run("PRAGMA analysis_limit = 1000");
  sqlite.run("ANALYZE");
  lap("analyze");
  return { adminPin, itemIds: { first: I > 0 ? 1 : 0, last: I }, counts, seconds: (performance.now() - started) / 1000 };
}

function parseArgs(argv: string[]) {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith("--")) throw new Error(`unexpected argument ${a}`);
    const [k, inline] = a.slice(2).split("=", 2) as [string, string | undefined];
    out[k] = inline ?? argv[++i] ?? "";
  }
  return out;
}

const count = (v: string | undefined, fallback: number) => {
  if (v === undefined) return fallback;
  const n = Number(v.replace(/_/g, ""));
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`not a count: ${v}`);
  return n;
};

if (import.meta.main) {
  try {
    const args = parseArgs(process.argv.slice(2));
    if ("help" in args) {
      console.log("Usage: bun scripts/seed-large.ts [--projects 10000] [--items 200000] [--logs 2000000] [--data-dir DIR] [--pin 1234]");
      process.exit(0);
    }
    const dataDir = path.resolve(args["data-dir"] ?? process.env.DATA_DIR ?? "./data");
    // hashPin() reads the secret of DATA_DIR (the configuration is read on first use, below): point it at the
    // folder being filled so the server started on it accepts the PINs.
    process.env.DATA_DIR = dataDir;
    const file = path.join(dataDir, "shopflow.db");
    const opts = { projects: count(args.projects, 10_000), items: count(args.items, 200_000), logs: count(args.logs, 2_000_000), adminPin: args.pin };
    console.log(`Seeding ${file}: ${opts.projects} projects, ${opts.items} items, ${opts.logs} timer logs`);
    const db = openDatabase(file);
    const result = seedLarge(db, { ...opts, log: console.log });
    db.$client.close();
    console.log(`Done in ${result.seconds.toFixed(1)} s. Sign in with PIN ${result.adminPin} (management).`);
    console.log(
      Object.entries(result.counts)
        .map(([k, v]) => `  ${k}: ${v}`)
        .join("\n"),
    );
  } catch (error) {
    console.error(`seed-large: ${(error as Error).message}`);
    process.exit(1);
  }
}
