import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { DOUBLE_SCAN_WINDOW_MS, doubleScanMessage } from "~/domain/timer-words";
import { itemFinishedMessage } from "~/domain/job-end";
import { addMember, createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { ageLastStop, ageSession } from "../helpers/timers";
import { bakery, seedShop } from "../helpers/shop";

const { getDb } = hooks;

// Scans as a real floor makes them: a scanner that reads one label twice, a wedge scanner with Caps Lock on, a
// no-JavaScript form sent with a scan id already used, a scan of an unknown item after a good one.

const MESSAGE = "Already started — scanned twice? Scan again in a few seconds to stop.";

let app: ReturnType<typeof createApp>;
let otto: Client;
let fay: Client;
let itemId: number;
let otherItemId: number;

const logs = (id = itemId) =>
  app.db.$client.query("SELECT action, team_member_id AS memberId, scan_id AS scanId FROM timer_logs WHERE item_id = ? ORDER BY id").all(id) as {
    action: string;
    memberId: number;
    scanId: string | null;
  }[];
const row = (id = itemId) => getDb().select().from(schema.items).where(eq(schema.items.id, id)).get()!;
const age = (ms: number, id = itemId) => ageSession(id, ms);
const scan = (c: Client, code: string, extra: Record<string, unknown> = {}) => c.request("/api/scans", { method: "POST", json: { code, ...extra } });
const form = (c: Client, path: string, fields: Record<string, string>) => c.request(path, { method: "POST", form: fields });
const follow = async (c: Client, res: Response) => {
  expect(res.status).toBe(302);
  return visibleHtml(await c.request(res.headers.get("location")!));
};

beforeEach(async () => {
  ({
    app,
    clients: { otto, fay },
    itemIds: [itemId, otherItemId],
  } = await seedShop({
    ipBase: "10.8.0",
    members: {
      admin: { name: "Ada", pin: "4321", keys: ["management"] },
      otto: { name: "Otto", pin: "2222", keys: ["production"] },
      fay: { name: "Fay", pin: "3333", keys: ["production"] },
    },
    ...bakery(["Production", "Installation"]),
    items: [
      { name: "Fence banner", category: "Banner", department: "production" },
      { name: "Door decal", category: "Banner", department: "production" },
    ],
  }));
});

describe("a label read twice by the same member is not a stop", () => {
  test("the window is 5 seconds and the message is the one shown on every scan path", () => {
    expect(DOUBLE_SCAN_WINDOW_MS).toBe(5000);
    expect(doubleScanMessage()).toBe(MESSAGE);
  });

  test("POST /api/scans: the second read answers 409 with the item still running; nothing changes", async () => {
    expect((await scan(otto, String(itemId))).status).toBe(200);
    const before = row();
    const second = await scan(otto, `http://localhost/qr/${itemId}`);
    expect(second.status).toBe(409);
    const body = await second.json();
    expect(body.message).toBe(MESSAGE);
    expect(body.item).toMatchObject({ id: itemId, running: true, department: "Production" });
    expect(body.toast.description).toBe(MESSAGE);
    expect(row()).toEqual(before);
    expect(logs().map((l) => l.action)).toEqual(["start"]);
    // Past the window the same member's scan stops it and moves it on.
    age(DOUBLE_SCAN_WINDOW_MS + 100);
    const third = await scan(otto, String(itemId));
    expect(third.status).toBe(200);
    expect(await third.json()).toMatchObject({ item: { running: false, department: "Installation" }, toast: { title: "Timer Stopped & Advanced" } });
  });

  test("just inside the window is refused, just outside is a stop", async () => {
    await scan(otto, String(itemId));
    age(DOUBLE_SCAN_WINDOW_MS - 1500);
    expect((await scan(otto, String(itemId))).status).toBe(409);
    age(1600);
    expect((await scan(otto, String(itemId))).status).toBe(200);
    expect(logs().map((l) => l.action)).toEqual(["start", "stop"]);
  });

  test("another member's scan a moment later is a stop (two people, one item)", async () => {
    await scan(otto, String(itemId));
    const res = await scan(fay, String(itemId));
    expect(res.status).toBe(200);
    expect(logs()).toMatchObject([{ action: "start" }, { action: "stop" }]);
  });

  test("a session started through the API or the /qr/ page counts the same; an explicit end-timer is never refused", async () => {
    expect((await otto.request(`/api/items/${itemId}/start-timer`, { method: "POST" })).status).toBe(200);
    expect((await scan(otto, String(itemId))).status).toBe(409);
    const end = await otto.request(`/api/items/${itemId}/end-timer`, { method: "POST" });
    expect(end.status).toBe(200);
    expect((await end.json()).department).toBe("installation");
    expect(logs().map((l) => l.action)).toEqual(["start", "stop"]);
  });

  test("another label read between the two is a read of its own: A, B, A stops A", async () => {
    await scan(otto, String(itemId));
    expect((await scan(otto, String(otherItemId))).status).toBe(200);
    const res = await scan(otto, String(itemId));
    expect(res.status).toBe(200);
    expect(logs().map((l) => l.action)).toEqual(["start", "stop"]);
    expect(row()).toMatchObject({ isTimerActive: false, department: "installation" });
  });

  test("two reads sent at the same moment: one start, one refusal — never start and stop", async () => {
    const answers = await Promise.all([scan(otto, String(itemId)), scan(otto, String(itemId))]);
    expect(answers.map((r) => r.status).sort()).toEqual([200, 409]);
    expect(row().isTimerActive).toBe(true);
    expect(logs().map((l) => l.action)).toEqual(["start"]);
  });

  test("a double read queued offline is recognised by the device's times, however late it is sent", async () => {
    const t = Date.now() - 10 * 60_000;
    expect((await scan(otto, String(itemId), { scanId: "offline-read-01", deviceTime: t })).status).toBe(200);
    const second = await scan(otto, String(itemId), { scanId: "offline-read-02", deviceTime: t + 800 });
    expect(second.status).toBe(409);
    // A scan made 6 s after the start is a stop, sent late or not.
    expect((await scan(otto, String(itemId), { scanId: "offline-read-03", deviceTime: t + 6000 })).status).toBe(200);
    expect(logs().map((l) => [l.action, l.scanId])).toEqual([
      ["start", "offline-read-01"],
      ["stop", "offline-read-03"],
    ]);
  });

  test("replays of one scan id stay idempotent: the start's replay is 'already recorded', not a refusal", async () => {
    await scan(otto, String(itemId), { scanId: "replay-scan-0001" });
    for (let i = 0; i < 3; i++) {
      const again = await scan(otto, String(itemId), { scanId: "replay-scan-0001" });
      expect(again.status).toBe(200);
      expect(await again.json()).toMatchObject({ replayed: true, item: { running: true } });
    }
    // The refused read's id was not used: sent again later, it is the stop.
    expect((await scan(otto, String(itemId), { scanId: "replay-scan-0002" })).status).toBe(409);
    age(DOUBLE_SCAN_WINDOW_MS + 100);
    expect((await scan(otto, String(itemId), { scanId: "replay-scan-0002" })).status).toBe(200);
    expect(logs().map((l) => l.action)).toEqual(["start", "stop"]);
  });

  test("the QR Timer form without JavaScript shows the message and the item, still running", async () => {
    await follow(otto, await form(otto, "/qr-scanner", { code: String(itemId) }));
    const html = await follow(otto, await form(otto, "/qr-scanner", { code: String(itemId) }));
    expect(html).toContain(MESSAGE);
    expect(html).toContain('data-testid="scan-result"');
    expect(html).toContain("Fence banner");
    expect(row().isTimerActive).toBe(true);
    expect(logs().map((l) => l.action)).toEqual(["start"]);
  });

  test("the /qr/{id} page: Stop right after this member's Start is refused; later it stops", async () => {
    await follow(otto, await form(otto, `/qr/${itemId}`, { intent: "start" }));
    const refused = await follow(otto, await form(otto, `/qr/${itemId}`, { intent: "stop" }));
    // A button was pressed, not a label read: said as a double tap.
    expect(refused).toContain("Started moments ago — tapped twice? Press Done again in a few seconds to stop.");
    expect(refused).not.toContain(MESSAGE);
    expect(refused).toContain("Done → Installation");
    expect(row().isTimerActive).toBe(true);
    age(DOUBLE_SCAN_WINDOW_MS + 100);
    const stopped = await follow(otto, await form(otto, `/qr/${itemId}`, { intent: "stop" }));
    expect(stopped).toContain("Timer Stopped &amp; Advanced");
    expect(row()).toMatchObject({ isTimerActive: false, department: "installation" });
  });
});

describe("a label read twice right after the scan that moved the item on is not a start there", () => {
  const ageStop = (ms: number, id = itemId) => ageLastStop(id, ms);
  const moved = async (c: Client) => {
    expect((await scan(c, String(itemId))).status).toBe(200);
    age(DOUBLE_SCAN_WINDOW_MS + 100);
    const stop = await scan(c, String(itemId));
    expect(stop.status).toBe(200);
    expect(row()).toMatchObject({ isTimerActive: false, department: "installation" });
    return (await stop.json()) as { undo: { stopId: number } };
  };

  test("POST /api/scans: the second read answers 409 naming where the item went; nothing starts there", async () => {
    const { undo } = await moved(otto);
    const before = row();
    const second = await scan(otto, String(itemId));
    expect(second.status).toBe(409);
    const body = await second.json();
    expect(body.message).toBe("Just moved to Installation — scanned twice? Scan again in a few seconds to start it there.");
    expect(body.toast).toMatchObject({ title: "Timer Not Started", description: body.message });
    expect(body.item).toMatchObject({ id: itemId, running: false, department: "Installation" });
    expect(row()).toEqual(before);
    expect(logs().map((l) => l.action)).toEqual(["start", "stop"]);
    // The refusal offers the first scan's Undo again (its toast's Undo would otherwise be gone with the new answer).
    expect(body.undo).toEqual(undo);
    // The first scan's Undo is still there to take.
    const undone = await otto.request(`/api/items/${itemId}/undo-advance`, { method: "POST", json: { stopId: undo.stopId } });
    expect(undone.status).toBe(200);
    expect(row()).toMatchObject({ isTimerActive: false, department: "production" });
  });

  test("past the window the same member's scan starts it in its new department; another member's at once", async () => {
    await moved(otto);
    expect((await scan(fay, String(itemId))).status).toBe(200);
    expect(row()).toMatchObject({ isTimerActive: true, department: "installation" });
    // Otto's own read, later, after Fay's start: that is Fay's session, a stop by another member.
    age(DOUBLE_SCAN_WINDOW_MS + 100);
    expect((await scan(otto, String(itemId))).status).toBe(200);
    expect(logs().map((l) => l.action)).toEqual(["start", "stop", "start", "stop"]);
  });

  test("just inside the window is refused, just outside is a start", async () => {
    await moved(otto);
    ageStop(DOUBLE_SCAN_WINDOW_MS - 1500);
    expect((await scan(otto, String(itemId))).status).toBe(409);
    ageStop(1600);
    const res = await scan(otto, String(itemId));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ toast: { title: "Timer Started" }, item: { running: true, department: "Installation" } });
  });

  test("another label read between the two is a read of its own: A moved, B, A starts A where it went", async () => {
    await moved(otto);
    // Another member's read in between does not count: only the member's own reads.
    expect((await scan(fay, String(otherItemId))).status).toBe(200);
    expect((await scan(otto, String(itemId))).status).toBe(409);
    expect((await scan(otto, String(otherItemId))).status).toBe(200);
    const res = await scan(otto, String(itemId));
    expect(res.status).toBe(200);
    expect(row()).toMatchObject({ isTimerActive: true, department: "installation" });
    expect(logs().map((l) => l.action)).toEqual(["start", "stop", "start"]);
  });

  test("a Pause is no move: a scan right after it resumes the timer where it is", async () => {
    expect((await scan(otto, String(itemId))).status).toBe(200);
    expect((await otto.request(`/api/items/${itemId}/pause-timer`, { method: "POST" })).status).toBe(200);
    const res = await scan(otto, String(itemId));
    expect(res.status).toBe(200);
    expect(row()).toMatchObject({ isTimerActive: true, department: "production" });
  });

  test("an explicit start-timer right after the scan's move is never refused", async () => {
    await moved(otto);
    expect((await otto.request(`/api/items/${itemId}/start-timer`, { method: "POST" })).status).toBe(200);
    expect(row()).toMatchObject({ isTimerActive: true, department: "installation" });
  });

  test("the /qr/{id} page: Start right after this member's Done is refused as a double tap; later it starts", async () => {
    await follow(otto, await form(otto, `/qr/${itemId}`, { intent: "start" }));
    age(DOUBLE_SCAN_WINDOW_MS + 100);
    await follow(otto, await form(otto, `/qr/${itemId}`, { intent: "stop" }));
    expect(row()).toMatchObject({ isTimerActive: false, department: "installation" });
    const refused = await follow(otto, await form(otto, `/qr/${itemId}`, { intent: "start" }));
    expect(refused).toContain("Moved to Installation moments ago — tapped twice? Press Start again in a few seconds to start it there.");
    expect(row().isTimerActive).toBe(false);
    ageStop(DOUBLE_SCAN_WINDOW_MS + 100);
    const started = await follow(otto, await form(otto, `/qr/${itemId}`, { intent: "start" }));
    expect(started).toContain("Timer Started");
    expect(row()).toMatchObject({ isTimerActive: true, department: "installation" });
  });

  test("the QR Timer form without JavaScript: the second read shows the message, the item not started", async () => {
    await follow(otto, await form(otto, "/qr-scanner", { code: String(itemId) }));
    age(DOUBLE_SCAN_WINDOW_MS + 100);
    await follow(otto, await form(otto, "/qr-scanner", { code: String(itemId) }));
    const html = await follow(otto, await form(otto, "/qr-scanner", { code: String(itemId) }));
    expect(html).toContain("Just moved to Installation — scanned twice? Scan again in a few seconds to start it there.");
    expect(row()).toMatchObject({ isTimerActive: false, department: "installation" });
    // The first read's Undo is still on the page.
    expect(html).toContain("Undo — keep it in Production");
  });
});

describe("a label read twice right after the scan that finished the item", () => {
  const finished = async () => {
    expect((await scan(otto, String(itemId))).status).toBe(200);
    age(DOUBLE_SCAN_WINDOW_MS + 100);
    expect((await scan(otto, String(itemId))).status).toBe(200);
    ageLastStop(itemId, DOUBLE_SCAN_WINDOW_MS + 100);
    expect((await scan(otto, String(itemId))).status).toBe(200);
    age(DOUBLE_SCAN_WINDOW_MS + 100);
    const stop = await scan(otto, String(itemId));
    expect(await stop.json()).toMatchObject({ toast: { title: "Final Department" }, undo: { finished: true } });
    expect(row().finishedAt).not.toBeNull();
    return logs().length;
  };

  test("is a double read with the first scan's Undo, not 'reopen it first'; later, or another member's, is 'finished'", async () => {
    const count = await finished();
    const second = await scan(otto, String(itemId));
    expect(second.status).toBe(409);
    const body = await second.json();
    expect(body.message).toBe("Finished moments ago — scanned twice? Nothing changed: it stays finished.");
    expect(body.toast).toMatchObject({ title: "Timer Not Started", description: body.message });
    expect(body.undo).toMatchObject({ itemId, department: "Installation", finished: true });
    expect(logs().length).toBe(count);
    // Another member's scan is no double read of Otto's: the item is finished.
    expect((await (await scan(fay, String(itemId))).json()).message).toBe(`${itemFinishedMessage()} Ask someone who can change projects to reopen it.`);
    // Past the window Otto's own scan is told the same.
    ageLastStop(itemId, DOUBLE_SCAN_WINDOW_MS + 100);
    const later = await (await scan(otto, String(itemId))).json();
    expect(later.message).toBe(`${itemFinishedMessage()} Ask someone who can change projects to reopen it.`);
    expect(later.undo).toBeUndefined();
    // The Undo offered with the double read takes the finish back.
    expect((await otto.request(`/api/items/${itemId}/undo-advance`, { method: "POST", json: { stopId: body.undo.stopId } })).status).toBe(200);
    expect(row().finishedAt).toBeNull();
  });

  test("without JavaScript the QR Timer page shows the message and still offers 'Undo — not finished yet'", async () => {
    await finished();
    const html = await follow(otto, await form(otto, "/qr-scanner", { code: String(itemId) }));
    expect(html).toContain("Finished moments ago — scanned twice? Nothing changed: it stays finished.");
    expect(html).toContain("Undo — not finished yet");
  });
});

describe("labels read in capitals (Caps Lock on a wedge scanner)", () => {
  test("POST /api/scans and the no-JavaScript form take HTTP://HOST/QR/5 as this shop's label", async () => {
    const res = await scan(otto, `HTTP://LOCALHOST/QR/${itemId}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true, item: { id: itemId, running: true } });
    const html = await follow(otto, await form(otto, "/qr-scanner", { code: `Http://LocalHost/Qr/${otherItemId}` }));
    expect(html).toContain("Timer Started");
    expect(row(otherItemId).isTimerActive).toBe(true);
  });

  test("with PUBLIC_URL set, its label in capitals too", async () => {
    app = createApp({ PUBLIC_URL: "https://shop.example" });
    addMember("Ada", "4321", ["management"]);
    // A fresh database: the item of beforeEach is gone; make one.
    const a = app.client("10.8.0.1");
    await a.signIn("4321");
    await a.request("/api/departments", { method: "POST", json: { name: "Production" } });
    await a.request("/api/categories", { method: "POST", json: { name: "X", departmentSequence: ["production"] } });
    const wf = await (await a.request("/api/workflows", { method: "POST", json: { name: "W", departmentSequence: ["production"] } })).json();
    const projectId = (await (await a.request("/api/projects", { method: "POST", json: { name: "P", description: "d", workflowId: wf.id } })).json()).id;
    const created = await a.request("/api/items", { method: "POST", json: { name: "Caps", category: "X", projectId } });
    expect(created.status).toBe(201);
    const id = (await created.json()).id;
    const res = await scan(a, `HTTPS://SHOP.EXAMPLE/QR/${id}`);
    expect(res.status).toBe(200);
    expect(row(id).isTimerActive).toBe(true);
  });

  test("the phone's page answers /QR/{id} as /qr/{id}", async () => {
    const res = await otto.request(`/QR/${itemId}`);
    expect(res.status).toBe(200);
    expect(await visibleHtml(res)).toContain("Fence banner");
  });
});

describe("the QR Timer form without JavaScript", () => {
  test("a scan id already used for another item shows the 409 message on the page, not a 500", async () => {
    const page = await (await otto.request("/qr-scanner")).text();
    const scanId = /name="scanId" value="([^"]+)"/.exec(page)![1]!;
    await follow(otto, await form(otto, "/qr-scanner", { code: String(itemId), scanId }));
    const res = await form(otto, "/qr-scanner", { code: String(otherItemId), scanId });
    const html = await follow(otto, res);
    expect(html).toContain("This scan id was already used for another item.");
    expect(row(otherItemId).isTimerActive).toBe(false);
    // The card of the earlier item is not shown as if it were this scan's.
    expect(html).not.toContain('data-testid="scan-result"');
    // /api/scans answers the same refusal with 409.
    const api = await scan(otto, String(otherItemId), { scanId });
    expect(api.status).toBe(409);
    expect((await api.json()).message).toBe("This scan id was already used for another item.");
  });

  test("after 'Item not found' the previous item's card is gone", async () => {
    const ok = await follow(otto, await form(otto, "/qr-scanner", { code: String(itemId) }));
    expect(ok).toContain('data-testid="scan-result"');
    const missing = await follow(otto, await form(otto, "/qr-scanner", { code: "987654" }));
    expect(missing).toContain("Item not found. Please check the QR code or item ID and try again.");
    expect(missing).not.toContain('data-testid="scan-result"');
    expect(missing).not.toContain("Fence banner");
    for (const code of ["   ", '{"name":"x"}']) {
      await follow(otto, await form(otto, "/qr-scanner", { code: String(otherItemId) }));
      expect(await follow(otto, await form(otto, "/qr-scanner", { code }))).not.toContain('data-testid="scan-result"');
    }
  });
});
