import { redirect } from "react-router";
import { ADD_ENTRY_FIELD, ADD_ENTRY_KINDS, ADD_ENTRY_RETURN_FIELD, TYPED_FIELDS, typedParam } from "~/domain/add-entry";
import { safeRedirectPath } from "~/http/request.server";

// 'Add a material' (or 'Add a product') on an item form: a button of the form itself, so what was typed goes along
// (with and without JavaScript). The screen's action answers it by sending the manager to the settings form with a
// `returnTo` that carries the typed values; after the save Settings adds the new entry's name, and the item form
// opens again with all of it (components/add-entry-hint.tsx, routes/settings.server.ts).

/** The redirect to the settings form when the post is the 'Add a …' button, else null. */
export function addEntryDetour(formData: FormData): Response | null {
  const kind = formData.get(ADD_ENTRY_FIELD);
  if (typeof kind !== "string" || !Object.hasOwn(ADD_ENTRY_KINDS, kind)) return null;
  const back = safeRedirectPath(String(formData.get(ADD_ENTRY_RETURN_FIELD) ?? ""), "");
  if (!back) return null;
  const url = new URL(back, "http://shop.invalid");
  for (const field of TYPED_FIELDS) {
    const value = formData.get(field);
    if (typeof value === "string" && value.trim() && value.length <= 200) url.searchParams.set(typedParam(field), value);
    else url.searchParams.delete(typedParam(field));
  }
  const returnTo = url.pathname + url.search;
  const tab = ADD_ENTRY_KINDS[kind as keyof typeof ADD_ENTRY_KINDS].tab;
  return redirect(`/settings?${new URLSearchParams({ tab, new: "1", returnTo })}`);
}
