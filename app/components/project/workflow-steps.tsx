import { useLingui } from "@lingui/react/macro";
import { getFormProps, getInputProps, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useForm } from "@conform-to/react";
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
import { useEffect, useState, type ReactNode } from "react";
import { Form, Link, useFetcher } from "react-router";
import type { z } from "zod";
import { STEP_DATE_MAX, STEP_DATE_MIN, StepEditFormSchema } from "~/schemas/project";
import { markUnreadableDates } from "~/browser/unreadable-dates";
import { sequenceColorClass } from "~/domain/colors";
import { useHydrated } from "~/hooks/use-hydrated";
import { sortableAnnouncements } from "../drag-announcements";
import { DragHandle } from "../drag-handle";
import type { Handle } from "../sortable-queue";
import { Icon } from "../icons";
import { OpenedValuesField, useOpenedValues } from "../opened-values";
import { useToast } from "../toaster";
import { StepByHand } from "./step-by-hand";
import { btn, cardClass, checkboxClass, checkRowClass, EmptyState, FieldError, inputClass } from "../ui";

/** docs/product.md §9: a keyboard drag moves a row 25 px per key press. */
export const KEYBOARD_DRAG_STEP_PX = 25;

export type StepRow = {
  id: number;
  department: string;
  departmentName: string;
  departmentColor: string | null;
  status: string;
  percentComplete: number;
  /** Display text: 'Mon, Nov 23', 'Not set' or 'Invalid date'. */
  startText: string;
  endText: string;
  /** yyyy-mm-dd in the shop's zone, for the date inputs; '' when unset. */
  startInput: string;
  endInput: string;
  /** Its end date falls after the project's due date (Decisions: Due dates). */
  endsAfterDue?: boolean;
  members: { id: number; name: string }[];
  /** A person set its percent or status (decision 0048); `canFollowFloor`: this member may give it back. */
  setByHand?: boolean;
  canFollowFloor?: boolean;
  /** None of the project's items go through this department: completed by the floor without work. */
  notNeeded?: boolean;
};

type Result = SubmissionResult<string[]> | null | undefined;

const keyboardCoordinates: KeyboardCoordinateGetter = (event, { currentCoordinates }) => {
  if (event.code === "ArrowDown") return { ...currentCoordinates, y: currentCoordinates.y + KEYBOARD_DRAG_STEP_PX };
  if (event.code === "ArrowUp") return { ...currentCoordinates, y: currentCoordinates.y - KEYBOARD_DRAG_STEP_PX };
  return undefined;
};

/**
 * docs/product.md §2 Project detail, 'Workflow steps': refresh, drag-to-reorder rows (pointer, or keyboard 25 px a key
 * press), up/down buttons that work without JavaScript, and inline editing of dates, team members and percent.
 * Editing is URL state (`?edit-step=ID`), so Start editing / Save / Cancel are a link, a form post and a link.
 */
export function WorkflowSteps({
  projectId,
  steps,
  hasWorkflow,
  hasInstance,
  canWrite,
  editStepId,
  members,
  here,
  lastResult,
}: {
  projectId: number;
  steps: StepRow[];
  hasWorkflow: boolean;
  hasInstance: boolean;
  canWrite: boolean;
  editStepId: number | null;
  members: { id: number; name: string }[];
  here: string;
  lastResult: Result;
}) {
  const { t } = useLingui();
  const hydrated = useHydrated();
  const fetcher = useFetcher<{ toast?: { title: string; description?: string; variant?: "default" | "destructive" } | null }>();
  const toast = useToast();
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data?.toast) toast(fetcher.data.toast);
  }, [fetcher.state, fetcher.data, toast]);
  const [order, setOrder] = useState(() => steps.map((s) => s.id));
  useEffect(() => setOrder(steps.map((s) => s.id)), [steps]);
  const byId = new Map(steps.map((s) => [s.id, s]));
  const rows = order.map((id) => byId.get(id)).filter((s): s is StepRow => Boolean(s));
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  function onDragEnd(e: DragEndEvent) {
    if (!e.over || e.active.id === e.over.id) return;
    const from = order.indexOf(Number(e.active.id));
    const to = order.indexOf(Number(e.over.id));
    if (from < 0 || to < 0) return;
    const next = arrayMove(order, from, to);
    setOrder(next);
    const body = new FormData();
    body.set("intent", "reorder-steps");
    for (const id of next) body.append("stepIds", String(id));
    fetcher.submit(body, { method: "post", action: here });
  }

  const header = (
    <div className="flex flex-wrap items-center justify-between gap-3">
      <div>
        <h2 className="text-xl font-semibold text-ink">{t`Workflow Steps`}</h2>
        <p className="text-sm text-ink-muted">
          {canWrite
            ? t`Drag a row (or use the arrows) to change the order; Edit changes dates, team members and completion.`
            : t`The departments this project goes through.`}
        </p>
      </div>
      {canWrite && hasWorkflow ? (
        <Form method="post" action={here}>
          <input type="hidden" name="intent" value="refresh-workflow" />
          <button type="submit" className={btn.secondary}>
            <Icon name="refresh" />
            {t`Refresh`}
          </button>
        </Form>
      ) : null}
    </div>
  );

  if (!hasInstance || steps.length === 0) {
    return (
      <section className={`p-4 sm:p-5 ${cardClass}`} aria-labelledby="steps-heading">
        {header}
        <div className="mt-4">
          {hasWorkflow ? (
            <EmptyState icon="workflows" title={t`No Workflow Instance Created`}>
              {canWrite
                ? t`This project's workflow has no steps yet. Refresh to create them from the workflow's departments.`
                : t`This project's workflow has no steps yet.`}
            </EmptyState>
          ) : (
            <EmptyState
              icon="workflows"
              title={t`No Project Workflow Assigned`}
              action={
                canWrite ? (
                  <Link to={`${here}?dialog=edit-project`} preventScrollReset className={btn.primary}>
                    {t`Choose a workflow`}
                  </Link>
                ) : null
              }
            >
              {t`Choose a workflow in Edit Project and its departments become this project's steps.`}
            </EmptyState>
          )}
        </div>
      </section>
    );
  }

  const body = rows.map((step, index) =>
    editStepId === step.id && canWrite ? (
      <EditStepRow key={step.id} step={step} members={members} here={here} lastResult={lastResult} />
    ) : (
      <SortableStepRow key={step.id} id={step.id} sortable={hydrated && canWrite}>
        {(handle) => (
          <>
            <StepCells step={step} handle={handle} />
            <td data-label={t`Actions`} className="cell-actions py-3 md:pl-3">
              {canWrite ? (
                <div className="flex flex-wrap items-center gap-2 md:flex-nowrap">
                  <Link
                    to={`${here}?edit-step=${step.id}#step-${step.id}`}
                    preventScrollReset
                    className={btn.small}
                    aria-label={t`Edit ${step.departmentName} step`}
                  >
                    <Icon name="edit" />
                    {t`Edit`}
                  </Link>
                  <MoveButton here={here} stepId={step.id} direction="up" disabled={index === 0} name={step.departmentName} />
                  <MoveButton here={here} stepId={step.id} direction="down" disabled={index === rows.length - 1} name={step.departmentName} />
                </div>
              ) : (
                <span className="text-sm text-ink-muted">—</span>
              )}
            </td>
          </>
        )}
      </SortableStepRow>
    ),
  );

  const table = (
    <table className="table-cards mt-4 w-full text-left text-base">
      <thead className="border-b border-line text-sm text-ink-muted">
        <tr>
          <th scope="col" className="py-2 pr-3">
            {t`Department`}
          </th>
          <th scope="col" className="py-2 pr-3">
            {t`Start Date`}
          </th>
          <th scope="col" className="py-2 pr-3">
            {t`End Date`}
          </th>
          <th scope="col" className="py-2 pr-3">
            {t`Assigned Team Member`}
          </th>
          <th scope="col" className="py-2 pr-3">
            {t`Completion %`}
          </th>
          <th scope="col" className="py-2 md:pl-3">
            {t`Actions`}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-line">{body}</tbody>
    </table>
  );

  return (
    <section className={`p-4 sm:p-5 ${cardClass}`} aria-label={t`Workflow Steps`}>
      {header}
      {hydrated && canWrite ? (
        <DndContext
          sensors={sensors}
          collisionDetection={closestCenter}
          onDragEnd={onDragEnd}
          accessibility={sortableAnnouncements(order, (id) => byId.get(Number(id))?.departmentName ?? t`this step`)}
        >
          <SortableContext items={order} strategy={verticalListSortingStrategy}>
            {table}
          </SortableContext>
        </DndContext>
      ) : (
        table
      )}
      <p className="sr-only" aria-live="polite">
        {fetcher.state !== "idle" ? t`Saving the new order` : ""}
      </p>
    </section>
  );
}

function StepCells({ step, handle }: { step: StepRow; handle: Handle }) {
  const { t } = useLingui();
  return (
    <>
      <td data-label={t`Department`} className="py-3 pr-3">
        {/* One box for the handle and the name: on a phone's card the cell is a two-column grid (label, value), and
            two children put the name on a line of its own under the label, in the label's narrow column. */}
        <span className="flex min-w-0 flex-wrap items-center gap-2">
          {handle ? <DragHandle handle={handle} label={t`Drag ${step.departmentName} to reorder`} className="shrink-0" /> : null}
          <span
            className={`inline-block max-w-full rounded-full border px-2.5 py-0.5 text-sm font-medium wrap-break-word ${sequenceColorClass(step.department, step.departmentColor)}`}
          >
            {step.departmentName}
          </span>
        </span>
      </td>
      <td data-label={t`Start Date`} className="py-3 pr-3">
        <DateText text={step.startText} />
      </td>
      <td data-label={t`End Date`} className="py-3 pr-3">
        <DateText text={step.endText} />
        {step.endsAfterDue ? (
          <span className="block text-sm font-medium text-danger-800" data-testid="ends-after-due">
            {t`Ends after the due date`}
          </span>
        ) : null}
      </td>
      <td data-label={t`Assigned Team Member`} className="py-3 pr-3 cell-text">
        {step.members.length ? step.members.map((m) => m.name).join(", ") : <span className="text-ink-muted">{t`Unassigned`}</span>}
      </td>
      <td data-label={t`Completion %`} className="py-3 pr-3">
        <div className="flex items-center gap-2">
          <div className="h-2 w-20 overflow-hidden rounded-full bg-slate-200" aria-hidden>
            <div className="h-full bg-brand-700" style={{ width: `${step.percentComplete}%` }} />
          </div>
          <span className="tabular-nums">{step.percentComplete}%</span>
        </div>
        {step.notNeeded ? (
          <span className="block text-sm text-ink-muted" data-testid="step-not-needed">
            {t`Not needed: no item goes through it`}
          </span>
        ) : null}
        {step.setByHand ? <StepByHand stepId={step.id} name={step.departmentName} canFollow={!!step.canFollowFloor} /> : null}
      </td>
    </>
  );
}

function DateText({ text }: { text: string }) {
  const { t } = useLingui();
  // The server's words for no date and a broken one, in the page's language.
  if (text === t`Not set`) return <span className="text-ink-muted">{text}</span>;
  if (text === t`Invalid date`) return <span className="font-medium text-danger-800">{text}</span>;
  return <span>{text}</span>;
}

function MoveButton({ here, stepId, direction, disabled, name }: { here: string; stepId: number; direction: "up" | "down"; disabled: boolean; name: string }) {
  const { t } = useLingui();
  return (
    <Form method="post" action={here} preventScrollReset>
      <input type="hidden" name="intent" value="move-step" />
      <input type="hidden" name="stepId" value={stepId} />
      <input type="hidden" name="direction" value={direction} />
      <button type="submit" className={btn.icon} disabled={disabled} aria-label={direction === "up" ? t`Move ${name} up` : t`Move ${name} down`}>
        <Icon name={direction === "up" ? "arrow-up" : "arrow-down"} />
      </button>
    </Form>
  );
}

function SortableStepRow({ id, sortable, children }: { id: number; sortable: boolean; children: (handle: Handle) => ReactNode }) {
  if (!sortable) return <tr id={`step-${id}`}>{children(null)}</tr>;
  return <DraggableRow id={id}>{children}</DraggableRow>;
}

/** The row moves; only its handle (a button in the first cell) starts a drag, so no control sits inside another. */
function DraggableRow({ id, children }: { id: number; children: (handle: Handle) => ReactNode }) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id });
  return (
    <tr
      id={`step-${id}`}
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      className={isDragging ? "relative z-10 bg-brand-50 shadow-lg" : undefined}
    >
      {children({ ...attributes, ...listeners, ref: setActivatorNodeRef })}
    </tr>
  );
}

function EditStepRow({ step, members, here, lastResult }: { step: StepRow; members: { id: number; name: string }[]; here: string; lastResult: Result }) {
  const { t } = useLingui();
  const formId = `step-${step.id}-form`;
  // The step as this row opened, kept while it stays open: a live reload of the page (someone else saved the step)
  // changes neither the fields nor what the save is checked against; drawn again after a refused save, the row
  // takes back the values it was sent with.
  const opened = useOpenedValues(
    { startDate: step.startInput || null, endDate: step.endInput || null, percentComplete: step.percentComplete, teamMemberIds: step.members.map((m) => m.id) },
    lastResult,
  );
  const [form, fields] = useForm<z.output<typeof StepEditFormSchema>>({
    id: formId,
    lastResult,
    defaultValue: {
      startDate: opened.startDate ?? "",
      endDate: opened.endDate ?? "",
      percentComplete: String(opened.percentComplete),
      teamMemberIds: opened.teamMemberIds.map(String),
    },
    constraint: getZodConstraint(StepEditFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ form, formData }) => parseWithZod(markUnreadableDates(form, formData), { schema: StepEditFormSchema }),
  });
  const startValue = typeof fields.startDate.value === "string" ? fields.startDate.value : (opened.startDate ?? "");
  const endValue = typeof fields.endDate.value === "string" ? fields.endDate.value : (opened.endDate ?? "");
  // What was ticked when a refused save comes back (none is absent from the form); otherwise who was on the step
  // when the row opened.
  const sent = lastResult?.initialValue;
  const ticked = sent ? sent.teamMemberIds : undefined;
  const selected = new Set(sent ? (Array.isArray(ticked) ? ticked : ticked ? [ticked] : []).map(Number) : opened.teamMemberIds);
  // Members no longer active but still on the step stay offered, so saving keeps them.
  const offered = [...members, ...step.members.filter((m) => !members.some((x) => x.id === m.id))];
  return (
    <tr id={`step-${step.id}`} className="bg-brand-50/40">
      <td data-label={t`Department`} className="py-3 pr-3 align-top">
        {/* One box, the phone card's value column (see StepCells). */}
        <div className="min-w-0">
          <span
            className={`inline-block max-w-full rounded-full border px-2.5 py-0.5 text-sm font-medium wrap-break-word ${sequenceColorClass(step.department, step.departmentColor)}`}
          >
            {step.departmentName}
          </span>
          {form.errors?.length ? (
            <p id={form.errorId} role="alert" className="mt-2 text-sm font-medium text-danger-800">
              {form.errors.join(" ")}
            </p>
          ) : null}
        </div>
      </td>
      <td data-label={t`Start Date`} className="py-3 pr-3 align-top">
        <label htmlFor={fields.startDate.id} className="sr-only">
          {t`Start date of ${step.departmentName}`}
        </label>
        {/* docs/product.md §5: each date bounds the other (and both stay in range); empty is allowed (no date). */}
        <input
          className={inputClass}
          {...getInputProps(fields.startDate, { type: "date" })}
          required={false}
          min={STEP_DATE_MIN}
          max={endValue || STEP_DATE_MAX}
        />
        <FieldError id={fields.startDate.errorId} errors={fields.startDate.errors} />
      </td>
      <td data-label={t`End Date`} className="py-3 pr-3 align-top">
        <label htmlFor={fields.endDate.id} className="sr-only">
          {t`End date of ${step.departmentName}`}
        </label>
        <input
          className={inputClass}
          {...getInputProps(fields.endDate, { type: "date" })}
          required={false}
          min={startValue || STEP_DATE_MIN}
          max={STEP_DATE_MAX}
        />
        <FieldError id={fields.endDate.errorId} errors={fields.endDate.errors} />
      </td>
      <td data-label={t`Assigned Team Member`} className="py-3 pr-3 align-top">
        {/* Checkboxes, not a multiple select: a tablet or a phone ticks names without Ctrl-click. */}
        <fieldset aria-describedby={fields.teamMemberIds.errors ? fields.teamMemberIds.errorId : undefined}>
          <legend className="sr-only">{t`Team members on ${step.departmentName}`}</legend>
          <div className="max-h-48 min-w-44 overflow-y-auto rounded-lg border border-field bg-white px-2 py-1">
            {offered.map((m) => (
              <label key={m.id} className={checkRowClass}>
                <input
                  type="checkbox"
                  name={fields.teamMemberIds.name}
                  value={m.id}
                  defaultChecked={selected.has(m.id)}
                  form={form.id}
                  className={checkboxClass}
                />
                <span className="min-w-0 wrap-break-word">{m.name}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <p className="mt-1 text-sm text-ink-muted">{t`None ticked = unassigned.`}</p>
        <FieldError id={fields.teamMemberIds.errorId} errors={fields.teamMemberIds.errors} />
      </td>
      <td data-label={t`Completion %`} className="py-3 pr-3 align-top">
        <label htmlFor={fields.percentComplete.id} className="sr-only">
          {t`Completion % of ${step.departmentName}`}
        </label>
        <input className={`${inputClass} w-24`} inputMode="numeric" {...getInputProps(fields.percentComplete, { type: "number" })} min={0} max={100} step={1} />
        <FieldError id={fields.percentComplete.errorId} errors={fields.percentComplete.errors} />
      </td>
      <td data-label={t`Actions`} className="cell-actions py-3 align-top md:pl-3">
        <Form method="post" action={here} preventScrollReset {...getFormProps(form)} className="flex flex-wrap gap-2">
          <input type="hidden" name="intent" value="update-step" />
          <input type="hidden" name="stepId" value={step.id} />
          <OpenedValuesField values={opened} />
          <button type="submit" className={btn.primary}>
            {t`Save`}
          </button>
          <Link to={`${here}#step-${step.id}`} preventScrollReset replace className={btn.secondary}>
            {t`Cancel`}
          </Link>
        </Form>
      </td>
    </tr>
  );
}
