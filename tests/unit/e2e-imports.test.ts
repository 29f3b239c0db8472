import { expect, test } from "bun:test";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Playwright loads the browser tests with Node, which cannot compile Lingui's macros (the app's build and `bun
// test` do, decision 0049): a browser test that imports an app module using one, directly or through another, does
// not load, and with it every spec that shares the import. So tests/e2e takes from the app only modules without
// translated words (constants, types), and writes a message it expects as the text itself.

const root = path.join(import.meta.dir, "..", "..");
const MACRO = /from\s+["']@lingui\/(core|react)\/macro["']/;
const IMPORT = /(?:import|export)(\s+type\b)?[^'";]*?from\s+["']([^"']+)["']/g;

function resolve(from: string, spec: string): string | null {
  const base = spec.startsWith("~/") ? path.join(root, "app", spec.slice(2)) : spec.startsWith(".") ? path.join(path.dirname(from), spec) : null;
  if (!base) return null;
  for (const c of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) if (/\.tsx?$/.test(c) && existsSync(c)) return c;
  return null;
}

/** The app modules a file loads (value imports, followed through), and which of them use a macro. */
function macroModules(file: string, seen = new Set<string>()): string[] {
  const found: string[] = [];
  for (const m of readFileSync(file, "utf8").matchAll(IMPORT)) {
    if (m[1]) continue;
    const target = resolve(file, m[2]!);
    if (!target || seen.has(target) || target.includes(`${path.sep}node_modules${path.sep}`)) continue;
    seen.add(target);
    if (target.startsWith(path.join(root, "app")) && MACRO.test(readFileSync(target, "utf8"))) found.push(path.relative(root, target));
    found.push(...macroModules(target, seen));
  }
  return found;
}

test("no browser test loads an app module with translated words", () => {
  const dir = path.join(root, "tests", "e2e");
  const offenders: Record<string, string[]> = {};
  for (const name of readdirSync(dir).filter((f) => f.endsWith(".ts"))) {
    const found = macroModules(path.join(dir, name));
    if (found.length) offenders[name] = found;
  }
  expect(offenders).toEqual({});
});
