import { describe, expect, test } from "bun:test";
import { addMember, build, createApp, type Client } from "../helpers/app";
import { dataSnapshot, routePaths } from "../helpers/routes";
import { SOAK } from "../helpers/soak";

// Bad input never gives a 500 or changes data. Driven by the route list, so routes added later are fuzzed too:
// every route × method × malformed or wrong-typed body, huge and odd strings, prototype keys, bad multipart.

const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
const FIELDS = [
  "name",
  "pinCode",
  "expectedUserId",
  "departmentSequence",
  "color",
  "sortOrder",
  "accessibleDepartments",
  "departmentId",
  "isActive",
  "isMachine",
  "email",
  "profilePhotoUrl",
  "description",
  "category",
  "value",
  "skills",
  "status",
  "version",
  "priority",
  "workflowId",
  "projectId",
  "quantity",
  "material",
  "department",
  "percentComplete",
  "startDate",
  "endDate",
  "teamMemberIds",
  "files",
  "csvData",
  "fileName",
  "machine",
  "redirectTo",
  "tile",
  "_entity",
  "_id",
  "_action",
  "_original",
];

const WRONG_VALUES: unknown[] = [null, [], {}, true, -1, 1e308, "abc", [[[[[]]]]], { $gt: "" }, "\u0000", "0x1"];
const allFields = (value: unknown) => Object.fromEntries(FIELDS.map((f) => [f, value]));

const jsonBodies: string[] = [
  "{not json",
  "[1,2,3]",
  "null",
  '"text"',
  "12",
  '{"__proto__": {"isAdmin": true, "accessibleDepartments": ["management"]}}',
  '{"constructor": {"prototype": {"polluted": true}}}',
  JSON.stringify({ ...allFields("x".repeat(5000)) }),
  JSON.stringify({ name: "\u202e\u0000\ud800", pinCode: "１２３４", expectedUserId: "1e3" }),
  JSON.stringify({ nested: JSON.parse("[".repeat(500) + "]".repeat(500)) }),
  ...WRONG_VALUES.map((v) => JSON.stringify(allFields(v))),
];

const formBodies: string[] = [
  "_entity=__proto__&name=x",
  "_entity=constructor&_id=1&_action=delete",
  "_entity=materials&_id=0x1&_action=delete",
  "_entity=materials&_id=-1&name=x",
  "_entity=team-members&_id=99999&name=x&pinCode=12",
  "_entity=categories&_original=%7Bbroken&_id=1&name=",
  "pinCode=12ab&redirectTo=%2F%0D%0ASet-Cookie%3A%20x%3D1",
  "pinCode=0000&redirectTo=%E2%80%A8%F0%9F%92%A5&tile=__proto__",
  "tile=constructor",
  "tile=" + "x".repeat(10_000),
  "%%%=%%%&a=%",
];

const MULTIPART_BAD = [
  ["multipart/form-data", "--x\r\nnothing"],
  ["multipart/form-data; boundary=", "--\r\n"],
  ["multipart/form-data; boundary=abc", "garbage without boundary"],
  ["multipart/form-data; boundary=abc", '--abc\r\nContent-Disposition: form-data; name="_entity"\r\n\r\n__proto__\r\n--abc'],
] as const;

type Shot = { method: string; path: string; type?: string; body?: string };

const OTHER_TYPES = [
  ["text/plain", "pinCode=1234"],
  ["application/xml", "<a/>"],
] as const;

/**
 * Every route × method, without a body and with odd query strings; a write method also gets every bad body
 * (`full`), or per commit a few of them, taken in turn so that across the routes every body is still sent many
 * times (`npm run test:soak` sends them all to every route).
 */
function shots(paths: string[], full: boolean): Shot[] {
  const out: Shot[] = [];
  let turn = 0;
  const some = <T>(list: readonly T[], n: number): readonly T[] => {
    if (full) return list;
    return Array.from({ length: Math.min(n, list.length) }, (_, k) => list[(turn * n + k) % list.length]!);
  };
  for (const listed of paths) {
    for (const method of METHODS) {
      // A DELETE of an existing record is a valid request whatever its body: fuzz deletes on a missing one.
      const path = method === "DELETE" ? listed.replace(/\/1$/, "/99999") : listed;
      out.push({ method, path });
      out.push({ method, path: `${path}${path.includes("?") ? "&" : "?"}tab=__proto__&edit=0x1&delete=-1&new=1&subnew=1e3&redirectTo=//evil` });
      if (method === "GET" || method === "HEAD" || method === "OPTIONS") continue;
      const api = path.startsWith("/api/");
      for (const body of some(jsonBodies, 3)) out.push({ method, path, type: "application/json", body });
      if (!api) for (const body of some(formBodies, 2)) out.push({ method, path, type: "application/x-www-form-urlencoded", body });
      for (const [type, body] of some(MULTIPART_BAD, 1)) out.push({ method, path, type, body });
      for (const [type, body] of some(OTHER_TYPES, 1)) out.push({ method, path, type, body });
      turn++;
    }
  }
  return out;
}

async function fire(c: Client, s: Shot) {
  return c.request(s.path, { method: s.method, headers: s.type ? { "content-type": s.type } : undefined, body: s.body });
}

describe("fuzzing every route", () => {
  test("signed in as a manager and signed out: no 5xx, no changed row, no polluted prototype", async () => {
    const app = createApp();
    addMember("Ada Admin", "4321", ["management"]);
    addMember("Pat Pre", "1111", ["pre-production"]);
    const admin = app.client("10.20.0.1");
    await admin.signIn("4321");
    await admin.request("/api/materials", { method: "POST", json: { name: "Vinyl", category: "Film" } });
    await admin.request("/api/departments", { method: "POST", json: { name: "Router" } });

    const paths = routePaths(build).filter((p) => p !== "/logout" && p !== "/api/auth/logout");
    const all = shots(paths, SOAK);
    expect(all.length).toBeGreaterThan(SOAK ? 2000 : 700);
    // Per commit every bad body still reaches a route of each kind: an API route and a page's action.
    if (!SOAK) {
      for (const body of [...jsonBodies, ...formBodies]) expect(all.some((s) => s.body === body)).toBe(true);
    }
    const before = dataSnapshot(app.db);
    const failures: string[] = [];
    let n = 0;
    for (const s of all) {
      // Alternate identities, each request from its own address so the sign-in throttle stays out of the way.
      const c = n % 3 === 2 ? app.client(`10.21.${Math.floor(n / 250) % 250}.${n % 250}`) : admin;
      n++;
      const res = await fire(c, s);
      if (res.status >= 500) failures.push(`${s.method} ${s.path} [${s.type ?? "-"}] ${s.body?.slice(0, 60) ?? ""} → ${res.status}`);
      if (s.path.startsWith("/api/") && res.status >= 400 && s.method !== "HEAD") {
        const type = res.headers.get("content-type") ?? "";
        if (!type.includes("json")) failures.push(`${s.method} ${s.path} → ${res.status} not JSON (${type})`);
        else {
          const body = (await res.json()) as { message?: unknown };
          if (typeof body.message !== "string" || /Invalid input|expected .*, received|SQLITE|TypeError|undefined/.test(body.message)) {
            failures.push(`${s.method} ${s.path} → unreadable message ${JSON.stringify(body.message)}`);
          }
        }
      }
      if ((await admin.request("/api/materials")).status !== 200) await admin.signIn("4321");
    }
    expect(failures).toEqual([]);
    expect(dataSnapshot(app.db)).toBe(before);
    expect(({} as Record<string, unknown>).isAdmin).toBeUndefined();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
