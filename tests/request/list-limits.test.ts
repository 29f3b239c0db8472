import { beforeAll, describe, expect, test } from "bun:test";
import * as schema from "#db/schema";
import { addMember, createApp, type Client } from "../helpers/app";

// Every /api list that grows with the shop's work answers at most 500 rows unless asked for a page
// (`?limit=` up to 1000, `?offset=`): the body stays the JSON array the spec's clients read, `X-Total-Count` gives
// the whole list's size and `Link: <…>; rel="next"` the next page (decision 0023).

let app: ReturnType<typeof createApp>;
let member: Client;
let projectId: number;
let itemId: number;
const N = 620;

beforeAll(async () => {
  app = createApp();
  addMember("Ada", "4321", ["management"]);
  member = app.client("10.0.0.1");
  await member.signIn("4321");
  const db = app.db;
  db.insert(schema.departments).values({ name: "Zund G3", value: "zund-g3", isMachine: true }).run();
  const projects = db
    .insert(schema.projects)
    .values(Array.from({ length: N }, (_, i) => ({ name: `Project ${i}` })))
    .returning({ id: schema.projects.id })
    .all();
  projectId = projects[0]!.id;
  for (let i = 0; i < N; i += 200) {
    db.insert(schema.items)
      .values(Array.from({ length: Math.min(200, N - i) }, (_, j) => ({ name: `Item ${i + j}`, category: "Banner", projectId })))
      .run();
    db.insert(schema.machineReadyFiles)
      .values(
        Array.from({ length: Math.min(200, N - i) }, (_, j) => ({
          name: `f${i + j}.pdf`,
          fileName: `f${i + j}.pdf`,
          machine: "zund-g3",
          filePath: `/files/f${i + j}.pdf`,
          projectId,
          sortOrder: i + j + 1,
          isCompleted: true,
          qrCodeClicked: true,
          completedAt: new Date(Date.now() - (i + j) * 1000),
        })),
      )
      .run();
    db.insert(schema.materials)
      .values(Array.from({ length: Math.min(200, N - i) }, (_, j) => ({ name: `Material ${String(i + j).padStart(4, "0")}`, category: "Vinyl" })))
      .run();
  }
  itemId = db.select({ id: schema.items.id }).from(schema.items).limit(1).get()!.id;
  db.insert(schema.timerLogs)
    .values(Array.from({ length: N }, (_, i) => ({ itemId, action: i % 2 ? "stop" : "start", timestamp: new Date(Date.now() - (N - i) * 60_000) }) as const))
    .run();
});

const LISTS = [
  "/api/machine-ready-files",
  `/api/machine-ready-files?projectId=PROJECT`,
  "/api/items",
  "/api/items?projectId=PROJECT",
  "/api/projects",
  "/api/projects-with-metrics",
  "/api/items/ITEM/timer-logs",
  "/api/machine-files-with-details?machine=zund-g3",
  "/api/completed-files-analytics",
  "/api/completed-files-analytics?machine=zund-g3",
  "/api/materials",
];
const at = (path: string) => path.replace("PROJECT", String(projectId)).replace("ITEM", String(itemId));

describe("list calls", () => {
  test.each(LISTS)("%s: 500 rows by default, X-Total-Count, Link rel=next; the next page has the rest", async (template) => {
    const path = at(template);
    const res = await member.request(path);
    expect(res.status).toBe(200);
    const rows = (await res.json()) as { id?: number; name?: string }[];
    expect(Array.isArray(rows)).toBe(true);
    expect(rows).toHaveLength(500);
    expect(res.headers.get("x-total-count")).toBe(String(N));
    const link = res.headers.get("link")!;
    const next = /^<([^>]+)>; rel="next"$/.exec(link)![1]!;
    expect(next.startsWith(path.split("?")[0]!)).toBe(true);
    expect(new URL(next, "http://x").searchParams.get("offset")).toBe("500");
    const rest = await member.request(next);
    const restRows = (await rest.json()) as unknown[];
    expect(restRows).toHaveLength(N - 500);
    expect(rest.headers.get("link")).toBeNull();
    expect(rest.headers.get("x-total-count")).toBe(String(N));
    // The two pages are the whole list, once each.
    const key = (r: { id?: number; name?: string }) => r.id ?? r.name;
    expect(new Set([...rows, ...(restRows as typeof rows)].map(key)).size).toBe(N);
    const big = await member.request(`${path}${path.includes("?") ? "&" : "?"}limit=1000`);
    expect(await big.json()).toHaveLength(N);
    expect(big.headers.get("link")).toBeNull();
    expect((await member.request(`${path}${path.includes("?") ? "&" : "?"}limit=1001`)).status).toBe(400);
  });

  test("a short list has a total and no next page", async () => {
    const res = await member.request("/api/departments");
    expect(await res.json()).toHaveLength(1);
    expect(res.headers.get("x-total-count")).toBe("1");
    expect(res.headers.get("link")).toBeNull();
  });
});
