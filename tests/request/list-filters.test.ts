import { beforeEach, describe, expect, test } from "bun:test";
import type { Client } from "../helpers/app";
import { seedShop } from "../helpers/shop";

// A list call's filter that names nothing the list has (a mistyped id, an unknown station or side) is a 400 whose
// sentence names the parameter, never a 500 and never the unfiltered list passing for the filtered one.

let admin: Client;
let fabricationId: number;

beforeEach(async () => {
  ({
    clients: { admin },
  } = await seedShop({
    ipBase: "10.73.0",
    members: { admin: { name: "Ada Admin", pin: "4321", keys: ["management"] } },
    departments: ["Fabrication", "Quality Control"],
  }));
  const departments = (await (await admin.request("/api/departments")).json()) as { id: number; value: string }[];
  fabricationId = departments.find((d) => d.value === "fabrication")!.id;
  for (const name of ["Interior Assembly", "Exterior Riveting"]) {
    expect((await admin.request("/api/subdepartments", { method: "POST", json: { departmentId: fabricationId, name } })).status).toBe(201);
  }
});

// biome-ignore lint/suspicious/noExplicitAny: JSON answers, a list or a refusal
type Json = any;
async function get(path: string): Promise<{ status: number; body: Json }> {
  const res = await admin.request(path);
  expect(res.headers.get("content-type")).toContain("application/json");
  return { status: res.status, body: await res.json() };
}

describe("GET /api/subdepartments?departmentId=", () => {
  test("anything but a department id is a 400 naming departmentId", async () => {
    for (const value of ["abc", "1.5", "-1", "0", "1e2", "0x1"]) {
      const res = await get(`/api/subdepartments?departmentId=${value}`);
      expect({ value, ...res }).toEqual({ value, status: 400, body: { message: "departmentId must be a department id (a whole number)" } });
    }
  });

  test("a department's id filters; none, or an empty one, is every subdepartment", async () => {
    expect((await get(`/api/subdepartments?departmentId=${fabricationId}`)).body).toHaveLength(2);
    expect((await get(`/api/subdepartments?departmentId=${fabricationId + 100}`)).body).toEqual([]);
    expect((await get("/api/subdepartments")).body).toHaveLength(2);
    expect((await get("/api/subdepartments?departmentId=")).body).toHaveLength(2);
  });
});

describe("GET /api/work/{department}?station=&side=", () => {
  test("a station the department does not have is a 400 that names station and the ones it has", async () => {
    for (const station of ["gone", "final-inspection", "Interior Assembly"]) {
      const res = await get(`/api/work/fabrication?station=${encodeURIComponent(station)}`);
      expect({ station, ...res }).toEqual({
        station,
        status: 400,
        body: { message: "station must be one of this department's stations or none: exterior-riveting, interior-assembly, none." },
      });
    }
  });

  test("a side other than interior or exterior is a 400 naming side", async () => {
    for (const side of ["upside", "INTERIOR", "1"]) {
      const res = await get(`/api/work/fabrication?side=${side}`);
      expect({ side, ...res }).toEqual({ side, status: 400, body: { message: "side must be interior or exterior." } });
    }
  });

  test("the filters it has still answer, and an empty one is no filter", async () => {
    for (const query of ["station=interior-assembly", "station=none", "side=interior", "side=exterior", "station=", "side="]) {
      expect({ query, status: (await get(`/api/work/fabrication?${query}`)).status }).toEqual({ query, status: 200 });
    }
  });
});
