import { useLingui } from "@lingui/react/macro";
import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { closestCenter, DndContext, KeyboardSensor, PointerSensor, useSensor, useSensors, type DragEndEvent } from "@dnd-kit/core";
import { SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import type { ReactNode } from "react";
import { sequenceColorClass } from "~/domain/colors";
import { useHydrated } from "~/hooks/use-hydrated";
import { sortableAnnouncements } from "./drag-announcements";
import { btn, FieldError } from "./ui";

export type SequenceDepartment = { value: string; name: string; color: string; isActive: boolean; isMachine?: boolean };

type Props = {
  form: FormMetadata<any>;
  field: FieldMetadata<string[], any>;
  /** Every department (for names of ones already in a sequence), in sortOrder. */
  departments: SequenceDepartment[];
  label: string;
};

/**
 * An ordered list of departments. Adding, removing and the up/down buttons are conform intents, so they work
 * as plain form posts with JavaScript off; with JavaScript the rows also drag (pointer or keyboard).
 */
export function DepartmentSequenceField({ form, field, departments, label }: Props) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const items = field.getFieldList();
  const values = items.map((i) => String(i.value ?? ""));
  const byValue = new Map(departments.map((d) => [d.value, d]));
  // docs/product.md §5: only active departments are offered, in sortOrder.
  const offered = departments.filter((d) => d.isActive && !values.includes(d.value));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  function onDragEnd(e: DragEndEvent) {
    if (!e.over || e.active.id === e.over.id) return;
    const from = values.indexOf(String(e.active.id));
    const to = values.indexOf(String(e.over.id));
    if (from >= 0 && to >= 0) form.reorder({ name: field.name, from, to });
  }

  const rows = items.map((item, index) => {
    const value = values[index]!;
    const dept = byValue.get(value);
    const name = dept?.name ?? value;
    return (
      <SequenceRow key={item.key} id={value} sortable={hydrated} name={dept?.name ?? value}>
        <HiddenInput props={getInputProps(item, { type: "hidden" })} />
        <span className="w-6 shrink-0 text-right text-sm text-ink-muted tabular-nums">{index + 1}.</span>
        <span className={`min-w-0 rounded-full border px-2.5 py-0.5 text-sm font-medium wrap-anywhere ${sequenceColorClass(value, dept?.color)}`}>
          {dept?.name ?? value}
        </span>
        <span className="ml-auto flex shrink-0 gap-1">
          <button
            className={btn.icon}
            aria-label={t`Move ${name} up`}
            disabled={index === 0}
            {...form.reorder.getButtonProps({ name: field.name, from: index, to: index - 1 })}
          >
            ↑
          </button>
          <button
            className={btn.icon}
            aria-label={t`Move ${name} down`}
            disabled={index === items.length - 1}
            {...form.reorder.getButtonProps({ name: field.name, from: index, to: index + 1 })}
          >
            ↓
          </button>
          <button className={btn.icon} aria-label={t`Remove ${name}`} {...form.remove.getButtonProps({ name: field.name, index })}>
            ×
          </button>
        </span>
      </SequenceRow>
    );
  });

  return (
    <fieldset>
      <legend className="block text-sm font-semibold text-ink">{label}</legend>
      {hydrated ? (
        // DndContext renders its live region next to its children: keep it outside the <ol> (a list holds only <li>).
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={sortableAnnouncements(values, (id) => byValue.get(String(id))?.name ?? String(id))}
        >
          <SortableContext items={values} strategy={verticalListSortingStrategy}>
            <ol className="mt-2 space-y-1.5" aria-label={t`${label} order`} data-testid="sequence-list">
              {rows}
            </ol>
          </SortableContext>
        </DndContext>
      ) : (
        <ol className="mt-2 space-y-1.5" aria-label={t`${label} order`} data-testid="sequence-list">
          {rows}
        </ol>
      )}
      {items.length === 0 ? (
        <p className="mt-2 rounded-lg border border-dashed border-slate-300 px-3 py-3 text-sm text-ink-muted">{t`No departments selected yet.`}</p>
      ) : null}
      {offered.length > 0 ? (
        <div className="mt-3">
          <p className="text-sm font-semibold text-ink-muted">{t`Add a department`}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            {offered.map((d) => (
              <button
                key={d.value}
                className={`inline-flex min-h-tap items-center rounded-full border px-3 text-sm font-semibold hover:ring-2 hover:ring-brand-300 ${sequenceColorClass(d.value, d.color)}`}
                {...form.insert.getButtonProps({ name: field.name, defaultValue: d.value })}
              >
                + {d.name}
              </button>
            ))}
          </div>
        </div>
      ) : null}
      <FieldError id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}

function SequenceRow({ id, sortable, name, children }: { id: string; sortable: boolean; name: string; children: ReactNode }) {
  if (!sortable) {
    return <li className="flex items-center gap-2 rounded-lg border border-line bg-white px-2 py-1">{children}</li>;
  }
  return (
    <SortableRow id={id} name={name}>
      {children}
    </SortableRow>
  );
}

function SortableRow({ id, name, children }: { id: string; name: string; children: ReactNode }) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`flex items-center gap-2 rounded-lg border bg-white px-2 py-1 ${isDragging ? "z-10 border-brand-500 shadow-md" : "border-line"}`}
      data-testid={`sequence-item-${id}`}
    >
      <button
        type="button"
        className="flex size-tap shrink-0 cursor-grab touch-none items-center justify-center rounded text-lg text-ink-muted hover:bg-slate-100 hover:text-ink"
        aria-label={`Drag ${name}`}
        {...attributes}
        {...listeners}
      >
        ⠿
      </button>
      {children}
    </li>
  );
}

function HiddenInput({ props: { key: _key, ...props } }: { props: ReturnType<typeof getInputProps> }) {
  return <input {...props} />;
}
