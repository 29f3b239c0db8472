// Text-direction controls (overrides and isolates U+202A–U+202E, U+2066–U+2069, the marks U+200E, U+200F, U+061C)
// in names: refused by the shared text schemas, so by every form and API; cleaned from a file name a browser sends
// (domain/bidi.ts).
import { beforeEach, describe, expect, test } from "bun:test";
import { sql } from "drizzle-orm";
import { bidiMessage } from "~/domain/bidi";
import { addMember, createApp, visibleHtml, type Client } from "../helpers/app";

let app: ReturnType<typeof createApp>;
let admin: Client;

beforeEach(async () => {
  app = createApp();
  addMember("Ada Admin", "4321", ["management"]);
  admin = app.client("10.0.0.1");
  await admin.signIn("4321");
});

const RLO = "\u202E";
const LRI = "\u2066";
const PDI = "\u2069";
const post = (path: string, json: unknown) => admin.request(path, { method: "POST", json });
const rows = (table: string) => app.db.all(sql.raw(`SELECT * FROM ${table}`)) as Record<string, unknown>[];

async function expectRefused(res: Response, field: string) {
  expect(res.status).toBe(400);
  const body = (await res.json()) as { message: string; issues: { path: string; message: string }[] };
  expect(body.issues.find((i) => i.path === field)?.message).toBe(bidiMessage());
}

describe("names with text-direction characters are refused, across the APIs", () => {
  test.each([
    ["/api/materials", { name: `Cast${RLO}lyniV`, category: "Film" }, "name"],
    ["/api/categories", { name: `Ban${LRI}ner${PDI}`, departmentSequence: ["production"] }, "name"],
    ["/api/departments", { name: `Print${RLO} Shop` }, "name"],
    ["/api/workflows", { name: `Stan\u202Ddard`, departmentSequence: ["production"] }, "name"],
    ["/api/team-members", { name: `Mal${RLO}lory`, pinCode: "5555", accessibleDepartments: [] }, "name"],
    // A direction mark alone changes nothing visible: 'Ada\u200F Admin' looked exactly like 'Ada Admin'.
    ["/api/team-members", { name: "Ada\u200F Admin", pinCode: "5557", accessibleDepartments: [] }, "name"],
    ["/api/team-members", { name: "Ada\u061C Admin", pinCode: "5558", accessibleDepartments: [] }, "name"],
    ["/api/team-members", { name: "Mallory", pinCode: "5556", accessibleDepartments: [], skills: [`Weld${RLO}ing`] }, "skills.0"],
    ["/api/label-printers", { name: `Zebra${LRI}1`, host: "192.0.2.10" }, "name"],
    ["/api/materials", { name: "Cast Vinyl", category: "Film", description: `gloss${RLO}y` }, "description"],
  ])("POST %s: 400 naming the field", async (path, body, field) => {
    await expectRefused(await post(path, body), field);
  });

  test("nothing was stored by the refused posts, and a rename is refused the same way", async () => {
    const made = await (await post("/api/materials", { name: "Cast Vinyl", category: "Film" })).json();
    await expectRefused(await admin.request(`/api/materials/${made.id}`, { method: "PATCH", json: { name: `Cast${RLO} Vinyl` } }), "name");
    expect(rows("materials").map((r) => r.name)).toEqual(["Cast Vinyl"]);
    await expectRefused(await admin.request("/api/team-members/1", { method: "PATCH", json: { name: "Ada\u200E Admin" } }), "name");
  });

  test("projects and items", async () => {
    await post("/api/departments", { name: "Zund G3", isMachine: true });
    const wf = await (await post("/api/workflows", { name: "W", departmentSequence: ["zund-g3"] })).json();
    await expectRefused(await post("/api/projects", { name: `Bakery${RLO}`, description: `Sign ${LRI}x${PDI}`, workflowId: wf.id }), "description");
    await expectRefused(await post("/api/projects", { name: `Bak${RLO}ery`, description: "Sign", workflowId: wf.id }), "name");
    const project = await (await post("/api/projects", { name: "Bakery", description: "Sign", workflowId: wf.id })).json();
    await post("/api/categories", { name: "Banner", departmentSequence: ["zund-g3"] });
    await expectRefused(await post("/api/items", { name: `Front${RLO}`.padEnd(8, "x"), category: "Banner", material: "Vinyl", projectId: project.id }), "name");
  });

  test("right-to-left text itself is fine: Arabic and Hebrew names need none of these characters", async () => {
    const res = await post("/api/materials", { name: "فينيل لامع", category: "שלט" });
    expect(res.status).toBe(201);
  });

  test("an override at either end is dropped with the other invisible edge characters, not refused", async () => {
    const res = await post("/api/materials", { name: `${RLO}Mesh${PDI}`, category: "Film" });
    expect(res.status).toBe(201);
    expect((await res.json()).name).toBe("Mesh");
  });
});

describe("forms and files", () => {
  test("the Global Settings form without JavaScript shows the message by the field", async () => {
    const res = await admin.request("/settings?tab=materials&new=1", {
      method: "POST",
      form: { _entity: "materials", name: `Cast${RLO}lyniV`, category: "Film", color: "gray" },
    });
    expect(res.status).toBe(400);
    expect(await visibleHtml(res)).toContain(bidiMessage());
    expect(rows("materials")).toHaveLength(0);
  });

  test("machine files: the API, and a CSV line", async () => {
    await post("/api/departments", { name: "Zund G3", isMachine: true });
    await expectRefused(await post("/api/machine-ready-files", { fileName: `Invoice${RLO}fdp.exe`, machine: "zund-g3" }), "fileName");
    const res = await post("/api/machine-ready-files/upload-csv", { csvData: `File Name,Machine Assignment\nok.pdf,Zund G3\nInvoice${RLO}fdp.exe,Zund G3\n` });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.errors).toEqual([`Line 3: ${bidiMessage()}`]);
    expect(rows("machine_ready_files").map((r) => r.file_name)).toEqual(["ok.pdf"]);
  });

  test("a design's file name as the browser sends it is cleaned of them", async () => {
    await post("/api/departments", { name: "Zund G3", isMachine: true });
    const wf = await (await post("/api/workflows", { name: "W", departmentSequence: ["zund-g3"] })).json();
    const project = await (await post("/api/projects", { name: "Job", description: "d", workflowId: wf.id })).json();
    const form = new FormData();
    form.set("file", new File(["%PDF-1.7\n%%EOF\n"], `proof${RLO}fdp.pdf`, { type: "application/pdf" }));
    const res = await admin.request(`/api/projects/${project.id}/design`, { method: "POST", body: form });
    expect(res.status).toBe(201);
    expect((await res.json()).fileName).toBe("prooffdp.pdf");
  });
});
