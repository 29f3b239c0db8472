import { beforeEach, describe, expect, test } from "bun:test";
import { and, eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { addMember, createApp, type Client } from "../helpers/app";

// Request-level tests of the reference-data API (docs/product.md §7 'Reference data', §5 'Settings forms', docs/product.md (Decisions)):
// /api/{categories|departments|subdepartments|materials|machines|workflows|step-templates|team-members}[/:id].

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;
type Body = Record<string, unknown>;

const MANAGEMENT_ONLY = "Global Settings needs the management key ('Super User (All Access)').";
const LAST_ADMIN = "At least one active team member must keep the management key ('Super User (All Access)')";
const PIN_IN_USE = "PIN is already in use by another team member";

let app: ReturnType<typeof createApp>;
let admin: Client;
let viewer: Client;
let adminId: number;
let viewerId: number;
let productionId: number;
let fabricationId: number;

beforeEach(async () => {
  app = createApp();
  adminId = addMember("Ada Admin", "4321", ["management"]).id;
  // Changes projects, but has no management key: may read reference data, may not write it.
  viewerId = addMember("Paula Pre", "1111", ["pre-production", "project-management"]).id;
  productionId = app.db.insert(schema.departments).values({ name: "Production", value: "production", sortOrder: 1 }).returning().get().id;
  fabricationId = app.db.insert(schema.departments).values({ name: "Fabrication", value: "fabrication", sortOrder: 2 }).returning().get().id;
  admin = app.client("10.0.0.1");
  await admin.signIn("4321");
  viewer = app.client("10.0.0.2");
  await viewer.signIn("1111");
});

// ---------------------------------------------------------------------------------------------------------
// helpers

async function send(c: Client, method: string, path: string, json?: unknown) {
  const res = await c.request(path, { method, ...(json === undefined ? {} : { json }) });
  const text = await res.text();
  let body: Json;
  try {
    body = JSON.parse(text);
  } catch {
    throw new Error(`${method} ${path}: ${res.status} answered non-JSON: ${text.slice(0, 200)}`);
  }
  expect(res.headers.get("content-type")).toContain("application/json");
  return { status: res.status, body };
}

const get = (c: Client, path: string) => send(c, "GET", path);
const post = (c: Client, path: string, json: unknown) => send(c, "POST", path, json);
const patch = (c: Client, path: string, json: unknown) => send(c, "PATCH", path, json);
const del = (c: Client, path: string) => send(c, "DELETE", path);

/** POST as the administrator and insist on 201. */
async function create(path: string, body: Body): Promise<Json> {
  const res = await post(admin, `/api/${path}`, body);
  if (res.status !== 201) throw new Error(`POST /api/${path} ${JSON.stringify(body)}: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body;
}

function expectValidation(res: { status: number; body: Json }, message?: string, path?: string) {
  expect(res.status).toBe(400);
  if (message === undefined) expect(typeof res.body.message).toBe("string");
  else expect(res.body.message).toBe(message);
  expect(Array.isArray(res.body.issues)).toBe(true);
  expect(res.body.issues.length).toBeGreaterThan(0);
  if (path !== undefined) expect(res.body.issues).toContainEqual({ path, message });
}

function auditRows(entity?: string) {
  const rows = app.db.select().from(schema.auditLog).all();
  return entity ? rows.filter((r) => r.entity === entity) : rows;
}

/** Audit rows of writes (sign-ins are logged too, under entity 'session'). */
const writeAuditCount = () => auditRows().filter((r) => r.entity !== "session").length;

function insertProject(values: Partial<typeof schema.projects.$inferInsert> = {}) {
  return app.db
    .insert(schema.projects)
    .values({ name: "Acme storefront", ...values })
    .returning()
    .get();
}

function insertItem(values: Partial<typeof schema.items.$inferInsert> & { projectId: number }) {
  return app.db
    .insert(schema.items)
    .values({ name: "Letter A", category: "Channel Letters", ...values })
    .returning()
    .get();
}

function insertWorkflowStep(projectId: number, values: Partial<typeof schema.projectWorkflowSteps.$inferInsert> = {}) {
  const instance = app.db.insert(schema.projectWorkflowInstances).values({ projectId, name: "Standard" }).returning().get();
  return app.db
    .insert(schema.projectWorkflowSteps)
    .values({ projectWorkflowInstanceId: instance.id, department: "production", ...values })
    .returning()
    .get();
}

// ---------------------------------------------------------------------------------------------------------
// Every endpoint of every entity: the same contract.

type Fixture = {
  path: string;
  label: string;
  audit: string;
  /** A valid POST body. */
  body: () => Body;
  /** What the POST answers (besides id and createdAt). */
  created: () => Body;
  /** A valid PATCH body and the fields it changes (already in their stored form). */
  patch: () => Body;
};

const FIXTURES: Fixture[] = [
  {
    path: "categories",
    label: "Category",
    audit: "category",
    body: () => ({ name: "Channel Letters", description: "Lit letters", color: "red", departmentSequence: ["production", "fabrication"] }),
    created: () => ({ name: "Channel Letters", description: "Lit letters", color: "red", departmentSequence: ["production", "fabrication"] }),
    patch: () => ({ description: "Face-lit letters", departmentSequence: ["fabrication"] }),
  },
  {
    path: "departments",
    label: "Department",
    audit: "department",
    body: () => ({ name: "Big Router", description: "CNC router", color: "green", sortOrder: 5, isMachine: true }),
    created: () => ({
      name: "Big Router",
      value: "big-router",
      description: "CNC router",
      color: "green",
      sortOrder: 5,
      isMachine: true,
      machineStatus: "active",
      category: "Production",
      isActive: true,
    }),
    patch: () => ({ name: "Big Router XL", machineStatus: "maintenance", sortOrder: 6 }),
  },
  {
    path: "subdepartments",
    label: "Subdepartment",
    audit: "subdepartment",
    body: () => ({ name: "Interior Fab", departmentId: fabricationId }),
    created: () => ({
      name: "Interior Fab",
      value: "interior-fab",
      description: "",
      departmentId: fabricationId,
      color: "blue",
      sortOrder: 0,
      isActive: true,
    }),
    patch: () => ({ name: "Interior Fabrication", sortOrder: 2, color: "pink" }),
  },
  {
    path: "materials",
    label: "Material",
    audit: "material",
    body: () => ({ name: "Aluminum .040", description: "Sheet", category: "Metal", color: "blue" }),
    created: () => ({ name: "Aluminum .040", description: "Sheet", category: "Metal", color: "blue" }),
    patch: () => ({ description: "Sheet, 4x8" }),
  },
  {
    path: "machines",
    label: "Machine",
    audit: "machine",
    body: () => ({ name: "Zund G3", description: "Cutter", category: "Cutting", status: "active", color: "purple", sortOrder: 3 }),
    created: () => ({
      name: "Zund G3",
      description: "Cutter",
      category: "Cutting",
      status: "active",
      color: "purple",
      sortOrder: 3,
      isActive: true,
    }),
    patch: () => ({ status: "maintenance", isActive: false }),
  },
  {
    path: "workflows",
    label: "Workflow",
    audit: "workflow",
    body: () => ({ name: "Standard", description: "The usual", departmentSequence: ["production", "fabrication"] }),
    created: () => ({ name: "Standard", description: "The usual", departmentSequence: ["production", "fabrication"] }),
    patch: () => ({ departmentSequence: ["fabrication", "production"] }),
  },
  {
    path: "step-templates",
    label: "Step template",
    audit: "step-template",
    body: () => ({ name: "Weld frame", estimatedDurationHours: 2.5, department: "fabrication", requiredSkills: ["welding"] }),
    created: () => ({
      name: "Weld frame",
      description: "",
      estimatedDurationHours: 2.5,
      department: "fabrication",
      requiredSkills: ["welding"],
      isActive: true,
    }),
    patch: () => ({ estimatedDurationHours: 4, requiredSkills: ["welding", "grinding"] }),
  },
  {
    path: "team-members",
    label: "Team member",
    audit: "team-member",
    body: () => ({
      name: "Tom Tester",
      email: "tom@example.com",
      pinCode: "7777",
      skills: ["welding"],
      accessibleDepartments: ["fabrication"],
    }),
    created: () => ({
      name: "Tom Tester",
      email: "tom@example.com",
      department: null,
      subdepartment: null,
      skills: ["welding"],
      accessibleDepartments: ["fabrication"],
      profilePhotoUrl: null,
      isActive: true,
      hasPin: true,
    }),
    patch: () => ({ email: "tom@shop.test", department: "fabrication" }),
  },
];

for (const fx of FIXTURES) {
  const base = `/api/${fx.path}`;

  describe(`${base}`, () => {
    test(`POST: 201 with the created row, written to the audit log with the actor`, async () => {
      const res = await post(admin, base, fx.body());
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject(fx.created());
      expect(typeof res.body.id).toBe("number");
      expect(res.body).toHaveProperty("createdAt");
      const rows = auditRows(fx.audit).filter((r) => r.entityId === String(res.body.id));
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ action: "create", actorId: adminId, actorName: "Ada Admin" });
    });

    test(`GET list and GET one: 200 for any signed-in member`, async () => {
      const row = await create(fx.path, fx.body());
      for (const c of [admin, viewer]) {
        const list = await get(c, base);
        expect(list.status).toBe(200);
        expect(Array.isArray(list.body)).toBe(true);
        expect(list.body).toContainEqual(row);
        const one = await get(c, `${base}/${row.id}`);
        expect(one.status).toBe(200);
        expect(one.body).toEqual(row);
      }
    });

    test(`PATCH: 200, changes only the fields sent, audited`, async () => {
      const row = await create(fx.path, fx.body());
      const changes = fx.patch();
      const res = await patch(admin, `${base}/${row.id}`, changes);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ ...row, ...changes, version: row.version + 1 });
      expect((await get(admin, `${base}/${row.id}`)).body).toEqual({ ...row, ...changes, version: row.version + 1 });
      const rows = auditRows(fx.audit).filter((r) => r.action === "update");
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ entityId: String(row.id), actorId: adminId });
    });

    test(`PATCH with an empty body: 200 and nothing changes`, async () => {
      const row = await create(fx.path, fx.body());
      const res = await patch(admin, `${base}/${row.id}`, {});
      expect(res.status).toBe(200);
      expect(res.body).toEqual(row);
    });

    test(`DELETE: 200 {message: '${fx.label} deleted successfully', id}, then 404, audited`, async () => {
      const row = await create(fx.path, fx.body());
      const res = await del(admin, `${base}/${row.id}`);
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ message: `${fx.label} deleted successfully`, id: row.id });
      const after = await get(admin, `${base}/${row.id}`);
      expect(after.status).toBe(404);
      expect(after.body).toEqual({ message: `${fx.label} not found` });
      expect((await get(admin, base)).body).not.toContainEqual(row);
      const rows = auditRows(fx.audit).filter((r) => r.action === "delete");
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ entityId: String(row.id), actorId: adminId });
    });

    test.each(["99999", "abc", "0", "-1", "1.5"])(`unknown or malformed id %p: 404 '${fx.label} not found'`, async (id) => {
      const want = { status: 404, body: { message: `${fx.label} not found` } };
      expect(await get(admin, `${base}/${id}`)).toEqual(want);
      expect(await patch(admin, `${base}/${id}`, fx.patch())).toEqual(want);
      expect(await del(admin, `${base}/${id}`)).toEqual(want);
    });

    test(`signed out: 401 on every method, nothing changes`, async () => {
      const row = await create(fx.path, fx.body());
      const anon = app.client("10.0.0.9");
      const auth = { status: 401, body: { message: "Authentication required" } };
      expect(await get(anon, base)).toEqual(auth);
      expect(await get(anon, `${base}/${row.id}`)).toEqual(auth);
      expect(await post(anon, base, fx.body())).toEqual(auth);
      expect(await patch(anon, `${base}/${row.id}`, fx.patch())).toEqual(auth);
      expect(await del(anon, `${base}/${row.id}`)).toEqual(auth);
      expect((await get(admin, `${base}/${row.id}`)).body).toEqual(row);
    });

    test(`without the management key: 403 on POST, PATCH and DELETE, nothing changes or is audited`, async () => {
      const row = await create(fx.path, fx.body());
      const listBefore = (await get(admin, base)).body;
      const auditBefore = writeAuditCount();
      const forbidden = { status: 403, body: { message: MANAGEMENT_ONLY } };
      expect(await post(viewer, base, fx.body())).toEqual(forbidden);
      expect(await patch(viewer, `${base}/${row.id}`, fx.patch())).toEqual(forbidden);
      expect(await del(viewer, `${base}/${row.id}`)).toEqual(forbidden);
      expect((await get(admin, base)).body).toEqual(listBefore);
      expect(writeAuditCount()).toBe(auditBefore);
      // ...while reading is allowed.
      expect((await get(viewer, `${base}/${row.id}`)).status).toBe(200);
    });

    test(`a body that is not JSON: 400 JSON, not 500`, async () => {
      const row = await create(fx.path, fx.body());
      for (const [method, path] of [
        ["POST", base],
        ["PATCH", `${base}/${row.id}`],
      ] as const) {
        const res = await admin.request(path, {
          method,
          headers: { "content-type": "application/json" },
          body: "{not json",
        });
        expect(res.status).toBe(400);
        expect(await res.json()).toEqual({ message: "The request body must be valid JSON" });
      }
    });

    test(`a JSON body that is not an object: 400 with issues`, async () => {
      const row = await create(fx.path, fx.body());
      for (const json of [[], null, "text", 42]) {
        expectValidation(await post(admin, base, json), undefined);
        expectValidation(await patch(admin, `${base}/${row.id}`, json), undefined);
      }
    });

    test(`unsupported methods: 405 JSON`, async () => {
      const row = await create(fx.path, fx.body());
      expect((await send(admin, "PUT", `${base}/${row.id}`, fx.patch())).status).toBe(405);
      expect((await send(admin, "POST", `${base}/${row.id}`, fx.body())).status).toBe(405);
      expect((await send(admin, "PATCH", base, fx.patch())).status).toBe(405);
      expect((await send(admin, "DELETE", base)).status).toBe(405);
      expect((await get(admin, `${base}/${row.id}`)).body).toEqual(row);
    });
  });
}

describe("ids", () => {
  test("an id that is not plain decimal digits ('0x1', '1e0') is 404 on every entity, not another spelling of id 1", async () => {
    for (const fx of FIXTURES) {
      const base = `/api/${fx.path}`;
      await create(fx.path, fx.body());
      // Row 1 exists (departments and team members get theirs in beforeEach), so a 200 would be an alias.
      expect((await get(admin, `${base}/1`)).status).toBe(200);
      const want = { status: 404, body: { message: `${fx.label} not found` } };
      for (const id of ["0x1", "1e0"]) {
        expect({ id, path: fx.path, res: await get(admin, `${base}/${id}`) }).toEqual({ id, path: fx.path, res: want });
        expect({ id, path: fx.path, res: await patch(admin, `${base}/${id}`, {}) }).toEqual({ id, path: fx.path, res: want });
      }
    }
  });
});

// ---------------------------------------------------------------------------------------------------------
// §5 'Settings forms': every message verbatim, 400 {message, issues}.

type Case = [path: string, body: () => unknown, message: string, issuePath: string];

const POST_CASES: Case[] = [
  ["categories", () => ({ name: "", departmentSequence: ["production"] }), "Category name is required", "name"],
  ["categories", () => ({ name: "   ", departmentSequence: ["production"] }), "Category name is required", "name"],
  ["categories", () => ({ departmentSequence: ["production"] }), "Category name is required", "name"],
  ["categories", () => ({ name: "Sign", color: "", departmentSequence: ["production"] }), "Color is required", "color"],
  [
    "categories",
    () => ({ name: "Sign", color: "teal", departmentSequence: ["production"] }),
    "Color must be one of blue, green, yellow, red, purple, pink, orange, gray.",
    "color",
  ],
  ["categories", () => ({ name: "Sign" }), "Select at least one department", "departmentSequence"],
  ["categories", () => ({ name: "Sign", departmentSequence: [] }), "Select at least one department", "departmentSequence"],
  ["workflows", () => ({ name: "W" }), "Please select at least one department", "departmentSequence"],
  ["workflows", () => ({ name: "W", departmentSequence: [] }), "Please select at least one department", "departmentSequence"],
  ["workflows", () => ({ name: "", departmentSequence: ["production"] }), "Workflow name is required", "name"],
  ["materials", () => ({ name: "", category: "Metal" }), "Material name is required", "name"],
  ["materials", () => ({ category: "Metal" }), "Material name is required", "name"],
  ["materials", () => ({ name: "Acrylic" }), "Category is required", "category"],
  ["materials", () => ({ name: "Acrylic", category: "" }), "Category is required", "category"],
  ["materials", () => ({ name: "Acrylic", category: "  " }), "Category is required", "category"],
  ["materials", () => ({ name: "Acrylic", category: "Plastic", color: "" }), "Color is required", "color"],
  ["departments", () => ({ name: "" }), "Department name is required", "name"],
  ["departments", () => ({ name: "Paint", sortOrder: -1 }), "Sort order must be 0 or greater", "sortOrder"],
  ["departments", () => ({ name: "Paint", color: "" }), "Color is required", "color"],
  ["subdepartments", () => ({ name: "Exterior", departmentId: fabricationId, sortOrder: -1 }), "Sort order must be 0 or greater", "sortOrder"],
  ["subdepartments", () => ({ name: "", departmentId: fabricationId }), "Subdepartment name is required", "name"],
  ["subdepartments", () => ({ name: "Exterior" }), "Department is required", "departmentId"],
  ["machines", () => ({ name: "HP Latex", sortOrder: -1 }), "Sort order must be 0 or greater", "sortOrder"],
  ["machines", () => ({ name: "HP Latex", sortOrder: "abc" }), "Sort order must be a whole number", "sortOrder"],
  ["machines", () => ({ name: "HP Latex", sortOrder: 2.5 }), "Sort order must be a whole number", "sortOrder"],
  ["departments", () => ({ name: "Paint", sortOrder: 1e308 }), "Sort order is too large", "sortOrder"],
  ["machines", () => ({ name: "" }), "Machine name is required", "name"],
  ["machines", () => ({ name: "HP Latex", status: "broken" }), "Status must be one of active, maintenance, offline.", "status"],
  ["team-members", () => ({ name: "", pinCode: "2468" }), "Name is required", "name"],
  ["team-members", () => ({ pinCode: "2468" }), "Name is required", "name"],
  ["team-members", () => ({ name: "Tom", pinCode: "123" }), "PIN must be exactly 4 digits", "pinCode"],
  ["team-members", () => ({ name: "Tom", pinCode: "12345" }), "PIN must be exactly 4 digits", "pinCode"],
  ["team-members", () => ({ name: "Tom" }), "PIN must be exactly 4 digits", "pinCode"],
  ["team-members", () => ({ name: "Tom", pinCode: 2468 }), "PIN must be exactly 4 digits", "pinCode"],
  ["team-members", () => ({ name: "Tom", pinCode: "abcd" }), "PIN must contain only numbers", "pinCode"],
  ["team-members", () => ({ name: "Tom", pinCode: "12a4" }), "PIN must contain only numbers", "pinCode"],
  [
    "team-members",
    () => ({ name: "Tom", pinCode: "2468", accessibleDepartments: ["admin"] }),
    "Accessible departments, entry 1 must be one of pre-production, production, fabrication, project-management, management.",
    "accessibleDepartments.0",
  ],
  ["team-members", () => ({ name: "Tom", pinCode: "2468", email: "not-an-email" }), "Please enter a valid email address", "email"],
  ["step-templates", () => ({ name: "" }), "Step template name is required", "name"],
  ["step-templates", () => ({ name: "Paint", estimatedDurationHours: -1 }), "Estimated hours must be 0 or greater", "estimatedDurationHours"],
];

describe("POST validation: 400 {message, issues} with the spec's message", () => {
  test.each(POST_CASES)("POST /api/%s %#: %p", async (path, body, message, issuePath) => {
    const before = (await get(admin, `/api/${path}`)).body.length;
    expectValidation(await post(admin, `/api/${path}`, body()), message, issuePath);
    expect((await get(admin, `/api/${path}`)).body).toHaveLength(before);
  });

  // A field's first problem only: 1e308 breaks the range and zod's whole-number check (past 2^53), 2.5 with one
  // message given to two checks would be named twice.
  test("each field is named once, with its first problem", async () => {
    for (const [path, body, message] of [
      ["departments", { name: "Paint", sortOrder: 1e308 }, "Sort order is too large"],
      ["departments", { name: "Paint", capacityPeople: 1.5 }, undefined],
    ] as const) {
      const res = await post(admin, `/api/${path}`, body);
      expect(res.status).toBe(400);
      const paths = (res.body.issues as { path: string }[]).map((i) => i.path);
      expect(paths).toEqual([...new Set(paths)]);
      if (message) expect(res.body.issues).toEqual([{ path: "sortOrder", message }]);
    }
  });

  test("the first issue is the message; every issue is listed", async () => {
    const res = await post(admin, "/api/materials", { name: "", category: "", color: "" });
    expectValidation(res, "Material name is required", "name");
    expect(res.body.issues).toContainEqual({ path: "category", message: "Category is required" });
    expect(res.body.issues).toContainEqual({ path: "color", message: "Color is required" });
  });
});

const PATCH_CASES: Case[] = [
  ["categories", () => ({ name: "" }), "Category name is required", "name"],
  ["categories", () => ({ color: "" }), "Color is required", "color"],
  ["categories", () => ({ departmentSequence: [] }), "Select at least one department", "departmentSequence"],
  ["workflows", () => ({ departmentSequence: [] }), "Please select at least one department", "departmentSequence"],
  ["materials", () => ({ name: "" }), "Material name is required", "name"],
  ["materials", () => ({ category: "" }), "Category is required", "category"],
  ["materials", () => ({ color: "" }), "Color is required", "color"],
  ["departments", () => ({ sortOrder: -1 }), "Sort order must be 0 or greater", "sortOrder"],
  ["departments", () => ({ name: "" }), "Department name is required", "name"],
  ["subdepartments", () => ({ sortOrder: -1 }), "Sort order must be 0 or greater", "sortOrder"],
  ["machines", () => ({ sortOrder: -5 }), "Sort order must be 0 or greater", "sortOrder"],
  ["team-members", () => ({ name: "" }), "Name is required", "name"],
  ["team-members", () => ({ pinCode: "12" }), "PIN must be exactly 4 digits", "pinCode"],
  ["team-members", () => ({ pinCode: "ab12" }), "PIN must contain only numbers", "pinCode"],
  ["step-templates", () => ({ name: "" }), "Step template name is required", "name"],
];

describe("PATCH validation: 400 {message, issues}, the row unchanged", () => {
  test.each(PATCH_CASES)("PATCH /api/%s/:id %#: %p", async (path, body, message, issuePath) => {
    const fx = FIXTURES.find((f) => f.path === path)!;
    const row = await create(path, fx.body());
    expectValidation(await patch(admin, `/api/${path}/${row.id}`, body()), message, issuePath);
    expect((await get(admin, `/api/${path}/${row.id}`)).body).toEqual(row);
    expect(auditRows(fx.audit).filter((r) => r.action === "update")).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Categories (shown as Products)

describe("categories", () => {
  test("saved with no color: orange; no or empty description: ''", async () => {
    const a = await create("categories", { name: "Vinyl Banner", departmentSequence: ["production"] });
    expect(a).toMatchObject({ color: "orange", description: "" });
    const b = await create("categories", { name: "Monument Sign", description: "", departmentSequence: ["production"] });
    expect(b).toMatchObject({ color: "orange", description: "" });
    const c = await create("categories", { name: "Vehicle Wrap", description: null, departmentSequence: ["production"] });
    expect(c.description).toBe("");
  });

  test("names are trimmed", async () => {
    const row = await create("categories", { name: "  Channel Letters  ", departmentSequence: ["production"] });
    expect(row.name).toBe("Channel Letters");
  });

  test("duplicate name, case-insensitive: 409 on POST and PATCH", async () => {
    const first = await create("categories", { name: "Channel Letters", departmentSequence: ["production"] });
    const dup = await post(admin, "/api/categories", { name: "channel letters", departmentSequence: ["production"] });
    expect(dup).toEqual({ status: 409, body: { message: 'A category named "channel letters" already exists' } });
    const other = await create("categories", { name: "Monument Sign", departmentSequence: ["production"] });
    const rename = await patch(admin, `/api/categories/${other.id}`, { name: "CHANNEL LETTERS" });
    expect(rename.status).toBe(409);
    expect(rename.body.message).toBe('A category named "CHANNEL LETTERS" already exists');
    expect((await get(admin, `/api/categories/${other.id}`)).body.name).toBe("Monument Sign");
    // A row may keep (or re-case) its own name.
    const self = await patch(admin, `/api/categories/${first.id}`, { name: "Channel letters" });
    expect(self.status).toBe(200);
    expect(self.body.name).toBe("Channel letters");
  });

  test("an unknown department value in the sequence: 400 on POST and PATCH", async () => {
    const res = await post(admin, "/api/categories", { name: "Sign", departmentSequence: ["production", "paint-booth"] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Unknown department: paint-booth");
    expect((await get(admin, "/api/categories")).body).toHaveLength(0);
    const row = await create("categories", { name: "Sign", departmentSequence: ["production"] });
    const bad = await patch(admin, `/api/categories/${row.id}`, { departmentSequence: ["nope"] });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Unknown department: nope");
    expect((await get(admin, `/api/categories/${row.id}`)).body.departmentSequence).toEqual(["production"]);
  });

  test("a department twice in the sequence: 400", async () => {
    const res = await post(admin, "/api/categories", { name: "Sign", departmentSequence: ["production", "production"] });
    expectValidation(res, "A department appears twice in the sequence", "departmentSequence");
  });

  test("PATCH of one field keeps the others", async () => {
    const row = await create("categories", {
      name: "Channel Letters",
      description: "Lit",
      color: "red",
      departmentSequence: ["production", "fabrication"],
    });
    const res = await patch(admin, `/api/categories/${row.id}`, { name: "Letters" });
    expect(res.body).toEqual({ ...row, name: "Letters", version: 2 });
  });

  test("renaming a category renames its items' category", async () => {
    const row = await create("categories", { name: "Channel Letters", departmentSequence: ["production"] });
    const project = insertProject();
    const item = insertItem({ projectId: project.id, category: "Channel Letters" });
    const other = insertItem({ projectId: project.id, category: "Something Else" });
    expect((await patch(admin, `/api/categories/${row.id}`, { name: "Front-Lit Letters" })).status).toBe(200);
    const category = (id: number) => app.db.select().from(schema.items).where(eq(schema.items.id, id)).get()!.category;
    expect(category(item.id)).toBe("Front-Lit Letters");
    expect(category(other.id)).toBe("Something Else");
  });

  test("in use by items: DELETE 409 with what uses it, the row stays", async () => {
    const row = await create("categories", { name: "Channel Letters", departmentSequence: ["production"] });
    const project = insertProject();
    insertItem({ projectId: project.id, category: "Channel Letters" });
    const res = await del(admin, `/api/categories/${row.id}`);
    expect(res).toEqual({ status: 409, body: { message: 'Category "Channel Letters" is used by 1 item' } });
    insertItem({ projectId: project.id, name: "Letter B", category: "Channel Letters" });
    expect((await del(admin, `/api/categories/${row.id}`)).body.message).toBe('Category "Channel Letters" is used by 2 items');
    expect((await get(admin, `/api/categories/${row.id}`)).status).toBe(200);
    expect(auditRows("category").filter((r) => r.action === "delete")).toHaveLength(0);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Departments

describe("departments", () => {
  test("POST takes the entity's fields with its defaults: a process department unless isMachine is true; the value always from the name", async () => {
    const plain = await post(admin, "/api/departments", { name: "Quality Bay", value: "something-else" });
    expect(plain.status).toBe(201);
    expect(plain.body).toMatchObject({
      name: "Quality Bay",
      value: "quality-bay",
      isMachine: false,
      machineStatus: "active",
      category: "Process",
      isActive: true,
      color: "blue",
      sortOrder: 0,
      description: "",
    });
    const notMachine = await create("departments", { name: "Big Router", isMachine: false });
    expect(notMachine).toMatchObject({ isMachine: false, category: "Process" });
    const machine = await create("departments", { name: "Zund G3", isMachine: true });
    expect(machine).toMatchObject({ value: "zund-g3", isMachine: true, category: "Production", machineStatus: "active", isActive: true });
    const everything = await create("departments", { name: "Old Latex", isMachine: true, machineStatus: "offline", category: "Print", isActive: false });
    expect(everything).toMatchObject({ isMachine: true, machineStatus: "offline", category: "Print", isActive: false });
    const bad = await post(admin, "/api/departments", { name: "Laser", isMachine: "perhaps" });
    expect(bad.status).toBe(400);
    const multi = await create("departments", { name: "  Quality   Control Bay " });
    expect(multi.value).toBe("quality-control-bay");
  });

  test("duplicate value: 409", async () => {
    await create("departments", { name: "Big Router" });
    const res = await post(admin, "/api/departments", { name: "big router" });
    expect(res).toEqual({ status: 409, body: { message: 'A department with the value "big-router" already exists' } });
    const seeded = await post(admin, "/api/departments", { name: "PRODUCTION" });
    expect(seeded.status).toBe(409);
    expect(seeded.body.message).toBe('A department with the value "production" already exists');
    expect((await get(admin, "/api/departments")).body).toHaveLength(3);
  });

  test("PATCH never changes the value, even when the body sends one", async () => {
    const row = await create("departments", { name: "Big Router" });
    const res = await patch(admin, `/api/departments/${row.id}`, { name: "Giant Router", value: "giant-router" });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ name: "Giant Router", value: "big-router" });
    expect((await get(admin, `/api/departments/${row.id}`)).body.value).toBe("big-router");
  });

  test("PATCH may change the flags", async () => {
    const row = await create("departments", { name: "Big Router", isMachine: true });
    const res = await patch(admin, `/api/departments/${row.id}`, {
      isMachine: false,
      isActive: false,
      machineStatus: "offline",
      category: "Process",
    });
    expect(res.body).toEqual({ ...row, isMachine: false, isActive: false, machineStatus: "offline", category: "Process", version: 2 });
  });

  test("in use by a category's sequence: DELETE 409", async () => {
    const row = await create("departments", { name: "Big Router" });
    await create("categories", { name: "Routed Letters", departmentSequence: ["production", "big-router"] });
    const res = await del(admin, `/api/departments/${row.id}`);
    expect(res).toEqual({ status: 409, body: { message: 'Department "Big Router" is used by 1 product' } });
    await create("workflows", { name: "Routing", departmentSequence: ["big-router"] });
    expect((await del(admin, `/api/departments/${row.id}`)).body.message).toBe('Department "Big Router" is used by 1 product and 1 workflow');
    expect((await get(admin, `/api/departments/${row.id}`)).status).toBe(200);
  });

  test("in use by a subdepartment, an item or a workflow step: DELETE 409", async () => {
    await create("subdepartments", { name: "Interior", departmentId: fabricationId });
    expect(await del(admin, `/api/departments/${fabricationId}`)).toEqual({
      status: 409,
      body: { message: 'Department "Fabrication" is used by 1 subdepartment' },
    });
    const project = insertProject();
    insertItem({ projectId: project.id, department: "production" });
    insertWorkflowStep(project.id, { department: "production" });
    expect((await del(admin, `/api/departments/${productionId}`)).body.message).toBe('Department "Production" is used by 1 item and 1 workflow step');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Subdepartments

describe("subdepartments", () => {
  test("value from the name, or the given value slugified", async () => {
    expect((await create("subdepartments", { name: "Exterior Fab", departmentId: fabricationId })).value).toBe("exterior-fab");
    expect((await create("subdepartments", { name: "Walls", value: "Wall Signs", departmentId: fabricationId })).value).toBe("wall-signs");
  });

  test("duplicate value in one department: 409; the same value under another department: 201", async () => {
    await create("subdepartments", { name: "Interior", departmentId: fabricationId });
    const dup = await post(admin, "/api/subdepartments", { name: "INTERIOR", departmentId: fabricationId });
    expect(dup).toEqual({
      status: 409,
      body: { message: 'A subdepartment with the value "interior" already exists in this department' },
    });
    const dupValue = await post(admin, "/api/subdepartments", { name: "Inside", value: "interior", departmentId: fabricationId });
    expect(dupValue.status).toBe(409);
    const elsewhere = await post(admin, "/api/subdepartments", { name: "Interior", departmentId: productionId });
    expect(elsewhere.status).toBe(201);
    expect(elsewhere.body).toMatchObject({ value: "interior", departmentId: productionId });
  });

  test("PATCH to a value taken in the same department: 409; the row keeps its value", async () => {
    await create("subdepartments", { name: "Interior", departmentId: fabricationId });
    const b = await create("subdepartments", { name: "Exterior", departmentId: fabricationId });
    const res = await patch(admin, `/api/subdepartments/${b.id}`, { value: "interior" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A subdepartment with the value "interior" already exists in this department');
    expect((await get(admin, `/api/subdepartments/${b.id}`)).body.value).toBe("exterior");
    const ok = await patch(admin, `/api/subdepartments/${b.id}`, { value: "Outside Work" });
    expect(ok.status).toBe(200);
    expect(ok.body.value).toBe("outside-work");
  });

  test("PATCH with a blank value keeps the stored value (as a blank value on POST falls back to the name)", async () => {
    const row = await create("subdepartments", { name: "Interior", value: "   ", departmentId: fabricationId });
    expect(row.value).toBe("interior");
    for (const value of ["", null, "   "]) {
      const res = await patch(admin, `/api/subdepartments/${row.id}`, { value });
      expect({ sent: value, status: res.status, value: res.body.value }).toEqual({ sent: value, status: 200, value: "interior" });
    }
    expect((await get(admin, `/api/subdepartments/${row.id}`)).body.value).toBe("interior");
  });

  test("PATCH of the name keeps the value; departmentId cannot be moved", async () => {
    const row = await create("subdepartments", { name: "Interior", departmentId: fabricationId });
    const res = await patch(admin, `/api/subdepartments/${row.id}`, { name: "Inside", departmentId: productionId });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...row, name: "Inside", version: 2 });
  });

  test("GET ?departmentId= lists one department's subdepartments", async () => {
    const a = await create("subdepartments", { name: "Interior", departmentId: fabricationId });
    const b = await create("subdepartments", { name: "Large Format", departmentId: productionId });
    expect((await get(admin, `/api/subdepartments?departmentId=${fabricationId}`)).body).toEqual([a]);
    expect((await get(admin, `/api/subdepartments?departmentId=${productionId}`)).body).toEqual([b]);
    expect((await get(admin, "/api/subdepartments")).body).toHaveLength(2);
  });

  test("an unknown departmentId: 400 'Department not found'", async () => {
    const res = await post(admin, "/api/subdepartments", { name: "Interior", departmentId: 99999 });
    expect(res).toEqual({ status: 400, body: { message: "Department not found" } });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Materials

describe("materials", () => {
  test("saved with no color: gray; no description: ''", async () => {
    expect(await create("materials", { name: "Acrylic", category: "Plastic" })).toMatchObject({
      name: "Acrylic",
      category: "Plastic",
      color: "gray",
      description: "",
    });
  });

  test("duplicate name, case-insensitive: 409", async () => {
    await create("materials", { name: "Aluminum", category: "Metal" });
    expect(await post(admin, "/api/materials", { name: "ALUMINUM", category: "Metal" })).toEqual({
      status: 409,
      body: { message: 'A material named "ALUMINUM" already exists' },
    });
  });

  test("in use by items: DELETE 409; a rename follows through to the items", async () => {
    const row = await create("materials", { name: "Aluminum", category: "Metal" });
    const project = insertProject();
    const item = insertItem({ projectId: project.id, material: "Aluminum" });
    expect(await del(admin, `/api/materials/${row.id}`)).toEqual({
      status: 409,
      body: { message: 'Material "Aluminum" is used by 1 item' },
    });
    expect((await patch(admin, `/api/materials/${row.id}`, { name: "Aluminium" })).status).toBe(200);
    expect(app.db.select().from(schema.items).where(eq(schema.items.id, item.id)).get()!.material).toBe("Aluminium");
    expect((await del(admin, `/api/materials/${row.id}`)).body.message).toBe('Material "Aluminium" is used by 1 item');
  });
});

// ---------------------------------------------------------------------------------------------------------
// Machines

describe("machines", () => {
  test("defaults: category Production, status active, color blue, sortOrder 0, active", async () => {
    expect(await create("machines", { name: "HP Latex 800" })).toMatchObject({
      name: "HP Latex 800",
      description: "",
      category: "Production",
      status: "active",
      color: "blue",
      sortOrder: 0,
      isActive: true,
    });
  });

  test("PATCH {name} keeps the color, sortOrder and every other field", async () => {
    const row = await create("machines", { name: "Zund G3", color: "purple", sortOrder: 7, status: "maintenance", category: "Cutting" });
    const res = await patch(admin, `/api/machines/${row.id}`, { name: "Zund G3 XL" });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ...row, name: "Zund G3 XL", version: 2 });
    expect(res.body).toMatchObject({ color: "purple", sortOrder: 7 });
  });

  test("duplicate name, case-insensitive: 409", async () => {
    await create("machines", { name: "Zund G3" });
    const res = await post(admin, "/api/machines", { name: "zund g3" });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('A machine named "zund g3" already exists');
  });

  test("form-style values are accepted: sortOrder as text, booleans as 'true'/'false'", async () => {
    const row = await create("machines", { name: "CNC", sortOrder: "4", isActive: "false" });
    expect(row).toMatchObject({ sortOrder: 4, isActive: false });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Workflows

describe("workflows", () => {
  test("an unknown department value: 400", async () => {
    const res = await post(admin, "/api/workflows", { name: "Standard", departmentSequence: ["production", "paint"] });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Unknown department: paint");
  });

  test("duplicate name, case-insensitive: 409", async () => {
    await create("workflows", { name: "Standard", departmentSequence: ["production"] });
    const res = await post(admin, "/api/workflows", { name: "standard", departmentSequence: ["production"] });
    expect(res).toEqual({ status: 409, body: { message: 'A workflow named "standard" already exists' } });
  });

  test("in use by a project: DELETE 409; a rename updates the project's workflowName", async () => {
    const row = await create("workflows", { name: "Standard", departmentSequence: ["production"] });
    const project = insertProject({ workflowId: row.id, workflowName: "Standard" });
    expect(await del(admin, `/api/workflows/${row.id}`)).toEqual({
      status: 409,
      body: { message: 'Workflow "Standard" is used by 1 project' },
    });
    expect((await patch(admin, `/api/workflows/${row.id}`, { name: "Standard Flow" })).status).toBe(200);
    expect(app.db.select().from(schema.projects).where(eq(schema.projects.id, project.id)).get()!.workflowName).toBe("Standard Flow");
  });
});

// ---------------------------------------------------------------------------------------------------------
// Step templates

describe("step-templates", () => {
  test("defaults and form-style input", async () => {
    expect(await create("step-templates", { name: "Paint", estimatedDurationHours: "", requiredSkills: "painting, masking" })).toMatchObject({
      name: "Paint",
      description: "",
      estimatedDurationHours: null,
      department: null,
      requiredSkills: ["painting", "masking"],
      isActive: true,
    });
  });

  test("in use by a project step: DELETE 409", async () => {
    const row = await create("step-templates", { name: "Weld frame" });
    const project = insertProject();
    app.db.insert(schema.projectSteps).values({ projectId: project.id, templateId: row.id, name: "Weld frame" }).run();
    expect(await del(admin, `/api/step-templates/${row.id}`)).toEqual({
      status: 409,
      body: { message: 'Step template "Weld frame" is used by 1 project step' },
    });
  });
});

// ---------------------------------------------------------------------------------------------------------
// Team members

function expectPublicMember(m: Json) {
  expect(m).not.toHaveProperty("pinCode");
  expect(m).not.toHaveProperty("pinHash");
  expect(m.hasPin).toBe(true);
}

describe("team-members", () => {
  test("no response ever carries pinCode or pinHash; each says hasPin: true", async () => {
    const created = await create("team-members", { name: "Tom Tester", pinCode: "7777" });
    expectPublicMember(created);
    const list = (await get(admin, "/api/team-members")).body;
    expect(list).toHaveLength(3);
    list.forEach(expectPublicMember);
    expectPublicMember((await get(admin, `/api/team-members/${created.id}`)).body);
    expectPublicMember((await get(viewer, `/api/team-members/${created.id}`)).body);
    const patched = await patch(admin, `/api/team-members/${created.id}`, { pinCode: "8888", name: "Tom T" });
    expect(patched.status).toBe(200);
    expectPublicMember(patched.body);
    const deleted = await del(admin, `/api/team-members/${created.id}`);
    expect(deleted.body).toEqual({ message: "Team member deleted successfully", id: created.id });
    // ...nor does the audit log keep the hash.
    for (const row of auditRows("team-member")) {
      expect(row.before ?? {}).not.toHaveProperty("pinHash");
      expect(row.after ?? {}).not.toHaveProperty("pinHash");
      expect(row.after ?? {}).not.toHaveProperty("pinCode");
    }
  });

  test("defaults: no keys, no skills, active", async () => {
    expect(await create("team-members", { name: "Tom Tester", pinCode: "7777" })).toMatchObject({
      email: null,
      skills: [],
      accessibleDepartments: [],
      isActive: true,
    });
  });

  test("a PIN changed by PATCH signs in; the old one no longer does", async () => {
    const tom = await create("team-members", { name: "Tom Tester", pinCode: "7777", accessibleDepartments: ["production"] });
    const c = app.client("10.0.1.1");
    await c.signIn("7777");
    expect((await patch(admin, `/api/team-members/${tom.id}`, { pinCode: "8888" })).status).toBe(200);
    // The old session ended with the PIN change.
    expect((await get(c, "/api/team-members")).status).toBe(401);
    const fresh = app.client("10.0.1.2");
    const old = await fresh.request("/api/auth/verify-pin", { method: "POST", json: { pinCode: "7777" } });
    expect(old.status).toBe(401);
    expect((await fresh.signIn("8888")).id).toBe(tom.id);
  });

  test("a PIN in use by another active member: 409 on POST and PATCH", async () => {
    expect(await post(admin, "/api/team-members", { name: "Tom", pinCode: "1111" })).toEqual({
      status: 409,
      body: { message: PIN_IN_USE },
    });
    const tom = await create("team-members", { name: "Tom", pinCode: "7777" });
    expect(await patch(admin, `/api/team-members/${tom.id}`, { pinCode: "4321" })).toEqual({
      status: 409,
      body: { message: PIN_IN_USE },
    });
    // Keeping one's own PIN is no clash.
    expect((await patch(admin, `/api/team-members/${tom.id}`, { pinCode: "7777" })).status).toBe(200);
    expect((await get(admin, "/api/team-members")).body).toHaveLength(3);
  });

  test("an inactive member's PIN may be reused; reactivating that member then clashes: 409", async () => {
    const old = await create("team-members", { name: "Ivan Inactive", pinCode: "2222", isActive: false });
    const tom = await create("team-members", { name: "Tom", pinCode: "2222" });
    expect(tom.isActive).toBe(true);
    expect(await patch(admin, `/api/team-members/${old.id}`, { isActive: true })).toEqual({
      status: 409,
      body: { message: PIN_IN_USE },
    });
    expect((await get(admin, `/api/team-members/${old.id}`)).body.isActive).toBe(false);
  });

  test("the last active management member cannot be deleted, deactivated or lose the key: 409", async () => {
    addMember("Old Boss", "3333", ["management"], false); // inactive: does not count
    expect(await del(admin, `/api/team-members/${adminId}`)).toEqual({ status: 409, body: { message: LAST_ADMIN } });
    expect(await patch(admin, `/api/team-members/${adminId}`, { isActive: false })).toEqual({
      status: 409,
      body: { message: LAST_ADMIN },
    });
    expect(await patch(admin, `/api/team-members/${adminId}`, { accessibleDepartments: ["production"] })).toEqual({
      status: 409,
      body: { message: LAST_ADMIN },
    });
    expect(await patch(admin, `/api/team-members/${adminId}`, { accessibleDepartments: [] })).toEqual({
      status: 409,
      body: { message: LAST_ADMIN },
    });
    const me = (await get(admin, `/api/team-members/${adminId}`)).body;
    expect(me).toMatchObject({ isActive: true, accessibleDepartments: ["management"] });
    expect(auditRows("team-member").filter((r) => r.action !== "create")).toHaveLength(0);
  });

  test("with a second active management member, the first may lose the key and be deleted", async () => {
    const boss = await create("team-members", { name: "Bea Boss", pinCode: "5555", accessibleDepartments: ["management"] });
    const boss2 = app.client("10.0.2.2");
    await boss2.signIn("5555");
    const res = await patch(boss2, `/api/team-members/${adminId}`, { accessibleDepartments: ["production"] });
    expect(res.status).toBe(200);
    expect(res.body.accessibleDepartments).toEqual(["production"]);
    // Now Bea is the last one.
    expect((await del(boss2, `/api/team-members/${boss.id}`)).status).toBe(409);
    expect((await del(boss2, `/api/team-members/${adminId}`)).status).toBe(200);
  });

  test("assigned to a workflow step: DELETE 409, deactivation still allowed", async () => {
    const tom = await create("team-members", { name: "Tom Tester", pinCode: "7777" });
    const project = insertProject();
    insertWorkflowStep(project.id, { assignedTeamMemberId: tom.id });
    expect(await del(admin, `/api/team-members/${tom.id}`)).toEqual({
      status: 409,
      body: { message: 'Team member "Tom Tester" is assigned to 1 workflow step. Deactivate the member instead.' },
    });
    const off = await patch(admin, `/api/team-members/${tom.id}`, { isActive: false });
    expect(off.status).toBe(200);
    expect(off.body.isActive).toBe(false);
  });

  test("assigned through step_assignments: DELETE 409", async () => {
    const tom = await create("team-members", { name: "Tom Tester", pinCode: "7777" });
    const project = insertProject();
    const step = insertWorkflowStep(project.id);
    app.db.insert(schema.stepAssignments).values({ projectWorkflowStepId: step.id, teamMemberId: tom.id, assignedAt: new Date() }).run();
    const res = await del(admin, `/api/team-members/${tom.id}`);
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Team member "Tom Tester" is assigned to 1 workflow step. Deactivate the member instead.');
  });

  test("a deleted member's session ends", async () => {
    const c = app.client("10.0.3.3");
    await c.signIn("1111");
    expect((await del(admin, `/api/team-members/${viewerId}`)).status).toBe(200);
    expect((await get(c, "/api/team-members")).status).toBe(401);
  });
});

// ---------------------------------------------------------------------------------------------------------
// Audit

describe("audit log", () => {
  test("every successful write of every entity is one audit row with the actor's id, name and address", async () => {
    for (const fx of FIXTURES) {
      const row = await create(fx.path, fx.body());
      expect((await patch(admin, `/api/${fx.path}/${row.id}`, fx.patch())).status).toBe(200);
      expect((await del(admin, `/api/${fx.path}/${row.id}`)).status).toBe(200);
      const rows = app.db
        .select()
        .from(schema.auditLog)
        .where(and(eq(schema.auditLog.entity, fx.audit), eq(schema.auditLog.entityId, String(row.id))))
        .all();
      expect(rows.map((r) => r.action)).toEqual(["create", "update", "delete"]);
      for (const r of rows) expect(r).toMatchObject({ actorId: adminId, actorName: "Ada Admin", ip: "10.0.0.1" });
      expect(rows[1]!.before).toMatchObject({ id: row.id });
      expect(rows[1]!.after).toMatchObject({ id: row.id });
    }
  });

  test("refused writes (400, 404, 409) write no audit row", async () => {
    await create("categories", { name: "Channel Letters", departmentSequence: ["production"] });
    const before = writeAuditCount();
    await post(admin, "/api/categories", { name: "" });
    await post(admin, "/api/categories", { name: "channel letters", departmentSequence: ["production"] });
    await patch(admin, "/api/categories/99999", { name: "X" });
    await del(admin, "/api/categories/99999");
    await del(admin, `/api/team-members/${adminId}`);
    expect(writeAuditCount()).toBe(before);
  });
});
