import { beforeAll, describe, expect, test } from "bun:test";
import { addMember, build, createApp, hooks, type Client } from "../helpers/app";
import { routePaths } from "../helpers/routes";

// Every /api write, present and future (the walk reads the routes from the build), refuses a field its body does
// not take with a 400 that names it: zod drops unknown fields, so `PATCH /api/team-members/{id}` with
// `{"shoeSize":42}` was answered 200 and the field lost. A call that takes no body refuses one with a field the
// same way (docs/product.md, Decisions: API bodies). The writes that read no body at all are listed here, so a new
// write route is either checked or named as reading none.
const NO_BODY = new Set([
  // Signing out always signs out.
  "POST /api/auth/logout",
  "DELETE /api/categories/:id",
  "DELETE /api/departments/:id",
  "DELETE /api/label-printers/:id",
  "DELETE /api/machines/:id",
  "DELETE /api/materials/:id",
  "POST /api/projects/:id/design/upload-url",
  "DELETE /api/step-templates/:id",
  "DELETE /api/subdepartments/:id",
  "DELETE /api/team-members/:id",
  // The design PDF itself, as raw bytes.
  "PUT /api/uploads/:token",
  "DELETE /api/webhooks/:id",
  "DELETE /api/workflows/:id",
]);

const WRITES = ["POST", "PUT", "PATCH", "DELETE"];
let app: ReturnType<typeof createApp>;
let admin: Client;

beforeAll(async () => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
  admin = app.client();
  await admin.signIn("4321");
  // Record 1 of every kind, so each call gets as far as reading its body.
  const post = async (path: string, json: unknown) => {
    const res = await admin.request(path, { method: "POST", json });
    if (res.status !== 201) throw new Error(`${path}: ${res.status} ${await res.text()}`);
  };
  await post("/api/departments", { name: "Production", isMachine: true });
  await post("/api/workflows", { name: "W", departmentSequence: ["production"] });
  await post("/api/projects", { name: "Job", workflowId: 1 });
  await post("/api/categories", { name: "Signs", departmentSequence: ["production"] });
  await post("/api/items", { name: "Sign", category: "Signs", projectId: 1 });
  await post("/api/machine-ready-files", { fileName: "a.pdf", machine: "production", projectId: 1 });
  await post("/api/subdepartments", { name: "Wide", departmentId: 1 });
  await post("/api/materials", { name: "Vinyl", category: "Roll" });
  await post("/api/machines", { name: "Cutter" });
  await post("/api/step-templates", { name: "Weed" });
  await post("/api/label-printers", { name: "Zebra", host: "10.0.0.9" });
  await post("/api/webhooks", { name: "Hook", url: "https://example.com/hook", events: ["project.created"] });
});

describe("every /api body refuses a field it does not take", () => {
  test("the walk: each write answers 400 naming the extra field, or is listed as reading no body", async () => {
    const rulesOf = hooks.routeRules(build);
    const checked: string[] = [];
    const wrong: string[] = [];
    const listed = new Set<string>();
    for (const path of routePaths(build).filter((p) => p.startsWith("/api/") && !p.includes("no-such-thing"))) {
      const rules = rulesOf(path)!;
      for (const method of (rules.methods ?? []).filter((m) => WRITES.includes(m))) {
        const call = `${method} ${rules.pattern}`;
        if (NO_BODY.has(call)) {
          listed.add(call);
          continue;
        }
        const res = await admin.request(path, { method, json: { zzNotAField: "x" } });
        const body = await res.json().catch(() => ({}));
        checked.push(call);
        if (res.status !== 400 || !/this call does not take: zzNotAField\b/.test(body.message)) wrong.push(`${call}: ${res.status} ${body.message}`);
      }
    }
    expect(wrong).toEqual([]);
    // A route named as taking no body that is gone or renamed: the list is kept true.
    expect([...NO_BODY].filter((c) => !listed.has(c))).toEqual([]);
    expect(checked.length).toBeGreaterThan(40);
  });

  test("the answer names the field and what the call takes; nested objects are checked too", async () => {
    const res = await admin.request("/api/team-members/1", { method: "PATCH", json: { shoeSize: 42 } });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(
      "The request body has a field this call does not take: shoeSize. It takes: name, email, department, subdepartment, skills, accessibleDepartments, profilePhotoUrl, isActive, language, pinCode, version.",
    );
    expect(body.issues).toEqual([{ path: "shoeSize", message: "shoeSize is not a field this call takes" }]);
    const bulk = await admin.request("/api/machine-ready-files/bulk", {
      method: "POST",
      json: {
        files: [
          { fileName: "a.pdf", machine: "P" },
          { fileName: "b.pdf", machine: "P", colour: "red", size: 2 },
        ],
      },
    });
    expect(bulk.status).toBe(400);
    expect((await bulk.json()).message).toMatch(/^Files, entry 2 has fields this call does not take: colour, size\. It takes: name, fileName, /);
    // Nothing was changed by the refused calls.
    const member = await (await admin.request("/api/team-members/1")).json();
    expect(member.name).toBe("Ada Admin");
  });
});
