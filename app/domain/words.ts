import { t } from "@lingui/core/macro";

// Browser-safe wording helpers for sentences built from names the shop typed (categories, files, members).

/**
 * The possessive of a name: "Banner's", but "Channel Letters'" (a name ending in s takes the apostrophe alone,
 * the way a shop writes its plural product names). Every sentence that puts a name before "'s" uses this.
 */
export function possessive(name: string): string {
  const trimmed = name.trim();
  return /s$/i.test(trimmed) ? `${trimmed}'` : `${trimmed}'s`;
}

/** "Ada", "Ada or Ben", "Ada, Ben or Cleo": the people a message tells someone to ask. */
export function orList(names: readonly string[]): string {
  if (names.length <= 1) return names[0] ?? "";
  const first = names.slice(0, -1).join(", ");
  const last = names.at(-1) ?? "";
  return t`${first} or ${last}`;
}

/** Who may add a product or a material, for the forms that need one (see AddEntryHint). */
export type WhoCanAdd = {
  /** The signed-in member holds the management key: offer the link. */
  canManage: boolean;
  /** Otherwise, the managers to ask (a few names; empty when nobody holds the key). */
  managers: string[];
};
