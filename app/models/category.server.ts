import { eq, sql } from "drizzle-orm";
import { categories, items, type Category } from "#db/schema";
import type { z } from "zod";
import type { CategoryPatchSchema, CategorySchema } from "~/schemas/settings";
import { countWhere, crud, type Tx, usageMessage } from "./crud.server";
import { followTheFloor } from "./floor-progress.server";
import { sequenceHooks } from "./department.server";

// Shown as "Product" on the screens (docs/product.md §3).
export const categoryModel = crud<Category, z.infer<typeof CategorySchema>, z.infer<typeof CategoryPatchSchema>>({
  table: categories,
  entity: "category",
  label: "Category",
  uniqueName: true,
  ...sequenceHooks,
  // Items name their category; a rename follows through to them. A new department sequence changes which items go
  // through which department: the steps of the active projects with such items follow the floor again (decision 0048).
  afterUpdate: (before, after, tx, actor) => {
    if (before.name !== after.name) tx.update(items).set({ category: after.name }).where(eq(items.category, before.name)).run();
    if (JSON.stringify(before.departmentSequence ?? null) === JSON.stringify(after.departmentSequence ?? null)) return [];
    const now = Date.now();
    return projectsWithCategory(tx, after.name).flatMap((projectId) => followTheFloor(projectId, actor, now));
  },
  inUse: (c, tx) => usageMessage("Category", c.name, [[countWhere(tx, items, eq(items.category, c.name)), "item", "items"]]),
});

/** The active projects with an item of the category: one statement. */
function projectsWithCategory(tx: Tx, name: string): number[] {
  // NOCASE, as the steps' own reading of an item's category (models/floor-progress.server.ts).
  return tx
    .all<{ id: number }>(
      sql`SELECT DISTINCT p.id AS id FROM items i JOIN projects p ON p.id = i.project_id WHERE i.category = ${name} COLLATE NOCASE AND p.status = 'active'`,
    )
    .map((r) => r.id);
}
