// Which source files' words go in which catalog (decision 0049), worked out from the imports so a new component
// lands in the right one without anyone listing it:
//   floor   what the browser runs on the floor's pages (app/domain/floor-pages.ts) and the root: loaded everywhere;
//   office  what the browser runs on any other page: loaded on those pages;
//   server  code the browser never runs (.server modules, /api routes, resource routes): the server's only.
// The server has all three. lingui.config.ts reads this; tests/unit/i18n-catalogs.test.ts checks its answer.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { FLOOR_ROUTE_FILES } from "../app/domain/floor-pages";

// Loaded by lingui.config.ts through jiti, which runs it as CommonJS: no import.meta here.
const root = path.resolve(__dirname, "..");
const rel = (file: string) => path.relative(root, file).split(path.sep).join("/");

function sourceFiles(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name) && !e.name.endsWith(".d.ts"))
    .map((e) => rel(path.join(e.parentPath, e.name)));
}

const IMPORT = /(?:import|export)(\s+type\b)?[^'";]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)|^import\s+["']([^"']+)["']/gm;

function resolveImport(from: string, spec: string): string | null {
  let base: string;
  if (spec.startsWith("~/")) base = `app/${spec.slice(2)}`;
  else if (spec.startsWith(".")) base = rel(path.join(root, path.dirname(from), spec));
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`]) {
    if (/\.(ts|tsx)$/.test(candidate) && existsSync(path.join(root, candidate))) return candidate;
  }
  return null;
}

/** The app's files a browser module loads, following value imports and never into `.server` modules. */
function clientGraph(entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const queue = [...entries];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (seen.has(file) || /\.server\.tsx?$/.test(file)) continue;
    seen.add(file);
    const text = readFileSync(path.join(root, file), "utf8");
    for (const m of text.matchAll(IMPORT)) {
      if (m[1]) continue;
      const target = resolveImport(file, m[2] ?? m[3] ?? m[4]!);
      if (target && !seen.has(target)) queue.push(target);
    }
  }
  return seen;
}

export type CatalogName = "floor" | "office" | "server";

export function catalogFiles(): Record<CatalogName, string[]> {
  const all = sourceFiles("app");
  const pages = all.filter((f) => /^app\/routes\/[^/]+\.tsx$/.test(f));
  const floor = clientGraph(["app/root.tsx", "app/entry.client.tsx", ...FLOOR_ROUTE_FILES]);
  const client = clientGraph(["app/root.tsx", "app/entry.client.tsx", ...pages]);
  const office = [...client].filter((f) => !floor.has(f));
  const server = all.filter((f) => !client.has(f));
  return { floor: [...floor].sort(), office: office.sort(), server: server.sort() };
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.join(root, "scripts", "i18n-catalogs.ts")) {
  const files = catalogFiles();
  for (const [name, list] of Object.entries(files)) console.log(`${name}: ${list.length} files`);
  if (process.argv.includes("--list")) console.log(JSON.stringify(files, null, 2));
}
