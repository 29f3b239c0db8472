import { describe, expect, test } from "bun:test";
import { readdirSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { BIDI_CONTROLS } from "~/domain/bidi";

// The body and form schemas (app/schemas), read whole: every module and every schema it exports, so a schema or
// field added later is held to the same rules without this file being edited.

const dir = path.join(import.meta.dir, "../../app/schemas");
const modules = Object.fromEntries(
  await Promise.all(
    readdirSync(dir)
      .filter((f) => f.endsWith(".ts"))
      .map(async (f) => [f.replace(/\.ts$/, ""), (await import(path.join(dir, f))) as Record<string, unknown>] as const),
  ),
);
const schemas: [string, z.ZodType][] = Object.entries(modules).flatMap(([m, exports]) =>
  Object.entries(exports)
    .filter(([, v]) => v instanceof z.ZodType)
    .map(([name, v]) => [`${m}.${name}`, v as z.ZodType] as [string, z.ZodType]),
);

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  in?: z.ZodType;
  out?: z.ZodType;
  options?: z.ZodType[];
};
const defOf = (s: z.ZodType) => (s as unknown as { _zod: { def: Def } })._zod.def;

/** Every field of every object inside `schema` (through lists, pipes, optionals, unions), with its path. */
function fields(schema: z.ZodType, at: string, out: [string, z.ZodType][] = [], seen = new Set<z.ZodType>()): [string, z.ZodType][] {
  if (seen.has(schema)) return out;
  seen.add(schema);
  const def = defOf(schema);
  if (def.type === "object") {
    for (const [k, f] of Object.entries(def.shape!)) {
      out.push([`${at}.${k}`, f]);
      fields(f, `${at}.${k}`, out, seen);
    }
  } else if (def.type === "array") fields(def.element!, `${at}[]`, out, seen);
  else if (def.type === "pipe") {
    fields(def.in!, at, out, seen);
    fields(def.out!, at, out, seen);
  } else if (def.type === "union") for (const o of def.options!) fields(o, at, out, seen);
  else if (def.innerType) fields(def.innerType, at, out, seen);
  return out;
}

/** The enums inside a schema (unwrapped from optionals, defaults, pipes and lists). */
function enumsIn(schema: z.ZodType, out: z.ZodType[] = []): z.ZodType[] {
  const def = defOf(schema);
  if (def.type === "enum") out.push(schema);
  else if (def.type === "pipe") enumsIn(def.out!, enumsIn(def.in!, out));
  else if (def.type === "array") enumsIn(def.element!, out);
  else if (def.innerType) enumsIn(def.innerType, out);
  return out;
}

describe("an unknown enum value names the allowed ones", () => {
  test("every enum of every schema: 'X must be one of a, b, c.', never 'X is required'", () => {
    const wrong: string[] = [];
    let count = 0;
    for (const [name, schema] of schemas) {
      for (const [field, f] of fields(schema, name)) {
        for (const e of enumsIn(f)) {
          count++;
          const values = (e as unknown as { options: string[] }).options;
          const result = z.object({ field: e }).safeParse({ field: "zz-not-a-value" });
          const message = result.success ? "(accepted)" : result.error.issues[0]!.message;
          if (message !== `Field must be one of ${values.join(", ")}.`) wrong.push(`${field}: ${message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(count).toBeGreaterThan(10);
  });

  test("in the field's own words: Priority, Status, Color", async () => {
    const { ProjectCreateApiSchema, StepPatchSchema } = await import("~/schemas/project");
    const { CategorySchema } = await import("~/schemas/settings");
    const first = (r: { error?: z.ZodError }) => r.error!.issues[0]!.message;
    expect(first(ProjectCreateApiSchema.safeParse({ name: "Job", workflowId: 1, priority: "urgent" }))).toBe(
      "Priority must be one of rush, high, medium, low.",
    );
    expect(first(StepPatchSchema.safeParse({ status: "done" }))).toBe("Status must be one of pending, not-started, in-progress, completed.");
    expect(first(CategorySchema.safeParse({ name: "C", color: "teal", departmentSequence: ["x"] }))).toMatch(/^Color must be one of blue, green, /);
    // A missing value keeps the form's own sentence.
    const { ProjectEditSchema } = await import("~/schemas/project");
    expect(first(ProjectEditSchema.safeParse({ name: "Job" }))).toBe("Priority is required");
  });
});

describe("a value of the wrong type says so, never that the field is missing", () => {
  // A program that sent `"name": ["Job"]` or `"code": 123` was told 'Project name is required' / 'code is required'.
  test("every field of every schema given a list or an object", () => {
    const wrong: string[] = [];
    let count = 0;
    for (const [name, schema] of schemas) {
      for (const [field, f] of fields(schema, name)) {
        for (const value of [{ a: 1 }, [{ a: 1 }]]) {
          const result = z.object({ field: f }).safeParse({ field: value });
          if (result.success) continue;
          count++;
          const message = result.error.issues[0]!.message;
          if (/\brequired\b/i.test(message)) wrong.push(`${field} ${JSON.stringify(value)}: ${message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(count).toBeGreaterThan(100);
  });

  test("in the field's own words", async () => {
    const { ProjectCreateApiSchema } = await import("~/schemas/project");
    const first = (r: { error?: z.ZodError }) => r.error!.issues[0]!.message;
    expect(first(ProjectCreateApiSchema.safeParse({ name: ["Job"], workflowId: 1 }))).toBe("Name must be text.");
    expect(first(ProjectCreateApiSchema.safeParse({ workflowId: 1 }))).toBe("Project name is required");
    expect(first(ProjectCreateApiSchema.safeParse({ name: "Job", workflowId: { id: 1 } }))).toBe("Project workflow must be a workflow id");
    expect(first(ProjectCreateApiSchema.safeParse({ name: "Job", workflowId: "" }))).toBe("Project workflow is required");
  });
});

// Text that is kept as it came, on purpose: identifiers checked by their own pattern, raw file contents read by a
// parser that checks each cell, and values never shown as a name.
const RAW_TEXT = new Set([
  "auth.LoginFormSchema.redirectTo",
  "auth.LoginFormSchema.tile",
  "machine-file.UploadCsvSchema.csvData",
  "machine-file.SpreadsheetFormSchema.intent",
  // A key that makes a resent import harmless: compared as sent, never shown.
  "order-rows.OrderImportBodySchema.importId",
  "order-rows.OrderRowSchema.*",
  "order-rows.OrderImportBodySchema.rows[].*",
  "order-rows.ConfirmedRowsSchema[].*",
  "scan.ScanToggleSchema.code",
  "shop-settings.ShopAddressFormSchema.returnTo",
]);
const rawText = (field: string) => RAW_TEXT.has(field) || RAW_TEXT.has(field.replace(/\.[^.]+$/, ".*"));

describe("every name and text field refuses text-direction controls", () => {
  const samples = ["Ab\u202Ecd", "Ab\u2067cd\u2069", "Ab\u200Fcd", "Ab\u061Ccd", "Ab\u200Ecd"];
  test("every string field of every schema: refused, or listed as raw text", () => {
    const wrong: string[] = [];
    let count = 0;
    for (const [name, schema] of schemas) {
      for (const [field, f] of fields(schema, name)) {
        // z.unknown(): a field the product's clients send and the server ignores (its value is never kept).
        if (rawText(field) || defOf(f).type === "unknown" || defOf(defOf(f).innerType ?? f).type === "unknown") continue;
        for (const sample of samples) {
          for (const value of [sample, [sample]]) {
            const result = f.safeParse(value);
            if (!result.success) continue;
            count++;
            if (BIDI_CONTROLS.test(JSON.stringify(result.data) ?? "") || /\\u(200[ef]|061c|202[a-e]|206[6-9])/i.test(JSON.stringify(result.data) ?? "")) {
              wrong.push(`${field} keeps ${JSON.stringify(sample)}`);
            }
          }
        }
      }
    }
    expect([...new Set(wrong)]).toEqual([]);
    expect(count).toBeGreaterThanOrEqual(0);
  });

  test("a team member's name with a direction mark is refused (it looked the same as another's)", async () => {
    const { TeamMemberSchema, TeamMemberPatchSchema } = await import("~/schemas/settings");
    for (const name of ["Ada\u200F Admin", "Ada\u061C Admin", "Ada\u202E Admin"]) {
      expect(TeamMemberSchema.safeParse({ name, pinCode: "1234", accessibleDepartments: [] }).success).toBe(false);
      expect(TeamMemberPatchSchema.safeParse({ name }).success).toBe(false);
    }
    // Right-to-left text itself is fine.
    expect(TeamMemberSchema.safeParse({ name: "נועה כהן", pinCode: "1234", accessibleDepartments: [] }).success).toBe(true);
  });
});

// The values a field is tried with: text with line breaks, controls and direction characters, lengths at the
// limits, blanks, numbers as text, dates, enum values and not.
const PROBES: unknown[] = [
  "",
  " ",
  "x",
  "Job 12",
  "a\nb",
  "a\r\nb",
  "a\tb",
  "a\u0000b",
  "a\u001bb",
  "x\u202Ey",
  "x\u200Fy",
  "\u200Bx",
  "x".repeat(50),
  "x".repeat(51),
  "x".repeat(100),
  "x".repeat(101),
  "x".repeat(200),
  "x".repeat(201),
  "x".repeat(255),
  "x".repeat(256),
  "x".repeat(2000),
  "x".repeat(2001),
  null,
  0,
  1,
  -1,
  1.5,
  2 ** 40,
  "1",
  "0",
  "-1",
  "abc",
  true,
  false,
  "true",
  "on",
  "false",
  [],
  ["x"],
  ["production"],
  [1],
  {},
  "2026-03-31",
  "2026-02-30",
  "1999-12-31",
  "2026-03-31T12:00:00Z",
  "rush",
  "urgent",
  "blue",
  "teal",
  "active",
  "broken",
  "production",
  "print",
  "laminate",
  "https://example.com/hook",
  "http://localhost/x",
  "a@b.co",
  "not-an-email",
  "1234",
  "12ab",
  "none",
  "unassigned",
  "10.0.0.9",
  9100,
  203,
  300,
];
// What a PATCH of the record may not change, or reads differently on purpose (named, so nothing else may differ).
const PATCH_DIFFERS = new Set([
  // A project's workflow may be removed by a PATCH (docs/product.md §7: 'workflowId may be omitted'); a new one needs one.
  "project.workflowId",
  // Where a machine file came from is set once, by its create.
  "machine-file.fileType",
  "machine-file.filePath",
  "machine-file.fileSize",
  "machine-file.projectId",
  // A subdepartment stays in its department.
  "settings.Subdepartment.departmentId",
]);
const PATCH_ONLY = new Set(["project.StepPatchSchema", "shop-settings.ShopSettingsPatchSchema"]);

describe("POST and PATCH of the same record check the same rules", () => {
  const shapeOf = (s: z.ZodType) => defOf(s).shape ?? {};
  const pairs: [string, z.ZodType, z.ZodType][] = [];
  const unpaired: string[] = [];
  for (const [m, exports] of Object.entries(modules)) {
    for (const [name, patch] of Object.entries(exports)) {
      if (!name.endsWith("PatchSchema") || !(patch instanceof z.ZodType)) continue;
      const base = name.slice(0, -"PatchSchema".length);
      const create = ["CreateApiSchema", "BodySchema", "CreateSchema", "Schema"].map((s) => exports[base + s]).find((s) => s instanceof z.ZodType);
      if (create) pairs.push([`${m}.${base}`, create as z.ZodType, patch]);
      else if (!PATCH_ONLY.has(`${m}.${name}`)) unpaired.push(`${m}.${name}`);
    }
  }

  test("every PATCH schema has its create schema, or is named as PATCH-only", () => {
    expect(unpaired).toEqual([]);
    expect(pairs.length).toBeGreaterThanOrEqual(13);
  });

  test("each field both take accepts and refuses the same values, with the same result", () => {
    const wrong: string[] = [];
    for (const [pair, create, patch] of pairs) {
      const module = pair.split(".")[0];
      const patchShape = shapeOf(patch);
      for (const [field, postField] of Object.entries(shapeOf(create))) {
        if (PATCH_DIFFERS.has(`${module}.${field}`) || PATCH_DIFFERS.has(`${pair}.${field}`)) continue;
        const patchField = patchShape[field];
        if (!patchField) {
          wrong.push(`${pair}.${field}: not in the PATCH schema`);
          continue;
        }
        for (const value of PROBES) {
          const a = postField.safeParse(value);
          const b = patchField.safeParse(value);
          const show = (r: typeof a) => (r.success ? `accepted as ${JSON.stringify(r.data)}` : `refused (${r.error.issues[0]!.message})`);
          if (a.success !== b.success || (a.success && b.success && JSON.stringify(a.data) !== JSON.stringify(b.data))) {
            wrong.push(`${pair}.${field} ${JSON.stringify(value).slice(0, 20)}: POST ${show(a)}, PATCH ${show(b)}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });
});
