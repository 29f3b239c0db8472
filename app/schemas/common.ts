import { z } from "zod";

import { COLORS } from "~/utils/constants";

export const requiredText = (message: string, max = 200) =>
  z.string({ error: message }).trim().min(1, message).max(max, `At most ${max} characters`);

// Normalising happens inside (null → "", "" → null, "4" → 4) and defaults outside: conform turns an empty
// form field into undefined and never runs a preprocess on undefined, so the default must catch that case.
export const optionalText = (max = 2000) =>
  z.preprocess((v) => (v === null ? "" : v), z.string().trim().max(max, `At most ${max} characters`)).default("");

export const nullableText = (max = 200) =>
  z
    .preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? null : v),
      z.string().trim().max(max, `At most ${max} characters`).nullable(),
    )
    .default(null);

/** A number from JSON, or from text as forms (and form-encoded API bodies) send it. */
export const numberish = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v), schema);

export const color = (message = "Color is required") => z.enum(COLORS, { error: message });

// Not z.coerce: a JSON null must be an error, not 0.
export const sortOrder = numberish(
  z
    .number({ error: "Sort order must be 0 or greater" })
    .int("Sort order must be a whole number")
    .min(0, "Sort order must be 0 or greater")
    .max(1_000_000, "Sort order is too large"),
);

export const bool = z.preprocess(
  (v) => (v === "on" || v === "true" ? true : v === "false" || v === "off" ? false : v),
  z.boolean(),
);

/** A list from JSON (array) or a form (one text field, comma-separated). */
export const stringList = (max = 50) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v.split(",").map((s) => s.trim()).filter(Boolean)
        : v == null
          ? []
          : v,
    z.array(z.string().trim().min(1).max(100)).max(max),
  );

export const departmentSequence = (message: string) =>
  z.preprocess((v) => (v == null ? [] : typeof v === "string" ? [v] : v), z.array(z.string().trim().min(1).max(100)).min(1, message))
    .refine((list) => new Set(list).size === list.length, "A department appears twice in the sequence");

export function slugify(name: string): string {
  // A URL-safe value from a name: accents dropped ('Zünd' → 'zund'), lowercase, every run of other characters
  // one '-', no '-' at either end. 'Cut & Sew (Zünd) #2' → 'cut-sew-zund-2'. No letter or digit gives ''.
  const letters: Record<string, string> = { ß: "ss", æ: "ae", ø: "o", œ: "oe", đ: "d", ł: "l", þ: "th" };
  return name
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[ßæøœđłþ]/g, (c) => letters[c]!)
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
}

/**
 * The PATCH form of a create schema: every field optional and no defaults, so a field left out of a PATCH
 * keeps its stored value instead of being reset to the create default.
 */
export function patchOf<T extends z.ZodRawShape>(schema: z.ZodObject<T>) {
  const shape: Record<string, z.ZodType> = {};
  for (const [key, field] of Object.entries(schema.shape)) {
    const inner = field instanceof z.ZodDefault ? (field.unwrap() as z.ZodType) : (field as z.ZodType);
    shape[key] = inner.optional();
  }
  return z.object(shape) as unknown as z.ZodObject<{
    [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer I> ? I : T[K]>;
  }>;
}
