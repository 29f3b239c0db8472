import { eq } from "drizzle-orm";
import { categories, items, type Category } from "#db/schema";
import type { z } from "zod";
import type { CategoryPatchSchema, CategorySchema } from "~/schemas/settings";
import { countWhere, crud, usageMessage } from "./crud.server";
import { sequenceHooks } from "./department.server";

// Shown as "Product" on the screens (docs/product.md §3).
export const categoryModel = crud<Category, z.infer<typeof CategorySchema>, z.infer<typeof CategoryPatchSchema>>({
  table: categories,
  entity: "category",
  label: "Category",
  uniqueName: true,
  ...sequenceHooks,
  // Items name their category; a rename follows through to them.
  afterUpdate: (before, after, tx) => {
    if (before.name !== after.name) tx.update(items).set({ category: after.name }).where(eq(items.category, before.name)).run();
  },
  inUse: (c, tx) => usageMessage("Category", c.name, [[countWhere(tx, items, eq(items.category, c.name)), "item", "items"]]),
});
