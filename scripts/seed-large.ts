// `bun scripts/seed-large.ts [--projects N] [--items N] [--logs N] [--data-dir DIR] [--pin 1234]`
// Fills an EMPTY database with a shop's worth of years of work (defaults: 10,000 projects, 200,000 items,
// 2,000,000 timer logs) for `npm run bench`, for trying the screens on big data and for the forecast backtest
// (scripts/backtest-forecast.ts). The history is simulated (scripts/seed-queue-model.ts, docs/decisions/
// 0039-forecast-backtest.md): projects arrive over the past months with priorities and due dates; each department
// has a known number of people working the shop's calendar and serves its queue rush first, then by due date, then
// by arrival; every start and stop, item position, project status and step is what that shop would have logged up
// to now. Rows go in as multi-row INSERTs through prepared statements in one transaction; the file is opened with
// the app's openDatabase() so it has the app's migrations and constraints. Deterministic: the same counts and the
// same moment give the same rows.
import type { Database, Statement } from "bun:sqlite";
import path from "node:path";
import { STANDARD_DEPARTMENTS, type Priority } from "~/domain/constants";
import { noonInZone } from "~/domain/dates";
import { itemSequence, stepStatusFromPercent } from "~/domain/rules";
import { openDatabase, type DB } from "~/infra/db.server";
import { getEnv } from "~/infra/env.server";
import { hashPin } from "~/infra/secret.server";
import { normal, type ShopCalendar, shopHolidays, simulateQueues, WorkingTime } from "./seed-queue-model";

export type SeedLargeOptions = {
  projects: number;
  items: number;
  logs: number;
  /** The management member's PIN (the bench signs in with it). */
  adminPin?: string;
  now?: number;
  /** The shop's zone; default SHOP_TIMEZONE. */
  timeZone?: string;
  log?: (line: string) => void;
};

/** The simulated shop, as the seed wrote it. */
export type SeedModel = {
  timeZone: string;
  calendar: ShopCalendar;
  /** Working days over which the projects arrived (ending now). */
  arrivalDays: number;
  departments: { value: string; people: number; hours: number | null; utilization: number }[];
  /** Now: timers running, items waiting in a department's queue, projects not finished. */
  running: number;
  waiting: number;
  openProjects: number;
  /** Final-department visits logged as more than one session: stopped for the night, or for a break. */
  sittings: { night: number; breaks: number };
};

export type SeedLargeResult = {
  adminPin: string;
  itemIds: { first: number; last: number };
  counts: Record<string, number>;
  seconds: number;
  model: SeedModel;
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

// --- The simulated shop (docs/decisions/0039-forecast-backtest.md) ---

/** The working calendar written to Global Settings: Monday to Friday, 7:30 to 16:00, US holidays. */
const SHOP_DAY = { workingDays: [1, 2, 3, 4, 5], dayStartMinutes: 7 * 60 + 30, dayHours: 8.5 };
/** The process departments items go through, in the standard order; the model indexes them by this position. */
const PROCESS = [PP, PROD, FAB, QC, INST] as const;
/** Hours a person works a day where it is not the shop's whole day (quality control also does receiving). */
const PROCESS_HOURS: Partial<Record<string, number>> = { [QC]: 6 };
/** How busy each department is on average (people are chosen for it; the seasons go above and below). */
const UTILIZATION: Record<string, number> = { [PP]: 0.7, [PROD]: 0.8, [FAB]: 0.78, [QC]: 0.65, [INST]: 0.74 };
/**
 * The seasons: the share of the average order intake, 1 + Σ amplitude·cos(2π (days ago − peak) / period), in
 * working days before now. A spring and autumn rush over the year, and a shorter wave on top; the year's peak a few
 * weeks back, so that the shop is busy now and has queues.
 */
const SEASONS = [
  { amplitude: 0.25, periodDays: 125, peakDaysAgo: 20 },
  { amplitude: 0.12, periodDays: 45, peakDaysAgo: 5 },
];
/** Spread of a session around its category's median (sigma of the log): most within ×0.6 to ×1.6. */
const SESSION_SPREAD = 0.5;
/** Working days from the order to the due date, by priority. */
const LEAD_DAYS: Record<Priority, [number, number]> = { rush: [2, 4], high: [4, 8], medium: [6, 12], low: [8, 16] };
/** The least history, in working days, whatever the size: a small seed still has queues that empty and fill. */
const MIN_ARRIVAL_DAYS = 40;
/** Items of a project are entered one after another, this far apart (working time). */
const ITEM_ENTRY_MS = 20_000;
/** A final-department visit may be logged in sittings: one break per this much hands-on time at most. */
const BREAK_EVERY_MS = 40 * MINUTE;
const BREAK_MS = 15 * MINUTE;

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

const FAB_SUBDEPARTMENTS = ["Interior Assembly", "Interior Paint & Finish", "Exterior Assembly", "Channel Letter Trim Cap", "Exterior Packaging"];

const WORKFLOWS = [
  { name: "Standard Sign Production", description: "Design, print, build, inspect, install", departmentSequence: [PP, PROD, FAB, QC, INST] },
  { name: "Print Only", description: "Design, print, inspect", departmentSequence: [PP, PROD, QC] },
  { name: "Fabrication & Install", description: "Design, build, inspect, install", departmentSequence: [PP, FAB, QC, INST] },
  { name: "Print & Install", description: "Design, print, install", departmentSequence: [PP, PROD, INST] },
];

// Item categories, each with its department sequence and the median hands-on hours of one item in each of its
// departments (a session varies around it, lognormal: see SESSION_SPREAD). Yard signs have no sequence of their own:
// they follow the standard order.
const CATEGORIES = [
  {
    name: "Channel Letters",
    color: "orange",
    sequence: [PP, PROD, FAB, QC, INST],
    hours: { [PP]: 1.25, [PROD]: 0.75, [FAB]: 3.5, [QC]: 0.4, [INST]: 2.5 },
    items: ["Front Elevation Channel Letters", "Reverse Lit Logo", "Channel Letter Raceway"],
    materials: [".040 Aluminum", 'Acrylic 3/16"'],
  },
  {
    name: "Monument Sign",
    color: "green",
    sequence: [PP, PROD, FAB, QC, INST],
    hours: { [PP]: 1.5, [PROD]: 0.75, [FAB]: 4.5, [QC]: 0.5, [INST]: 3.5 },
    items: ["Double-Sided Monument Cabinet", "Monument Tenant Panels", "Monument Base Cladding"],
    materials: ["Aluminum Composite (ACM)", ".040 Aluminum"],
  },
  {
    name: "Vinyl Banner",
    color: "yellow",
    sequence: [PP, PROD, FAB, QC],
    hours: { [PP]: 0.4, [PROD]: 0.5, [FAB]: 0.35, [QC]: 0.15 },
    items: ["Parking Lot Banner 3x8", "Grand Opening Banner 4x10", "Fence Banner 6x20"],
    materials: ["13oz Scrim Banner", "Mesh Banner"],
  },
  {
    name: "Vehicle Wrap",
    color: "red",
    sequence: [PP, PROD, QC, INST],
    hours: { [PP]: 1, [PROD]: 1.25, [QC]: 0.3, [INST]: 3 },
    items: ["Box Truck Full Wrap", "Van Partial Wrap", "Door Logo Decals"],
    materials: ["3M IJ180 Vinyl"],
  },
  {
    name: "Wall Graphics",
    color: "purple",
    sequence: [PP, PROD, QC, INST],
    hours: { [PP]: 0.6, [PROD]: 0.6, [QC]: 0.2, [INST]: 1.25 },
    items: ["Lobby Feature Wall Mural", "Window Frosting", "Wayfinding Wall Decals"],
    materials: ["3M IJ180 Vinyl", "Oracal 651 Vinyl"],
  },
  {
    name: "Dimensional Letters",
    color: "blue",
    sequence: [PP, PROD, FAB, QC, INST],
    hours: { [PP]: 0.75, [PROD]: 0.5, [FAB]: 1.75, [QC]: 0.3, [INST]: 1.25 },
    items: ["Lobby Logo Letters", "Exterior Address Letters", "Donor Wall Letters"],
    materials: ["PVC Foam Board", 'Acrylic 3/16"'],
  },
  {
    name: "Yard Signs",
    color: "pink",
    sequence: [],
    hours: { [PP]: 0.25, [PROD]: 0.2, [FAB]: 0.2, [QC]: 0.1, [INST]: 0.3 },
    items: ["Yard Sign 18x24", "Open House Sign", "Campaign Sign"],
    materials: ["Coroplast"],
  },
  {
    name: "ADA Signage",
    color: "gray",
    sequence: [PP, PROD, FAB, QC, INST],
    hours: { [PP]: 0.5, [PROD]: 0.35, [FAB]: 0.75, [QC]: 0.25, [INST]: 0.6 },
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
// The staff, by role, in turn (40 people at every size, so the screens that list the team compare equal lists across
// data sizes). A department's sessions are signed by its staff in turn: the simulated people of a large shop share the
// names of these (docs/decisions/0039-forecast-backtest.md).
const STAFF_ROLES: { department: string; keys: string[] }[] = [
  { department: PP, keys: [PP] },
  { department: PROD, keys: [PROD] },
  { department: FAB, keys: [FAB] },
  { department: INST, keys: [] },
  { department: PROD, keys: [PROD] },
  { department: FAB, keys: [FAB] },
  { department: QC, keys: [] },
  { department: "project-management", keys: ["project-management"] },
  { department: INST, keys: [] },
  { department: PP, keys: [PP, "project-management"] },
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
  const timeZone = opts.timeZone ?? getEnv().SHOP_TIMEZONE;
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

  // ===== The simulation, before anything is written =====
  const setupAt = now - 3 * 365 * DAY;
  const year = new Date(now).getUTCFullYear();
  const calendar: ShopCalendar = { ...SHOP_DAY, holidays: shopHolidays(year - 3, year + 1) };
  // Working days from the shop's setup to a year ahead (due dates lie ahead of now).
  const wt = new WorkingTime(calendar, timeZone, setupAt, now + 400 * DAY);
  const dayMs = wt.dayMs;
  const nowWt = wt.wtOf(now);
  const nowDay = Math.max(0, wt.dayAt(now));

  // Which project each item belongs to and its category.
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
  // Every project has at least one item while there are items to give.
  const firstItemOfProject = new Uint32Array(P + 1);
  const itemProject = new Int32Array(I);
  const itemCategory = new Uint8Array(I);
  let maxItemsInProject = 1;
  {
    let next = 0;
    for (let p = 0; p < P; p++) {
      firstItemOfProject[p] = next;
      const n = Math.min(I - next, (itemsPerProject[p] ?? 0) + (p < I ? 1 : 0));
      for (let j = 0; j < n; j++) {
        itemProject[next + j] = p;
        itemCategory[next + j] = (p * 3 + j) % CATEGORIES.length;
      }
      maxItemsInProject = Math.max(maxItemsInProject, n);
      next += n;
    }
    firstItemOfProject[P] = next;
    if (next !== I) throw new Error(`internal: placed ${next} of ${I} items`);
  }
  const sequences = CATEGORIES.map((c) => itemSequence(c.sequence).map((v) => PROCESS.indexOf(v as (typeof PROCESS)[number])));
  const medianMs = CATEGORIES.map((c) => PROCESS.map((v) => Math.round(((c.hours as Record<string, number>)[v] ?? 0.5) * HOUR)));

  // People per department: enough for its expected hands-on hours at its target utilisation. The history is three
  // years long, or shorter for a small seed (so that even the quietest department is one person kept busy).
  const hoursOf = PROCESS.map((v) => PROCESS_HOURS[v] ?? calendar.dayHours);
  const demandHours = PROCESS.map(() => 0);
  const meanFactor = Math.exp((SESSION_SPREAD * SESSION_SPREAD) / 2);
  for (let i = 0; i < I; i++) for (const d of sequences[itemCategory[i]!]!) demandHours[d]! += (medianMs[itemCategory[i]!]![d]! / HOUR) * meanFactor;
  const spanForOnePerson = Math.min(
    ...PROCESS.map((v, d) => (demandHours[d]! > 0 ? demandHours[d]! / (hoursOf[d]! * UTILIZATION[v]!) : Number.POSITIVE_INFINITY)),
  );
  const arrivalDays = Math.max(1, Math.min(nowDay + 1, Math.max(MIN_ARRIVAL_DAYS, Math.ceil(Number.isFinite(spanForOnePerson) ? spanForOnePerson : 0))));
  const people = PROCESS.map((v, d) => {
    const perDay = demandHours[d]! / (arrivalDays * hoursOf[d]!);
    // Rounded up: a department is at most as busy as its target on average (the busy season goes above it).
    return Math.max(1, Math.ceil(perDay / UTILIZATION[v]! - 0.2));
  });

  // Projects arrive at random moments of working time over the span, oldest first (ids follow creation time), more
  // in the busy seasons than in the quiet ones (SEASONS): busy weeks leave queues that take days to work off.
  const firstDay = nowDay + 1 - arrivalDays;
  const firstWt = firstDay * dayMs;
  const lastWt = Math.max(firstWt + 1000, nowWt - maxItemsInProject * ITEM_ENTRY_MS - 1000);
  const busyness = new Float64Array(arrivalDays + 1);
  for (let k = 0; k < arrivalDays; k++) {
    const daysAgo = nowDay - (firstDay + k);
    let w = 1;
    for (const s of SEASONS) w += s.amplitude * Math.cos((2 * Math.PI * (daysAgo - s.peakDaysAgo)) / s.periodDays);
    busyness[k + 1] =
      busyness[k]! + Math.max(0.05, w) * Math.min(1, Math.max(0, (Math.min(lastWt, (firstDay + k + 1) * dayMs) - (firstDay + k) * dayMs) / dayMs));
  }
  const arrival = new Float64Array(P);
  for (let p = 0; p < P; p++) {
    // The inverse of the cumulative busyness: a day drawn in proportion to it, then a moment in that day.
    const u = rnd.next() * busyness[arrivalDays]!;
    let lo = 0;
    let hi = arrivalDays - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (busyness[mid + 1]! <= u) lo = mid + 1;
      else hi = mid;
    }
    const dayStart = (firstDay + lo) * dayMs;
    const span = Math.max(0, Math.min(dayMs, lastWt - dayStart));
    arrival[p] = Math.floor((dayStart + rnd.next() * span) / 1000) * 1000;
  }
  arrival.sort();
  const priorityOf = (p: number): Priority => PRIORITY_CYCLE[p % PRIORITY_CYCLE.length]!;
  const dueDay = new Int32Array(P);
  for (let p = 0; p < P; p++) {
    const [min, max] = LEAD_DAYS[priorityOf(p)];
    dueDay[p] = Math.min(wt.days - 1, Math.floor(arrival[p]! / dayMs) + rnd.int(min, max));
  }

  // Items and their department visits, each with its hands-on time drawn around its category's median.
  const created = new Float64Array(I);
  const priorityKey = new Float64Array(I);
  const visitOffset = new Uint32Array(I + 1);
  for (let i = 0; i < I; i++) visitOffset[i + 1] = visitOffset[i]! + sequences[itemCategory[i]!]!.length;
  const V = visitOffset[I]!;
  const visitDept = new Uint8Array(V);
  const service = new Float64Array(V);
  for (let i = 0; i < I; i++) {
    const p = itemProject[i]!;
    // A project's items are entered one after another and go to their first department together, once the last is in.
    created[i] = arrival[p]! + (firstItemOfProject[p + 1]! - 1 - firstItemOfProject[p]!) * ITEM_ENTRY_MS;
    // Served rush first, then by due date; the queue adds the arrival in the department (seed-queue-model.ts).
    priorityKey[i] = (priorityOf(p) === "rush" ? 0 : 1e15) + dueDay[p]! * 1e11;
    const seq = sequences[itemCategory[i]!]!;
    for (let k = 0; k < seq.length; k++) {
      const v = visitOffset[i]! + k;
      visitDept[v] = seq[k]!;
      const seconds = Math.round((medianMs[itemCategory[i]!]![seq[k]!]! / 1000) * Math.exp(SESSION_SPREAD * normal(rnd.next)));
      service[v] = Math.min(12 * 3600, Math.max(120, seconds)) * 1000;
    }
  }
  const departmentsModel = PROCESS.map((_, d) => ({ people: people[d]!, hoursPerDay: hoursOf[d]! }));
  const sim = simulateQueues({ departments: departmentsModel, dayMs, created, visitOffset, visitDept, service, priorityKey, until: nowWt });
  const { start, end } = sim;
  lap(`queue model (${V} visits, ${arrivalDays} days)`);

  // What the logs must hold: two rows per finished session, one per running one, `L` in all.
  let completed = 0;
  let running = 0;
  for (let v = 0; v < V; v++) {
    if (Number.isNaN(start[v]!)) continue;
    if (end[v]! <= nowWt) completed++;
    else running++;
  }
  if ((L - running) % 2 !== 0) {
    // One start too many: the session that began last in its department (nobody started anything there since) is
    // taken back, so the queue order the logs show still holds; its item waits at the head of that queue.
    const lastStart = new Float64Array(PROCESS.length).fill(Number.NEGATIVE_INFINITY);
    for (let v = 0; v < V; v++) if (start[v]! > lastStart[visitDept[v]!]!) lastStart[visitDept[v]!] = start[v]!;
    let drop = -1;
    for (let v = 0; v < V; v++) {
      if (!(end[v]! > nowWt) || Number.isNaN(start[v]!)) continue;
      const last = start[v] === lastStart[visitDept[v]!];
      if (drop < 0 || (last && !(start[drop] === lastStart[visitDept[drop]!])) || (last && start[v]! > start[drop]!)) drop = v;
    }
    if (drop < 0) throw new Error(`${L} timer logs is an odd number, and no timer runs at this moment to make it so: ask for ${L + 1}`);
    start[drop] = Number.NaN;
    end[drop] = Number.NaN;
    running--;
  }
  const extra = (L - running) / 2 - completed;
  if (extra < 0) {
    throw new Error(`these ${I} items' history takes at least ${2 * completed + running} timer logs (a start and a stop per department visit): ask for more`);
  }
  // The rest are sittings: a visit to the last department logged in several sessions, each but the last ended by
  // Pause (docs/product.md, Decisions: The end of a job). First where a visit ran past the end of a day (the timer
  // paused for the night), then breaks inside longer visits.
  const finalDone = (i: number) => {
    const v = visitOffset[i + 1]! - 1;
    return v >= visitOffset[i]! && !Number.isNaN(start[v]!) && end[v]! <= nowWt ? v : -1;
  };
  let nights = 0;
  let breaksAvailable = 0;
  for (let i = 0; i < I; i++) {
    const v = finalDone(i);
    if (v < 0) continue;
    nights += Math.floor((end[v]! - 1) / dayMs) - Math.floor(start[v]! / dayMs);
    breaksAvailable += Math.floor(service[v]! / BREAK_EVERY_MS);
  }
  const nightSplits = Math.min(extra, nights);
  const breakSplits = extra - nightSplits;
  if (breakSplits > breaksAvailable) {
    throw new Error(
      `${L} timer logs are more than these ${I} items' history can hold (at most ${2 * (completed + nights + breaksAvailable) + running}): ask for fewer`,
    );
  }

  // Team: who signs each simulated person's sessions.
  const staff = 40;
  const staffOf = PROCESS.map(() => [] as number[]);
  for (let m = 0; m < staff; m++) {
    const d = PROCESS.indexOf(STAFF_ROLES[m % STAFF_ROLES.length]!.department as (typeof PROCESS)[number]);
    if (d >= 0 && m % 13 !== 12) staffOf[d]!.push(m + 2);
  }
  const memberOf = (v: number) => {
    const list = staffOf[visitDept[v]!]!;
    return list[sim.slot[v]! % list.length]!;
  };

  // Loading speed: no rollback journal needed for a fresh file (a failure leaves a file to delete anyway),
  // a big page cache, and no fsync until the end. The WAL journal and normal sync are restored afterwards.
  sqlite.run("PRAGMA journal_mode = OFF");
  sqlite.run("PRAGMA synchronous = OFF");
  sqlite.run("PRAGMA cache_size = -262144");
  sqlite.run("PRAGMA temp_store = MEMORY");

  let waiting = 0;
  let openProjects = 0;
  const modelDepartments: SeedModel["departments"] = [];
  const run = sqlite.transaction(() => {
    // Rows of several tables are buffered side by side (a step may be written before its instance): foreign
    // keys are checked once, at commit, instead of row by row.
    sqlite.run("PRAGMA defer_foreign_keys = ON");
    // --- The shop's calendar (Global Settings) ---
    sqlite
      .query("UPDATE shop_settings SET working_days = ?, day_start_minutes = ?, day_hours = ?, holidays = ? WHERE id = 1")
      .run(JSON.stringify(calendar.workingDays), calendar.dayStartMinutes, calendar.dayHours, JSON.stringify(calendar.holidays));
    // --- Departments with their capacity, machines, subdepartments ---
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
      "capacity_people",
      "capacity_hours",
      "created_at",
    ]);
    STANDARD_DEPARTMENTS.forEach((d, i) => {
      const k = PROCESS.indexOf(d.value as (typeof PROCESS)[number]);
      const hours = k >= 0 ? (PROCESS_HOURS[d.value] ?? null) : null;
      depts.add(d.name, d.value, "", d.color, i, 1, 0, "active", "Process", k >= 0 ? people[k]! : 1, hours, setupAt);
      if (k >= 0) {
        const capacity = arrivalDays * people[k]! * hoursOf[k]!;
        modelDepartments.push({ value: d.value, people: people[k]!, hours, utilization: capacity > 0 ? demandHours[k]! / capacity : 0 });
      }
    });
    MACHINES.forEach((m, i) =>
      depts.add(m.name, machineValue(m.name), m.description, "blue", 10 + i, 1, 1, i === 6 ? "maintenance" : "active", "Production", 1, null, setupAt),
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
    const usedPins = new Set([adminPin]);
    const departmentName = new Map<string, string>(STANDARD_DEPARTMENTS.map((d) => [d.value, d.name]));
    for (let m = 0; m < staff; m++) {
      let pin = String(1000 + ((m * 7919) % 9000));
      while (usedPins.has(pin)) pin = String(1000 + ((Number(pin) - 999) % 9000));
      usedPins.add(pin);
      const name = `${FIRST[m % FIRST.length]} ${LAST[(m * 7) % LAST.length]}`;
      const role = STAFF_ROLES[m % STAFF_ROLES.length]!;
      // A few former staff: inactive members keep their history but cannot sign in (and sign no new sessions).
      members.add(
        m + 2,
        name,
        `${name.toLowerCase().replace(/ /g, ".")}.${m}@shop.example`,
        departmentName.get(role.department) ?? role.department,
        "[]",
        JSON.stringify(role.keys),
        hashPin(pin),
        m % 13 === 12 ? 0 : 1,
        setupAt,
      );
    }
    counts.team_members = members.finish();
    const memberCount = staff + 1;
    lap("reference data and team");

    // --- Items and their timer logs, as the simulated shop logged them ---
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
        "finished_at",
        "finished_by",
      ],
      400,
    );
    const logs = bulk(
      sqlite,
      "timer_logs",
      ["item_id", "action", "department", "timestamp", "session_duration_seconds", "team_member_id", "wait_seconds", "finished"],
      1000,
    );
    // Per project and department: items whose sequence has it, and how many of them are done there.
    const need = new Int32Array(P * PROCESS.length);
    const done = new Int32Array(P * PROCESS.length);
    const itemsDone = new Int32Array(P);
    const finishedAt = new Float64Array(P);
    const projectWorkflow = new Uint8Array(P);
    for (let p = 0; p < P; p++) projectWorkflow[p] = rnd.int(0, WORKFLOWS.length - 1);
    // Which sittings are logged: a uniform choice of exactly nightSplits nights and breakSplits breaks (selection
    // sampling, item by item).
    const pickRnd = prng(0x5eed ^ L);
    let nightsLeft = nights;
    let nightsToPick = nightSplits;
    let breaksLeft = breaksAvailable;
    let breaksToPick = breakSplits;
    const cuts: [number, number][] = [];
    for (let i = 0; i < I; i++) {
      const id = i + 1;
      const p = itemProject[i]!;
      const j = i - firstItemOfProject[p]!;
      const c = itemCategory[i]!;
      const cat = CATEGORIES[c]!;
      const seq = sequences[c]!;
      const base = cat.items[(p + j) % cat.items.length]!;
      const name = j >= cat.items.length ? `${base} #${Math.floor(j / cat.items.length) + 1}` : base;
      const material = cat.materials[(p + j) % cat.materials.length]!;
      const quantity = cat.name.includes("Letters") ? rnd.int(4, 24) : rnd.int(1, 6);
      const createdAt = wt.startInstant(arrival[p]! + j * ITEM_ENTRY_MS);
      const last = visitOffset[i + 1]! - 1;
      let total = 0;
      let visitsDone = 0;
      let sessionStart: number | null = null;
      let prevStop = Number.NaN;
      let prevDept = -1;
      let lastWho: number | null = null;
      for (let v = visitOffset[i]!; v <= last; v++) {
        if (Number.isNaN(start[v]!)) break;
        const d = visitDept[v]!;
        const dept = PROCESS[d]!;
        const who = memberOf(v);
        const startAt = wt.startInstant(start[v]!);
        // As the timer model writes it: a wait when the item came from another department's stop.
        const wait = prevDept >= 0 && prevDept !== d ? Math.floor((startAt - prevStop) / 1000) : null;
        if (end[v]! > nowWt) {
          logs.add(id, "start", dept, startAt, null, who, wait, 0);
          sessionStart = startAt;
          break;
        }
        // The sittings of a finished last visit: where it is cut, and where work resumes (working time).
        cuts.length = 0;
        if (v === last) {
          const firstDay = Math.floor(start[v]! / dayMs);
          const lastDay = Math.floor((end[v]! - 1) / dayMs);
          const windowMs = Math.round(hoursOf[d]! * HOUR);
          const pieces: [number, number][] = [];
          for (let day = firstDay; day <= lastDay; day++) pieces.push([Math.max(start[v]!, day * dayMs), Math.min(end[v]!, day * dayMs + windowMs)]);
          for (let k = 0; k + 1 < pieces.length; k++) {
            if (pickRnd.next() * nightsLeft-- < nightsToPick) {
              nightsToPick--;
              cuts.push([pieces[k]![1], pieces[k + 1]![0]]);
            }
          }
          let breaks = 0;
          for (let k = Math.floor(service[v]! / BREAK_EVERY_MS); k > 0; k--) {
            if (pickRnd.next() * breaksLeft-- < breaksToPick) {
              breaksToPick--;
              breaks++;
            }
          }
          // Breaks go to the day pieces with the most work per break, evenly spaced inside each.
          const perPiece = pieces.map(() => 0);
          for (let b = 0; b < breaks; b++) {
            let best = 0;
            for (let k = 1; k < pieces.length; k++) {
              if ((pieces[k]![1] - pieces[k]![0]) / (perPiece[k]! + 1) > (pieces[best]![1] - pieces[best]![0]) / (perPiece[best]! + 1)) best = k;
            }
            perPiece[best]!++;
          }
          pieces.forEach(([a, b], k) => {
            const m = perPiece[k]!;
            if (m === 0) return;
            const gap = Math.max(1000, Math.min(BREAK_MS, Math.floor((b - a) / (4 * (m + 1)) / 1000) * 1000));
            for (let n = 1; n <= m; n++) {
              const at = a + Math.floor(((b - a) * n) / (m + 1) / 1000) * 1000;
              cuts.push([at, at + gap]);
            }
          });
          cuts.sort((x, y) => x[0] - y[0]);
        }
        // Only the last sitting finishes the item; those before it are pauses (docs/product.md, Decisions: The end of
        // a job): a finished item is not started again without Reopen, so a break is logged as a Pause.
        const finished = v === last ? 1 : 0;
        let from = start[v]!;
        for (let k = 0; k <= cuts.length; k++) {
          const to = k < cuts.length ? cuts[k]![0] : end[v]!;
          const at = wt.startInstant(from);
          const stopAt = wt.endInstant(to);
          const seconds = Math.floor((stopAt - at) / 1000);
          logs.add(id, "start", dept, at, null, who, k === 0 ? wait : null, 0);
          logs.add(id, "stop", dept, stopAt, seconds, who, null, k === cuts.length ? finished : 0);
          total += seconds;
          prevStop = stopAt;
          lastWho = who;
          if (k < cuts.length) from = cuts[k]![1];
        }
        prevDept = d;
        visitsDone++;
        done[p * PROCESS.length + d]!++;
      }
      for (const d of seq) need[p * PROCESS.length + d]!++;
      const finishedItem = visitsDone === seq.length;
      if (finishedItem) {
        itemsDone[p]!++;
        finishedAt[p] = Math.max(finishedAt[p]!, prevStop);
      }
      const stepIndex = Math.min(visitsDone, seq.length - 1);
      const isRunning = sessionStart !== null ? 1 : 0;
      if (!finishedItem && !isRunning && !Number.isNaN(sim.arrived[visitOffset[i]! + stepIndex]!)) waiting++;
      const dept = PROCESS[seq[stepIndex]!]!;
      const machine = dept === PROD ? PRINTERS[id % PRINTERS.length]! : dept === FAB && id % 3 === 0 ? CUTTERS[id % CUTTERS.length]! : null;
      const wfId = projectWorkflow[p]! + 1;
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
        // Stopped in its last department: finished, by whoever stopped it (docs/product.md, Decisions: The end of a job).
        finishedItem ? prevStop : null,
        finishedItem ? lastWho : null,
      );
    }
    if (nightsToPick !== 0 || breaksToPick !== 0) throw new Error(`internal: ${nightsToPick} nights and ${breaksToPick} breaks left to log`);
    counts.items = items.finish();
    counts.timer_logs = logs.finish();
    lap(`${I} items, ${L} timer logs`);

    // --- Projects, each with one workflow instance and one step per department of its workflow ---
    const projects = bulk(
      sqlite,
      "projects",
      ["id", "name", "description", "start_date", "end_date", "priority", "status", "workflow_id", "workflow_name", "created_at", "completed_at"],
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
    const noons = new Map<string, number>();
    const noonOf = (date: string) => {
      let t = noons.get(date);
      if (t === undefined) noons.set(date, (t = noonInZone(date, timeZone)!.getTime()));
      return t;
    };
    const projectCreated = new Float64Array(P);
    const projectDone = new Uint8Array(P);
    for (let p = 0; p < P; p++) {
      const id = p + 1;
      const createdAt = wt.startInstant(arrival[p]!);
      projectCreated[p] = createdAt;
      const wfIndex = projectWorkflow[p]!;
      const wf = WORKFLOWS[wfIndex]!;
      // Dates are calendar days, stored at noon in the shop's zone like every date the app saves.
      const start = noonOf(wt.dates[Math.floor(arrival[p]! / dayMs)]!);
      const end = noonOf(wt.dates[dueDay[p]!]!);
      const client = `${CLIENT_A[rnd.int(0, CLIENT_A.length - 1)]} ${CLIENT_B[rnd.int(0, CLIENT_B.length - 1)]}`;
      const job = JOBS[rnd.int(0, JOBS.length - 1)]!;
      const all = firstItemOfProject[p + 1]! - firstItemOfProject[p]!;
      const whole = itemsDone[p] === all && all > 0 ? 100 : all > 0 ? Math.floor((100 * itemsDone[p]!) / all) : 0;
      const seq = wf.departmentSequence;
      const n = seq.length;
      let completedSteps = 0;
      for (let k = 0; k < n; k++) {
        // A step is as far along as the project's items in its department; the last step, and one no item goes
        // through, as far as the whole project: it completes when the last item finishes.
        const d = PROCESS.indexOf(seq[k] as (typeof PROCESS)[number]);
        const needed = d >= 0 ? need[p * PROCESS.length + d]! : 0;
        const percent =
          k === n - 1 || needed === 0 ? whole : done[p * PROCESS.length + d]! === needed ? 100 : Math.floor((100 * done[p * PROCESS.length + d]!) / needed);
        const status = stepStatusFromPercent(percent);
        if (status === "completed") completedSteps++;
        const sStart = start + Math.floor(((end - start) * k) / n);
        const sEnd = start + Math.floor(((end - start) * (k + 1)) / n);
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
      const status = completedSteps === n ? "completed" : "active";
      projectDone[p] = status === "completed" ? 1 : 0;
      if (!projectDone[p]) openProjects++;
      projects.add(
        id,
        `${client} - ${job}`,
        `${job} for ${client}`,
        start,
        end,
        priorityOf(p),
        status,
        wfIndex + 1,
        wf.name,
        createdAt,
        status === "completed" ? finishedAt[p]! || null : null,
      );
      instances.add(id, id, wfIndex + 1, wf.name, createdAt);
    }
    counts.projects = projects.finish();
    counts.project_workflow_instances = instances.finish();
    counts.project_workflow_steps = steps.finish();
    counts.step_assignments = assignments.finish();
    lap(`${P} projects with steps`);
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
    const machineSort = new Map<string, number>();
    let fileId = 0;
    for (let p = 0; p < P; p += 2) {
      const firstItem = firstItemOfProject[p]! + 1;
      if (firstItemOfProject[p + 1]! + 1 <= firstItem) continue;
      const cut = p % 4 === 2;
      const machine = cut ? CUTTERS[p % CUTTERS.length]! : PRINTERS[p % PRINTERS.length]!;
      const id = ++fileId;
      const fileName = `job_${p + 1}_${cut ? "cut" : "print"}.pdf`;
      const done = projectDone[p] === 1;
      const createdAt = Math.min(now, projectCreated[p]! + 10 * MINUTE);
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
        done ? Math.max(createdAt, Math.min(finishedAt[p]!, createdAt + HOUR + (processing ?? 0) * 1000)) : null,
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
      designs.add(p + 1, `design-${p + 1}.pdf`, `designs/seed-${p + 1}.pdf`, rnd.int(200_000, 30_000_000), Math.min(now, projectCreated[p]! + DAY));
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
  const model: SeedModel = {
    timeZone,
    calendar,
    arrivalDays,
    departments: modelDepartments,
    running,
    waiting,
    openProjects,
    sittings: { night: nightSplits, breaks: breakSplits },
  };
  return { adminPin, itemIds: { first: I > 0 ? 1 : 0, last: I }, counts, seconds: (performance.now() - started) / 1000, model };
}

const USAGE =
  "Usage: bun scripts/seed-large.ts [--projects 10000] [--items 200000] [--logs 2000000] [--data-dir DIR] [--pin 1234] [--now 2026-11-20T15:00:00Z]\n" +
  "  The smallest shop that makes sense: --projects 20 --items 200 --logs 2000 (each item's visits need a start and a stop).";
const OPTIONS = new Set(["projects", "items", "logs", "data-dir", "pin", "now", "help"]);

function parseArgs(argv: string[]) {
  const out: Record<string, string> = {};
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith("--")) throw new Error(`unexpected argument ${a}`);
    const [k, inline] = a.slice(2).split("=", 2) as [string, string | undefined];
    if (!OPTIONS.has(k)) throw new Error(`unknown option --${k}`);
    out[k] = k === "help" ? "" : (inline ?? argv[++i] ?? "");
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
  // A mistake in the command line exits 2 with the usage, before the database is touched; a failed seed exits 1.
  let opts: SeedLargeOptions;
  let dataDir: string;
  try {
    const args = parseArgs(process.argv.slice(2));
    if ("help" in args) {
      console.log(USAGE);
      process.exit(0);
    }
    dataDir = path.resolve(args["data-dir"] ?? process.env.DATA_DIR ?? "./data");
    const now = args.now === undefined ? undefined : /^\d+$/.test(args.now) ? Number(args.now) : Date.parse(args.now);
    if (now !== undefined && !Number.isFinite(now)) throw new Error(`not a moment: ${args.now} (an ISO date and time, or epoch milliseconds)`);
    opts = {
      projects: count(args.projects, 10_000),
      items: count(args.items, 200_000),
      logs: count(args.logs, 2_000_000),
      adminPin: args.pin,
      now,
    };
  } catch (error) {
    console.error(`seed-large: ${(error as Error).message}\n${USAGE}`);
    process.exit(2);
  }
  try {
    // hashPin() reads the secret of DATA_DIR (the configuration is read on first use, below): point it at the
    // folder being filled so the server started on it accepts the PINs.
    process.env.DATA_DIR = dataDir;
    const file = path.join(dataDir, "shopflow.db");
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
    const m = result.model;
    console.log(
      `The shop (${m.timeZone}): ${m.calendar.dayHours} h from ${Math.floor(m.calendar.dayStartMinutes / 60)}:${String(m.calendar.dayStartMinutes % 60).padStart(2, "0")}, ` +
        `weekdays ${m.calendar.workingDays.join(",")}, ${m.calendar.holidays.length} holidays; projects arrived over ${m.arrivalDays} working days.`,
    );
    for (const d of m.departments) {
      console.log(
        `  ${d.value}: ${d.people} ${d.people === 1 ? "person" : "people"} × ${d.hours ?? m.calendar.dayHours} h, ${(d.utilization * 100).toFixed(0)}% busy`,
      );
    }
    console.log(
      `  now: ${m.running} timers running, ${m.waiting} items waiting, ${m.openProjects} projects open; ` +
        `last-department sittings: ${m.sittings.night} overnight stops, ${m.sittings.breaks} breaks`,
    );
  } catch (error) {
    console.error(`seed-large: ${(error as Error).message}`);
    process.exit(1);
  }
}
