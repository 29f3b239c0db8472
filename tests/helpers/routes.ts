import type { ServerBuild } from "react-router";
import type { DB } from "~/infra/db.server";

/**
 * Every route of the built app as a concrete path (`:id` → 1, `*` → a path nothing else matches), so tests that
 * must hold for every route (cross-site refusal, fuzzing) also cover routes added later without being edited.
 */
export function routePaths(build: ServerBuild): string[] {
  const full = (id: string): string => {
    const r = build.routes[id]!;
    const parent = r.parentId ? full(r.parentId) : "";
    return r.path ? `${parent}/${r.path}`.replace(/\/+/g, "/") : parent;
  };
  const paths = new Set<string>();
  for (const id of Object.keys(build.routes)) {
    if (id === "root") continue;
    const r = build.routes[id]!;
    let p = full(id) || "/";
    p = p.replace(/:[A-Za-z]+\??/g, "1").replace(/\*$/, "no-such-thing");
    paths.add(r.index ? "/?index" : p);
  }
  return [...paths].sort();
}

const VOLATILE = new Set(["audit_log", "login_attempts", "login_refusals", "sessions", "__drizzle_migrations", "sqlite_sequence"]);

/** Every row of every data table, as one string: equal snapshots mean no request changed any record. */
export function dataSnapshot(db: DB): string {
  const tables = db.$client
    .query<{ name: string }, []>("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")
    .all()
    .map((t) => t.name)
    .filter((t) => !VOLATILE.has(t));
  return JSON.stringify(tables.map((t) => [t, db.$client.query(`SELECT * FROM "${t}" ORDER BY rowid`).all()]));
}
