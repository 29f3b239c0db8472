import type { ServerBuild } from "react-router";

// Which HTTP methods each route answers, read from the route modules themselves, so a 405's Allow, an OPTIONS
// answer and the refusal of a method a route does not take hold for every route, present and future.
//
// A page route (a module with a component) answers GET and HEAD, and POST when it has an action. A resource
// route without a declaration answers GET and HEAD when it has a loader and POST when it has an action. A
// resource route that answers other methods, or refuses GET although it exports a loader, says so with a
// `methods` export: one list, one list per route id (a module mounted on several paths), or a function of the
// route id. tests/request/http-methods.test.ts walks every route and checks each declaration against what
// the route really does.

export const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
export type Method = (typeof METHODS)[number];
type Declared = Exclude<Method, "HEAD" | "OPTIONS">;
export type RouteMethods = readonly Declared[] | Readonly<Record<string, readonly Declared[]>> | ((routeId: string) => readonly Declared[]);

type RouteModule = { loader?: unknown; action?: unknown; default?: unknown; methods?: RouteMethods };

/** HEAD goes with GET (it is a GET without the body); OPTIONS is answered for every route. */
function complete(declared: readonly string[]): Method[] {
  const set = new Set<string>(declared);
  if (set.has("GET")) set.add("HEAD");
  set.add("OPTIONS");
  return METHODS.filter((m) => set.has(m));
}

function allowedOf(routeId: string, route: NonNullable<ServerBuild["routes"][string]>): Method[] | null {
  // The catch-all routes answer every method (a 404, or 401 signed out): an unknown address is not a 405.
  if (route.path?.endsWith("*")) return null;
  const mod = route.module as RouteModule;
  const m = mod.methods;
  if (m !== undefined) {
    const declared = typeof m === "function" ? m(routeId) : Array.isArray(m) ? m : (m as Record<string, readonly Declared[]>)[routeId];
    if (!declared) throw new Error(`Route ${routeId}: its module's \`methods\` export does not name it`);
    return complete(declared);
  }
  return complete([...(mod.loader ? ["GET"] : []), ...(mod.action ? ["POST"] : [])]);
}

type Compiled = { id: string; re: RegExp; score: number; order: number };

/**
 * A route's full path as a regular expression, and React Router's rank for it (more static segments first,
 * a splat last), so the route found here is the one React Router runs. Compiled once: matching a request is
 * a few regular-expression tests.
 */
function compile(build: ServerBuild): Compiled[] {
  const full = (id: string): string => {
    const r = build.routes[id]!;
    const parent = r.parentId ? full(r.parentId) : "";
    return r.path ? `${parent}/${r.path}` : parent;
  };
  const out: Compiled[] = [];
  let order = 0;
  for (const [id, r] of Object.entries(build.routes)) {
    if (!r || id === "root" || (!r.path && !r.index)) continue;
    const segments = full(id).split("/").filter(Boolean);
    let score = segments.length + (r.index ? 2 : 0);
    const parts = segments.map((seg) => {
      if (seg === "*") {
        score -= 2;
        return "(?:/.*)?";
      }
      if (seg.startsWith(":")) {
        score += 3;
        return seg.endsWith("?") ? "(?:/[^/]+)?" : "/[^/]+";
      }
      score += 10;
      return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    });
    out.push({ id, re: new RegExp(`^${parts.join("")}/?$`, r.caseSensitive ? "" : "i"), score, order: order++ });
  }
  return out.sort((a, b) => b.score - a.score || a.order - b.order);
}

/** For a path, the methods its route answers (null: any), matched as React Router matches it. */
export function routeMethods(build: ServerBuild): (pathname: string) => Method[] | null {
  const compiled = compile(build);
  const allowed = new Map<string, Method[] | null>();
  for (const [id, route] of Object.entries(build.routes)) allowed.set(id, allowedOf(id, route!));
  return (pathname) => {
    const hit = compiled.find((c) => c.re.test(pathname));
    return hit ? (allowed.get(hit.id) ?? null) : null;
  };
}
