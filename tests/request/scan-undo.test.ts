import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { UNDO_ADVANCE_WINDOW_MS, undoChangedMessage, undoNothingMessage, undoTooLateMessage } from "~/domain/timer-words";
import { type Client, type createApp, hooks } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";
import { ageLastStop, ageSession } from "../helpers/timers";

// The QR Timer keeps its scan toggle (a scan stops and advances), and for 30 seconds its answer offers
// 'Undo — keep it in {department}' (docs/product.md, Decisions: The end of a job): the item goes back to the
// department it was stopped in, at its step there, its time kept. With JavaScript the page calls
// POST /api/items/{id}/undo-advance; without, the page is a plain form. The window is checked on the server, with
// an injected clock here; a change to the item since the scan is refused too.

let otto: Client;
let ottoId: number;
let signedOut: Client;
/** In Production; its next department is Quality Control, then Installation (the last). */
let itemId: number;
let lastId: number;

beforeEach(async () => {
  let app: ReturnType<typeof createApp>;
  let memberIds: Record<"otto", number>;
  ({
    app,
    clients: { otto },
    memberIds,
    itemIds: [itemId, lastId],
  } = await seedShop({
    ipBase: "10.62.0",
    members: { otto: { name: "Otto", pin: "2222", keys: ["management"] } },
    ...bakery(["Production", "Quality Control", "Installation"]),
    items: [
      { name: "Fence banner", category: "Banner", department: "production" },
      { name: "Roof sign", category: "Banner", department: "installation" },
    ],
  }));
  ottoId = memberIds.otto;
  signedOut = app.client("10.62.0.99");
});

const row = (id: number) => hooks.getDb().select().from(schema.items).where(eq(schema.items.id, id)).get()!;
const logs = (id: number) => hooks.getDb().select().from(schema.timerLogs).where(eq(schema.timerLogs.itemId, id)).orderBy(schema.timerLogs.id).all();
type ScanAnswer = { ok?: boolean; undo?: { itemId: number; stopId: number; department: string; until: number; finished?: boolean }; message?: string };
const scan = async (c: Client, code: string) => {
  const res = await c.request("/api/scans", { method: "POST", json: { code } });
  return { status: res.status, body: (await res.json()) as ScanAnswer };
};
const undo = async (c: Client, id: number, stopId: unknown) => {
  const res = await c.request(`/api/items/${id}/undo-advance`, { method: "POST", json: { stopId } });
  return { status: res.status, body: (await res.json()) as { message: string; department?: string; toast?: { title: string } } };
};
/** A scan that starts the item, then one that stops and advances it (a minute later, so not a double read). */
async function startThenStop(id: number) {
  // Past the double-read window of a stop before, which may have moved the item here.
  ageLastStop(id);
  expect((await scan(otto, String(id))).status).toBe(200);
  ageSession(id, 60_000);
  const stopped = await scan(otto, String(id));
  expect(stopped.status).toBe(200);
  return stopped.body;
}
const toasts = (page: HtmlPage) =>
  page
    .$$('[role="status"]')
    .filter((el) => !el.closest("nav"))
    .map((el) => [...el.querySelectorAll("p")].map((p) => p.textContent?.trim()).join(" "));

describe("with JavaScript: the scan's answer and POST /api/items/{id}/undo-advance", () => {
  test("a stop that advanced offers the undo; the undo puts the item back at its step, keeps its time, audited", async () => {
    const answer = await startThenStop(itemId);
    const stop = logs(itemId).at(-1)!;
    expect(answer.undo).toEqual({ itemId, stopId: stop.id, department: "Production", until: stop.timestamp.getTime() + UNDO_ADVANCE_WINDOW_MS });
    expect(row(itemId)).toMatchObject({ department: "quality-control", currentStepIndex: 1 });
    const total = row(itemId).totalTimeSeconds;
    expect(total).toBeGreaterThanOrEqual(60);

    const res = await undo(otto, itemId, stop.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      department: "production",
      message: "Fence banner is back in Production; its time is kept.",
      toast: { title: "Scan Undone" },
    });
    expect(row(itemId)).toMatchObject({ department: "production", currentStepIndex: 0, isTimerActive: false, totalTimeSeconds: total });
    // The log keeps the session: its stop row stays, in Production.
    expect(logs(itemId).map((l) => [l.action, l.department])).toEqual([
      ["start", "production"],
      ["stop", "production"],
    ]);
    const audit = hooks
      .getDb()
      .select()
      .from(schema.auditLog)
      .all()
      .filter((a) => a.action === "undo-advance");
    expect(audit.map((a) => [a.entityId, a.actorId, a.before, a.after])).toEqual([
      [String(itemId), ottoId, { department: "quality-control" }, { department: "production", stopId: stop.id }],
    ]);
    // The item's log tells the undone Done from a pause, on its page and in the API.
    const page = await open(otto, `/items/${itemId}`);
    expect(page.$$('section[aria-labelledby="timer-log"] tbody tr').map((tr) => tr.querySelectorAll("td")[1]?.textContent?.trim())).toEqual([
      "Done, then undone — kept in Production",
      "Started",
    ]);
    const api = (await (await otto.request(`/api/items/${itemId}/timer-logs`)).json()) as { outcome: string | null }[];
    expect(api.map((l) => l.outcome)).toEqual([null, "undone"]);
    // Once: the same undo again changes nothing, and says the move was already undone.
    const again = await undo(otto, itemId, stop.id);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe("This move was already undone.");
    expect(row(itemId).department).toBe("production");
  });

  test("an undo already made is refused as such (409), not as a scan that never moved the item, and audited once", async () => {
    await startThenStop(itemId);
    const stop = logs(itemId).at(-1)!;
    expect((await undo(otto, itemId, stop.id)).status).toBe(200);
    const version = row(itemId).version;
    for (let i = 0; i < 2; i++) {
      const again = await undo(otto, itemId, stop.id);
      expect(again).toEqual({ status: 409, body: { message: "This move was already undone." } });
    }
    expect(row(itemId)).toMatchObject({ department: "production", version });
    const undone = hooks
      .getDb()
      .select()
      .from(schema.auditLog)
      .all()
      .filter((a) => a.action === "undo-advance");
    expect(undone).toHaveLength(1);
    // A stop that never moved the item (a Pause) keeps its own sentence.
    expect((await scan(otto, String(lastId))).status).toBe(200);
    expect((await otto.request(`/api/items/${lastId}/pause-timer`, { method: "POST" })).status).toBe(200);
    const lastStop = logs(lastId).at(-1)!;
    expect(await undo(otto, lastId, lastStop.id)).toEqual({ status: 409, body: { message: undoNothingMessage() } });
  });

  test("refused after 30 seconds (the server's clock), and when the item changed since: nothing moves", async () => {
    await startThenStop(itemId);
    const stop = logs(itemId).at(-1)!;
    const actor = { id: ottoId, name: "Otto" };
    const at = stop.timestamp.getTime();
    expect(() => hooks.undoAdvance(itemId, stop.id, actor, at + UNDO_ADVANCE_WINDOW_MS + 1)).toThrow(undoTooLateMessage());
    expect(row(itemId).department).toBe("quality-control");
    // Over HTTP: the stop made 31 seconds ago.
    hooks.getDb().$client.query("UPDATE timer_logs SET timestamp = timestamp - 31000 WHERE id = ?").run(stop.id);
    const late = await undo(otto, itemId, stop.id);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(undoTooLateMessage());
    expect(row(itemId).department).toBe("quality-control");
    // Within the window by the injected clock it would go.
    expect(hooks.undoAdvance(itemId, stop.id, actor, at - 31_000 + UNDO_ADVANCE_WINDOW_MS - 1).department).toBe("production");

    // Started again in its new department before the undo: refused.
    const second = await startThenStop(itemId);
    const secondStop = logs(itemId).at(-1)!;
    expect(second.undo?.stopId).toBe(secondStop.id);
    ageLastStop(itemId);
    expect((await scan(otto, String(itemId))).status).toBe(200);
    const changed = await undo(otto, itemId, secondStop.id);
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(undoChangedMessage());
    expect(row(itemId)).toMatchObject({ department: "quality-control", isTimerActive: true });
  });

  test("bad input 400, another item's stop 404, signed out 401", async () => {
    expect((await undo(otto, lastId, "abc")).status).toBe(400);
    const theirs = await startThenStop(itemId);
    const other = await undo(otto, lastId, theirs.undo!.stopId);
    expect(other.status).toBe(404);
    expect((await undo(signedOut, itemId, theirs.undo!.stopId)).status).toBe(401);
    expect(row(itemId).department).toBe("quality-control");
  });
});

describe("a scan that finished the item (its last department) can be undone too", () => {
  const projectOf = () =>
    hooks
      .getDb()
      .select()
      .from(schema.projects)
      .where(eq(schema.projects.id, row(itemId).projectId))
      .get()!;

  test("the undo keeps the item in its last department, not finished, its time kept; the log and analytics agree", async () => {
    const answer = await startThenStop(lastId);
    const stop = logs(lastId).at(-1)!;
    expect(stop.finished).toBe(true);
    expect(answer.undo).toEqual({
      itemId: lastId,
      stopId: stop.id,
      department: "Installation",
      until: stop.timestamp.getTime() + UNDO_ADVANCE_WINDOW_MS,
      finished: true,
    });
    expect(row(lastId).finishedAt).not.toBeNull();
    const total = row(lastId).totalTimeSeconds;

    const res = await undo(otto, lastId, stop.id);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      department: "installation",
      message: "Roof sign is not finished: it stays in Installation; its time is kept.",
      toast: { title: "Scan Undone" },
    });
    expect(row(lastId)).toMatchObject({ department: "installation", finishedAt: null, finishedBy: null, isTimerActive: false, totalTimeSeconds: total });
    // The stop row stays, finishing nothing now: flow analytics count it as no finished item.
    expect(logs(lastId).map((l) => [l.action, l.department, l.finished])).toEqual([
      ["start", "installation", false],
      ["stop", "installation", false],
    ]);
    const audit = hooks
      .getDb()
      .select()
      .from(schema.auditLog)
      .all()
      .filter((a) => a.action === "undo-advance");
    expect(audit.map((a) => [a.entityId, a.before, a.after])).toEqual([
      [String(lastId), { department: "installation", finished: true }, { department: "installation", stopId: stop.id, finished: false }],
    ]);
    const api = (await (await otto.request(`/api/items/${lastId}/timer-logs`)).json()) as { outcome: string | null }[];
    expect(api.map((l) => l.outcome)).toEqual([null, "undone"]);
    // Not finished: a scan right away starts it again where it is (the same member's scan, no double read).
    const again = await scan(otto, String(lastId));
    expect(again.status).toBe(200);
    expect(row(lastId)).toMatchObject({ isTimerActive: true, department: "installation" });
    expect((await undo(otto, lastId, stop.id)).status).toBe(409);
  });

  test("the project that scan completed is active again", async () => {
    // Fence banner through all three departments, then Roof sign finishes the project.
    for (let i = 0; i < 3; i++) await startThenStop(itemId);
    expect(row(itemId).finishedAt).not.toBeNull();
    const answer = await startThenStop(lastId);
    const installation = () =>
      hooks
        .getDb()
        .$client.query(
          `SELECT s.status, s.percent_complete AS percent FROM project_workflow_steps s
           JOIN project_workflow_instances i ON i.id = s.project_workflow_instance_id WHERE i.project_id = ? AND s.department = 'installation'`,
        )
        .get(projectOf().id);
    expect(projectOf()).toMatchObject({ status: "completed" });
    expect(projectOf().completedAt).not.toBeNull();
    expect(installation()).toEqual({ status: "completed", percent: 100 });
    expect((await undo(otto, lastId, answer.undo!.stopId)).status).toBe(200);
    expect(projectOf()).toMatchObject({ status: "active", completedAt: null });
    // Its last step follows the floor: one of its two items is through Installation.
    expect(installation()).toEqual({ status: "in-progress", percent: 50 });
  });

  test("refused once the item was reopened or finished again since; too late after 30 seconds", async () => {
    const answer = await startThenStop(lastId);
    expect((await otto.request(`/api/items/${lastId}/reopen`, { method: "POST" })).status).toBe(200);
    const changed = await undo(otto, lastId, answer.undo!.stopId);
    expect(changed.status).toBe(409);
    expect(changed.body.message).toBe(undoChangedMessage());

    const second = await startThenStop(lastId);
    hooks.getDb().$client.query("UPDATE timer_logs SET timestamp = timestamp - 31000 WHERE id = ?").run(second.undo!.stopId);
    const late = await undo(otto, lastId, second.undo!.stopId);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(undoTooLateMessage());
    expect(row(lastId).finishedAt).not.toBeNull();
  });
});

/** The QR Timer page as a browser without JavaScript uses it: a scan that starts the item, one a minute later that stops and advances it. */
async function scanInAndOut(id = itemId): Promise<HtmlPage> {
  const scanned = async (page: HtmlPage) =>
    page
      .form({ button: "Process" })
      .fill({ code: String(id) })
      .submit("Process");
  const started = await scanned(await open(otto, "/qr-scanner"));
  ageSession(id, 60_000);
  return scanned(started);
}

describe("without JavaScript: the QR Timer page's Undo form", () => {
  test("after a scan that advanced, the page offers 'Undo — keep it in Production'; pressing it moves the item back", async () => {
    let page = await scanInAndOut();
    expect(toasts(page)).toContain("Timer Stopped & Advanced Fence banner moved to Quality Control.");
    expect(row(itemId).department).toBe("quality-control");
    page = await page.form({ button: "Undo — keep it in Production" }).submit("Undo — keep it in Production");
    expect(page.url.pathname).toBe("/qr-scanner");
    expect(toasts(page)).toContain("Scan Undone Fence banner is back in Production; its time is kept.");
    expect(page.textOf('[data-testid="scan-department"]')).toBe("Production");
    expect(row(itemId)).toMatchObject({ department: "production", isTimerActive: false });
    // Shown once: a reload offers no undo.
    expect((await open(otto, "/qr-scanner")).$('[data-testid="scan-undo"]')).toBeNull();
  });

  test("after a scan that finished the item, the page offers 'Undo — not finished yet'; pressing it unfinishes it", async () => {
    let page = await scanInAndOut(lastId);
    expect(row(lastId).finishedAt).not.toBeNull();
    expect(page.$$('[data-testid="scan-undo"]').map((b) => b.textContent?.trim())).toEqual(["Undo — not finished yet"]);
    page = await page.form({ button: "Undo — not finished yet" }).submit("Undo — not finished yet");
    expect(toasts(page)).toContain("Scan Undone Roof sign is not finished: it stays in Installation; its time is kept.");
    expect(row(lastId)).toMatchObject({ department: "installation", finishedAt: null, isTimerActive: false });
  });

  test("an undo sent too late says why on the page", async () => {
    let page = await scanInAndOut();
    const form = page.form({ button: "Undo — keep it in Production" });
    hooks.getDb().$client.query("UPDATE timer_logs SET timestamp = timestamp - 31000 WHERE item_id = ? AND action = 'stop'").run(itemId);
    page = await form.submit("Undo — keep it in Production");
    expect(page.$$('[role="alert"]').map((el) => el.textContent?.trim())).toContain(undoTooLateMessage());
    expect(row(itemId).department).toBe("quality-control");
  });

  test("the Undo form sent again (the back button, a second tab) says the move was already undone", async () => {
    let page = await scanInAndOut();
    const form = page.form({ button: "Undo — keep it in Production" });
    await form.submit("Undo — keep it in Production");
    expect(row(itemId).department).toBe("production");
    page = await form.submit("Undo — keep it in Production");
    expect(page.$$('[role="alert"]').map((el) => el.textContent?.trim())).toContain("This move was already undone.");
    expect(row(itemId).department).toBe("production");
  });
});
