import { beforeEach, describe, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { doubleScanMessage } from "~/domain/timer-words";
import { type Client, hooks } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";
import { ageSession } from "../helpers/timers";

// The floor's screens as a browser without JavaScript uses them, through their real forms (tests/helpers/html-form.ts):
// the QR Timer (/qr-scanner), the phone camera's /qr/{id} page and an item's timer on its own page. With JavaScript
// the same screens are tested in the browser (tests/e2e/scans-and-messages.e2e.ts, tests/e2e/timers.e2e.ts).

let admin: Client;
let james: Client;
/** In Production, whose next department is Installation. */
let itemId: number;
let otherId: number;
/** In Installation, the sequence's last department. */
let finalId: number;

beforeEach(async () => {
  ({
    clients: { admin, james },
    itemIds: [itemId, otherId, finalId],
  } = await seedShop({
    ipBase: "10.14.0",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] }, james: { name: "James Carter", pin: "2222", keys: ["production"] } },
    ...bakery(["Production", "Installation"]),
    items: [
      { name: "Fence banner", category: "Banner", department: "production" },
      { name: "Door decal", category: "Banner", department: "production" },
      { name: "Roof sign", category: "Banner", department: "installation" },
    ],
  }));
});

const row = (id: number) => hooks.getDb().select().from(schema.items).where(eq(schema.items.id, id)).get()!;
const actions = (id: number) =>
  hooks
    .getDb()
    .select()
    .from(schema.timerLogs)
    .where(eq(schema.timerLogs.itemId, id))
    .all()
    .map((l) => l.action);
const alerts = (page: HtmlPage) => page.$$('[role="alert"]').map((el) => el.textContent?.trim());
/**
 * Each toast's title and text, as read: a toast drawn without JavaScript is a status with a paragraph each (the side
 * menu's 'online' status is not one).
 */
const toasts = (page: HtmlPage) =>
  page
    .$$('[role="status"]')
    .filter((el) => !el.closest("nav"))
    .map((el) => [...el.querySelectorAll("p")].map((p) => p.textContent?.trim()).join(" "));
const card = (page: HtmlPage) => page.$('[data-testid="scan-result"]');
const cardText = (page: HtmlPage) => page.textOf('[data-testid="scan-result"]');

/** One scan on the QR Timer page: the code in its field, then Process (Enter presses the same, the form's only button). */
const scan = (page: HtmlPage, code: string) => page.form({ button: "Process" }).fill({ code }).submit("Process");

describe("the QR Timer without JavaScript", () => {
  test("a label starts, the same label read again at once is refused, a later read stops and advances; every message is on the page", async () => {
    let page = await open(james, "/qr-scanner");
    expect(page.textOf("h1")).toBe("QR Timer");
    // A wedge scanner types into the field that has focus when the page opens.
    expect(page.$("#qr-code")?.hasAttribute("autofocus")).toBe(true);
    const label = `http://localhost/qr/${itemId}`;
    page = await page.form({ button: "Process" }).fill({ code: label }).submit();
    expect(page.url.pathname).toBe("/qr-scanner");
    expect(toasts(page)).toContain("Timer Started Fence banner in Production.");
    expect(cardText(page)).toContain("Running");
    expect(page.textOf('[data-testid="last-scanned"]')).toBe(label);
    expect(page.$("#qr-code")?.hasAttribute("autofocus")).toBe(true);

    page = await scan(page, label);
    expect(alerts(page)).toContain(doubleScanMessage());
    expect(cardText(page)).toContain("Running");
    expect(row(itemId).isTimerActive).toBe(true);

    ageSession(itemId);
    page = await scan(page, label);
    expect(toasts(page)).toContain("Timer Stopped & Advanced Fence banner moved to Installation.");
    expect(page.textOf('[data-testid="scan-department"]')).toBe("Installation");
    expect(row(itemId)).toMatchObject({ isTimerActive: false, department: "installation" });

    page = await scan(page, '{"type":"item"}');
    expect(alerts(page)).toContain("Invalid QR code format - no item ID found");
    page = await scan(page, "99999999");
    expect(alerts(page)).toContain("Item not found. Please check the QR code or item ID and try again.");
  });

  test("a label read in capitals (Caps Lock on the wedge scanner) is this shop's label", async () => {
    const page = await scan(await open(james, "/qr-scanner"), `HTTP://LOCALHOST/QR/${itemId}`);
    expect(toasts(page)).toContain("Timer Started Fence banner in Production.");
    expect(cardText(page)).toContain("Fence banner");
    expect(row(itemId).isTimerActive).toBe(true);
  });

  test("after 'Item not found' or an unreadable label the previous item's card is gone", async () => {
    let page = await scan(await open(james, "/qr-scanner"), String(itemId));
    expect(cardText(page)).toContain("Fence banner");
    page = await scan(page, "987654321");
    expect(alerts(page)).toContain("Item not found. Please check the QR code or item ID and try again.");
    expect(card(page)).toBeNull();
    page = await scan(page, String(itemId));
    expect(cardText(page)).toContain("Fence banner");
    page = await scan(page, '{"type":"item"}');
    expect(alerts(page)).toContain("Invalid QR code format - no item ID found");
    expect(card(page)).toBeNull();
  });

  test("the result is shown once: a reload shows a fresh scanner", async () => {
    let page = await scan(await open(james, "/qr-scanner"), "987654321");
    expect(alerts(page).join(" ")).toContain("Item not found");
    page = await scan(page, String(itemId));
    expect(cardText(page)).toContain("Fence banner");
    expect(page.url.pathname).toBe("/qr-scanner");
    // The scanner's page is never kept by the browser: Back and reload ask the server again.
    expect(page.headers.get("cache-control")).toContain("no-store");
    const reloaded = await open(james, "/qr-scanner");
    expect(reloaded.textOf("h1")).toBe("QR Timer");
    expect(card(reloaded)).toBeNull();
    expect(reloaded.text()).not.toContain("Timer Started");
    expect(alerts(reloaded)).toEqual([]);
  });

  test("a stored copy of the page sent again with its used scan id says so on the page and starts nothing", async () => {
    // A browser that shows its stored copy of the page (an old one, or Back without asking the server) sends the
    // scan id of that copy again.
    const stored = await open(james, "/qr-scanner");
    const first = await scan(stored, String(itemId));
    expect(toasts(first)).toContain("Timer Started Fence banner in Production.");
    const again = await scan(stored, String(otherId));
    expect(again.url.pathname).toBe("/qr-scanner");
    expect(again.status).toBe(200);
    expect(alerts(again)).toContain("This scan id was already used for another item.");
    expect(again.textOf("h1")).toBe("QR Timer");
    expect(row(otherId).isTimerActive).toBe(false);
  });
});

describe("the phone camera's /qr/{id} page without JavaScript", () => {
  test("the stop at the final department says 'Final Department', once: a reload does not say it again", async () => {
    // Its session began a minute ago, so this member's Stop is not a double tap.
    expect((await admin.request(`/api/items/${finalId}/start-timer`, { method: "POST", json: { deviceTime: Date.now() - 60_000 } })).status).toBe(200);
    let page = await open(admin, `/qr/${finalId}`);
    page = await page.form({ button: "Done — finish item" }).submit("Done — finish item");
    expect(page.url.pathname).toBe(`/qr/${finalId}`);
    expect(toasts(page)).toContain("Final Department Roof sign is finished in Installation.");
    expect(page.text()).not.toContain("Timer Stopped & Advanced");
    expect(row(finalId)).toMatchObject({ isTimerActive: false, department: "installation" });

    // That stop finished it (decision 0048). Someone reopens and starts it again; this phone reloads: the old
    // result is not shown as if it had just happened.
    expect((await admin.request(`/api/items/${finalId}/reopen`, { method: "POST" })).status).toBe(200);
    expect((await james.request(`/api/items/${finalId}/start-timer`, { method: "POST" })).status).toBe(200);
    page = await open(admin, `/qr/${finalId}`);
    expect(page.form({ button: "Done — finish item" })).toBeDefined();
    expect(page.text()).not.toContain("is finished in");
    expect(toasts(page)).toEqual([]);
    // Said once, as the Next Department field.
    const exactly = page.$$("main *").filter((el) => el.children.length === 0 && el.textContent?.trim() === "Final Department");
    expect(exactly.map((el) => el.tagName)).toEqual(["DD"]);
  });
});

describe("an item's page without JavaScript", () => {
  test("a running timer, Reset Timer's confirmation and reset, and the label's download", async () => {
    expect((await admin.request(`/api/items/${itemId}/start-timer`, { method: "POST" })).status).toBe(200);
    let page = await open(admin, `/items/${itemId}`);
    expect(page.textOf("h1")).toBe("Fence banner");
    expect(page.textOf('[data-testid="next-department"]')).toBe("Installation");
    expect(page.text()).toContain("Current session start");
    expect(page.textOf('[data-testid="item-total-time"]')).toMatch(/^00:00:0\d$/);
    expect(page.$$("td").map((td) => td.textContent?.trim())).toContain("Started");

    page = await page.click("Reset Timer");
    expect(page.url.search).toBe("?dialog=reset-timer");
    expect(page.text()).toMatch(/Reset the timer of .Fence banner. to 00:00:00\?/);
    page = await page.form({ button: "Reset Timer" }).submit("Reset Timer");
    expect(page.url.pathname).toBe(`/items/${itemId}`);
    expect(toasts(page).join(" ")).toContain("Timer reset successfully.");
    expect(page.textOf('[data-testid="item-total-time"]')).toBe("00:00:00");
    expect(row(itemId).isTimerActive).toBe(false);
    expect(actions(itemId)).toEqual(["start"]);

    page = await page.click("QR Code");
    const download = page.$$("a[download]").find((a) => a.textContent?.trim() === "Download")!;
    expect(download.getAttribute("download")).toMatch(/^qr-.*\.png$/);
    const png = await admin.request(new URL(page.link("Download")).pathname);
    expect(png.status).toBe(200);
    expect(png.headers.get("content-type")).toBe("image/png");
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe("PNG");
  });
});
