import type { z } from "zod";
import { labelPrinters } from "#db/schema";
import type { LabelPrinterPatchSchema, LabelPrinterSchema } from "~/schemas/settings";
import { crud } from "./crud.server";

// Global Settings → Label Printers (issue "Step 9"): the shop's thermal printers, created, edited and deleted
// with the same audit, version and change notices as every other settings entity.
export type LabelPrinter = typeof labelPrinters.$inferSelect;

export const labelPrinterModel = crud<LabelPrinter, z.infer<typeof LabelPrinterSchema>, z.infer<typeof LabelPrinterPatchSchema>>({
  table: labelPrinters,
  entity: "label-printer",
  label: "Label printer",
  uniqueName: true,
});
