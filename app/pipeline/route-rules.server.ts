import type { ServerBuild } from "react-router";
import type { Permission } from "~/services/permissions.server";

// The HTTP rules of each route, read from the route modules themselves: which methods it answers (a 405's
// Allow, an OPTIONS answer) and how large a body it takes, from whom, in which content types. The HTTP layer
// finds the route for a request as React Router will and applies them, so they hold for every route, present
// and future, and a route's rules sit beside its code.
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

/**
 * A write that may carry more than 64 KB: only a signed-in member with `permission` may send up to `limit`
 * ("upload": MAX_UPLOAD_MB, plus 64 KB for a form's other fields; "csv": a machine-file import or a spreadsheet
 * of thousands of files). Everyone else, signed out included, gets 64 KB, decided before a byte is read.
 */
export type BodyRule = {
  limit: "upload" | "csv";
  permission: Permission;
  /**
   * A design upload, received at most two at a time and written to disk as it arrives: the body itself ("raw"),
   * or the file of a multipart form ("multipart": the rule is for multipart bodies only).
   */
  upload?: "raw" | "multipart";
  /** The content types an /api route takes for this method (default: JSON only); "" takes a body sent without one. */
  types?: readonly string[];
};
type MethodBodies = Partial<Record<Declared, BodyRule>>;
/** A route module's `body` export: rules by method, or by route id then method (a module on several paths). */
export type RouteBody = MethodBodies | Readonly<Record<string, MethodBodies>>;

type RouteModule = { loader?: unknown; action?: unknown; default?: unknown; methods?: RouteMethods; body?: RouteBody };

function bodiesOf(routeId: string, mod: RouteModule): MethodBodies {
  const b = mod.body;
  if (!b) return {};
  const byMethod = Object.keys(b).every((k) => (METHODS as readonly string[]).includes(k));
  return byMethod ? (b as MethodBodies) : ((b as Record<string, MethodBodies>)[routeId] ?? {});
}

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

type Compiled = { id: string; pattern: string; re: RegExp; params: string[]; score: number; order: number };

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
    const params: string[] = [];
    const parts = segments.map((seg) => {
      if (seg === "*") {
        score -= 2;
        return "(?:/.*)?";
      }
      if (seg.startsWith(":")) {
        score += 3;
        params.push(seg.slice(1).replace(/\?$/, ""));
        return seg.endsWith("?") ? "(?:/([^/]+))?" : "/([^/]+)";
      }
      score += 10;
      return `/${seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    });
    out.push({ id, pattern: `/${segments.join("/")}`, re: new RegExp(`^${parts.join("")}/?$`, r.caseSensitive ? "" : "i"), params, score, order: order++ });
  }
  return out.sort((a, b) => b.score - a.score || a.order - b.order);
}

export type RouteRules = {
  id: string;
  /** The route's path as app/routes.ts declares it (`/api/items/:id/start-timer`): what /metrics counts by. */
  pattern: string;
  /** The path's parameters, as React Router will hand them to the route (still percent-encoded). */
  params: Record<string, string | undefined>;
  /** The methods the route answers (null: any, the catch-all routes). */
  methods: Method[] | null;
  /** The route's large-body rule for a method, if it has one. */
  body: (method: string) => BodyRule | null;
};

/** For a path, its route and that route's rules, matched as React Router matches it (null: no route). */
export function routeRules(build: ServerBuild): (pathname: string) => RouteRules | null {
  const compiled = compile(build);
  const byId = new Map<string, { methods: Method[] | null; bodies: MethodBodies }>();
  for (const [id, route] of Object.entries(build.routes)) {
    byId.set(id, { methods: allowedOf(id, route!), bodies: bodiesOf(id, route!.module as RouteModule) });
  }
  return (pathname) => {
    for (const c of compiled) {
      const m = c.re.exec(pathname);
      if (!m) continue;
      const rules = byId.get(c.id)!;
      const params = Object.fromEntries(c.params.map((name, i) => [name, m[i + 1]]));
      return { id: c.id, pattern: c.pattern, params, methods: rules.methods, body: (method) => rules.bodies[method as Declared] ?? null };
    }
    return null;
  };
}
