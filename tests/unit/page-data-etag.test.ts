import { expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { scopesOf } from "~/infra/change-notices.server";
import { LIVE_PAGES } from "~/pipeline/page-data-etag.server";

// The live pages' data validators (decision 0034): every page that follows the event stream is listed with what it
// shows, so a new live page cannot be left reloading in full for ever, nor a listed one be mistaken for another.

const root = path.join(import.meta.dir, "..", "..");

/** Route ids by module, as app/routes.ts gives them (an explicit id, else "routes/<file>"). */
function routeIds(): Map<string, string[]> {
  const text = readFileSync(path.join(root, "app", "routes.ts"), "utf8");
  const ids = new Map<string, string[]>();
  for (const m of text.matchAll(/route\("[^"]*",\s*"(routes\/[^"]+)"(?:,\s*\{\s*id:\s*"([^"]+)"\s*\})?\)/g)) {
    const file = m[1]!;
    ids.set(file, [...(ids.get(file) ?? []), m[2] ?? file.replace(/\.tsx?$/, "")]);
  }
  return ids;
}

test("every page that calls useLiveData has its scopes listed, and nothing else is listed", () => {
  const ids = routeIds();
  const live = readdirSync(path.join(root, "app", "routes"))
    .filter((f) => f.endsWith(".tsx") && /\buseLiveData\(/.test(readFileSync(path.join(root, "app", "routes", f), "utf8")))
    .flatMap((f) => ids.get(`routes/${f}`) ?? [`routes/${f} (not in app/routes.ts)`]);
  expect(live.length).toBeGreaterThan(5);
  expect(Object.keys(LIVE_PAGES).sort()).toEqual(live.sort());
});

test("a scan changes timers, not what the machine screens read; reference data changes what every page reads", () => {
  expect(scopesOf({ entity: "item", id: 1, action: "start-timer", projectId: 2, department: "production" })).toEqual([
    "*",
    "item-timers",
    "items-in:production",
  ]);
  expect(scopesOf({ entity: "item", id: 1, action: "update", projectId: 2 })).toEqual(["*", "items", "items-in:*"]);
  expect(scopesOf({ entity: "machine-file", id: 3, action: "create", projectId: 2, department: "hp-latex-800" })).toEqual([
    "*",
    "machine-files",
    "machine-files:hp-latex-800",
  ]);
  expect(scopesOf({ entity: "machine-file", id: null, action: "reorder", department: null })).toContain("machine-files:*");
  for (const entity of ["department", "category", "team-member", "shop-settings", "something-new"])
    expect(scopesOf({ entity, id: 1, action: "update" })).toEqual(["*", "reference"]);
  const queue = LIVE_PAGES["routes/machine-queue"]!.scopes({ machine: "hp-latex-800" });
  expect(queue).toContain("machine-files:hp-latex-800");
  expect(queue).not.toContain("item-timers");
  expect(LIVE_PAGES.production!.scopes({})).not.toContain("item-timers");
  expect(LIVE_PAGES["routes/board"]!.scopes({})).toContain("item-timers");
});

test("a department's work list follows the items in it and the ones that leave it, not the other departments' scans", () => {
  // A stop in Production moves the item to Fabrication: both lists changed, Quality Control's did not.
  const stop = scopesOf({ entity: "item", id: 1, action: "end-timer", projectId: 2, department: "fabrication", fromDepartment: "production" });
  expect(stop).toContain("items-in:fabrication");
  expect(stop).toContain("items-in:production");
  const list = (department: string) => LIVE_PAGES["routes/work-list"]!.scopes({ department });
  expect(list("production")).toContain("items-in:production");
  expect(list("quality-control").some((s) => stop.includes(s) && s !== "*")).toBe(false);
  expect(list("quality-control")).not.toContain("item-timers");
  // Shown on every row: the projects (name, rush, due date), their designs and the items' machine files.
  for (const scope of ["projects", "designs", "item-files", "machine-files"]) expect(list("installation")).toContain(scope);
});
