// A form posts every field; docs/product.md §7's PATCH carries the changed ones. The form also carries the record as it was
// opened (`_original`), so an action can tell which fields this person changed (decisions 0009 and 0021).

/** The hidden field that carries the values an edit form opened with. */
export const ORIGINAL_FIELD = "_original";

/** The JSON object of an `_original` field, or null for anything else (absent, too long, not an object). */
export function parseOriginal(raw: unknown): Record<string, unknown> | null {
  if (typeof raw !== "string" || raw.length > 20_000) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/** The values a form was opened with (`_original`, JSON of the record as loaded), or null. */
export function originalOf(formData: FormData): Record<string, unknown> | null {
  return parseOriginal(formData.get(ORIGINAL_FIELD));
}

/** What an edit form may keep as the values it opened with: what its fields show, as the record holds them. */
export type OpenedValue = string | number | boolean | null | readonly (string | number)[];

const kind = (v: unknown) => (v === null || v === undefined ? "null" : Array.isArray(v) ? "array" : typeof v);

/** A value sent back in `_original` fits where the record has `now`: the same kind, or null for a plain value. */
function fits(now: OpenedValue, sent: unknown): sent is OpenedValue {
  const k = kind(sent);
  const was = kind(now);
  if (k === "null") return was !== "array" && was !== "boolean";
  if (!["string", "number", "boolean", "array"].includes(k)) return false;
  if (was === "null") return k !== "array";
  if (k !== was) return false;
  if (k !== "array") return true;
  const list = sent as unknown[];
  const first = (now as readonly unknown[])[0];
  return list.every((x) => (first === undefined ? typeof x === "string" || typeof x === "number" : typeof x === typeof first));
}

/**
 * The values a form opened with, when a refused save brings back the `_original` it was sent with (the page is
 * drawn again, or the form mounted afresh): the sent values where they fit the record's fields, else null. An edited
 * or foreign `_original` cannot put anything else in the form.
 */
export function openedFromSent<T extends Record<string, OpenedValue>>(current: T, sent: unknown): T | null {
  const original = typeof sent === "string" ? parseOriginal(sent) : null;
  if (!original) return null;
  const out: Record<string, OpenedValue> = {};
  for (const [key, now] of Object.entries(current)) {
    if (!Object.hasOwn(original, key)) return null;
    const value = original[key];
    if (!fits(now, value)) return null;
    out[key] = value;
  }
  return out as T;
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * docs/product.md §7: a PATCH carries the changed fields. A form posts every field, so the fields the person changed are
 * the ones that differ from what the form was opened with; only those are saved, and the model refuses the save
 * when someone else changed one of them meanwhile. Two managers editing different fields both keep their change.
 */
export function changedFields<T extends object>(
  value: T,
  original: Record<string, unknown> | null,
): { patch: Partial<T>; expected: Record<string, unknown> | undefined } {
  if (!original) return { patch: value, expected: undefined };
  const patch: Partial<T> = {};
  const expected: Record<string, unknown> = {};
  for (const key of Object.keys(value) as (keyof T & string)[]) {
    const v = value[key];
    if (v === undefined) continue;
    if (!(key in original)) {
      patch[key] = v;
    } else if (!sameValue(v, original[key])) {
      patch[key] = v;
      expected[key] = original[key];
    }
  }
  return { patch, expected };
}
