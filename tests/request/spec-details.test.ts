import { beforeEach, describe, expect, test } from "bun:test";
import * as schema from "#db/schema";
import { addMember, createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { ageSession } from "../helpers/timers";

const { getDb } = hooks;

// Spec details the screens missed: the step date inputs' min and max (§5 'Step dates'), the design upload's refusal
// toast (§5 'Design upload'), and 'Final Department' wherever a stop at the last department is reported (§8).

let app: ReturnType<typeof createApp>;
let pm: Client;
let floor: Client;
let projectId: number;
let stepId: number;

beforeEach(async () => {
  app = createApp();
  addMember("Pat PM", "1111", ["project-management"]);
  addMember("Fay Floor", "2222", ["production"]);
  pm = app.client("10.4.0.2");
  floor = app.client("10.4.0.3");
  await pm.signIn("1111");
  await floor.signIn("2222");
  addMember("Ada Admin", "4321", ["management"]);
  const admin = app.client("10.4.0.1");
  await admin.signIn("4321");
  for (const name of ["Production", "Installation"]) await admin.request("/api/departments", { method: "POST", json: { name } });
  await admin.request("/api/categories", { method: "POST", json: { name: "Banner", departmentSequence: ["production", "installation"] } });
  const wf = await (await admin.request("/api/workflows", { method: "POST", json: { name: "W", departmentSequence: ["production", "installation"] } })).json();
  projectId = (await (await pm.request("/api/projects", { method: "POST", json: { name: "Bakery", description: "d", workflowId: wf.id } })).json()).id;
  stepId = getDb().select().from(schema.projectWorkflowSteps).all()[0]!.id;
});

const post = (c: Client, form: Record<string, string>) => c.request(`/projects/${projectId}`, { method: "POST", form });
const follow = async (c: Client, res: Response) => {
  expect(res.status).toBe(302);
  return visibleHtml(await c.request(res.headers.get("location")!));
};
const dateInputs = async () => {
  const html = await visibleHtml(await pm.request(`/projects/${projectId}?edit-step=${stepId}`));
  const input = (name: string) => html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))![0];
  const attr = (tag: string, a: string) => tag.match(new RegExp(`\\s${a}="([^"]*)"`))?.[1] ?? null;
  const start = input("startDate");
  const end = input("endDate");
  return {
    start: { min: attr(start, "min"), max: attr(start, "max"), required: /\srequired/.test(start) },
    end: { min: attr(end, "min"), max: attr(end, "max"), required: /\srequired/.test(end) },
  };
};

describe("step dates (§5)", () => {
  test("without dates both inputs are bounded to 2000–2099 and may stay empty", async () => {
    expect(await dateInputs()).toEqual({
      start: { min: "2000-01-01", max: "2099-12-31", required: false },
      end: { min: "2000-01-01", max: "2099-12-31", required: false },
    });
  });

  test("with dates each restricts the other: start's max is the end, end's min is the start", async () => {
    await follow(pm, await post(pm, { intent: "update-step", stepId: String(stepId), startDate: "2026-03-02", endDate: "2026-03-09", percentComplete: "0" }));
    expect(await dateInputs()).toEqual({
      start: { min: "2000-01-01", max: "2026-03-09", required: false },
      end: { min: "2026-03-02", max: "2099-12-31", required: false },
    });
  });

  test("a year typed with two digits (0026) is refused, on the page and by the API; nothing is saved", async () => {
    const res = await post(pm, { intent: "update-step", stepId: String(stepId), startDate: "0026-03-02", endDate: "", percentComplete: "0" });
    expect(res.status).toBe(400);
    expect(await visibleHtml(res)).toContain("Choose a date between 2000 and 2099.");
    const api = await pm.request(`/api/workflow-steps/${stepId}`, { method: "PATCH", json: { endDate: "2100-01-01" } });
    expect(api.status).toBe(400);
    expect((await api.json()).message).toContain("Choose a date between 2000 and 2099.");
    expect(getDb().select().from(schema.projectWorkflowSteps).all()[0]).toMatchObject({ startDate: null, endDate: null });
  });
});

describe("design upload (§5)", () => {
  const upload = (bytes: string, name = "sign.pdf", type = "application/pdf") => {
    const form = new FormData();
    form.set("intent", "upload-design");
    form.set("file", new File([bytes], name, { type }));
    return pm.request(`/projects/${projectId}`, { method: "POST", body: form });
  };
  test("every refusal of a file that is not a PDF is the toast 'Invalid file type' / 'Please select a PDF file'", async () => {
    for (const res of [await upload("not a pdf at all", "notes.pdf"), await upload("", "empty.pdf"), await upload("GIF89a", "logo.gif", "image/gif")]) {
      expect(res.status).toBe(400);
      const html = await visibleHtml(res);
      expect(html).toMatch(/>Invalid file type<\/p><p[^>]*>Please select a PDF file<\/p>/);
    }
  });
});

describe("'Final Department' (§8)", () => {
  let itemId: number;
  beforeEach(async () => {
    itemId = (
      await (
        await pm.request("/api/items", { method: "POST", json: { name: "Fence banner", category: "Banner", projectId, department: "installation" } })
      ).json()
    ).id;
  });

  test("POST /api/scans: the stop's toast is 'Final Department', not 'Timer Stopped & Advanced'", async () => {
    await floor.request("/api/scans", { method: "POST", json: { code: String(itemId) } });
    ageSession(itemId);
    const body = await (await floor.request("/api/scans", { method: "POST", json: { code: String(itemId) } })).json();
    expect(body.toast).toEqual({ title: "Final Department", description: "Fence banner is finished in Installation." });
  });

  test("the QR Timer form without JavaScript", async () => {
    await floor.request("/qr-scanner", { method: "POST", form: { code: String(itemId) } });
    ageSession(itemId);
    const html = await follow(floor, await floor.request("/qr-scanner", { method: "POST", form: { code: String(itemId) } }));
    expect(html).toMatch(/>Final Department<\/p><p[^>]*>Fence banner is finished in Installation\.<\/p>/);
    expect(html).not.toContain("Timer Stopped");
  });

  test("end-timer carries the toast a client shows; elsewhere 'Timer Stopped & Advanced' names where it went", async () => {
    await floor.request(`/api/items/${itemId}/start-timer`, { method: "POST" });
    const final = await (await floor.request(`/api/items/${itemId}/end-timer`, { method: "POST" })).json();
    expect(final).toMatchObject({ finalDepartment: true, toast: { title: "Final Department", description: "Fence banner is finished in Installation." } });
    const other = (
      await (await pm.request("/api/items", { method: "POST", json: { name: "Door decal", category: "Banner", projectId, department: "production" } })).json()
    ).id;
    await floor.request(`/api/items/${other}/start-timer`, { method: "POST" });
    const moved = await (await floor.request(`/api/items/${other}/end-timer`, { method: "POST" })).json();
    expect(moved).toMatchObject({ finalDepartment: false, toast: { title: "Timer Stopped & Advanced", description: "Door decal moved to Installation." } });
  });
});
