import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { type Client, countStatements, type createApp, hooks, visibleHtml } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { seedShop } from "../helpers/shop";

// Pause or done (docs/product.md, Decisions: The end of a job; decision 0048): wherever a running timer has a stop
// button there are two, 'Done → {next department}' (stop and advance; 'Done — finish item' in the last department)
// and Pause (the timer stops, the item stays, the session's seconds are kept), and POST /api/items/{id}/pause-timer.
// Work lists say 'This session' and 'Total', and who started each running item. The screens are used here as a
// browser without JavaScript does (their real forms), and the work list's fetcher as JavaScript sends it.

const SEQUENCE = ["production", "quality-control", "installation"];

let app: ReturnType<typeof createApp>;
let ada: Client;
let quinn: Client;
let signedOut: Client;
let quinnId: number;
let projectId: number;

beforeEach(async () => {
  let memberIds: Record<"ada" | "quinn", number>;
  ({
    app,
    clients: { ada, quinn },
    memberIds,
    projectIds: [projectId],
  } = await seedShop({
    ipBase: "10.61.0",
    members: {
      ada: { name: "Ada", pin: "4321", keys: ["management"] },
      // No key at all: any signed-in member stops, and so pauses, timers.
      quinn: { name: "Quinn", pin: "5678", keys: [] },
    },
    departments: ["Production", "Quality Control", "Installation"],
    categories: [{ name: "Banner", departmentSequence: SEQUENCE }],
    workflow: { name: "W", departmentSequence: SEQUENCE },
    projects: [{ name: "Lobby Job" }],
  }));
  quinnId = memberIds.quinn;
  signedOut = app.client("10.61.0.99");
});

async function addItem(name: string, department: string): Promise<number> {
  const res = await ada.request("/api/items", { method: "POST", json: { name, category: "Banner", projectId, department } });
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: number }).id;
}
const row = (id: number) => hooks.getDb().select().from(schema.items).where(eq(schema.items.id, id)).get()!;
const logs = (id: number) => hooks.getDb().select().from(schema.timerLogs).where(eq(schema.timerLogs.itemId, id)).orderBy(schema.timerLogs.id).all();
const audits = (id: number) =>
  hooks
    .getDb()
    .select()
    .from(schema.auditLog)
    .all()
    .filter((a) => a.entity === "item" && a.entityId === String(id));
/** The running session began `seconds` ago (its start log row with it). */
function startedAgo(id: number, seconds: number) {
  const at = Date.now() - seconds * 1000;
  hooks.getDb().$client.query("UPDATE items SET current_session_start = ? WHERE id = ?").run(at, id);
  hooks.getDb().$client.query("UPDATE timer_logs SET timestamp = ? WHERE item_id = ? AND action = 'start'").run(at, id);
}
const toasts = (page: HtmlPage) =>
  page
    .$$('[role="status"]')
    .filter((el) => !el.closest("nav"))
    .map((el) => [...el.querySelectorAll("p")].map((p) => p.textContent?.trim()).join(" "));

describe("POST /api/items/{id}/pause-timer", () => {
  test("the timer stops, the item stays in its department and step, the session's seconds are kept; a stop row, audited 'pause-timer'", async () => {
    const id = await addItem("Fence banner", "quality-control");
    expect((await quinn.request(`/api/items/${id}/start-timer`, { method: "POST" })).status).toBe(200);
    startedAgo(id, 600);
    const before = row(id);
    const res = await quinn.request(`/api/items/${id}/pause-timer`, { method: "POST" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      id,
      isTimerActive: false,
      department: "quality-control",
      previousDepartment: "quality-control",
      paused: true,
      message: "Fence banner stays in Quality Control.",
      toast: { title: "Timer Paused", description: "Fence banner stays in Quality Control." },
    });
    expect(body.sessionDurationSeconds).toBeGreaterThanOrEqual(600);
    const after = row(id);
    expect(after).toMatchObject({ isTimerActive: false, currentSessionStart: null, department: "quality-control", currentStepIndex: before.currentStepIndex });
    expect(after.totalTimeSeconds).toBe(body.sessionDurationSeconds as number);
    // The same stop row a stop writes, in its own department, not finishing it: analytics need nothing new.
    expect(logs(id).map((l) => [l.action, l.department, l.teamMemberId, l.finished])).toEqual([
      ["start", "quality-control", quinnId, false],
      ["stop", "quality-control", quinnId, false],
    ]);
    expect(logs(id)[1]!.sessionDurationSeconds).toBe(body.sessionDurationSeconds as number);
    expect(audits(id).map((a) => [a.action, a.actorName])).toContainEqual(["pause-timer", "Quinn"]);

    // Started again in the same department, then Done: the seconds add up and it moves on.
    expect((await quinn.request(`/api/items/${id}/start-timer`, { method: "POST" })).status).toBe(200);
    startedAgo(id, 60);
    expect((await quinn.request(`/api/items/${id}/end-timer`, { method: "POST" })).status).toBe(200);
    expect(row(id).department).toBe("installation");
    expect(row(id).totalTimeSeconds).toBeGreaterThanOrEqual(660);
  });

  test("refusals: 409 when not running, 404 for no item, 401 signed out, 405 for GET; nothing changes", async () => {
    const id = await addItem("Door decal", "production");
    const idle = await quinn.request(`/api/items/${id}/pause-timer`, { method: "POST" });
    expect(idle.status).toBe(409);
    expect(((await idle.json()) as { message: string }).message).toBe("This item's timer is not running. Start it before stopping it.");
    expect((await quinn.request("/api/items/999999/pause-timer", { method: "POST" })).status).toBe(404);
    expect((await quinn.request(`/api/items/${id}/start-timer`, { method: "POST" })).status).toBe(200);
    const out = await signedOut.request(`/api/items/${id}/pause-timer`, { method: "POST" });
    expect(out.status).toBe(401);
    expect((await quinn.request(`/api/items/${id}/pause-timer`)).status).toBe(405);
    expect(row(id).isTimerActive).toBe(true);
    expect(logs(id).map((l) => l.action)).toEqual(["start"]);
  });
});

describe("a work list's Done and Pause", () => {
  test("without JavaScript: Pause keeps the item on the list (waiting, its time kept), Done moves it on; both said once by a toast", async () => {
    const id = await addItem("Lobby Banner", "quality-control");
    let page = await open(quinn, "/work/quality-control");
    page = await page.form({ button: "Start Lobby Banner" }).submit("Start Lobby Banner");
    startedAgo(id, 120);
    page = await open(quinn, "/work/quality-control");
    // Two buttons: where Done sends it, and Pause; Stop is gone.
    expect(page.$(`[data-testid="work-${id}-done"]`)?.textContent).toContain("Done → Installation");
    expect(page.$(`[data-testid="work-${id}-pause"]`)?.textContent).toContain("Pause");
    expect(page.text()).not.toMatch(/\bStop Lobby Banner\b/);

    page = await page.form({ button: "Pause Lobby Banner" }).submit("Pause Lobby Banner");
    expect(page.url.pathname).toBe("/work/quality-control");
    expect(toasts(page)).toContain("Timer Paused Lobby Banner stays in Quality Control.");
    expect(page.$(`[data-testid="work-item-${id}"]`)).not.toBeNull();
    expect(page.form({ button: "Start Lobby Banner" })).toBeDefined();
    expect(row(id)).toMatchObject({ isTimerActive: false, department: "quality-control" });
    expect(row(id).totalTimeSeconds).toBeGreaterThanOrEqual(120);
    // Said once: a reload does not say it again.
    expect(toasts(await open(quinn, "/work/quality-control"))).toEqual([]);

    page = await page.form({ button: "Start Lobby Banner" }).submit("Start Lobby Banner");
    startedAgo(id, 60);
    page = await page.form({ button: "Done → Installation Lobby Banner" }).submit("Done → Installation Lobby Banner");
    expect(toasts(page)).toContain("Timer Stopped & Advanced Lobby Banner moved to Installation.");
    expect(page.$(`[data-testid="work-item-${id}"]`)).toBeNull();
    expect(row(id).department).toBe("installation");

    // In the last department, Done says it finishes the item.
    page = await open(quinn, "/work/installation");
    page = await page.form({ button: "Start Lobby Banner" }).submit("Start Lobby Banner");
    expect(page.$(`[data-testid="work-${id}-done"]`)?.textContent).toContain("Done — finish item");
  });

  test("with JavaScript: the fetcher's Pause is answered with its toast and no redirect; a pause of a stopped item is refused", async () => {
    const id = await addItem("Lobby Banner", "quality-control");
    expect((await quinn.request(`/api/items/${id}/start-timer`, { method: "POST" })).status).toBe(200);
    const res = await quinn.request("/work/quality-control.data", { method: "POST", form: { intent: "pause", itemId: String(id), js: "1" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("location")).toBeNull();
    const body = await res.text();
    expect(body).toContain("Timer Paused");
    expect(body).toContain("Lobby Banner stays in Quality Control.");
    expect(row(id)).toMatchObject({ isTimerActive: false, department: "quality-control" });
    const again = await quinn.request("/work/quality-control.data", { method: "POST", form: { intent: "pause", itemId: String(id), js: "1" } });
    expect(again.status).toBe(409);
    expect(await again.text()).toContain("Failed to pause timer");
  });

  test("a running row reads 'This session' and 'Total' beside it, and who started it, in a fixed number of statements", async () => {
    const ids: number[] = [];
    for (const name of ["Panel A", "Panel B", "Panel C"]) ids.push(await addItem(name, "quality-control"));
    expect((await quinn.request(`/api/items/${ids[0]}/start-timer`, { method: "POST" })).status).toBe(200);
    // 1 h 47 min 5 s worked before; this session began 12 min 3 s ago: the total is 1 h 59 min 8 s.
    hooks.getDb().$client.query("UPDATE items SET total_time_seconds = ? WHERE id = ?").run(6425, ids[0]!);
    startedAgo(ids[0]!, 723);
    const html = await visibleHtml(await ada.request("/work/quality-control"));
    const time = html.slice(html.indexOf(`data-testid="work-time-${ids[0]}"`));
    // The render follows the request by a moment: the second may just have turned.
    expect(time).toMatch(/^[\s\S]*?This session<\/span> <span[^>]*>00:12:0[34]<\/span>[\s\S]*?Total<\/span> <span[^>]*>01:59:0[89]</);
    expect(html).toMatch(/Running now[\s\S]*Panel A[\s\S]*by Quinn/);

    const count = async () => {
      await ada.request("/work/quality-control");
      return countStatements(async () => void (await (await ada.request("/work/quality-control")).arrayBuffer()));
    };
    const one = await count();
    for (const id of ids.slice(1)) expect((await ada.request(`/api/items/${id}/start-timer`, { method: "POST" })).status).toBe(200);
    expect(await count()).toBe(one);
    expect(await visibleHtml(await ada.request("/work/quality-control"))).toMatch(/Panel B[\s\S]*by Ada/);
  });
});

describe("the item page and /qr/{id} without JavaScript", () => {
  test("the item page: Done and Pause while running; Pause keeps it, Done moves it on", async () => {
    const id = await addItem("Roof sign", "production");
    expect((await quinn.request(`/api/items/${id}/start-timer`, { method: "POST" })).status).toBe(200);
    startedAgo(id, 90);
    let page = await open(quinn, `/items/${id}`);
    expect(page.$('[data-testid="item-timer-done"]')?.textContent).toContain("Done → Quality Control");
    page = await page.form({ button: "Pause" }).submit("Pause");
    expect(page.url.pathname).toBe(`/items/${id}`);
    expect(toasts(page)).toContain("Timer Paused Roof sign stays in Production.");
    expect(row(id)).toMatchObject({ isTimerActive: false, department: "production" });
    expect(row(id).totalTimeSeconds).toBeGreaterThanOrEqual(90);
    // Stopped: no Done or Pause on the page.
    expect(page.$('[data-testid="item-timer-pause"]')).toBeNull();

    expect((await quinn.request(`/api/items/${id}/start-timer`, { method: "POST" })).status).toBe(200);
    page = await open(quinn, `/items/${id}`);
    page = await page.form({ button: "Done → Quality Control" }).submit("Done → Quality Control");
    expect(toasts(page)).toContain("Timer Stopped & Advanced Roof sign moved to Quality Control.");
    expect(row(id).department).toBe("quality-control");
    // A stale page's Pause (the timer is no longer running) says so.
    const stale = await quinn.request(`/items/${id}`, { method: "POST", form: { intent: "pause" } });
    expect(stale.status).toBe(302);
    expect(await visibleHtml(await quinn.request(stale.headers.get("location")!))).toContain("Failed to pause timer");
  });

  test("the item page's Timer Log tells a Pause from a Done, and where the Done moved the item, in a fixed number of statements", async () => {
    const id = await addItem("Pylon sign", "production");
    const timer = async (action: "start-timer" | "pause-timer" | "end-timer") =>
      expect((await quinn.request(`/api/items/${id}/${action}`, { method: "POST" })).status).toBe(200);
    /** The log's Action and Department columns, newest first, as the page without JavaScript draws them. */
    const logRows = async () =>
      (await open(ada, `/items/${id}`))
        .$$('section[aria-labelledby="timer-log"] tbody tr')
        .map((tr) => [...tr.querySelectorAll("td")].slice(1, 3).map((td) => td.textContent?.trim()));
    await timer("start-timer");
    await timer("pause-timer");
    await timer("start-timer");
    await timer("end-timer");
    // The newest stop is read against where the item is now.
    expect(await logRows()).toEqual([
      ["Done → Quality Control", "Production"],
      ["Started", "Production"],
      ["Paused", "Production"],
      ["Started", "Production"],
    ]);
    const statements = async () => {
      await ada.request(`/items/${id}`);
      return countStatements(async () => void (await (await ada.request(`/items/${id}`)).arrayBuffer()));
    };
    const before = await statements();
    await timer("start-timer");
    await timer("pause-timer");
    await timer("start-timer");
    await timer("end-timer");
    await timer("start-timer");
    await timer("end-timer");
    expect(await statements()).toBe(before);
    expect((await logRows()).slice(0, 6)).toEqual([
      ["Done — item finished", "Installation"],
      ["Started", "Installation"],
      ["Done → Installation", "Quality Control"],
      ["Started", "Quality Control"],
      ["Paused", "Quality Control"],
      ["Started", "Quality Control"],
    ]);

    // Paused, then moved by hand past the next department: whether that stop moved the item cannot be told.
    const moved = await addItem("Moved by hand", "production");
    expect((await quinn.request(`/api/items/${moved}/start-timer`, { method: "POST" })).status).toBe(200);
    expect((await quinn.request(`/api/items/${moved}/pause-timer`, { method: "POST" })).status).toBe(200);
    expect((await ada.request(`/api/items/${moved}`, { method: "PATCH", json: { department: "installation" } })).status).toBe(200);
    const page = await open(ada, `/items/${moved}`);
    expect(page.$$('section[aria-labelledby="timer-log"] tbody tr').map((tr) => tr.querySelectorAll("td")[1]?.textContent?.trim())).toEqual([
      "Stopped",
      "Started",
    ]);
  });

  test("GET /api/items/{id}/timer-logs says what each stop did, across its pages, as the item page does", async () => {
    const id = await addItem("Api sign", "production");
    const timer = async (action: "start-timer" | "pause-timer" | "end-timer") =>
      expect((await quinn.request(`/api/items/${id}/${action}`, { method: "POST" })).status).toBe(200);
    for (const action of ["start-timer", "pause-timer", "start-timer", "end-timer", "start-timer", "end-timer", "start-timer", "end-timer"] as const)
      await timer(action);
    type Row = { action: string; department: string; outcome: string | null };
    const all = (await (await ada.request(`/api/items/${id}/timer-logs`)).json()) as Row[];
    expect(all.map((r) => [r.action, r.department, r.outcome])).toEqual([
      ["start", "production", null],
      ["stop", "production", "paused"],
      ["start", "production", null],
      ["stop", "production", "advanced"],
      ["start", "quality-control", null],
      ["stop", "quality-control", "advanced"],
      ["start", "installation", null],
      ["stop", "installation", "finished"],
    ]);
    // A page that ends on a stop reads the row after it, so paging does not change what a stop did.
    const paged: Row[] = [];
    for (let offset = 0; offset < all.length; offset += 2)
      paged.push(...((await (await ada.request(`/api/items/${id}/timer-logs?limit=2&offset=${offset}`)).json()) as Row[]));
    expect(paged.map((r) => r.outcome)).toEqual(all.map((r) => r.outcome));
    // The newest stop of an item moved by hand since its pause: no longer knowable.
    const moved = await addItem("Moved by hand api", "production");
    expect((await quinn.request(`/api/items/${moved}/start-timer`, { method: "POST" })).status).toBe(200);
    expect((await quinn.request(`/api/items/${moved}/pause-timer`, { method: "POST" })).status).toBe(200);
    const paused = (await (await ada.request(`/api/items/${moved}/timer-logs`)).json()) as Row[];
    expect(paused.at(-1)?.outcome).toBe("paused");
    expect((await ada.request(`/api/items/${moved}`, { method: "PATCH", json: { department: "installation" } })).status).toBe(200);
    const after = (await (await ada.request(`/api/items/${moved}/timer-logs`)).json()) as Row[];
    expect(after.at(-1)?.outcome).toBe("stopped");
  });

  test("/qr/{id}: Pause keeps the item; Done in the last department says 'Done — finish item'", async () => {
    const id = await addItem("Window vinyl", "installation");
    let page = await open(quinn, `/qr/${id}`);
    page = await page.form({ button: "Start Timer" }).submit("Start Timer");
    expect(page.$('[data-testid="qr-timer-done"]')?.textContent).toContain("Done — finish item");
    page = await page.form({ button: "Pause" }).submit("Pause");
    expect(page.url.pathname).toBe(`/qr/${id}`);
    expect(toasts(page)).toContain("Timer Paused Window vinyl stays in Installation.");
    expect(row(id)).toMatchObject({ isTimerActive: false, department: "installation" });
    expect(logs(id).map((l) => l.action)).toEqual(["start", "stop"]);
    // Signed out, the form asks for the PIN first and changes nothing.
    const out = await signedOut.request(`/qr/${id}`, { method: "POST", form: { intent: "pause" } });
    expect(out.status).toBe(302);
    expect(out.headers.get("location")).toContain("/login");
  });
});
