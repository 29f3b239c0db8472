import { eq } from "drizzle-orm";
import type { BunSQLiteDatabase } from "drizzle-orm/bun-sqlite";
import { noonDaysFrom } from "~/domain/dates";
import { floorPercent, hasPassed, itemSequence } from "~/domain/rules";
import * as schema from "../schema";

// Demo data for `--demo` / DEMO=1: a believable sign shop in an empty database.
// Deterministic: the same `now` gives the same rows (variety comes from indexes and a seeded PRNG).

export type DemoMember = { name: string; pin: string; access: string[] };

type Priority = (typeof schema.PRIORITIES)[number];

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

// mulberry32: tiny seeded PRNG so the demo looks varied but never changes between runs.
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
  return { next, int };
}

const slug = (s: string) =>
  s
    .toLowerCase()
    .replace(/&/g, " ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");

const fileSlug = (s: string) => slug(s).replace(/-/g, "_");

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

// ---------------------------------------------------------------------------------------------
// Reference data

const PP = "pre-production";
const PROD = "production";
const FAB = "fabrication";
const QC = "quality-control";
const INST = "installation";
const PM = "project-management";

const STANDARD_DEPARTMENTS = [
  { name: "Pre-Production", value: PP, color: "blue", description: "Artwork, proofs, permits and machine-ready files" },
  { name: "Production", value: PROD, color: "yellow", description: "Large-format printing, laminating and CNC cutting" },
  { name: "Fabrication", value: FAB, color: "orange", description: "Sign cabinets, channel letters, paint and assembly" },
  { name: "Quality Control", value: QC, color: "purple", description: "Final inspection, lighting tests and packaging sign-off" },
  { name: "Installation", value: INST, color: "green", description: "Site surveys, permits on site and installation crews" },
  { name: "Project Management", value: PM, color: "gray", description: "Customer contact, scheduling and job costing" },
];

const MACHINES = [
  { name: "HP Latex 800", description: '64" latex roll-to-roll printer for vinyl, banner and wall graphics', kind: "print" },
  { name: "Roland VersaUV", description: "UV flatbed printer for rigid substrates and direct-to-board prints", kind: "print" },
  { name: "Zund G3 Cutter", description: "Digital flatbed cutter for contour cuts, routing ACM and foam board", kind: "cut" },
  { name: "CNC Router", description: "5x10 CNC router for aluminum, acrylic and letter returns", kind: "cut" },
] as const;

const machineValue = (name: string) => name.toLowerCase().replace(/ /g, "-");
const HP = machineValue("HP Latex 800");
const ROLAND = machineValue("Roland VersaUV");
const ZUND = machineValue("Zund G3 Cutter");
const CNC = machineValue("CNC Router");

const FAB_SUBDEPARTMENTS = [
  { name: "Interior Assembly", description: "Lobby signs, dimensional letters and ADA signage assembly", color: "blue" },
  { name: "Interior Paint & Finish", description: "Paint booth, clear coats and edge finishing for interior work", color: "pink" },
  { name: "Interior Lights", description: "LED modules, edge-lit panels and power supplies for interior signs", color: "yellow" },
  { name: "Exterior Assembly", description: "Cabinets, monuments and pylon faces", color: "green" },
  { name: "Channel Letter Trim Cap", description: "Returns, trim cap and face fitting for channel letters", color: "orange" },
  { name: "Exterior Riveting", description: "Riveting returns and backs, raceway assembly", color: "gray" },
  { name: "Exterior Packaging", description: "Crating and wrapping finished exterior signs for install", color: "purple" },
];

const WORKFLOWS = [
  {
    name: "Standard Sign Production",
    description: "Full path for printed and fabricated signs: design, print, build, inspect, install.",
    departmentSequence: [PP, PROD, FAB, QC, INST],
  },
  {
    name: "Print Only",
    description: "Printed graphics delivered or picked up: design, print, inspect.",
    departmentSequence: [PP, PROD, QC],
  },
  {
    name: "Fabrication & Install",
    description: "Built signs with no large-format printing: design, build, inspect, install.",
    departmentSequence: [PP, FAB, QC, INST],
  },
];

const CATEGORIES = [
  {
    name: "Channel Letters",
    description: "Illuminated aluminum channel letters with acrylic faces",
    departmentSequence: [PP, PROD, FAB, QC, INST],
    color: "orange",
    materials: [".040 Aluminum", 'Acrylic 3/16"'],
    items: ["Front Elevation Channel Letters", "Side Elevation Channel Letters", "Reverse Lit Logo", "Channel Letter Raceway"],
  },
  {
    name: "Monument Sign",
    description: "Double-sided ground signs with cabinets and tenant panels",
    departmentSequence: [PP, FAB, QC, INST],
    color: "green",
    materials: ["Aluminum Composite (ACM)", ".040 Aluminum"],
    items: ["Double-Sided Monument Cabinet", "Monument Tenant Panels", "Monument Address Numerals", "Monument Base Cladding"],
  },
  {
    name: "Vinyl Banner",
    description: "Hemmed and grommeted banners for events and promotions",
    departmentSequence: [PP, PROD, QC],
    color: "yellow",
    materials: ["13oz Scrim Banner"],
    items: ["Parking Lot Banner 3x8", "Grand Opening Banner 4x10", "Fence Banner 6x20", "Event Backdrop Banner 8x8"],
  },
  {
    name: "Vehicle Wrap",
    description: "Full and partial wraps, door logos and fleet graphics",
    departmentSequence: [PP, PROD, INST],
    color: "red",
    materials: ["3M IJ180 Vinyl"],
    items: ["Box Truck Full Wrap", "Van Partial Wrap", "Tailgate Graphics", "Door Logo Decals"],
  },
  {
    name: "Wall Graphics",
    description: "Murals, window frosting and wayfinding decals",
    departmentSequence: [PP, PROD, INST],
    color: "purple",
    materials: ["3M IJ180 Vinyl", "Oracal 651 Vinyl"],
    items: ["Lobby Feature Wall Mural", "Conference Room Window Frosting", "Wayfinding Wall Decals", "Break Room Mural"],
  },
  {
    name: "Dimensional Letters",
    description: "Non-illuminated cut letters and logos, stud-mounted",
    departmentSequence: [PP, PROD, FAB, INST],
    color: "blue",
    materials: ["PVC Foam Board", 'Acrylic 3/16"', "Aluminum Composite (ACM)"],
    items: ["Lobby Logo Letters", "Reception Dimensional Letters", "Exterior Address Letters", "Donor Wall Letters"],
  },
];

const MATERIALS = [
  { name: "3M IJ180 Vinyl", category: "Vinyl", color: "blue", description: "Cast wrap film with Controltac adhesive", print: HP, cut: ZUND },
  { name: "Oracal 651 Vinyl", category: "Vinyl", color: "purple", description: "Intermediate calendered vinyl for decals and lettering", print: HP, cut: ZUND },
  { name: "13oz Scrim Banner", category: "Banner", color: "yellow", description: "Scrim vinyl banner, hemmed with grommets every 2 ft", print: HP, cut: ZUND },
  { name: "Aluminum Composite (ACM)", category: "Substrate", color: "gray", description: "3mm aluminum composite panel", print: ROLAND, cut: ZUND },
  {
    name: ".040 Aluminum",
    category: "Metal",
    color: "orange",
    description: ".040 painted aluminum coil and sheet for returns and backs",
    print: null,
    cut: CNC,
  },
  {
    name: 'Acrylic 3/16"',
    category: "Plastic",
    color: "pink",
    description: "Cast acrylic, white #7328 for faces and dimensional letters",
    print: ROLAND,
    cut: CNC,
  },
  { name: "PVC Foam Board", category: "Substrate", color: "green", description: "6mm expanded PVC for interior signs and letters", print: ROLAND, cut: ZUND },
  { name: "Coroplast", category: "Plastic", color: "red", description: "4mm corrugated plastic for yard and temporary signs", print: ROLAND, cut: ZUND },
] as const;

// Projects: client, job, workflow index, categories its items come from, priority, timing.
// `progress` < 0 means the job has not started yet (start |progress| days from now);
// `done` marks the three completed jobs.
type ProjectSpec = {
  client: string;
  job: string;
  workflow: number;
  cats: string[];
  priority: Priority;
  progress: number;
  days: number;
  done?: boolean;
};

const SSP = 0;
const PRINT = 1;
const FNI = 2;

const PROJECTS: ProjectSpec[] = [
  {
    client: "Riverside Dental",
    job: "Storefront Channel Letters",
    workflow: SSP,
    cats: ["Channel Letters", "Wall Graphics"],
    priority: "rush",
    progress: 0.15,
    days: 14,
  },
  { client: "Harbor Supply Co.", job: "Grand Opening Banners", workflow: PRINT, cats: ["Vinyl Banner"], priority: "high", progress: 0.5, days: 10 },
  { client: "Oakwood Elementary", job: "Monument Sign", workflow: FNI, cats: ["Monument Sign"], priority: "medium", progress: 1, days: 30, done: true },
  { client: "Blue Ridge Plumbing", job: "Fleet Van Wraps", workflow: PRINT, cats: ["Vehicle Wrap"], priority: "high", progress: 0.3, days: 18 },
  {
    client: "Summit Fitness",
    job: "Lobby Wall Graphics",
    workflow: SSP,
    cats: ["Wall Graphics", "Dimensional Letters"],
    priority: "medium",
    progress: 0.6,
    days: 21,
  },
  {
    client: "Lakeside Credit Union",
    job: "Monument Refresh",
    workflow: FNI,
    cats: ["Monument Sign", "Dimensional Letters"],
    priority: "low",
    progress: 0.4,
    days: 28,
  },
  {
    client: "Maple Street Bakery",
    job: "Storefront Sign Package",
    workflow: SSP,
    cats: ["Channel Letters", "Vinyl Banner"],
    priority: "rush",
    progress: 0.05,
    days: 10,
  },
  {
    client: "City of Fairview",
    job: "Parks Wayfinding",
    workflow: FNI,
    cats: ["Monument Sign", "Dimensional Letters"],
    priority: "low",
    progress: -12,
    days: 35,
  },
  { client: "Northstar Logistics", job: "Box Truck Wraps", workflow: PRINT, cats: ["Vehicle Wrap"], priority: "medium", progress: 0.75, days: 14 },
  {
    client: "Copper Kettle Brewing",
    job: "Taproom Letters",
    workflow: SSP,
    cats: ["Dimensional Letters", "Wall Graphics"],
    priority: "high",
    progress: 0.85,
    days: 20,
  },
  {
    client: "St. Luke's Clinic",
    job: "Exterior Signage Package",
    workflow: SSP,
    cats: ["Channel Letters", "Monument Sign"],
    priority: "high",
    progress: 0.45,
    days: 30,
  },
  { client: "Greenway Apartments", job: "Leasing Banners", workflow: PRINT, cats: ["Vinyl Banner"], priority: "low", progress: 1, days: 12, done: true },
  { client: "Pinecrest Mall", job: "Tenant Panels", workflow: FNI, cats: ["Monument Sign"], priority: "medium", progress: 0.25, days: 24 },
  { client: "Bright Smiles Orthodontics", job: "Reception Logo", workflow: SSP, cats: ["Dimensional Letters"], priority: "rush", progress: 0.35, days: 9 },
  { client: "Metro Auto Group", job: "Showroom Graphics", workflow: SSP, cats: ["Wall Graphics", "Vinyl Banner"], priority: "medium", progress: 0.2, days: 16 },
  { client: "Valley Farmers Market", job: "Event Banners", workflow: PRINT, cats: ["Vinyl Banner"], priority: "low", progress: -5, days: 10 },
  {
    client: "Hillside Church",
    job: "Monument Sign",
    workflow: FNI,
    cats: ["Monument Sign", "Dimensional Letters"],
    priority: "medium",
    progress: 0.55,
    days: 32,
  },
  { client: "Apex Roofing", job: "Truck Graphics", workflow: PRINT, cats: ["Vehicle Wrap"], priority: "high", progress: 1.15, days: 8 },
  { client: "Sunset Grill", job: "Channel Letters & Raceway", workflow: SSP, cats: ["Channel Letters"], priority: "rush", progress: 0.6, days: 12 },
  { client: "Westfield Library", job: "Donor Wall", workflow: FNI, cats: ["Dimensional Letters"], priority: "high", progress: 1, days: 25, done: true },
  {
    client: "Prairie State Bank",
    job: "Branch Rebrand",
    workflow: SSP,
    cats: ["Channel Letters", "Monument Sign", "Wall Graphics"],
    priority: "high",
    progress: 0.1,
    days: 40,
  },
  { client: "Evergreen Landscaping", job: "Trailer Wrap", workflow: PRINT, cats: ["Vehicle Wrap"], priority: "low", progress: 0.65, days: 10 },
  {
    client: "Crescent Hotel",
    job: "Lobby & Wayfinding",
    workflow: SSP,
    cats: ["Wall Graphics", "Dimensional Letters"],
    priority: "medium",
    progress: -3,
    days: 30,
  },
  { client: "Tri-County Fair", job: "Fence Banners", workflow: PRINT, cats: ["Vinyl Banner"], priority: "rush", progress: 0.4, days: 7 },
  {
    client: "Ironworks Gym",
    job: "Exterior Letters",
    workflow: FNI,
    cats: ["Dimensional Letters", "Channel Letters"],
    priority: "medium",
    progress: 0.3,
    days: 22,
  },
  { client: "Cedar Point Veterinary", job: "Pylon & Monument", workflow: FNI, cats: ["Monument Sign"], priority: "low", progress: -8, days: 35 },
  { client: "Bluebird Coffee", job: "Wall Mural", workflow: SSP, cats: ["Wall Graphics"], priority: "medium", progress: 0.9, days: 12 },
  {
    client: "Midtown Pharmacy",
    job: "Storefront Refresh",
    workflow: SSP,
    cats: ["Channel Letters", "Wall Graphics"],
    priority: "high",
    progress: 0.25,
    days: 20,
  },
  { client: "Lone Star Realty", job: "Open House Banners", workflow: PRINT, cats: ["Vinyl Banner", "Wall Graphics"], priority: "low", progress: 0.15, days: 9 },
  { client: "Regional Medical Center", job: "Lobby Letters", workflow: FNI, cats: ["Dimensional Letters"], priority: "medium", progress: 1.1, days: 26 },
];

// ---------------------------------------------------------------------------------------------

export function seedDemo(
  db: BunSQLiteDatabase<typeof schema>,
  opts: { hashPin: (pin: string) => string; adminName: string; adminPin?: string; now?: Date; timeZone?: string },
): { members: DemoMember[] } {
  const now = opts.now ?? new Date();
  const nowMs = now.getTime();
  const rnd = prng(20240611);

  // Step dates are calendar days, stored as noon in the shop's zone (docs/product.md §5 Step dates).
  const timeZone = opts.timeZone ?? "America/Chicago";
  const dayAt = (offset: number) => noonDaysFrom(now, Math.round(offset), timeZone);
  const setupAt = dayAt(-120);

  // --- Team members and PINs ---
  const adminPin = opts.adminPin ?? "1234";
  const memberSpecs = [
    {
      name: opts.adminName,
      email: "admin@brightlinesigns.example",
      department: "Management",
      subdepartment: null,
      skills: ["Scheduling", "Estimating", "Shop Management"],
      access: ["management"],
      pin: adminPin,
      isActive: true,
    },
    {
      name: "Maria Lopez",
      email: "maria.lopez@brightlinesigns.example",
      department: "Pre-Production",
      subdepartment: "Graphic Design",
      skills: ["Adobe Illustrator", "File Prep", "Color Matching", "Proofing"],
      access: [PP],
    },
    {
      name: "James Carter",
      email: "james.carter@brightlinesigns.example",
      department: "Production",
      subdepartment: "Large Format Print",
      skills: ["HP Latex", "Roland VersaUV", "Lamination"],
      access: [PROD],
    },
    {
      name: "Aisha Khan",
      email: "aisha.khan@brightlinesigns.example",
      department: "Fabrication",
      subdepartment: "Channel Letter Trim Cap",
      skills: ["Channel Letters", "Welding", "LED Wiring"],
      access: [FAB],
    },
    {
      name: "Tom Becker",
      email: "tom.becker@brightlinesigns.example",
      department: "Project Management",
      subdepartment: null,
      skills: ["Client Relations", "Permitting", "Site Surveys"],
      access: [PM],
    },
    {
      name: "Lena Novak",
      email: "lena.novak@brightlinesigns.example",
      department: "Pre-Production",
      subdepartment: "Estimating",
      skills: ["Estimating", "Adobe Illustrator", "Permit Drawings"],
      access: [PP, PM],
    },
    {
      name: "Diego Ramos",
      email: "diego.ramos@brightlinesigns.example",
      department: "Production",
      subdepartment: "CNC & Cutting",
      skills: ["Zund Cutter", "CNC Router", "Exterior Assembly"],
      access: [PROD, FAB],
      // Speaks Spanish: every screen he signs in to is in Spanish, whatever the device (docs/product.md, Languages).
      language: "es" as const,
    },
    {
      name: "Priya Shah",
      email: "priya.shah@brightlinesigns.example",
      department: "Quality Control",
      subdepartment: null,
      skills: ["Inspection", "Packaging"],
      access: [] as string[],
    },
  ];
  const staffPins = ["1111", "2222", "3333", "4444", "5555", "6666", "7777"];
  const members: DemoMember[] = memberSpecs.map((m, i) => {
    const pin = i === 0 ? adminPin : staffPins[i - 1] === adminPin ? "8888" : staffPins[i - 1]!;
    return { name: m.name, pin, access: [...m.access] };
  });

  return db.transaction((tx) => {
    // --- Departments (standard six, then machine stations) ---
    tx.insert(schema.departments)
      .values(
        STANDARD_DEPARTMENTS.map((d, i) => ({
          ...d,
          sortOrder: i,
          isActive: true,
          isMachine: false,
          machineStatus: "active",
          category: "Process",
          createdAt: setupAt,
        })),
      )
      .run();
    tx.insert(schema.departments)
      .values(
        MACHINES.map((m, i) => ({
          name: m.name,
          value: machineValue(m.name),
          description: m.description,
          color: "blue",
          sortOrder: 10 + i,
          isActive: true,
          isMachine: true,
          machineStatus: "active",
          category: "Production",
          createdAt: setupAt,
        })),
      )
      .run();
    const fabDept = tx.select({ id: schema.departments.id }).from(schema.departments).where(eq(schema.departments.value, FAB)).get()!;

    tx.insert(schema.subdepartments)
      .values(
        FAB_SUBDEPARTMENTS.map((s, i) => ({
          name: s.name,
          value: slug(s.name),
          description: s.description,
          departmentId: fabDept.id,
          color: s.color,
          sortOrder: i,
          isActive: true,
          createdAt: setupAt,
        })),
      )
      .run();

    tx.insert(schema.machines)
      .values(
        MACHINES.map((m, i) => ({
          name: m.name,
          description: m.description,
          category: "Production",
          status: "active",
          color: "blue",
          sortOrder: i,
          isActive: true,
          createdAt: setupAt,
        })),
      )
      .run();

    // --- Workflows, categories, materials ---
    const workflowRows = tx
      .insert(schema.workflows)
      .values(WORKFLOWS.map((w) => ({ ...w, createdAt: setupAt })))
      .returning()
      .all();
    const workflowByName = new Map(workflowRows.map((w) => [w.name, w]));
    const workflowList = WORKFLOWS.map((w) => workflowByName.get(w.name)!);

    tx.insert(schema.categories)
      .values(
        CATEGORIES.map((c) => ({
          name: c.name,
          description: c.description,
          departmentSequence: c.departmentSequence,
          color: c.color,
          createdAt: setupAt,
        })),
      )
      .run();
    const categoryByName = new Map(CATEGORIES.map((c) => [c.name, c]));

    tx.insert(schema.materials)
      .values(
        MATERIALS.map((m) => ({
          name: m.name,
          description: m.description,
          category: m.category,
          color: m.color,
          createdAt: setupAt,
        })),
      )
      .run();
    const materialByName = new Map<string, (typeof MATERIALS)[number]>(MATERIALS.map((m) => [m.name, m]));

    // --- Team members ---
    const memberRows = tx
      .insert(schema.teamMembers)
      .values(
        memberSpecs.map((m, i) => ({
          name: m.name,
          email: m.email,
          department: m.department,
          subdepartment: m.subdepartment,
          skills: m.skills,
          accessibleDepartments: m.access,
          language: "language" in m ? m.language : null,
          pinHash: opts.hashPin(members[i]!.pin),
          isActive: true,
          createdAt: setupAt,
        })),
      )
      .returning()
      .all();
    const memberId = (name: string) => memberRows.find((m) => m.name === name)!.id;
    const maria = memberId("Maria Lopez");
    const james = memberId("James Carter");
    const aisha = memberId("Aisha Khan");
    const tom = memberId("Tom Becker");
    const lena = memberId("Lena Novak");
    const diego = memberId("Diego Ramos");
    // Who finishes an item in its last department (decision 0048: finishedBy).
    const finisherOf: Record<string, number> = { [PP]: maria, [PROD]: james, [FAB]: aisha, [QC]: memberId("Priya Shah"), [INST]: diego };

    // Who works a department's step in project i (null: not yet assigned).
    const stepAssignees = (dept: string, i: number, priority: Priority, started: boolean): number[] => {
      switch (dept) {
        case PP:
          if (priority !== "rush" && i % 5 === 4) return [lena];
          return i % 7 === 3 ? [maria, lena] : [maria];
        case PROD:
          return i % 3 === 1 ? [diego] : [james];
        case FAB:
          return i % 4 === 2 ? [diego, aisha] : [aisha];
        case QC:
          return started || i % 2 === 0 ? [tom] : [];
        case INST:
          return started ? (i % 2 === 0 ? [aisha, diego] : [diego]) : [];
        default:
          return [tom];
      }
    };

    // Per-machine running sortOrder (the machine screen starts at 1).
    const machineSort = new Map<string, number>();
    let fileCounter = 0;
    let associationCounter = 0;
    let inProgressCount = 0;

    PROJECTS.forEach((spec, i) => {
      const wf = workflowList[spec.workflow]!;
      const seq = wf.departmentSequence;

      // Timeline: progress p of `days` days has elapsed (future jobs start later).
      let startOffset: number;
      if (spec.done) startOffset = -(spec.days + 6 + i);
      else if (spec.progress < 0) startOffset = -spec.progress;
      else startOffset = -Math.max(1, Math.round(spec.progress * spec.days));
      const endOffset = startOffset + spec.days;
      const start = dayAt(startOffset);
      const end = dayAt(endOffset);
      const createdAt = new Date(Math.min(start.getTime() - 5 * DAY, nowMs - 2 * DAY));
      const p = spec.done ? 1 : clamp((nowMs - start.getTime()) / (end.getTime() - start.getTime()), 0, 1);
      const started = nowMs > start.getTime();

      const mainCat = categoryByName.get(spec.cats[0]!)!;
      const description = `${mainCat.description} for ${spec.client}: ${spec.job.toLowerCase()}.`;

      const project = tx
        .insert(schema.projects)
        .values({
          name: `${spec.client} ${spec.job}`,
          description,
          startDate: start,
          endDate: end,
          priority: spec.priority,
          status: "active",
          workflowId: wf.id,
          workflowName: wf.name,
          createdAt,
        })
        .returning()
        .get();

      const instance = tx
        .insert(schema.projectWorkflowInstances)
        .values({
          projectId: project.id,
          workflowTemplateId: wf.id,
          name: wf.name,
          description: wf.description,
          createdAt,
        })
        .returning()
        .get();

      // Steps split the project's days evenly; their percent and status follow the floor once the items are in
      // (docs/product.md, Decisions: The end of a job).
      const stepIds: { id: number; department: string }[] = [];
      const n = seq.length;
      const stepLen = spec.days / n;
      seq.forEach((dept, k) => {
        const sStart = dayAt(startOffset + Math.floor(k * stepLen));
        const sEnd = dayAt(startOffset + Math.max(Math.floor((k + 1) * stepLen), Math.floor(k * stepLen) + 1));
        const assignees = stepAssignees(dept, i, spec.priority, started || dept === PP);
        const notes =
          dept === PP && spec.priority === "rush"
            ? "Rush: proof to customer same day"
            : dept === INST && started
              ? "Confirm lift rental and site access with customer"
              : null;
        const step = tx
          .insert(schema.projectWorkflowSteps)
          .values({
            projectWorkflowInstanceId: instance.id,
            department: dept,
            assignedTeamMemberId: assignees[0] ?? null,
            startDate: sStart,
            endDate: sEnd,
            percentComplete: 0,
            status: "pending",
            sortOrder: k,
            notes,
            createdAt,
          })
          .returning({ id: schema.projectWorkflowSteps.id })
          .get();
        stepIds.push({ id: step.id, department: dept });
        if (assignees.length) {
          tx.insert(schema.stepAssignments)
            .values(
              assignees.map((memberIdValue, a) => ({
                projectWorkflowStepId: step.id,
                teamMemberId: memberIdValue,
                assignedAt: new Date(createdAt.getTime() + (k + 1) * HOUR + a * MINUTE),
              })),
            )
            .run();
        }
      });

      // --- Items ---
      const itemCount = 2 + ((i * 7 + 3) % 5); // 2..6
      const projectItems: { id: number; name: string; material: string; category: string }[] = [];
      // Where each item stands, for the steps: its sequence, department and whether it is finished.
      const floor: { sequence: readonly string[]; department: string; finishedAt: number | null }[] = [];
      // A few timers are running right now: the first item of every fourth job in progress.
      const inProgress = !spec.done && started && p > 0 && p < 1;
      if (inProgress) inProgressCount++;
      const runThisProject = inProgress && inProgressCount % 4 === 1;
      const nameUses = new Map<string, number>();
      for (let j = 0; j < itemCount; j++) {
        const cat = categoryByName.get(spec.cats[j % spec.cats.length]!)!;
        const round = Math.floor(j / spec.cats.length);
        const baseName = cat.items[(round + i) % cat.items.length]!;
        const uses = (nameUses.get(baseName) ?? 0) + 1;
        nameUses.set(baseName, uses);
        const name = uses > 1 ? `${baseName} #${uses}` : baseName;
        const material = cat.materials[(i + j) % cat.materials.length]!;
        const catSeq = itemSequence(cat.departmentSequence);
        const len = catSeq.length;
        let c: number;
        if (spec.done) c = len - 1;
        else if (!started) c = 0;
        else c = clamp(Math.floor(p * len + ((j % 3) - 1) * 0.5), 0, len - 1);
        const quantity = cat.name === "Channel Letters" || cat.name === "Dimensional Letters" ? 6 + ((i + j) % 14) : 1 + ((i * 3 + j) % 4);

        const running = runThisProject && j === 0;
        // A finished job's items finished; in a job running late, every other item that reached its last
        // department has finished there too, so active projects show finished items.
        const finishes = spec.done || (!running && started && p >= 1 && c === len - 1 && j % 2 === 0);

        // Stopped sessions: one per department already passed (each stop advanced the item); a finished job's
        // items also worked their last department, which finished them.
        const sessions: { dept: string; start: number; seconds: number }[] = [];
        const worked = finishes ? len : c;
        if (worked > 0) {
          const ws = Math.max(start.getTime() + 1 * HOUR, createdAt.getTime());
          const we = spec.done ? Math.min(nowMs - 45 * MINUTE, end.getTime()) : nowMs - 45 * MINUTE;
          const span = Math.max(we - ws, worked * 2 * HOUR);
          const slot = span / worked;
          for (let k = 0; k < worked; k++) {
            const maxSec = Math.max(120, Math.min(3 * 3600, Math.floor((slot * 0.6) / 1000)));
            const seconds = clamp(rnd.int(12 * 60, 3 * 3600), 60, maxSec);
            const s0 = we - span + k * slot + Math.floor(rnd.next() * slot * 0.3);
            sessions.push({ dept: catSeq[k]!, start: Math.round(s0), seconds });
          }
        }
        const totalTimeSeconds = sessions.reduce((sum, s) => sum + s.seconds, 0);
        const last = sessions[sessions.length - 1];
        const finishedAt = finishes && last ? last.start + last.seconds * 1000 : null;
        const sessionStart = running ? new Date(nowMs - (4 + ((i * 5) % 23)) * MINUTE) : null;

        const item = tx
          .insert(schema.items)
          .values({
            name,
            category: cat.name,
            material,
            quantity,
            department: catSeq[c]!,
            projectId: project.id,
            workflowId: wf.id,
            currentStepIndex: c,
            isTimerActive: running,
            currentSessionStart: sessionStart,
            totalTimeSeconds,
            finishedAt: finishedAt === null ? null : new Date(finishedAt),
            finishedBy: finishedAt === null ? null : (finisherOf[catSeq[c]!] ?? tom),
            createdAt: new Date(createdAt.getTime() + (j + 1) * 10 * MINUTE),
          })
          .returning({ id: schema.items.id })
          .get();
        tx.update(schema.items)
          .set({ qrCode: `/qr/${item.id}` })
          .where(eq(schema.items.id, item.id))
          .run();
        projectItems.push({ id: item.id, name, material, category: cat.name });
        floor.push({ sequence: catSeq, department: catSeq[c]!, finishedAt });

        const logs: (typeof schema.timerLogs.$inferInsert)[] = [];
        // Waits and finishes as the timer model writes them (flow analytics).
        let lastStop: { dept: string; at: number } | null = null;
        const waitFrom = (dept: string, at: number) => (lastStop && lastStop.dept !== dept ? Math.floor((at - lastStop.at) / 1000) : null);
        sessions.forEach((s, k) => {
          logs.push({ itemId: item.id, action: "start", department: s.dept, timestamp: new Date(s.start), waitSeconds: waitFrom(s.dept, s.start) });
          const at = s.start + s.seconds * 1000;
          logs.push({
            itemId: item.id,
            action: "stop",
            department: s.dept,
            timestamp: new Date(at),
            sessionDurationSeconds: s.seconds,
            finished: k === len - 1,
          });
          lastStop = { dept: s.dept, at };
        });
        if (running && sessionStart) {
          logs.push({
            itemId: item.id,
            action: "start",
            department: catSeq[c]!,
            timestamp: sessionStart,
            waitSeconds: waitFrom(catSeq[c]!, sessionStart.getTime()),
            // Who started it: the work lists say so on every running item (docs/product.md, Decisions: The end of a job).
            teamMemberId: stepAssignees(catSeq[c]!, i, spec.priority, true)[0] ?? tom,
          });
        }
        if (logs.length) tx.insert(schema.timerLogs).values(logs).run();
      }

      // The steps follow the floor; the project completed when its last item finished (decision 0048).
      let allSteps = true;
      for (const step of stepIds) {
        const passed = floor.filter((f) => hasPassed(f.sequence, f.department, f.finishedAt !== null, step.department)).length;
        const percent = floorPercent(passed, floor.length);
        const status = percent >= 100 ? "completed" : passed > 0 ? "in-progress" : "pending";
        if (status !== "completed") allSteps = false;
        tx.update(schema.projectWorkflowSteps).set({ percentComplete: percent, status }).where(eq(schema.projectWorkflowSteps.id, step.id)).run();
      }
      if (allSteps && floor.length > 0 && floor.every((f) => f.finishedAt !== null)) {
        const completedAt = new Date(Math.max(...floor.map((f) => f.finishedAt!)));
        tx.update(schema.projects).set({ status: "completed", completedAt }).where(eq(schema.projects.id, project.id)).run();
      }

      // --- Machine-ready files (about two projects in three) ---
      if (i % 3 === 2) return;
      const candidates: { item: (typeof projectItems)[number]; machine: string; type: "print" | "cut" }[] = [];
      for (const it of projectItems) {
        const mat = materialByName.get(it.material)!;
        const catSeq = categoryByName.get(it.category)!.departmentSequence;
        if (mat.print && catSeq.includes(PROD)) candidates.push({ item: it, machine: mat.print, type: "print" });
        if (mat.cut) candidates.push({ item: it, machine: mat.cut, type: "cut" });
      }
      const fileCount = Math.min(candidates.length, 1 + (i % 4));
      const clientSlug = fileSlug(spec.client);
      const windowStart = Math.max(start.getTime(), createdAt.getTime() + HOUR);
      const windowEnd = Math.max(windowStart + 4 * HOUR, Math.min(nowMs - 3 * HOUR, end.getTime()));
      for (let f = 0; f < fileCount; f++) {
        const cand = candidates[f]!;
        fileCounter++;
        const fileName = `${clientSlug}_${fileSlug(cand.item.name)}_${cand.type}.pdf`;
        const associate = fileCounter % 6 !== 0;
        const associationIndex = associate ? ++associationCounter : 0;
        // Two associated files carry a material that differs from their item's (mismatch case).
        const mismatch = associationIndex === 3 || associationIndex === 11;
        const material = mismatch
          ? MATERIALS.find((m) => m.name !== cand.item.material && m.category !== materialByName.get(cand.item.material)!.category)!.name
          : cand.item.material;

        const r = rnd.next();
        const state: "done" | "clicked" | "new" = spec.done ? "done" : !started ? "new" : r < 0.45 ? "done" : r < 0.7 ? "clicked" : "new";
        const clickedAt = state === "new" ? null : new Date(Math.round(windowStart + rnd.next() * (windowEnd - windowStart - 2 * HOUR)));
        const processing = state === "done" ? rnd.int(4 * 60, 95 * 60) : null;
        const completedAt =
          state === "done" && clickedAt && processing !== null ? new Date(Math.min(clickedAt.getTime() + processing * 1000, nowMs - 5 * MINUTE)) : null;
        const completedBy = state !== "done" ? null : cand.machine === CNC ? (f % 2 ? aisha : diego) : f % 2 ? diego : james;

        const sortOrder = (machineSort.get(cand.machine) ?? 0) + 1;
        machineSort.set(cand.machine, sortOrder);

        const file = tx
          .insert(schema.machineReadyFiles)
          .values({
            name: `${cand.item.name} - ${cand.type === "print" ? "Print" : "Cut"}`,
            fileName,
            machine: cand.machine,
            fileType: "Document",
            filePath: `/files/${fileName}`,
            fileSize: 180_000 + Math.floor(rnd.next() * 42_000_000),
            description: material,
            projectId: project.id,
            isCompleted: state === "done",
            qrCodeClicked: state !== "new",
            qrCodeClickedAt: clickedAt,
            completedBy,
            completedAt,
            processingTimeSeconds: processing,
            sortOrder,
            priority: spec.priority,
            createdAt: new Date(createdAt.getTime() + 2 * HOUR + f * 15 * MINUTE),
          })
          .returning({ id: schema.machineReadyFiles.id })
          .get();

        if (associate) {
          tx.insert(schema.itemFileAssociations)
            .values({
              itemId: cand.item.id,
              machineFileId: file.id,
              fileType: cand.type,
              updatedBy: f % 3 === 2 ? tom : i % 2 ? lena : maria,
              createdAt: new Date(createdAt.getTime() + 3 * HOUR + f * 15 * MINUTE),
            })
            .run();
        }
      }
    });

    return { members };
  });
}
