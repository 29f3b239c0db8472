import { describe, expect, test } from "bun:test";
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { parsePo } from "pofile-ts";
import routes from "../../app/routes";
import { FLOOR_ROUTE_FILES, isFloorPath } from "../../app/domain/floor-pages";
import { catalogFiles } from "../../scripts/i18n-catalogs";

// The catalogs (decision 0049): every message in the code is in every language's catalog and nothing else is
// ("sync"), no Spanish message is left empty ("missing"), and a floor page's browser code needs only the floor
// catalog.

const root = path.join(import.meta.dir, "..", "..");
const lingui = (...args: string[]) => spawnSync(process.execPath, ["--bun", "x", "lingui", ...args], { cwd: root, encoding: "utf8", timeout: 280_000 });

describe("translation catalogs", () => {
  test("every language's catalogs hold exactly the messages in the code", () => {
    const run = lingui("check", "sync", "--clean", "--verbose");
    expect(`${run.stdout}${run.stderr}`).toContain("PASS sync");
    expect(run.status).toBe(0);
  }, 300_000);

  test("no Spanish message is left untranslated", () => {
    const run = lingui("check", "missing", "--mode", "catalog", "--locale", "es", "--verbose");
    expect(`${run.stdout}${run.stderr}`).toContain("PASS missing");
    expect(run.status).toBe(0);
  }, 300_000);

  // The server holds a language's three catalogs as one (app/infra/i18n.server.ts) and a page's browser one or two:
  // a message translated two ways would read one way in the server's render and another once the page hydrates.
  // Two meanings of one English word get a context of their own instead.
  test("a message reads the same in each of a language's catalogs", () => {
    const ways = new Map<string, Set<string>>();
    for (const name of ["floor", "office", "server"]) {
      for (const item of parsePo(readFileSync(path.join(root, "app", "locales", "es", `${name}.po`), "utf8")).items) {
        const key = `${item.msgctxt ? `[${item.msgctxt}] ` : ""}${item.msgid}`;
        ways.set(key, (ways.get(key) ?? new Set()).add(item.msgstr.join(" | ")));
      }
    }
    expect(Object.fromEntries([...ways].filter(([, v]) => v.size > 1).map(([k, v]) => [k, [...v]]))).toEqual({});
  });

  test("the floor's pages are the floor routes' addresses, and no other page is", () => {
    const floorFiles = new Set(FLOOR_ROUTE_FILES.map((f) => f.replace(/^app\//, "")));
    const pages = routes.filter((r) => r.file.endsWith(".tsx") && r.path !== undefined && !r.path.includes("*"));
    for (const r of pages) {
      const sample = `/${r.path!.replace(/:[a-zA-Z]+/g, "x-1")}`.replace(/\/$/, "") || "/";
      expect({ path: r.path, floor: isFloorPath(sample) }).toEqual({ path: r.path, floor: floorFiles.has(r.file) });
    }
  });

  test("every module a floor page's browser code loads has its words in the floor catalog", () => {
    const files = catalogFiles();
    expect(files.floor).toContain("app/routes/qr-scanner.tsx");
    expect(files.floor).toContain("app/components/toaster.tsx");
    expect(files.office).toContain("app/routes/projects.tsx");
    expect(files.server).toContain("app/models/timer.server.ts");
    for (const name of ["floor", "office"] as const) expect(files[name].filter((f) => f.includes(".server."))).toEqual([]);
    expect(files.floor.filter((f) => files.office.includes(f))).toEqual([]);
  });
});
