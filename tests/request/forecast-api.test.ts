import { beforeEach, expect, test } from "bun:test";
import { noonDaysFrom } from "~/domain/dates";
import { zoneDate } from "~/domain/dates";
import type { Client } from "../helpers/app";
import { bakery, seedShop } from "../helpers/shop";

// GET /api/projects/{id}/forecast (docs/decisions/0038-finish-date-forecast.md): permission as GET /api/projects/{id},
// JSON errors, and what it says about a late project, one held by a department without capacity, and one with
// nothing left to do.

const TZ = "America/Chicago";
let admin: Client;
let viewer: Client;
let signedOut: Client;
let projectId: number;
let emptyProjectId: number;

beforeEach(async () => {
  const shop = await seedShop({
    env: { SHOP_TIMEZONE: TZ },
    ipBase: "10.38.0",
    members: {
      admin: { name: "Ada", pin: "4321", keys: ["management"] },
      viewer: { name: "Vic", pin: "7777", keys: [] },
      out: { name: "Otto", pin: "2222", keys: ["production"], signIn: false },
    },
    ...bakery(["Production", "Installation"]),
    projects: [{ name: "Bakery" }, { name: "Empty" }],
    items: [{ name: "Sign", category: "Banner", department: "production" }],
  });
  ({ admin, viewer, out: signedOut } = shop.clients);
  [projectId, emptyProjectId] = shop.projectIds as [number, number];
});

const dueDaysFromNow = async (days: number) => {
  const endDate = zoneDate(noonDaysFrom(Date.now(), days, TZ), TZ);
  const res = await admin.request(`/api/projects/${projectId}`, { method: "PATCH", json: { endDate } });
  expect(res.status).toBe(200);
  return endDate;
};

test("a project due weeks ago is at risk: its finish, the working days after the due date, and what holds it up", async () => {
  const due = await dueDaysFromNow(-30);
  const res = await viewer.request(`/api/projects/${projectId}/forecast`);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ projectId, openItems: 1, dueDate: due, relation: "after", atRisk: true, reason: null });
  expect(body.workingDays).toBeGreaterThanOrEqual(19);
  expect(new Date(body.expectedFinish).getTime()).toBeGreaterThan(Date.now());
  expect(body.text).toMatch(new RegExp(`^Expected to finish \\w{3}, \\w{3} \\d{1,2} — ${body.workingDays} working days after the due date$`));
  // Nothing waits ahead of it: what holds it up is where most of its work is (the first of two equal hours).
  expect(body.heldUpBy).toEqual({
    department: "production",
    name: "Production",
    waitWorkingSeconds: 0,
    text: "No queue ahead; most of the work left is in Production",
  });
  expect(body.items).toHaveLength(1);
  expect(body.items[0].steps.map((s: { department: string }) => s.department)).toEqual(["production", "installation"]);
  expect(body.items[0].steps[0].handsOnSeconds).toBe(3600);
});

test("a department without capacity: the finish is unknown and says why", async () => {
  const departments = (await (await admin.request("/api/departments")).json()) as { id: number; value: string }[];
  const installation = departments.find((d) => d.value === "installation")!;
  const patched = await admin.request(`/api/departments/${installation.id}`, { method: "PATCH", json: { capacityPeople: 0 } });
  expect(patched.status).toBe(200);
  const body = await (await viewer.request(`/api/projects/${projectId}/forecast`)).json();
  expect(body).toMatchObject({
    expectedFinish: null,
    reason: "Installation has no capacity set",
    text: "Expected finish unknown — Installation has no capacity set",
  });
  expect(JSON.stringify(body)).not.toMatch(/Infinity|NaN/);
});

test("a project with nothing left to do, an unknown project, a bad id, and no session", async () => {
  const empty = await viewer.request(`/api/projects/${emptyProjectId}/forecast`);
  expect(empty.status).toBe(200);
  expect(await empty.json()).toMatchObject({ openItems: 0, expectedFinish: null, items: [] });
  const missing = await viewer.request("/api/projects/999999/forecast");
  expect(missing.status).toBe(404);
  expect(await missing.json()).toEqual({ message: "Project not found" });
  expect((await viewer.request("/api/projects/abc/forecast")).status).toBe(404);
  const out = await signedOut.request(`/api/projects/${projectId}/forecast`);
  expect(out.status).toBe(401);
  expect((await out.json()).message).toBeTruthy();
  const post = await viewer.request(`/api/projects/${projectId}/forecast`, { method: "POST", json: {} });
  expect(post.status).toBe(405);
});
