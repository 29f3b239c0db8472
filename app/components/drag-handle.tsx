import { Icon } from "./icons";

/**
 * The grip a sortable row is dragged by: a 44 px button named after its row (`label`, e.g. 'Drag Production to
 * reorder'), spreading what the sortable row hands it (dnd-kit's attributes and listeners). Its own module, not
 * sortable-queue.tsx, so a table that draws it does not load dnd-kit before the page has hydrated.
 */
export function DragHandle({ handle, label, className = "" }: { handle: Record<string, unknown>; label: string; className?: string }) {
  return (
    <button
      type="button"
      className={`inline-flex size-tap cursor-grab touch-none items-center justify-center rounded-lg text-ink-muted hover:bg-slate-100 ${className}`}
      aria-label={label}
      {...handle}
    >
      <Icon name="grip" />
    </button>
  );
}
