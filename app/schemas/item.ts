import { t } from "@lingui/core/macro";
import { DEFAULT_MATERIAL } from "~/domain/constants";
import { idField, patchOf, requiredText } from "./common";
import { check, oneOf, z } from "./messages";

// docs/product.md §5 'Item form' (project detail) and 'Product form' (items screen), and the §7 items bodies.

// The range first: 1e308 is 'at most 1,000,000', not 'not whole' (zod's int() refuses any number past 2^53).
const quantityRange = z
  .number(check(() => t`Quantity must be a whole number`))
  .min(
    1,
    check(() => t`Quantity must be at least 1`),
  )
  .max(
    1_000_000,
    check(() => t`Quantity must be at most 1,000,000`),
  )
  .int(check(() => t`Quantity must be a whole number`));

/** The item forms' quantity (docs/product.md §5): at least 1, default 1; a non-numeric quantity falls back to 1. */
export const quantity = z.preprocess((v) => {
  if (v === undefined || v === null || v === "") return 1;
  const n = typeof v === "number" ? v : typeof v === "string" ? Number(v.trim()) : NaN;
  return Number.isFinite(n) ? Math.trunc(n) : 1;
}, quantityRange);

/**
 * The API's quantity (docs/product.md, Decisions: API bodies): absent, null or empty is 1, a number or the text of
 * one is checked as the form's, and anything else is refused naming the field. The form's fallback is for what a
 * person typed; a program that sends `"thirty"` or `{ "value": 30 }` would otherwise have its item's quantity set to 1.
 */
export const apiQuantity = z.preprocess((v) => {
  if (v === undefined || v === null || v === "") return 1;
  return typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v.trim())) ? Number(v.trim()) : v;
}, quantityRange);

/** docs/product.md §5: the value 'none' (and an empty choice) means no workflow. */
const optionalWorkflow = z.preprocess((v) => (v === "none" || v === "" || v === null ? null : v), idField(() => t`Choose a workflow, or none`).nullable());

/** The project detail's Add Item / Edit Item form. */
export const ItemFormSchema = z.object({
  name: requiredText(() => t`Item name is required`),
  category: requiredText(() => t`Category is required`, 200),
  material: requiredText(() => t`Material is required`, 200),
  quantity,
});

/** An item form sent on by its 'Add a material' / 'Add a product' button (views/add-entry-detour.server.ts): as typed, unchecked. */
export const AddEntryPostSchema = z.object({ addEntry: oneOf(["material", "product"]) });

/** The items screen's Create New Product / Edit Product form. */
export const ProductFormSchema = z.object({
  name: requiredText(() => t`Product name is required`),
  category: requiredText(() => t`Category is required`, 200),
  department: requiredText(() => t`Department is required`, 100),
  projectId: idField(
    () => t`Project is required`,
    () => t`Project must be a project id`,
  ),
  material: requiredText(() => t`Material is required`, 200).default(DEFAULT_MATERIAL),
  quantity,
  workflowId: optionalWorkflow.default(null),
  productWorkflowId: optionalWorkflow.default(null),
});

/** POST /api/items: either form's fields; material 'Unknown', quantity 1 and the first department by default. */
export const ItemCreateSchema = z.object({
  name: requiredText(() => t`Item name is required`),
  category: requiredText(() => t`Category is required`, 200),
  material: requiredText(() => t`Material is required`, 200).default(DEFAULT_MATERIAL),
  quantity: apiQuantity,
  projectId: idField(
    () => t`Project is required`,
    () => t`Project must be a project id`,
  ),
  department: requiredText(() => t`Department is required`, 100).optional(),
  workflowId: optionalWorkflow.optional(),
  productWorkflowId: optionalWorkflow.optional(),
});

/** PATCH /api/items/{id}: the changed fields, checked as the create checks them. */
export const ItemPatchSchema = patchOf(ItemCreateSchema);
