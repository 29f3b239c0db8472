// A form posts every field; spec §7's PATCH carries the changed ones. The form also carries the record as it was
// opened (`_original`), so an action can tell which fields this person changed (docs/decisions/0009).

/** The values a form was opened with (`_original`, JSON of the record as loaded), or null. */
export function originalOf(formData: FormData): Record<string, unknown> | null {
  const raw = formData.get("_original");
  if (typeof raw !== "string" || raw.length > 20_000) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Spec §7: a PATCH carries the changed fields. A form posts every field, so the fields the person changed are
 * the ones that differ from what the form was opened with; only those are saved, and the model refuses the save
 * when someone else changed one of them meanwhile. Two managers editing different fields both keep their change.
 */
export function changedFields<T extends object>(value: T, original: Record<string, unknown> | null): { patch: Partial<T>; expected: Record<string, unknown> | undefined } {
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
