import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

// One module graph in tests, as in production (decisions 0031 and 0047). A test that serves requests loads the
// server bundle (build/server/index.js, through tests/helpers/app.ts); were it also to load a source module that
// holds process state (the database handle, caches, queues, settings: anything `.server`, and what loads it), the
// process would run two copies of that module, and the test would seed one copy while its requests read the
// other. So every file that loads the bundle, and every file of tests/ it loads, takes what it seeds and inspects
// through from the bundle's `hooks` (server/test-hooks.ts). From source it may import:
//   - types (`import type`): erased before anything runs;
//   - modules that hold no process state and load none: app/domain and app/schemas (browser-safe, the layer test
//     holds them to it), db/schema (table definitions) and app/routes.ts (the route table: names modules, loads none).
// Unit tests that never load the bundle import source modules freely.

const root = path.join(import.meta.dir, "..", "..");
const BUNDLE = "build/server/index.js";
const PURE = [/^app\/domain\//, /^app\/schemas\//, /^db\/schema\.ts$/, /^app\/routes\.ts$/];
/** Where source modules live: anything else (a package, build/) is not the app's source. */
const SOURCE = /^(app|db|server|scripts)\//;

type Import = { spec: string; typeOnly: boolean };
type Files = { list(): string[]; read(file: string): string; exists(file: string): boolean };

// This file's own examples (the failing case below) are strings, not imports.
const SELF = "tests/unit/one-module-graph.test.ts";
const disk: Files = {
  list: () =>
    readdirSync(path.join(root, "tests"), { withFileTypes: true, recursive: true })
      .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .filter((f) => f !== SELF),
  read: (file) => readFileSync(path.join(root, file), "utf8"),
  exists: (file) => statSync(path.join(root, file), { throwIfNoEntry: false })?.isFile() ?? false,
};

function imports(text: string): Import[] {
  return [...text.matchAll(/(?:import|export)(\s+type\b)?[^'";]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => ({
    spec: m[2] ?? m[3]!,
    typeOnly: Boolean(m[1]),
  }));
}

/** The file an import names, relative to the repository ("app/…", "tests/…"), or the package name. */
function resolve(files: Files, from: string, spec: string): string {
  const base = spec.startsWith("~/")
    ? `app/${spec.slice(2)}`
    : spec.startsWith("#db/")
      ? `db/${spec.slice(4)}`
      : spec.startsWith(".")
        ? path.normalize(path.join(path.dirname(from), spec))
        : spec;
  if (base === spec && !spec.startsWith(".")) return spec;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`]) if (candidate === BUNDLE || files.exists(candidate)) return candidate;
  return base;
}

/** Every file of tests/ that loads the bundle or is loaded by one that does, with its source imports that are not allowed. */
export function secondCopies(files: Files): string[] {
  const tests = files.list();
  const valueImports = new Map(
    tests.map((f) => [
      f,
      imports(files.read(f))
        .filter((i) => !i.typeOnly)
        .map((i) => ({ spec: i.spec, target: resolve(files, f, i.spec) })),
    ]),
  );
  const loads = new Map<string, boolean>();
  const loadsBundle = (file: string, seen = new Set<string>()): boolean => {
    if (loads.has(file)) return loads.get(file)!;
    if (seen.has(file)) return false;
    seen.add(file);
    const yes = (valueImports.get(file) ?? []).some((i) => i.target === BUNDLE || (i.target.startsWith("tests/") && loadsBundle(i.target, seen)));
    loads.set(file, yes);
    return yes;
  };
  // The bundle's side of the graph: the files that load it, and every file of tests/ they load.
  const graph = new Set<string>();
  const add = (file: string) => {
    if (graph.has(file) || !valueImports.has(file)) return;
    graph.add(file);
    for (const i of valueImports.get(file)!) if (i.target.startsWith("tests/")) add(i.target);
  };
  for (const f of tests) if (loadsBundle(f)) add(f);
  const out: string[] = [];
  for (const f of [...graph].sort()) {
    for (const i of valueImports.get(f)!) if (SOURCE.test(i.target) && !PURE.some((p) => p.test(i.target))) out.push(`${f} → ${i.spec}`);
  }
  return out;
}

describe("one module graph", () => {
  test("files that load the server bundle take stateful modules from its hooks, never from source", () => {
    expect(secondCopies(disk)).toEqual([]);
  });

  test("the request tests load the bundle (this check would pass vacuously otherwise)", () => {
    const tests = disk.list();
    expect(tests).toContain("tests/helpers/app.ts");
    expect(imports(disk.read("tests/helpers/app.ts")).some((i) => i.spec.endsWith(BUNDLE))).toBe(true);
  });

  test("the source modules they may keep load nothing that holds state", () => {
    const pureFiles = (dir: string) =>
      readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
        .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
        .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
    const stray: string[] = [];
    for (const file of [...pureFiles("app/domain"), ...pureFiles("app/schemas"), "db/schema.ts", "app/routes.ts"]) {
      for (const i of imports(readFileSync(path.join(root, file), "utf8"))) {
        const target = resolve(disk, file, i.spec);
        if (!i.typeOnly && SOURCE.test(target) && !PURE.some((p) => p.test(target))) stray.push(`${file} → ${i.spec}`);
      }
    }
    expect(stray).toEqual([]);
  });

  test("it fails for a helper, loaded by a request test, that imports a stateful module from source", () => {
    const fake: Record<string, string> = {
      "tests/helpers/app.ts": `const server = await import("../../build/server/index.js");`,
      "tests/helpers/seed.ts": `import { getDb } from "~/infra/db.server";\nimport type { DB } from "~/infra/db.server";\nimport { slugify } from "~/schemas/common";`,
      "tests/request/a.test.ts": `import { createApp } from "../helpers/app";\nimport { seed } from "../helpers/seed";\nimport * as schema from "#db/schema";`,
      "tests/request/b.test.ts": `import type { Client } from "../helpers/app";\nimport { endTimer } from "~/models/timer.server";`,
      "tests/unit/c.test.ts": `import { getDb } from "~/infra/db.server";`,
    };
    const files: Files = {
      list: () => Object.keys(fake),
      read: (f) => fake[f]!,
      exists: (f) => f in fake || disk.exists(f),
    };
    // b only takes a type from the helper, so it runs on source alone; c never loads the bundle.
    expect(secondCopies(files)).toEqual(["tests/helpers/seed.ts → ~/infra/db.server"]);
  });
});
