import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
  type KeyboardCoordinateGetter,
} from "@dnd-kit/core";
import { arrayMove, SortableContext, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { ReactNode } from "react";
import { sortableAnnouncements } from "./drag-announcements";

// Drag-and-drop for a machine's queue. Its own module, loaded after the page has hydrated: dnd-kit is 14 KB of
// gzipped JavaScript that a floor PC need not parse before the queue shows (the page works without it, with
// the arrow buttons).

export type Handle = Record<string, unknown> | null;

// docs/product.md §9 / design: the keyboard moves a dragged row by 25 px a key press.
const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  const step = 25;
  if (event.code === "ArrowDown") return { ...currentCoordinates, y: currentCoordinates.y + step };
  if (event.code === "ArrowUp") return { ...currentCoordinates, y: currentCoordinates.y - step };
  return undefined;
};

/**
 * The sortable area around the queue's table; `onReorder` gets the whole new order after a drop. `nameOf` and
 * `paging` make what a screen reader hears: the file's name and its place in the whole queue.
 */
export function SortableQueue({
  order,
  onReorder,
  nameOf,
  paging,
  children,
}: {
  order: number[];
  onReorder: (next: number[]) => void;
  nameOf: (id: number) => string;
  paging: { offset: number; total: number };
  children: ReactNode;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );
  function onDragEnd(e: DragEndEvent) {
    if (!e.over || e.active.id === e.over.id) return;
    onReorder(arrayMove(order, order.indexOf(Number(e.active.id)), order.indexOf(Number(e.over.id))));
  }
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={sortableAnnouncements(order, (id) => nameOf(Number(id)), paging)}
    >
      <SortableContext items={order} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** A queue row that can be dragged by the handle its children render. */
export function DraggableRow({ id, children }: { id: number; children: (handle: Handle) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <tr
      id={`file-${id}`}
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? "relative z-10 bg-brand-50 shadow-lg" : undefined}
    >
      {children({ ...attributes, ...listeners, ref: setActivatorNodeRef })}
    </tr>
  );
}
