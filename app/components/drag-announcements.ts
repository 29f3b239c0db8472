import { t } from "@lingui/core/macro";
import type { Announcements, ScreenReaderInstructions, UniqueIdentifier } from "@dnd-kit/core";

// What a screen reader hears while a row is dragged (dnd-kit's live region). dnd-kit's own messages speak its ids
// ('Draggable item 41 was dropped over droppable area 17'); these say the row's name and its place in the list
// ('Moved Banner.pdf to position 3 of 12'), as a person counts them: from 1, across pages when the list is paged.

/** Said when a drag handle gets the focus. */
export const dragInstructions = () =>
  t`To move this row, press Space or Enter to pick it up, the up and down arrow keys to move it, Space or Enter again to drop it, or Escape to cancel.`;

// dnd-kit reports the row as over itself right after it is picked up: that would drown 'Picked up …'. One drag at a
// time in a browser, so the last place announced is kept here, across the re-renders that rebuild the messages.
let lastOver: UniqueIdentifier | null = null;

export function sortableAnnouncements(
  order: readonly UniqueIdentifier[],
  nameOf: (id: UniqueIdentifier) => string,
  /** A paged list: the rows before this page (`offset`) and the whole list's length (`total`). */
  paging: { offset: number; total: number } = { offset: 0, total: order.length },
): { announcements: Announcements; screenReaderInstructions: ScreenReaderInstructions } {
  const position = (id: UniqueIdentifier) => {
    const place = paging.offset + order.indexOf(id) + 1;
    const total = paging.total;
    return t`position ${place} of ${total}`;
  };
  return {
    screenReaderInstructions: { draggable: dragInstructions() },
    announcements: {
      onDragStart: ({ active }) => {
        lastOver = active.id;
        const name = nameOf(active.id);
        const at = position(active.id);
        return t`Picked up ${name} at ${at}.`;
      },
      onDragOver: ({ active, over }) => {
        if ((over?.id ?? null) === lastOver) return undefined;
        lastOver = over?.id ?? null;
        const name = nameOf(active.id);
        if (!over) return t`${name} is not over the list.`;
        const to = position(over.id);
        return t`Moving ${name} to ${to}.`;
      },
      onDragEnd: ({ active, over }) => {
        const name = nameOf(active.id);
        if (over && over.id !== active.id) {
          const to = position(over.id);
          return t`Moved ${name} to ${to}.`;
        }
        const at = position(active.id);
        return t`${name} stays at ${at}.`;
      },
      onDragCancel: ({ active }) => {
        const name = nameOf(active.id);
        const at = position(active.id);
        return t`Cancelled. ${name} stays at ${at}.`;
      },
    },
  };
}
