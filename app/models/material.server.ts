import { eq } from "drizzle-orm";
import { items, materials, type Material } from "#db/schema";
import type { z } from "zod";
import type { MaterialPatchSchema, MaterialSchema } from "~/schemas/settings";
import { countWhere, crud, usageMessage } from "./crud.server";

export const materialModel = crud<Material, z.infer<typeof MaterialSchema>, z.infer<typeof MaterialPatchSchema>>({
  table: materials,
  entity: "material",
  label: "Material",
  uniqueName: true,
  afterUpdate: (before, after, tx) => {
    if (before.name !== after.name) tx.update(items).set({ material: after.name }).where(eq(items.material, before.name)).run();
  },
  inUse: (m, tx) => usageMessage("Material", m.name, [[countWhere(tx, items, eq(items.material, m.name)), "item", "items"]]),
});
