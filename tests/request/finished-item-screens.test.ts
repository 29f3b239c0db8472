import { beforeEach, expect, test } from "bun:test";
import { eq } from "drizzle-orm";
import * as schema from "#db/schema";
import { type Client, hooks } from "../helpers/app";
import { type HtmlPage, open } from "../helpers/html-form";
import { bakery, seedShop } from "../helpers/shop";
import { ageLastStop } from "../helpers/timers";

const { getDb } = hooks;

// A finished item (items.finished_at: the stop in its last department finished it, decision 0048) reads 'Finished'
// wherever its timer's state is shown, not 'Stopped', and its page offers no Start; the server's HTML, as a browser
// without JavaScript gets it (tests/helpers/html-form.ts). Beside it an item that is only paused still reads Stopped.

const FINISHED = "This item is finished. Reopen it first if it needs more work.";

let admin: Client;
let pm: Client;
let james: Client;
let projectId: number;
/** Finished in Production, the sequence's last department. */
let doneId: number;
/** Paused in Production: stopped, not finished. */
let pausedId: number;

beforeEach(async () => {
  ({
    clients: { admin, pm, james },
    projectIds: [projectId],
    itemIds: [doneId, pausedId],
  } = await seedShop({
    ipBase: "10.48.2",
    members: {
      admin: { name: "Ada Admin", pin: "4321", keys: ["management"] },
      pm: { name: "Pat PM", pin: "1111", keys: ["project-management"] },
      james: { name: "James Carter", pin: "2222", keys: ["production"] },
    },
    ...bakery(["Pre-Production", "Production"]),
    items: [
      { name: "Fence banner", category: "Banner", department: "production" },
      { name: "Door banner", category: "Banner", department: "production" },
    ],
  }));
  expect((await james.request(`/api/items/${doneId}/start-timer`, { method: "POST" })).status).toBe(200);
  expect((await james.request(`/api/items/${doneId}/end-timer`, { method: "POST" })).status).toBe(200);
  expect(getDb().select().from(schema.items).where(eq(schema.items.id, doneId)).get()!.finishedAt).not.toBeNull();
});

/** The item page's own header (the name, its timer badge, its ways out), not the app's. */
const itemHeader = (page: HtmlPage) =>
  page
    .$$("header")
    .find((h) => h.querySelector("h1"))
    ?.textContent?.replace(/\s+/g, " ");

/** The project page's items table: the row of the item named `name`, by its Timer Status cell. */
const timerCell = (page: HtmlPage, name: string) => {
  const row = page.$$('section[aria-labelledby="items-heading"] tbody tr').find((tr) => tr.textContent?.includes(name));
  if (!row) throw new Error(`no row of ${name}`);
  return row.querySelector('td[data-label="Timer Status"]')?.textContent?.trim();
};

test("the project page's items table says Finished for a finished item and Stopped for a paused one", async () => {
  const page = await open(pm, `/projects/${projectId}`);
  expect(page.status).toBe(200);
  expect(timerCell(page, "Fence banner")).toBe("Finished");
  expect(timerCell(page, "Door banner")).toBe("Stopped");
});

test("the item page of a finished item: Finished in its header and time card, no Start / Stop, Reopen kept", async () => {
  const page = await open(pm, `/items/${doneId}`);
  expect(page.status).toBe(200);
  expect(itemHeader(page)).toContain("Fence bannerFinished");
  expect(page.text()).toMatch(/Status\s*Finished/);
  expect(page.text()).not.toContain("Stopped");
  // A start is refused (409) until Reopen: the page offers no way to one, nor a link to the /qr/ page that has it.
  expect(page.$$("a[href]").some((a) => a.getAttribute("href") === `/qr/${doneId}`)).toBe(false);
  expect(page.text()).not.toContain("Start / Stop");
  expect(page.form({ button: "Reopen" })).toBeTruthy();
  // A paused item keeps both.
  const paused = await open(pm, `/items/${pausedId}`);
  expect(itemHeader(paused)).toContain("Door bannerStopped");
  expect(paused.text()).toContain("Start / Stop");
});

test("the QR Timer: a finished item's label is refused and its card says Finished; /qr/{id} too", async () => {
  // A while after the stop that finished it (at once, its member's read is a second read of that stop).
  ageLastStop(doneId);
  let page = await open(james, "/qr-scanner");
  page = await page
    .form({ button: "Process" })
    .fill({ code: `http://localhost/qr/${doneId}` })
    .submit("Process");
  // James may not reopen it (no project keys): he is told who can, after the spec's sentence.
  expect(page.$$('[role="alert"]').map((el) => el.textContent?.trim())).toContain(`${FINISHED} Ask someone who can change projects to reopen it.`);
  // Those who may reopen it read the sentence alone.
  for (const who of [admin, pm]) {
    const res = await who.request("/api/scans", { method: "POST", json: { code: String(doneId) } });
    expect(res.status).toBe(409);
    expect((await res.json()).message).toBe(FINISHED);
  }
  const card = page.textOf('[data-testid="scan-result"]');
  expect(card).toContain("Fence banner");
  expect(card).toMatch(/Timer\s*Finished/);
  expect(card).not.toContain("Stopped");

  const qr = await open(james, `/qr/${doneId}`);
  expect(qr.text()).toMatch(/Timer\s*Finished/);
  expect(qr.text()).not.toContain("Stopped");
  expect(qr.text()).not.toContain("Start Timer");
});

test("the items list's phone badge and the product details card say Finished", async () => {
  const list = await open(pm, `/items?project=${projectId}`);
  const badge = (name: string) =>
    list
      .$$("tbody tr")
      .find((tr) => tr.textContent?.includes(name))
      ?.querySelector("span.md\\:hidden")
      ?.textContent?.trim();
  expect(badge("Fence banner")).toBe("Finished");
  expect(badge("Door banner")).toBe("Timer Off");
  const details = await open(pm, `/products/${doneId}`);
  expect(details.text()).toMatch(/Status\s*Finished/);
});
