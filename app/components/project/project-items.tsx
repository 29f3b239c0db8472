import { plural } from "@lingui/core/macro";
import { useLingui } from "@lingui/react/macro";
import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation, useSearchParams } from "react-router";
import type { z } from "zod";
import { AddEntryPostSchema, ItemFormSchema } from "~/schemas/item";
import { formatHMS, materialName } from "~/domain/format";
import { FileDot } from "~/components/file-dot";
import { TimerWordBadge, timerState, useTimerWords } from "~/components/timer-badge";
import type { FileIndicator } from "~/domain/machine-file-rules";
import { Icon } from "../icons";
import { LiveDuration } from "../live-duration";
import { FormAlert } from "../error-focus";
import { OpenedValuesField, useOpenedValues } from "../opened-values";
import { RowActions } from "../row-actions";
import { RowLink } from "../row-link";
import type { WhoCanAdd } from "~/domain/words";
import { AddEntryHint } from "../add-entry-hint";
import { ADD_ENTRY_FIELD, ADD_ENTRY_RETURN_FIELD, typedValues } from "~/domain/add-entry";
import { btn, CancelLink, cardClass, DeleteConfirmActions, EmptyState, FieldError, inputClass, Label } from "../ui";
import { FormErrors, TextField } from "~/components/forms";

export type ItemRow = {
  id: number;
  name: string;
  category: string;
  material: string;
  quantity: number;
  departmentName: string;
  isTimerActive: boolean;
  /** Finished in its last department (items.finished_at, decision 0048). */
  finished: boolean;
  sessionStart: number | null;
  totalTimeSeconds: number;
  fileCount: number;
  fileIndicator?: FileIndicator;
  version: number;
};

type Result = SubmissionResult<string[]> | null | undefined;

/** docs/product.md §2 Project Items: Add Item, the table (a card per item on phones), and the empty state. */
export function ProjectItems({
  items,
  here,
  canWrite,
  canReset,
  serverNow,
}: {
  items: ItemRow[];
  here: string;
  canWrite: boolean;
  /** Reset Timer is offered only to those who may reset (the project keys). */
  canReset: boolean;
  serverNow: number;
}) {
  const { t } = useLingui();
  // The table's words, once per render, not once per row.
  const timerWords = useTimerWords();
  const labels = {
    files: t`Files`,
    name: t`Item Name`,
    category: t`Product Category`,
    department: t`Current Department`,
    material: t`Material Type`,
    timer: t`Timer Status`,
    time: t`Total Time`,
    reset: t`Reset`,
  };
  const add = canWrite ? (
    <Link to={`${here}?dialog=add-item`} preventScrollReset className={btn.primary}>
      <Icon name="plus" />
      {items.length ? t`Add Item` : t`Add First Item`}
    </Link>
  ) : null;
  return (
    <section className={`p-4 sm:p-5 ${cardClass}`} aria-labelledby="items-heading">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h2 id="items-heading" className="text-xl font-semibold text-ink">
            {t`Project Items`}
          </h2>
          <p className="text-sm text-ink-muted">{plural(items.length, { one: "# item", other: "# items" })}</p>
        </div>
        <div className="flex flex-wrap gap-2">
          {items.length ? (
            <Link to={`/items?project=${here.split("/").pop()}`} className={btn.secondary}>
              {t`All items list`}
            </Link>
          ) : null}
          {items.length ? add : null}
        </div>
      </div>
      {items.length === 0 ? (
        <div className="mt-4">
          <EmptyState icon="products" title={t`No items yet`} action={add}>
            {t`Add the signs, panels and parts this project makes; each gets a QR label for the floor.`}
          </EmptyState>
        </div>
      ) : (
        <table className="table-cards mt-4 w-full text-left text-base">
          <thead className="border-b border-line text-sm text-ink-muted">
            <tr>
              <th scope="col" className="py-2 pr-3">
                <span className="sr-only">{labels.files}</span>
              </th>
              <th scope="col" className="py-2 pr-3">
                {labels.name}
              </th>
              <th scope="col" className="py-2 pr-3">
                {labels.category}
              </th>
              <th scope="col" className="py-2 pr-3">
                {labels.department}
              </th>
              <th scope="col" className="py-2 pr-3">
                {labels.material}
              </th>
              <th scope="col" className="py-2 pr-3">
                {labels.timer}
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
                <td data-label={labels.files} className="py-3 pr-3">
                  <FileDot indicator={item.fileIndicator ?? (item.fileCount > 0 ? "match" : "none")} />
                </td>
                <td data-label={labels.name} className="py-3 pr-3 font-medium cell-text">
                  {/* One box for the name and its quantity: on a phone the cell is a label-and-value grid, where each
                      would take a grid cell of its own and the quantity would fall under the label. */}
                  <span>
                    {item.name}
                    {item.quantity > 1 ? <span className="ml-1 text-sm font-normal whitespace-nowrap text-ink-muted">× {item.quantity}</span> : null}
                  </span>
                </td>
                <td data-label={labels.category} className="py-3 pr-3 cell-text">
                  {item.category}
                </td>
                <td data-label={labels.department} className="py-3 pr-3 cell-text">
                  {item.departmentName}
                </td>
                <td data-label={labels.material} className="py-3 pr-3 cell-text">
                  {materialName(item.material)}
                </td>
                <td data-label={labels.timer} className="py-3 pr-3">
                  <TimerWordBadge state={timerState(item.isTimerActive, item.finished)} words={timerWords} />
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
                  edit={canWrite ? `${here}?dialog=edit-item&item=${item.id}` : undefined}
                  remove={canWrite ? `${here}?dialog=delete-item&item=${item.id}` : undefined}
                >
                  <RowLink to={`${here}?dialog=qr&item=${item.id}`} keepScroll className={btn.small} aria-label={t`QR code of ${item.name}`}>
                    <Icon name="qr" />
                    QR
                  </RowLink>
                  {canReset ? (
                    <RowLink to={`${here}?dialog=reset-timer&item=${item.id}`} keepScroll className={btn.small} aria-label={t`Reset timer of ${item.name}`}>
                      <Icon name="clock" />
                      {labels.reset}
                    </RowLink>
                  ) : null}
                </RowActions>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** docs/product.md §5 Item form: name, category, material required; quantity at least 1 (non-numbers fall back to 1). */
export function ItemForm({
  item,
  categories,
  materials,
  here,
  lastResult,
  who,
  self,
}: {
  item?: ItemRow;
  categories: string[];
  materials: string[];
  here: string;
  lastResult: Result;
  /** Who may add a missing product or material: the hint under those fields. */
  who: WhoCanAdd;
  /** This dialog's own address (default: the project page's add-item / edit-item dialog). */
  self?: string;
}) {
  const { t } = useLingui();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  // Drawn from, and checked against, the item as the dialog opened: a live reload does not move either.
  const opened = useOpenedValues(item && { name: item.name, category: item.category, material: item.material, quantity: item.quantity }, lastResult);
  // Back from 'Add a material' / 'Add a product': what was typed, with the new entry selected (domain/add-entry.ts).
  const [params] = useSearchParams();
  const typed = typedValues(params);
  const [form, fields] = useForm<z.output<typeof ItemFormSchema>>({
    id: `item-${item?.id ?? "new"}`,
    lastResult,
    defaultValue: {
      name: typed.name ?? opened?.name ?? "",
      category: typed.category ?? opened?.category ?? "",
      material: typed.material ?? opened?.material ?? "",
      quantity: typed.quantity ?? String(opened?.quantity ?? 1),
    },
    constraint: getZodConstraint(ItemFormSchema),
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    // 'Add a …' sends the half-filled form on to Settings: nothing to check.
    onValidate: ({ formData }) =>
      formData.has(ADD_ENTRY_FIELD) ? (parseWithZod(formData, { schema: AddEntryPostSchema }) as unknown as ItemSubmission) : validateItem(formData),
  });
  // A stored name that is no longer offered (renamed or deleted since) stays selectable, so saving keeps it.
  const categoryOptions = withChoice(withChoice(categories, opened?.category), typed.category);
  const materialOptions = withChoice(withChoice(materials, opened?.material), typed.material);
  // Where 'Add a material' brings a manager back to.
  const dialogUrl = self ?? `${here}?dialog=${item ? `edit-item&item=${item.id}` : "add-item"}`;
  return (
    <Form method="post" action={here} className="space-y-4" {...getFormProps(form)}>
      <input type="hidden" name="intent" value={item ? "update-item" : "create-item"} />
      <input type="hidden" name={ADD_ENTRY_RETURN_FIELD} value={dialogUrl} />
      {item ? <input type="hidden" name="itemId" value={item.id} /> : null}
      <OpenedValuesField values={opened} />
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField field={fields.name} label={t`Item name`} />
      <div>
        <Label htmlFor={fields.category.id}>{t`Product category`}</Label>
        <select className={inputClass} {...getSelectProps(fields.category)}>
          <option value="">{t`Choose a category`}</option>
          {categoryOptions.map((c) => (
            <option key={c} value={c}>
              {c}
            </option>
          ))}
        </select>
        <FieldError id={fields.category.errorId} errors={fields.category.errors} />
        <AddEntryHint kind="product" who={who} empty={categories.length === 0} returnTo={dialogUrl} carry />
      </div>
      <div className="grid gap-4 sm:grid-cols-[1fr_8rem]">
        <div>
          <Label htmlFor={fields.material.id}>{t`Material`}</Label>
          <select className={inputClass} {...getSelectProps(fields.material)}>
            <option value="">{t`Choose a material`}</option>
            {materialOptions.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
          <FieldError id={fields.material.errorId} errors={fields.material.errors} />
          <AddEntryHint kind="material" who={who} empty={materials.length === 0} returnTo={dialogUrl} carry />
        </div>
        <div>
          <Label htmlFor={fields.quantity.id}>{t`Quantity`}</Label>
          <input className={inputClass} inputMode="numeric" {...getInputProps(fields.quantity, { type: "number" })} min={1} step={1} />
          <FieldError id={fields.quantity.errorId} errors={fields.quantity.errors} />
        </div>
      </div>
      <div className="flex flex-wrap justify-end gap-3 border-t border-line pt-4">
        <CancelLink to={here} />
        <button type="submit" className={btn.primary} disabled={busy}>
          {busy ? t`Saving...` : item ? t`Update Item` : t`Create Item`}
        </button>
      </div>
    </Form>
  );
}

const validateItem = (formData: FormData) => parseWithZod(formData, { schema: ItemFormSchema });
type ItemSubmission = ReturnType<typeof validateItem>;

/** A value shown in a select stays selectable when the list does not hold it (renamed or deleted since, or just added). */
const withChoice = (list: string[], value: string | undefined) => (value && !list.includes(value) ? [value, ...list] : list);

export function DeleteItemForm({ item, here, errors }: { item: ItemRow; here: string; errors?: string[] }) {
  const { t } = useLingui();
  return (
    <Form method="post" action={here} className="space-y-4">
      <input type="hidden" name="intent" value="delete-item" />
      <input type="hidden" name="itemId" value={item.id} />
      <p className="text-base text-ink wrap-anywhere">
        {t`Are you sure you want to delete "${item.name}"? Its timer history goes with it. This action cannot be undone.`}
      </p>
      {errors?.length ? <FormAlert className="text-sm font-medium text-danger-800">{errors.join(" ")}</FormAlert> : null}
      <DeleteConfirmActions cancelTo={here} />
    </Form>
  );
}
