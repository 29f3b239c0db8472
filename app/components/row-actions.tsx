import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Icon } from "./icons";
import { RowLink } from "./row-link";
import { btn } from "./ui";

const shared = new WeakMap<object, { actions: string; view: string; edit: string; remove: string }>();

/**
 * The Actions cell of a list row (items, projects, a project's items): `lead` first, View, then `children` (QR,
 * Reset…), then Edit and Delete, each named for the row ('Edit Front sign') so a screen reader's list of links
 * tells them apart. Edit and Delete open their dialog on the same page (`edit`, `remove`: their URLs, left out for
 * someone who may not change the row) and keep the scroll position.
 */
export function RowActions({
  name,
  view,
  edit,
  remove,
  lead,
  children,
}: {
  name: string;
  view: string;
  edit?: string;
  remove?: string;
  lead?: ReactNode;
  children?: ReactNode;
}) {
  const { t, i18n } = useLingui();
  // A list has hundreds of rows: the words every row shares are looked up once per language, not once per row.
  let words = shared.get(i18n);
  if (!words) {
    words = { actions: t`Actions`, view: t`View`, edit: t`Edit`, remove: t`Delete` };
    shared.set(i18n, words);
  }
  return (
    <td data-label={words.actions} className="cell-actions py-3">
      <div className="flex flex-wrap gap-2">
        {lead}
        <RowLink to={view} className={btn.small} aria-label={t`View ${name}`}>
          {words.view}
        </RowLink>
        {children}
        {edit ? (
          <RowLink to={edit} keepScroll className={btn.small} aria-label={t`Edit ${name}`}>
            <Icon name="edit" />
            {words.edit}
          </RowLink>
        ) : null}
        {remove ? (
          <RowLink to={remove} keepScroll className={btn.smallDanger} aria-label={t`Delete ${name}`}>
            <Icon name="trash" />
            {words.remove}
          </RowLink>
        ) : null}
      </div>
    </td>
  );
}
