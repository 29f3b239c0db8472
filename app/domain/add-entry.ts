// 'Add a material' / 'Add a product' from an item form and back (views/add-entry-detour.server.ts): the names the round trip
// carries in the item form's address, shared by the form, the actions and Settings.

export const ADD_ENTRY_FIELD = "addEntry";
export const ADD_ENTRY_RETURN_FIELD = "addEntryReturn";

export const ADD_ENTRY_KINDS = {
  material: { tab: "materials", article: "a material", plural: "materials", place: "Global Settings → Materials", field: "material" },
  product: { tab: "products", article: "a product", plural: "products", place: "Global Settings → Products", field: "category" },
} as const;
export type AddEntryKind = keyof typeof ADD_ENTRY_KINDS;

/** The item form's fields whose typed values come back with it. */
export const TYPED_FIELDS = ["name", "category", "material", "quantity"] as const;
export type TypedField = (typeof TYPED_FIELDS)[number];
export const typedParam = (field: TypedField) => `typed-${field}`;

/** The item form's values as typed before 'Add a …', and the new entry selected, from its address (empty when none). */
export function typedValues(params: URLSearchParams): Partial<Record<TypedField, string>> {
  const out: Partial<Record<TypedField, string>> = {};
  for (const field of TYPED_FIELDS) {
    const v = params.get(typedParam(field));
    if (v !== null) out[field] = v;
  }
  return out;
}
