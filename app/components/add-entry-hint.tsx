import { Link } from "react-router";
import { orList, type WhoCanAdd } from "~/domain/words";
import { btn } from "./ui";

const KINDS = {
  material: { tab: "materials", article: "a material", plural: "materials", place: "Global Settings → Materials" },
  product: { tab: "products", article: "a product", plural: "products", place: "Global Settings → Products" },
} as const;

/**
 * Under an item form's Product or Material field: the way to add the one that is missing. A manager gets a link to
 * the settings form, which brings them back to `returnTo` (this form) after the save; anyone else is told who can
 * add it, never sent to a page that would refuse them.
 */
export function AddEntryHint({ kind, who, empty, returnTo, id }: { kind: keyof typeof KINDS; who: WhoCanAdd; empty: boolean; returnTo: string; id?: string }) {
  const k = KINDS[kind];
  if (who.canManage) {
    const to = `/settings?${new URLSearchParams({ tab: k.tab, new: "1", returnTo })}`;
    return (
      <p id={id} className="mt-1 text-sm text-ink-muted">
        {empty ? `No ${k.plural} yet. ` : "Not in the list? "}
        <Link to={to} className={`${btn.link} inline-flex min-h-tap items-center`}>
          Add {k.article}
        </Link>
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
