import { t } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { Link } from "react-router";
import { Icon } from "~/components/icons";
import { LiveDuration } from "~/components/live-duration";
import { RowActions } from "~/components/row-actions";
import { RowLink } from "~/components/row-link";
import { TIMER_COLORS } from "~/components/timer-badge";
import { Badge, btn, EmptyState } from "~/components/ui";
import { formatHMS } from "~/domain/format";
import type { ItemFilter } from "./item-filters";

/** One row of the items list. */
export type ItemListRow = {
  id: number;
  name: string;
  category: string;
  material: string;
  projectId: number;
  projectName: string;
  isTimerActive: boolean;
  /** Finished in its last department (items.finished_at, decision 0048). */
  finished: boolean;
  sessionStart: number | null;
  totalTimeSeconds: number;
};

/** The items of one page: name, category, project, total time (running ones count on), and the row's actions. */
export function ItemsTable({
  items,
  canWrite,
  withDialog,
  serverNow,
}: {
  items: ItemListRow[];
  canWrite: boolean;
  withDialog: (name: string, id: number) => string;
  serverNow: number;
}) {
  const { t } = useLingui();
  // The row's repeated words, once per page.
  const labels = {
    name: t`Name`,
    category: t`Category`,
    project: t`Project`,
    time: t`Total Time`,
    active: t`Active Timer`,
    off: t`Timer Off`,
    finished: t`Finished`,
  };
  return (
    <table className="table-cards mt-4 w-full text-left text-base">
      <thead className="border-b border-line text-sm text-ink-muted">
        <tr>
          <th scope="col" className="py-2 pr-3">
            {labels.name}
          </th>
          <th scope="col" className="py-2 pr-3">
            {labels.category}
          </th>
          <th scope="col" className="py-2 pr-3">
            {labels.project}
          </th>
          <th scope="col" className="py-2 pr-3">
            {labels.time}
          </th>
          <th scope="col" className="py-2">
            {t`Actions`}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">
        {items.map((item) => (
          <tr key={item.id}>
            <td data-label={labels.name} className="py-3 pr-3 font-medium cell-text">
              <RowLink to={`/items/${item.id}`} className="inline-flex min-h-tap items-center hover:underline">
                {item.name}
              </RowLink>
              {/* Phones: the card says whether the timer runs (the table shows it in the time). This badge keeps
                  its own words by design; every other screen says Running (decision 0028). Finished
                  is Finished everywhere (decision 0048). */}
              <span className="ml-2 md:hidden">
                {item.finished ? (
                  <Badge color={TIMER_COLORS.finished}>{labels.finished}</Badge>
                ) : item.isTimerActive ? (
                  <Badge color="green">{labels.active}</Badge>
                ) : (
                  <Badge color="gray">{labels.off}</Badge>
                )}
              </span>
            </td>
            <td data-label={labels.category} className="py-3 pr-3 cell-text">
              {item.category}
            </td>
            <td data-label={labels.project} className="py-3 pr-3 cell-text">
              <RowLink to={`/projects/${item.projectId}`} className={btn.textLink}>
                {item.projectName}
              </RowLink>
            </td>
            <td data-label={labels.time} className="py-3 pr-3">
              {item.isTimerActive ? (
                <LiveDuration totalSeconds={item.totalTimeSeconds} sessionStart={item.sessionStart} serverNow={serverNow} />
              ) : (
                <span className="font-mono tabular-nums">{formatHMS(item.totalTimeSeconds)}</span>
              )}
            </td>
            <RowActions
              name={item.name}
              view={`/items/${item.id}`}
              edit={canWrite ? withDialog("edit", item.id) : undefined}
              remove={canWrite ? withDialog("delete", item.id) : undefined}
              lead={
                <RowLink to={withDialog("qr", item.id)} keepScroll className={btn.small} aria-label={t`QR code of ${item.name}`}>
                  <Icon name="qr" />
                  QR
                </RowLink>
              }
            />
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** No items to show: with filters, a way to clear them; without, the first item to create (for those who may). */
export function ItemsEmpty({ filter, filtered, newItem }: { filter: ItemFilter; filtered: boolean; newItem: string | null }) {
  const { t } = useLingui();
  if (filtered) {
    return (
      <EmptyState
        icon="search"
        title={t`No items found`}
        action={
          <Link to="/items" className={btn.secondary}>
            {t`Clear filters`}
          </Link>
        }
      >
        {filter.q ? noneContains(filter) : t`No item matches these filters.`}
      </EmptyState>
    );
  }
  return (
    <EmptyState
      icon="products"
      title={t`Create Your First Item`}
      action={
        newItem ? (
          <Link to={newItem} preventScrollReset className={btn.primary}>
            <Icon name="plus" />
            {t`Create Your First Item`}
          </Link>
        ) : null
      }
    >
      {t`Items are the signs, panels and parts a project makes; each gets a QR label for the floor.`}
    </EmptyState>
  );
}

/** The search as the empty state repeats it: every word in quotes ('"channel" and "3"'). */
function searchPhrase(q: string) {
  const words = q.split(" ").map((w) => `"${w}"`);
  const head = words.slice(0, -1).join(", ");
  const last = words.at(-1) ?? "";
  return words.length === 1 ? words[0] : t`${head} and ${last}`;
}

/** 'No item name contains "channel" with these filters.' */
function noneContains(filter: ItemFilter) {
  const phrase = searchPhrase(filter.q);
  return filter.category || filter.projectId !== null ? t`No item name contains ${phrase} with these filters.` : t`No item name contains ${phrase}.`;
}
