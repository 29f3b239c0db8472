import { t } from "@lingui/core/macro";
import { MAX_ORDER_ROWS, ORDER_FIELDS, type OrderField, type OrderRow } from "~/domain/order-plan";
import { check, z } from "./messages";

// POST /api/projects/import and the import screen's Confirm (decision 0045). The cells are taken as text and
// checked line by line by planOrderImport, so every bad row comes back with its index and reason, not only the first.

// A cell: text, a number (a quantity sent as 4), or nothing. Longer than any field may be is refused here; the
// planner says which field is too long for the rest.
const cell = z
  .union(
    [
      z.string().max(
        1000,
        check(() => t`At most 1000 characters in a cell`),
      ),
      z.number(),
    ],
    { error: () => t`Each field is text or a number` },
  )
  .nullish()
  .transform((v) => (v === null || v === undefined ? "" : String(v).replace(/^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu, "")));

const rowShape = Object.fromEntries(ORDER_FIELDS.map((f) => [f, cell])) as Record<OrderField, typeof cell>;

/** One row of the API body: the ten fields by name; unknown names are refused, so a misspelt one is not lost. */
export const OrderRowSchema = z.strictObject(rowShape);

const rows = z
  .array(OrderRowSchema, { error: () => t`rows must be a list of rows` })
  .min(
    1,
    check(() => t`Send at least one row`),
  )
  .max(
    MAX_ORDER_ROWS,
    check(() => t`At most ${MAX_ORDER_ROWS} rows`),
  );

/** The API body: `{ "rows": [...] }`; `dryRun` (or `?dryRun=1`) previews without importing; `importId` makes a resend harmless. */
export const OrderImportBodySchema = z.object({
  rows,
  dryRun: z.boolean({ error: () => t`dryRun is true or false` }).optional(),
  importId: z
    .string()
    .trim()
    .min(1)
    .max(
      100,
      check(() => t`importId is at most 100 characters`),
    )
    .optional(),
});

/** The rows of the API body with their row numbers (1 + index), as planOrderImport reads them. */
export const numberedRows = (list: readonly Record<OrderField, string>[]): OrderRow[] => list.map((r, i) => ({ ...r, line: i + 1 }));

/** The rows the import screen's Confirm posts back, as the preview read them from the file (with their line numbers). */
export const ConfirmedRowsSchema = z
  .array(OrderRowSchema.extend({ line: z.number().int().positive() }))
  .min(1)
  .max(MAX_ORDER_ROWS);
