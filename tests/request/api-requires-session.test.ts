import { describe, expect, test } from "bun:test";
import routes from "~/routes";
import { createApp } from "../helpers/app";

type RouteEntry = { path?: string; file: string; children?: RouteEntry[] };

function flatten(list: RouteEntry[]): RouteEntry[] {
  return list.flatMap((r) => [r, ...flatten(r.children ?? [])]);
}

// Driven from app/routes.ts, so every /api route added later is covered without editing this file.
const apiRoutes = flatten(routes as RouteEntry[]).filter((r) => r.path?.startsWith("api/"));
const PUBLIC = new Set(["api/auth/verify-pin", "api/auth/sign-in-names"]);

describe("every /api route answers 401 JSON without a session", () => {
  const app = createApp();
  const client = app.client();

  test("the route list has /api routes", () => {
    expect(apiRoutes.length).toBeGreaterThan(3);
  });

  for (const route of apiRoutes.filter((r) => !PUBLIC.has(r.path!))) {
    const path = "/" + route.path!.replace(/:[A-Za-z]+\??/g, "1").replace(/\*$/, "anything");
    for (const method of ["GET", "POST", "PATCH", "PUT", "DELETE"]) {
      test(`${method} ${path}`, async () => {
        const res = await client.request(path, {
          method,
          ...(method === "GET" ? {} : { json: {} }),
        });
        expect(res.status).toBe(401);
        expect(res.headers.get("content-type")).toContain("application/json");
        expect(await res.json()).toEqual({ message: "Authentication required" });
      });
    }
  }
});
