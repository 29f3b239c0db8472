import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Every import points down the layers: routes → services → models → utils/schemas → db. A client module (a
// component, a browser-safe util or schema) never imports a `.server` module or db/, not even for a type.

const root = path.join(import.meta.dir, "..", "..");
function files(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}
function imports(file: string): string[] {
  const text = readFileSync(path.join(root, file), "utf8");
  return [...text.matchAll(/(?:import|export)[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1] ?? m[2]!);
}
const resolve = (file: string, spec: string) =>
  spec.startsWith("~/")
    ? `app/${spec.slice(2)}`
    : spec.startsWith("#db/")
      ? `db/${spec.slice(4)}`
      : spec.startsWith(".")
        ? path.join(path.dirname(file), spec)
        : spec;

function violations(dirs: string[], forbidden: (target: string, file: string) => boolean) {
  const out: string[] = [];
  for (const dir of dirs) {
    for (const file of files(dir)) {
      for (const spec of imports(file)) {
        const target = resolve(file, spec);
        if (forbidden(target, file)) out.push(`${file} → ${spec}`);
      }
    }
  }
  return out;
}

describe("layers", () => {
  test("utils and schemas (infrastructure, browser-safe rules) import no model, service, route or component", () => {
    expect(violations(["app/utils", "app/schemas"], (t) => /^app\/(models|services|routes|components)\//.test(t))).toEqual([]);
  });

  test("models import no service, route or component", () => {
    expect(violations(["app/models"], (t) => /^app\/(services|routes|components)\//.test(t))).toEqual([]);
  });

  test("services import no route or component", () => {
    expect(violations(["app/services"], (t) => /^app\/(routes|components)\//.test(t))).toEqual([]);
  });

  test("client modules import no .server module and nothing from db/", () => {
    const client = (file: string) => !file.endsWith(".server.ts") && !file.endsWith(".server.tsx");
    expect(violations(["app/components", "app/utils", "app/schemas"], (t, file) => client(file) && (/\.server$/.test(t) || /^db\//.test(t)))).toEqual([]);
  });

  test("db/ imports nothing from the app but its browser-safe constants and rules", () => {
    expect(violations(["db"], (t) => t.startsWith("app/") && !/^app\/utils\/(constants|domain|dates)$/.test(t))).toEqual([]);
  });
});
