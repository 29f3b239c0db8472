import { Link } from "react-router";
import { ADD_ENTRY_FIELD, ADD_ENTRY_KINDS } from "~/domain/add-entry";
import { orList, type WhoCanAdd } from "~/domain/words";
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
  const k = ADD_ENTRY_KINDS[kind];
  if (who.canManage) {
    const to = `/settings?${new URLSearchParams({ tab: k.tab, new: "1", returnTo })}`;
    return (
      <p id={id} className="mt-1 text-sm text-ink-muted">
        {empty ? `No ${k.plural} yet. ` : "Not in the list? "}
        {carry ? (
          // formNoValidate: the form is half filled on purpose; nothing is saved on the way.
          <button type="submit" name={ADD_ENTRY_FIELD} value={kind} formNoValidate className={`${btn.link} inline-flex min-h-tap cursor-pointer items-center`}>
            Add {k.article}
          </button>
        ) : (
          <Link to={to} className={`${btn.link} inline-flex min-h-tap items-center`}>
            Add {k.article}
          </Link>
        )}
      </p>
    );
  }
  const ask = who.managers.length ? orList(who.managers) : "a manager (the management key)";
  return (
    <p id={id} className="mt-1 text-sm text-ink-muted">
      {empty ? `No ${k.plural} yet. ` : "Not in the list? "}
      {`Ask ${ask} to add ${k.article} in ${k.place}.`}
    </p>
  );
}
