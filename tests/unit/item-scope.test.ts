import { beforeEach, describe, expect, test } from "bun:test";
import { seedDemo } from "#db/seed/demo";
import { items } from "#db/schema";
import { asc } from "drizzle-orm";
import { deleteItem, getItem, updateItem } from "~/models/item.server";
import { resetTimer } from "~/models/timer.server";
import { NotFoundError } from "~/domain/errors";
import type { DB } from "~/infra/db.server";
import { useTestDb } from "../helpers/db";

// A project page's item forms name the project they were opened in; the model refuses an item of another project
// inside the write's own transaction (a forged or stale id), so no route has to look the item up first.
const actor = { id: null, name: "test", ip: null };
let db: DB;
let item: typeof items.$inferSelect;
let otherProject: number;

beforeEach(() => {
  db = useTestDb();
  seedDemo(db, { hashPin: (p) => `h${p}`, adminName: "Administrator" });
  const all = db.select().from(items).orderBy(asc(items.id)).all();
  item = all.find((i) => i.totalTimeSeconds > 0)!;
  otherProject = all.find((i) => i.projectId !== item.projectId)!.projectId;
});

describe("an item is changed only in its own project", () => {
  test("update, delete and timer reset refuse an item of another project and change nothing", () => {
    expect(updateItem(item.id, { name: "Forged" }, actor, { inProject: otherProject })).toBeUndefined();
    expect(deleteItem(item.id, actor, { inProject: otherProject })).toBeUndefined();
    expect(() => resetTimer(item.id, actor, { inProject: otherProject })).toThrow(NotFoundError);
    expect(getItem(item.id)).toMatchObject({ name: item.name, totalTimeSeconds: item.totalTimeSeconds });
  });

  test("in its own project each one goes through", () => {
    expect(updateItem(item.id, { name: "Renamed" }, actor, { inProject: item.projectId })?.name).toBe("Renamed");
    expect(resetTimer(item.id, actor, { inProject: item.projectId }).totalTimeSeconds).toBe(0);
    expect(deleteItem(item.id, actor, { inProject: item.projectId })?.id).toBe(item.id);
    expect(getItem(item.id)).toBeUndefined();
  });
});
