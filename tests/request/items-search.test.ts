// /items name search over HTTP, as a browser without JavaScript uses it: `q` in the URL, every word must appear in
// the name (any case), together with the category and project filters, paged, and read from the name index.
import { beforeEach, describe, expect, test } from "bun:test";
import * as schema from "#db/schema";
import { addMember, createApp, visibleHtml, type Client, hooks } from "../helpers/app";
import { captureStatements } from "../helpers/app";

const { listItemsPage, getDb } = hooks;

let app: ReturnType<typeof createApp>;
let floor: Client;
let projectA: number;
let projectB: number;

beforeEach(async () => {
  app = createApp();
  addMember("Fay Floor", "2222", ["production"]);
  floor = app.client("10.10.0.1");
  await floor.signIn("2222");
  projectA = app.db.insert(schema.projects).values({ name: "Alpha Signs", description: "" }).returning().get().id;
  projectB = app.db.insert(schema.projects).values({ name: "Beta Letters", description: "" }).returning().get().id;
});

const add = (name: string, projectId = projectA, category = "Banner") => getDb().insert(schema.items).values({ name, category, projectId }).run();
const text = async (res: Response) => (await visibleHtml(res)).replace(/&amp;/g, "&");
/** The item names the list shows, in order. */
const names = (page: string) => [...page.matchAll(/<td data-label="Name"[^>]*><a[^>]*>([^<]*)<\/a>/g)].map((m) => m[1]);

describe("the name search", () => {
  test("finds every word anywhere in the name, in any case; the field keeps what was searched", async () => {
    for (const n of ["Channel Letters #3", "Front Channel Letters", "Banner 3x8", "channel letter raceway", "Monument"]) add(n);
    let page = await text(await floor.request("/items?q=channel"));
    expect(names(page)).toEqual(["channel letter raceway", "Front Channel Letters", "Channel Letters #3"]);
    expect(page).toMatch(/<input[^>]*id="filter-q"[^>]*value="channel"/);
    expect(page).toContain("3 items");
    page = await text(await floor.request(`/items?q=${encodeURIComponent("  LETTERS   3 ")}`));
    expect(names(page)).toEqual(["Channel Letters #3"]);
  });

  test("works together with the category and project filters", async () => {
    add("Channel Letters A", projectA, "Letters");
    add("Channel Letters B", projectB, "Letters");
    add("Channel Banner", projectB, "Banner");
    add("Monument Letters", projectB, "Letters");
    add("Raceway", projectA, "Letters");
    expect(names(await text(await floor.request(`/items?q=channel&project=${projectB}`)))).toEqual(["Channel Banner", "Channel Letters B"]);
    expect(names(await text(await floor.request("/items?q=channel&category=Letters")))).toEqual(["Channel Letters B", "Channel Letters A"]);
    expect(names(await text(await floor.request(`/items?q=letters&category=Letters&project=${projectA}`)))).toEqual(["Channel Letters A"]);
  });

  test("% and _ are plain characters, not wildcards", async () => {
    for (const n of ["50% off banner", "500 banners", "A_B panel", "AxB panel"]) add(n);
    expect(names(await text(await floor.request(`/items?q=${encodeURIComponent("50%")}`)))).toEqual(["50% off banner"]);
    expect(names(await text(await floor.request("/items?q=A_B")))).toEqual(["A_B panel"]);
  });

  test("pages of 50 that keep the search in their links; nothing found says what was searched", async () => {
    for (let i = 0; i < 120; i++) add(`Decal ${i}`);
    for (let i = 0; i < 30; i++) add(`Banner ${i}`);
    let page = await text(await floor.request("/items?q=decal"));
    expect(page).toContain("120 items · page 1 of 3");
    expect(page).toContain('href="/items?q=decal&page=2"');
    page = await text(await floor.request("/items?q=decal&page=3"));
    expect(names(page)).toHaveLength(20);
    expect(names(page).at(-1)).toBe("Decal 0");

    page = await text(await floor.request("/items?q=channel+zzz"));
    expect(page).toContain("No items found");
    expect(page).toContain('No item name contains "channel" and "zzz".');
  });

  test("a search without other filters reads the name index, never the whole table", () => {
    for (let i = 0; i < 300; i++) add(i % 100 === 0 ? `Rare ${i}` : `Common ${i}`);
    for (const q of ["rare", "common"]) {
      const statements = captureStatements(() => listItemsPage({ q }, 50, 0));
      const plans = statements
        .filter((s) => /\bitems\b/.test(s.sql) && /LIKE/.test(s.sql))
        .map((s) =>
          getDb()
            .$client.query(`EXPLAIN QUERY PLAN ${s.sql}`)
            .all(...(s.params as never[]))
            .map((r) => (r as { detail: string }).detail)
            .join("; "),
        );
      expect(plans.length).toBe(2);
      // The count always scans the narrow name index; the page's ids come from it when matches are few (rare),
      // else from the newest rowids, stopping once the page is full (common).
      expect(plans[0]).toContain("USING COVERING INDEX items_name_idx");
      expect(plans[1]).toContain(q === "rare" ? "USING COVERING INDEX items_name_idx" : "SCAN items");
    }
    expect(listItemsPage({ q: "rare" }, 50, 0).rows.map((r) => r.name)).toEqual(["Rare 200", "Rare 100", "Rare 0"]);
  });
});
