import { useLingui } from "@lingui/react/macro";
import type { ReactNode } from "react";
import { Icon } from "./icons";
import { RowLink } from "./row-link";
import { btn } from "./ui";

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
  const { t } = useLingui();
  return (
    <td data-label={t`Actions`} className="py-3">
      <div className="flex flex-wrap gap-2">
        {lead}
        <RowLink to={view} className={btn.small} aria-label={t`View ${name}`}>
          {t`View`}
        </RowLink>
        {children}
        {edit ? (
          <RowLink to={edit} keepScroll className={btn.small} aria-label={t`Edit ${name}`}>
            <Icon name="edit" />
            {t`Edit`}
          </RowLink>
        ) : null}
        {remove ? (
          <RowLink to={remove} keepScroll className={btn.smallDanger} aria-label={t`Delete ${name}`}>
            <Icon name="trash" />
            {t`Delete`}
          </RowLink>
        ) : null}
      </div>
    </td>
  );
}
