import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { isFloorPath } from "~/domain/floor-pages";

// Client JavaScript per page (docs/decisions/0050-client-javascript-per-page.md): what a first visit to a floor page
// loads before it is interactive — the entry, the modules of the route and its parents, and the floor catalog of
// its language — stays within 150 KiB gzipped. Read from the build `npm test` makes first. React Router's whole
// route manifest (manifest-*.js) is left out: with lazy route discovery, the default for a server-rendered app, the
// page carries its own routes and the browser never loads that file.
const BUDGET = 150 * 1024;
const root = path.join(import.meta.dir, "..", "..", "build", "client");
const assets = path.join(root, "assets");

type Route = { id: string; parentId?: string; path?: string; index?: boolean; module: string; imports?: string[]; hasDefaultExport?: boolean };
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, Route> };

const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
if (!manifestFile) throw new Error("no build/client/assets/manifest-*.js: run `npm run build` first");
const manifestText = readFileSync(path.join(assets, manifestFile), "utf8");
const manifest = JSON.parse(manifestText.slice(manifestText.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;

const gzipped = new Map<string, number>();
function gz(url: string): number {
  if (!gzipped.has(url)) gzipped.set(url, gzipSync(readFileSync(path.join(root, url)), { level: 6 }).length);
  return gzipped.get(url)!;
}

/** The files a first visit to a route loads, before any of them imports another on demand. */
function firstVisit(id: string): string[] {
  const files = new Set<string>([manifest.entry.module, ...manifest.entry.imports]);
  for (let r: Route | undefined = manifest.routes[id]; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) {
    files.add(r.module);
    for (const i of r.imports ?? []) files.add(i);
  }
  return [...files];
}

/** Each language's floor catalog chunk, read from the catalog loader's own table (app/browser/catalogs.client.ts). */
function floorCatalogs(): Record<string, string> {
  const loader = readdirSync(assets).find((f) => /^catalogs\.client-.*\.js$/.test(f));
  if (!loader) throw new Error("no catalogs.client chunk in the build");
  const text = readFileSync(path.join(assets, loader), "utf8");
  const found: Record<string, string> = {};
  for (const m of text.matchAll(/"\.\.\/locales\/([^/]+)\/floor\.po":\(\)=>\w+\(\(\)=>import\(`\.\/([^`]+)`\)/g)) found[m[1]!] = `/assets/${m[2]}`;
  return found;
}

/** A route's address with each parameter filled in ("/work/x"). */
function address(route: Route): string {
  const parts: string[] = [];
  for (let r: Route | undefined = route; r; r = r.parentId ? manifest.routes[r.parentId] : undefined) if (r.path) parts.unshift(r.path);
  return `/${parts.join("/")}`.replace(/:\w+/g, "x");
}

/** The floor's pages (app/domain/floor-pages.ts), by the addresses the build's routes answer. */
const floorRoutes = Object.values(manifest.routes)
  .filter((r) => r.id !== "root" && r.hasDefaultExport && isFloorPath(address(r)))
  .map((r) => r.id);

describe("a floor page's JavaScript", () => {
  test("every floor route and each language's floor catalog is found in the build", () => {
    const addresses = floorRoutes.map((id) => address(manifest.routes[id]!));
    for (const page of ["/", "/login", "/qr-scanner", "/qr/x", "/work/x", "/production", "/production/x", "/fabrication"]) expect(addresses).toContain(page);
    expect(Object.keys(floorCatalogs()).sort()).toEqual(["en", "en-XA", "es"]);
  });

  test("a first visit loads at most 150 KiB gzipped, in any language", () => {
    const catalogs = floorCatalogs();
    const over: Record<string, string> = {};
    for (const id of floorRoutes) {
      const code = firstVisit(id).reduce((sum, f) => sum + gz(f), 0);
      // en-XA is the tests' pseudo-locale, never a member's language.
      for (const [language, chunk] of Object.entries(catalogs).filter(([language]) => language !== "en-XA")) {
        const total = code + gz(chunk);
        if (total > BUDGET) over[`${id} (${language})`] = `${(total / 1024).toFixed(1)} KiB`;
      }
    }
    expect(over).toEqual({});
  });

  test("Radix Dialog and Toast load when a dialog or a toast first shows, not with the page", () => {
    for (const id of floorRoutes) {
      const code = firstVisit(id)
        .map((f) => readFileSync(path.join(root, f), "utf8"))
        .join("\n");
      // Names the two libraries' code keeps in a production build (their display names and context names).
      expect({ id, dialog: code.includes("DialogContent") }).toEqual({ id, dialog: false });
      expect({ id, toast: code.includes("ToastProvider") }).toEqual({ id, toast: false });
    }
  });
});
