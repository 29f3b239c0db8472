import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { ADD_ENTRY_FIELD, ADD_ENTRY_KINDS } from "~/domain/add-entry";
import type { WhoCanAdd } from "~/domain/words";
import { btn } from "./ui";

/**
 * Under an item form's Product or Material field: the way to add the one that is missing. A manager gets a way to
 * the settings form, which brings them back to `returnTo` (this form) after the save; anyone else is told who can
 * add it, never sent to a page that would refuse them. With `carry`, the way is a button of the form itself: what
 * was typed goes along and comes back, with the new entry selected (views/add-entry-detour.server.ts), with JavaScript and
 * without; without it, a link.
 */
export function AddEntryHint({
  kind,
  who,
  empty,
  returnTo,
  id,
  carry = false,
}: {
  kind: keyof typeof ADD_ENTRY_KINDS;
  who: WhoCanAdd;
  empty: boolean;
  returnTo: string;
  id?: string;
  carry?: boolean;
}) {
  const { t } = useLingui();
  const k = ADD_ENTRY_KINDS[kind];
  // Each kind's words whole, in the reader's language ('a product' needs its own article in Spanish).
  const lead = empty ? (kind === "product" ? t`No products yet.` : t`No materials yet.`) : t`Not in the list?`;
  const add = kind === "product" ? t`Add a product` : t`Add a material`;
  if (who.canManage) {
    const to = `/settings?${new URLSearchParams({ tab: k.tab, new: "1", returnTo })}`;
    return (
      <p id={id} className="mt-1 text-sm text-ink-muted">
        {lead}{" "}
        {carry ? (
          // formNoValidate: the form is half filled on purpose; nothing is saved on the way.
          <button type="submit" name={ADD_ENTRY_FIELD} value={kind} formNoValidate className={`${btn.link} inline-flex min-h-tap cursor-pointer items-center`}>
            {add}
          </button>
        ) : (
          <Link to={to} className={`${btn.link} inline-flex min-h-tap items-center`}>
            {add}
          </Link>
        )}
      </p>
    );
  }
  const last = who.managers.at(-1) ?? "";
  const others = who.managers.slice(0, -1).join(", ");
  const ask = who.managers.length === 0 ? t`a manager (the management key)` : others ? t`${others} or ${last}` : last;
  return (
    <p id={id} className="mt-1 text-sm text-ink-muted">
      {lead}{" "}
      {kind === "product" ? t`Ask ${ask} to add a product in Global Settings → Products.` : t`Ask ${ask} to add a material in Global Settings → Materials.`}
    </p>
  );
}
