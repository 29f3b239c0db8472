import { freshDatabases } from "./fresh-database";
import { statementWatchers } from "./statements";

// Request-level tests drive the real server bundle (the React Router build with the server's own code) through
// the same fetch handler Bun.serve uses. `npm test` builds first; run `npm run build` before `bun test` on its own.
const server = await import("../../build/server/index.js");
export const build = server.build;
export const { createFetchHandler, staticFromDir } = server;
/**
 * The bundle's own modules (server/test-hooks.ts): what a test seeds and inspects through, so the process holds
 * one copy of each and the test sees the database, caches and settings its requests use (decision 0047).
 */
export const hooks = server.hooks;
export const { useTestDb } = freshDatabases(hooks);
export const { watchStatements, countStatements, captureStatements, statementsByTransaction } = statementWatchers(hooks);

export type Client = ReturnType<typeof createClient>;

export function createApp(env: Record<string, string | undefined> = {}) {
  const db = useTestDb(env);
  const fetch = createFetchHandler(build, { staticSource: staticFromDir("build/client"), mode: "production" });
  return { db, fetch, client: (ip = "10.0.0.1") => createClient(fetch, ip) };
}

/** The body of a request given as `json` or `form` (its content type set in `headers`), else `init.body`. */
export function encodeBody(init: RequestInit & { json?: unknown; form?: Record<string, string> }, headers: Headers) {
  if (init.json !== undefined) {
    headers.set("content-type", "application/json");
    return JSON.stringify(init.json);
  }
  if (init.form) {
    headers.set("content-type", "application/x-www-form-urlencoded");
    return new URLSearchParams(init.form).toString();
  }
  return init.body;
}

export function createClient(fetch: ReturnType<typeof createFetchHandler>, ip: string) {
  let cookies = new Map<string, string>();
  const socket = { requestIP: () => ({ address: ip }) };
  async function request(path: string, init: RequestInit & { json?: unknown; form?: Record<string, string> } = {}) {
    const headers = new Headers(init.headers);
    const body = encodeBody(init, headers);
    // Like a browser, a write names its page's origin; a test passes `origin: "omit"` to send none.
    if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", "http://localhost");
    if (headers.get("origin") === "omit") headers.delete("origin");
    if (cookies.size) headers.set("cookie", [...cookies].map(([k, v]) => `${k}=${v}`).join("; "));
    const res = await fetch(new Request(`http://localhost${path}`, { ...init, headers, body, redirect: "manual" }), socket);
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const [k, v] = pair!.split("=");
      if (attrs.some((a) => /max-age=0/i.test(a.trim())) || v === "") cookies.delete(k!.trim());
      else cookies.set(k!.trim(), v!.trim());
    }
    return res;
  }
  return {
    request,
    cookies: () => cookies,
    clearCookies: () => (cookies = new Map()),
    signIn: async (pinCode: string) => {
      const res = await request("/api/auth/verify-pin", { method: "POST", json: { pinCode } });
      if (res.status !== 200) throw new Error(`sign-in failed: ${res.status} ${await res.text()}`);
      return res.json();
    },
  };
}

export function addMember(name: string, pinCode: string, accessibleDepartments: string[], isActive = true) {
  return hooks.createTeamMember({ name, pinCode, accessibleDepartments, isActive }, { id: null, name: "test" });
}

/** Only the visible document, not the hydration data, so a text must really be on the page to match. */
export const visibleHtml = async (res: Response) =>
  (await res.text())
    .split(/<script[^>]*>window.__reactRouterContext/)[0]!
    .replace(/<!-- -->/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'");
