import { t } from "@lingui/core/macro";
import { check, type Message, oneOf, say, z } from "./messages";

import { bidiMessage, hasBidiControls } from "~/domain/bidi";
import { COLORS } from "~/domain/constants";

// Whitespace and invisible format characters (zero-width space, BOM, joiners) at either end are dropped, so a
// name made only of them is empty, not a record nobody can see or click.
const EDGE_BLANKS = /^[\s\p{Cf}]+|[\s\p{Cf}]+$/gu;
const cleanText = (v: unknown) => (typeof v === "string" ? v.replace(EDGE_BLANKS, "") : v);

// Control characters (NUL, escape codes) and broken UTF-16 have no business in a name: they print as nothing
// or as garbage on screens and labels. Multi-line text may keep its line breaks and tabs.
const CONTROL_IN_LINE = /[\p{Cc}\p{Cs}]/u;
const CONTROL_IN_TEXT = /[\p{Cs}]|(?![\n\r\t])\p{Cc}/u;
const noControl = (s: string) => !CONTROL_IN_LINE.test(s);
const controlMessage = () => t`Remove the control characters (they cannot be shown or printed)`;
const atMost = (max: number) => check(() => t`At most ${max} characters`);
const BIDI = check(bidiMessage);
const CONTROL = check(controlMessage);
// Text-direction overrides and isolates (see domain/bidi.ts) are refused by every text helper below, so every name,
// label and description of every form and API is covered, present and future.
const noBidi = (s: string) => !hasBidiControls(s);

/** Its own message for a missing value only: another one gets the shared sentence naming what it must be. */
export const whenMissing = (message: Message) => ({
  error: (issue: { input?: unknown }) => (issue.input === undefined || issue.input === null || issue.input === "" ? say(message) : undefined),
});

/**
 * Text that must be there. Its message ('Item name is required') is for a missing or empty value; a value of another
 * type (a number, a list) gets the shared sentence that says so ('Name must be text.'), as oneOf does for a choice.
 */
export const requiredText = (message: Message, max = 200) =>
  z.preprocess(cleanText, z.string(whenMissing(message)).min(1, check(message)).max(max, atMost(max)).refine(noControl, CONTROL).refine(noBidi, BIDI));

/**
 * A field the product's clients send that the server decides itself (a department's value comes from its name):
 * taken, so the body is not refused as having an unknown field, and dropped, so it changes nothing.
 */
export const ignoredField = z
  .unknown()
  .transform(() => undefined)
  .optional();

/**
 * A record id from JSON (a number) or text (decimal digits only), as forms and API clients send it. `message` is
 * for an empty choice and, unless `wrong` is given, for a value that is no id; a message that only says the field
 * is required ('Project is required') comes with a `wrong` that says what an id is.
 */
export const idField = (message: Message, wrong: Message = message) =>
  z.preprocess(
    (v) => (typeof v === "string" && /^\d{1,15}$/.test(v.trim()) ? Number(v.trim()) : v),
    z
      .number({ error: (issue) => say(issue.input === undefined || issue.input === null || issue.input === "" ? message : wrong) })
      .int(check(wrong))
      .positive(check(wrong)),
  );

// Normalising happens inside (null → "", "" → null, "4" → 4) and defaults outside: conform turns an empty
// form field into undefined and never runs a preprocess on undefined, so the default must catch that case.
/** Free text that may be empty (null reads as ""); no default, for PATCH bodies where absent means unchanged. */
export const plainText = (max = 2000) =>
  z.preprocess(
    (v) => (v === null ? "" : v),
    z
      .string()
      .trim()
      .max(max, atMost(max))
      .refine((s) => !CONTROL_IN_TEXT.test(s), CONTROL)
      .refine(noBidi, BIDI),
  );

export const optionalText = (max = 2000) => plainText(max).default("");

export const nullableText = (max = 200) =>
  z
    .preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? null : v),
      z.string().trim().max(max, atMost(max)).refine(noControl, CONTROL).refine(noBidi, BIDI).nullable(),
    )
    .default(null);

/** A number from JSON, or from text as forms (and form-encoded API bodies) send it. */
export const numberish = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === "string" ? (v.trim() === "" ? undefined : Number(v)) : v), schema);

export const color = (message: Message = () => t`Color is required`) => oneOf(COLORS, message);

// Not z.coerce: a JSON null must be an error, not 0. The range comes before the whole-number check, so 1e308 is
// too large rather than 'not whole' (zod's int() refuses any number past 2^53), and the API answers each field's
// first problem only (app/http/api.server.ts).
export const sortOrder = numberish(
  z
    .number(check(() => t`Sort order must be a whole number`))
    .min(
      0,
      check(() => t`Sort order must be 0 or greater`),
    )
    .max(
      1_000_000,
      check(() => t`Sort order is too large`),
    )
    .int(check(() => t`Sort order must be a whole number`)),
);

export const bool = z.preprocess((v) => (v === "on" || v === "true" ? true : v === "false" || v === "off" ? false : v), z.boolean());

/**
 * A list that names each value once. A repeat is a client's slip, and kept it would count or send the one thing twice
 * (two deliveries of an event, a skill listed twice): refused, naming the list and the value ('Events lists
 * "item.moved" twice'). `name` is how the list reads as the subject of that sentence.
 */
export const distinct = <T extends z.ZodType<unknown[]>>(list: T, name: Message) =>
  list.superRefine((values, ctx) => {
    const seen = new Set<string>();
    for (const value of values) {
      const key = typeof value === "string" ? value : JSON.stringify(value);
      if (seen.has(key)) {
        const list = say(name);
        const shown = String(value);
        ctx.addIssue({ code: "custom", message: t`${list} lists "${shown}" twice` });
        return;
      }
      seen.add(key);
    }
  });

/** A list from JSON (array) or a form (one text field, comma-separated), each value once. */
export const stringList = (name: Message, max = 50) =>
  z.preprocess(
    (v) =>
      typeof v === "string"
        ? v
            .split(",")
            .map((s) => s.trim())
            .filter(Boolean)
        : v == null
          ? []
          : v,
    distinct(z.array(z.string().trim().min(1).max(100).refine(noBidi, BIDI)).max(max), name),
  );

export const departmentSequence = (message: Message) =>
  z
    .preprocess(
      (v) => (v == null ? [] : typeof v === "string" ? [v] : v),
      z.array(z.string().trim().min(1).max(100).refine(noBidi, BIDI)).min(1, check(message)),
    )
    .refine(
      (list) => new Set(list).size === list.length,
      check(() => t`A department appears twice in the sequence`),
    );

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
  // `version`: what the client read (GET returns it); a PATCH naming an older one is refused as stale (409).
  shape.version = z
    .number(check(() => t`version must be the record's version number (a whole number)`))
    .int()
    .positive()
    .optional();
  return z.object(shape) as unknown as z.ZodObject<
    { [K in keyof T]: z.ZodOptional<T[K] extends z.ZodDefault<infer I> ? I : T[K]> } & { version: z.ZodOptional<z.ZodNumber> }
  >;
}
