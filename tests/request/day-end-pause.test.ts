import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { type Client, countStatements, type createApp, hooks, visibleHtml } from "../helpers/app";
import { open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";

// Forgotten timers stop at the end of the day (docs/product.md, Decisions: The end of a job; decision 0048): a timer
// still running an hour after the shop's hours end is paused at the day's end (its session counts until then, not
// through the night), audited 'Paused at the end of the working day', and Home tells the member who started it
// after their next sign-in. Global Settings → Capacity and calendar turns it off. The pass takes its clock as a
// parameter: nothing here waits.

const HOUR = 3_600_000;
// The shop's zone is America/Chicago (UTC-6 in November) and its calendar the default: 8:00 for 8 hours.
/** Wednesday 2026-11-18, 14:00 in the shop (20:00 UTC); its day ends at 16:00 there (22:00 UTC). */
const WED_2PM = Date.UTC(2026, 10, 18, 20, 0, 0);
const WED_END = Date.UTC(2026, 10, 18, 22, 0, 0);

let app: ReturnType<typeof createApp>;
let ada: Client;
let quinn: Client;
let quinnId: number;
let itemIds: number[];

beforeEach(async () => {
  let memberIds: Record<"ada" | "quinn", number>;
  ({
    app,
    clients: { ada, quinn },
    memberIds,
    itemIds,
  } = await seedShop({
    ipBase: "10.63.0",
    env: { SHOP_TIMEZONE: "America/Chicago" },
    members: {
      ada: { name: "Ada", pin: "4321", keys: ["management"] },
      quinn: { name: "Quinn", pin: "5678", keys: ["production"] },
    },
    ...bakery(["Production", "Installation"]),
    items: [
      { name: "Fence banner", category: "Banner", department: "production" },
      { name: "Door decal", category: "Banner", department: "production" },
      { name: "Roof sign", category: "Banner", department: "production" },
    ],
  }));
  quinnId = memberIds.quinn;
});

const row = (id: number) => hooks.getDb().select().from(schema.items).where(eq(schema.items.id, id)).get()!;
const logs = (id: number) => hooks.getDb().select().from(schema.timerLogs).where(eq(schema.timerLogs.itemId, id)).orderBy(schema.timerLogs.id).all();
const quinnActor = () => ({ id: quinnId, name: "Quinn" });

describe("the end-of-day pass", () => {
  test("an hour after the day's end a running timer is paused at the end: the session counts until then, the item stays", async () => {
    const [id] = itemIds;
    hooks.startTimer(id!, quinnActor(), WED_2PM);
    // 16:59:59: not yet an hour after the day ended.
    expect(hooks.pauseTimersAtDayEnd(WED_END + HOUR - 1000)).toEqual([]);
    expect(row(id!).isTimerActive).toBe(true);

    const paused = hooks.pauseTimersAtDayEnd(WED_END + HOUR);
    expect(paused).toEqual([{ id: id!, name: "Fence banner", department: "production", pausedAt: WED_END, sessionSeconds: 7200, memberId: quinnId }]);
    expect(row(id!)).toMatchObject({ isTimerActive: false, currentSessionStart: null, department: "production", totalTimeSeconds: 7200 });
    const stop = logs(id!).at(-1)!;
    expect([stop.action, stop.department, stop.timestamp.getTime(), stop.sessionDurationSeconds, stop.finished, stop.teamMemberId]).toEqual([
      "stop",
      "production",
      WED_END,
      7200,
      false,
      null,
    ]);
    const audit = hooks
      .getDb()
      .select()
      .from(schema.auditLog)
      .all()
      .filter((a) => a.entity === "item" && a.entityId === String(id));
    const last = audit.at(-1)!;
    expect([last.action, last.actorName, last.actorId]).toEqual(["pause-at-day-end", "system", null]);
    expect(last.after).toMatchObject({ department: "production", sessionSeconds: 7200, memberId: quinnId, note: "Paused at the end of the working day" });
    // The item's History says it in those words.
    expect(await visibleHtml(await ada.request(`/items/${id}`))).toContain("Paused at the end of the working day");
    // A second pass finds nothing more to do.
    expect(hooks.pauseTimersAtDayEnd(WED_END + 2 * HOUR)).toEqual([]);
  });

  test("a Saturday session ends on the same clock; a session started this morning is left alone in the afternoon", async () => {
    const [sat, today] = itemIds;
    const SAT_10AM = Date.UTC(2026, 10, 21, 16, 0, 0);
    hooks.startTimer(sat!, quinnActor(), SAT_10AM);
    hooks.startTimer(today!, quinnActor(), Date.UTC(2026, 10, 23, 14, 0, 0)); // Monday 8:00
    const paused = hooks.pauseTimersAtDayEnd(Date.UTC(2026, 10, 23, 21, 0, 0)); // Monday 15:00
    expect(paused.map((p) => [p.id, p.sessionSeconds])).toEqual([[sat!, 6 * 3600]]);
    expect(row(today!).isTimerActive).toBe(true);
  });

  test("one pass is one transaction of a fixed number of statements, whatever the number of running timers", async () => {
    const [a, b, c] = itemIds;
    hooks.startTimer(a!, quinnActor(), WED_2PM);
    const one = await countStatements(async () => void hooks.pauseTimersAtDayEnd(WED_END + HOUR));
    for (const id of [a!, b!, c!]) hooks.startTimer(id, quinnActor(), WED_2PM + HOUR);
    const three = await countStatements(async () => void hooks.pauseTimersAtDayEnd(WED_END + HOUR));
    expect(three).toBe(one);
    expect(itemIds.map((id) => row(id).isTimerActive)).toEqual([false, false, false]);
  });

  test("Global Settings → Capacity and calendar turns it off, and on again", async () => {
    let page = await open(ada, "/settings/capacity");
    const box = page.$('input[name="pauseAtDayEnd"]');
    expect(box?.hasAttribute("checked")).toBe(true);
    expect(page.text()).toContain("Pause forgotten timers at the end of the day");
    page = await page.form({ button: "Save calendar" }).fill({ pauseAtDayEnd: false }).submit("Save calendar");
    expect(hooks.getDb().select().from(schema.shopSettings).get()!.pauseAtDayEnd).toBe(false);
    expect(page.$('input[name="pauseAtDayEnd"]')?.hasAttribute("checked")).toBe(false);

    const [id] = itemIds;
    hooks.startTimer(id!, quinnActor(), WED_2PM);
    expect(hooks.pauseTimersAtDayEnd(WED_END + 10 * HOUR)).toEqual([]);
    expect(row(id!).isTimerActive).toBe(true);

    page = await page.form({ button: "Save calendar" }).fill({ pauseAtDayEnd: true }).submit("Save calendar");
    expect(hooks.getDb().select().from(schema.shopSettings).get()!.pauseAtDayEnd).toBe(true);
    expect(hooks.pauseTimersAtDayEnd(WED_END + 10 * HOUR).map((p) => p.id)).toEqual([id!]);
  });
});

describe("the member is told at their next sign-in", () => {
  test("Home lists the items paused since their last sign-in, once", async () => {
    const [id, other] = itemIds;
    // Started three days ago and left running; Ada's timer is not Quinn's to hear about.
    hooks.startTimer(id!, quinnActor(), Date.now() - 72 * HOUR);
    hooks.startTimer(other!, { id: null, name: "Ada" }, Date.now() - 72 * HOUR);
    const notice = async (c: Client) => (await open(c, "/")).$('[data-testid="day-end-pause-notice"]');
    expect(await notice(quinn)).toBeNull();
    expect(
      hooks
        .pauseTimersAtDayEnd()
        .map((p) => p.id)
        .sort((a, b) => a - b),
    ).toEqual([id!, other!].sort((a, b) => a - b));

    const phone = app.client("10.63.0.50");
    await phone.signIn("5678");
    const shown = await notice(phone);
    expect(shown?.textContent).toContain("Paused at the end of the working day");
    expect(shown?.textContent).toContain("Fence banner");
    expect(shown?.textContent).toContain("stays in Production");
    expect(shown?.textContent).not.toContain("Door decal");
    expect(shown?.querySelector(`a[href="/items/${id}"]`)).not.toBeNull();
    // Told once: at the sign-in after this one it is gone.
    const later = app.client("10.63.0.51");
    await later.signIn("5678");
    expect(await notice(later)).toBeNull();
    // Someone else is told nothing.
    expect(await notice(ada)).toBeNull();
  });
});
