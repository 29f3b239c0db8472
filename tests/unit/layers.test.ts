import { describe, expect, test } from "bun:test";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

// Every import points down the layers (decisions 0033 and 0046):
//
//   routes                               the screens and resource routes
//   components, hooks, browser           the screens' parts, and the browser-only code under them
//   pipeline | views                     side by side, neither imports the other:
//     pipeline                           the request pipeline: what every request passes before its route (host,
//                                        cross-site, body limits, tokens, uploads, page-data ETags), and the
//                                        per-request rules routes declare or call (methods, refusals, limits)
//     views                              presenters: what a screen, feed or API answer shows, and what a form's
//                                        action answers, made from models and services
//   services                             use cases: sign-in, sessions, permissions, scans, backups, webhooks
//   models                               the only code that queries the database
//   http                                 HTTP plumbing: JSON answers, cookies, multipart, error pages
//   infra                                server plumbing: database, environment, event hub, storage, checkpoints,
//                                        and the process's state (process-state.server.ts); a part of that record
//                                        whose type a higher layer defines is filled in there (declare module)
//   schemas                              zod schemas shared by forms and bodies
//   domain                               browser-safe rules, constants and words: the bottom layer (db/ uses it too)
//   locales                              the translation catalogs (.po, decision 0049): data, loaded by
//                                        infra/i18n.server on the server and browser/catalogs.client in the browser
//
// A client module (anything not named .server) never loads a `.server` module or db/; `import type` is allowed,
// because types are erased before anything runs. So a component may take a view's types (the rows it draws), but
// never run one: every view is a `.server` module.
//
// server/ sits above all of these: server/app.ts (the bundle's entry) and server/test-hooks.ts, what it exports for
// the request tests; tests/unit/one-module-graph.test.ts holds the tests that load the bundle to those hooks.

const root = path.join(import.meta.dir, "..", "..");
function files(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(ts|tsx)$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}
type Import = { spec: string; typeOnly: boolean };
function imports(file: string): Import[] {
  const text = readFileSync(path.join(root, file), "utf8");
  return [...text.matchAll(/(?:import|export)(\s+type\b)?[^'";]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g)].map((m) => ({
    spec: m[2] ?? m[3]!,
    typeOnly: Boolean(m[1]),
  }));
}
const resolve = (file: string, spec: string) =>
  spec.startsWith("~/")
    ? `app/${spec.slice(2)}`
    : spec.startsWith("#db/")
      ? `db/${spec.slice(4)}`
      : spec.startsWith(".")
        ? path.join(path.dirname(file), spec)
        : spec;

/** Every import of the files in `dirs` that `forbidden` refuses, as "file → spec". */
function violations(dirs: string[], forbidden: (target: string, file: string, imp: Import) => boolean) {
  const out: string[] = [];
  for (const dir of dirs) {
    for (const file of files(dir)) {
      for (const imp of imports(file)) {
        if (forbidden(resolve(file, imp.spec), file, imp)) out.push(`${file} → ${imp.spec}`);
      }
    }
  }
  return out;
}
const into = (...layers: string[]) => new RegExp(`^app/(${layers.join("|")})/`);

describe("layers", () => {
  test("domain (browser-safe rules) imports nothing of the app but itself", () => {
    expect(violations(["app/domain"], (t) => t.startsWith("app/") && !t.startsWith("app/domain/"))).toEqual([]);
  });

  test("schemas import only the domain", () => {
    expect(violations(["app/schemas"], (t) => t.startsWith("app/") && !into("domain", "schemas").test(t))).toEqual([]);
  });

  test("infra imports only the domain and schemas (and db/), and the translation catalogs", () => {
    expect(violations(["app/infra"], (t) => t.startsWith("app/") && !into("domain", "schemas", "infra", "locales").test(t))).toEqual([]);
  });

  test("http plumbing imports no model, service, pipeline, view, route or component", () => {
    expect(violations(["app/http"], (t) => into("models", "services", "pipeline", "views", "routes", "components", "hooks", "browser").test(t))).toEqual([]);
  });

  test("models import no service, pipeline, view, route or component", () => {
    expect(violations(["app/models"], (t) => into("services", "pipeline", "views", "routes", "components", "hooks", "browser").test(t))).toEqual([]);
  });

  test("services import no pipeline, view, route or component", () => {
    expect(violations(["app/services"], (t) => into("pipeline", "views", "routes", "components", "hooks", "browser").test(t))).toEqual([]);
  });

  test("the pipeline imports no view, route or component (routes import it: their declared rules, refusals, limits)", () => {
    expect(violations(["app/pipeline"], (t) => into("views", "routes", "components", "hooks", "browser").test(t))).toEqual([]);
  });

  test("views import no pipeline, route or component (routes and components import them)", () => {
    expect(violations(["app/views"], (t) => into("pipeline", "routes", "components", "hooks", "browser").test(t))).toEqual([]);
  });

  test("components, hooks and browser code import no route and nothing of the request pipeline", () => {
    expect(violations(["app/components", "app/hooks", "app/browser"], (t) => into("routes", "pipeline").test(t))).toEqual([]);
  });

  test("client modules load no .server module and nothing from db/ (types only)", () => {
    const client = (file: string) => !/\.server\.tsx?$/.test(file);
    expect(
      violations(
        ["app/components", "app/hooks", "app/browser", "app/domain", "app/schemas"],
        (t, file, imp) => client(file) && !imp.typeOnly && (/\.server$/.test(t) || /^db\//.test(t)),
      ),
    ).toEqual([]);
  });

  test("no two modules of the app share a name across folders (a schema is named after the records it checks)", () => {
    const seen = new Map<string, string>();
    const clashes: string[] = [];
    const named = (f: string) => !/^app\/(routes|types|schemas)\//.test(f);
    for (const file of files("app").filter(named)) {
      const base = path.basename(file).replace(/(\.server)?\.(ts|tsx)$/, "");
      if (seen.has(base)) clashes.push(`${seen.get(base)} ~ ${file}`);
      else seen.set(base, file);
    }
    expect(clashes).toEqual([]);
  });

  test("server.ts loads only the server bundle, so the running server has one copy of every module", () => {
    // Importing a source module here as well would load a second copy of it beside the bundle's: a second
    // database handle, event hub and scan queue. The server's own code belongs in server/app.ts.
    const local = imports("server.ts")
      .map((i) => i.spec)
      .filter((spec) => spec.startsWith(".") || spec.startsWith("~/") || spec.startsWith("#"));
    expect(local).toEqual(["./build/server/index.js"]);
  });

  test("db/ imports nothing from the app but its browser-safe constants and rules", () => {
    expect(violations(["db"], (t) => t.startsWith("app/") && !/^app\/domain\/(constants|rules|dates)$/.test(t))).toEqual([]);
  });
});
